"""What several games share, naming none: the game contract (``contract``), moves built click
by click (``moves``), input (``inputs``), records (``records``), resigning and replaying
(``played``), levels (``levels``), value classes (``value``) and the worker's messages
(``protocol``), all also on the page's MicroPython; the worker's search loop
(``search_worker``), the tree search (``mcts``), the command lines' pieces (``cli``) and
win-rate figures (``stats``)."""
