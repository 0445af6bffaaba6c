"""What screens see: ``view()``, ``legal()`` and the log lines of ``describe()``."""

import pytest

from companion.engines import new_york as ny

from .helpers import config2, config3, tile, with_city


@pytest.fixture
def start():
    return ny.setup(config3())


def test_a_hand_is_shown_only_to_its_owner(start):
    table = ny.view(start, None)
    assert [p["cards"] for p in table["players"]] == [3, 3, 4]
    assert all("hand" not in p for p in table["players"])
    anna = ny.view(start, "a")
    assert anna["players"][0]["hand"] == [["blue", 9], ["green", 2], ["red", 9]]
    assert "hand" not in anna["players"][1]


def test_the_table_view_shows_everything_public(start):
    table = ny.view(start, None)
    assert table["display"] == config3()["money_display"]
    assert table["market"][1] == {"space": "green", "tile": tile("park", 8, "N")}
    assert table["bag"] == 50 and table["bag_types"]["park"] == 10
    assert table["to_act"] == ["a"] and table["active"] == "a" and table["dirk"] is None
    assert table["players"][0]["city"] == [{"x": 0, "y": 0, "tile": {"type": "start", "price": None,
                                                                    "streets": ""}}]
    assert ny.view(ny.setup(config2()), None)["dirk"]["tiles"] == config2()["dirk"]


def test_the_city_view_counts_buildings_and_street(start):
    state = with_city(start, "a", "T N N", kind="park")
    anna = ny.view(state, None)["players"][0]
    assert anna["buildings"] == {"park": 2} and anna["street"] == 2 and anna["score"] == 0


def test_legal_lists_concrete_choices(start):
    info = ny.legal(start, "a")
    assert info["step"] == "turn" and info["prompt"]
    types = {a["type"] for a in info["actions"]}
    assert types == {"take_money", "buy"}
    buy = next(a for a in info["actions"] if a["type"] == "buy")
    assert buy == {"type": "buy", "space": "blue", "tile": tile("museum", 2), "price": 2,
                   "bank_cards": [["blue", 9]], "exact": []}
    assert {b["type"] for b in info["blocked"]} >= {"buy", "city_to_reserve"}


def test_legal_for_placing_lists_squares(start):
    state = ny.apply(start, "a", {"type": "buy", "space": "blue", "pay": [["blue", 9]]})
    info = ny.legal(state, "a")
    assert info["step"] == "place"
    place = next(a for a in info["actions"] if a["type"] == "place")
    assert place["positions"] == [{"x": -1, "y": 0}, {"x": 0, "y": -1}, {"x": 0, "y": 1},
                                  {"x": 1, "y": 0}]
    assert {"type": "to_reserve", "tile": tile("museum", 2)} in info["actions"]


def test_legal_for_the_table_draw_of_a_tile(start):
    state = dict(start, phase="refill", market=[None] + start["market"][1:])
    info = ny.legal(state, "table")
    assert info["step"] == "draw_market" and "blue" in info["prompt"]
    (draw,) = info["actions"]
    assert draw["for"] == "market" and draw["space"] == "blue" and len(draw["streets"]) == 15
    assert {"type": "park", "left": 10, "prices": [6, 12]} in draw["types"]


@pytest.mark.parametrize("seat, action, line", [
    ("a", {"type": "take_money", "cards": [["blue", 1], ["red", 4]]}, "Anna took blue 1, red 4."),
    ("a", {"type": "buy", "space": "blue", "pay": [["blue", 9]]},
     "Anna bought the museum 2 (no streets) from the blue space, paying blue 9 "
     "(7 too much: no change, turn over)."),
])
def test_describe_a_turn(start, seat, action, line):
    assert ny.describe(start, seat, action, None) == line


def test_describe_building_and_draws(start):
    state = with_city(start, "a", "T -")
    state["phase"], state["pending"]["a"] = "place", [tile("park", 8, "N")]
    place = {"type": "place", "tile": tile("park", 8, "N"), "x": 2, "y": 0}
    assert ny.describe(state, "a", place, "b") == "Anna built the park 8 (streets N) at (2, 0)."
    state["phase"] = "turn"
    state["reserves"]["a"] = [tile("park", 9)]
    swap = {"type": "swap", "tile": tile("park", 9), "x": 1, "y": 0}
    assert ny.describe(state, "a", swap, None) == (
        "Anna swapped the museum 2 (no streets) at (1, 0) for the park 9 (no streets) from the reserve.")
    state["phase"], state["display"] = "refill", state["display"][:3]
    assert ny.describe(state, "table", {"type": "draw_money", "card": "A"}, None) == (
        "The table turned up scoring card A: scoring A now.")
