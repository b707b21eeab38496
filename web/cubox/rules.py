"""How to play Cubox: the rules panel the page shows while the game is open."""

RULES_HTML = (
    "<ul>"
    "<li>X (red) and O (blue) take turns adding a cubox: <b>drop</b> it in an empty hollow, or <b>stack</b> it on a "
    "flat triangle of one of your cubox and two of your opponent's (the dashed outlines).</li>"
    "<li>Two cubox of a colour are joined where they touch corner to corner on a level (a cubox stacked "
    "over the pair cuts that contact: a cross marks it) or where one rests on the other.</li>"
    "<li>Join all three sides of the board with one chain to win. A cubox touches a side if it is one of "
    "the outermost of its level.</li>"
    "<li><b>Swap:</b> instead of O's first cubox, O may take X's as its own. A player who cannot move "
    "passes; two passes in a row with no winner is a draw (a deadlock).</li>"
    "<li>Cubox was designed by Cameron Browne (pbmserv, 2005). Numbers on cubox are their levels.</li>"
    "</ul>"
)
