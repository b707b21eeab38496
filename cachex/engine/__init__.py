"""The engine: everything the computer needs to choose a move, none of it on the page's main thread.

- ``tactics``: wins in one, captures and the moves that stop a win in one;
- ``playout``: random games to the end, the search's evaluation;
- ``tree``: the search tree's nodes, their statistics, selection and backup;
- ``settings``: the search's settings (``Settings``) and the computer's (``PLAY``);
- ``proof``: how much of a search goes to proof-number search, and what it checks;
- ``solver``: the proof-number search itself;
- ``paths``, ``patterns``: what the move prior is made of;
- ``book``: the opening book, read from ``cachex/data/book``;
- ``result``: what a search returns (``SearchResult``);
- ``search``: the search driver, ``MCTS``, and ``Thinking``, one move's search in slices;
- ``worker``: the engine's side of ``gamekit.protocol``, what the page's worker runs.
"""
