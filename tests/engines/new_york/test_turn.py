"""A turn (NY-T-1 … NY-T-5) and the building rules as the engine applies them (NY-B)."""

import copy

import pytest

from companion.engines import new_york as ny

from .helpers import config3, drawing, refused, tile, with_city

MUSEUM, PARK_N, CHURCH_E, STATION = (tile("museum", 2), tile("park", 8, "N"),
                                     tile("church", 7, "E"), tile("station", 5))


@pytest.fixture
def start():
    return ny.setup(config3())


def holding(state, seat, *cards, reserve=(), bought=()):
    state = copy.deepcopy(state)
    state["hands"][seat] = [list(c) for c in cards]
    state["reserves"][seat] = list(reserve)
    if bought:
        state["pending"][seat], state["phase"] = list(bought), "place"
    return state


# -- NY-T-1 ---------------------------------------------------------------------

def test_only_the_active_player_acts(start):
    after = ny.apply(start, "a", {"type": "take_money", "cards": [["red", 4]]})
    assert ny.to_act(after) == {"table"}
    error = refused("NY-T-1", ny.apply, start, "b", {"type": "take_money", "cards": [["red", 4]]})
    assert error.message == "It is not your turn: waiting for Anna." and error.details["seat"] == "b"
    refused("NY-T-1", ny.apply, start, "table", {"type": "draw_money", "card": ["red", 4]})
    error = refused("NY-T-5", ny.apply, after, "a", {"type": "take_money", "cards": [["red", 4]]})
    assert error.message == "It is not your turn: waiting for the table."


def test_unknown_or_malformed_actions_are_refused(start):
    refused("NY-T-1", ny.apply, start, "a", {"type": "steal"})
    refused("NY-T-1", ny.apply, start, "a", "take_money")
    refused("NY-T-2", ny.apply, start, "a", {"type": "take_money"})
    refused("NY-T-3", ny.apply, start, "a", {"type": "buy", "space": "blue", "pay": "9"})
    refused("NY-B-4", ny.apply, holding(start, "a", reserve=[MUSEUM]), "a",
            {"type": "reserve_to_city", "tile": MUSEUM, "x": "1", "y": 0})


def test_pass_only_when_nothing_at_all_is_possible(start):
    refused("NY-T-1", ny.apply, start, "a", {"type": "pass"})
    stuck = holding(start, "a")
    stuck["display"] = []
    assert ny.legal(stuck, "a")["actions"] == [{"type": "pass"}]
    assert ny.apply(stuck, "a", {"type": "pass"})["phase"] == "refill"


# -- NY-T-2 ---------------------------------------------------------------------

def test_take_one_card_of_any_value_or_several_up_to_5(start):
    after = ny.apply(start, "a", {"type": "take_money", "cards": [["red", 4]]})
    assert ["red", 4] in after["hands"]["a"] and ["red", 4] not in after["display"]
    after = ny.apply(start, "a", {"type": "take_money", "cards": [["blue", 1], ["red", 4]]})
    assert len(after["hands"]["a"]) == 5 and after["phase"] == "refill"
    offered = [a["cards"] for a in ny.legal(start, "a")["actions"] if a["type"] == "take_money"]
    assert len(offered) == 8  # 4 single cards, 4 pairs worth at most 5
    assert [["yellow", 3], ["red", 4]] not in offered


def test_several_cards_worth_more_than_5_are_refused(start):
    error = refused("NY-T-2", ny.apply, start, "a",
                    {"type": "take_money", "cards": [["yellow", 3], ["red", 4]]})
    assert "7" in error.message
    refused("NY-T-2", ny.apply, start, "a", {"type": "take_money", "cards": [["red", 9]]})


# -- NY-T-3 ---------------------------------------------------------------------

def test_exact_payment_earns_another_action_up_to_five(start):
    state = holding(start, "a", ["blue", 2], ["green", 8], ["yellow", 4], ["yellow", 3],
                    ["red", 5])
    for space, pay in [("blue", [["blue", 2]]), ("green", [["green", 8]]),
                       ("yellow", [["yellow", 3], ["yellow", 4]]), ("red", [["red", 5]])]:
        state = ny.apply(state, "a", {"type": "buy", "space": space, "pay": pay})
        assert state["phase"] == "turn" and ny.to_act(state) == {"a"}
    assert state["market"] == [None] * 4 and len(state["pending"]["a"]) == 4
    state = ny.apply(state, "a", {"type": "take_money", "cards": [["red", 4]]})  # the 5th action
    assert state["phase"] == "place"
    assert sorted(state["discard"]) == sorted([["blue", 2], ["green", 8], ["yellow", 3],
                                               ["yellow", 4], ["red", 5]])


def test_overpaying_ends_the_turn_without_change(start):
    after = ny.apply(start, "a", {"type": "buy", "space": "blue", "pay": [["blue", 9]]})
    assert after["phase"] == "place" and after["pending"]["a"] == [MUSEUM]
    assert ["blue", 9] not in after["hands"]["a"] and after["discard"] == [["blue", 9]]
    refused("NY-T-5", ny.apply, after, "a", {"type": "take_money", "cards": [["red", 4]]})


def test_payment_must_be_in_the_space_bank_held_and_enough(start):
    refused("NY-T-3", ny.apply, start, "a", {"type": "buy", "space": "blue", "pay": [["red", 9]]})
    refused("NY-T-3", ny.apply, start, "a", {"type": "buy", "space": "yellow", "pay": [["yellow", 9]]})
    error = refused("NY-T-3", ny.apply, start, "a", {"type": "buy", "space": "green",
                                                      "pay": [["green", 2]]})
    assert "costs 8" in error.message
    blocked = {b.get("space"): b["rule"] for b in ny.legal(start, "a")["blocked"] if b["type"] == "buy"}
    assert blocked == {"green": "NY-T-3", "yellow": "NY-T-3"}


def test_the_market_is_not_refilled_during_the_turn(start):
    state = holding(start, "a", ["blue", 2], ["blue", 3])
    state = ny.apply(state, "a", {"type": "buy", "space": "blue", "pay": [["blue", 2]]})
    error = refused("NY-T-3", ny.apply, state, "a", {"type": "buy", "space": "blue",
                                                      "pay": [["blue", 3]]})
    assert "empty" in error.message


def test_exact_payments_are_offered(start):
    state = holding(start, "a", ["green", 5], ["green", 3], ["green", 2], ["green", 1])
    buy = next(a for a in ny.legal(state, "a")["actions"] if a["type"] == "buy")
    assert buy["space"] == "green" and buy["price"] == 8
    assert sorted(buy["exact"]) == [[["green", 1], ["green", 2], ["green", 5]],
                                    [["green", 3], ["green", 5]]]


# -- NY-T-4 ---------------------------------------------------------------------

def test_develop_from_the_reserve_into_the_city_ends_the_turn(start):
    state = holding(start, "a", reserve=[PARK_N])
    after = ny.apply(state, "a", {"type": "reserve_to_city", "tile": PARK_N, "x": 1, "y": 0})
    assert after["cities"]["a"]["1,0"] == PARK_N and after["reserves"]["a"] == []
    assert after["active"] == "b"  # nothing to refill: Ben's turn at once
    refused("NY-T-4", ny.apply, state, "a", {"type": "reserve_to_city", "tile": MUSEUM, "x": 1, "y": 0})


def test_develop_city_to_reserve_and_swap(start):
    state = with_city(holding(start, "a", reserve=[tile("park", 9)]), "a", "T - -")
    after = ny.apply(state, "a", {"type": "city_to_reserve", "x": 2, "y": 0})
    assert "2,0" not in after["cities"]["a"] and len(after["reserves"]["a"]) == 2
    refused("NY-B-3", ny.apply, state, "a", {"type": "city_to_reserve", "x": 1, "y": 0})
    swapped = ny.apply(state, "a", {"type": "swap", "tile": tile("park", 9), "x": 1, "y": 0})
    assert swapped["cities"]["a"]["1,0"] == tile("park", 9)
    assert swapped["reserves"]["a"] == [MUSEUM]
    refused("NY-T-4", ny.apply, state, "a", {"type": "swap", "tile": tile("park", 9), "x": 5, "y": 0})
    refused("NY-B-2", ny.apply, with_city(holding(start, "a", reserve=[tile("park", 9, "E")]), "a",
                                          "T - -"),
            "a", {"type": "swap", "tile": tile("park", 9, "E"), "x": 1, "y": 0})


def test_the_start_tile_never_moves(start):
    state = with_city(holding(start, "a", reserve=[MUSEUM]), "a", "T -")
    error = refused("NY-T-4", ny.apply, state, "a", {"type": "city_to_reserve", "x": 0, "y": 0})
    assert "start tile" in error.message
    refused("NY-T-4", ny.apply, state, "a", {"type": "swap", "tile": MUSEUM, "x": 0, "y": 0})


# -- NY-T-5 ---------------------------------------------------------------------

def test_bought_tiles_are_placed_in_any_order_or_reserved(start):
    state = holding(start, "a", bought=[PARK_N, STATION, MUSEUM])
    state = ny.apply(state, "a", {"type": "place", "tile": STATION, "x": 0, "y": 1})
    state = ny.apply(state, "a", {"type": "to_reserve", "tile": MUSEUM})
    assert state["phase"] == "place" and state["pending"]["a"] == [PARK_N]
    state = ny.apply(state, "a", {"type": "place", "tile": PARK_N, "x": 1, "y": 0})
    assert state["active"] == "b" and state["reserves"]["a"] == [MUSEUM]
    assert set(state["cities"]["a"]) == {"0,0", "0,1", "1,0"}


def test_only_bought_tiles_can_be_placed_and_only_at_the_end(start):
    state = holding(start, "a", bought=[MUSEUM])
    refused("NY-T-5", ny.apply, state, "a", {"type": "place", "tile": STATION, "x": 1, "y": 0})
    refused("NY-T-5", ny.apply, state, "a", {"type": "to_reserve", "tile": STATION})
    refused("NY-T-3", ny.apply, start, "a", {"type": "place", "tile": MUSEUM, "x": 1, "y": 0})


def test_the_refill_follows_the_turn(start):
    state = ny.apply(start, "a", {"type": "buy", "space": "blue", "pay": [["blue", 9]]})
    state = ny.apply(state, "a", {"type": "to_reserve", "tile": MUSEUM})
    assert drawing(state) == "market"
    state = ny.apply(state, "table", {"type": "draw_tile", "tile": tile("theatre", 5, "S")})
    assert state["market"][0] == tile("theatre", 5, "S")
    assert state["active"] == "b" and state["phase"] == "turn"


# -- NY-B through the engine ----------------------------------------------------

def test_tiles_are_never_turned(start):
    state = holding(start, "a", bought=[PARK_N])
    error = refused("NY-B-1", ny.apply, state, "a",
                    {"type": "place", "tile": tile("park", 8, "E"), "x": 0, "y": 1})
    assert "never turned" in error.message
    ny.apply(state, "a", {"type": "place", "tile": PARK_N, "x": 1, "y": 0})


@pytest.mark.parametrize("picture, streets, square, rule", [
    ("T", "W", (1, 0), "NY-B-2"),
    ("T S", "N", (1, 1), "NY-B-3"),
    ("T", "", (1, 1), "NY-B-4"),
    ("T -", "", (1, 0), "NY-B-4"),
    ("""
     T - -
     - . -
     - . .
     """, "", (1, 2), "NY-B-5"),
])
def test_building_rules_refuse_with_the_square_named(start, picture, streets, square, rule):
    bought = tile("park", 9, streets)
    state = with_city(holding(start, "a", bought=[bought]), "a", picture)
    error = refused(rule, ny.apply, state, "a", {"type": "place", "tile": bought,
                                                 "x": square[0], "y": square[1]})
    assert f"({square[0]}, {square[1]})" in error.message
    assert {"x": square[0], "y": square[1]} not in next(
        (a["positions"] for a in ny.legal(state, "a")["actions"] if a["type"] == "place"), [])
