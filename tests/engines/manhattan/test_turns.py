"""Turn order and phases (MH-T-1, MH-T-2) and the played-card stack (MH-T-4, MH-C-2)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engines import IllegalAction
from companion.engines import manhattan as engine

from companion.engines.text import english

from .helpers import FOUR, new_game, pick, place, refused

TWO = [("a", "N", ["black", "red"]), ("z", "S", ["green", "light_blue"])]


def first(state):
    """The first action legal() offers the seat to act."""
    (seat,) = engine.to_act(state)
    return seat, engine.legal(state, seat)["actions"][0]


def play_round(state):
    round_ = engine.view(state, None)["round"]
    state = pick(state, {})
    while engine.view(state, None)["round"] == round_ and not engine.is_over(state):
        state = engine.apply(state, *first(state))
    return state


def test_turns_go_clockwise_from_the_marker_holder():
    state = pick(new_game(start="r"), {})
    order = []
    for _ in range(8):
        seat, action = first(state)
        order.append(seat)
        state = engine.apply(state, seat, action)
    assert order == ["r", "g", "b", "l"] * 2


def test_building_out_of_turn_is_refused():
    state = pick(new_game(start="r"), {"black": [1] * 6})
    err = refused("MH-T-2", place, state, "black", "cairo", [0, 0], 1)
    assert err.message == "It is not your turn: waiting for R."


def test_building_before_everyone_picked_is_refused():
    state = engine.apply(new_game(), "b", {"type": "pick", "heights": [1] * 6})
    refused("MH-T-2", engine.apply, new_game(), "b",
            {"type": "place", "card": [0, 0], "city": "cairo", "height": 1})
    refused("MH-T-2", engine.apply, state, "l",
            {"type": "place", "card": [0, 0], "city": "cairo", "height": 1})


def test_picking_during_the_building_step_is_refused():
    state = pick(new_game(), {})
    refused("MH-T-2", engine.apply, state, "b", {"type": "pick", "heights": [1] * 6})


def test_only_picked_heights_may_be_built():
    state = pick(new_game(), {"black": [1, 1, 2, 2, 4, 4]})
    err = refused("MH-T-2", place, state, "black", "cairo", [0, 0], 3)
    assert err.message == ("You have no 3-storey black piece left this round; you picked and have "
                           "not built: 1, 1, 2, 2, 4, 4.")
    state = place(state, "black", "cairo", [0, 0], 4)
    assert engine.view(state, None)["colours"]["black"]["picked"] == [1, 1, 2, 2, 4]


@pytest.mark.parametrize("action", [None, "place", {}, {"type": "trade"}, ["place"]])
def test_unknown_or_malformed_actions_are_refused(action):
    refused("MH-T-2", engine.apply, new_game(), "b", action)


def test_missing_fields_are_refused_with_a_rule():
    state = pick(new_game(), {"black": [1] * 6})
    refused("MH-C-3", engine.apply, state, "b", {"type": "place", "card": [0, 0], "city": "cairo"})
    refused("MH-C-2", engine.apply, state, "b", {"type": "place", "city": "cairo", "height": 1})
    refused("MH-C-1", engine.apply, state, "b", {"type": "place", "card": [0, 0], "height": 1})


def test_marker_passes_left_after_each_round_and_four_players_play_four_rounds():
    state, markers = new_game(start="l"), []
    while not engine.is_over(state):
        markers.append(engine.view(state, None)["marker"])
        state = play_round(state)
    assert markers == ["l", "r", "g", "b"]
    assert [english(e["title"]) for e in engine.scores(state)["events"]][::3] == [
        f"Round {n}: tallest tower" for n in range(1, 5)]
    assert state["phase"] == "over"


def test_three_players_play_six_rounds_of_four_pieces():
    state, rounds = new_game(FOUR[:3]), 0
    while not engine.is_over(state):
        state, rounds = play_round(state), rounds + 1
    assert rounds == 6
    assert all(c["left"] == 0 for c in engine.view(state, None)["colours"].values())


def test_nothing_is_accepted_after_the_last_round():
    state = new_game(FOUR[:3])
    while not engine.is_over(state):
        state = play_round(state)
    assert engine.to_act(state) == set()
    err = refused("MH-T-1", engine.apply, state, "b", {"type": "pick", "heights": [1] * 4})
    assert err.message == "Nobody is due to act: the game is over."


def test_two_players_take_eight_turns_each_with_either_colour():
    state = pick(new_game(TWO, start="a"), {})
    plan = {"a": ["red"] * 4 + ["black"] * 4, "z": ["green", "light_blue"] * 4}
    turns = []
    for _ in range(16):
        (seat,) = engine.to_act(state)
        colour = plan[seat][turns.count(seat)]
        turns.append(seat)
        state = engine.apply(state, seat, next(a for a in engine.legal(state, seat)["actions"]
                                               if a["type"] == "place" and a["colour"] == colour))
    assert turns == ["a", "z"] * 8
    assert engine.view(state, None)["round"] == 2
    assert engine.view(state, None)["marker"] == "z"


def test_two_players_must_name_one_of_their_colours():
    action = {"type": "place", "card": [0, 0], "city": "cairo", "height": 1}
    state = pick(new_game(TWO, start="a"), {"black": [1] * 4, "red": [1] * 4})
    err = refused("MH-T-1", engine.apply, state, "a", action)
    assert err.message == "You build with black, red; name one of them, not None."
    refused("MH-T-1", engine.apply, state, "a", {**action, "colour": "green"})
    after = engine.apply(state, "a", {**action, "colour": "red"})
    assert engine.view(after, None)["colours"]["red"]["picked"] == [1, 1, 1]


def test_one_colour_seats_may_not_use_another_colour():
    state = pick(new_game(), {"black": [1] * 6, "red": [1] * 6})
    refused("MH-T-1", engine.apply, state, "b",
            {"type": "place", "colour": "red", "card": [0, 0], "city": "cairo", "height": 1})


def _play_card(state, card):
    """The seat to act plays ``card`` with the first placement legal() offers for it."""
    (seat,) = engine.to_act(state)
    action = next(a for a in engine.legal(state, seat)["actions"]
                  if a["type"] == "place" and a["card"] == card)
    return engine.apply(state, seat, action)


def test_a_sixth_copy_of_a_square_waits_for_the_reshuffle():
    """Four players: 29 cards stay in the deck after dealing; turn 30 draws from an empty deck."""
    centre, others = [1, 1], [[r, c] for r in range(3) for c in range(3) if [r, c] != [1, 1]]
    state = pick(new_game(), {})
    for _ in range(5):
        state = _play_card(state, centre)
    (seat,) = engine.to_act(state)
    err = refused("MH-T-4", engine.apply, state, seat,
                  {"type": "place", "card": centre, "city": "cairo",
                   "height": engine.legal(state, seat)["actions"][0]["height"]})
    assert err.message == ("All 5 centre cards are already on the played stack, which is not "
                           "reshuffled until the deck runs out.")
    assert all(b["card"] == centre for b in engine.legal(state, seat)["blocked"]
               if b["rule"] == "MH-T-4")
    assert centre not in [a["card"] for a in engine.legal(state, seat)["actions"]]
    for turn in range(6, 30):  # turns 6-29 use the other eight squares, three times each
        if state["phase"] == "pick":
            state = pick(state, {})
        state = _play_card(state, others[turn % 8])
    assert engine.view(state, None)["cards"]["deck"] == 0
    (seat,) = engine.to_act(state)
    refused("MH-T-4", engine.apply, state, seat,
            {"type": "place", "card": centre, "city": "cairo",
             "height": engine.legal(state, seat)["actions"][0]["height"]})
    state = _play_card(state, others[0])  # turn 30: the stack becomes the new deck
    assert engine.view(state, None)["cards"]["deck"] == 29
    state = _play_card(state, centre)
    assert [p["count"] for p in engine.view(state, None)["cards"]["played"]] == [
        0, 0, 0, 0, 1, 0, 0, 0, 0]


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 6) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=7)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=12)
FIELDS = {"type": st.sampled_from(["pick", "place", "pass", "draw"]) | JSON, "colour": JSON,
          "heights": JSON, "card": JSON, "city": st.sampled_from(["cairo", "sydney"]) | JSON,
          "height": JSON, "lot": JSON}


@settings(max_examples=300, deadline=None)
@given(st.fixed_dictionaries({}, optional=FIELDS), st.booleans(), st.booleans())
def test_any_malformed_action_is_accepted_or_refused_with_a_rule(action, building, private):
    state = new_game(hands="private" if private else "untracked")
    if private:
        for seat, cards in (("b", [[0, 0], [1, 1], [2, 2], [0, 2]]), ("l", [[0, 1]] * 4),
                            ("r", [[1, 0]] * 4), ("g", [[2, 1]] * 4)):
            for card in cards:
                state = engine.apply(state, seat, {"type": "draw", "card": card})
    state = pick(state, {}) if building else state
    try:
        engine.apply(state, "b", action)
    except IllegalAction as exc:
        assert exc.rule.startswith("MH-") and english(exc.text) == exc.message
