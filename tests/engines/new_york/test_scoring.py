"""Scoring (NY-SC-1 … NY-SC-3, NY-B-6) with the rulebook's tie examples."""

import pytest

from companion.engines import new_york as ny
from companion.engines.new_york import scoring
from companion.engines.new_york.catalogue import POINTS

from companion.engines.text import english

from .helpers import config3, tile, with_city


def config4():
    config = config3()
    config["players"] = [{"seat": s, "name": n} for s, n in
                         (("p", "Paolo"), ("m", "Maria"), ("l", "Luca"), ("a", "Anna"))]
    money = config["start_money"]
    config["start_money"] = {"p": money["a"], "m": money["b"], "l": money["c"],
                             "a": [["green", 9], ["green", 8], ["yellow", 7]]}
    return config


def event_lines(event, kind):
    """The English line of each holder of ``kind`` in a majority event."""
    return {line["seat"]: english(line["text"]) for line in event["lines"]
            if kind in english(line["text"])}


def test_example_c_two_tied_first_and_two_tied_third_in_parks():
    state = ny.setup(config4())
    for seat, picture in (("p", "T - - -"), ("m", "T - - -"), ("l", "T - -"), ("a", "T - -")):
        state = with_city(state, seat, picture, kind="park")
    event = scoring.majorities(state, "C")
    assert event["points"] == {"p": 16, "m": 16, "l": 2, "a": 2}
    lines = event_lines(event, "park")
    assert lines["p"] == "Paolo: 3 park tiles, 1st–2nd shared with Maria: (20 + 12) / 2 → 16"
    assert lines["l"] == "Luca: 2 park tiles, 3rd–4th shared with Anna: 5 / 2 → 2"


def test_example_b_two_tied_first_in_skyscrapers():
    state = ny.setup(config3())
    state = with_city(state, "a", "T - - - -", kind="skyscraper")
    state = with_city(state, "b", "T - - - -", kind="skyscraper")
    state["phase"], state["scoring_cards"], state["display"] = "refill", ["A"], state["display"][:3]
    state = ny.apply(state, "table", {"type": "draw_money", "card": "B"})
    event = state["events"][-2]
    assert event["rule"] == "NY-SC-2" and event["points"] == {"a": 9, "b": 9, "c": 0}
    assert "(13 + 6) / 2 → 9" in event_lines(event, "skyscraper")["a"]


@pytest.mark.parametrize("card, counts, expected", [
    ("A", {"x": 3, "y": 2, "z": 1}, {"x": 5}),
    ("A", {"x": 3, "y": 3, "z": 1}, {"x": 2, "y": 2}),
    ("B", {"x": 3, "y": 2, "z": 1}, {"x": 12, "y": 5}),
    ("B", {"x": 3, "y": 0, "z": 0}, {"x": 12}),
    ("C", {"x": 1, "y": 1, "z": 1}, {"x": 12, "y": 12, "z": 12}),  # (20 + 12 + 5) / 3
    ("C", {"x": 2, "y": 1, "z": 1}, {"x": 20, "y": 8, "z": 8}),
])
def test_places_pay_the_scoring_card_table(card, counts, expected):
    won = scoring.places(counts, POINTS[card]["park"])
    assert {who: pts for who, (pts, _, _) in won.items()} == expected


def test_only_city_tiles_count_not_the_reserve():
    state = with_city(ny.setup(config3()), "a", "T -", kind="park")
    state["reserves"]["b"] = [tile("park", 6), tile("park", 7)]
    state["pending"]["c"] = [tile("park", 8)]
    assert scoring.majorities(state, "A")["points"] == {"a": 5, "b": 0, "c": 0}


def test_every_scoring_pays_the_longest_outer_street():
    state = with_city(ny.setup(config3()), "a", "T N N N")
    state = with_city(state, "b", """
        NW N NE
        W  T E
        SW S SE
    """)
    event = scoring.streets(state, "A")
    assert event["rule"] == "NY-SC-3" and event["points"] == {"a": 3, "b": 12, "c": 0}
    assert english(event["lines"][0]["text"]) == "Anna: longest outer street, 3 sides → 3"
    assert english(event["lines"][2]["text"]) == "Carla: longest outer street, 0 sides → 0"


def test_scores_add_up_the_events_with_a_line_per_type_and_street():
    state = with_city(ny.setup(config3()), "a", "T N N", kind="church")
    state = with_city(state, "b", "T -", kind="museum")
    state["phase"], state["display"] = "refill", state["display"][:3]
    state = ny.apply(state, "table", {"type": "draw_money", "card": "A"})
    result = ny.scores(state)
    assert result["totals"] == {"a": 4 + 2, "b": 1, "c": 0}
    texts = [english(line["text"]) for event in result["events"] for line in event["lines"]]
    assert "Anna: 2 church tiles, 1st → 4" in texts and "Ben: 1 museum tile, 1st → 1" in texts
    assert sum(1 for t in texts if "longest outer street" in t) == 3
    assert result["winners"] == []


def test_every_scoring_line_names_its_player():
    # the table screen lists every player's lines together: each must say whose it is
    state = with_city(ny.setup(config4()), "p", "T N N", kind="park")
    state = with_city(state, "m", "T N N", kind="park")
    state = with_city(state, "a", "T -", kind="church")
    names = {"p": "Paolo", "m": "Maria", "l": "Luca", "a": "Anna"}
    for event in (scoring.majorities(state, "A"), scoring.streets(state, "A")):
        for line in event["lines"]:
            assert english(line["text"]).startswith(names[line["seat"]] + ":"), english(line["text"])
    assert len(scoring.streets(state, "A")["lines"]) == 4


def test_scoring_happens_at_a_b_and_the_end_only():
    state = ny.setup(config3())
    assert ny.scores(state)["events"] == []
    state["phase"], state["display"] = "refill", state["display"][:3]
    state = ny.apply(state, "table", {"type": "draw_money", "card": ["blue", 5]})
    assert ny.scores(state)["events"] == []
