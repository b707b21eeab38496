"""Code that serves several games: the Monte Carlo tree search (``gamekit.mcts``), the
messages between the page and the computer's worker (``gamekit.protocol``), plain
value classes (``gamekit.value``) and the reading of a level table (``gamekit.levels``);
all but the search also run on the page's MicroPython."""
