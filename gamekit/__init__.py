"""What several games share, naming none: the contract (``contract``), moves built click by
click (``moves``), input (``inputs``), records (``records``), resigning and replaying
(``played``), sizes (``sizes``), levels (``levels``), values (``value``) and the worker's
messages (``protocol``), also on the page's MicroPython; the worker's loop (``search_worker``),
the tree search (``mcts``), command lines (``cli``), win rates (``stats``), tables (``literals``)."""
