import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from browser import browser, open_page, site_url, watch  # noqa: F401
