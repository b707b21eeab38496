"""Independent re-statements of the rules for tests: written from the rules text,
not from the package's tables, so that tests can catch a wrong table."""

from __future__ import annotations

STEPS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
LETTERS = "abcdefghijklmno"


def name(r: int, q: int) -> str:
    return f"{LETTERS[q]}{r + 1}"


def neighbours(n: int, r: int, q: int) -> set[tuple[int, int]]:
    return {(r + dr, q + dq) for dr, dq in STEPS if 0 <= r + dr < n and 0 <= q + dq < n}


def diamonds(n: int) -> set[tuple[frozenset[tuple[int, int]], frozenset[tuple[int, int]]]]:
    """Every diamond as (short diagonal, long diagonal), all four cells on the board."""
    found = set()
    for r in range(n):
        for q in range(n):
            for b in neighbours(n, r, q):
                common = neighbours(n, r, q) & neighbours(n, *b)
                if len(common) == 2:
                    found.add((frozenset({(r, q), b}), frozenset(common)))
    return found


def connected(stones: set[tuple[int, int]], n: int, colour: str) -> bool:
    """Whether ``stones`` hold a chain joining ``colour``'s two edges."""
    axis = 0 if colour == "red" else 1
    start = [s for s in stones if s[axis] == 0]
    seen = set(start)
    while start:
        cell = start.pop()
        if cell[axis] == n - 1:
            return True
        for nb in neighbours(n, *cell):
            if nb in stones and nb not in seen:
                seen.add(nb)
                start.append(nb)
    return False
