"""What the boards whose moves are click targets share (``web.shell.view``'s ``BoardView``):
finding targets, the one tab stop, arrow keys by the screen, two taps where targets are
small, and the analysis' shares on the targets.

A target is an element with ``class="target"`` (a view's ``target_class``) and ``data-cell``
(the name a click gives the move builder); ``data-move`` is the move it plays where that
differs from its name. A game's view subclasses ``TargetBoard`` and draws the targets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typing import TypeVar

    from gamekit.contract import Game as AnyGame

    Own = TypeVar("Own")

# Targets narrower than this (CSS pixels) take a first tap to show and a second to play.
SMALL_TARGET_PX = 30
# The screen direction of each arrow key (x right, y down).
ARROWS = {"ArrowLeft": (-1.0, 0.0), "ArrowRight": (1.0, 0.0), "ArrowUp": (0.0, -1.0), "ArrowDown": (0.0, 1.0)}


def own(value: object, cls: type[Own]) -> Own:
    """``value`` (the game, or a turn of it, that the shell hands a board) as the board's own
    game's class; ``TypeError`` for another game's (a page shows its own game only)."""
    if not isinstance(value, cls):
        raise TypeError(f"this board shows a {cls.__module__}.{cls.__name__}, not a {type(value).__name__}")
    return value


class TargetBoard:
    """A board of click targets inside ``element`` (the ``#board`` container)."""

    element: Any
    turned = False  # drawn turned round (a game that offers "turn" draws it so)
    target_class = "target"  # the class that makes an element of the drawing a target
    fit_height = True  # drawn to fit the height it is given (#board[data-fit="height"])
    focus_name: str
    pending: str
    shares: dict[str, float]

    def __init__(self, element: Any, paint: dict[str, str]) -> None:
        """The board in ``element``; the game's ``paint`` becomes the page's CSS properties
        (``--name``)."""
        style = element.ownerDocument.documentElement.style
        for name, value in paint.items():
            style.setProperty("--" + name, value)
        if self.fit_height:
            element.setAttribute("data-fit", "height")
        self.element = element
        self.focus_name = ""
        self.pending = ""
        self.shares = {}

    def holds_focus(self) -> bool:
        """Whether the keyboard focus is on the board (a redraw keeps it there)."""
        return bool(self.element.contains(self.element.ownerDocument.activeElement))

    def targets(self) -> list[Any]:
        """The targets drawn (the moves of the person to move)."""
        found = self.element.querySelectorAll(f".{self.target_class}[data-cell]")
        return [found[i] for i in range(found.length)]

    def target(self, name: str) -> Any:
        """The target called ``name``, or ``None``."""
        return self.element.querySelector(f'.{self.target_class}[data-cell="{name}"]')

    @staticmethod
    def move_of(target: Any) -> str:
        """The move a target plays."""
        move = target.getAttribute("data-move")
        return str(move if move else target.getAttribute("data-cell"))

    def cell_of(self, event: Any) -> str | None:
        """The name of the target an event happened on, if any."""
        target = event.target.closest(f".{self.target_class}[data-cell]")
        return None if target is None else str(target.getAttribute("data-cell"))

    @staticmethod
    def tray_choice(event: Any, kind: str) -> int | None:
        """The number on the tray's button of ``kind`` (``class="<kind>-choice"``, its number in
        ``data-<kind>``) that an event happened on, if any."""
        button = event.target.closest(f".{kind}-choice[data-{kind}]")
        return None if button is None else int(button.getAttribute(f"data-{kind}"))

    @staticmethod
    def swap_detail(game: AnyGame) -> str:
        """Words after "Swap" saying what it does: none by default (a game without a swap)."""
        return ""

    @staticmethod
    def status_text(game: AnyGame) -> str:
        """The status line: the game's own words."""
        return str(game.status())

    def mark_hint(self, hint: str) -> None:
        """Mark the target that plays ``hint``."""
        if hint:
            for target in self.targets():
                if self.move_of(target) == hint:
                    target.classList.add("hint")

    def keep_focus(self, had_focus: bool) -> None:
        """After drawing: the tab stop stays where it was if that target is still there, else
        it goes to the first target."""
        kept = self.target(self.focus_name) if self.focus_name else None
        if kept is None:
            kept = self.element.querySelector(f".{self.target_class}[data-cell]")
        if kept is not None:
            self.set_focus(str(kept.getAttribute("data-cell")), move_focus=had_focus)

    def set_focus(self, name: str, move_focus: bool = True) -> None:
        """Make the target ``name`` the board's one tab stop (and optionally focus it). The
        drawings leave every target out of the tab order (``tabindex="-1"``), so only a stop
        set before is taken back: a few calls to the page, not four a target."""
        for target in self.element.querySelectorAll(f'.{self.target_class}[data-cell][tabindex="0"]'):
            target.setAttribute("tabindex", "-1")
        self.focus_name = name
        target = self.target(name)
        if target is not None:
            target.setAttribute("tabindex", "0")
            if move_focus:
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

    def small_cells(self) -> bool:
        """Whether the targets are drawn too small to play with one tap."""
        target = self.target(self.focus_name)
        return target is not None and float(target.getBoundingClientRect().width) < SMALL_TARGET_PX

    def mark_pending(self, name: str) -> None:
        """Show the move about to be played at ``name`` (empty: none) until a second tap."""
        for target in self.element.querySelectorAll(f".{self.target_class}.pending"):
            target.classList.remove("pending")
        self.pending = name
        target = self.target(name) if name else None
        if target is not None:
            target.classList.add("pending")

    def show_analysis(self, shares: dict[str, float], line: list[tuple[str, str]]) -> None:
        """Each target's share of the search (its ``data-share`` and label), the best move marked."""
        self.shares = shares
        best = line[0][0] if line else ""
        for target in self.targets():
            move = self.move_of(target)
            share = shares.get(move)
            if share is None:
                target.removeAttribute("data-share")
            else:
                target.setAttribute("data-share", str(round(100 * share)))
            target.classList.toggle("best", move == best)

    def clear_analysis(self) -> None:
        """Take the analysis' marks off the board."""
        self.show_analysis({}, [])


def _centre(element: Any) -> tuple[float, float]:
    """An element's centre on the screen."""
    box = element.getBoundingClientRect()
    return float(box.left) + float(box.width) / 2, float(box.top) + float(box.height) / 2
