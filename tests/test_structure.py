"""The code's shape: one owner per fact, no import circles, a web layer that asks."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("cachex", "web")


def module_name(path: Path) -> str:
    name = path.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".")
    return name.removesuffix(".__init__")


def sources() -> dict[str, ast.Module]:
    return {module_name(p): ast.parse(p.read_text(), str(p))
            for package in PACKAGES for p in sorted((ROOT / package).glob("*.py"))}


def imports(tree: ast.Module, own: set[str]) -> set[str]:
    """Every project module ``tree`` imports anywhere: top level, in functions, type-only."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            # "from cachex import record" depends on cachex.record, not on the package.
            names = [f"{node.module}.{alias.name}" if f"{node.module}.{alias.name}" in own
                     else node.module for alias in node.names]
        else:
            continue
        found.update(name for name in names if name in own)
    return found


def graph() -> dict[str, set[str]]:
    trees = sources()
    own = set(trees)
    return {name: imports(tree, own) - {name} for name, tree in trees.items()}


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
                                        "cachex.colours", "cachex.levels", "cachex.value"}


def test_the_import_circle_check_finds_a_circle() -> None:
    own = {"a", "b"}
    circle = {"a": imports(ast.parse("def f():\n    import b\n"), own),
              "b": imports(ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                     "    from a import x\n"), own)}
    assert circle == {"a": {"b"}, "b": {"a"}}


def attribute_users(attribute: str) -> set[str]:
    """The modules (package and benches) that read ``something.attribute``."""
    users = set()
    for path in [*(ROOT / "cachex").glob("*.py"), *(ROOT / "web").glob("*.py"),
                 *(ROOT / "bench").rglob("*.py")]:
        tree = ast.parse(path.read_text())
        if any(isinstance(n, ast.Attribute) and n.attr == attribute for n in ast.walk(tree)):
            users.add(path.relative_to(ROOT).as_posix())
    return users


@pytest.mark.parametrize(("attribute", "owners"), [
    # geometry makes each table; the centre ban, the steal (and where it puts the
    # stone), win checks and the sparring partner's distances read them.
    ("centre", {"cachex/geometry.py", "cachex/rules.py"}),
    ("mirror", {"cachex/geometry.py", "cachex/rules.py", "cachex/game.py"}),
    ("edges", {"cachex/geometry.py", "cachex/rules.py", "cachex/paths.py"}),
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
    for path in sorted((ROOT / "web").glob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            for pattern, why in WEB_DERIVATIONS:
                if pattern in line:
                    found.append(f"{path.name}:{number}: {why}: {line.strip()}")
    assert found == []


def test_no_error_is_chosen_by_its_message_text() -> None:
    for path in sorted((ROOT / "cachex").glob("*.py")):
        assert "in str(exc)" not in path.read_text(), path.name
