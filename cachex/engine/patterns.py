"""Move features for the search's prior: what the moves of good players look like.

Every empty cell, seen by the player about to move there, gets one feature
from each of four groups:

- ``SHAPE``: its six neighbours (empty, mine, the opponent's, or off the
  board past my edge or past the opponent's), read in a frame where the
  mover joins bottom to top (Blue's board is transposed), and taken equal to
  its half-turn, which maps that frame onto itself;
- ``LINES``: how much longer than the shortest a connection through it is,
  for the mover and for the opponent (``cachex.engine.paths``; 0 to 4, or 5 when
  none passes), one feature per pair;
- ``CAPTURE``: whether a stone there captures, stops the opponent's
  capture, both, or neither;
- ``CONTACT``: its relation to the opponent's last stone: the free corner of
  a diamond that stone threatens (the save of a pair of mine), a neighbour
  of it, two steps from it, or none of these.

A cell's strength is the product of its features' weights (a generalised
Bradley-Terry model, as in Coulom 2007 and MoHex 2.0), learnt by ``python
-m bench.patterns`` from the kept games and stored in
``cachex/data/pattern_weights.json`` (``PATTERN_TABLE``, read once); a feature
never seen there weighs 1.
Heuristics only: nothing here prunes a move.

>>> from cachex.geometry import Geometry
>>> geo = Geometry.of(3)
>>> board = bytearray(9)
>>> board[4] = 1  # Red's b2, the centre
>>> feats = features(board, geo, 2, 4)  # Blue to move, Red's last stone on b2
>>> [len(f) for f in feats.values()] == [4] * 8
True
>>> [feats[c][GROUP_CONTACT] - CONTACT_OFFSET for c in (6, 0)] == [CONTACT_TOUCH, CONTACT_BRIDGE]
True
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from cachex.colours import EMPTY, opponent
from cachex.engine.paths import FAR, path_lengths
from cachex.geometry import NO_CELL, STEPS, Geometry

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

# What lies in one direction from a cell, by the mover's frame (see ``frames``).
IS_EMPTY, IS_MINE, IS_THEIRS, MY_EDGE, THEIR_EDGE = range(5)
SHAPES = 5 ** 6  # raw six-neighbour codes; half of them stand for the other half

# The groups, in the order of a candidate's feature tuple, and where each group's
# features start in one index space.
GROUP_SHAPE, GROUP_LINES, GROUP_CAPTURE, GROUP_CONTACT = range(4)
LINE_BANDS = 6  # 0..4 cells longer than the shortest connection, or 5: none passes
LINES_OFFSET = SHAPES
CAPTURE_OFFSET = LINES_OFFSET + LINE_BANDS * LINE_BANDS
CAPTURE_NONE, CAPTURE_TAKES, CAPTURE_STOPS, CAPTURE_BOTH = range(4)
CONTACT_OFFSET = CAPTURE_OFFSET + 4
CONTACT_NONE, CONTACT_TOUCH, CONTACT_BRIDGE, CONTACT_SAVE = range(4)
FEATURES = CONTACT_OFFSET + 4



def group_of(feature: int) -> int:
    """The group (``GROUP_SHAPE`` ... ``GROUP_CONTACT``) a feature index belongs to."""
    if not 0 <= feature < FEATURES:
        raise ValueError(f"a feature index is from 0 to {FEATURES - 1}, not {feature}")
    return (GROUP_SHAPE if feature < LINES_OFFSET else GROUP_LINES if feature < CAPTURE_OFFSET
            else GROUP_CAPTURE if feature < CONTACT_OFFSET else GROUP_CONTACT)


# A stone's state for the player to move, by its colour code (0 empty, 1 Red, 2 Blue)
# and the two markers past the edges that ``frames`` points to, per mover.
_STATES = ((), (IS_EMPTY, IS_MINE, IS_THEIRS, MY_EDGE, THEIR_EDGE),
           (IS_EMPTY, IS_THEIRS, IS_MINE, MY_EDGE, THEIR_EDGE))
# The same as ``bytes.translate`` tables, so that a whole board's states are one C call.
_STATE_BYTES = (b"", *(bytes(states) + bytes(256 - len(states)) for states in _STATES[1:]))

_FRAMES: dict[int, tuple[tuple[tuple[int, ...], ...], ...]] = {}
_CANONICAL: list[int] = []  # per raw shape code: the smaller of it and its half-turn
_CROWDED: list[bool] = []  # per raw shape code: two stones or more around


def frames(geo: Geometry) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per colour (index RED or BLUE), per cell: the six cells around it in that
    colour's frame, in step order, as indices into the board extended by two
    markers: ``geo.size`` past the colour's own edge, ``geo.size + 1`` past the
    opponent's. Red's frame is the board; Blue's is the board transposed, so
    that every player's edges are the bottom and top rows. Built once per size.
    """
    table = _FRAMES.get(geo.n)
    if table is None:
        n = geo.n
        mine, theirs = geo.size, geo.size + 1
        red: list[tuple[int, ...]] = []
        blue: list[tuple[int, ...]] = []
        for cell in range(geo.size):
            r, q = divmod(cell, n)
            for out, (fr, fq), turn in ((red, (r, q), False), (blue, (q, r), True)):
                around = []
                for k in range(6):
                    dr, dq = STEPS[k]
                    ar, aq = fr + dr, fq + dq
                    if not 0 <= ar < n:
                        around.append(mine)
                    elif not 0 <= aq < n:
                        around.append(theirs)
                    else:
                        around.append(aq * n + ar if turn else ar * n + aq)
                out.append(tuple(around))
        table = _FRAMES[n] = ((), tuple(red), tuple(blue))
    return table


def _shape_tables() -> tuple[list[int], list[bool]]:
    """Per raw shape code: its canonical code and whether two stones or more are around (built once)."""
    if not _CANONICAL:
        for code in range(SHAPES):
            digits = [(code // 5 ** k) % 5 for k in range(6)]
            turned = sum(digits[(k + 3) % 6] * 5 ** k for k in range(6))
            _CANONICAL.append(min(code, turned))
            _CROWDED.append(sum(d in (IS_MINE, IS_THEIRS) for d in digits) >= 2)
    return _CANONICAL, _CROWDED


def _states(board: bytes | bytearray, me: int) -> bytes:
    """Each cell's state for ``me`` (``IS_EMPTY`` ... ``THEIR_EDGE``), then the two
    markers past the edges, indexed as ``frames`` points."""
    return (bytes(board) + b"\x03\x04").translate(_STATE_BYTES[me])


def _bands(lengths: list[int]) -> list[int]:
    """Per cell, how much longer than the shortest the connection through it is (0-4), 5 if none."""
    best = min(lengths)
    top = LINE_BANDS - 2
    return [LINE_BANDS - 1 if length >= FAR else min(length - best, top) for length in lengths]


def features(board: bytes | bytearray, geo: Geometry, me: int, last: int = NO_CELL,
             cells: Sequence[int] | None = None) -> dict[int, tuple[int, int, int, int]]:
    """Per empty cell (or each of ``cells``), its four features as indices into one
    space of ``FEATURES``: shape, lines, capture and contact, in that order.

    ``me`` is the player to move and ``last`` the opponent's last stone (or ``NO_CELL``).
    """
    if cells is None:
        cells = [c for c in range(geo.size) if board[c] == EMPTY]
    return dict(zip(cells, _feature_rows(board, geo, me, last, cells), strict=True))


def _feature_rows(board: bytes | bytearray, geo: Geometry, me: int, last: int,
                  cells: Sequence[int]) -> list[tuple[int, int, int, int]]:
    """``features`` of each of ``cells``, in their order (the search's prior needs no dict)."""
    opp = opponent(me)
    around = frames(geo)[me]
    mine = _bands(path_lengths(board, geo, me))
    theirs = _bands(path_lengths(board, geo, opp))
    diamonds = geo.diamonds
    neighbours = geo.neighbours
    touch: set[int] = set()
    near: set[int] = set()
    save: set[int] = set()
    if last >= 0 and board[last] == opp:
        touch.update(neighbours[last])
        for nb in neighbours[last]:
            near.update(neighbours[nb])
        for corner, x, y in diamonds[last]:
            if board[x] == me and board[y] == me and board[corner] == EMPTY:
                save.add(corner)
    canonical, crowded = _shape_tables()
    st = _states(board, me)
    found: list[tuple[int, int, int, int]] = []
    for c in cells:
        a, b, d, e, f, g = around[c]
        code = st[a] + 5 * st[b] + 25 * st[d] + 125 * st[e] + 625 * st[f] + 3125 * st[g]
        capture = CAPTURE_NONE
        if crowded[code]:  # a capture's pair lies around the cell
            takes = stops = False
            for mate, x, y in diamonds[c]:
                pair = board[x]
                if pair and board[y] == pair and board[mate] and board[mate] != pair:
                    if board[mate] == me:
                        takes = True
                    else:
                        stops = True
            capture = (CAPTURE_BOTH if takes and stops else CAPTURE_TAKES if takes
                       else CAPTURE_STOPS if stops else CAPTURE_NONE)
        contact = (CONTACT_SAVE if c in save else CONTACT_TOUCH if c in touch
                   else CONTACT_BRIDGE if c in near else CONTACT_NONE)
        found.append((canonical[code],
                      LINES_OFFSET + mine[c] * LINE_BANDS + theirs[c],
                      CAPTURE_OFFSET + capture,
                      CONTACT_OFFSET + contact))
    return found


def weight_table(weights: Mapping[int, float]) -> list[float]:
    """``weights`` as a list indexed by feature, 1 for a feature without one: what
    ``strengths`` reads, built once, so that the search's prior looks weights up by index."""
    table = [1.0] * FEATURES
    for f, w in weights.items():
        table[f] = w
    return table


def strengths(board: bytes | bytearray, geo: Geometry, me: int, last: int,
              cells: Sequence[int], table: Sequence[float]) -> list[float]:
    """Each of ``cells``' strength for ``me``: the product of its features' weights
    (``table``, from ``weight_table``)."""
    return [table[shape] * table[lines] * table[capture] * table[contact]
            for shape, lines, capture, contact in _feature_rows(board, geo, me, last, cells)]


# The learnt weights' data file, written by ``python -m bench.patterns``.
WEIGHTS_FILE = Path(__file__).resolve().parent.parent / "data" / "pattern_weights.json"


def read_weights(path: Path = WEIGHTS_FILE) -> dict[int, float]:
    """The learnt weight of each feature in the data file (features not listed weigh 1)."""
    data = json.loads(path.read_text())
    return {int(feature): float(weight) for feature, weight in data["weights"].items()}


# The learnt weights by feature index, for ``strengths``.
PATTERN_TABLE = weight_table(read_weights())
