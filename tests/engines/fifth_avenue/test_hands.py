"""Cards in hand: sizes and colours always, values with private hands (FA-H-2)."""

import json

from companion.engines.text import english

from .scenario import act, fa, hand, in_auction, refused, started


def card(colour, value):
    return {"color": colour, "value": value}


def test_counts_mode_knows_sizes_and_colours_but_no_values():
    state = act(started(), "s1", "take_black", value=6)
    assert state["hands"]["s1"][-1] == {"color": "black", "value": None}
    state = act(state, "s1", "move_commission", commission="white", to="34w")
    state = act(state, "s1", "take_colored", cards=[card("grey", 5), {"color": "brown"}])
    assert state["hands"]["s1"][-2:] == [card("grey", None), card("brown", None)]
    assert "hand" not in fa.view(state, "s1")
    assert fa.view(state, None)["players"][0]["hand_size"] == 12


def test_counts_mode_refuses_colours_not_held():
    state = in_auction(started(), quarters=["ts"])  # hands: one card of each colour + black
    err = refused(state, "s1", "bid", "FA-A-3", cards=[card("grey", 4), card("grey", 5)])
    assert err.message == "You hold 1 grey card; this bid needs 2."
    state = act(state, "s1", "bid", cards=[card("grey", 6), card("black", 5), card("black", 4)])
    assert state["auction"]["bids"]["s1"]["total"] == 15


def test_private_hands_record_values_entered_by_their_owner():
    state = started(hands="private")
    assert next(a for a in fa.legal(state, "s1")["actions"] if a["type"] == "take_black")["values"]
    state = act(state, "s1", "take_black", value=6)
    assert state["hands"]["s1"][-1] == card("black", 6)
    refused(state, "s1", "take_black", "FA-T-1", value=5)
    state = act(state, "s1", "move_commission", commission="white", to="34w")
    assert fa.legal(state, "s1")["actions"][0]["values"] is True
    refused(state, "s1", "take_colored", "FA-C-4", cards=[{"color": "grey"}, {"color": "brown"}])
    state = act(state, "s1", "take_colored", cards=[card("grey", 5), card("brown", 4)])
    assert fa.view(state, "s1")["hand"][-3:] == [card("black", 6), card("grey", 5), card("brown", 4)]
    assert fa.view(state, "s1")["hand"][0] == card("orange", None)  # dealt at setup: unknown


def test_private_values_stay_on_their_owners_phone():
    state = act(started(hands="private"), "s1", "take_black", value=6)
    for viewer in ["s2", "s3", None]:
        view = fa.view(state, viewer)
        assert "hand" not in view or viewer is not None
        assert all(c["value"] is None for c in view.get("hand", []))
        assert '"value": 6' not in json.dumps(view)
    before, action = started(hands="private"), {"type": "take_black", "value": 6}
    after = fa.apply(before, "s1", action)
    assert english(fa.describe(before, after, "s1", action, "s1")) == \
        "Anna chose C and drew a black card (a 6)."
    for viewer in ["s2", None]:
        assert english(fa.describe(before, after, "s1", action, viewer)) == \
            "Anna chose C and drew a black card."


def test_private_bids_must_use_held_cards_unknown_values_are_told_when_played():
    state = started(hands="private")
    hand(state, "s1", ("grey", 4), ("black", 5), ("black", None))
    state = in_auction(state, quarters=["ts"])  # C drew one more black card of unknown value
    err = refused(state, "s1", "bid", "FA-A-3", cards=[card("grey", 6)])
    assert err.message == "You hold grey 4; this bid needs grey 6."
    state = act(state, "s1", "bid", cards=[card("grey", 4), card("black", 6), card("black", 6)])
    assert state["hands"]["s1"] == [card("black", 5)]  # both unknown blacks were played as 6s
    entry = fa.legal(state, "s2")["actions"][0]
    assert "hand" in entry and entry["beat"] == 16


def test_passing_returns_cards_with_their_values_in_private_mode():
    state = started(hands="private")
    hand(state, "s1", ("grey", None), ("black", 5))
    state = in_auction(state, quarters=["ts"])
    state = act(state, "s1", "bid", cards=[card("grey", 5)])
    state = act(state, "s2", "bid", cards=[card("orange", 6)])
    state = act(state, "s3", "pass")
    state = act(state, "s1", "pass")
    assert card("grey", 5) in state["hands"]["s1"]


def test_a_refused_bid_speaks_to_its_bidder_with_numbers_that_add_up():
    """Game night: "Dana holds 2 violet cards, not 2" on Dana's own phone (FA-A-3)."""
    state = started(hands="private")
    hand(state, "s1", ("violet", 4), ("violet", None), ("black", 5))
    state = in_auction(state, quarters=[])  # Central Park: any colour opens
    err = refused(state, "s1", "bid", "FA-A-3", cards=[card("violet", 5), card("violet", 5)])
    assert err.message == ("You hold violet 4, a violet card whose value you have not entered; "
                           "this bid needs violet 5, violet 5.")
    err = refused(state, "s1", "bid", "FA-A-3", cards=[card("violet", 4)] * 3)
    assert err.message == "You hold 2 violet cards; this bid needs 3."
    err = refused(state, "s1", "bid", "FA-A-3", cards=[card("grey", 4)])
    assert err.message == "You hold no grey card."
    state = act(state, "s1", "bid", cards=[card("violet", 4), card("violet", 6)])
    assert state["auction"]["bids"]["s1"]["total"] == 10
