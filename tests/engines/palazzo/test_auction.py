"""Auctions (PZ-A-1 … PZ-A-4), the distribution of 4 or more tiles, sealed bids."""

from companion.engines import palazzo as pz

from .helpers import act, drawn, game, refused, with_hand, with_quarry


def auction(state, seat="ann"):
    """Anna draws two tiles (to the supply and quarry 3) and auctions."""
    return act(drawn(state, seat, "m4w1", "b5w3"), seat, "auction")


def test_the_master_builder_moves_to_the_next_quarry_with_tiles():  # PZ-A-1
    state = auction(game(2))
    # He stands on the old quarry 1, which is now quarry 0, and its tiles are auctioned.
    assert state["tiles"]["master_builder"] == 1
    assert state["tiles"]["quarries"][0] == ["m2w2"] and state["phase"] == "open_auction"
    assert pz.view(state, None)["auction"]["tiles"] == ["m2w2"]
    empty = with_quarry(game(2), 1, [])
    empty = act(drawn(empty, "ann", "m4w1", "b5w3"), "ann", "auction", quarry=2)
    assert empty["tiles"]["master_builder"] == 2


def test_the_quarry_named_must_be_the_one_the_master_builder_reaches():  # PZ-A-1
    state = drawn(game(2), "ann", "m4w1", "b5w3")
    err = refused("PZ-A-1", state, "ann", "auction", quarry=3)
    assert err.details["expected"] == 1
    assert err.message == ("The master builder moves on to the next quarry holding tiles, "
                           "quarry 1, not the quarry 3 you named.")
    assert act(state, "ann", "auction", quarry=1)["tiles"]["master_builder"] == 1


def test_with_every_quarry_empty_the_auction_ends_the_turn():  # PZ-A-1
    state = game(2)
    for quarry in range(4):
        with_quarry(state, quarry, [])
    state = drawn(state, "ann", "m4w1", "knight")
    after = act(state, "ann", "auction")
    assert after["phase"] == "turn" and pz.to_act(after) == {"ben"}
    assert after["tiles"]["master_builder"] == 0


def test_the_master_builder_comes_back_to_his_own_quarry_last():  # PZ-A-1 decision
    state = game(2)
    for quarry in (1, 2, 3):
        with_quarry(state, quarry, [])
    state = drawn(state, "ann", "m4w1", "knight")
    assert pz.legal(state, "ann")["actions"][-1]["quarry"] == 0
    state = act(state, "ann", "auction", quarry=0)
    assert state["tiles"]["master_builder"] == 0 and state["phase"] == "open_auction"
    assert state["auction"] is not None and state["tiles"]["quarries"][0] == ["s1w1"]


def test_rulebook_example_five_tiles_three_players_one_each_rest_out():  # PZ-A-2
    lot = ["b3w2", "m4w3", "s5w2", "m1w1", "b2w2"]
    state = act(drawn(with_quarry(game(3), 1, lot), "ann", "m4w1", "b5w3"), "ann", "auction")
    assert state["phase"] == "distribute" and pz.to_act(state) == {"ann"}
    state = act(state, "ann", "build", tile="m4w3", to="new")
    refused("PZ-A-2", state, "cat", "build", tile="b3w2", to="new")  # Ben is next
    refused("PZ-A-2", state, "ben", "build", tile="m4w3", to="new")  # already taken
    state = act(state, "ben", "build", tile="s5w2", to="new")
    state = act(state, "cat", "build", tile="b2w2", to="discard")
    assert state["tiles"]["quarries"][0] == []
    assert state["tiles"]["out"] == ["b2w2", "b3w2", "m1w1"]
    assert state["palaces"]["ann"] == [["m4w3"]] and state["palaces"]["ben"] == [["s5w2"]]
    assert state["phase"] == "turn" and pz.to_act(state) == {"ben"}


def test_three_tiles_are_auctioned_not_distributed():  # PZ-A-2
    lot = ["b3w2", "m4w3", "s5w2"]
    state = act(drawn(with_quarry(game(3), 1, lot), "ann", "m4w1", "b5w3"), "ann", "auction")
    assert state["phase"] == "open_auction"
    refused("PZ-A-3", state, "ann", "build", tile="m4w3", to="new")


def test_the_opener_bids_3_with_the_certificate_and_others_raise_clockwise():  # PZ-A-3
    state = auction(game(3))
    assert state["auction"]["bids"]["ann"]["value"] == 3
    assert pz.to_act(state) == {"ben"}
    state = act(state, "ben", "raise", cards=["b3", "w2"])
    assert state["auction"]["leader"] == "ben" and pz.to_act(state) == {"cat"}
    assert state["hands"]["ben"]["count"] == 2


def test_a_raise_must_beat_the_highest_bid():  # PZ-A-3
    state = auction(game(2))
    err = refused("PZ-A-3", state, "ben", "raise", cards=["w2"])
    assert "not above the highest bid, 3" in err.message
    refused("PZ-A-3", state, "ben", "raise", cards=[])
    refused("PZ-A-3", state, "ann", "raise", cards=["a4"])  # Ben's turn


def test_raises_keep_the_bidders_currency():  # PZ-A-3 / PZ-P-1
    state = auction(game(2))
    state = act(state, "ben", "raise", cards=["c4"])
    state = act(state, "ann", "raise", cards=["b5"])
    err = refused("PZ-P-1", state, "ben", "raise", cards=["b3", "w2"])
    assert "currency C" in err.message
    state = act(state, "ben", "raise", cards=["c5", "w2"])
    assert state["auction"]["bids"]["ben"]["value"] == 11


def test_passing_is_final_and_returns_the_laid_out_cards():  # PZ-A-3
    state = auction(game(3))
    state = act(state, "ben", "raise", cards=["c4"])
    state = act(state, "cat", "pass")
    state = act(state, "ann", "raise", cards=["a3", "a4"])
    state = act(state, "ben", "pass")
    assert state["hands"]["ben"]["cards"] == sorted(["b3", "c4", "c5", "w2"])
    # Anna is the only bidder left: she wins and pays her cards; the certificate is not paid.
    assert state["phase"] == "build" and state["acquired"]["seat"] == "ann"
    assert state["money"]["discards"] == ["a3", "a4"]


def test_if_everyone_passes_the_opener_wins_for_three_and_pays_nothing():  # PZ-A-3 / PZ-A-4
    state = act(act(auction(game(3)), "ben", "pass"), "cat", "pass")
    assert state["acquired"] == {"seat": "ann", "tiles": ["m2w2"], "paid": 3}
    assert state["money"]["discards"] == [] and state["hands"]["ann"]["count"] == 4


def test_rulebook_example_of_raising_with_groups():  # PZ-A-3 / PZ-P-2
    state = game(2)
    with_hand(state, "ann", ["a4", "b4", "c4", "b6", "w2", "w2", "w2", "a7"])
    with_hand(state, "ben", ["c7", "c6", "c6", "c5", "c5", "w2"])
    state = auction(state)
    state = act(state, "ben", "raise", cards=["c7", "c6", "w2"])  # 15
    state = act(state, "ann", "raise", cards=["a4", "b4", "c4"])  # 3 + group = 18
    assert state["auction"]["bids"]["ann"]["value"] == 18
    state = act(state, "ben", "raise", cards=["c5", "c5"])  # 25
    state = act(state, "ann", "raise", cards=["b6", "w2"])  # 26, keeping two certificates
    assert state["auction"]["bids"]["ann"]["value"] == 26
    state = act(state, "ben", "raise", cards=["c6"])  # 31
    refused("PZ-P-2", state, "ann", "raise", cards=["w2", "w2"], groups=[["w2", "w2"]])
    err = refused("PZ-A-3", state, "ann", "raise", cards=["w2", "w2"])
    assert err.details["total"] == 30
    state = act(state, "ann", "pass")
    assert state["hands"]["ann"]["count"] == 8  # all her cards back
    assert state["acquired"]["seat"] == "ben" and state["acquired"]["paid"] == 31
    assert state["money"]["discards"] == sorted(["c7", "c6", "w2", "c5", "c5", "c6"])


def test_legal_offers_a_raise_only_when_the_hand_can_beat_the_bid():  # PZ-A-3
    state = auction(game(2))
    state = act(state, "ben", "raise", cards=["c4", "c5", "w2"])  # 11
    options = pz.legal(state, "ann")
    assert options["actions"][0] == {
        "type": "raise", "to_beat": 11, "bid": 3, "at_least": 9, "currency": None,
        "cards": ["a3", "a4", "b5", "w2"], "hand_size": 4,
    }
    with_hand(state, "ann", ["a3", "b4"])
    options = pz.legal(state, "ann")
    assert options["actions"] == [{"type": "pass"}]
    assert options["blocked"][0]["rule"] == "PZ-A-3"


def test_the_winner_pays_takes_every_tile_and_builds_them():  # PZ-A-4
    state = with_quarry(game(2), 1, ["b3w2", "m4w3"])
    state = act(auction(state), "ben", "raise", cards=["c4"])
    state = act(state, "ann", "pass")
    assert state["tiles"]["quarries"][0] == []
    assert state["acquired"] == {"seat": "ben", "tiles": ["b3w2", "m4w3"], "paid": 4}
    assert state["money"]["discards"] == ["c4"]
    refused("PZ-BLD-2", state, "ann", "build", tile="b3w2", to="new")
    refused("PZ-BLD-2", state, "ben", "take_money", cards=["a5", "b7", "c3"])  # build first
    state = act(state, "ben", "build", tile="b3w2", to="new")
    state = act(state, "ben", "build", tile="m4w3", to=0)
    assert state["palaces"]["ben"] == [["b3w2", "m4w3"]]
    assert pz.to_act(state) == {"ben"}  # Ben's own turn comes next


# Sealed bids (house rule PZ-H-1)


def sealed(players=3):
    return auction(game(players, bidding="sealed"))


def test_sealed_bids_are_collected_from_everyone_at_once():  # PZ-H-1
    state = sealed()
    assert state["phase"] == "sealed_auction" and pz.to_act(state) == {"ann", "ben", "cat"}
    state = act(state, "cat", "sealed_bid", cards=["a6", "w2"])
    assert pz.to_act(state) == {"ann", "ben"}
    refused("PZ-H-1", state, "cat", "sealed_bid", cards=[])  # one bid each
    assert "a6" not in str(pz.view(state, "ben")) and "a6" not in str(pz.view(state, None))
    assert pz.view(state, "cat")["auction"]["own"] == {"cards": ["a6", "w2"], "value": 8}
    state = act(state, "ann", "sealed_bid", cards=[])
    state = act(state, "ben", "sealed_bid", cards=["c4", "c5"])
    assert state["acquired"] == {"seat": "ben", "tiles": ["m2w2"], "paid": 9}
    assert state["hands"]["cat"]["count"] == 4  # the losing bid went back
    assert state["money"]["discards"] == ["c4", "c5"]


def test_a_sealed_tie_goes_to_the_first_clockwise_from_the_opener():  # PZ-H-1
    state = sealed()
    state = act(state, "cat", "sealed_bid", cards=["a6", "w2"])  # 8
    state = act(state, "ben", "sealed_bid", cards=["c4", "w2"])  # 6
    state = act(state, "ann", "sealed_bid", cards=["b5"])  # 3 + 5 = 8
    assert state["acquired"]["seat"] == "ann" and state["acquired"]["paid"] == 8
    assert state["money"]["discards"] == ["b5"]


def test_a_sealed_bid_must_be_a_payment_from_the_hand():  # PZ-H-1 / PZ-P-1
    refused("PZ-P-1", sealed(), "ann", "sealed_bid", cards=["a3", "b5"])
    err = refused("PZ-H-1", sealed(), "ann", "sealed_bid", cards=["c7"])
    assert err.message == "You hold no C7 (you offered C7)."
