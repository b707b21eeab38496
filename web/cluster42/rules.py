"""How to play 42-cluster: the rules panel the page shows while the game is open."""

RULES_HTML = (
    "<ul>"
    "<li>Make a run of <b>four chips of one colour</b> in a row, in any of the three directions. Player 1 has "
    "the red (circle) and amber (triangle) chips, Player 2 the blue (square) and teal (diamond) ones; "
    "a player's two colours never join.</li>"
    "<li>Each turn you draw two chips from your own bag (shown above the board, with what is left in both bags). "
    "Either <b>drop</b> one of them: choose it, then the line it falls into (the numbered circles above the "
    "board); the other goes back into the bag. Or <b>rotate</b>: discard both chips and turn gravity towards "
    "one of the six arrows; every chip then falls at once.</li>"
    "<li>After every move, the longest run of one colour wins if it is at least four long and all runs of that "
    "length are one player's, whoever moved (a rotation can hand the game to the other player). A longer run "
    "beats a shorter one; while both players hold a run of the longest length, play goes on.</li>"
    "<li>A player whose bag is empty at the start of their turn loses; with one chip left, you must drop it.</li>"
    "<li>42-cluster was made for bots to play under its referee: <code>python -m cluster42 bot</code> is this "
    "computer as one. The link keeps the game's draws, so it replays exactly.</li>"
    "</ul>"
)
