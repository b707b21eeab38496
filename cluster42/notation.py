"""42-cluster's moves and their texts: the referee protocol's words and a record's short form.

A move is ``drop POS V`` (drop chip ``V`` at line ``POS``) or ``rotate G`` (turn
gravity to direction ``G``), as bots write them; a record writes the same
moves as ``<POS>c<V>`` and ``r<G>``. Parsing checks the form only: whether a
``POS`` is on the board or ``V`` was drawn is the game's to judge.

>>> Move.parse("drop -2 3"), Move.parse(" ROTATE 4 ")
(Move.drop(-2, 3), Move.rotate(4))
>>> str(Move.drop(-2, 3)), Move.drop(-2, 3).token(), Move.parse("r4").token()
('drop -2 3', '-2c3', 'r4')
>>> Move.parse("drop 1")
Traceback (most recent call last):
...
cluster42.errors.InvalidMoveError: 'drop 1' is not a move: write 'drop POS V' (a line and a chip) or ...
"""

from __future__ import annotations

from cluster42.errors import InvalidMoveError
from gamekit.inputs import integer, is_whole, plain, shown
from gamekit.value import Value

DROP = "drop"
ROTATE = "rotate"
HELP = "write 'drop POS V' (a line and a chip) or 'rotate G' (a direction 0-5)"
LIMIT = 999  # the largest line, chip or direction a move's text may write (three digits)


def _integer(text: str) -> int | None:
    """The whole number ``text`` writes, of at most three digits, else ``None``."""
    return integer(text, 3)


class Move(Value):
    """A drop (``kind`` ``"drop"``, ``pos`` and ``chip``) or a rotation (``"rotate"``, the new
    ``gravity`` in ``pos``; ``chip`` is -1)."""

    __slots__ = ("kind", "pos", "chip")
    kind: str
    pos: int
    chip: int

    def __init__(self, kind: str, pos: int, chip: int = -1) -> None:
        if not (is_whole(pos, -LIMIT, LIMIT) and (is_whole(chip, 0, LIMIT) if kind == DROP
                                                   else kind == ROTATE and chip == -1 and type(chip) is int)):
            raise InvalidMoveError(f"Move({shown(kind)}, {shown(pos)}, {shown(chip)}) names no move: use "
                                   f"Move.drop(POS, V) or Move.rotate(G) with whole numbers (at most {LIMIT} "
                                   "across), or Move.parse")
        self._set("kind", kind)
        self._set("pos", pos)
        self._set("chip", chip)

    @staticmethod
    def drop(pos: int, chip: int) -> Move:
        return Move(DROP, pos, chip)

    @staticmethod
    def rotate(gravity: int) -> Move:
        return Move(ROTATE, gravity)

    @property
    def is_rotation(self) -> bool:
        return self.kind == ROTATE

    @property
    def gravity(self) -> int:
        """A rotation's new direction of gravity."""
        return self.pos

    def __repr__(self) -> str:
        if self.kind == ROTATE:
            return f"Move.rotate({self.pos})"
        return f"Move.drop({self.pos}, {self.chip})"

    def __str__(self) -> str:
        if self.kind == ROTATE:
            return f"rotate {self.pos}"
        return f"drop {self.pos} {self.chip}"

    def token(self) -> str:
        """The move as a record writes it: ``-2c3`` or ``r4``."""
        if self.kind == ROTATE:
            return f"r{self.pos}"
        return f"{self.pos}c{self.chip}"

    @staticmethod
    def parse(text: Move | str) -> Move:
        """The move a text names, in the protocol's words or a record's short form (any case,
        spaces around); a ``Move`` is returned as it is. ``InvalidMoveError`` otherwise."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move is text such as 'drop 1 2' or 'rotate 4', not {type(text).__name__}")
        given = plain(text, "move", InvalidMoveError)
        words = given.lower().split()
        if len(words) == 3 and words[0] == DROP:
            pos, chip = _integer(words[1]), _integer(words[2])
            if pos is not None and chip is not None:
                return Move.drop(pos, chip)
        elif len(words) == 2 and words[0] == ROTATE:
            gravity = _integer(words[1])
            if gravity is not None:
                return Move.rotate(gravity)
        elif len(words) == 1:
            word = words[0]
            if word.startswith("r"):
                gravity = _integer(word[1:])
                if gravity is not None:
                    return Move.rotate(gravity)
            elif "c" in word:
                pos_text, _, chip_text = word.partition("c")
                pos, chip = _integer(pos_text), _integer(chip_text)
                if pos is not None and chip is not None:
                    return Move.drop(pos, chip)
        raise InvalidMoveError(f"{shown(given)} is not a move: {HELP}")
