"""Two players and Dirk (NY-2P-2 … NY-2P-4)."""

import copy
import re

import pytest

from companion.engines import new_york as ny
from companion.engines.new_york import scoring

from companion.engines.text import english

from .helpers import config2, config3, drawing, refused, tile, with_city


@pytest.fixture
def duo():
    return ny.setup(config2())


def refill_after(state, card):
    state = copy.deepcopy(state)
    state["phase"], state["display"] = "refill", state["display"][:3]
    if card == "B":
        state["scoring_cards"] = ["A"]
    return ny.apply(state, "table", {"type": "draw_money", "card": card})


def test_dirk_starts_with_six_tiles_in_two_player_games_only(duo):
    assert len(duo["dirk"]) == 6 and ny.view(duo, None)["bag_size"] == 54 - 4 - 6
    refused("NY-2P-2", ny.setup, config2(dirk=config2()["dirk"][:5]))
    refused("NY-2P-2", ny.setup, config3(dirk=config2()["dirk"]))
    assert ny.setup(config3())["dirk"] is None


def test_dirk_draws_six_tiles_right_after_scoring_a(duo):
    state = refill_after(duo, "A")
    assert state["dirk_due"] == 6 and drawing(state) == "dirk"
    refused("NY-T-5", ny.apply, state, "table", {"type": "draw_money", "card": ["red", 5]})
    for price in range(7, 13):
        state = ny.apply(state, "table", {"type": "draw_tile", "tile": tile("skyscraper", price)})
    assert len(state["dirk"]) == 12 and state["dirk_due"] == 0
    assert drawing(state) == "money"


def test_after_scoring_b_dirk_draws_a_third_of_the_bag(duo):
    duo["out_of_bag"]["park"] = 10  # 7 more parks out: 54 - 10 - 7 = 37 left
    assert ny.view(duo, None)["bag_size"] == 37
    assert refill_after(duo, "B")["dirk_due"] == 12
    three = ny.setup(config3())
    assert refill_after(three, "A")["dirk_due"] == 0


def test_dirk_takes_places_in_majorities_but_scores_no_streets(duo):
    """NY-2P-3: Dirk ranks like a player; his points count for nobody."""
    duo = with_city(duo, "a", "T N N", kind="park")  # Anna 2 parks; Dirk holds 2 parks too
    event = scoring.majorities(duo, "B")
    assert event["points"] == {"a": 8, "b": 0}  # (12 + 5) / 2, shared with Dirk
    dirk_lines = [line for line in event["lines"] if line["seat"] == "dirk"]
    assert {re.match(r"Dirk: \d+ (\w+) tiles?,", english(line["text"]))[1] for line in dirk_lines} == {
        "park", "museum", "theatre", "station", "church"}
    assert all("count for nobody" in english(line["text"]) for line in dirk_lines)
    assert "dirk" not in scoring.streets(duo, "B")["points"]
    assert "dirk" not in ny.scores(refill_after(duo, "A"))["totals"]


def test_a_bought_tile_may_go_to_dirk(duo):
    state = ny.apply(duo, "a", {"type": "buy", "space": "blue", "pay": [["blue", 9]]})
    assert {"type": "to_dirk", "tile": tile("museum", 2)} in ny.legal(state, "a")["actions"]
    state = ny.apply(state, "a", {"type": "to_dirk", "tile": tile("museum", 2)})
    assert state["dirk"][-1] == tile("museum", 2) and state["pending"]["a"] == []


def test_only_with_two_players_and_only_bought_tiles_go_to_dirk(duo):
    three = ny.apply(ny.setup(config3()), "a", {"type": "buy", "space": "blue", "pay": [["blue", 9]]})
    refused("NY-2P-4", ny.apply, three, "a", {"type": "to_dirk", "tile": tile("museum", 2)})
    final = copy.deepcopy(duo)
    final["phase"], final["pending"]["a"] = "final", [tile("park", 6)]
    # NY-E-2: market tiles handed out at the end cannot go to Dirk
    refused("NY-E-2", ny.apply, final, "a", {"type": "to_dirk", "tile": tile("park", 6)})
    assert all(a["type"] != "to_dirk" for a in ny.legal(final, "a")["actions"])


def test_dirk_draws_right_after_the_scoring_card_in_the_middle_of_the_money_refill(duo):
    """NY-T-5 and NY-2P-2: money, scoring card A, Dirk's six tiles, money again, then the market."""
    state = ny.apply(duo, "a", {"type": "take_money", "cards": [["blue", 1], ["green", 2]]})
    state["market"][3] = None
    seen = []
    draws = iter([{"type": "draw_money", "card": ["red", 5]}, {"type": "draw_money", "card": "A"}]
                 + [{"type": "draw_tile", "tile": tile("park", p)} for p in range(6, 12)]
                 + [{"type": "draw_money", "card": ["red", 6]},
                    {"type": "draw_tile", "tile": tile("theatre", 5)}])
    while state["phase"] == "refill":
        seen.append(drawing(state))
        state = ny.apply(state, "table", next(draws))
    assert seen == ["money", "money"] + ["dirk"] * 6 + ["money", "market"]
    assert state["active"] == "b" and len(state["dirk"]) == 12
