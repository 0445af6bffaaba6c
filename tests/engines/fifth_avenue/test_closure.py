"""Closure, the building stop (FA-X-1..4)."""

from companion.engines.text import english

from .scenario import act, clear, fa, hand, in_auction, pass_all, put, refused, started


def card(colour, value):
    return {"color": colour, "value": value}


def full_times_square(state):
    """The rulebook's closure picture: Red (Anna) 1 building, Yellow (Bruno) 1 building
    worth 5 VP, Blue (Carla) 2 buildings worth 3 VP each; every lot built or shopped."""
    clear(state, "ts")
    put(state, "ts", "orange", owner="s3", buildings=2)
    put(state, "ts", "green", shops=["perfumery", "jeweler"])
    put(state, "ts", "grey", owner="s2", buildings=1)
    put(state, "ts", "brown", shops=["boutique"])
    put(state, "ts", "violet", owner="s1", buildings=1)
    for seat, colour in [("s1", "violet"), ("s2", "grey"), ("s3", "orange")]:
        hand(state, seat, (colour, 4), (colour, 5), ("black", 6))
    return state


def won_by(state, seat, colour, quarters=("ts",)):
    state = in_auction(state, quarters=list(quarters))
    for bidder in ["s1", "s2", "s3"]:
        state = act(state, bidder, "bid", cards=[card(colour, 4)]) if bidder == seat else \
            act(state, bidder, "pass")
    return state


def test_closure_example_closer_one_per_building_others_half_rounded_down():
    state = won_by(full_times_square(started()), "s1", "violet")
    entry = next(a for a in fa.legal(state, "s1")["actions"] if a["type"] == "close_quarter")
    assert entry["points"] == {"s1": 4, "s2": 2, "s3": 3}
    state = act(state, "s1", "close_quarter")
    event = next(e for e in fa.scores(state)["events"] if e["kind"] == "closure")
    assert event["rule"] == "FA-X-2" and event["points"] == {"s1": 4, "s2": 2, "s3": 3}
    assert english(event["title"]) == "Anna closes Times Square"
    assert [english(l["text"]) for l in event["lines"]] == [
        "Anna closes Times Square: 4 buildings there × 1 VP = 4 VP",
        "Carla: a scoring would give 6 VP; half, rounded down = 3 VP",
        "Bruno: a scoring would give 5 VP; half, rounded down = 2 VP",
    ]


def test_closed_quarter_is_emptied_and_signed():
    state = act(won_by(full_times_square(started()), "s1", "violet"), "s1", "close_quarter")
    ts = state["quarters"]["ts"]
    assert ts["closed"] and state["closed"] == ["ts"]
    assert all(l["owner"] is None and not l["buildings"] and not l["shops"] for l in ts["lots"])
    assert state["removed"] == {"s1": 1, "s2": 1, "s3": 2}
    assert state["shops_removed"] == 3
    assert state["auction"]["kind"] == "central_park"  # the round goes on
    state = pass_all(state, "s1", "s2", "s3")
    state = act(state, "s1", "take_colored", cards=[{"color": "grey"}, {"color": "brown"}])
    state = act(state, "s1", "move_commission", commission="white", to="34w")
    state["active"] = "s2"
    err = refused(state, "s2", "place_shop", "FA-X-2", shop="boutique", quarter="ts", lot="grey")
    assert "closed" in err.message


def test_a_winner_with_a_lot_there_may_build_instead():
    state = won_by(full_times_square(started()), "s1", "violet")
    kinds = [a["type"] for a in fa.legal(state, "s1")["actions"]]
    assert kinds == ["build", "close_quarter"]
    state = act(state, "s1", "build", count=3)
    assert not state["quarters"]["ts"]["closed"]
    assert state["quarters"]["ts"]["lots"][4]["buildings"] == 4


def test_a_winner_without_buildings_there_must_close():
    state = full_times_square(started(4))
    hand(state, "s4", ("green", 4))
    state = in_auction(state, quarters=["ts"], opener="s4")
    state = act(state, "s4", "bid", cards=[card("green", 4)])  # the shop lot: a closure bid
    state = pass_all(state, "s1", "s2", "s3")
    legal = fa.legal(state, "s4")
    assert [a["type"] for a in legal["actions"]] == ["close_quarter"]
    assert legal["blocked"][0]["rule"] == "FA-X-1"
    refused(state, "s4", "build", "FA-X-1", count=1)
    state = act(state, "s4", "close_quarter")
    assert state["events"][-1]["points"] == {"s4": 4, "s1": 1, "s2": 2, "s3": 3}


def test_a_quarter_with_an_empty_lot_cannot_be_closed():
    state = full_times_square(started())
    put(state, "ts", "brown")  # now empty
    state = won_by(state, "s1", "violet")
    assert fa.legal(state, "s1")["blocked"][0]["rule"] == "FA-X-1"
    refused(state, "s1", "close_quarter", "FA-X-1")


def test_closure_sends_the_other_commissions_marker_home():
    """FA-X-3: a marker of the other commission on the closed quarter goes home."""
    state = full_times_square(started())
    state["commissions"]["beige"] = {"at": "52e", "markers": ["34e", "ts"]}
    state = act(won_by(state, "s1", "violet"), "s1", "close_quarter")
    assert state["commissions"]["beige"]["markers"] == ["34e"]


def test_the_other_commission_may_stand_in_the_closed_quarter_and_leaves_no_marker():
    """FA-X-3: the other commission standing there stays and cannot score it."""
    state = full_times_square(started())
    state["commissions"]["beige"] = {"at": "ts", "markers": ["34e"]}
    state = act(won_by(state, "s1", "violet"), "s1", "close_quarter")
    assert state["commissions"]["beige"]["at"] == "ts"
    assert "score_quarter" not in [a["type"] for a in fa.legal(
        pass_all(state, "s1", "s2", "s3"), "s1")["actions"]]


def test_second_closure_ends_the_game_and_cancels_the_rest_of_the_round():
    state = full_times_square(started())
    state["quarters"]["52e"]["closed"] = True
    state["closed"] = ["52e"]
    state = won_by(state, "s1", "violet", quarters=("ts", "52w"))
    state = act(state, "s1", "close_quarter")
    assert state["end"] == "closures" and state["round"] is None and state["auction"] is None
    assert state["phase"] == "over"
    assert state["events"][-1]["rule"] == "FA-E-2"  # the final scoring followed at once
    err = refused(state, "s2", "pass", "FA-X-4")
    assert err.message == "The game is over: two quarters are closed."
