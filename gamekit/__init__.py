"""Code that serves several games: the Monte Carlo tree search (``gamekit.mcts``), the
messages between the page and the computer's worker (``gamekit.protocol``) and plain
value classes (``gamekit.value``; these two also run on the page's MicroPython)."""
