"""Which of the project's files a module needs: its imports, read from the sources, and theirs.

The setup step builds each game's bundle for the page's main thread
(``scripts/build_mpy.py``) and archive for the worker (``scripts/build_worker.py``)
from what the modules the registry names import when they run; the structure
tests read the same graph (``graph``), type-only imports included.

>>> files = closure("web.shell.game_session")
>>> "gamekit/value.py" in files, "gamekit/contract.py" in files  # the second for type checkers only
(True, False)
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from web.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = (*(game.name for game in GAMES), "gamekit", "web")  # each game's package is named as the game


def module_name(path: Path) -> str:
    """The dotted name a project file is imported by (``gamekit/__init__.py`` -> ``gamekit``)."""
    return path.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".").removesuffix(".__init__")


@functools.cache
def sources() -> dict[str, ast.Module]:
    """Every project module's parsed source, by name (the page's stand-ins for MicroPython aside)."""
    return {module_name(p): ast.parse(p.read_text(), str(p))
            for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))
            if "micropython" not in p.parts}


def imports(tree: ast.Module, own: set[str], run_time: bool = False) -> set[str]:
    """Every project module ``tree`` imports anywhere: top level, in functions, type-only (with
    ``run_time``, not those under ``if TYPE_CHECKING:``, which no interpreter runs)."""
    found: set[str] = set()
    guarded = {id(inner) for node in ast.walk(tree)
               if run_time and isinstance(node, ast.If) and isinstance(node.test, ast.Name)
               and node.test.id == "TYPE_CHECKING" for inner in node.body}
    for node in ast.walk(tree):
        if id(node) in guarded:
            continue
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            # "from gamekit import value" depends on gamekit.value, not on the package.
            names = [f"{node.module}.{alias.name}" if f"{node.module}.{alias.name}" in own
                     else node.module for alias in node.names]
        else:
            continue
        found.update(name for name in names if name in own)
    return found


@functools.cache
def graph(run_time: bool = False) -> dict[str, frozenset[str]]:
    """Each project module's imports of project modules (``imports``)."""
    trees = sources()
    own = set(trees)
    return {name: frozenset(imports(tree, own, run_time) - {name}) for name, tree in trees.items()}


def file_of(name: str) -> str:
    """A module's file (``web.shell.page`` -> ``web/shell/page.py``; a package's ``__init__.py``)."""
    path = name.replace(".", "/")
    return path + "/__init__.py" if (ROOT / path / "__init__.py").exists() else path + ".py"


def closure(module: str) -> set[str]:
    """The project files ``module`` imports when it runs, directly or not, with the package
    ``__init__`` files each import runs first (not ``module``'s own file)."""
    edges = graph(run_time=True)
    seen: set[str] = set()
    stack = [module]
    while stack:
        name = stack.pop()
        for dep in edges[name]:
            parts = dep.split(".")
            for k in range(1, len(parts) + 1):  # importing a.b runs a/__init__ first
                step = ".".join(parts[:k])
                if step in edges and step not in seen:
                    seen.add(step)
                    stack.append(step)
    return {file_of(name) for name in seen}
