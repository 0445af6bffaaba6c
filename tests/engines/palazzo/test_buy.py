"""Buying from the material supply (PZ-B-1, PZ-B-2) and paying without change (PZ-P-3)."""

from companion.engines import palazzo as pz

from .helpers import act, drawn, game, refused, with_hand, with_supply


def four_on_supply(hand):
    """Anna drew the fourth tile onto the supply and holds ``hand``."""
    state = with_supply(game(2), ["b1w1", "s2w2", "m3w3"])
    state = with_hand(state, "ann", hand)
    return drawn(state, "ann", "b4w2", "m5w1")


def test_rulebook_example_two_of_four_tiles_for_a_group_of_15():  # PZ-B-1 / PZ-P-3
    state = four_on_supply(["a4", "b4", "c4", "w2"])
    assert pz.legal(state, "ann")["actions"][0]["price"] == 6
    after = act(state, "ann", "buy", tiles=["b4w2", "s2w2"], cards=["a4", "b4", "c4"])
    assert after["money"]["discards"] == ["a4", "b4", "c4"]  # 15 for 12: no change
    assert after["hands"]["ann"]["cards"] == ["w2"]
    assert after["tiles"]["supply"] == ["b1w1", "m3w3"]
    assert after["phase"] == "build" and after["acquired"]["tiles"] == ["b4w2", "s2w2"]


def test_paying_less_than_the_price_is_refused():  # PZ-B-1
    state = four_on_supply(["a4", "a7", "w2", "b6"])
    err = refused("PZ-B-1", state, "ann", "buy", tiles=["b4w2", "s2w2"], cards=["a4", "a7"])
    assert "12" in err.message and "11" in err.message
    act(state, "ann", "buy", tiles=["b4w2"], cards=["a7"])  # one tile for 6: paid 7


def test_only_one_or_two_tiles_from_the_supply_can_be_bought():  # PZ-B-1
    state = four_on_supply(["a7", "a7", "a7", "w2"])
    refused("PZ-B-1", state, "ann", "buy", tiles=["b4w2", "s2w2", "m3w3"], cards=["a7"] * 3)
    refused("PZ-B-1", state, "ann", "buy", tiles=[], cards=["a7"])
    refused("PZ-B-1", state, "ann", "buy", tiles=["s4w1"], cards=["a7"])  # on a quarry


def test_the_payment_follows_the_payment_rules():  # PZ-B-1 / PZ-P-1
    state = four_on_supply(["a4", "b7", "w2", "b6"])
    refused("PZ-P-1", state, "ann", "buy", tiles=["b4w2"], cards=["a4", "b7"])
    refused("PZ-B-1", state, "ann", "buy", tiles=["b4w2"], cards=["c7"])  # not in hand


def test_an_empty_supply_cannot_be_bought_from():  # PZ-B-1
    state = with_supply(game(2), [])
    state = drawn(state, "ann", "knight", "m5w1")
    refused("PZ-B-1", state, "ann", "buy", tiles=["b1w1"], cards=["a3"])
    assert {a["type"] for a in pz.legal(state, "ann")["actions"]} == {"auction"}


def test_a_player_who_cannot_pay_one_tile_must_auction():  # PZ-B-2
    state = with_hand(game(2), "ann", ["a3", "b4"])
    state = drawn(state, "ann", "b4w2", "m5w1")  # 2 tiles on the supply: 8 each
    refused("PZ-B-2", state, "ann", "buy", tiles=["b4w2"], cards=["b4"])
    blocked = pz.legal(state, "ann")["blocked"]
    assert [(b["type"], b["rule"]) for b in blocked] == [("buy", "PZ-B-2")]
    state = with_hand(state, "ann", ["a3", "a4", "w2"])  # 9 will do
    after = act(state, "ann", "buy", tiles=["b4w2"], cards=["a3", "a4", "w2"])
    assert after["acquired"] == {"seat": "ann", "tiles": ["b4w2"], "paid": 9}


def test_bought_tiles_are_built_then_the_turn_passes():  # PZ-B-1 / PZ-BLD-2
    state = four_on_supply(["a4", "b4", "c4", "w2"])
    state = act(state, "ann", "buy", tiles=["b4w2", "s2w2"], cards=["a4", "b4", "c4"])
    state = act(state, "ann", "build", tile="s2w2", to="new")
    state = act(state, "ann", "build", tile="b4w2", to=0)
    assert state["palaces"]["ann"] == [["s2w2", "b4w2"]]
    assert state["phase"] == "turn" and pz.to_act(state) == {"ben"}
