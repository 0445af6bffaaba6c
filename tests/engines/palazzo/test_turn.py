"""The turn: take money (PZ-T-1), draw tiles (PZ-T-2), reconstruction's price (PZ-T-3)."""

import pytest

from companion.engines import IllegalAction
from companion.engines import palazzo as pz
from companion.engines.palazzo import hands

from .helpers import act, drawn, game, refused, with_hand, with_palaces


def test_take_money_reveals_players_plus_one_and_everyone_takes_in_order():  # PZ-T-1
    state = game(3)
    state = act(state, "ann", "take_money", cards=["a5", "b7", "c3", "w2"])
    assert state["phase"] == "pick" and pz.to_act(state) == {"ann"}
    state = act(state, "ann", "pick", cards=["b7", "w2"])
    assert pz.to_act(state) == {"ben"}
    state = act(state, "ben", "pick", cards=["c3"])
    # Carla takes the last card without having to choose, and the turn passes to Ben.
    assert state["hands"]["ann"]["cards"] == sorted(["a3", "a4", "b5", "w2", "b7", "w2"])
    assert "c3" in state["hands"]["ben"]["cards"] and "a5" in state["hands"]["cat"]["cards"]
    assert [h["count"] for h in state["hands"].values()] == [6, 5, 5]
    assert state["phase"] == "turn" and pz.to_act(state) == {"ben"}


def test_with_two_players_the_other_player_gets_the_last_card():  # PZ-T-1
    state = act(game(2, hands="counts"), "ann", "take_money", cards=["a5", "b7", "c3"])
    state = act(state, "ann", "pick", cards=["a5", "c3"])
    assert (state["hands"]["ann"]["count"], state["hands"]["ben"]["count"]) == (6, 5)
    assert pz.to_act(state) == {"ben"}


def test_the_revealed_cards_must_be_the_right_number_and_in_the_deck():  # PZ-T-1
    state = game(2)
    refused("PZ-T-1", state, "ann", "take_money", cards=["a5", "b7"])
    with_hand(state, "ben", ["a7", "a7", "a7"])
    err = refused("PZ-T-1", state, "ann", "take_money", cards=["a7", "b7", "c3"])
    assert "A7" in err.message


def test_picks_must_come_from_the_reveal_in_the_right_number_and_turn():  # PZ-T-1
    state = act(game(3), "ann", "take_money", cards=["a5", "b7", "c3", "w2"])
    refused("PZ-T-1", state, "ann", "pick", cards=["a5"])  # the active player takes two
    refused("PZ-T-1", state, "ann", "pick", cards=["a5", "a6"])
    refused("PZ-T-1", state, "ben", "pick", cards=["c3"])  # Anna chooses first


def _drain(state, keep):
    """Move all but ``keep`` deck cards into the discards."""
    gone = state["money"]["unknown"][keep:]
    state["money"]["unknown"] = state["money"]["unknown"][:keep]
    state["money"]["discards"] = sorted(gone)
    return state


def test_take_money_is_refused_when_deck_and_discards_are_too_few():  # PZ-T-1
    state = game(2)
    pool = state["money"]["unknown"] + state["hands"]["ann"]["cards"]
    with_hand(state, "ann", sorted(pool)[2:])  # Anna holds all but two of the cards left
    assert hands.deck_size(state) == 2 and state["money"]["discards"] == []
    refused("PZ-T-1", state, "ann", "take_money", cards=state["money"]["unknown"] + ["a3"])
    assert "take_money" in {b["type"] for b in pz.legal(state, "ann")["blocked"]}


def test_an_empty_deck_is_refilled_from_the_discards():  # PZ-T-1
    state = _drain(game(2), keep=1)
    last = state["money"]["unknown"][0]
    discards = list(state["money"]["discards"])
    other = [c for c in discards if c != last][:2]
    after = act(state, "ann", "take_money", cards=[last] + other)
    assert after["money"]["discards"] == []
    assert hands.deck_size(after) == len(discards) - 2
    # The deck's last card is turned up first: a reveal without it is impossible.
    refused("PZ-T-1", state, "ann", "take_money", cards=[c for c in discards if c != last][:3])


def test_drawn_tiles_go_to_the_supply_and_the_quarry_of_their_windows():  # PZ-T-2
    state = drawn(game(2), "ann", "m4w1", "b5w3")  # master builder on quarry 0
    assert state["tiles"]["supply"] == ["b1w1", "m4w1"]
    assert state["tiles"]["quarries"][3] == ["b5w3", "s4w1"]
    assert state["phase"] == "buy_or_auction" and pz.to_act(state) == {"ann"}
    # The numbers follow the master builder: he moves on to quarry 1, which becomes quarry 0.
    state = act(act(state, "ann", "auction"), "ben", "pass")
    state = act(state, "ann", "build", tile="m2w2", to="new")
    state = drawn(state, "ben", "s2w1", "m1w2")  # 2 windows: two quarries on from his
    assert state["tiles"]["quarries"] == [[], ["b2w3"], ["b5w3", "m1w2", "s4w1"], ["s1w1"]]
    assert pz.view(state, None)["tiles"]["master_builder"] == 1  # for the picture only


def test_both_drawn_tiles_must_be_entered_and_still_in_the_game():  # PZ-T-2 / PZ-C-1
    refused("PZ-T-2", game(2), "ann", "draw_tiles", tiles=["m4w1"])
    refused("PZ-T-2", game(2), "ann", "draw_tiles", tiles="m4w1")
    err = refused("PZ-C-1", game(2), "ann", "draw_tiles", tiles=["m4w1", "s1w1"])
    assert "sandstone 1" in err.message  # the only one lies on quarry 0
    refused("PZ-C-1", game(2), "ann", "draw_tiles", tiles=["m4w1", "m4w1"])


def test_a_knight_is_set_aside_and_not_replaced():  # PZ-T-2 / PZ-C-2
    state = drawn(game(2), "ann", "knight", "b5w3")
    assert state["tiles"]["knights"] == 1
    assert state["tiles"]["supply"] == ["b1w1"]
    assert state["tiles"]["quarries"][3] == ["b5w3", "s4w1"]


def test_the_fifth_knight_ends_the_game_at_once():  # PZ-C-2 / PZ-E-1
    state = game(2)
    state["tiles"]["knights"] = 4
    over = act(state, "ann", "draw_tiles", tiles=["knight"])
    assert pz.is_over(over) and pz.to_act(over) == set()
    refused("PZ-E-1", state, "ann", "draw_tiles", tiles=["knight", "b5w3"])
    refused("PZ-E-1", over, "ann", "auction")
    second = act(state, "ann", "draw_tiles", tiles=["b5w3", "knight"])
    assert pz.is_over(second) and second["tiles"]["supply"] == ["b1w1", "b5w3"]


def test_after_drawing_the_player_must_buy_or_auction():  # PZ-T-2
    state = drawn(game(2), "ann", "m4w1", "b5w3")
    assert {a["type"] for a in pz.legal(state, "ann")["actions"]} == {"buy", "auction"}
    refused("PZ-T-2", state, "ann", "take_money", cards=["a5", "b7", "c3"])


def test_reconstruction_costs_one_card_which_is_discarded():  # PZ-T-3
    state = with_palaces(game(2), "ann", [["b1w2", "b3w1"]])
    after = act(state, "ann", "reconstruct", card="b5", move="extract", palace=0, tile="b3w1")
    assert after["money"]["discards"] == ["b5"] and after["hands"]["ann"]["count"] == 3
    assert pz.to_act(after) == {"ben"}


def test_reconstruction_needs_a_card_from_the_hand():  # PZ-T-3
    state = with_palaces(game(2), "ann", [["b1w2", "b3w1"]])
    move = {"move": "extract", "palace": 0, "tile": "b3w1"}
    refused("PZ-T-3", state, "ann", "reconstruct", card="c7", **move)
    refused("PZ-T-3", state, "ann", "reconstruct", **move)
    with_hand(state, "ann", [])
    refused("PZ-T-3", state, "ann", "reconstruct", card="b5", **move)
    assert any(b["rule"] == "PZ-T-3" for b in pz.legal(state, "ann")["blocked"])


@pytest.mark.parametrize("action", [None, [], {"kind": "x"}, {"type": 3}, {"type": "fly"}])
def test_malformed_actions_are_refused_with_a_rule(action):  # PZ-S-1
    with pytest.raises(IllegalAction) as err:
        pz.apply(game(2), "ann", action)
    assert err.value.rule == "PZ-S-1"


def test_an_action_out_of_turn_is_refused():  # PZ-S-1
    err = refused("PZ-S-1", game(2), "ben", "draw_tiles", tiles=["m4w1", "b5w3"])
    assert "Anna" in err.message
