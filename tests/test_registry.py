"""The registry of games and what is derived from it: routing, bundles, the worker's files,
the published site, and each game meeting the game contract."""

from __future__ import annotations

import ast
import random
import tomllib
from pathlib import Path
from typing import Any

import pytest

from gamekit import contract
from scripts.closure import closure
from scripts.site_files import page_config
from web.registry import GAMES, OFFERS, GameEntry, entry, game_of, load

ROOT = Path(__file__).resolve().parent.parent
# The MicroPython stand-ins every game's bundle carries (imported as __future__ and typing).
STAND_INS = {"web/micropython/__future__.py", "web/micropython/typing.py"}
# What PyScript's config (index.html) gives the main thread before its script: the registry, which
# imports nothing.
SHELL_FIRST = {"web/__init__.py", "web/registry.py"}

by_game = pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])


def import_closure(entry_module: str) -> set[str]:
    """The project files a module imports when it runs, directly or not (``scripts.closure``)."""
    return closure(entry_module)


def listed_files(config: str) -> set[str]:
    """The files a config lists under [files] (their sources)."""
    return {Path(k).as_posix().removeprefix("./") for k in tomllib.loads((ROOT / config).read_text())["files"]}


def module_file(spec: str) -> str:
    """The file of a registry spec's module (``"web.cachex.page:Page"`` -> ``web/cachex/page.py``)."""
    return spec.split(":")[0].replace(".", "/") + ".py"


# --- routing -------------------------------------------------------------------------------


@by_game
def test_each_games_records_and_bare_name_route_to_it(game: GameEntry) -> None:
    assert game_of(game.example) is game and game_of("#" + game.example.upper()) is game
    assert game_of(game.name) is game and entry(game.name) is game
    for prefix in game.prefixes:
        assert game_of(prefix + "9") is game


def test_a_fragment_no_game_reads_routes_nowhere_and_an_unknown_name_is_refused() -> None:
    assert game_of("") is None and game_of("#") is None and game_of("chess.8.e4") is None
    with pytest.raises(ValueError, match="no game 'chess'"):
        entry("chess")


def test_the_games_names_prefixes_and_titles_are_unique() -> None:
    prefixes = [p for g in GAMES for p in g.prefixes]
    assert len({g.name for g in GAMES}) == len(GAMES) == len({g.title for g in GAMES})
    assert len(set(prefixes)) == len(prefixes)
    assert not any(a.startswith(b) for a in prefixes for b in prefixes if a != b)


def test_what_a_search_counted_reads_as_a_sentence_in_the_games_own_word() -> None:
    chase, cachex = entry("chase"), entry("cachex")
    assert chase.counted(1) == "1 position" and chase.counted(2048) == "2,048 positions"
    assert cachex.counted(1) == "1 playout" and cachex.counted(0) == "0 playouts"


@by_game
def test_each_entry_agrees_with_its_package(game: GameEntry) -> None:
    levels = load(f"{game.name}.levels:LEVEL_NAMES")
    assert tuple(levels) == game.levels and load(f"{game.name}.levels:DEFAULT_LEVEL") == game.default_level
    cls = load(f"{game.name}:Game")
    assert game.default_size in game.sizes and list(game.sizes) == list(range(game.sizes[0], game.sizes[-1] + 1))
    for size in (game.sizes[0] - 1, game.sizes[-1] + 1):
        with pytest.raises(ValueError):
            cls(size)
    fresh = cls(game.default_size)
    assert fresh.size == game.default_size and fresh.to_move == game.sides[0].code
    assert {s.code for s in game.sides} == {game.sides[0].code, game.sides[1].code}
    assert set(game.offers) <= set(OFFERS)
    assert cls.from_fragment(game.example).to_fragment() == game.example


def test_the_registry_imports_nothing_at_run_time() -> None:
    tree = ast.parse((ROOT / "web" / "registry.py").read_text())
    runtime = [node for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom)]
    assert runtime == []  # its one import sits under TYPE_CHECKING, for type checkers


def test_no_shipped_file_outside_the_registry_and_the_games_folders_names_a_game() -> None:
    names = [g.name for g in GAMES] + [g.title for g in GAMES]
    own = {g.name for g in GAMES}
    shipped = [ROOT / "index.html", ROOT / "sw.js", ROOT / "manifest.webmanifest",
               *(p for p in (ROOT / "web").rglob("*") if p.is_file()), *(ROOT / "gamekit").rglob("*.py"),
               *(ROOT / "scripts").rglob("*"), ROOT / ".github" / "workflows" / "pages.yml"]
    found = []
    for path in shipped:
        rel = path.relative_to(ROOT)
        if rel.as_posix() == "web/registry.py" or (len(rel.parts) > 2 and rel.parts[:2] in
                                                   {("web", name) for name in own}):
            continue
        if path.suffix not in (".py", ".html", ".js", ".css", ".toml", ".webmanifest", ".yml", ".sh", ".mjs"):
            continue
        text = path.read_text().lower()
        found += [f"{rel}: {name}" for name in names if name.lower() in text]
    assert found == []


@by_game
def test_each_games_board_is_the_shells_board_of_targets(game: GameEntry) -> None:
    page_classes = {}
    for path in (ROOT / "web" / game.name).glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                page_classes[node.name] = [ast.unparse(base) for base in node.bases]
    boards = [name for name, bases in page_classes.items() if "TargetBoard" in bases]
    assert len(boards) == 1, page_classes  # one view, built on web.shell.targets


# --- the page's files ----------------------------------------------------------------------


def test_the_main_thread_is_given_only_the_registry_before_its_script() -> None:
    settings = page_config()
    assert {source.removeprefix("./") for source in settings["files"]} == SHELL_FIRST
    assert settings["interpreter"] == "./vendor/micropython/micropython.mjs"
    assert import_closure("web.shell.main") <= SHELL_FIRST  # the rest comes in the game's bundle
    from web.shell.main import GAME_KEY as READ_FIRST

    assert f'GAME_KEY = "{READ_FIRST}"' in (ROOT / "web" / "shell" / "dom.py").read_text()  # the one pages keep


@by_game
def test_each_games_bundle_holds_its_page_and_the_stand_ins_but_not_the_registry(game: GameEntry) -> None:
    from scripts.build_mpy import targets

    files = targets(game.name)
    assert module_file(game.page) in files and set(files) >= STAND_INS
    assert "web/registry.py" not in files and "gamekit/contract.py" not in files  # given first; types only
    assert all((ROOT / source).exists() for source in files)


@by_game
def test_no_game_loads_another_games_files(game: GameEntry) -> None:
    from scripts.build_mpy import targets
    from scripts.build_worker import targets as engine_targets

    others = {g.name for g in GAMES} - {game.name}
    listed = set(targets(game.name)) | set(engine_targets(game.name))
    assert {f for f in listed if f.split("/")[0] in others or f.split("/")[:2] in [["web", o] for o in others]} \
        == set()


@by_game
def test_each_games_bundle_holds_the_current_bytecode_of_exactly_its_files(game: GameEntry) -> None:
    from scripts.build_mpy import bundle, bundle_path, bytecode_path, targets
    from web.shell.main import unpack

    built = bundle_path(game.name).read_bytes()
    assert built == bundle(game.name)
    files = targets(game.name)
    assert [name for name, _ in unpack(built)] == [t[:-3] + ".mpy" for t in files.values()]
    for source in files:  # compiled since the source last changed (the setup step does it)
        assert bytecode_path(source).stat().st_mtime >= (ROOT / source).stat().st_mtime, source


def test_a_bundle_with_bytes_beyond_its_files_or_without_its_head_is_refused() -> None:
    from web.shell.main import unpack

    assert unpack(b'[["a.mpy", 2], ["b/c.mpy", 1]]\nxyz') == [("a.mpy", b"xy"), ("b/c.mpy", b"z")]
    with pytest.raises(ValueError, match="1 bytes more"):
        unpack(b'[["a.mpy", 2]]\nxyz')
    with pytest.raises(ValueError, match="starts with a line"):
        unpack(b"xyz")


def test_the_worker_config_lists_exactly_the_files_its_script_imports() -> None:
    settings = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert listed_files("pyscript.toml") == import_closure("web.ai_worker")
    for source, target in settings["files"].items():
        assert (ROOT / source).exists() and source == target
    assert settings["interpreter"] == "./web/pyodide_start.mjs"  # the vendored Pyodide, from its image


@by_game
def test_each_games_archive_holds_its_engine_and_data_but_not_what_the_worker_has(game: GameEntry) -> None:
    from scripts.build_worker import targets

    files = targets(game.name)
    assert module_file(game.engine) in files and "gamekit/protocol.py" not in files
    data = ROOT / game.name / "data"
    assert {p.relative_to(ROOT).as_posix() for p in data.rglob("*.json")} <= set(files)
    assert all((ROOT / source).exists() for source in files)


@by_game
def test_each_games_engine_archive_holds_the_current_files(game: GameEntry) -> None:
    import io
    import zipfile

    from scripts.build_worker import archive, archive_path, targets

    built = archive_path(game.name).read_bytes()
    assert built == archive(game.name)  # the setup step packed the files as they are now
    with zipfile.ZipFile(io.BytesIO(built)) as packed:
        assert packed.namelist() == list(targets(game.name).values())


@by_game
def test_the_worker_hands_each_games_requests_to_its_engine(game: GameEntry) -> None:
    from gamekit.protocol import Evaluate, EvaluateReply, decode, encode
    from web.ai_worker import handle

    reply = decode(handle(encode(Evaluate(game.example, 0.05))))
    assert isinstance(reply, EvaluateReply) and 0.0 <= reply.first <= 1.0


@by_game
def test_preparing_a_game_makes_its_engine_and_an_unknown_name_is_refused(game: GameEntry) -> None:
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from web.ai_worker import archive_url, prepare

    def run(name: str, base: str) -> str:  # in a thread of its own: a browser test's loop may run in this one
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, prepare(name, base)).result()

    assert run(game.name, "http://127.0.0.1:1/site/") == game.name  # installed: nothing fetched
    assert archive_url("http://127.0.0.1:1/site/", game.name) == f"http://127.0.0.1:1/site/build/worker/{game.name}.zip"
    with pytest.raises(ValueError, match="no game 'no-such-game'"):
        run("no-such-game", "http://127.0.0.1:1/")


# --- the game contract ---------------------------------------------------------------------


@by_game
def test_each_game_meets_the_game_contract_through_a_random_game(game: GameEntry) -> None:
    cls: contract.GameClass = load(f"{game.name}:Game")
    rng = random.Random(7)
    size = game.sizes[0]
    play: contract.Game = cls(size)
    assert isinstance(play, contract.Game)
    assert play.player_to_move == contract.FIRST and play.to_move == game.sides[0].code
    while play.outcome is None:
        mover = play.player_to_move
        assert play.to_move == game.sides[mover].code
        play.play(rng.choice(list(play.legal_moves())))
    outcome = play.outcome
    assert isinstance(outcome, contract.Outcome) and outcome.describe()
    assert outcome.winner is None or game.sides[outcome.winner_player or 0].code == outcome.winner
    assert list(play.legal_moves()) == []
    again = cls.from_fragment(play.to_fragment())
    assert again.to_fragment() == play.to_fragment() and again.outcome == outcome
    count = play.turn_count
    play.undo()
    assert play.turn_count == count - 1 and play.outcome is None


def _static_check() -> list[Any]:
    """The games' classes as the contract's ``GameClass``: mypy checks they fit."""
    import cachex
    import chase
    import cluster42
    import cubox

    classes: list[contract.GameClass] = [cachex.Game, cubox.Game, cluster42.Game, chase.Game]
    return classes


def test_the_games_classes_are_the_ones_the_static_check_covers() -> None:
    assert {c.__module__.split(".")[0] for c in _static_check()} == {g.name for g in GAMES}
