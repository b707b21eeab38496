"""Another version's referee agent over stdin and stdout, for the arena's version ladder.

``bench.arena`` (agent ``agent@REV``) runs this file with ``PYTHONPATH`` set to
that version's files, so that ``import cachex`` finds the old code; the file
itself uses only the standard library and the ``Player`` every version has.

It reads JSON lines: first ``{"player", "n", "seed", "time_limit"}``, then one
per move wanted, ``{"turns": [[colour, action], ...]}`` with the turns played
since the last. Each move is answered with ``{"action": [...], "cpu": s}``:
the action and the CPU seconds this process spent on the request (the first
also counts making the player, as the referee would).
"""

from __future__ import annotations

import json
import sys
import time

from cachex.agent import Player


def main() -> None:
    """Serve moves until the input ends."""
    start = time.process_time()
    setup = json.loads(sys.stdin.readline())
    player = Player(setup["player"], setup["n"], seed=setup["seed"], time_limit=setup["time_limit"])
    carried = time.process_time() - start
    for line in sys.stdin:
        start = time.process_time()
        for colour, action in json.loads(line)["turns"]:
            player.turn(colour, tuple(action))
        action = player.action()
        cpu = time.process_time() - start + carried
        carried = 0.0
        print(json.dumps({"action": list(action), "cpu": cpu}), flush=True)


if __name__ == "__main__":
    main()
