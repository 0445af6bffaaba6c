"""The line chart of the final screen and the replay (companion/web/charts.py): every
player of a table has an ink of their own, every line stays inside its plot whatever the
scores (negative ones too), and the end labels of close scores never print over each other."""

import importlib
import itertools
import random
import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from companion import engines
from companion.engines.fifth_avenue.board import PIECE_COLORS
from companion.engines.manhattan.pieces import COLOURS as MANHATTAN_COLOURS
from companion.engines.palazzo.setup import COLOURS as PALAZZO_COLOURS
from companion.web import charts

CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "companion.css"

# What each game's view can give a player as "colour", from the engines' own lists; None
# where a player may have no colour (Palazzo's is optional, New York has none), and any
# number of players may share None.
PLAYER_COLOURS = {
    "fifth_avenue": tuple(PIECE_COLORS),
    "palazzo": tuple(PALAZZO_COLOURS) + (None,),
    "manhattan": tuple(MANHATTAN_COLOURS),
    "new_york": (None,),
}


def tables(game: str):
    """Every sequence of player colours a table of ``game`` can have."""
    low, high = engines.get(game).PLAYERS
    for n in range(low, high + 1):
        for names in itertools.product(PLAYER_COLOURS[game], repeat=n):
            given = [c for c in names if c is not None]
            if len(set(given)) == len(given):  # a colour is one player's
                yield list(names)


def test_the_colour_lists_cover_every_game_and_what_its_views_give():
    assert set(PLAYER_COLOURS) == set(engines.GAMES)
    rng = random.Random(7)
    for game in engines.GAMES:
        engine, playout = engines.get(game), importlib.import_module(f"companion.engines.{game}.playout")
        for n in range(engine.PLAYERS[0], engine.PLAYERS[1] + 1):
            for _ in range(3):
                view = engine.view(engine.setup(playout.random_config(rng, n)), None)
                for player in view["players"]:
                    if not player.get("dummy"):
                        assert player["colour"] in PLAYER_COLOURS[game], (game, player["colour"])


def test_every_table_of_every_game_draws_each_player_in_an_ink_of_their_own():
    for game in engines.GAMES:
        for names in tables(game):
            inks = charts.colours(names)
            assert len(set(inks)) == len(inks), (game, names, inks)
            drawn = charts.lines("t", [{"label": f"P{i}", "colour": ink, "points": [(0, 0), (1, i)]}
                                       for i, ink in enumerate(inks)], "move", "points")
            strokes = re.findall(r'<polyline [^>]*stroke="([^"]+)"', str(drawn))
            assert len(set(strokes)) == len(names), (game, names, strokes)


def test_a_game_colour_keeps_its_own_ink():
    # light blue is Manhattan's fourth colour: it must not come out red like the red player
    red = charts.colours(["red"])[0]
    for names in (["light_blue", "red"], ["red", "light_blue"], ["black", "red", "light_blue", "green"]):
        inks = dict(zip(names, charts.colours(names)))
        assert inks["red"] == red and inks["light_blue"] != red, inks
    assert charts.colours(["light_blue"]) == charts.colours(["light_blue", "red"])[:1]


def _floats(text: str) -> list[float]:
    return [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", text)]


def plot_box(svg: str) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of the plot, from its two axis lines."""
    axes = [dict(re.findall(r'(x1|x2|y1|y2)="([-\d.]+)"', line))
            for line in re.findall(r'<line [^>]*class="axis"/>', svg)]
    xs = [float(a[k]) for a in axes for k in ("x1", "x2")]
    ys = [float(a[k]) for a in axes for k in ("y1", "y2")]
    return min(xs), min(ys), max(xs), max(ys)


def polylines(svg: str) -> list[list[tuple[float, float]]]:
    return [list(zip(v[::2], v[1::2])) for v in map(_floats, re.findall(r'<polyline points="([^"]*)"', svg))]


scores = st.lists(st.integers(-40, 200), min_size=1, max_size=12)


@settings(max_examples=150, deadline=None)
@given(st.lists(scores, min_size=1, max_size=5))
def test_every_line_stays_inside_its_plot(players):
    series = [{"label": f"P{i}", "points": list(enumerate(ys))} for i, ys in enumerate(players)]
    svg = str(charts.lines("Scores", series, "move", "points"))
    left, top, right, bottom = plot_box(svg)
    for line in polylines(svg):
        for x, y in line:
            assert left - .05 <= x <= right + .05 and top - .05 <= y <= bottom + .05, (x, y, players)


def test_palazzos_negative_totals_are_drawn_inside_the_plot():
    # the totals of a Palazzo night: two players ended below zero
    series = [{"label": "Lena", "points": [(0, 0), (30, 12), (61, -10)]},
              {"label": "Marco", "points": [(0, 0), (30, 4), (61, -5)]},
              {"label": "Ida", "points": [(0, 0), (30, 9), (61, 21)]}]
    svg = str(charts.lines("Scores", series, "move", "points"))
    left, top, right, bottom = plot_box(svg)
    lowest = max(y for line in polylines(svg) for _, y in line)
    assert top <= lowest <= bottom
    ticks = [float(t) for t in re.findall(r'text-anchor="end" class="tick">(-?\d+)</text>', svg)]
    assert min(ticks) <= -10 and 0 in ticks


def line_height() -> float:
    """A line of the chart's text: 1.2 times its font size on the final screen."""
    rule = re.search(r"\.final \.chart text \{[^}]*font-size: (\d+(?:\.\d+)?)px", CSS.read_text())
    return 1.2 * float(rule.group(1))


def end_labels(svg: str) -> list[tuple[float, str]]:
    return [(float(y), text) for y, text in
            re.findall(r'<text x="[-\d.]+" y="([-\d.]+)" fill="[^"]+" class="series-label">([^<]*)</text>', svg)]


def test_new_yorks_close_scores_keep_their_labels_apart():
    series = [{"label": "Marco", "points": [(0, 0), (40, 60), (88, 87)]},
              {"label": "Lena", "points": [(0, 0), (40, 50), (88, 84)]},
              {"label": "Ida", "points": [(0, 0), (40, 30), (88, 41)]}]
    labels = sorted(end_labels(str(charts.lines("Scores", series, "move", "points"))))
    assert [text for _, text in labels] == ["Marco 87", "Lena 84", "Ida 41"]
    assert labels[1][0] - labels[0][0] >= line_height()


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(-15, 120), min_size=2, max_size=6), st.integers(0, 3))
def test_end_labels_are_a_line_apart_and_inside_the_chart(finals, spread):
    series = [{"label": f"P{i}", "points": [(0, 0), (10, end + spread * i)]} for i, end in enumerate(finals)]
    svg = str(charts.lines("Scores", series, "move", "points"))
    height = float(re.search(r'viewBox="0 0 [\d.]+ ([\d.]+)"', svg).group(1))
    labels = sorted(y for y, _ in end_labels(svg))
    assert len(labels) == len(finals)
    assert all(b - a >= line_height() for a, b in zip(labels, labels[1:])), labels
    assert line_height() <= labels[0] and labels[-1] <= height, labels
