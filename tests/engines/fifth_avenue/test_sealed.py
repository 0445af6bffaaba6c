"""Sealed bids, the phone-only house rule (FA-H-1)."""

import json

from companion.engines.text import english

from .scenario import TABLE, act, fa, hand, in_auction, pass_all, refused, started


def card(colour, value):
    return {"color": colour, "value": value}


def line(state, seat, action, viewer):
    """The log line of ``action`` for ``viewer``, in English."""
    return english(fa.describe(state, fa.apply(state, seat, action), seat, action, viewer))


def sealed(n=3, quarters=("ts",), opener="s1"):
    state = started(n, auctions="sealed")
    for seat in state["hands"]:
        hand(state, seat, *[(c, v) for c in ["orange", "grey", "brown", "violet"] for v in (4, 5, 6)],
             ("black", 4), ("black", 6))
    return in_auction(state, quarters=list(quarters), opener=opener)


def test_everyone_bids_at_once_in_any_order_once():
    state = sealed()
    assert fa.to_act(state) == {"s1", "s2", "s3"}
    state = act(state, "s3", "bid", cards=[card("orange", 6), card("black", 6)])
    assert fa.to_act(state) == {"s1", "s2"}
    refused(state, "s3", "bid", "FA-H-1", cards=[card("black", 4)])
    refused(state, "s3", "pass", "FA-H-1")
    entry = fa.legal(state, "s1")["actions"][0]
    assert entry["sealed"] is True and entry["beat"] == 0 and entry["laid"] == []


def test_sealed_bids_follow_the_colour_rules():
    state = sealed(quarters=["34w"])
    refused(state, "s1", "bid", "FA-A-5", cards=[card("orange", 4)])  # Anna is on grey
    refused(state, "s1", "bid", "FA-A-3", cards=[card("black", 4)])
    act(state, "s1", "bid", cards=[card("grey", 4)])


def test_nothing_of_a_submission_shows_before_the_reveal():
    state = sealed()
    before = {seat: fa.view(state, seat) for seat in ["s2", None]}
    state = act(state, "s1", "bid", cards=[card("grey", 6), card("black", 6)])
    for viewer in ["s2", "s3", None]:
        view = fa.view(state, viewer)
        text = json.dumps(view["auction"])
        assert view["auction"]["bids"] == {} and view["auction"]["highest"] is None
        assert "grey" not in text and "12" not in text
        assert view["auction"]["submitted"] == ["s1"]
        anna = next(p for p in view["players"] if p["seat"] == "s1")
        assert anna["hand_size"] == next(p for p in before["s2"]["players"]
                                         if p["seat"] == "s1")["hand_size"]
    assert fa.view(state, "s1")["auction"]["bids"]["s1"]["total"] == 12
    for viewer in ["s3", "s1", None]:
        assert line(state, "s2", {"type": "pass"}, viewer) == \
            "Bruno submitted a sealed bid for Times Square."
    assert line(state, "s2", {"type": "pass"}, "s2") == "Bruno passed on Times Square."
    bid = {"type": "bid", "cards": [card("orange", 5)]}
    assert line(state, "s2", bid, "s1") == "Bruno submitted a sealed bid for Times Square."
    assert line(state, "s2", bid, "s2") == "Bruno bid orange 5 for Times Square (sealed)."


def test_all_bids_are_revealed_together_and_the_highest_wins():
    state = sealed()
    state = act(state, "s1", "bid", cards=[card("grey", 4)])
    state = act(state, "s2", "bid", cards=[card("orange", 6), card("black", 6)])
    assert line(state, "s3", {"type": "bid", "cards": [card("brown", 5)]}, None) == (
        "Carla bid brown 5 for Times Square (sealed). Bids revealed: Anna 4, Bruno 12, Carla 5. "
        "Bruno wins Times Square with 12.")
    state = act(state, "s3", "bid", cards=[card("brown", 5)])
    assert state["last_auction"]["winner"] == "s2"
    assert state["last_auction"]["bids"]["s1"] == {"cards": [card("grey", 4)], "total": 4}
    assert state["phase"] == "build" and state["build"]["color"] == "orange"
    assert len(state["hands"]["s1"]) == 15 and len(state["hands"]["s3"]) == 14  # cards back


def test_a_tie_goes_to_the_first_clockwise_from_the_opener():
    state = sealed(opener="s2")
    state = act(state, "s1", "bid", cards=[card("grey", 6)])
    state = act(state, "s3", "bid", cards=[card("brown", 6)])
    state = act(state, "s2", "bid", cards=[card("orange", 4)])
    assert state["last_auction"]["winner"] == "s3"  # order s2, s3, s1


def test_central_park_colour_is_named_before_the_sealed_bids():
    state = sealed(quarters=[])
    assert state["phase"] == "cp_color" and fa.to_act(state) == {"s1"}
    assert [a["type"] for a in fa.legal(state, "s1")["actions"]] == ["choose_color", "pass"]
    refused(state, "s1", "choose_color", "FA-A-7", color="black")
    refused(state, "s2", "choose_color", "FA-A-7", color="grey")
    state = act(state, "s1", "pass")
    assert fa.to_act(state) == {"s2"}
    state = act(state, "s2", "choose_color", color="violet")
    assert state["phase"] == "auction" and fa.to_act(state) == {"s1", "s2", "s3"}
    refused(state, "s1", "bid", "FA-A-7", cards=[card("grey", 4)])
    state = act(state, "s1", "bid", cards=[card("violet", 4)])


def test_nobody_naming_a_colour_means_no_central_park_auction():
    state = pass_all(sealed(quarters=[]), "s1", "s2", "s3")
    assert state["round"] is None and state["last_auction"]["winner"] is None
    assert state["phase"] == "take_colored"


def test_the_dummys_sealed_bid_is_drawn_by_the_table_and_revealed_with_the_others():
    state = sealed(2)
    assert fa.to_act(state) == {"s1", "s2", TABLE}
    refused(state, TABLE, "bid", "FA-T-1", cards=[card("grey", 4)])
    refused(state, TABLE, "pass", "FA-T-1")
    err = refused(state, "s1", "dummy_bid", "FA-2P-2", draws=[5, 6, 5])  # only the table turns
    assert err.message == "The table turns and enters the dummy's cards, not a player."
    state = act(state, TABLE, "dummy_bid", draws=[5, 6, 5])
    assert fa.view(state, None)["auction"]["bids"] == {}
    assert fa.view(state, None)["auction"]["submitted"] == ["dummy"]
    assert line(state, "s1", {"type": "pass"}, None) == "Anna submitted a sealed bid for Times Square."
    state = act(state, "s1", "bid", cards=[card("grey", 6), card("black", 6)])  # 12
    state = act(state, "s2", "pass")
    assert state["last_auction"]["winner"] == "dummy"
    assert state["last_auction"]["bids"]["dummy"]["total"] == 16
