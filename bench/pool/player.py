"""The pool's referee agents: one ``AlphaBeta`` per game, over a class's ``style``."""

from __future__ import annotations

from bench.pool.engine import AlphaBeta, Style
from cachex.agent import RefereePlayer
from cachex.notation import Move


class PoolPlayer(RefereePlayer):
    """A sparring opponent with the referee's interface; subclasses set ``style``."""

    style: Style

    def __init__(self, player: str, n: int, seed: int | None = 0, time_limit: float | None = None,
                 depth: int | None = None) -> None:
        super().__init__(player, n, time_limit)
        self.engine = AlphaBeta(self.style, seed=seed)
        self.depth = depth

    def choose(self, seconds: float) -> Move:
        """The engine's move within ``seconds`` (or to ``depth`` plies, if one was given)."""
        if self.depth is not None:
            return self.engine.choose(self.game, depth=self.depth)
        return self.engine.choose(self.game, seconds=max(seconds, 0.01))
