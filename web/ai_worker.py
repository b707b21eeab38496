"""The computer opponent's thread: a PyScript worker (Pyodide) running the MCTS.

The page asks for one slice of thinking at a time: a game record and a
budget of at most a fraction of a second. The search tree is kept between
calls, so the slices of one think (and the next move's think) add up; and
because the worker is free again after every slice, a think the page no
longer wants ends at once.
"""

from __future__ import annotations

import json

from cachex.game import Game
from cachex.mcts import MCTS, PLAY

# The computer: the settings it plays with (the referee agent's too), opening book
# included, which the analysis and graph trees leave out (they want every move's
# statistics, not a booked answer).
_search = MCTS(**PLAY)
# The analysis board's own tree (smaller), so that analysing never disturbs the
# tree the computer keeps for its next move.
_analysis = MCTS(max_slots=300_000)
# The game graph's tree: it evaluates a game's positions in order, so each
# search goes on from the last one's subtree.
_graph = MCTS(max_slots=100_000)


def _slice(search: MCTS, fragment: str, iterations: int, seconds: float) -> str:
    try:
        game = Game.from_fragment(str(fragment))
        result = search.search(game, iterations=max(1, int(iterations)), seconds=float(seconds))
    except ValueError as exc:
        return json.dumps({"error": str(exc)})
    answer = result.to_dict()
    answer["total"] = search.root.total if search.root is not None else 0
    return json.dumps(answer)


def think(fragment: str, iterations: int, seconds: float) -> str:
    """Search the position of ``fragment`` for at most ``iterations`` playouts and
    ``seconds``, going on from the kept tree; the result so far as JSON text."""
    return _slice(_search, fragment, iterations, seconds)


def analyse(fragment: str, seconds: float) -> str:
    """One slice of the analysis board's search of ``fragment`` (its own kept tree);
    the result so far as JSON text, with ``total``, the playouts behind it."""
    return _slice(_analysis, fragment, 1 << 30, seconds)


def evaluate(fragment: str, seconds: float) -> str:
    """Red's winning chance in the position of ``fragment`` after a short search
    (1 or 0 for a game Red has won or lost, 0.5 for a draw), as JSON text."""
    try:
        game = Game.from_fragment(str(fragment))
        if game.outcome is not None:
            winner = game.outcome.winner
            red = 0.5 if winner is None else 1.0 if winner == "red" else 0.0
        else:
            red = _graph.search(game, iterations=1 << 30, seconds=float(seconds)).chance_for("red")
    except ValueError as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"red": red})


__export__ = ["analyse", "evaluate", "think"]
