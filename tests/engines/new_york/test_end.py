"""The end of the game (NY-E-1 … NY-E-3)."""

import copy

import pytest

from companion.engines import new_york as ny
from companion.engines.new_york import catalogue

from companion.engines.text import english

from .helpers import config3, drawing, refused, tile


@pytest.fixture
def last_turn():
    """The bag is empty; Anna overpays for the blue museum and reserves it."""
    state = ny.setup(config3())
    state["out_of_bag"] = dict(catalogue.COUNTS)
    state = ny.apply(state, "a", {"type": "buy", "space": "blue", "pay": [["blue", 9]]})
    return state


def finish(state):
    return ny.apply(state, "a", {"type": "to_reserve", "tile": tile("museum", 2)})


def test_the_game_ends_when_the_market_cannot_be_refilled(last_turn):
    state = finish(last_turn)
    assert state["phase"] == "final"
    bag_left = copy.deepcopy(last_turn)
    bag_left["out_of_bag"]["park"] = 10
    state = finish(bag_left)
    assert state["phase"] == "refill" and drawing(state) == "market"
    state = ny.apply(state, "table", {"type": "draw_tile", "tile": tile("park", 12)})
    assert state["phase"] == "turn" and state["active"] == "b"  # the last tile filled the market


def test_leftover_tiles_go_to_the_richest_in_their_bank(last_turn):
    state = finish(last_turn)
    # green: Anna 2, Ben 5 · yellow: Carla 17 · red: Anna 9, Ben 8, Carla 1
    assert [(x["space"], x["to"]) for x in state["leftovers"]] == [
        ("green", "b"), ("yellow", "c"), ("red", "a")]
    assert ny.to_act(state) == {"a", "b", "c"}
    assert state["pending"]["b"] == [tile("park", 8, "N")]
    state = ny.apply(state, "b", {"type": "place", "tile": tile("park", 8, "N"), "x": 1, "y": 0})
    state = ny.apply(state, "c", {"type": "to_reserve", "tile": tile("church", 7, "E")})
    refused("NY-B-4", ny.apply, state, "a", {"type": "place", "tile": tile("station", 5),
                                              "x": 1, "y": 1})
    state = ny.apply(state, "a", {"type": "place", "tile": tile("station", 5), "x": 0, "y": 1})
    assert ny.is_over(state)
    assert english(state["events"][-2]["title"]) == "Scoring C: buildings"


def test_a_tie_or_no_holder_leaves_the_tile_in_the_market(last_turn):
    last_turn["hands"]["b"].append(["red", 1])  # Ben 9 red, like Anna
    last_turn["hands"]["c"] = [c for c in last_turn["hands"]["c"] if c[0] != "yellow"]
    state = finish(last_turn)
    assert [(x["space"], x["to"]) for x in state["leftovers"]] == [
        ("green", "b"), ("yellow", None), ("red", None)]
    assert state["market"] == [None, None, tile("church", 7, "E"), tile("station", 5)]
    assert ny.to_act(state) == {"b"}
    # only a receiver of a leftover tile has something to do now (NY-E-2)
    refused("NY-E-2", ny.apply, state, "a", {"type": "to_reserve", "tile": tile("station", 5)})


def test_most_points_wins_and_a_tie_shares_the_win(last_turn):
    state = finish(last_turn)
    for seat, t in (("b", tile("park", 8, "N")), ("c", tile("church", 7, "E")),
                    ("a", tile("station", 5))):
        state = ny.apply(state, seat, {"type": "to_reserve", "tile": t})
    result = ny.scores(state)
    assert result["totals"] == {"a": 0, "b": 0, "c": 0} and result["winners"] == ["a", "b", "c"]
    error = refused("NY-E-3", ny.apply, state, "a", {"type": "take_money", "cards": [["red", 4]]})
    assert "over" in error.message


def test_the_player_with_most_points_wins(last_turn):
    state = finish(last_turn)
    state = ny.apply(state, "b", {"type": "place", "tile": tile("park", 8, "N"), "x": 1, "y": 0})
    state = ny.apply(state, "c", {"type": "to_reserve", "tile": tile("church", 7, "E")})
    state = ny.apply(state, "a", {"type": "to_reserve", "tile": tile("station", 5)})
    result = ny.scores(state)
    assert result["totals"]["b"] == 20 + 1  # 1st in parks in C, and a street of one side
    assert result["winners"] == ["b"]
    assert ny.scores(last_turn)["winners"] == []
