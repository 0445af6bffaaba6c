"""Each phase's pick (MH-T-1, MH-T-2) from a colour's stock (MH-C-3)."""

from companion.engines import manhattan as engine

from .helpers import FOUR, new_game, pick, refused

TWO = [("a", "N", ["black", "red"]), ("z", "S", ["green", "light_blue"])]


def picking(state, seat, heights, colour=None):
    action = {"type": "pick", "heights": heights}
    if colour:
        action["colour"] = colour
    return engine.apply(state, seat, action)


def test_four_players_pick_six_pieces():
    state = picking(new_game(), "b", [1, 2, 2, 3, 4, 4])
    assert engine.view(state, None)["colours"]["black"]["picked"] == [1, 2, 2, 3, 4, 4]
    assert engine.view(state, None)["colours"]["black"]["left"] == 18
    err = refused("MH-T-1", picking, new_game(), "b", [1, 2, 3, 4])
    assert err.message == "You pick exactly 6 black pieces each round, not 4."


def test_three_players_pick_four_pieces():
    state = new_game(FOUR[:3])
    picking(state, "b", [4, 4, 4, 4])
    refused("MH-T-1", picking, state, "b", [4, 4, 4, 4, 4, 4])


def test_two_players_pick_four_of_each_colour_in_seat_order():
    state = new_game(TWO, start="z")
    state = picking(state, "z", [1, 1, 2, 2], "green")
    state = picking(state, "z", [3, 3, 4, 4])
    assert engine.to_act(state) == {"a"}
    err = refused("MH-T-2", picking, state, "a", [1, 1, 1, 1], "red")
    assert err.message == "Now black picks, not 'red'."
    state = picking(state, "a", [1, 1, 1, 1], "black")
    state = picking(state, "a", [2, 2, 2, 2], "red")
    view = engine.view(state, None)
    assert view["phase"] == "build"
    assert {c: v["picked"] for c, v in view["colours"].items()} == {
        "green": [1, 1, 2, 2], "light_blue": [3, 3, 4, 4], "black": [1, 1, 1, 1], "red": [2, 2, 2, 2]}


def test_picking_goes_clockwise_from_the_marker_holder():
    state = new_game(start="r")
    order = []
    for _ in range(4):
        (seat,) = engine.to_act(state)
        order.append(seat)
        state = picking(state, seat, [1, 1, 1, 1, 1, 1])
    assert order == ["r", "g", "b", "l"]


def test_picking_out_of_turn_is_refused():
    refused("MH-T-2", picking, new_game(start="r"), "b", [1, 1, 1, 1, 1, 1])


def test_heights_are_one_to_four():
    err = refused("MH-C-3", picking, new_game(), "b", [1, 2, 3, 4, 5, 1])
    assert err.message == "Pieces are 1 to 4 storeys high; there is no piece of 5."
    refused("MH-C-3", picking, new_game(), "b", [0, 2, 3, 4, 4, 1])


def test_malformed_picks_are_refused():
    err = refused("MH-T-2", picking, new_game(), "b", "1,2,3")
    assert err.message == "Give your black pick as a list of piece heights, not '1,2,3'."
    refused("MH-T-2", picking, new_game(), "b", [1, 2, "3", 4, 4, 1])


def test_pick_is_limited_by_the_tables_per_height_counts():
    state = new_game(pieces={"1": 10, "2": 10, "3": 2, "4": 2})
    err = refused("MH-C-3", picking, state, "b", [4, 4, 4, 1, 1, 1])
    assert err.message == "Only 2 4-storey black pieces are left in the box, not 3."
    state = picking(state, "b", [4, 4, 3, 3, 2, 1])
    assert engine.view(state, None)["colours"]["black"]["supply"] == {"1": 9, "2": 9, "3": 0, "4": 0}


def test_stock_runs_down_over_the_phases():
    state = new_game(FOUR[:3], pieces={"1": 12, "2": 6, "3": 3, "4": 3})
    state = pick(state, {"black": [4, 4, 4, 3]})
    while engine.view(state, None)["phase"] == "build":
        seat = next(iter(engine.to_act(state)))
        state = engine.apply(state, seat, engine.legal(state, seat)["actions"][0])
    state = picking(picking(state, "l", [1, 1, 1, 1]), "r", [1, 1, 1, 1])
    assert engine.to_act(state) == {"b"}  # phase 2: black picks last
    assert engine.view(state, None)["colours"]["black"]["supply"] == {"1": 12, "2": 6, "3": 2, "4": 0}
    err = refused("MH-C-3", picking, state, "b", [4, 1, 1, 1])
    assert err.message == "Only 0 4-storey black pieces are left in the box, not 1."
    refused("MH-C-3", picking, state, "b", [3, 3, 3, 1])
    state = picking(state, "b", [3, 3, 1, 1])
    assert engine.view(state, None)["colours"]["black"]["left"] == 16


def test_legal_offers_exactly_the_picks_the_stock_allows():
    state = new_game(pieces={"1": 20, "2": 2, "3": 1, "4": 1})
    offer = engine.legal(state, "b")
    assert engine.view(state, None)["colours"]["black"]["supply"] == {"1": 20, "2": 2, "3": 1, "4": 1}
    assert {a["colour"] for a in offer["actions"]} == {"black"}
    picks = [a["heights"] for a in offer["actions"]]
    expected = sorted([1] * (6 - a - b - c) + [2] * a + [3] * b + [4] * c
                      for a in range(3) for b in range(2) for c in range(2))
    assert sorted(picks) == expected


def test_without_counts_the_box_default_of_six_per_height_is_enforced():
    """MH-C-3 Decision: six pieces of each height unless the table enters its box's counts."""
    state = new_game()
    assert engine.view(state, None)["colours"]["black"]["supply"] == {"1": 6, "2": 6, "3": 6, "4": 6}
    offer = engine.legal(state, "b")
    assert len(offer["actions"]) == 84  # multisets of 6 among 4 heights, each at most 6
    state = pick(state, {"black": [4] * 6})
    while state["phase"] == "build":
        (seat,) = engine.to_act(state)
        state = engine.apply(state, seat, engine.legal(state, seat)["actions"][0])
    state = picking(picking(picking(state, "l", [2] * 6), "r", [2] * 6), "g", [2] * 6)
    assert engine.to_act(state) == {"b"}
    assert all(4 not in a["heights"] for a in engine.legal(state, "b")["actions"])
    err = refused("MH-C-3", picking, state, "b", [4, 1, 1, 1, 1, 1])
    assert err.details["available"] == {"1": 6, "2": 6, "3": 6, "4": 0}


def test_counts_typed_in_from_the_box_replace_the_default():
    state = new_game(pieces={"1": 12, "2": 6, "3": 4, "4": 2})
    assert engine.view(state, None)["colours"]["red"]["supply"] == {"1": 12, "2": 6, "3": 4, "4": 2}
    refused("MH-C-3", picking, state, "b", [3, 3, 3, 3, 3, 1])
