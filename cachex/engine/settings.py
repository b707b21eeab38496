"""The search's settings: one frozen value, checked once, and the computer's own.

``Settings()`` is the plain search (UCT with RAVE, tactics, bridge replies in
the playouts); ``PLAY`` is what the computer plays with, for the referee
agent and the page's worker alike. Why each of ``PLAY``'s values was chosen,
with the matches that decided it, is in ``docs/decisions.md``.

>>> PLAY.leaf_playouts, Settings().leaf_playouts
(2, 1)
>>> Settings.from_mapping({"prior_weight": 4.0, "book": 1.0}).prior_weight
4
>>> Settings(proof_share=1.5)
Traceback (most recent call last):
...
ValueError: proof_share is a share from 0 to below 1, not 1.5
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING

from cachex.geometry import MAX_SIZE

if TYPE_CHECKING:
    from collections.abc import Mapping


@dataclass(frozen=True)
class Settings:
    """How the search chooses, expands, evaluates and proves.

    - ``exploration``, ``rave_bias``: UCT's exploration constant and RAVE's bias;
    - ``tactics``: a win in one is played and, facing one, only the moves that
      stop it are searched (``cachex.engine.tactics``);
    - ``bridge_replies``, ``diamond_replies``: the playouts' informed reply
      (``cachex.engine.playout``): save an intruded bridge, or with
      ``diamond_replies`` any pair the last stone threatens;
    - ``prior_weight``, ``prior_after``, ``pattern_prior``: each move of a node
      visited ``prior_after`` times gets ``prior_weight`` virtual playouts won
      by its prior value: the learnt move features (``cachex.engine.patterns``)
      with ``pattern_prior``, else how near it lies to a shortest connection;
    - ``expand_after``: a move's node is added on its visit after this many;
    - ``leaf_playouts``: playouts that value a line leaving the tree;
    - ``book``: the opening book answers turns 0 and 1 (and 2 after a steal);
    - ``proof_share``, ``check_only``, ``proof_from``, ``solve_up_to``,
      ``solve_empties``: the proof search's part of a search (``cachex.engine.proof``).
    """

    exploration: float = 0.1
    rave_bias: float = 0.002
    tactics: bool = True
    bridge_replies: bool = True
    diamond_replies: bool = False
    prior_weight: int = 0
    prior_after: int = 10
    pattern_prior: bool = False
    expand_after: int = 0
    leaf_playouts: int = 1
    book: bool = False
    proof_share: float = 0.0
    check_only: bool = False
    proof_from: int = 0
    solve_up_to: int = 0
    solve_empties: int = 0

    def __post_init__(self) -> None:
        if self.leaf_playouts < 1:
            raise ValueError(f"leaf_playouts counts playouts from a leaf: at least 1, not {self.leaf_playouts}")
        if self.expand_after < 0:
            raise ValueError(f"expand_after counts earlier visits: at least 0, not {self.expand_after}")
        if self.prior_weight < 0 or self.prior_after < 0:
            raise ValueError("prior_weight and prior_after count playouts: at least 0, "
                             f"not {self.prior_weight} and {self.prior_after}")
        if not 0.0 <= self.proof_share < 1.0:
            raise ValueError(f"proof_share is a share from 0 to below 1, not {self.proof_share}")
        if not 0 <= self.proof_from <= MAX_SIZE:
            raise ValueError(f"proof_from is a board size up to {MAX_SIZE}, or 0 for every size, "
                             f"not {self.proof_from}")
        if not 0 <= self.solve_up_to <= MAX_SIZE:
            raise ValueError(f"solve_up_to is a board size up to {MAX_SIZE}, or 0 for none, "
                             f"not {self.solve_up_to}")
        if self.solve_empties < 0:
            raise ValueError(f"solve_empties counts empty cells: at least 0, not {self.solve_empties}")

    @classmethod
    def from_mapping(cls, values: Mapping[str, float | int | bool], base: Settings | None = None) -> Settings:
        """``base`` (the plain settings by default) with ``values`` set, each converted to
        its setting's type (a tuning tool's numbers: 1.0 for true); ``ValueError`` naming
        an unknown setting."""
        kinds = {f.name: f.type for f in fields(cls)}
        changes: dict[str, float | int | bool] = {}
        for name, value in values.items():
            kind = kinds.get(name)
            if kind is None:
                raise ValueError(f"unknown setting {name!r}: choose from {', '.join(kinds)}")
            if kind == "int":
                if value != int(value):
                    raise ValueError(f"setting {name}: {value} is not a whole number")
                changes[name] = int(value)
            else:
                changes[name] = bool(value) if kind == "bool" else float(value)
        return replace(base or cls(), **changes)  # type: ignore[arg-type]

    def changed(self, **values: float | int | bool) -> Settings:
        """These settings with ``values`` changed (checked like any others)."""
        return replace(self, **values)  # type: ignore[arg-type]


PLAY = Settings(book=True, diamond_replies=True, prior_weight=10, prior_after=0, expand_after=1,
                solve_up_to=4, pattern_prior=True, solve_empties=14, leaf_playouts=2,
                proof_share=0.1, check_only=True, proof_from=9)
