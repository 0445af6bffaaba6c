"""The server's draw for a seat that asks it to (``seat_draw``): tiles from what is left,
revealed money from the deck (private hands only) and starting hands."""

import random

import pytest

from companion.engines import IllegalAction
from companion.engines import palazzo as pz
from companion.engines.palazzo import hands, tiles

from .helpers import config, game


def test_the_server_draws_two_tiles_still_unseen():  # PZ-T-2
    state, rng = game(2), random.Random(4)
    for _ in range(20):
        action = pz.seat_draw(state, "ann", "draw_tiles", rng)
        assert action["type"] == "draw_tiles" and len(action["tiles"]) == 2
        # early in the game the knights still lie in stack III
        assert all(t in state["tiles"]["unseen"] for t in action["tiles"])
    after = pz.apply(state, "ann", action)
    assert after["phase"] == "buy_or_auction"


def test_late_draws_can_bring_the_knights_and_end_the_game():  # PZ-E-1
    state, rng = game(2), random.Random(2)
    state["tiles"]["unseen"] = state["tiles"]["unseen"][:3]
    state["tiles"]["knights"] = 4
    seen = set()
    for _ in range(40):
        action = pz.seat_draw(state, "ann", "draw_tiles", rng)
        seen.add(tiles.KNIGHT in action["tiles"])
        pz.apply(state, "ann", action)  # every draw is one the engine accepts
    assert seen == {True, False}


def test_the_server_reveals_money_from_the_deck_with_private_hands():  # PZ-T-1
    state = game(3)
    action = pz.seat_draw(state, "ann", "take_money", random.Random(1))
    assert len(action["cards"]) == 4
    after = pz.apply(state, "ann", action)
    assert after["reveal"]["cards"] == sorted(action["cards"])
    assert hands.deck_size(after) == hands.deck_size(state) - 4


def test_with_counted_hands_the_server_does_not_reveal_money():  # PZ-T-1
    state = game(2, hands="counts")
    with pytest.raises(IllegalAction) as refused:
        pz.seat_draw(state, "ann", "take_money", random.Random(1))
    assert refused.value.rule == "PZ-T-1" and "counted hands" in refused.value.message


def test_the_server_deals_a_starting_hand():  # PZ-S-1
    state = pz.setup(config(2, hands="private"))
    action = pz.seat_draw(state, "ben", "enter_hand", random.Random(3))
    assert len(action["cards"]) == 4
    assert pz.apply(state, "ben", action)["hands"]["ben"]["cards"] == sorted(action["cards"])


def test_nothing_is_drawn_out_of_turn_or_for_a_move_without_chance():
    state = game(2)
    with pytest.raises(IllegalAction) as refused:
        pz.seat_draw(state, "ben", "draw_tiles", random.Random(1))
    assert refused.value.rule == "PZ-S-1"
    with pytest.raises(IllegalAction):
        pz.seat_draw(state, "ann", "reconstruct", random.Random(1))
    with pytest.raises(IllegalAction):
        pz.seat_draw(state, "ann", "teleport", random.Random(1))
