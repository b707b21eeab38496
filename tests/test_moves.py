"""The move builder: moves of several clicks, built click by click (gamekit.moves)."""

from __future__ import annotations

from gamekit.moves import COMPLETE, NEXT, REFUSED, MoveBuilder, Step

DICE = {("a1", "a3"): "a1-a3", ("a1", "b2"): "a1-b2", ("c1", "c2"): "c1-c2", ("a1", "x", "a2"): "a1=2,a2=1"}


def test_a_click_asks_for_the_next_part_with_its_targets_then_completes_the_move() -> None:
    builder = MoveBuilder(DICE)
    assert builder.click("a1") == Step(NEXT, choices=("a3", "b2", "x"))
    assert builder.click("x") == Step(NEXT, choices=("a2",))
    assert builder.click("a2") == Step(COMPLETE, move="a1=2,a2=1") and builder.clicks == ()


def test_a_click_off_the_moves_is_refused_with_the_reason_and_the_clicks_so_far_stand() -> None:
    builder = MoveBuilder(DICE)
    assert builder.click("e5") == Step(REFUSED, reason="e5 starts no move")
    builder.click("c1")
    refused = builder.click("a3")
    assert refused.kind == REFUSED and refused.reason == "a3 does not follow c1: choose one of c2"
    assert builder.clicks == ("c1",) and builder.click("c2").move == "c1-c2"


def test_reset_starts_the_move_over() -> None:
    builder = MoveBuilder(DICE)
    builder.click("a1")
    builder.reset()
    assert builder.clicks == () and builder.choices() == ("a1", "c1")


def test_a_game_of_one_click_per_move_completes_or_refuses_every_click() -> None:
    builder = MoveBuilder.one_click(["a1", "b2"])
    assert builder.click("b2") == Step(COMPLETE, move="b2")
    assert builder.click("c3").kind == REFUSED and builder.clicks == ()
