"""What the 42-cluster player to move knows: the position, its chips drawn and bag, and of the
opponent's chips those off the board and how many it discarded by rotating (not which)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cluster42.rules import EMPTY, pick

if TYPE_CHECKING:
    import random

    from cluster42.board import Board
    from cluster42.game import Game


class Situation:
    """What the player to move knows: the position, its chips drawn and bag, and the opponent's
    chips off the board (in its bag or discarded) with how many it discarded."""

    __slots__ = ("board", "n", "per_player", "cells", "gravity", "player", "drawn", "own", "other_pool",
                 "other_discarded")

    def __init__(self, board: Board, n: int, per_player: int, cells: list[int], gravity: int, player: int,
                 drawn: tuple[int, ...], own: list[int], other_pool: list[int], other_discarded: int) -> None:
        self.board = board
        self.n = n
        self.per_player = per_player
        self.cells = cells
        self.gravity = gravity
        self.player = player
        self.drawn = drawn
        self.own = own
        self.other_pool = other_pool
        self.other_discarded = other_discarded

    @staticmethod
    def of(game: Game) -> Situation:
        """The situation of the player to move in a running game: what the game shows it."""
        player = game.player_to_move
        other = 1 - player
        k = game.per_player
        pool = [game.chips_per_colour] * k
        for value in game.cells:
            if value != EMPTY and value // k == other:
                pool[value - other * k] -= 1
        discarded = sum(2 for turn in game.history if turn.move.is_rotation and turn.side == "12"[other])
        own = [game.bag(player)[player * k + j] for j in range(k)]
        return Situation(game.board, game.n, k, game.cells, game.gravity, player, game.draw, own, pool, discarded)

    def sampled_bags(self, rng: random.Random) -> list[list[int]]:
        """Both bags by colour as they may be: the opponent's discards drawn at random from its
        chips off the board."""
        other = list(self.other_pool)
        for _ in range(self.other_discarded):
            other[pick(other, rng.randrange(sum(other)))] -= 1
        return [list(self.own), other] if self.player == 0 else [other, list(self.own)]
