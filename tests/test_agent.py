"""The referee agent, driven the way the course's referee drives it."""

import pytest

from cachex import Game, Move
from cachex.agent import Player, move_time


def referee_game(n: int, time_limit: float) -> tuple[Game, Player, Player]:
    red, blue = Player("red", n, time_limit=time_limit), Player("blue", n, time_limit=time_limit)
    game = Game(n)
    while game.outcome is None:
        mover = red if game.to_move == "red" else blue
        action = mover.action()
        # The referee accepts exactly these shapes, with plain ints.
        assert isinstance(action, tuple)
        assert action == ("STEAL",) or (
            len(action) == 3 and action[0] == "PLACE" and all(type(v) is int for v in action[1:]))
        game.play(Move.from_action(action))  # raises if illegal
        for agent in (red, blue):
            agent.turn(game.history[-1].colour, action)
    return game, red, blue


def test_two_agents_play_a_legal_game_within_their_time() -> None:
    game, red, blue = referee_game(5, time_limit=4.0)
    assert game.outcome is not None
    assert red.used <= 4.0 and blue.used <= 4.0
    assert red.game == game and blue.game == blue.game


def test_agent_reports_an_illegal_referee_move() -> None:
    player = Player("blue", 5)
    player.turn("red", ("PLACE", 1, 1))
    with pytest.raises(ValueError, match="illegal"):
        player.turn("blue", ("PLACE", 1, 1))
    with pytest.raises(ValueError, match="not an action"):
        player.turn("blue", ("PLACE", 1.0, 2))


def test_agent_rejects_a_bad_colour() -> None:
    with pytest.raises(ValueError, match="'red' or 'blue'"):
        Player("green", 5)


def test_move_time_spreads_what_is_left_over_the_moves_to_come() -> None:
    early = move_time(60.0, Game.from_fragment("v1.9.a1.b1"))
    late = move_time(60.0, Game.from_fragment("v1.9." + ".".join(f"{c}{r}" for r in (1, 2, 3, 4)
                                                                  for c in "abcdefghi")))
    assert 0 < early < late <= 60.0 / 3  # fewer moves to come: more for each
    assert early < 60.0 / 10
    assert move_time(0.0, Game(9)) == 0.0
    # The opening and the swap decision get a double share.
    assert move_time(60.0, Game(9)) > 1.9 * move_time(60.0, Game.from_fragment("v1.9.a1.b1"))
