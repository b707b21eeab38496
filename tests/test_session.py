"""The page's interaction rules (``web.shell.game_session``), on CPython (no browser): on Cachex
games, then on every game of the registry."""

import random
from typing import Any

import pytest

from cachex import Game, RecordError
from cachex.levels import DEFAULT_LEVEL
from web.registry import GAMES, GameEntry, entry, load
from web.shell.game_session import RANDOM, Choice, GameSession, default_choice

by_game = pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])


def cachex_choice(n: int = 9, mode: str = "two", human: str = "red", level: str = DEFAULT_LEVEL) -> Choice:
    """A Cachex game's settings, as the form gives them."""
    return Choice(n, mode, human, level)


def cachex_session(settings: Choice | None = None) -> GameSession:
    """The page's session of a Cachex game."""
    return _session(entry("cachex"), settings)


def test_undo_against_the_computer_returns_to_the_persons_last_move() -> None:
    session = cachex_session(cachex_choice(n=5, mode="computer", human="red"))
    session.play("a1")
    assert session.computer_to_move() and not session.person_may_move()
    session.play("b2")  # the computer's reply
    session.play("c1")
    session.play("d2")
    assert session.undo()
    assert [str(m) for m in session.game.moves] == ["a1", "b2"]
    assert session.game.to_move == "red" and session.person_may_move()
    assert session.redo()
    assert [str(m) for m in session.game.moves] == ["a1", "b2", "c1", "d2"]


def test_undo_while_the_computer_thinks_takes_back_the_persons_move() -> None:
    session = cachex_session(cachex_choice(n=5, mode="computer", human="red"))
    session.play("a1")
    assert session.undo()
    assert session.game.moves == [] and session.person_may_move()


def test_person_playing_blue_cannot_undo_the_computers_opening() -> None:
    session = cachex_session(cachex_choice(n=5, mode="computer", human="blue"))
    assert session.computer_to_move()
    session.play("a1")
    assert not session.can_undo()
    session.play("swap")
    session.play("b3")
    assert session.undo()
    assert [str(m) for m in session.game.moves] == ["a1"]


def test_review_shows_earlier_positions_and_blocks_play() -> None:
    session = cachex_session(cachex_choice(n=5))
    for move in ["a1", "b2", "c3"]:
        session.play(move)
    session.review(1)
    assert session.shown().moves == session.game.moves[:1]
    assert not session.person_may_move() and not session.can_undo()
    with pytest.raises(ValueError, match="reviewing"):
        session.play("d4")
    session.live()
    assert session.shown() is session.game
    with pytest.raises(ValueError, match="no move 9"):
        session.review(9)


def test_bad_fragment_keeps_the_game() -> None:
    session = cachex_session(cachex_choice(n=5))
    session.play("a1")
    with pytest.raises(RecordError):
        session.load_fragment("v1.5.zz")
    assert [str(m) for m in session.game.moves] == ["a1"]
    session.load_fragment("#v1.7.b2")
    assert session.game.size == 7 and session.settings.size == 7


def test_a_link_keeps_the_computers_colour_and_level() -> None:
    session = cachex_session(cachex_choice(n=5, mode="computer", human="blue", level="hard"))
    session.play("b2")
    assert session.to_fragment() == "v2.5.red-hard.b2"
    other = cachex_session()
    other.load_fragment(session.to_fragment())
    assert other.settings == cachex_choice(n=5, mode="computer", human="blue", level="hard")
    assert other.person_may_move() and other.game.moves == session.game.moves
    other.load_fragment("v2.5.blue-easy.b2")  # the computer's turn: it should move
    assert other.computer_to_move() and other.settings.level == "easy"


def test_a_v1_link_opens_a_game_between_two_people() -> None:
    session = cachex_session(cachex_choice(n=5, mode="computer", human="blue", level="hard"))
    session.load_fragment("v1.7.b2")
    assert session.settings == cachex_choice(n=7, mode="two", human="blue", level="hard")
    assert session.to_fragment() == "v1.7.b2"


@pytest.mark.parametrize("bad", ["v2.5.green-hard.b2", "v2.5.red-godlike", "v2.5.b2"])
def test_bad_computer_settings_in_a_link_change_nothing(bad: str) -> None:
    session = cachex_session(cachex_choice(n=5))
    session.play("a1")
    with pytest.raises(RecordError):
        session.load_fragment(bad)
    assert session.to_fragment() == "v1.5.a1" and session.settings == cachex_choice(n=5)


@pytest.mark.parametrize(("settings", "message"), [
    (cachex_choice(n=2), "board size"),
    (cachex_choice(level="godlike"), "unknown level"),
    (cachex_choice(mode="online"), "unknown opponent"),
    (cachex_choice(mode="computer", human="green"), "unknown side"),
])
def test_bad_settings_are_refused_and_change_nothing(settings: Choice, message: str) -> None:
    session = cachex_session(cachex_choice(n=5))
    session.play("a1")
    with pytest.raises(ValueError, match=message):
        session.new_choice(settings)
    assert session.settings == cachex_choice(n=5)
    assert session.game.size == 5 and session.game.turn_count == 1


def test_review_steps_back_and_on_within_the_game_and_returns_live_at_the_end() -> None:
    session = cachex_session(cachex_choice(n=5))
    for move in ("a1", "b2", "c3"):
        session.play(move)
    assert session.shown_ply() == 3 and not session.step_review(1)  # already the live game
    assert session.step_review(-1) and session.view == 2
    assert session.step_review(-5) and session.view == 0 and not session.step_review(-1)
    assert session.step_review(3) and session.view is None and session.shown_ply() == 3


def test_the_swap_is_known_by_the_cell_it_put_the_stone_on() -> None:
    game = Game(5)
    game.play("d2")
    assert game.swapped_to() is None
    game.play("swap")
    game.play("c3")
    assert game.swapped_to() == "b4"


def test_the_analysis_is_offered_against_the_computer_only_once_the_game_is_over() -> None:
    session = cachex_session(cachex_choice(n=3, mode="computer", human="red"))
    assert not session.may_analyse()
    session.load_fragment("v2.3.blue-beginner.a1.c1.a2.c2.a3")
    assert session.game.outcome is not None and session.may_analyse()
    assert cachex_session(cachex_choice(n=3)).may_analyse()  # between two people, always


def test_a_rematch_keeps_the_size_and_level_and_swaps_the_persons_colour() -> None:
    session = cachex_session(cachex_choice(n=7, mode="computer", human="blue", level="hard"))
    session.play("d2")
    session.rematch()
    assert session.settings == cachex_choice(7, "computer", "red", "hard") and session.game.turn_count == 0
    two = cachex_session(cachex_choice(n=5))
    two.rematch()
    assert two.settings == cachex_choice(5, "two", "red")


def test_against_the_computer_the_person_resigns_even_while_it_thinks() -> None:
    session = cachex_session(cachex_choice(n=5, mode="computer", human="red", level="easy"))
    session.play("d2")  # now the computer (blue) is to move
    assert session.computer_to_move() and session.resign()
    assert session.game.outcome is not None and session.game.outcome.winner == "blue"
    assert not session.computer_to_move() and not session.can_undo() and not session.resign()
    assert session.to_fragment() == "v2.5.blue-easy.d2.red-resigns"


def test_between_two_people_the_player_to_move_resigns_but_not_while_reviewing() -> None:
    session = cachex_session(cachex_choice(n=5))
    session.play("d2")
    session.review(0)
    assert not session.can_resign() and not session.resign()
    session.live()
    assert session.resign() and session.game.resigned == "blue"
    session.load_fragment(session.to_fragment())
    assert session.game.status() == "Red wins: blue resigned"


def test_the_shared_rules_undo_redo_and_review_a_cubox_game_against_the_computer() -> None:
    from cubox.game import Game as Cubox
    from cubox.levels import search_budget as cubox_budget

    session = GameSession(entry("cubox"), Cubox, cubox_budget, Choice(4, "computer", "o", "beginner"))  # X
    for move in ("c3", "a1", "e1"):  # X, the person (O), X
        session.play(move)
    assert session.undo() and [str(m) for m in session.game.moves] == ["c3"]  # back to before O's a1
    assert session.redo() and [str(m) for m in session.game.moves] == ["c3", "a1", "e1"]
    assert session.review_key("Home") and session.shown().turn_count == 0 and not session.person_may_move()
    assert session.review_key("ArrowRight") and session.shown_ply() == 1
    assert session.review_key("End") and session.view is None and not session.review_key("End")


# --- every game of the registry -----------------------------------------------------------


def _session(game: GameEntry, chosen: Choice | None = None) -> GameSession:
    """The session a game's page makes: the game's class and budgets, and ``start`` where
    either side may start."""
    cls: Any = load(f"{game.name}:Game")
    budget = load(f"{game.name}.levels:search_budget")
    return GameSession(game, cls, budget, chosen, start=cls if "first" in game.offers else None)


def _random_game(session: GameSession, rng: random.Random, turns: int) -> None:
    for _ in range(turns):
        if session.game.outcome is not None:
            break
        session.play(rng.choice(list(session.game.legal_moves())))


@by_game
def test_a_session_starts_with_the_games_first_settings_and_refuses_bad_ones(game: GameEntry) -> None:
    session = _session(game)
    assert session.settings == default_choice(game) and session.settings.fits(game)
    assert session.game.size == game.default_size and session.game.turn_count == 0
    before = session.to_fragment()
    first = default_choice(game)
    for bad, message in [(Choice(first.size, "online", first.human, first.level, first.first), "opponent"),
                         (Choice(first.size, "two", "nobody", first.level, first.first), "side"),
                         (Choice(first.size, "two", first.human, "godlike", first.first), "level"),
                         (Choice(-1, "two", first.human, first.level, first.first), "-1")]:
        with pytest.raises(ValueError, match=message):
            session.new_choice(bad)
        assert session.to_fragment() == before and session.settings == first


@by_game
def test_a_session_keeps_its_game_and_players_through_its_link(game: GameEntry) -> None:
    second = game.sides[1].code
    session = _session(game, Choice(game.default_size, "computer", second, game.levels[-1],
                                    default_choice(game).first))
    assert session.computer_side == game.sides[0].code and session.computer_to_move()
    _random_game(session, random.Random(3), 6)
    other = _session(game)
    other.load_fragment(session.to_fragment())
    assert other.settings == session.settings and other.to_fragment() == session.to_fragment()
    assert [t.side for t in other.game.history] == [t.side for t in session.game.history]
    assert [g.turn_count for g in other.replayed()] == list(range(other.game.turn_count + 1))
    assert other.shown() is other.game


@by_game
def test_a_link_with_a_refused_move_opens_at_its_longest_valid_start(game: GameEntry) -> None:
    session = _session(game)
    _random_game(session, random.Random(5), 4)
    good = session.to_fragment()
    other = _session(game)
    refused = other.load_start(good + ".zz9")
    assert refused is not None and "move 5" in str(refused) and other.to_fragment() == good
    with pytest.raises(ValueError, match="move 5"):
        other.load_fragment(good + ".zz9")
    assert other.to_fragment() == good


@by_game
def test_undo_against_the_computer_goes_back_to_the_persons_move_and_a_resignation_stands(game: GameEntry) -> None:
    session = _session(game, Choice(game.default_size, "computer", game.sides[0].code, game.levels[0],
                                    default_choice(game).first))
    _random_game(session, random.Random(9), 3)  # the person, the computer, the person
    assert session.game.history[-1].side == game.sides[0].code
    assert session.undo() and session.game.turn_count == 2 and session.person_may_move()
    assert session.redo() and session.game.turn_count == 3
    assert session.resign() and session.game.resigned == game.sides[0].code
    assert not session.can_undo() and session.to_fragment().endswith(f"{game.sides[0].code}-resigns")


def test_a_random_start_draws_the_side_that_starts_and_the_link_keeps_it() -> None:
    chase = entry("chase")
    starters = set()
    for _ in range(40):
        session = _session(chase, Choice(9, "two", "white", chase.default_level, RANDOM))
        starters.add(session.game.to_move)
        assert session.settings.first == RANDOM
        again = _session(chase)
        again.load_fragment(session.to_fragment())
        assert again.game.to_move == session.game.to_move
    assert starters == {"white", "black"}
