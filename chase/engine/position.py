"""The search's own Chase position: moves played in place and taken back, with each side's dice,
the points each side owes and a Zobrist key kept as the cells change.

``chase.rules`` owns the rules; this board plays the same moves faster for the
search (no copies of the 81 cells, no scans for a side's dice), and the tests
play it move by move against ``chase.Game`` on random games. Moves are the
codes of ``chase.engine.moves``: a slide ``start * 6 + direction``, an exchange
``EXCHANGE + (a * 6 + k) * 6 + new value of a - 1``; a side that owes points
shares them first, in one of the ways ``share_ways`` lists (in
``chase.rules.shares``' order), before its move.

>>> from chase.rules import WHITE, start_position
>>> position = Position(start_position())
>>> position.slide(4, 1), position.where[WHITE][-1]  # the 5 on a5 runs north-east to f8
(True, 52)
>>> position.undo(); position.cells == start_position()
True
"""

from __future__ import annotations

import random

from chase.board import CELLS, CHAMBER, LEAVES, RAY_CELLS, RAY_WAYS, STEPS
from chase.engine.moves import EXCHANGE
from chase.rules import CHAIN_LIMIT, FEWEST_DICE, MOST_DICE, POINTS, total


def _jumps() -> list[tuple[int, int, tuple[int, ...]] | None]:
    """``JUMPS[(start * 6 + d) * 8 + value]``: where a die of ``value`` leaving ``start`` in
    direction ``d`` lands, its direction there and the cells it passes; ``None`` where the move
    is never made (a reflected first step, or the Chamber in the way)."""
    table: list[tuple[int, int, tuple[int, ...]] | None] = [None] * (CELLS * 6 * 8)
    for k in range(CELLS * 6):
        if LEAVES[k]:
            continue
        ray, ways = RAY_CELLS[k], RAY_WAYS[k]
        for value in range(1, 7):
            passed = ray[:value - 1]
            if CHAMBER in passed:
                break
            table[k * 8 + value] = (ray[value - 1], ways[value - 1], passed)
    return table


JUMPS = _jumps()
# MOVES[start * 8 + value]: (action, end, direction there, cells passed) of each slide a die of
# ``value`` on ``start`` may make, as JUMPS has them.
MOVES: tuple[tuple[tuple[int, int, int, tuple[int, ...]], ...], ...] = tuple(
    tuple((start * 6 + d, *jump) for d in range(6)
          if (jump := JUMPS[(start * 6 + d) * 8 + value]) is not None) if 1 <= value <= 6 else ()
    for start in range(CELLS) for value in range(8))
# LANDS and ENTRIES split MOVES by where a slide ends: on a cell (``end`` empty or not), or in the
# Chamber, which no die stands on (``(action, passed, exit)``, ``exit`` the cell a die that does
# not split leaves it by); the capture scans read them.
LANDS: tuple[tuple[tuple[int, int, int, tuple[int, ...]], ...], ...] = tuple(
    tuple(move for move in moves if move[1] != CHAMBER) for moves in MOVES)
ENTRIES: tuple[tuple[tuple[int, tuple[int, ...], int], ...], ...] = tuple(
    tuple((move[0], move[3], STEPS[CHAMBER][(move[2] + 2) % 6][0]) for move in moves if move[1] == CHAMBER)
    for moves in MOVES)
# HITS[start * 8 + value]: (end, cells passed) of LANDS's slides, for ``targets``.
HITS: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = tuple(
    tuple((move[1], move[3]) for move in moves) for moves in LANDS)
# UP[a]: (direction, neighbour) of each neighbour after ``a`` in board order, for exchanges.
UP: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((k, STEPS[a][k][0]) for k in range(6) if not LEAVES[a * 6 + k] and STEPS[a][k][0] > a)
    for a in range(CELLS))
_KEYS = random.Random(20261204)
# ZOBRIST[cell * 13 + code + 6]: the key of a cell holding ``code`` (0 empty, -6 to 6 a die).
ZOBRIST: tuple[int, ...] = tuple(0 if n % 13 == 6 else _KEYS.getrandbits(62) for n in range(CELLS * 13))
BLACK_KEY = _KEYS.getrandbits(62)  # xored into a key when black is to move
VALUES = 1 << 40  # added to the mark of a frame that changes values alone
del _KEYS


class Cells:
    """A position changed in place: ``cells`` (as ``chase.rules``), ``where`` (each side's
    dice), ``owed`` (points each side must share), ``key``; each move pushes a frame that
    ``undo`` takes back."""

    __slots__ = ("cells", "where", "owed", "key", "log", "marks")

    def __init__(self, cells: list[int]) -> None:
        self.cells = list(cells)
        self.where = [[i for i in range(CELLS) if cells[i] > 0], [i for i in range(CELLS) if cells[i] < 0]]
        self.owed = [POINTS - total(cells, 0), POINTS - total(cells, 1)]
        key = 0
        for i in range(CELLS):
            key ^= ZOBRIST[i * 13 + cells[i] + 6]
        self.key = key
        self.log: list[tuple[int, int]] = []  # (cell, code before) or (-1 - side, points owed before)
        # where each frame starts in the log: -1 - that for a plain slide, VALUES + that for a
        # frame that only changes values (a share or an exchange)
        self.marks: list[int] = []

    # --- changing cells ------------------------------------------------------------------

    def _set(self, at: int, old: int, code: int) -> None:
        self.cells[at] = code
        self.key ^= ZOBRIST[at * 13 + old + 6] ^ ZOBRIST[at * 13 + code + 6]
        if old > 0:
            if code <= 0:
                self.where[0].remove(at)
        elif old < 0 and code >= 0:
            self.where[1].remove(at)
        if code > 0:
            if old <= 0:
                self.where[0].append(at)
        elif code < 0 and old >= 0:
            self.where[1].append(at)

    def _put(self, at: int, code: int) -> None:
        old = self.cells[at]
        self.log.append((at, old))
        self._set(at, old, code)

    def undo(self) -> None:
        """Take back the last frame (a slide, an exchange or a share)."""
        mark = self.marks.pop()
        log, cells = self.log, self.cells
        if mark < 0:  # a slide to an empty cell or a straight capture
            if len(log) > -mark + 1:
                side, owed = log.pop()
                self.owed[-1 - side] = owed
            end, there = log.pop()
            start, code = log.pop()
            cells[end] = there
            cells[start] = code
            self.key ^= ZOBRIST[start * 13 + code + 6] ^ ZOBRIST[end * 13 + there + 6] ^ ZOBRIST[end * 13 + code + 6]
            where = self.where[0 if code > 0 else 1]
            where.remove(end)
            if there:
                self.where[0 if there > 0 else 1].append(end)
            where.append(start)
            return
        if mark >= VALUES:  # values change, no cell empties or fills
            mark -= VALUES
            key = self.key
            while len(log) > mark:
                at, old = log.pop()
                if at < 0:
                    self.owed[-1 - at] = old
                else:
                    key ^= ZOBRIST[at * 13 + cells[at] + 6] ^ ZOBRIST[at * 13 + old + 6]
                    cells[at] = old
            self.key = key
            return
        while len(log) > mark:
            at, old = log.pop()
            if at < 0:
                self.owed[-1 - at] = old
            else:
                self._set(at, cells[at], old)

    # --- moves ---------------------------------------------------------------------------

    def slide(self, start: int, d: int) -> bool:
        """Play the die on ``start`` in direction ``d`` (one frame) if the move is legal; ``False``,
        nothing changed, if it is not."""
        cells = self.cells
        code = cells[start]
        value = code if code > 0 else -code
        jump = JUMPS[(start * 6 + d) * 8 + value]
        if jump is None:
            return False
        end, way, passed = jump
        for at in passed:
            if cells[at]:
                return False
        log = self.log
        mover = 0 if code > 0 else 1
        there = cells[end]
        if end != CHAMBER and (not there or (there > 0) != (code > 0)):
            # a move to an empty cell or a straight capture, played here; its mark is written
            # ``-1 - start of its frame`` so that ``undo`` takes it back the same short way
            self.marks.append(-1 - len(log))
            log.append((start, code))
            log.append((end, there))
            cells[start] = 0
            cells[end] = code
            self.key ^= ZOBRIST[start * 13 + code + 6] ^ ZOBRIST[end * 13 + there + 6] ^ ZOBRIST[end * 13 + code + 6]
            where = self.where[mover]
            where.remove(start)
            where.append(end)
            if there:
                victim = 1 - mover
                self.where[victim].remove(end)
                log.append((-1 - victim, self.owed[victim]))
                self.owed[victim] += there if there > 0 else -there
            return True
        self.marks.append(len(log))
        count = len(self.where[mover])
        self._put(start, 0)
        if end != CHAMBER:
            done = self._land(end, code, way)
        elif value == 1 or count >= MOST_DICE:
            done = self._land(STEPS[CHAMBER][(way + 2) % 6][0], code, (way + 2) % 6)
        else:
            s = 1 if code > 0 else -1
            left, right = (way + 2) % 6, (way + 4) % 6
            done = (self._land(STEPS[CHAMBER][left][0], (value + 1) // 2 * s, left)
                    and self._land(STEPS[CHAMBER][right][0], value // 2 * s, right))
        if not done:
            self.undo()
        return done

    def _land(self, at: int, code: int, d: int) -> bool:
        """Put ``code`` on ``at`` arriving in direction ``d``: capture, or bump on; ``False`` if a
        bump reaches the Chamber."""
        cells = self.cells
        for _ in range(CHAIN_LIMIT):
            there = cells[at]
            self._put(at, code)
            if not there:
                return True
            if (there > 0) != (code > 0):
                victim = 1 if there < 0 else 0
                self.log.append((-1 - victim, self.owed[victim]))
                self.owed[victim] += there if there > 0 else -there
                return True
            code = there
            at, d = STEPS[at][d]
            if at == CHAMBER:
                return False
        raise AssertionError("a bump chain longer than the dice on the board")

    def exchange(self, side: int, action: int) -> None:
        """Play an exchange's code (one frame)."""
        rest, low = divmod(action - EXCHANGE, 6)
        a, k = divmod(rest, 6)
        b = STEPS[a][k][0]
        s = 1 if side == 0 else -1
        cells, log = self.cells, self.log
        va, vb = cells[a], cells[b]
        new = (low + 1) * s
        self.marks.append(VALUES + len(log))
        log.append((a, va))
        log.append((b, vb))
        cells[a], cells[b] = new, va + vb - new
        self.key ^= (ZOBRIST[a * 13 + va + 6] ^ ZOBRIST[a * 13 + new + 6]
                     ^ ZOBRIST[b * 13 + vb + 6] ^ ZOBRIST[b * 13 + va + vb - new + 6])

    def act(self, side: int, action: int) -> bool:
        """Play an action's code, slide or exchange (one frame); ``False`` for an illegal slide."""
        if action < EXCHANGE:
            return self.slide(action // 6, action % 6)
        self.exchange(side, action)
        return True

    def may_act(self, side: int, action: int) -> bool:
        """Whether an action's code moves ``side``'s own dice (a slide that ``slide`` may still
        refuse, or an exchange between two of its dice with a new value in range)."""
        cells = self.cells
        s = 1 if side == 0 else -1
        if action < EXCHANGE:
            return action >= 0 and cells[action // 6] * s > 0
        rest, low = divmod(action - EXCHANGE, 6)
        a, k = divmod(rest, 6)
        if a >= CELLS or LEAVES[a * 6 + k]:
            return False
        va, vb = cells[a] * s, cells[STEPS[a][k][0]] * s
        return va > 0 and vb > 0 and low + 1 != va and max(1, va + vb - 6) <= low + 1 <= min(6, va + vb - 1)

    def share(self, side: int, gifts: tuple[tuple[int, int], ...]) -> None:
        """Give ``side``'s owed points as ``share_ways`` lists a way (one frame; values change)."""
        cells, log, key = self.cells, self.log, self.key
        self.marks.append(VALUES + len(log))
        for at, code in gifts:
            log.append((at, cells[at]))
            key ^= ZOBRIST[at * 13 + cells[at] + 6] ^ ZOBRIST[at * 13 + code + 6]
            cells[at] = code
        self.key = key
        log.append((-1 - side, self.owed[side]))
        self.owed[side] = 0


class Position(Cells):
    """A position the search changes in place (``Cells``), and what the search asks of it: each
    side's slides, captures, exchanges and targets."""

    __slots__ = ()

    def slides(self, side: int) -> tuple[list[int], list[int], list[int]]:
        """``side``'s slides as (captures, Chamber entries, the rest): a capture lands on an enemy
        die, straight or by bumping; bumps into the Chamber are left out; a Chamber entry may
        still be illegal (``slide`` says)."""
        cells = self.cells
        s = 1 if side == 0 else -1
        takes: list[int] = []
        splits: list[int] = []
        quiet: list[int] = []
        for start in self.where[side]:
            for action, end, way, passed in MOVES[start * 8 + cells[start] * s]:
                for at in passed:
                    if cells[at]:
                        break
                else:
                    there = cells[end] * s
                    if not there:
                        if end == CHAMBER:
                            splits.append(action)
                        else:
                            quiet.append(action)
                    elif there < 0:
                        takes.append(action)
                    else:
                        bumped = self._bumped(start, end, way, s)
                        if bumped < 0:
                            takes.append(action)
                        elif bumped > 0:
                            quiet.append(action)
        return takes, splits, quiet

    def captures(self, side: int, splitting: bool = True) -> tuple[list[int], list[int]]:
        """``slides``' captures, and the Chamber entries that may gain: a split (a die above 1,
        when ``splitting``: the side has room for a die more), or a die leaving the Chamber
        whole onto a die, which it may capture."""
        cells = self.cells
        s = 1 if side == 0 else -1
        takes: list[int] = []
        splits: list[int] = []
        for start in self.where[side]:
            index = start * 8 + cells[start] * s
            for action, end, way, passed in LANDS[index]:
                there = cells[end]
                if not there:
                    continue
                for at in passed:
                    if cells[at]:
                        break
                else:
                    if there * s < 0:
                        takes.append(action)
                    else:  # a bump: does its chain end on an enemy die?
                        at, on = STEPS[end][way]
                        after = cells[at] * s if at != start else 0
                        if after < 0 or (after > 0 and self._bumped(start, at, on, s) < 0):
                            takes.append(action)
            whole = not splitting or index & 7 == 1
            for action, passed, leaves in ENTRIES[index]:
                if whole and not cells[leaves]:
                    continue
                for at in passed:
                    if cells[at]:
                        break
                else:
                    splits.append(action)
        return takes, splits

    def _bumped(self, start: int, end: int, way: int, s: int) -> int:
        """How a slide from ``start`` onto a die of its own on ``end`` ends: -1 capturing, 1 on an
        empty cell, 0 bumping into the Chamber (illegal)."""
        cells = self.cells
        at = end
        for _ in range(CHAIN_LIMIT):
            at, way = STEPS[at][way]
            if at == CHAMBER:
                return 0
            there = 0 if at == start else cells[at] * s
            if not there:
                return 1
            if there < 0:
                return -1
        raise AssertionError("a bump chain longer than the dice on the board")

    def exchanges(self, side: int) -> list[int]:
        """The codes of ``side``'s exchanges."""
        cells = self.cells
        s = 1 if side == 0 else -1
        codes: list[int] = []
        for a in self.where[side]:
            va = cells[a] * s
            for k, b in UP[a]:
                vb = cells[b] * s
                if vb > 0:
                    pair = va + vb
                    base = EXCHANGE + (a * 6 + k) * 6 - 1
                    for new in range(max(1, pair - 6), min(6, pair - 1) + 1):
                        if new != va:
                            codes.append(base + new)
        return codes

    def targets(self, side: int) -> set[int]:
        """The enemy dice ``side``'s dice land straight on, and the Chamber (``CHAMBER``) if a die
        of ``side`` above 1 may enter it."""
        cells = self.cells
        s = 1 if side == 0 else -1
        found: set[int] = set()
        for start in self.where[side]:
            value = cells[start] * s
            index = start * 8 + value
            for end, passed in HITS[index]:
                if cells[end] * s < 0:
                    for at in passed:
                        if cells[at]:
                            break
                    else:
                        found.add(end)
            if value > 1:
                for _, passed, _ in ENTRIES[index]:
                    for at in passed:
                        if cells[at]:
                            break
                    else:
                        found.add(CHAMBER)
        return found


def first_share(position: Position, side: int) -> tuple[tuple[int, int], ...]:
    """``share_ways(position, side)[0]``: each next point to the first lowest die in board order."""
    owed = position.owed[side]
    if owed <= 0:
        return ()
    cells = position.cells
    s = 1 if side == 0 else -1
    lowest, first = 7, -1
    for at in position.where[side]:
        value = cells[at] * s
        if value < lowest or (value == lowest and at < first):
            lowest, first = value, at
    if owed <= 6 - lowest:  # one die takes it all
        return ((first, (lowest + owed) * s),)
    mine = sorted(position.where[side])
    values = [cells[c] * s for c in mine]
    changed: set[int] = set()
    while owed:
        lowest = min(values)
        n = values.index(lowest)
        given = min(owed, 6 - lowest)
        values[n] += given
        owed -= given
        changed.add(n)
    return tuple((mine[n], values[n] * s) for n in sorted(changed))


def share_ways(position: Position, side: int) -> list[tuple[tuple[int, int], ...]]:
    """The ways ``side`` may share what it owes, as (cell, new code) changes, in the order
    and with the distinct results of ``chase.rules.shares``; ``[()]`` when nothing is owed."""
    owed = position.owed[side]
    if owed <= 0:
        return [()]
    mine = sorted(position.where[side])
    if len(mine) < FEWEST_DICE:
        return []
    s = 1 if side == 0 else -1
    found: list[tuple[tuple[int, int], ...]] = []
    seen: set[tuple[int, ...]] = set()

    def give(values: list[int], owed: int) -> None:
        if not owed:
            result = tuple(values)
            if result not in seen:
                seen.add(result)
                found.append(tuple((c, v * s) for c, v, was in zip(mine, values, start, strict=True) if v != was))
            return
        lowest = min(values)
        for n, value in enumerate(values):
            if value == lowest:
                after = list(values)
                after[n] += min(owed, 6 - lowest)
                give(after, owed - min(owed, 6 - lowest))

    start = [position.cells[c] * s for c in mine]
    give(start, owed)
    return found
