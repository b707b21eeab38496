"""The games the site plays: the one place that names them.

Everything else that has to know the games asks this module: the page's entry
(``web.shell.main``: which game an address holds, which page module to start,
the picker, each game's form options), the search worker (which engine answers
a record), the setup step (which bundles of bytecode to build), the service
worker's list of files, the publishing workflow and the browser tests. It runs
on the page's main thread (MicroPython) before any game's files are there, so it
imports nothing (its classes are plain, not ``gamekit.value`` values).

>>> game_of("v1.9.d2.swap").name, game_of("#Cubox.8.e5").name, game_of("cubox").name
('cachex', 'cubox', 'cubox')
>>> game_of("") is None, game_of("chess.1") is None
(True, True)
>>> entry("cubox").side_label("x"), entry("cubox").player("o")
('X (red)', 1)
"""

# Nothing is imported at run time: MicroPython runs this before the stand-ins for
# ``typing`` and ``__future__`` are there (a local ``TYPE_CHECKING`` serves type checkers).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# What a game may offer on the page, by the shell's action names ("first": either side may
# start, and the new-game form asks which).
OFFERS = ("swap", "pass", "resign", "hint", "analyse", "graph", "first", "turn")


class Side:
    """One player's side: its code in records, the name the page shows and the paint it plays."""

    __slots__ = ("code", "name", "paint")
    code: str
    name: str
    paint: str

    def __init__(self, code: str, name: str, paint: str) -> None:
        self.code = code
        self.name = name
        self.paint = paint

    def __repr__(self) -> str:
        return f"Side({self.code!r}, {self.name!r}, {self.paint!r})"

    def label(self) -> str:
        """The side's name with its paint, as the page shows it: "X (red)", or "Red" where the
        name is the paint."""
        return self.name if self.name.lower() == self.paint else f"{self.name} ({self.paint})"

    def word(self) -> str:
        """The side inside a sentence: "X (red)", or "red" where the name is the paint."""
        return self.paint if self.name.lower() == self.paint else self.label()


class GameEntry:
    """One game of the site.

    ``prefixes`` are the starts of its records (``"v1."``); ``sizes`` the board sizes
    offered, ``default_size`` the first; ``sides`` first player first; ``levels`` the
    computer's strengths, weakest first (the game's ``levels`` module holds their
    budgets; a test checks the names agree); ``offers`` the shell's actions it has;
    ``page`` the module and class of its page (``"web.cachex.page:Page"``), ``engine``
    the worker's module and class that answers its records; ``example`` a record to
    show as an example in Open; ``counts`` what its search counts as it thinks
    ("playouts" for a tree search, "positions" for an alpha-beta).
    """

    __slots__ = ("name", "title", "tagline", "prefixes", "sizes", "default_size", "sides", "levels",
                 "default_level", "offers", "page", "engine", "example", "counts")
    name: str
    title: str
    tagline: str
    prefixes: tuple[str, ...]
    sizes: tuple[int, ...]
    default_size: int
    sides: tuple[Side, Side]
    levels: tuple[str, ...]
    default_level: str
    offers: tuple[str, ...]
    page: str
    engine: str
    example: str
    counts: str

    def __init__(self, name: str, title: str, tagline: str, prefixes: tuple[str, ...],
                 sizes: tuple[int, ...], default_size: int, sides: tuple[Side, Side],
                 levels: tuple[str, ...], default_level: str, offers: tuple[str, ...], page: str,
                 engine: str, example: str, counts: str = "playouts") -> None:
        self.name = name
        self.title = title
        self.tagline = tagline
        self.prefixes = prefixes
        self.sizes = sizes
        self.default_size = default_size
        self.sides = sides
        self.levels = levels
        self.default_level = default_level
        self.offers = offers
        self.page = page
        self.engine = engine
        self.example = example
        self.counts = counts

    def __repr__(self) -> str:
        return f"GameEntry({self.name!r})"

    def holds(self, fragment: str) -> bool:
        """Whether ``fragment`` (an address's, without ``#``, in lower case) is one of this game's
        records, or the game's bare name (a new game of it)."""
        return fragment == self.name or any(fragment.startswith(prefix) for prefix in self.prefixes)

    def side(self, code: str) -> Side:
        """The side whose record code is ``code``; ``ValueError`` for another."""
        for side in self.sides:
            if side.code == code:
                return side
        raise ValueError(f"{self.title} has no side {code!r}: choose "
                         + " or ".join(side.code for side in self.sides))

    def player(self, code: str) -> int:
        """The player (0 the first, 1 the second) who plays the side ``code``."""
        return 0 if self.side(code) is self.sides[0] else 1

    def side_label(self, code: str) -> str:
        """The side's name with its paint ("X (red)")."""
        return self.side(code).label()

    def counted(self, number: int) -> str:
        """How much its search counted: "1 playout", "2,048 positions"."""
        word = self.counts[:-1] if number == 1 else self.counts
        return f"{number:,} {word}"

    def side_word(self, code: str) -> str:
        """The side inside a sentence ("X (red)", "red")."""
        return self.side(code).word()


LEVELS = ("beginner", "easy", "medium", "hard", "strongest")

GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        "cachex", "Cachex", "Hex with captures and a swap: Red joins the two red edges, Blue the two blue ones.",
        ("v1.", "v2."), tuple(range(3, 16)), 9,
        (Side("red", "Red", "red"), Side("blue", "Blue", "blue")), LEVELS, "medium",
        ("swap", "resign", "hint", "analyse", "graph"),
        "web.cachex.page:Page", "cachex.engine.worker:Worker", "v1.9.d2.swap.e5"),
    GameEntry(
        "cubox", "Cubox", "Cameron Browne's stacking connection game: join all three sides with your cubox.",
        ("cubox.",), tuple(range(3, 17)), 8,
        (Side("x", "X", "red"), Side("o", "O", "blue")), LEVELS, "medium",
        ("swap", "pass", "resign", "hint", "analyse", "graph"),
        "web.cubox.page:CuboxPage", "cubox.engine.worker:CuboxWorker", "cubox.8.e5.swap"),
    GameEntry(
        "cluster42", "42-cluster", "Four in a row with gravity you turn and chips drawn blind from your bag.",
        ("cluster42.",), tuple(range(3, 11)), 5,
        (Side("1", "Player 1", "red"), Side("2", "Player 2", "blue")), LEVELS, "medium",
        ("resign", "hint", "analyse", "graph"),
        "web.cluster42.page:ClusterPage", "cluster42.engine.worker:ClusterWorker",
        "cluster42.5.s2a.-1c1.4c3.-2c0.r2.3c0", "positions"),
    GameEntry(
        "chase", "Chase", "Dice on a wrapped hex board: move a die as far as it shows, capture, bump and split.",
        ("chase.",), (9,), 9,
        (Side("white", "White", "white"), Side("black", "Black", "black")), LEVELS, "medium",
        ("resign", "hint", "analyse", "graph", "first", "turn"),
        "web.chase.page:ChasePage", "chase.engine.worker:ChaseWorker", "chase.a5-f8ne.i6-e4sw",
        "positions"),
)

# The site's name, which covers its games.
SITE = "Hexhall"


def entry(name: str) -> GameEntry:
    """The game called ``name``; ``ValueError`` naming the games for another."""
    for game in GAMES:
        if game.name == name:
            return game
    raise ValueError(f"no game {name!r}: choose one of {', '.join(g.name for g in GAMES)}")


def game_of(fragment: str) -> GameEntry | None:
    """The game whose record (or bare name) ``fragment`` is, ``#`` and case aside; ``None``
    for an empty fragment or one no game reads."""
    text = fragment.strip().lstrip("#").strip().lower()
    if not text:
        return None
    for game in GAMES:
        if game.holds(text):
            return game
    return None


def load(spec: str) -> "Any":
    """The object a ``"module:name"`` spec names, imported on first use (works under MicroPython,
    whose ``__import__`` returns the top package)."""
    module_name, _, name = spec.partition(":")
    module = __import__(module_name)
    for part in module_name.split(".")[1:]:
        module = getattr(module, part)
    return getattr(module, name)
