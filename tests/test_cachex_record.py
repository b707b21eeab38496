import random

import pytest

from cachex import Game, Move, RecordError
from cachex.record import MAX_LENGTH, MAX_MOVES, GameRecord, decode, encode
from cachex.rules import TURN_LIMIT


def _random_game(n: int, turns: int, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game(n)
    while game.turn_count < turns and game.outcome is None:
        game.play(rng.choice(game.legal_moves()))
    return game


def test_fragment_is_versioned_and_readable() -> None:
    game = Game(9)
    for move in ["d2", "swap", "e4"]:
        game.play(move)
    assert game.to_fragment() == "v1.9.d2.swap.e4"
    assert Game(5).to_fragment() == "v1.5"


def test_fragment_round_trip_keeps_repetition_counts_and_outcome() -> None:
    game = Game(7)
    for move in ["b2", "f6", "a3", "e7", "g1"] + ["a2", "e6", "b3", "f7", "f6", "b2", "e7", "a3"] * 2:
        game.play(move)
    copy = Game.from_fragment(game.to_fragment())
    assert copy == game
    assert copy.repetition_count() == 3


def test_long_game_on_the_largest_board_has_a_short_fragment() -> None:
    game = _random_game(15, 100, seed=1)
    fragment = game.to_fragment()
    assert game.turn_count == 100
    assert len(fragment) < 500
    assert all(ch.isalnum() or ch == "." for ch in fragment)


def test_fragment_accepts_hash_case_and_spaces() -> None:
    assert Game.from_fragment(" #V1.5.D2.Swap ").to_fragment() == "v1.5.d2.swap"


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty"),
    ("#", "empty"),
    ("v7.9", "unknown record version 'v7'"),
    ("v1.²", "'v1.²' has another character"),
    ("v1.٦.a1", "only letters, digits and signs"),
    ("hello", "unknown record version"),
    ("v1", "no board size"),
    ("v1.", "no board size"),
    ("v1.x", "board size 'x'"),
    ("v1.09", "board size '09'"),
    ("v1.2", "board size must be from 3 to 15, not 2"),
    ("v1.16", "board size must be from 3 to 15, not 16"),
    ("v1.5.d2..a1", "move 2 is empty"),
    ("v1.5.d2.", "move 2 is empty"),
    ("v1.5.d2.zz", r"move 2 \('zz'\) is malformed"),
    ("v1.5.d2.d2", r"move 2 \('d2'\) is illegal: d2 is occupied"),
    ("v1.5.c3", "centre"),
    ("v1.5.f1", "off the 5 x 5 board"),
    ("v1.5.a1.b1.swap", "Blue's first turn"),
    ("v1.3.a1.c1.a2.c2.a3.b1", "game is over"),
    ("v1.9." + "a1." * 2000, "too long"),
    ("v1.5.<script>", "malformed"),
])
def test_bad_records_raise_record_error_naming_the_part(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Game.from_fragment(text)


def test_non_text_record_is_a_record_error() -> None:
    with pytest.raises(RecordError, match="must be text"):
        Game.from_fragment(None)  # type: ignore[arg-type]


def test_the_codec_reads_form_only_and_the_game_judges_legality() -> None:
    assert decode("v1.5.c3.c3") == GameRecord(5, [Move.place(2, 2), Move.place(2, 2)])
    with pytest.raises(RecordError, match=r"move 1 .* is illegal"):
        Game.from_fragment("v1.5.c3.c3")
    assert encode(GameRecord(5, [Move.place(2, 2), Move.swap()])) == "v1.5.c3.swap"


def test_the_longest_record_allows_exactly_a_whole_game() -> None:
    assert MAX_MOVES == TURN_LIMIT
    longest = GameRecord(15, [Move.place(14, 14)] * TURN_LIMIT, ("blue", "strongest"), "blue")
    assert len(encode(longest)) <= MAX_LENGTH


def test_a_game_against_the_computer_keeps_its_colour_and_level() -> None:
    saved = decode("V2.9.Blue-Hard.d2.swap")
    assert saved == GameRecord(9, [Move.place(1, 3), Move.swap()], ("blue", "hard"))
    assert encode(saved) == "v2.9.blue-hard.d2.swap"
    assert Game.from_fragment("v2.9.blue-hard.d2.swap").to_fragment() == "v1.9.d2.swap"
    assert decode("v2.5.red-beginner").moves == ()


@pytest.mark.parametrize(("text", "message"), [
    ("v2.9", "setting '' is not colour-level"),
    ("v2.9.d2", "setting 'd2' is not colour-level"),
    ("v2.9.green-hard.d2", "colour 'green' is not red or blue"),
    ("v2.9.blue-godlike", "level 'godlike' is not one of beginner"),
    ("v2.9.blue-", "not colour-level"),
    ("v3.9.d2", "expected 'v1' or 'v2'"),
    ("v2", "no board size after 'v2.'"),
])
def test_bad_computer_settings_are_record_errors(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        decode(text)


def test_a_record_is_read_as_far_as_its_moves_are_well_formed() -> None:
    from cachex.record import decode_start

    saved, error = decode_start("v1.5.c2.zz.d4")
    assert [str(m) for m in saved.moves] == ["c2"] and "move 2 ('zz') is malformed" in str(error)
    assert decode_start("v1.5.c2.d4") == (decode("v1.5.c2.d4"), None)
    with pytest.raises(RecordError, match="board size"):
        decode_start("v1.99.c2")  # no start without a valid size


def test_a_game_opens_at_the_longest_legal_start_of_its_record() -> None:
    from cachex import Game

    game, computer, refused = Game.start_of("v2.9.blue-easy.c3.c3.d4")
    assert game.to_fragment() == "v1.9.c3" and computer == ("blue", "easy")
    assert "move 2 ('c3') is illegal" in str(refused)
    game, _, refused = Game.start_of("v1.9.c3..d4")
    assert game.to_fragment() == "v1.9.c3" and "move 2 is empty" in str(refused)
    assert Game.start_of("v1.9.c3.d4") == (Game.from_fragment("v1.9.c3.d4"), None, None)


def test_a_resignation_ends_the_record_and_names_who_resigned() -> None:
    saved = decode("v2.9.blue-hard.d2.Red-Resigns")
    assert saved == GameRecord(9, [Move.place(1, 3)], ("blue", "hard"), "red")
    assert encode(saved) == "v2.9.blue-hard.d2.red-resigns"
    assert decode("v1.5.blue-resigns").resigned == "blue"  # before any move


@pytest.mark.parametrize(("text", "message"), [
    ("v1.5.pink-resigns", "the colour that resigned, 'pink' is not red or blue"),
    ("v1.5.red-resigns.d2", "move 1 \\('red-resigns'\\) is malformed"),  # only as the last part
    ("v1.5.d2.red-resigns.blue-resigns", "move 2 \\('red-resigns'\\) is malformed"),
])
def test_a_misplaced_or_unknown_resignation_is_a_record_error(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        decode(text)


def test_a_resignation_after_the_game_ended_is_refused_and_the_game_kept() -> None:
    won = "v1.3.a1.b1.a2.b2.a3"
    assert Game.from_fragment(won).outcome is not None
    game, _, refused = Game.start_of(won + ".blue-resigns")
    assert game == Game.from_fragment(won) and "the resignation comes too late" in str(refused)
