"""The two-player dummy bidder (FA-2P-1..4).

In ``started(2)``: Anna (s1) on grey and Bruno (s2) on brown in 34th Street West;
Bruno on grey and Anna on brown in 42nd Street West.
"""

from .scenario import TABLE, act, clear, fa, hand, in_auction, pass_all, put, refused, started


def card(colour, value):
    return {"color": colour, "value": value}


def two(state=None):
    state = state or started(2)
    for seat in ["s1", "s2"]:
        hand(state, seat, *[(c, v) for c in ["orange", "grey", "brown", "violet"] for v in (4, 5, 6)],
             ("black", 4), ("black", 6))
    return state


def test_dummy_is_a_bidder_shown_with_the_players_but_never_acts_itself():
    state = started(2)
    players = fa.view(state)["players"]
    assert [p["seat"] for p in players] == ["s1", "s2", "dummy"]
    assert players[2]["dummy"] is True and players[2]["name"] == "Alea"
    err = refused(state, "dummy", "take_buildings", "FA-2P-1")
    assert "only bids" in err.message


def test_dummy_bids_third_with_the_tables_draws():
    state = in_auction(two(), quarters=["ts"])
    assert state["auction"]["order"] == ["s1", "s2", "dummy"]
    state = act(state, "s1", "bid", cards=[card("grey", 4)])
    state = act(state, "s2", "bid", cards=[card("orange", 5)])
    assert state["phase"] == "dummy" and fa.to_act(state) == {TABLE}
    assert fa.legal(state, TABLE)["actions"] == [{"type": "dummy_bid", "seat": "dummy"}]
    refused(state, "s1", "dummy_bid", "FA-2P-2", draws=[4, 4])
    refused(state, TABLE, "dummy_bid", "FA-2P-2", draws=[4, 5])  # no repeat yet
    refused(state, TABLE, "dummy_bid", "FA-2P-2", draws=[4, 4, 5])  # went on after it
    refused(state, TABLE, "dummy_bid", "FA-2P-2", draws=[4, 7, 4])
    refused(state, TABLE, "dummy_bid", "FA-2P-2", draws="4,4")
    refused(state, TABLE, "bid", "FA-T-1", cards=[card("grey", 4)])
    state = act(state, TABLE, "dummy_bid", draws=[4, 6, 5, 6])  # 21: the highest possible
    assert state["auction"]["highest"] == {"seat": "dummy", "total": 21}
    assert fa.to_act(state) == {"s1"}  # the players must beat it or pass


def test_dummy_drops_out_when_not_above_the_highest_bid():
    state = in_auction(two(), quarters=["ts"])
    state = act(state, "s1", "bid", cards=[card("grey", 6), card("black", 6)])  # 12
    state = act(state, "s2", "pass")
    state = act(state, TABLE, "dummy_bid", draws=[6, 6])  # 12: not above
    assert state["last_auction"]["passed"] == ["s2", "dummy"]
    assert state["last_auction"]["winner"] == "s1"


def test_dummy_wins_when_both_players_pass_and_builds_on_the_best_empty_lot():
    """FA-2P-2 and FA-2P-3: the dummy wins and builds one building on the best empty lot."""
    state = clear(two(), "ts")
    put(state, "ts", "green", shops=["perfumery"])
    put(state, "ts", "brown", shops=["jeweler"])  # grey: 2 types (3 VP); orange, violet: 2 VP
    state = in_auction(state, quarters=["ts"])
    state = act(state, "s1", "bid", cards=[card("grey", 4)])
    state = act(state, "s2", "pass")
    state = act(state, TABLE, "dummy_bid", draws=[5, 4, 5])  # 14 beats 4
    state = act(state, "s1", "pass")
    assert state["last_auction"]["winner"] == "dummy"
    lots = {l["color"]: (l["owner"], l["buildings"]) for l in state["quarters"]["ts"]["lots"]}
    assert lots["grey"] == ("dummy", 1)
    assert lots["orange"] == lots["violet"] == (None, 0)
    assert state["supply"]["dummy"] == 17
    assert state["auction"]["kind"] == "central_park"
    assert len(state["hands"]["s1"]) == 15  # Anna's grey 4 came back


def test_dummy_builds_one_on_each_tied_lot_and_may_hold_several_lots():
    """FA-2P-3: one building on each of the tied most valuable empty lots."""
    state = clear(two(), "ts")
    put(state, "ts", "green", shops=["perfumery"])
    put(state, "ts", "brown", shops=["jeweler"])
    put(state, "ts", "violet", shops=["boutique"])  # orange and grey: 2 types each
    put(state, "ts", "orange")
    state = in_auction(state, quarters=["ts"])
    state = pass_all(state, "s1", "s2")
    state = act(state, TABLE, "dummy_bid", draws=[4, 4])
    owners = [l["owner"] for l in state["quarters"]["ts"]["lots"]]
    assert owners == ["dummy", None, "dummy", None, None]


def test_dummy_closes_a_quarter_without_empty_lot_and_scores_nothing():
    """FA-2P-3 and FA-2P-4: with no empty lot the dummy closes; it never scores."""
    state = two()
    put(state, "34w", "green", shops=["gallery"])  # 34w: orange shop, grey Anna, brown Bruno
    put(state, "34w", "violet", shops=["jeweler"])
    state = in_auction(state, quarters=["34w"])
    state = pass_all(state, "s1", "s2")
    state = act(state, TABLE, "dummy_bid", draws=[6, 5, 6])
    event = next(e for e in state["events"] if e["kind"] == "closure")
    # Anna on grey: neighbours green (gallery) and brown (nothing): 2 VP -> half 1.
    # Bruno on brown: neighbours grey (nothing) and violet (jeweler): 2 VP -> half 1.
    assert event["points"] == {"s1": 1, "s2": 1}
    assert "dummy" not in event["points"]
    assert state["quarters"]["34w"]["closed"]


def test_a_player_closing_counts_the_dummys_buildings():
    """FA-2P-4: the closer counts the dummy's buildings."""
    state = two()
    put(state, "34w", "green", owner="dummy", buildings=1)
    put(state, "34w", "violet", shops=["jeweler"])
    state = in_auction(state, quarters=["34w"])
    state = act(state, "s1", "bid", cards=[card("grey", 6), card("black", 6), card("black", 4)])
    state = act(state, "s2", "pass")
    state = act(state, TABLE, "dummy_bid", draws=[4, 4])
    state = act(state, "s1", "close_quarter")
    assert state["events"][-1]["points"] == {"s1": 3, "s2": 1}  # 3 buildings, the dummy's too


def test_dummy_takes_part_in_central_park_and_builds_nothing_there():
    state = in_auction(two(), quarters=[])
    state = pass_all(state, "s1", "s2")
    assert state["phase"] == "dummy"
    piles = dict(state["piles"])
    state = act(state, TABLE, "dummy_bid", draws=[4, 5, 4])
    assert state["last_auction"]["winner"] == "dummy"
    assert state["central_park"] == {"s1": 0, "s2": 0}
    assert state["piles"] == piles  # its cards went back under the black pile
    assert state["phase"] == "take_colored"


def test_table_draw_makes_a_valid_dummy_bid():
    import random
    state = in_auction(two(), quarters=["ts"])
    state = pass_all(state, "s1", "s2")
    rng = random.Random(3)
    for _ in range(50):
        draw = fa.table_draw(state, rng)
        assert 8 <= sum(draw["draws"]) <= 21
        fa.apply(state, TABLE, draw)
    assert fa.table_draw(started(2), rng) is None
