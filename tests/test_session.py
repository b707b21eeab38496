"""The page's interaction rules, on CPython (no browser)."""

import pytest

from cachex import RecordError
from web.cachex.session import Session, Settings


def test_undo_against_the_computer_returns_to_the_persons_last_move() -> None:
    session = Session(Settings(n=5, mode="computer", human="red"))
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
    session = Session(Settings(n=5, mode="computer", human="red"))
    session.play("a1")
    assert session.undo()
    assert session.game.moves == [] and session.person_may_move()


def test_person_playing_blue_cannot_undo_the_computers_opening() -> None:
    session = Session(Settings(n=5, mode="computer", human="blue"))
    assert session.computer_to_move()
    session.play("a1")
    assert not session.can_undo()
    assert session.swap_target() == "a1"
    session.play("swap")
    session.play("b3")
    assert session.undo()
    assert [str(m) for m in session.game.moves] == ["a1"]


def test_review_shows_earlier_positions_and_blocks_play() -> None:
    session = Session(Settings(n=5))
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
    session = Session(Settings(n=5))
    session.play("a1")
    with pytest.raises(RecordError):
        session.load_fragment("v1.5.zz")
    assert [str(m) for m in session.game.moves] == ["a1"]
    session.load_fragment("#v1.7.b2")
    assert session.game.n == 7 and session.settings.n == 7


def test_a_link_keeps_the_computers_colour_and_level() -> None:
    session = Session(Settings(n=5, mode="computer", human="blue", level="hard"))
    session.play("b2")
    assert session.to_fragment() == "v2.5.red-hard.b2"
    other = Session()
    other.load_fragment(session.to_fragment())
    assert other.settings == Settings(n=5, mode="computer", human="blue", level="hard")
    assert other.person_may_move() and other.game.moves == session.game.moves
    other.load_fragment("v2.5.blue-easy.b2")  # the computer's turn: it should move
    assert other.computer_to_move() and other.settings.level == "easy"


def test_a_v1_link_opens_a_game_between_two_people() -> None:
    session = Session(Settings(n=5, mode="computer", human="blue", level="hard"))
    session.load_fragment("v1.7.b2")
    assert session.settings == Settings(n=7, mode="two", human="blue", level="hard")
    assert session.to_fragment() == "v1.7.b2"


@pytest.mark.parametrize("bad", ["v2.5.green-hard.b2", "v2.5.red-godlike", "v2.5.b2"])
def test_bad_computer_settings_in_a_link_change_nothing(bad: str) -> None:
    session = Session(Settings(n=5))
    session.play("a1")
    with pytest.raises(RecordError):
        session.load_fragment(bad)
    assert session.to_fragment() == "v1.5.a1" and session.settings == Settings(n=5)


@pytest.mark.parametrize(("settings", "message"), [
    (Settings(n=2), "board size"),
    (Settings(level="godlike"), "unknown level"),
    (Settings(mode="online"), "unknown mode"),
    (Settings(mode="computer", human="green"), "unknown colour"),
])
def test_bad_settings_are_refused_and_change_nothing(settings: Settings, message: str) -> None:
    session = Session(Settings(n=5))
    session.play("a1")
    with pytest.raises(ValueError, match=message):
        session.new_game(settings)
    assert session.game.n == 5 and session.game.turn_count == 1


def test_review_steps_back_and_on_within_the_game_and_returns_live_at_the_end() -> None:
    session = Session(Settings(n=5))
    for move in ("a1", "b2", "c3"):
        session.play(move)
    assert session.shown_ply() == 3 and not session.step_review(1)  # already the live game
    assert session.step_review(-1) and session.view == 2
    assert session.step_review(-5) and session.view == 0 and not session.step_review(-1)
    assert session.step_review(3) and session.view is None and session.shown_ply() == 3


def test_the_swap_is_known_by_the_cell_it_put_the_stone_on() -> None:
    session = Session(Settings(n=5))
    session.play("d2")
    assert session.game.swapped_to() is None
    session.play("swap")
    session.play("c3")
    assert session.game.swapped_to() == "b4"


def test_the_analysis_is_offered_against_the_computer_only_once_the_game_is_over() -> None:
    session = Session(Settings(n=3, mode="computer", human="red"))
    assert not session.may_analyse()
    session.load_fragment("v2.3.blue-beginner.a1.c1.a2.c2.a3")
    assert session.game.outcome is not None and session.may_analyse()
    assert Session(Settings(n=3)).may_analyse()  # between two people, always


def test_a_rematch_keeps_the_size_and_level_and_swaps_the_persons_colour() -> None:
    session = Session(Settings(n=7, mode="computer", human="blue", level="hard"))
    session.play("d2")
    session.rematch()
    assert session.settings == Settings(7, "computer", "red", "hard") and session.game.turn_count == 0
    two = Session(Settings(n=5))
    two.rematch()
    assert two.settings == Settings(5, "two", "red")


def test_against_the_computer_the_person_resigns_even_while_it_thinks() -> None:
    session = Session(Settings(n=5, mode="computer", human="red", level="easy"))
    session.play("d2")  # now the computer (blue) is to move
    assert session.computer_to_move() and session.resign()
    assert session.game.outcome is not None and session.game.outcome.winner == "blue"
    assert not session.computer_to_move() and not session.can_undo() and not session.resign()
    assert session.to_fragment() == "v2.5.blue-easy.d2.red-resigns"


def test_between_two_people_the_player_to_move_resigns_but_not_while_reviewing() -> None:
    session = Session(Settings(n=5))
    session.play("d2")
    session.review(0)
    assert not session.can_resign() and not session.resign()
    session.live()
    assert session.resign() and session.game.resigned == "blue"
    session.load_fragment(session.to_fragment())
    assert session.game.status() == "Red wins: blue resigned"


def test_the_shared_rules_undo_redo_and_review_a_cubox_game_against_the_computer() -> None:
    from web.cubox.session import CuboxSession, new_settings

    session = CuboxSession(new_settings(4, "computer", "o", "beginner"))  # the computer is X
    for move in ("c3", "a1", "e1"):  # X, the person (O), X
        session.play(move)
    assert session.undo() and [str(m) for m in session.game.moves] == ["c3"]  # back to before O's a1
    assert session.redo() and [str(m) for m in session.game.moves] == ["c3", "a1", "e1"]
    assert session.review_key("Home") and session.shown().turn_count == 0 and not session.person_may_move()
    assert session.review_key("ArrowRight") and session.shown_ply() == 1
    assert session.review_key("End") and session.view is None and not session.review_key("End")
