"""Pack each game's engine files into ``build/worker/<game>.zip``, which the computer's worker
fetches when that game is first played.

Run by ``scripts/setup.sh`` (never committed: ``build/`` is ignored). The files are those
``web/<game>/worker.toml`` lists for each game of ``web.registry``, each under the path it is
imported from. The archive is the same bytes for the same files (fixed dates, sorted as
listed), so a test can check it is current.
"""

from __future__ import annotations

import io
import sys
import tomllib
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout, also run as a script
from web.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "worker"
EPOCH = (1980, 1, 1, 0, 0, 0)  # the earliest date a zip holds: the same archive whenever it is built


def config_of(game: str) -> str:
    """The config listing a game's engine files: ``web/<game>/worker.toml``."""
    return f"web/{game}/worker.toml"


def archive_path(game: str) -> Path:
    """Where a game's archive goes: ``build/worker/<game>.zip`` (``web/ai_worker.py`` fetches it)."""
    return OUT / f"{game}.zip"


def targets(game: str) -> dict[str, str]:
    """Each listed source and the path it is imported from."""
    return dict(tomllib.loads((ROOT / config_of(game)).read_text())["files"])


def archive(game: str) -> bytes:
    """A game's engine files as one zip."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as packed:
        for source, target in targets(game).items():
            info = zipfile.ZipInfo(target.removeprefix("./"), EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            packed.writestr(info, (ROOT / source).read_bytes())
    return buffer.getvalue()


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for game in GAMES:
        archive_path(game.name).write_bytes(archive(game.name))
    print(f"[setup] the worker's engines: one archive per game in build/worker/ ({len(GAMES)})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
