"""Open auctions (FA-A-1..7).

In ``started(3)``: 34th Street West has Anna (s1) on grey, Carla (s3) on brown, Bruno
(s2) on violet, a boutique on orange and an empty green lot; Times Square has only a
perfumery on green.
"""

from .scenario import act, fa, hand, in_auction, pass_all, put, refused, started


def card(colour, value):
    return {"color": colour, "value": value}


def rich(state):
    for seat in ["s1", "s2", "s3"]:
        hand(state, seat, *[(c, v) for c in ["orange", "grey", "brown", "violet"] for v in (4, 5)],
             ("black", 4), ("black", 6))
    return state


def test_round_auctions_marked_quarters_in_visiting_order_then_central_park():
    state = in_auction(rich(started()), quarters=["34w", "ts", "52e"])
    seen = []
    while state["round"]:
        seen.append(state["auction"]["quarter"] or "central_park")
        state = pass_all(state, "s1", "s2", "s3")
    assert seen == ["34w", "ts", "52e", "central_park"]
    assert state["commissions"]["white"] == {"at": "city_hall", "markers": []}


def test_marker_goes_home_after_its_quarter_auction_the_other_colour_stays():
    state = started()
    state["commissions"]["beige"] = {"at": "52e", "markers": ["34w"]}
    state = in_auction(state, quarters=["34w", "ts"])
    state = pass_all(state, "s1", "s2", "s3")
    assert state["commissions"]["white"]["markers"] == ["ts"]
    assert state["commissions"]["beige"]["markers"] == ["34w"]


def test_opener_first_then_clockwise():
    state = in_auction(rich(started()), quarters=["ts"], opener="s2")
    assert fa.to_act(state) == {"s2"}
    refused(state, "s1", "pass", "FA-A-2")
    state = act(state, "s2", "pass")
    assert fa.to_act(state) == {"s3"}


def test_a_bid_must_beat_the_highest_total():
    state = in_auction(rich(started()), quarters=["ts"])
    state = act(state, "s1", "bid", cards=[card("grey", 5), card("black", 4)])
    err = refused(state, "s2", "bid", "FA-A-2", cards=[card("orange", 5), card("orange", 4)])
    assert err.details == {"total": 9, "beat": 9}
    state = act(state, "s2", "bid", cards=[card("orange", 5), card("black", 6)])
    assert state["auction"]["highest"] == {"seat": "s2", "total": 11}
    assert fa.legal(state, "s3")["actions"][0]["beat"] == 11


def test_raising_adds_cards_and_passing_returns_them():
    state = in_auction(rich(started()), quarters=["ts"])
    state = act(state, "s1", "bid", cards=[card("grey", 4)])
    state = act(state, "s2", "bid", cards=[card("brown", 5)])
    state = act(state, "s3", "pass")
    assert len(state["hands"]["s1"]) == 10 + 1 - 1  # rich, the black card of C, the bid
    entry = fa.legal(state, "s1")["actions"][0]
    assert entry["laid"] == [card("grey", 4)] and entry["colors"] == ["grey"]
    state = act(state, "s1", "bid", cards=[card("black", 4)])  # 4 + 4 = 8 > 5
    assert state["auction"]["bids"]["s1"]["total"] == 8
    refused(state, "s2", "bid", "FA-A-3", cards=[card("grey", 5)])  # Bruno bids brown
    state = act(state, "s2", "pass")
    assert len(state["hands"]["s2"]) == 10  # his brown 5 came back
    assert state["last_auction"]["winner"] == "s1" and state["last_auction"]["total"] == 8


def test_nobody_bids_nobody_wins():
    state = in_auction(rich(started()), quarters=["ts"])
    state = pass_all(state, "s1", "s2", "s3")
    assert state["last_auction"]["winner"] is None
    assert state["auction"]["kind"] == "central_park"


def test_the_last_player_may_still_bid_after_everyone_else_passed():
    state = in_auction(rich(started()), quarters=["ts"])
    state = pass_all(state, "s1", "s2")
    assert fa.to_act(state) == {"s3"}
    state = act(state, "s3", "bid", cards=[card("orange", 4)])
    assert state["phase"] == "build" and state["build"]["seat"] == "s3"


def test_first_card_coloured_one_colour_only_and_held():
    state = in_auction(rich(started()), quarters=["ts"])
    err = refused(state, "s1", "bid", "FA-A-3", cards=[card("black", 6)])
    assert "coloured" in err.message
    refused(state, "s1", "bid", "FA-A-3", cards=[card("grey", 4), card("brown", 4)])
    refused(state, "s1", "bid", "FA-A-3", cards=[card("grey", 6)])  # holds grey 4 and 5 only
    refused(state, "s1", "bid", "FA-A-3", cards=[])
    refused(state, "s1", "bid", "FA-C-4", cards=[card("grey", 7)])
    state = act(state, "s1", "bid", cards=[card("black", 6), card("grey", 4)])
    assert state["auction"]["bids"]["s1"]["color"] == "grey"


def test_colour_with_own_buildings_only_that_lot():
    state = in_auction(rich(started()), quarters=["34w"])
    err = refused(state, "s1", "bid", "FA-A-5", cards=[card("orange", 4)])  # green is empty
    assert err.details["allowed"] == ["grey"]
    assert err.message == ("You cannot bid orange here; you may bid grey. You have buildings on the "
                           "grey lot of 34th Street West, so you bid only grey (+ black).")
    assert fa.legal(state, "s1")["actions"][0]["colors"] == ["grey"]
    act(state, "s1", "bid", cards=[card("grey", 4)])


def test_colour_without_own_buildings_any_empty_lot_even_the_same():
    state = rich(started())
    put(state, "ts", "grey", owner="s1", buildings=1)
    hand(state, "s3", ("orange", 6), ("green", 4))
    state = in_auction(state, quarters=["ts"])
    state = act(state, "s1", "pass")
    refused(state, "s2", "bid", "FA-A-5", cards=[card("grey", 5)])  # Anna's lot
    state = act(state, "s2", "bid", cards=[card("orange", 4)])
    assert fa.legal(state, "s3")["actions"][0]["colors"] == ["orange"]  # holds no brown, violet
    state = act(state, "s3", "bid", cards=[card("orange", 6)])  # the same colour is fine
    assert state["auction"]["highest"] == {"seat": "s3", "total": 6}


def test_colour_of_a_shop_lot_only_when_no_lot_is_empty():
    state = rich(started(3))
    put(state, "ts", "orange", owner="s2", buildings=1)
    put(state, "ts", "grey", shops=["boutique"])
    put(state, "ts", "brown", owner="s3", buildings=2)
    put(state, "ts", "violet", shops=["jeweler"])  # green has the perfumery
    state = in_auction(state, quarters=["ts"])
    assert state["auction"]["full"] is True
    err = refused(state, "s1", "bid", "FA-A-5", cards=[card("orange", 4)])  # Bruno's lot
    assert err.details["allowed"] == ["green", "grey", "violet"]
    assert "close" in err.message
    act(state, "s1", "bid", cards=[card("grey", 4)])


def test_shop_lot_colour_is_refused_while_a_lot_is_empty():
    state = in_auction(rich(started()), quarters=["ts"])
    hand(state, "s1", ("green", 4))
    err = refused(state, "s1", "bid", "FA-A-5", cards=[card("green", 4)])  # the perfumery lot
    assert "green" not in err.details["allowed"]


def test_winner_builds_up_to_the_limit_from_the_reserve_on_the_bid_lot():
    state = in_auction(rich(started()), quarters=["ts"])
    state = act(state, "s1", "bid", cards=[card("grey", 4), card("grey", 5)])  # a 5: limit 2
    state = pass_all(state, "s2", "s3")
    entry = fa.legal(state, "s1")["actions"][0]
    assert entry["type"] == "build" and entry["max"] == 2 and entry["lot"] == "grey"
    refused(state, "s1", "build", "FA-A-4", count=3)
    refused(state, "s1", "build", "FA-A-4", count=-1)
    refused(state, "s1", "build", "FA-A-4", count="two")
    refused(state, "s1", "build", "FA-A-6", count=2, lot="orange")  # the bid was grey
    state = act(state, "s1", "build", count=2, lot="grey")
    grey = state["quarters"]["ts"]["lots"][2]
    assert grey["owner"] == "s1" and grey["buildings"] == 2
    assert state["reserve"]["s1"] == 1


def test_winner_may_build_none_and_the_reserve_caps_the_limit():
    state = rich(started())
    state["reserve"]["s1"] = 1
    state = in_auction(state, quarters=["ts"])
    state = act(state, "s1", "bid", cards=[card("grey", 4)])  # limit 3, reserve 1
    state = pass_all(state, "s2", "s3")
    assert fa.legal(state, "s1")["actions"][0]["max"] == 1
    state = act(state, "s1", "build", count=0)
    assert state["quarters"]["ts"]["lots"][2]["owner"] is None


def test_an_empty_reserve_may_still_bid_and_winning_skips_the_build():
    state = rich(started())
    state["reserve"]["s1"] = 0
    state = in_auction(state, quarters=["ts"])
    state = act(state, "s1", "bid", cards=[card("grey", 4)])
    state = pass_all(state, "s2", "s3")
    assert state["phase"] == "auction" and state["auction"]["kind"] == "central_park"
    assert state["piles"]["grey"] == 12 - 3 + 1  # the card is spent all the same


def test_buildings_pile_up_on_ones_own_lot():
    state = in_auction(rich(started()), quarters=["34w"])
    state = act(state, "s1", "bid", cards=[card("grey", 4)])
    state = pass_all(state, "s2", "s3")
    state = act(state, "s1", "build", count=3)
    assert state["quarters"]["34w"]["lots"][2] == {"color": "grey", "shops": [], "owner": "s1",
                                                   "buildings": 4}


def test_central_park_colour_is_set_by_the_first_coloured_card():
    state = in_auction(rich(started()), quarters=[])
    assert state["auction"]["kind"] == "central_park"
    assert fa.legal(state, "s1")["actions"][0]["colors"] == ["orange", "grey", "brown", "violet"]
    state = act(state, "s1", "pass")
    state = act(state, "s2", "bid", cards=[card("violet", 5)])
    assert state["auction"]["color"] == "violet"
    err = refused(state, "s3", "bid", "FA-A-7", cards=[card("grey", 5), card("grey", 4)])
    assert err.details["allowed"] == ["violet"]
    state = act(state, "s3", "bid", cards=[card("violet", 4), card("violet", 5)])
    state = act(state, "s2", "pass")
    entry = fa.legal(state, "s3")["actions"][0]
    assert entry["kind"] == "central_park" and entry["max"] == 2
    state = act(state, "s3", "build", count=2)
    assert state["central_park"]["s3"] == 2 and state["reserve"]["s3"] == 1
    assert state["phase"] == "take_colored"  # back to Anna's action C


def test_central_park_cannot_be_closed():
    state = in_auction(rich(started()), quarters=[])
    state = act(state, "s1", "bid", cards=[card("grey", 4)])
    state = pass_all(state, "s2", "s3")
    assert fa.legal(state, "s1")["blocked"] == []
    refused(state, "s1", "close_quarter", "FA-X-1")
