"""The code's shape: one owner per fact, no import circles, a web layer that asks."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scripts.closure import PACKAGES, graph, imports
from web.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
GAME_PACKAGES = tuple(game.name for game in GAMES)  # each game's package is named as the game


def test_no_module_imports_itself_back_through_others() -> None:
    edges = graph()
    state: dict[str, int] = {}  # 1 on the current path, 2 finished

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for dep in sorted(edges[name]):
            if state.get(dep) == 1:
                cycle = [*path[path.index(dep):], dep] if dep in path else [name, dep]
                pytest.fail("import circle: " + " -> ".join(cycle))
            if dep not in state:
                visit(dep, [*path, dep])
        state[name] = 2

    for name in sorted(edges):
        if name not in state:
            visit(name, [name])


def test_the_record_codec_depends_only_on_notation_and_geometry() -> None:
    # ... and on the leaf modules that name what a record holds.
    assert graph()["cachex.record"] <= {"cachex.notation", "cachex.geometry", "cachex.errors",
                                        "cachex.colours", "cachex.levels", "gamekit.value", "cachex.rules",
                                        "gamekit.inputs"}


def test_the_import_circle_check_finds_a_circle() -> None:
    own = {"a", "b"}
    circle = {"a": imports(ast.parse("def f():\n    import b\n"), own),
              "b": imports(ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                     "    from a import x\n"), own)}
    assert circle == {"a": {"b"}, "b": {"a"}}


def _uses_cachex(tree: ast.Module) -> bool:
    """Whether a module imports anything from the cachex package."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "cachex":
            return True
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "cachex" for a in node.names):
            return True
    return False


def attribute_users(attribute: str) -> set[str]:
    """The modules (Cachex's package, and the pages and benches that use it) that read
    ``something.attribute``; other games' code has tables of its own."""
    users = set()
    for path in [*(ROOT / "cachex").rglob("*.py"), *(ROOT / "web").rglob("*.py"),
                 *(ROOT / "bench").rglob("*.py")]:
        tree = ast.parse(path.read_text())
        if not _uses_cachex(tree) and path.parts[-2] != "cachex":
            continue
        if any(isinstance(n, ast.Attribute) and n.attr == attribute for n in ast.walk(tree)):
            users.add(path.relative_to(ROOT).as_posix())
    return users


@pytest.mark.parametrize(("attribute", "owners"), [
    # geometry makes each table; the centre ban, the steal (and where it puts the
    # stone), win checks and the sparring partner's distances read them.
    ("centre", {"cachex/geometry.py", "cachex/rules.py"}),
    ("mirror", {"cachex/geometry.py", "cachex/rules.py"}),
    ("edges", {"cachex/geometry.py", "cachex/rules.py", "cachex/engine/tactics.py", "cachex/engine/paths.py"}),
])
def test_each_rule_of_the_position_is_read_in_one_place(attribute: str, owners: set[str]) -> None:
    assert attribute_users(attribute) <= owners


WEB_DERIVATIONS = [
    ("turn_count ==", "a turn number tested for a rule (ask the Game)"),
    ("turn_count !=", "a turn number tested for a rule (ask the Game)"),
    ('"blue" if', "a colour flipped by hand (use cachex.colours)"),
    ('"red" if', "a colour flipped by hand (use cachex.colours)"),
    ("1 - ", "a winning chance turned round by hand (use the search's chances)"),
    ("1.0 - ", "a winning chance turned round by hand (use the search's chances)"),
    (".index(", "a cell index recovered by search (ask notation or geometry)"),
    (".mirror", "the steal's geometry worked out by the page (ask the Game)"),
]


def test_the_web_layer_asks_the_package_instead_of_working_out_rules() -> None:
    found = []
    for path in sorted((ROOT / "web").rglob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            for pattern, why in WEB_DERIVATIONS:
                if pattern in line:
                    found.append(f"{path.name}:{number}: {why}: {line.strip()}")
    assert found == []


def test_no_error_is_chosen_by_its_message_text() -> None:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            text = path.read_text()
            assert "in str(exc)" not in text and "str(exc).startswith" not in text, path.name


def test_no_game_imports_another_and_gamekit_imports_no_game() -> None:
    edges = graph()
    for name, deps in sorted(edges.items()):
        top = name.split(".")[0]
        others = {d for d in deps if d.split(".")[0] in GAME_PACKAGES and d.split(".")[0] != top}
        if top in GAME_PACKAGES or top == "gamekit":
            assert others == set(), f"{name} imports {sorted(others)}"
            assert not any(d.split(".")[0] == "web" for d in deps), f"{name} imports the page"
        elif name.startswith("web.") and name.count(".") >= 2 and name.split(".")[1] in GAME_PACKAGES:
            own = name.split(".")[1]  # a game's page folder: its own package and the shell
            assert {d.split(".")[0] for d in deps if d.split(".")[0] in GAME_PACKAGES} <= {own}, name
            assert not any(d.startswith("web.") and d.split(".")[1] in set(GAME_PACKAGES) - {own}
                           for d in deps), name


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_every_game_package_has_the_same_layers(package: str) -> None:
    """The core at the package's top imports only the core, its generated tables in ``data/``
    (which import nothing; their writer, ``data/__main__``, aside) and gamekit's shared values;
    the search in ``engine/`` imports the core, itself and gamekit; none imports the page."""
    edges = graph()
    shared = {"gamekit", "gamekit.value", "gamekit.protocol", "gamekit.levels", "gamekit.cli", "gamekit.moves",
              "gamekit.records", "gamekit.inputs", "gamekit.played", "gamekit.sizes"}
    adapters = {f"{package}.agent", f"{package}.__main__"}
    engine = {n for n in edges if n == package + ".engine" or n.startswith(package + ".engine.")}
    data = {n for n in edges if n == package + ".data" or n.startswith(package + ".data.")}
    data -= {package + ".data.__main__"}
    core = ({n for n in edges if n == package or (n.startswith(package + ".") and n.count(".") == 1)}
            - adapters - engine - data)
    assert engine, f"{package} has its search in {package}/engine/"
    for name in sorted(core):
        beyond = sorted(edges[name] - core - data - shared)
        assert beyond == [], f"{name} reaches past the core: {beyond}"
    for name in sorted(data):
        assert edges[name] == set(), f"{name} imports {sorted(edges[name])}"
    gamekit = {n for n in edges if n.startswith("gamekit")}
    for name in sorted(engine):
        assert edges[name] <= core | engine | gamekit, f"{name} imports {sorted(edges[name] - core - engine)}"


# What several games share and the page's main thread runs (``gamekit.mcts`` is the engines').
SHARED = {"gamekit", "gamekit.value", "gamekit.protocol", "gamekit.levels", "gamekit.moves", "gamekit.records",
          "gamekit.played", "gamekit.sizes", "gamekit.inputs"}
CORE = {name for name in graph() if name.startswith("cachex.") and name.count(".") == 1
        and name not in ("cachex.agent", "cachex.__main__")} | {"cachex"} | SHARED
ADAPTERS = {"cachex.agent", "cachex.__main__"}


def test_the_core_imports_neither_the_engine_nor_the_adapters() -> None:
    edges = graph()
    for name in sorted(CORE):
        assert edges[name] <= CORE, f"{name} reaches past the core: {sorted(edges[name] - CORE)}"


def test_the_engine_imports_the_core_itself_and_gamekit_but_no_adapter_or_page() -> None:
    edges = graph()
    engine = {name for name in edges if name.startswith("cachex.engine")}
    gamekit = {name for name in edges if name.startswith("gamekit")}
    assert engine, "the engine package is there"
    for name in sorted(engine):
        assert edges[name] <= CORE | engine | gamekit, f"{name} imports {sorted(edges[name] - CORE - engine)}"


def test_no_package_module_imports_the_browser() -> None:
    for path in sorted(p for package in (*GAME_PACKAGES, "gamekit") for p in (ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.split(".")[0] in ("js", "pyscript", "pyodide") for n in names), path.name


def test_the_main_thread_loads_exactly_the_core_of_the_package() -> None:
    from scripts.build_mpy import targets

    listed = set(targets("cachex"))
    core = {p.relative_to(ROOT).as_posix() for p in (ROOT / "cachex").glob("*.py")} - {
        "cachex/agent.py", "cachex/__main__.py"}
    assert {f for f in listed if f.startswith("cachex/")} == core
    shared = {f for f in listed if f.startswith("gamekit/")}
    assert shared == {"gamekit/__init__.py", "gamekit/inputs.py", "gamekit/levels.py", "gamekit/moves.py",
                      "gamekit/protocol.py", "gamekit/value.py"}
    # the bytes the board waits for (they come as bytecode, in the game's one bundle)
    assert sum((ROOT / f).stat().st_size for f in core | shared) <= 81_000


def _sizes() -> list[tuple[str, str, int]]:
    """Every module, class and function of the shipped code with its length in lines."""
    found = []
    for path in sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py")):
        text = path.read_text()
        name = path.relative_to(ROOT).as_posix()
        found.append(("module", name, len(text.splitlines())))
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef):
                found.append(("class", f"{name}:{node.name}", node.end_lineno - node.lineno + 1))  # type: ignore[operator]
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                found.append(("function", f"{name}:{node.name}", node.end_lineno - node.lineno + 1))  # type: ignore[operator]
    return found


# The one function allowed to be long: the playout's hot loop, kept whole for speed
# (its docstring says why).
HOT_LOOP = "cachex/engine/playout.py:_random_finish"
LONGEST = {"module": 500, "class": 300, "function": 80}


def test_no_module_class_or_function_of_the_shipped_code_is_too_long() -> None:
    too_long = [f"{kind} {name}: {lines} lines" for kind, name, lines in _sizes()
                if lines > LONGEST[kind] and name != HOT_LOOP]
    assert too_long == []
    assert "one hot loop" in (ROOT / "cachex" / "engine" / "playout.py").read_text()


def test_the_board_paint_has_one_source() -> None:
    import json

    from cachex.colours import PALETTE

    for path in [*(ROOT / "cachex").rglob("*.py"), *(ROOT / "web").rglob("*.*"), ROOT / "index.html"]:
        if path.name == "colours.py" or path.suffix not in (".py", ".css", ".js", ".html"):
            continue
        text = path.read_text().lower()
        for name, value in PALETTE.items():
            if path.name == "index.html" and name == "red":
                continue  # the theme-color meta, checked below
            assert value.lower() not in text or value == "#fff", f"{path.name} repeats {name} {value}"
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text())
    assert (manifest["theme_color"], manifest["background_color"]) == (PALETTE["red"], PALETTE["paper"])
    assert f'<meta name="theme-color" content="{PALETTE["red"]}">' in (ROOT / "index.html").read_text()


def test_the_published_site_holds_everything_the_page_fetches() -> None:
    from scripts.site_files import site_files

    workflow = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    assert "cp -r $(python3 scripts/site_files.py) _site/" in workflow
    copied = set(site_files())
    needed = {"index.html", "pyscript.toml", "sw.js", "manifest.webmanifest", ".nojekyll", "vendor",
              "build", "web"}  # the page (and its config), the worker's config, the runtimes, the bundles, its script
    import tomllib

    for source in tomllib.loads((ROOT / "pyscript.toml").read_text())["files"]:  # the worker's files
        needed.add(source.removeprefix("./").split("/")[0])
    assert needed <= copied, sorted(needed - copied)


def test_the_projects_names_are_the_sites_and_it_installs_every_package() -> None:
    import json
    import tomllib

    from web.registry import SITE

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["name"] == SITE.lower()
    assert all(game.title in project["project"]["description"] for game in GAMES)
    found = sorted(p.parent.relative_to(ROOT).as_posix().replace("/", ".")
                   for package in (*GAME_PACKAGES, "gamekit") for p in (ROOT / package).rglob("__init__.py"))
    assert sorted(project["tool"]["setuptools"]["packages"]) == found
    for name in ("package.json", "package-lock.json"):
        assert json.loads((ROOT / name).read_text())["name"] == f"{SITE.lower()}-site"
