"""Scoring a quarter, the game's end, Central Park, the tie-break (FA-Q, FA-E)."""

from companion.engines.fifth_avenue import scoring
from companion.engines.text import english

from .scenario import TABLE, act, clear, fa, put, refused, started


def with_commission(state, quarter, seat="s1"):
    state["commissions"]["white"]["at"] = quarter
    state["active"] = seat
    return state


def test_d_needs_a_commission_piece_in_the_quarter():
    # Rulebook picture: one commission on Central Park, the other on 52nd Street East:
    # only 52nd Street East can be scored.
    state = started()
    state["commissions"]["white"] = {"at": "central_park", "markers": ["34w", "ts"]}
    state["commissions"]["beige"] = {"at": "52e", "markers": ["34e"]}
    entry = next(a for a in fa.legal(state, "s1")["actions"] if a["type"] == "score_quarter")
    assert entry["quarters"] == ["52e"]
    err = refused(state, "s1", "score_quarter", "FA-Q-1", quarter="ts")  # a marker only
    assert "markers do not count" in err.message
    act(state, "s1", "score_quarter", quarter="52e")


def test_d_offers_both_quarters_with_commissions():
    # The other picture: commissions on 34th Street West and Times Square.
    state = started()
    state["commissions"]["white"]["at"] = "34w"
    state["commissions"]["beige"]["at"] = "ts"
    entry = next(a for a in fa.legal(state, "s1")["actions"] if a["type"] == "score_quarter")
    assert entry["quarters"] == ["34w", "ts"]


def test_d_is_blocked_when_no_commission_is_in_a_quarter():
    legal = fa.legal(started(), "s1")
    blocked = next(b for b in legal["blocked"] if b["type"] == "score_quarter")
    assert blocked["rule"] == "FA-Q-1"
    assert english(blocked["reason"]) == "D is not possible: no commission stands in a quarter."
    refused(started(), "s1", "score_quarter", "FA-Q-1", quarter="34w")
    refused(started(), "s1", "score_quarter", "FA-C-2", quarter="35w")


def test_quarter_scoring_counts_distinct_neighbouring_types():
    # Blue: 2 buildings next to 3 types = 2 x 5; Yellow: 1 next to all 4 types = 8.
    state = clear(started(), "ts")
    put(state, "ts", "orange", owner="s3", buildings=2)
    put(state, "ts", "green", shops=["jeweler", "gallery"])
    put(state, "ts", "grey", owner="s2", buildings=1)
    put(state, "ts", "brown", shops=["boutique", "perfumery"])
    put(state, "ts", "violet", shops=["boutique"])
    state = act(with_commission(state, "ts"), "s1", "score_quarter", quarter="ts")
    event = fa.scores(state)["events"][-1]
    assert event["rule"] == "FA-Q-2" and event["points"] == {"s3": 10, "s2": 8}
    assert english(event["title"]) == "Anna scores Times Square"
    carla = next(l for l in event["lines"] if l["seat"] == "s3")
    assert carla["types"] == ["boutique", "jeweler", "gallery"] and carla["vp"] == 5
    assert english(carla["text"]) == ("Carla: 2 buildings on the orange lot, neighbours boutique, "
                                      "jeweler, gallery → 3 types → 5 VP each = 10 VP")
    bruno = next(l for l in event["lines"] if l["seat"] == "s2")
    assert english(bruno["text"]) == ("Bruno: 1 building on the grey lot, neighbours boutique, "
                                      "jeweler, gallery, perfumery → 4 types → 8 VP each = 8 VP")
    assert state["score"] == {"s1": 0, "s2": 8, "s3": 10}


def test_rulebook_scoring_pictures_one_and_two():
    """The first two pictures of the rulebook's scoring example (FA-Q-2)."""
    state = clear(started(), "ts")
    put(state, "ts", "orange", owner="s3", buildings=2)  # Blue: next to one type
    put(state, "ts", "green", shops=["boutique"])
    put(state, "ts", "grey", owner="s2", buildings=1)  # Yellow: next to one type
    state = act(with_commission(state, "ts"), "s1", "score_quarter", quarter="ts")
    assert state["events"][-1]["points"] == {"s3": 4, "s2": 2}
    state = clear(started(), "ts")
    put(state, "ts", "orange", owner="s1", buildings=2)  # Red: 2 types -> 2 x 3
    put(state, "ts", "green", shops=["boutique", "jeweler"])
    put(state, "ts", "grey", owner="s2", buildings=1)  # Yellow: 2 types -> 3
    put(state, "ts", "brown", shops=["boutique"])
    put(state, "ts", "violet", owner="s3", buildings=2)  # Blue: 1 type -> 2 x 2
    state = act(with_commission(state, "ts"), "s1", "score_quarter", quarter="ts")
    assert state["events"][-1]["points"] == {"s1": 6, "s2": 3, "s3": 4}


def test_same_type_twice_counts_once_and_no_shop_scores_one():
    state = clear(started(), "ts")
    put(state, "ts", "grey", owner="s1", buildings=2)
    put(state, "ts", "green", shops=["jeweler", "jeweler"])
    put(state, "ts", "violet", owner="s2", buildings=1)  # orange and brown: no shops
    put(state, "ts", "orange")
    state = act(with_commission(state, "ts"), "s1", "score_quarter", quarter="ts")
    assert state["events"][-1]["points"] == {"s1": 4, "s2": 1}


def test_dummy_buildings_never_score():
    """FA-Q-3: the dummy's buildings never score."""
    state = clear(started(2), "ts")
    put(state, "ts", "grey", owner="dummy", buildings=1)
    put(state, "ts", "green", shops=["jeweler"])
    state = act(with_commission(state, "ts"), "s1", "score_quarter", quarter="ts")
    event = fa.scores(state)["events"][-1]
    assert event["points"] == {}
    assert event["lines"][0]["seat"] == "dummy" and event["lines"][0]["points"] == 0
    assert english(event["lines"][0]["text"]) == ("Alea: 1 building on the grey lot, neighbours "
                                                  "jeweler → 1 type → 2 VP each; the dummy never "
                                                  "scores")
    assert fa.scores(state)["totals"] == {"s1": 0, "s2": 0}


def end_now(state, cp_shops=("boutique", "jeweler", "gallery", "perfumery")):
    state["cp_shops"] = list(cp_shops)
    scoring.end_game(state, "shops")
    return state


def test_final_scoring_scores_every_open_quarter_once_more():
    state = started(3)
    state["quarters"]["52e"]["closed"] = True
    state = end_now(state, ())
    finals = [e for e in fa.scores(state)["events"] if e["rule"] == "FA-E-2"]
    assert [e["quarter"] for e in finals] == ["34w", "34e", "42w", "ts", "42e", "52w"]
    assert english(finals[0]["title"]) == "Final scoring: 34th Street West"
    assert state["phase"] == "over" and state["revealed"] is None


def test_central_park_reveal_scores_its_buildings():
    state = started(3)
    state["central_park"].update(s1=2, s2=1)
    state = end_now(state)
    assert state["phase"] == "reveal" and fa.to_act(state) == {TABLE}
    entry = fa.legal(state, TABLE)["actions"][0]
    assert entry == {"type": "reveal_central_park", "count": 3,
                     "shops": ["boutique", "jeweler", "gallery", "perfumery"]}
    refused(state, TABLE, "reveal_central_park", "FA-E-3", shops=["boutique", "jeweler"])
    refused(state, TABLE, "reveal_central_park", "FA-E-3", shops=["boutique", "boutique", "jeweler"])
    err = refused(state, "s1", "reveal_central_park", "FA-E-1", shops=["boutique", "jeweler", "gallery"])
    assert err.message == "It is not your turn: waiting for the table."  # the game has ended for players
    assert err.details["to_act"] == ["table"]
    assert english(fa.view(state, "s1")["status"]) == \
        "Waiting for the table to reveal the shops under Central Park."
    state = act(state, TABLE, "reveal_central_park", shops=["boutique", "jeweler", "gallery"])
    event = fa.scores(state)["events"][-1]
    assert event["rule"] == "FA-E-3" and event["points"] == {"s1": 10, "s2": 5}
    assert english(event["lines"][0]["text"]) == ("Anna: 2 buildings on Central Park × 5 VP (3 types "
                                                  "revealed: boutique, jeweler, gallery) = 10 VP")
    assert state["revealed"] == ["boutique", "jeweler", "gallery"] and state["phase"] == "over"


def test_central_park_with_few_or_no_shops():
    state = started(3)
    state["central_park"]["s1"] = 2
    state = end_now(state, ["jeweler", "jeweler"])  # all revealed at once: 1 type -> 2 VP
    assert state["phase"] == "over" and state["events"][-1]["points"] == {"s1": 4}
    state = started(3)
    state["central_park"]["s1"] = 2
    state = end_now(state, [])
    assert state["events"][-1]["points"] == {"s1": 2}  # no shop: 1 VP each


def tied_at_20(n_cards_s2_extra):
    state = clear(clear(started(3), "34w"), "42w")  # no buildings: final scoring adds nothing
    three = ["boutique", "jeweler", "gallery"]
    scoring.add_event(state, "quarter", "FA-Q-2",  # an earlier scoring of Times Square
                      [{"seat": "s1", "points": 20, "lot": "grey", "buildings": 4, "types": three, "vp": 5},
                       {"seat": "s2", "points": 20, "lot": "green", "buildings": 4, "types": three, "vp": 5},
                       {"seat": "s3", "points": 5, "lot": "violet", "buildings": 5, "types": [], "vp": 1}],
                      quarter="ts", by="s3")
    state["hands"]["s2"] += [{"color": "black", "value": None}] * n_cards_s2_extra
    return end_now(state, ())


def test_tie_goes_to_more_cards_in_hand_then_shared():
    """FA-E-4: the tie-break by cards in hand, then a shared win."""
    state = tied_at_20(1)
    assert fa.scores(state)["totals"] == {"s1": 20, "s2": 20, "s3": 5}
    assert fa.scores(state)["winners"] == ["s2"]
    assert tied_at_20(0)["winners"] == ["s1", "s2"]


def test_scores_are_empty_of_winners_until_the_end():
    assert fa.scores(started())["winners"] == []
