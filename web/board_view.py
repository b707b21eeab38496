"""The board on the page: the SVG drawn by ``cachex.svg``, then kept up to date.

The picture is inserted once per board size; after that only the attributes
of the cells that changed are touched. Also owns the keyboard's roving tab
stop on the cells. Reads games; changes nothing but the DOM.
"""

from __future__ import annotations

from typing import Any

from cachex.game import Game
from cachex.notation import cell_name, parse_cell
from cachex.svg import board_svg

# Arrow keys as steps (rows, columns); row 1 is at the bottom of the board.
ARROWS = {"ArrowLeft": (0, -1), "ArrowRight": (0, 1), "ArrowUp": (1, 0), "ArrowDown": (-1, 0)}


class BoardView:
    """The SVG board inside ``element`` (the ``#board`` container)."""

    def __init__(self, element: Any) -> None:
        self.element = element
        self.svg: Any = None
        self.size = 0
        self.cells: dict[str, Any] = {}
        self.drawn: dict[str, tuple[str | None, str]] = {}
        self.focus_name = ""

    def draw(self, game: Game) -> None:
        """Insert a fresh SVG for this board size and index its cells."""
        self.element.innerHTML = board_svg(game)
        self.svg = self.element.querySelector("svg")
        self.size = game.n
        # board_svg draws the cells in index order, as game.cells() names them.
        found = self.svg.querySelectorAll("[data-cell]")
        self.cells = {name: found[i] for i, name in enumerate(game.cells())}
        self.drawn = {}
        geo = game.geometry
        self.focus_name = cell_name(*geo.coords(geo.middle))
        self.cells[self.focus_name].setAttribute("tabindex", "0")

    def render(self, game: Game, to_move: str | None, hint_cell: str, fresh_move: bool) -> None:
        """Show ``game``'s position; ``to_move`` is who may click now (``None``: nobody).

        ``fresh_move`` flashes the cells the last turn captured.
        """
        if self.svg is None or self.size != game.n:
            self.draw(game)
        stones = game.stones()
        last = game.last_turn
        last_name = str(last.move) if last is not None and not last.move.is_swap else ""
        winners = set(game.winning_cells)
        captured = set(game.last_captures) if fresh_move else set()
        for name, el in self.cells.items():
            colour = stones.get(name)
            classes = " ".join(c for c, on in (("cell", True), ("last", name == last_name),
                                               ("win", name in winners),
                                               ("captured", name in captured),
                                               ("hint", name == hint_cell)) if on)
            state = (colour, classes)
            if self.drawn.get(name) == state and not captured:
                continue
            self.drawn[name] = state
            if colour:
                el.setAttribute("data-stone", colour)
            else:
                el.removeAttribute("data-stone")
            el.setAttribute("aria-label", f"{name}, {colour or 'empty'}")
            el.setAttribute("class", classes)
        if to_move is not None:
            self.svg.setAttribute("data-to-move", to_move)
            self.svg.removeAttribute("data-locked")
        else:
            self.svg.removeAttribute("data-to-move")
            self.svg.setAttribute("data-locked", "1")

    @staticmethod
    def cell_of(event: Any) -> str | None:
        """The name of the cell an event happened on, if any."""
        cell = event.target.closest("[data-cell]")
        return None if cell is None else str(cell.getAttribute("data-cell"))

    def set_focus(self, name: str, move_focus: bool = True) -> None:
        """Move the roving tab stop (and optionally the keyboard focus) to a cell."""
        if self.focus_name in self.cells:
            self.cells[self.focus_name].setAttribute("tabindex", "-1")
        self.focus_name = name
        el = self.cells[name]
        el.setAttribute("tabindex", "0")
        if move_focus:
            el.focus()

    def step_focus(self, key: str) -> bool:
        """Move the focus one cell for an arrow key (staying on the board); whether it was one."""
        if key not in ARROWS or not self.focus_name:
            return False
        dr, dq = ARROWS[key]
        r, q = parse_cell(self.focus_name)
        last = self.size - 1
        self.set_focus(cell_name(min(max(r + dr, 0), last), min(max(q + dq, 0), last)))
        return True

    def mark_swap_target(self, target: str | None) -> None:
        """Highlight where a swap would put Red's stone (``None`` clears it)."""
        for el in self.svg.querySelectorAll(".swap-target"):
            el.classList.remove("swap-target")
        if target is not None:
            self.cells[target].classList.add("swap-target")
