"""The board on the page: the SVG drawn by ``cachex.svg``, then kept up to date.

The picture is inserted once per board size; after that only the attributes
of the cells that changed are touched. Its cells are the shell's targets
(``web.shell.targets``): every cell, a click on a taken one refused by the
move builder. The arrow keys step from cell to cell on the grid (on the
screen where the board stands on its corner). Reads games; changes nothing
but the DOM.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from pyscript import document

from cachex.colours import PALETTE, Colour
from cachex.game import Game, Turn
from cachex.geometry import NO_CELL, STEPS, Geometry
from cachex.notation import cell_name, parse_cell
from cachex.rules import banned_cell
from cachex.svg import Layout, board_svg, cell_classes, cell_label, highlights
from web.shell.targets import TargetBoard, own

if TYPE_CHECKING:
    from collections.abc import Iterator

    from gamekit.contract import Game as AnyGame
    from gamekit.contract import Turn as AnyTurn

SVG = "http://www.w3.org/2000/svg"
# Where the board stands on its corner, its long diagonal down the screen.
TALL_SCREEN = "(max-width: 600px) and (orientation: portrait)"

# Arrow keys as steps (rows, columns); row 1 is at the bottom of the board.
ARROWS = {"ArrowLeft": (0, -1), "ArrowRight": (0, 1), "ArrowUp": (1, 0), "ArrowDown": (-1, 0)}
# On the tall board the arrow keys follow the screen: the neighbour most nearly in the
# key's direction (x right, y down), up and down leaning right and left, so that they undo
# each other.
SCREEN_ARROWS = {"ArrowLeft": (-1.0, 0.0), "ArrowRight": (1.0, 0.0), "ArrowUp": (0.2, -1.0),
                 "ArrowDown": (-0.2, 1.0)}


class CellElements:
    """The picture's cell elements by cell name, each asked of the page when first wanted: a
    fresh picture already shows its position, so its first render touches a cell or two."""

    def __init__(self, found: Any = None, names: tuple[str, ...] = ()) -> None:
        self.found = found  # the picture's ``[data-cell]`` elements, in the order of ``names``
        self.places = {name: i for i, name in enumerate(names)}
        self.known: dict[str, Any] = {}

    def __contains__(self, name: object) -> bool:
        return name in self.places

    def __iter__(self) -> Iterator[str]:
        return iter(self.places)

    def __getitem__(self, name: str) -> Any:
        element = self.known.get(name)
        if element is None:
            element = self.known[name] = self.found[self.places[name]]
        return element


class BoardView(TargetBoard):
    """The SVG board inside ``element`` (the ``#board`` container); Cachex's ``web.shell.view``."""

    piece = "stone"
    target_class = "cell"
    fit_height = False  # as wide as the page allows; on a tall screen it stands on its corner

    def __init__(self, element: Any) -> None:
        super().__init__(element, PALETTE)
        self.svg: Any = None
        self.size = 0
        self.layout = Layout(3)
        self.tall_screen = document.defaultView.matchMedia(TALL_SCREEN)
        self.banned = ""  # the cell no stone may go to now, if any
        self.cells = CellElements()
        self.drawn: dict[str, tuple[str | None, str]] = {}
        self.stones: dict[str, Colour] = {}
        self.heats: dict[str, str] = {}  # the heat each cell shows now
        self.ghosts: list[Any] = []

    def draw(self, game: Game) -> None:
        """Insert a fresh SVG for this board size (standing tall on narrow screens)."""
        self.layout = Layout(game.n, tall=bool(self.tall_screen.matches))
        self.element.innerHTML = board_svg(game, self.layout)
        self.svg = self.element.querySelector("svg")
        self.size = game.n
        self.pending = ""
        # board_svg draws the cells in index order, as game.cells() names them.
        self.cells = CellElements(self.svg.querySelectorAll("[data-cell]"), tuple(game.cells()))
        # What board_svg drew in each cell (its stone and classes): render touches only the cells
        # that differ from it.
        stones = game.stones()
        last_name, winners = highlights(game)
        self.drawn = {name: (stones.get(name), cell_classes(name, last_name, winners)) for name in self.cells}
        self.shares, self.heats, self.ghosts = {}, {}, []
        geo = game.geometry
        self.focus_name = cell_name(*geo.coords(geo.middle))
        self.cells[self.focus_name].setAttribute("tabindex", "0")

    def render(self, shown: AnyGame, to_move: str | None, hint_cell: str, fresh_move: bool) -> None:
        """Show ``game``'s position; ``to_move`` is who may click now (``None``: nobody).

        ``fresh_move`` flashes the cells the last turn captured.
        """
        game = own(shown, Game)
        if (self.svg is None or self.size != game.n
                or self.layout.tall != bool(self.tall_screen.matches)):
            self.draw(game)
        stones = self.stones = game.stones()
        geo = game.geometry
        banned = banned_cell(geo, game.turn_count)  # the centre, on Red's first move: marked
        self.banned = cell_name(*geo.coords(banned)) if banned != NO_CELL else ""
        last_name, winners = highlights(game)
        captured = set(game.last_captures) if fresh_move else set()
        for name in self.cells:
            colour = stones.get(name)
            extra = tuple(c for c, on in (("captured", name in captured), ("hint", name == hint_cell),
                                          ("banned", name == self.banned)) if on)
            classes = cell_classes(name, last_name, winners, extra)
            state = (colour, classes)
            if self.drawn.get(name) == state and not captured:
                continue
            self.drawn[name] = state
            el = self.cells[name]
            if colour:
                el.setAttribute("data-stone", colour)
            else:
                el.removeAttribute("data-stone")
            el.setAttribute("aria-label", self.label(name))
            el.setAttribute("class", classes)
        if to_move is not None:
            self.svg.setAttribute("data-to-move", to_move)
            self.svg.removeAttribute("data-locked")
        else:
            self.svg.removeAttribute("data-to-move")
            self.svg.setAttribute("data-locked", "1")

    def label(self, name: str) -> str:
        """A cell's accessible name: its name, its stone, and its share of the analysis."""
        note = f", {round(100 * self.shares[name])}% of the search" if name in self.shares else ""
        if name == self.banned:
            note += ", not allowed on Red's first move"
        return cell_label(name, self.stones.get(name), note)

    def show_analysis(self, shares: dict[str, float], line: list[tuple[str, str]]) -> None:
        """Show the search: each cell's share of its visits, and the best line's placements.

        Every cell gets ``data-share`` (0 to 1, also in its accessible name);
        the heat is drawn relative to the most visited cell. The best line's
        cells get numbered ghost stones in the colour of who would play there.
        """
        self.svg.classList.add("analysing")
        most = max(shares.values(), default=0.0) or 1.0
        for name in self.cells:
            share = shares.get(name, 0.0)
            heat = f"{share / most:.2f}"
            if self.heats.get(name) == heat and self.shares.get(name) == share:
                continue
            self.heats[name] = heat
            self.shares[name] = share
            el = self.cells[name]
            el.setAttribute("data-share", f"{share:.3f}")
            el.style.setProperty("--heat", heat)
            el.setAttribute("aria-label", self.label(name))
        self.show_line(line)

    def show_line(self, line: list[tuple[str, str]]) -> None:
        """Numbered ghost stones on the empty cells of the best line (first visit of each)."""
        for ghost in self.ghosts:
            ghost.remove()
        self.ghosts = []
        layout = self.layout
        seen: set[str] = set()
        for number, (name, colour) in enumerate(line, start=1):
            if name in seen or name in self.stones or name not in self.cells:
                continue
            seen.add(name)
            x, y = layout.to_pixel(*parse_cell(name))
            ghost = document.createElementNS(SVG, "g")
            ghost.setAttribute("class", "ghost")
            ghost.setAttribute("data-colour", colour)
            ghost.setAttribute("data-for", name)
            ghost.setAttribute("data-step", str(number))
            ghost.setAttribute("aria-hidden", "true")
            circle = document.createElementNS(SVG, "circle")
            circle.setAttribute("cx", f"{x:.1f}")
            circle.setAttribute("cy", f"{y:.1f}")
            circle.setAttribute("r", f"{layout.radius * 0.55:.1f}")
            text = document.createElementNS(SVG, "text")
            text.setAttribute("x", f"{x:.1f}")
            text.setAttribute("y", f"{y:.1f}")
            text.setAttribute("text-anchor", "middle")
            text.setAttribute("dominant-baseline", "central")
            text.textContent = str(number)
            ghost.appendChild(circle)
            ghost.appendChild(text)
            self.svg.appendChild(ghost)
            self.ghosts.append(ghost)

    def clear_analysis(self) -> None:
        """Take the heat map and the ghost stones off the board."""
        if self.svg is None:
            return
        self.svg.classList.remove("analysing")
        for name in list(self.shares):
            el = self.cells[name]
            el.removeAttribute("data-share")
            el.style.removeProperty("--heat")
        self.shares, self.heats = {}, {}
        for name in self.cells:
            self.cells[name].setAttribute("aria-label", self.label(name))
        self.show_line([])

    def set_focus(self, name: str, move_focus: bool = True) -> None:
        """Move the roving tab stop (and optionally the keyboard focus) to a cell: the cells
        stay drawn, so only the stop's old and new cells change."""
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
        r, q = parse_cell(self.focus_name)
        if self.layout.tall:
            self.set_focus(self._screen_step(r, q, SCREEN_ARROWS[key]))
            return True
        dr, dq = ARROWS[key]
        last = self.size - 1
        self.set_focus(cell_name(min(max(r + dr, 0), last), min(max(q + dq, 0), last)))
        return True

    def _screen_step(self, r: int, q: int, direction: tuple[float, float]) -> str:
        """The neighbour of cell (r, q) most nearly in ``direction`` on the screen (the cell
        itself at the board's edge, where none lies that way)."""
        geo = Geometry.of(self.size)
        x0, y0 = self.layout.to_pixel(r, q)
        best, best_score = cell_name(r, q), 0.0
        for dr, dq in STEPS:
            nr, nq = r + dr, q + dq
            if not geo.on_board(nr, nq):
                continue
            x, y = self.layout.to_pixel(nr, nq)
            score = ((x - x0) * direction[0] + (y - y0) * direction[1]) / math.sqrt((x - x0) ** 2 + (y - y0) ** 2)
            if score > max(best_score, 0.5):
                best, best_score = cell_name(nr, nq), score
        return best

    @staticmethod
    def move_clicks(shown: AnyGame) -> dict[tuple[str, ...], str]:
        """Every move is one click on its cell (the swap is a button)."""
        game = own(shown, Game)
        return {(str(move),): str(move) for move in game.legal_moves() if not move.is_swap}

    def mark_choices(self, choices: tuple[str, ...], clicks: tuple[str, ...] = ()) -> None:
        """Cachex's moves are one click: there is never a next part to mark."""

    @staticmethod
    def move_text(shown: AnyGame, played: AnyTurn) -> str:
        """A turn in the move list: the swap with where it put the stone, captures counted."""
        game = own(shown, Game)
        turn = own(played, Turn)
        swapped_to = game.swapped_to()
        text = f"swap → {swapped_to}" if turn.move.is_swap and swapped_to else str(turn.move)
        return text + (" ×" + str(len(turn.captured)) if turn.captured else "")

    @staticmethod
    def swap_detail(shown: AnyGame) -> str:
        """What the swap would do: take Red's first stone as Blue's mirrored one."""
        game = own(shown, Game)
        target = game.steal_destination()
        return "" if target is None else f": take Red's {game.moves[0]} as Blue's {target}"

    @staticmethod
    def save_picture(shown: AnyGame, kind: str) -> None:
        """Save the position as an SVG or a PNG file."""
        game = own(shown, Game)
        download_picture(game, kind)

    def mark_swap_target(self, target: str | None) -> None:
        """Highlight where a swap would put Red's stone (``None`` clears it)."""
        for el in self.svg.querySelectorAll(".swap-target"):
            el.classList.remove("swap-target")
        if target is not None:
            self.cells[target].classList.add("swap-target")


def picture_name(game: Game, extension: str) -> str:
    """A file name that says what the picture shows: ``cachex-9x9-move-23.svg``."""
    return f"cachex-{game.n}x{game.n}-move-{game.turn_count}.{extension}"


def download_picture(game: Game, kind: str) -> None:
    """Save the position as an SVG or a PNG file."""
    from web.shell.pictures import download_drawing

    layout = Layout(game.n)
    download_drawing(picture_name(game, kind), board_svg(game, layout), layout.width, layout.height, kind,
                     PALETTE["paper"])
