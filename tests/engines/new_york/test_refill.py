"""End-of-turn refills entered as drawn (NY-T-5, NY-C-2) and scoring cards (NY-SC-1)."""

import pytest

from companion.engines import new_york as ny
from companion.engines.new_york import money

from companion.engines.text import english

from .helpers import config3, drawing, refused, tile


@pytest.fixture
def refilling():
    """Anna took the red 4: the display needs one card."""
    return ny.apply(ny.setup(config3()), "a", {"type": "take_money", "cards": [["red", 4]]})


def test_the_table_turns_up_money_until_the_display_holds_four(refilling):
    info = ny.legal(refilling, "table")
    assert info["phase"] == "refill" and drawing(refilling) == "money"
    offered = {tuple(a["card"]) if isinstance(a["card"], list) else a["card"]: a["count"]
               for a in info["actions"]}
    assert offered[("red", 4)] == 2 and offered[("blue", 9)] == 2 and offered["A"] == 1
    assert "B" not in offered
    after = ny.apply(refilling, "table", {"type": "draw_money", "card": ["red", 4]})
    assert after["display"][-1] == ["red", 4] and after["active"] == "b"


def test_a_card_the_deck_cannot_hold_is_refused(refilling):
    refilling["discard"] = [["green", 2]]  # with Anna's and the display's: all three
    error = refused("NY-C-2", ny.apply, refilling, "table", {"type": "draw_money", "card": ["green", 2]})
    assert "green 2" in error.message


def test_draws_come_in_order_money_first(refilling):
    refilling["market"][2] = None
    refused("NY-T-5", ny.apply, refilling, "table", {"type": "draw_tile", "tile": tile("park", 9)})
    state = ny.apply(refilling, "table", {"type": "draw_money", "card": ["blue", 5]})
    assert drawing(state) == "market"
    refused("NY-T-5", ny.apply, state, "table", {"type": "draw_money", "card": ["blue", 5]})
    state = ny.apply(state, "table", {"type": "draw_tile", "tile": tile("park", 9)})
    assert state["market"][2] == tile("park", 9) and state["active"] == "b"


def test_an_empty_deck_is_rebuilt_from_the_discards(refilling):
    refilling["scoring_cards"] = ["A", "B"]
    refilling["discard"] = [list(k) for k, n in money.deck(refilling).items() for _ in range(n)]
    assert ny.view(refilling, None)["deck_size"] == 0
    discards = len(refilling["discard"])
    after = ny.apply(refilling, "table", {"type": "draw_money", "card": ["red", 7]})
    assert after["discard"] == [] and ny.view(after, None)["deck_size"] == discards - 1


def test_scoring_card_a_is_scored_at_once_and_replaced(refilling):
    after = ny.apply(refilling, "table", {"type": "draw_money", "card": "A"})
    assert after["scoring_cards"] == ["A"]
    assert [english(e["title"]) for e in after["events"]] == ["Scoring A: buildings",
                                                               "Scoring A: streets"]
    assert drawing(after) == "money" and len(after["display"]) == 3
    refused("NY-C-2", ny.apply, after, "table", {"type": "draw_money", "card": "A"})


def test_scoring_card_b_cannot_come_before_a(refilling):
    error = refused("NY-C-2", ny.apply, refilling, "table", {"type": "draw_money", "card": "B"})
    assert "A" in error.message
    refilling["scoring_cards"] = ["A"]
    after = ny.apply(refilling, "table", {"type": "draw_money", "card": "B"})
    assert [english(e["title"]) for e in after["events"]][-2:] == ["Scoring B: buildings",
                                                                    "Scoring B: streets"]


def test_no_scoring_without_a_scoring_card(refilling):
    assert ny.apply(refilling, "table", {"type": "draw_money", "card": ["red", 4]})["events"] == []
