"""Commissions and markers (FA-M-1..5, FA-C-1)."""

from companion.engines.text import english

from .scenario import act, fa, refused, started

TWO = [{"color": "grey"}, {"color": "brown"}]


def at_move(state=None, seat="s1"):
    """A state where ``seat`` must do step 3 (move a commission) of action A."""
    state = state or started()
    state["active"] = seat
    state = act(state, seat, "take_buildings")
    return act(state, seat, "take_colored", cards=TWO)


def test_move_one_step_along_the_route():
    state = at_move()
    legal = fa.legal(state, "s1")["actions"][0]
    assert {"commission": "white", "to": "34w"} in legal["moves"]
    assert {"commission": "beige", "to": "34e"} in legal["moves"]
    state = act(state, "s1", "move_commission", commission="beige", to="34e")
    assert state["commissions"]["beige"] == {"at": "34e", "markers": []}  # no marker on City Hall


def test_the_mover_names_a_real_commission_and_a_board_space():
    state = at_move()
    refused(state, "s1", "move_commission", "FA-M-1", commission="red", to="34w")
    refused(state, "s1", "move_commission", "FA-C-1", commission="white", to="broadway")


def test_route_refuses_a_space_that_is_not_next():
    state = at_move()
    state["commissions"]["white"]["at"] = "34w"
    err = refused(state, "s1", "move_commission", "FA-M-2", commission="white", to="42e")
    assert err.details["options"] == ["42w", "ts"]
    refused(state, "s1", "move_commission", "FA-M-2", commission="white", to="central_park")
    act(state, "s1", "move_commission", commission="white", to="ts")


def test_leaving_a_quarter_leaves_a_marker_and_quarters_may_be_shared():
    """FA-M-3: a marker where the commission left; sharing quarters is allowed."""
    state = at_move()
    state["commissions"]["white"] = {"at": "34w", "markers": []}
    state["commissions"]["beige"] = {"at": "ts", "markers": ["34w"]}
    state = act(state, "s1", "move_commission", commission="white", to="ts")
    assert state["commissions"]["white"] == {"at": "ts", "markers": ["34w"]}
    state = at_move(state, "s2")
    state = act(state, "s2", "move_commission", commission="white", to="52e")
    assert state["commissions"]["white"]["markers"] == ["34w", "ts"]


def test_closed_quarter_is_skipped():
    state = at_move()
    state["quarters"]["52e"]["closed"] = True
    state["closed"] = ["52e"]
    state["commissions"]["white"]["at"] = "ts"
    err = refused(state, "s1", "move_commission", "FA-M-4", commission="white", to="52e")
    assert set(err.details["options"]) == {"52w", "central_park"}
    moved = act(state, "s1", "move_commission", commission="white", to="central_park")
    assert moved["commissions"]["white"] == {"at": "central_park", "markers": ["ts"]}


def test_no_marker_is_left_on_a_closed_quarter():
    """FA-M-4 and FA-X-3: no marker on a closed quarter."""
    state = at_move()
    state["quarters"]["ts"]["closed"] = True
    state["closed"] = ["ts"]
    state["commissions"]["beige"]["at"] = "ts"  # it stood there when the quarter closed
    state = act(state, "s1", "move_commission", commission="beige", to="52e")
    assert state["commissions"]["beige"] == {"at": "52e", "markers": []}


def test_return_from_central_park_starts_an_auction_round():
    state = at_move()
    state["commissions"]["beige"] = {"at": "central_park", "markers": ["34e", "ts", "52w"]}
    refused(state, "s1", "move_commission", "FA-M-5", commission="white", to="city_hall")
    refused(state, "s1", "move_commission", "FA-M-5", commission="beige", to="34w")
    state = act(state, "s1", "move_commission", commission="beige", to="city_hall")
    assert state["commissions"]["beige"]["at"] == "city_hall"
    assert state["round"] == {"commission": "beige", "opener": "s1", "queue": ["ts", "52w", "central_park"]}
    assert state["auction"]["quarter"] == "34e" and state["phase"] == "auction"


def test_legal_explains_why_no_return_is_possible():
    legal = fa.legal(at_move(), "s1")
    assert [(b["type"], b["rule"]) for b in legal["blocked"]] == [("move_commission", "FA-M-5")]
    assert english(legal["blocked"][0]["reason"]) == ("No commission stands on Central Park, so none "
                                                      "can return to City Hall to start auctions.")
