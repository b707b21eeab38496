"""The game graph's pure parts: mistakes and the chart."""

from web.shell.graph import MISTAKE_DROP, graph_svg, mistakes


def test_a_mistake_is_a_fall_of_the_movers_own_chance() -> None:
    # The first player's chance after each move; it makes moves 1 and 3, the second 2 and 4.
    chances = [0.5, 0.52, 0.9, 0.4, 0.45]
    assert mistakes(chances, [0, 1, 0, 1]) == {2: 0.38, 3: 0.5}


def test_a_fall_of_exactly_the_threshold_or_an_unknown_value_is_no_mistake() -> None:
    assert mistakes([0.5, 0.5 - MISTAKE_DROP], [0]) == {}
    assert mistakes([0.9, None, 0.1], [0, 1]) == {}
    assert mistakes([None], []) == {}


def test_the_chart_has_one_point_per_known_position_with_mistakes_ringed() -> None:
    svg = graph_svg([0.5, 0.6, None, 0.1], {3: 0.5}, current=1, first="Red")
    assert svg.count("<circle") == 3  # the start, moves 1 and 3
    assert 'data-ply="0"' in svg and "The start: Red 50%" in svg
    assert 'class="point current" data-ply="1"' in svg
    assert 'class="point mistake" data-ply="3"' in svg
    assert "Move 3: Red 10%, a mistake: the mover's chance fell 50 points" in svg
    assert svg.count("<polyline") == 1


def test_a_game_without_moves_draws_only_its_start() -> None:
    svg = graph_svg([0.5], {}, current=0, first="Red")
    assert svg.count("<circle") == 1 and "<polyline" not in svg and svg.endswith("</svg>")


def test_the_chart_has_a_labelled_axis_of_reds_chance() -> None:
    svg = graph_svg([0.5, 0.7], {}, current=1, first="Red")
    assert all(f">{label}</text>" in svg for label in ("0%", "50%", "100%", "Red"))


def test_the_players_name_stands_above_the_chart_clear_of_the_axis_labels() -> None:
    import re

    svg = graph_svg([0.5, 1.0], {}, current=1, first="X (red)")
    labels = {text: (float(x), float(y)) for x, y, text in
              re.findall(r'<text class="axis-label" x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]+)</text>', svg)}
    name_x, name_y = labels["X (red)"]
    axis_x = float(re.findall(r'<line class="axis" x1="([\d.]+)"', svg)[0])
    top_x, top_y = labels["100%"]
    assert name_x >= axis_x > top_x  # the name right of the axis, its labels left of it
    assert top_y - name_y >= 12  # and a line lower than the name
    assert min(float(y) for y in re.findall(r'<circle[^>]* cy="([\d.]+)"', svg)) >= top_y  # no point above 100%
