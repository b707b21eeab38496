"""What a search returns: the move, its winning chance, the visits and the best line."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from cachex.colours import Colour, opposite
from cachex.notation import Move

Verdict = Literal["win", "loss"]


@dataclass
class SearchResult:
    """What a search found: the move, its estimated winning chance and the visits.

    Every figure is from the point of view of ``colour``, the player to move
    in the searched position (who would play ``move``): ``win_chance`` is
    that player's chance and ``proven`` what the solver proved for that
    player. ``chance_for(colour)`` gives either side's chance. ``line`` is
    the best line the tree holds: ``move``, then the best reply to it, and so
    on, each the most visited move where the search has been. ``booked`` says
    the move came from the opening book: it is final, more search changes nothing.
    """

    move: Move
    colour: Colour
    win_chance: float
    visits: dict[str, int] = field(default_factory=dict)
    iterations: int = 0
    seconds: float = 0.0
    proven: Verdict | None = None
    line: list[str] = field(default_factory=list)
    booked: bool = False

    def chance_for(self, colour: str) -> float:
        """The estimated winning chance of ``colour`` ("red" or "blue")."""
        if colour == self.colour:
            return self.win_chance
        if colour == opposite(self.colour):
            return round(1.0 - self.win_chance, 4)
        raise ValueError(f"unknown colour {colour!r}: choose 'red' or 'blue'")
