"""Chase's board on the page (its ``web.shell.view``): the dice, the moves built click by click,
the sharing of lost points, the analysis' marks, pictures and the game's words.

A move takes two or three clicks, which the shell's move builder follows:

- a die, then where it goes: each destination is marked and its path drawn
  (across the glued border, off the top and bottom rows), with its bumps and
  captures; where two ways reach the same cell, a third click on the first
  cell of the way chosen (``via c9``);
- or a die, then the ``⇄`` mark between it and a neighbouring die of its own,
  then the new values, offered as buttons above the board (``a1=2,a2=1``).

A player who lost points shares them out as part of its move: the ways to do
so are buttons above the board (the first is chosen), and the moves offered
are those after the sharing chosen. Escape or a click off the targets starts
the move over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chase.board import cell, name, step
from chase.game import Game, Turn
from chase.notation import Move
from chase.rules import SIDE_TITLES
from chase.svg import PAINT, Target, board_svg, die_icon, paint_properties, size
from web.shell.targets import TargetBoard, own

if TYPE_CHECKING:
    from chase.rules import Trace
    from gamekit.contract import Game as AnyGame
    from gamekit.contract import Turn as AnyTurn

VIA = "via "
PAIR = "~"


class ChaseBoard(TargetBoard):
    """The tray and the SVG board inside ``element`` (the ``#board`` container)."""

    piece = "die"

    def __init__(self, element: Any) -> None:
        super().__init__(element, paint_properties())
        self.game: Game | None = None
        self.active = False  # whether the person to move may click
        self.hint = ""
        self.share: tuple[int, ...] = ()  # the sharing of lost points the moves offered follow
        self.clicks: tuple[str, ...] = ()
        self.choices: tuple[str, ...] = ()

    # --- drawing --------------------------------------------------------------------

    def render(self, shown: AnyGame, to_move: str | None, hint: str, fresh_move: bool) -> None:
        """Draw the tray and ``game``; the targets only when a person may move (``to_move``)."""
        game = own(shown, Game)
        self.game = game
        self.active = to_move is not None and game.outcome is None
        self.hint = hint if self.active and hint and game.is_legal(hint) else ""  # a hint of this position only
        options = game.shares() if self.active else [()]
        if self.hint:
            hinted = Move.parse(self.hint)
            if hinted.share in options:
                self.share = hinted.share
        if self.share not in options:
            self.share = options[0]
        self.clicks, self.choices = (), ()
        self._draw()

    def _draw(self) -> None:
        game = self.game
        if game is None:
            return
        had_focus = self.holds_focus()
        moves = self._moves(game)
        targets: list[Target] = []
        paths: list[tuple[int, Trace]] = []
        buttons = ""
        if self.active and not self.clicks:
            starts = sorted({m.start for m in moves})
            hinted_start = Move.parse(self.hint).start if self.hint else -1
            for start in starts:
                targets.append(Target(name(start), start, f"{_die_words(game, start)}: choose where it goes",
                                      "die", move=self.hint if start == hinted_start else ""))
        elif self.active:
            start = cell(self.clicks[0])
            targets.append(Target(name(start), start, f"{_die_words(game, start)}, chosen", "chosen"))
            for choice in self.choices:
                if choice.startswith(VIA):
                    where = cell(choice[len(VIA):])
                    targets.append(Target(choice, where, f"Go by {name(where)}"))
                elif PAIR in choice:
                    a, b = choice.split(PAIR)
                    targets.append(Target(choice, cell(a), f"Exchange points between {a} and {b}", "pair",
                                          cell(b)))
                elif "=" in choice:
                    buttons += (f'<button type="button" class="target value" data-cell="{choice}" tabindex="-1" '
                                f'aria-label="Exchange: {choice}">{choice.replace(",", ", ")}</button>')
                else:
                    targets.append(Target(choice, cell(choice), f"Move to {choice}"))
            for move in moves:
                if not move.is_exchange and move.start == start and self._offered(move):
                    paths.append((move.start, game.trace(move)))
        hint = None
        if self.hint and not self.clicks:
            hinted_move = Move.parse(self.hint)
            if not hinted_move.is_exchange:
                hint = (hinted_move.start, game.trace(hinted_move))
        self.element.innerHTML = (self._tray(game, buttons)
                                  + board_svg(game, tuple(targets), tuple(paths), hint, turned=self.turned))
        self.mark_hint(self.hint)
        self.pending = ""
        self.shares = {}
        if self.choices and self.focus_name not in self.choices:
            self.focus_name = self.choices[0]
        self.keep_focus(had_focus)

    def _moves(self, game: Game) -> list[Move]:
        """The legal moves after the sharing chosen."""
        if not self.active:
            return []
        return [m for m in game.legal_moves() if m.share == self.share]

    def _offered(self, move: Move) -> bool:
        """Whether ``move`` is among those the next click may still make."""
        if len(self.clicks) == 1:
            return name(move.to) in self.choices
        return name(move.to) == self.clicks[1]

    def _tray(self, game: Game, buttons: str) -> str:
        """Each side's dice and, for a player who lost points, the ways to share them out."""
        parts = ['<div class="tray">']
        for side in ("white", "black"):
            parts.append(f'<span class="bag" title="{SIDE_TITLES[side]}\'s dice">{die_icon(side, 6)}'
                         f'<span class="count">{game.dice_count(side)} dice</span></span>')
        options = game.shares() if self.active else [()]
        if len(options) > 1:
            parts.append(f'<span class="tray-label">Give the {game.owed} lost points to:</span>')
            for index, option in enumerate(options):
                words = " then ".join(name(c) for c in option)
                pressed = "true" if option == self.share else "false"
                parts.append(f'<button type="button" class="share-choice" data-share="{index}" '
                             f'aria-pressed="{pressed}" title="Give the points to {words}">{words}</button>')
        if buttons:
            parts.append('<span class="tray-label">New values:</span>' + buttons)
        parts.append("</div>")
        return "".join(parts)

    def choose_share(self, index: int) -> bool:
        """Make the ``index``-th way to share lost points the one the moves follow; whether it
        changed."""
        if self.game is None:
            return False
        options = self.game.shares()
        if not 0 <= index < len(options) or options[index] == self.share:
            return False
        self.share = options[index]
        self.clicks, self.choices = (), ()
        self._draw()
        return True

    def share_of(self, event: Any) -> int | None:
        """The way to share points whose button an event happened on, if any."""
        return self.tray_choice(event, "share")

    # --- clicks ----------------------------------------------------------------------

    def move_clicks(self, shown: AnyGame) -> dict[tuple[str, ...], str]:
        """A slide is its die, then its destination (then the first cell of its way, where two
        ways reach it); an exchange is a die, the mark towards its partner, then the values."""
        game = own(shown, Game)
        clicks: dict[tuple[str, ...], str] = {}
        slides: dict[tuple[int, int], list[Move]] = {}
        for move in self._moves(game):
            if move.is_exchange:
                a, b = name(move.start), name(move.to)
                va, vb = move.values
                clicks[(a, a + PAIR + b, f"{a}={va},{b}={vb}")] = str(move)
                clicks[(b, b + PAIR + a, f"{b}={vb},{a}={va}")] = str(move)
            else:
                slides.setdefault((move.start, move.to), []).append(move)
        for (start, to), found in slides.items():
            if len(found) == 1:
                clicks[(name(start), name(to))] = str(found[0])
            else:
                for move in found:
                    clicks[(name(start), name(to), VIA + name(step(start, move.direction)[0]))] = str(move)
        return clicks

    def mark_choices(self, choices: tuple[str, ...], clicks: tuple[str, ...] = ()) -> None:
        """Show where the next click may go: the destinations and their paths, the ways, the
        exchanges' values (none: back to the dice)."""
        self.clicks, self.choices = (clicks, choices) if choices else ((), ())
        self._draw()

    def show_analysis(self, shares: dict[str, float], line: list[tuple[str, str]]) -> None:
        """Each die's share of the search (the sum over its moves), the best move's die marked."""
        by_die: dict[str, float] = {}
        for move, share in shares.items():
            start = name(Move.parse(move).start)
            by_die[start] = by_die.get(start, 0.0) + share
        best = name(Move.parse(line[0][0]).start) if line else ""
        self.shares = shares
        for target in self.targets():
            where = str(target.getAttribute("data-cell"))
            if where in by_die:
                target.setAttribute("data-share", str(round(100 * by_die[where])))
            else:
                target.removeAttribute("data-share")
            target.classList.toggle("best", where == best)

    # --- words and pictures ------------------------------------------------------------------

    @staticmethod
    def move_text(shown: AnyGame, played: AnyTurn) -> str:
        """A turn in the move list: its move, and the dice it took."""
        turn = own(played, Turn)
        taken = "".join(f" ×{value}" for _, value in turn.captured)
        return str(turn.move) + taken

    @staticmethod
    def save_picture(shown: AnyGame, kind: str) -> None:
        """Save the position as an SVG or a PNG file."""
        game = own(shown, Game)
        from web.shell.pictures import download_drawing

        width, height = size()
        download_drawing(f"chase-move-{game.turn_count}.{kind}", board_svg(game, standalone=True), width, height,
                         kind, PAINT["paper"])


def _die_words(game: Game, index: int) -> str:
    found = game.die_at(index)
    return "" if found is None else f"{SIDE_TITLES[found[0]]} {found[1]} on {name(index)}"
