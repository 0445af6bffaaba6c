"""What screens see: ``view()``, ``legal()`` and the log lines of ``describe()``."""

import pytest

from companion.engines import common
from companion.engines import new_york as ny
from companion.engines.new_york import money
from companion.engines.text import english, is_text

from .helpers import config2, config3, drawing, tile, with_city


@pytest.fixture
def start():
    return ny.setup(config3())


def test_a_hand_is_shown_only_to_its_owner(start):
    table = ny.view(start, None)
    assert [p["hand_size"] for p in table["players"]] == [3, 3, 4]
    assert all("hand" not in p for p in table["players"])
    anna = ny.view(start, "a")
    assert anna["players"][0]["hand"] == [["blue", 9], ["green", 2], ["red", 9]]
    assert "hand" not in anna["players"][1]


def test_players_are_drawn_with_the_common_keys(start):
    anna = ny.view(start, "b")["players"][0]
    assert common.player("a", "Anna", 0, None).items() <= anna.items()
    assert {"city", "reserve", "pending", "hand_size", "buildings", "street"} <= set(anna)


def test_the_table_view_shows_everything_public(start):
    table = ny.view(start, None)
    assert table["phase"] == "turn"
    assert table["display"] == config3()["money_display"]
    assert table["market"][1] == {"space": "green", "tile": tile("park", 8, "N")}
    assert table["bag_size"] == 50 and table["bag_types"]["park"] == 10
    assert table["to_act"] == ["a"] and table["active"] == "a" and table["dirk"] is None
    assert table["players"][0]["city"] == [{"x": 0, "y": 0, "tile": {"type": "start", "price": None,
                                                                    "streets": ""}}]
    assert ny.view(ny.setup(config2()), None)["dirk"]["tiles"] == config2()["dirk"]


def test_no_view_shows_which_money_cards_the_deck_holds(start):
    """The deck's make-up follows from the secret hands: only its size is shown; the
    counts per card are offered to the host's input of a draw alone."""
    refilling = ny.apply(start, "a", {"type": "take_money", "cards": [["red", 4]]})
    offered = ny.legal(refilling, "table")["actions"]
    assert {a["count"] for a in offered} == {1, 2, 3}
    deck = money.deck(refilling)
    for viewer in (None, "a", "b", "c"):
        shown = ny.view(refilling, viewer)
        assert shown["deck_size"] == sum(deck.values()) + 2
        assert "count" not in repr(shown)
        assert not any(isinstance(v, dict) and set(v) >= {"card", "count"} for v in shown.values())


def test_the_city_view_counts_buildings_and_street(start):
    state = with_city(start, "a", "T N N", kind="park")
    anna = ny.view(state, None)["players"][0]
    assert anna["buildings"] == {"park": 2} and anna["street"] == 2 and anna["score"] == 0


def test_legal_lists_concrete_choices(start):
    info = ny.legal(start, "a")
    assert set(info) == {"phase", "prompt", "actions", "blocked", "waiting_for"}
    assert info["phase"] == "turn" and info["waiting_for"] == ["a"]
    assert english(info["prompt"]) == "Take money, buy a tile or develop your city."
    types = {a["type"] for a in info["actions"]}
    assert types == {"take_money", "buy"}
    buy = next(a for a in info["actions"] if a["type"] == "buy")
    assert buy == {"type": "buy", "space": "blue", "tile": tile("museum", 2), "price": 2,
                   "bank_cards": [["blue", 9]], "exact": []}
    assert {b["type"] for b in info["blocked"]} >= {"buy", "city_to_reserve"}
    assert all(is_text(b["reason"]) for b in info["blocked"])
    green = next(b for b in info["blocked"] if b.get("space") == "green")
    assert english(green["reason"]) == ("The park 8 (streets: north) costs 8 in green; "
                                        "you hold 2 in green.")


def test_a_seat_that_is_not_due_gets_the_common_shape(start):
    assert ny.legal(start, "b") == common.not_due("turn", {"a"})
    refilling = ny.apply(start, "a", {"type": "take_money", "cards": [["red", 4]]})
    assert ny.legal(refilling, "a") == common.not_due("refill", {"table"})


def test_legal_after_an_exact_payment_says_another_action_follows(start):
    state = dict(start, hands={**start["hands"], "a": [["blue", 2], ["red", 9]]})
    state = ny.apply(state, "a", {"type": "buy", "space": "blue", "pay": [["blue", 2]]})
    assert english(ny.legal(state, "a")["prompt"]).startswith("You paid exactly: take another action")


def test_legal_for_placing_lists_squares(start):
    state = ny.apply(start, "a", {"type": "buy", "space": "blue", "pay": [["blue", 9]]})
    info = ny.legal(state, "a")
    assert info["phase"] == "place"
    place = next(a for a in info["actions"] if a["type"] == "place")
    assert place["positions"] == [{"x": -1, "y": 0}, {"x": 0, "y": -1}, {"x": 0, "y": 1},
                                  {"x": 1, "y": 0}]
    assert {"type": "to_reserve", "tile": tile("museum", 2)} in info["actions"]


def test_legal_for_the_table_draw_of_a_tile(start):
    state = dict(start, phase="refill", market=[None] + start["market"][1:])
    info = ny.legal(state, "table")
    assert info["phase"] == "refill" and drawing(state) == "market"
    assert english(info["prompt"]) == "Draw a tile from the bag for the blue market space."
    (draw,) = info["actions"]
    assert draw["for"] == "market" and draw["space"] == "blue" and len(draw["streets"]) == 15
    assert {"type": "park", "left": 10, "prices": [6, 12]} in draw["types"]


def _line(before, seat, action, viewer=None):
    return english(ny.describe(before, ny.apply(before, seat, action), seat, action, viewer))


@pytest.mark.parametrize("seat, action, line", [
    ("a", {"type": "take_money", "cards": [["blue", 1], ["red", 4]]}, "Anna took blue 1, red 4."),
    ("a", {"type": "buy", "space": "blue", "pay": [["blue", 9]]},
     "Anna bought the museum 2 (no streets) from the blue space, paying blue 9: "
     "7 too much, no change, the turn is over."),
])
def test_describe_a_turn(start, seat, action, line):
    assert _line(start, seat, action) == line


def test_describe_an_exact_payment_and_placing(start):
    state = dict(start, hands={**start["hands"], "a": [["green", 8], ["red", 9]]})
    buy = {"type": "buy", "space": "green", "pay": [["green", 8]]}
    assert _line(state, "a", buy) == ("Anna bought the park 8 (streets: north) from the green "
                                      "space, paying green 8: the exact price, another action.")
    state = ny.apply(ny.apply(state, "a", buy), "a", {"type": "take_money", "cards": [["red", 4]]})
    place = {"type": "place", "tile": tile("park", 8, "N"), "x": 0, "y": -1}
    assert _line(state, "a", place, "b") == "Anna built the park 8 (streets: north) at (0, -1)."
    assert _line(state, "a", {"type": "to_reserve", "tile": tile("park", 8, "N")}) == (
        "Anna put the park 8 (streets: north) into the reserve.")


def test_describe_developing(start):
    state = with_city(start, "a", "T -")
    state["reserves"]["a"] = [tile("park", 9)]
    swap = {"type": "swap", "tile": tile("park", 9), "x": 1, "y": 0}
    assert _line(state, "a", swap) == (
        "Anna swapped the museum 2 (no streets) at (1, 0) for the park 9 (no streets) from the "
        "reserve.")
    develop = {"type": "reserve_to_city", "tile": tile("park", 9), "x": 0, "y": 1}
    assert _line(state, "a", develop) == (
        "Anna built the park 9 (no streets) from the reserve at (0, 1).")
    out = {"type": "city_to_reserve", "x": 1, "y": 0}
    assert _line(state, "a", out) == "Anna moved the museum 2 (no streets) at (1, 0) into the reserve."


def test_describe_the_table_draws():
    duo = ny.setup(config2())
    duo["phase"], duo["display"] = "refill", duo["display"][:3]
    assert _line(duo, "table", {"type": "draw_money", "card": "A"}) == (
        "The table turned up scoring card A: scoring A now.")
    state = ny.apply(duo, "table", {"type": "draw_money", "card": "A"})
    assert _line(state, "table", {"type": "draw_tile", "tile": tile("park", 9, "S")}) == (
        "The table drew a park 9 (streets: south) for Dirk.")
    state["dirk_due"], state["market"][3] = 0, None
    assert _line(state, "table", {"type": "draw_money", "card": ["red", 5]}) == (
        "The table turned up red 5 for the money display.")
    state = ny.apply(state, "table", {"type": "draw_money", "card": ["red", 5]})
    assert _line(state, "table", {"type": "draw_tile", "tile": tile("museum", 3, "EW")}) == (
        "The table drew a museum 3 (streets: east, west) for the red market space.")


def test_describe_passing_and_dirk():
    duo = ny.setup(config2())
    state = ny.apply(duo, "a", {"type": "buy", "space": "blue", "pay": [["blue", 9]]})
    assert _line(state, "a", {"type": "to_dirk", "tile": tile("museum", 2)}) == (
        "Anna gave the museum 2 (no streets) to Dirk.")
    stuck = dict(duo, display=[], hands={**duo["hands"], "a": []})
    assert _line(stuck, "a", {"type": "pass"}) == "Anna could do nothing and passed."
