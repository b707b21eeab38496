"""How to play Cachex: the rules panel the page shows while the game is open."""

RULES_HTML = (
    "<ul>"
    "<li>Take turns putting a stone on an empty hex. Red moves first, not in the centre.</li>"
    "<li><b>Red</b> wins by joining the red edges (rows 1 and n), <b>Blue</b> by joining the blue edges "
    "(columns a and the last). Corners belong to both.</li>"
    "<li><b>Capture:</b> complete a diamond with your two stones on one diagonal and two enemy stones on "
    "the other, and those two are removed.</li>"
    "<li><b>Swap:</b> instead of Blue's first stone, Blue may take Red's stone (mirrored across the long "
    "diagonal).</li>"
    "<li>The same position seven times, or 343 turns, is a draw.</li>"
    "<li>Keyboard: arrow keys move between cells, Enter plays, u undoes, r redoes, a switches the "
    "analysis on and off.</li>"
    "</ul>"
)
