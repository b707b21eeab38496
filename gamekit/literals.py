"""Tables a game computes once, kept as Python literals in a module its ``data/`` folder holds.

The page's MicroPython starts cold: loading a table as a literal (bytecode the setup
step compiled) takes a fraction of the time computing it does, so a game keeps
the tables its first board (or its picture) needs in modules of its ``data/`` folder
(``board_tables.py`` and the like), written by ``python -m <game>.data`` with
``literals_module`` (a test of each game checks the kept text is what its code
computes now).

>>> print(literals_module("Two tables.", [("SIZE", "int", 3), ("ROWS", "tuple[int, ...]", (1, 2))]), end="")
\"\"\"Two tables.\"\"\"
<BLANKLINE>
<BLANKLINE>
SIZE: int = 3
<BLANKLINE>
ROWS: tuple[int, ...] = (
    1, 2
)
"""

from __future__ import annotations

from collections.abc import Iterable
from pprint import pformat


def literals_module(doc: str, tables: Iterable[tuple[str, str, object]]) -> str:
    """The text of a module whose docstring is ``doc`` and that sets each (name, type, value)
    of ``tables``: a tuple or dict one row of items a line (a dict in its own order), anything
    else on one line."""
    text = ['"""' + doc + '"""', ""]
    for name, kind, value in tables:
        if isinstance(value, (tuple, dict)) and value:
            rows = pformat(value, width=112, compact=True, sort_dicts=False)[1:-1].split("\n")  # in order
            if isinstance(value, tuple) and len(value) == 1:
                rows[-1] += ","
            opening, closing = ("(", ")") if isinstance(value, tuple) else ("{", "}")
            text += ["", f"{name}: {kind} = {opening}"] + ["    " + row.removeprefix(" ") for row in rows] + [closing]
        else:
            text += ["", f"{name}: {kind} = {value!r}"]
    return "\n".join(text) + "\n"
