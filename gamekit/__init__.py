"""Code that serves several games: the Monte Carlo tree search (``gamekit.mcts``)."""
