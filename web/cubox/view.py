"""Cubox's board on the page (its ``web.shell.view``): the drawing, the targets a click or a
key plays, the analysis' marks, pictures and the game's words.

The board is ``cubox.svg.board_svg`` drawn afresh on every change; the moves of the
person to move are its targets (``.target[data-cell]``). The board is one Tab stop:
the arrow keys move the focus to the nearest target that way on the screen, and Enter
or Space plays it; the focus stays on the board after a move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document

from cubox.svg import PAINT, board_svg, paint_properties, size

if TYPE_CHECKING:
    from cubox.game import Game, Turn

# Targets narrower than this (CSS pixels) take a first tap to show and a second to play.
SMALL_TARGET_PX = 30
# The screen direction of each arrow key (x right, y down).
ARROWS = {"ArrowLeft": (-1.0, 0.0), "ArrowRight": (1.0, 0.0), "ArrowUp": (0.0, -1.0), "ArrowDown": (0.0, 1.0)}


class CuboxBoard:
    """The SVG board inside ``element`` (the ``#board`` container)."""

    piece = "cubox"

    def __init__(self, element: Any) -> None:
        style = document.documentElement.style
        for name, value in paint_properties().items():  # the shell's paint, as Cubox's drawing has it
            style.setProperty("--" + name, value)
        element.setAttribute("data-fit", "height")
        self.element = element
        self.focus_name = ""
        self.pending = ""
        self.shares: dict[str, float] = {}

    # --- drawing --------------------------------------------------------------------

    def render(self, game: Game, to_move: str | None, hint: str, fresh_move: bool) -> None:
        """Draw ``game``; its targets only when a person may move (``to_move``)."""
        had_focus = bool(self.element.contains(document.activeElement))
        self.element.innerHTML = board_svg(game, marks=to_move is not None)
        targets = self.targets()
        if hint:
            for target in targets:
                if target.getAttribute("data-cell") == hint:
                    target.classList.add("hint")
        self.pending = ""
        self.shares = {}
        names = [str(t.getAttribute("data-cell")) for t in targets]
        if names:
            self.set_focus(self.focus_name if self.focus_name in names else names[0], move_focus=had_focus)

    def targets(self) -> list[Any]:
        """The targets drawn (the moves of the person to move)."""
        found = self.element.querySelectorAll(".target[data-cell]")
        return [found[i] for i in range(found.length)]

    def target(self, name: str) -> Any:
        """The target of the move ``name``, or ``None``."""
        return self.element.querySelector(f'.target[data-cell="{name}"]')

    # --- where clicks and keys land -----------------------------------------------------

    @staticmethod
    def cell_of(event: Any) -> str | None:
        """The move of the target an event happened on, if any (a drawn cubox plays nothing)."""
        target = event.target.closest(".target[data-cell]")
        return None if target is None else str(target.getAttribute("data-cell"))

    def set_focus(self, name: str, move_focus: bool = True) -> None:
        """Make the target ``name`` the board's one tab stop (and optionally focus it)."""
        for target in self.targets():
            target.setAttribute("tabindex", "0" if target.getAttribute("data-cell") == name else "-1")
        self.focus_name = name
        target = self.target(name)
        if move_focus and target is not None:
            target.focus()

    def step_focus(self, key: str) -> bool:
        """Move the focus to the nearest target in the arrow's direction on the screen."""
        if key not in ARROWS:
            return False
        here = self.target(self.focus_name)
        if here is None:
            return True
        dx, dy = ARROWS[key]
        x0, y0 = _centre(here)
        best, best_score = "", 0.0
        for target in self.targets():
            x, y = _centre(target)
            along = (x - x0) * dx + (y - y0) * dy
            across = abs((x - x0) * dy - (y - y0) * dx)
            if along <= 0.5 or across > 2 * along:
                continue  # not that way
            score = along + 2 * across
            if not best or score < best_score:
                best, best_score = str(target.getAttribute("data-cell")), score
        if best:
            self.set_focus(best)
        return True

    @staticmethod
    def move_clicks(game: Game) -> dict[tuple[str, ...], str]:
        """Every drop or stack is one click on its target (swap and pass are buttons)."""
        return {(str(move),): str(move) for move in game.legal_moves() if not (move.is_swap or move.is_pass)}

    def mark_choices(self, choices: tuple[str, ...]) -> None:
        """Cubox's moves are one click: there is never a next part to mark."""

    def small_cells(self) -> bool:
        """Whether the targets are drawn too small to play with one tap."""
        target = self.target(self.focus_name)
        return target is not None and float(target.getBoundingClientRect().width) < SMALL_TARGET_PX

    def mark_pending(self, name: str) -> None:
        """Show the move about to be played at ``name`` (empty: none) until a second tap."""
        for target in self.element.querySelectorAll(".target.pending"):
            target.classList.remove("pending")
        self.pending = name
        target = self.target(name) if name else None
        if target is not None:
            target.classList.add("pending")

    # --- the analysis ---------------------------------------------------------------------

    def show_analysis(self, shares: dict[str, float], line: list[tuple[str, str]]) -> None:
        """Each target's share of the search (its ``data-share`` and label), the best move marked."""
        self.shares = shares
        best = line[0][0] if line else ""
        for target in self.targets():
            name = str(target.getAttribute("data-cell"))
            share = shares.get(name)
            if share is None:
                target.removeAttribute("data-share")
            else:
                target.setAttribute("data-share", str(round(100 * share)))
            target.classList.toggle("best", name == best)

    def clear_analysis(self) -> None:
        """Take the analysis' marks off the board."""
        self.show_analysis({}, [])

    # --- words and pictures ------------------------------------------------------------------

    @staticmethod
    def move_text(game: Game, turn: Turn) -> str:
        """A turn in the move list: its move's text."""
        return str(turn.move)

    @staticmethod
    def swap_detail(game: Game) -> str:
        """What the swap would do: take X's first cubox as O's."""
        return f": take {game.moves[0]} as O's" if game.moves else ""

    @staticmethod
    def save_picture(game: Game, kind: str) -> None:
        """Save the position as an SVG or a PNG file."""
        from web.shell.pictures import download_drawing

        width, height = size(game.board)
        download_drawing(f"cubox-{game.size}-move-{game.turn_count}.{kind}", board_svg(game, marks=False),
                         width, height, kind, PAINT["paper"])


def _centre(element: Any) -> tuple[float, float]:
    """An element's centre on the screen."""
    box = element.getBoundingClientRect()
    return float(box.left) + float(box.width) / 2, float(box.top) + float(box.height) / 2
