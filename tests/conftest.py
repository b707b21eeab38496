import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent))  # for bench.site

from browser import browser, open_page, site_url, tab, watch  # noqa: F401
