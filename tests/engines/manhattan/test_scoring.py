"""Phase scoring (MH-SC-1 to MH-SC-4) and the seed's worked example (MH-SC-5)."""

import random

from companion.engines import common
from companion.engines import manhattan as engine
from companion.engines.manhattan import playout, scoring

from companion.engines.text import english

from .helpers import FOUR, new_game, pick, place, play_rounds

TWO = [("a", "N", ["black", "red"]), ("z", "S", ["green", "light_blue"])]


def seed_example():
    """Phase 1 of a four-player game ending as in the seed's worked example."""
    state = pick(new_game(), {"black": [1, 1, 1, 1, 2, 1], "light_blue": [4, 4, 3, 2, 1, 1],
                              "red": [1, 2, 2, 1, 1, 1], "green": [1, 1, 1, 1, 2, 1]})
    return play_rounds(state, [
        [("black", "frankfurt", [1, 0], 1), ("light_blue", "frankfurt", [0, 0], 4),
         ("red", "hong_kong", [0, 1], 1), ("green", "hong_kong", [1, 2], 1)],
        [("black", "hong_kong", [0, 1], 1), ("light_blue", "frankfurt", [0, 0], 4),
         ("red", "sao_paulo", [1, 0], 2), ("green", "cairo", [2, 1], 1)],
        [("black", "hong_kong", [0, 0], 1), ("light_blue", "frankfurt", [0, 0], 3),
         ("red", "sao_paulo", [2, 2], 2), ("green", "manhattan", [1, 0], 1)],
        [("black", "frankfurt", [2, 2], 1), ("light_blue", "sydney", [2, 0], 2),
         ("red", "cairo", [0, 0], 1), ("green", "frankfurt", [0, 1], 1)],
        [("black", "manhattan", [1, 1], 2), ("light_blue", "sydney", [2, 0], 1),
         ("red", "manhattan", [2, 1], 1), ("green", "frankfurt", [0, 1], 2)],
        [("black", "manhattan", [1, 1], 1), ("light_blue", "cairo", [1, 1], 1),
         ("red", "sao_paulo", [1, 0], 1), ("green", "cairo", [2, 1], 1)],
    ])


def by_rule(events):
    return {e["rule"]: e for e in events}


def test_seed_example_after_phase_one():
    state = seed_example()
    result = engine.scores(state)
    assert result["totals"] == {"b": 9, "l": 8, "r": 6, "g": 4}
    assert result["colour_totals"] == {"black": 9, "light_blue": 8, "red": 6, "green": 4}
    assert result["winners"] == []
    events = by_rule(result["events"])
    assert events["MH-SC-1"]["points"] == {"b": 0, "l": 3, "r": 0, "g": 0}
    assert events["MH-SC-2"]["points"] == {"b": 4, "l": 2, "r": 2, "g": 0}
    assert events["MH-SC-3"]["points"] == {"b": 5, "l": 3, "r": 4, "g": 4}


def test_seed_example_lines_explain_each_city():
    lines = by_rule(engine.scores(seed_example())["events"])
    tallest = lines["MH-SC-1"]["lines"]
    assert [(l["colour"], l["points"]) for l in tallest] == [("light_blue", 3)]
    assert english(tallest[0]["text"]) == (
        "L (light blue) owns the tallest tower, 11 storeys on the north-west lot of Frankfurt.")
    cities = {english(l["text"]).split(":")[0]: l for l in lines["MH-SC-2"]["lines"]}
    assert {name: (l["colour"], l["points"]) for name, l in cities.items()} == {
        "Manhattan": (None, 0), "Cairo": (None, 0), "São Paulo": ("red", 2),
        "Frankfurt": ("black", 2), "Sydney": ("light_blue", 2), "Hong Kong": ("black", 2)}
    assert english(cities["Cairo"]["text"]) == (
        "Cairo: R (red), L (light blue), G (green) tie with 1 tower each; nobody scores.")
    assert english(cities["Manhattan"]["text"]) == (
        "Manhattan: G (green), B (black), R (red) tie with 1 tower each; nobody scores.")
    assert english(cities["Frankfurt"]["text"]) == (
        "Frankfurt: B (black) owns the most towers (2 of 4).")
    owned = {l["colour"]: english(l["text"]) for l in lines["MH-SC-3"]["lines"]}
    assert owned["black"] == "B (black) owns 5 towers."
    assert english(lines["MH-SC-1"]["title"]) == "Round 1: tallest tower"


def three_player_phase(black_lots):
    """A three-player phase 1: black builds 4s on ``black_lots``, the others build 1s."""
    state = pick(new_game(FOUR[:3]), {"black": [4] * 4, "light_blue": [1] * 4, "red": [1] * 4})
    for i, (city, lot) in enumerate(black_lots):
        state = place(state, "black", city, lot, 4)
        state = place(state, "light_blue", "sydney", [2, i], 1) if i < 3 else \
            place(state, "light_blue", "sao_paulo", [0, 0], 1)
        state = place(state, "red", "hong_kong", [2, i], 1) if i < 3 else \
            place(state, "red", "sao_paulo", [1, 2], 1)
    return by_rule(engine.scores(state)["events"])


def test_unique_tallest_tower_scores_three():
    events = three_player_phase([("cairo", [0, 0]), ("cairo", [0, 0]), ("cairo", [1, 0]),
                                 ("manhattan", [0, 0])])
    assert events["MH-SC-1"]["points"] == {"b": 3, "l": 0, "r": 0}


def test_shared_greatest_height_scores_nobody_even_for_one_owner():
    events = three_player_phase([("cairo", [0, 0]), ("manhattan", [0, 0]), ("cairo", [1, 0]),
                                 ("frankfurt", [2, 2])])
    assert events["MH-SC-1"]["points"] == {"b": 0, "l": 0, "r": 0}
    assert events["MH-SC-1"]["lines"][0]["seat"] is None
    assert english(events["MH-SC-1"]["lines"][0]["text"]).startswith(
        "4 towers share the greatest height of 4 storeys (B (black) on the north-west lot of "
        "Manhattan, ")


def test_majority_scores_two_and_a_tie_scores_nobody():
    events = three_player_phase([("cairo", [0, 0]), ("cairo", [0, 1]), ("manhattan", [1, 0]),
                                 ("sydney", [0, 0])])
    majority = events["MH-SC-2"]
    # Cairo black 2; Manhattan black 1; Sydney light blue 3 v black 1; Hong Kong red 3;
    # São Paulo light blue 1 v red 1 (tie); Frankfurt empty.
    assert majority["points"] == {"b": 4, "l": 2, "r": 2}
    texts = {english(l["text"]).split(":")[0]: l["points"] for l in majority["lines"]}
    assert texts == {"Manhattan": 2, "Cairo": 2, "São Paulo": 0, "Frankfurt": 0, "Sydney": 2,
                     "Hong Kong": 2}


def test_every_owned_tower_scores_one():
    events = three_player_phase([("cairo", [0, 0]), ("cairo", [0, 0]), ("cairo", [0, 0]),
                                 ("cairo", [0, 0])])
    assert events["MH-SC-3"]["points"] == {"b": 1, "l": 4, "r": 4}


def test_two_player_colours_score_apart_and_add_up():
    state = pick(new_game(TWO, start="a"), {"black": [1] * 4, "red": [1] * 4,
                                           "green": [1] * 4, "light_blue": [1] * 4})
    own = {"a": ["black", "red"] * 4, "z": ["green"] * 4 + ["light_blue"] * 4}
    for turn in range(8):
        state = place(state, own["a"][turn], "cairo", [turn // 3, turn % 3], 1)
        state = place(state, own["z"][turn], "sydney", [turn // 3, turn % 3], 1)
    result = engine.scores(state)
    events = by_rule(result["events"])
    # Cairo: black 4 v red 4 -> nobody, although both are seat a's.
    assert events["MH-SC-2"]["by_colour"] == {"black": 0, "red": 0, "green": 0, "light_blue": 0}
    assert events["MH-SC-3"]["by_colour"] == {"black": 4, "red": 4, "green": 4, "light_blue": 4}
    assert events["MH-SC-1"]["points"] == {"a": 0, "z": 0}
    assert result["totals"] == {"a": 8, "z": 8}


def test_scores_add_up_over_phases_and_the_best_total_wins():
    rng = random.Random(7)
    state = engine.setup(playout.random_config(rng, 4))
    seen = []
    while not engine.is_over(state):
        seat = next(iter(engine.to_act(state)))
        state = engine.apply(state, seat, playout.random_action(state, seat, rng))
        result = engine.scores(state)
        if len(result["events"]) > len(seen):
            seen = result["events"]
            assert result["winners"] == [] or engine.is_over(state)
    result = engine.scores(state)
    assert len(result["events"]) == 12
    for seat, total in result["totals"].items():
        assert total == sum(e["points"][seat] for e in result["events"])
    best = max(result["totals"].values())
    assert result["winners"] == [s for s, t in result["totals"].items() if t == best]


def test_a_tie_for_the_highest_total_is_shared():
    rng = random.Random(3)
    _config, _events, state = common.random_game(engine, rng, 3)
    seats = {c: v["seat"] for c, v in engine.view(state, None)["colours"].items()}
    first, second, third = list(seats)
    # one round: first and second each own one tower in a city of their own, third none
    board = {city: [None] * 9 for city in state["board"]}
    board["cairo"][0], board["sydney"][0] = [[first, 1]], [[second, 1]]
    tied = {**state, "scored": [scoring.record(board)]}
    result = engine.scores(tied)
    assert result["totals"] == {seats[first]: 3, seats[second]: 3, seats[third]: 0}
    assert sorted(result["winners"]) == sorted([seats[first], seats[second]])


def test_score_lines_count_in_words_that_agree_with_the_number():
    state = new_game()
    board = {city: [None] * 9 for city in state["board"]}
    board["cairo"][0] = [["black", 1]]
    (tallest, majorities, owned) = scoring.round_events(state, scoring.record(board), 1)
    assert english(tallest["lines"][0]["text"]) == (
        "B (black) owns the tallest tower, 1 storey on the north-west lot of Cairo.")
    assert english(owned["lines"][0]["text"]) == "B (black) owns 1 tower."
    assert english(owned["lines"][1]["text"]) == "L (light blue) owns 0 towers."
    assert english(majorities["lines"][0]["text"]) == "Manhattan: no towers."


def test_points_without_lines_agree_with_the_score_events():
    """Views show ``points`` (numbers only); they must be what the events add up to."""
    for seed in range(6):
        rng = random.Random(seed)
        config = playout.random_config(rng, 2 + seed % 3)
        moves = []
        common.play(engine, config, rng, on_move=lambda _b, _s, _a, after: moves.append(after))
        for state in moves[::7] + moves[-1:]:
            full = scoring.scores(state)
            assert scoring.points(state) == {k: full[k] for k in ("totals", "colour_totals",
                                                                  "winners")}
