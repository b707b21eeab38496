"""Pack each game's engine files into ``build/worker/<game>.zip``, which the computer's worker
fetches when that game is first played.

Run by ``scripts/setup.sh`` (never committed: ``build/`` is ignored). A game's files are
those its engine (the module ``web.registry`` names) imports when it runs, directly or not
(``scripts.closure``), beyond what the worker's own script imports (``pyscript.toml``
gives the worker those), and the data in the game package's ``data/``, each under the path
it is imported from. The archive is the same bytes for the same files (fixed dates, sorted as
listed), so a test can check it is current.
"""

from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout, also run as a script
from scripts.closure import closure, file_of
from web.registry import GAMES, entry

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "worker"
EPOCH = (1980, 1, 1, 0, 0, 0)  # the earliest date a zip holds: the same archive whenever it is built


def archive_path(game: str) -> Path:
    """Where a game's archive goes: ``build/worker/<game>.zip`` (``web/ai_worker.py`` fetches it)."""
    return OUT / f"{game}.zip"


def targets(game: str) -> dict[str, str]:
    """Each file of ``game``'s archive and the path it is imported from (the same), in order."""
    engine = entry(game).engine.split(":")[0]
    data = ROOT / game / "data"
    files = closure(engine) | {file_of(engine)} | {p.relative_to(ROOT).as_posix() for p in data.rglob("*.json")}
    return {source: source for source in sorted(files - closure("web.ai_worker"))}


def archive(game: str) -> bytes:
    """A game's engine files as one zip."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as packed:
        for source, target in targets(game).items():
            info = zipfile.ZipInfo(target, EPOCH)
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
