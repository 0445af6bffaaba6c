"""legal() agrees with apply(): what it offers is accepted, what it blocks is refused."""

import random

import pytest

from companion.engines import IllegalAction, common
from companion.engines import manhattan as engine
from companion.engines.manhattan import playout
from companion.engines.text import english

from .helpers import new_game, pick, picked

SQUARES = [[r, c] for r in range(3) for c in range(3)]
CITIES = ["manhattan", "cairo", "sao_paulo", "frankfurt", "sydney", "hong_kong"]


def builder(state):
    """The seat whose building turn it is (with private hands others may be due to draw)."""
    return next(s for s in sorted(engine.to_act(state))
                if any(a["type"] == "place" for a in engine.legal(state, s)["actions"]))


def midgame(players, seed, turns, hands):
    """A random game ``turns`` placements in, with the builder holding all its cards."""
    rng = random.Random(seed)
    state = engine.setup(playout.random_config(rng, players, hands=hands))
    placed = 0
    while (placed < turns or state["phase"] != "build"
           or not any(a["type"] == "place" for s in engine.to_act(state)
                      for a in engine.legal(state, s)["actions"])):
        seat = rng.choice(sorted(engine.to_act(state)))
        action = playout.random_action(state, seat, rng)
        placed += action["type"] == "place"
        state = engine.apply(state, seat, action)
    return state


@pytest.mark.parametrize("hands", ["untracked", "private"])
@pytest.mark.parametrize("players, seed, turns", [(2, 1, 30), (3, 2, 20), (4, 3, 40)])
def test_offered_placements_are_exactly_the_accepted_ones(players, seed, turns, hands):
    state = midgame(players, seed, turns, hands)
    seat = builder(state)
    offer = engine.legal(state, seat)
    offered = {(a["colour"], tuple(a["card"]), a["city"], a["height"]): a
               for a in offer["actions"] if a["type"] == "place"}
    blocked = {(b.get("colour"), tuple(b["card"]), b.get("city")): b
               for b in offer["blocked"] if "card" in b}
    hand = engine.view(state, seat)["hand"]
    colours = next(p for p in engine.view(state, None)["players"] if p["seat"] == seat)["colours"]
    for colour in colours:
        heights = picked(state, colour)
        for card in SQUARES:
            for city in CITIES:
                for height in (1, 2, 3, 4):
                    action = {"type": "place", "colour": colour, "card": card, "city": city,
                              "height": height}
                    key = (colour, tuple(card), city, height)
                    try:
                        after = engine.apply(state, seat, action)
                    except IllegalAction as exc:
                        assert key not in offered, exc
                        if height not in heights:
                            assert exc.rule == "MH-T-2"
                        elif hand is not None and card not in hand:
                            assert exc.rule == "MH-H-2"
                        else:
                            why = blocked.get((None, tuple(card), None)) or \
                                blocked[(colour, tuple(card), city)]
                            assert why["rule"] == exc.rule
                            assert english(why["reason"]) == exc.message
                        continue
                    assert key in offered
                    lot = offered[key]["lot"]
                    before = [c for c in engine.view(state, None)["cities"] if c["city"] == city]
                    now = [c for c in engine.view(after, None)["cities"] if c["city"] == city]
                    i = lot[0] * 3 + lot[1]
                    assert now[0]["lots"][i]["storeys"] == before[0]["lots"][i]["storeys"] + height


@pytest.mark.parametrize("hands", ["untracked", "private"])
def test_offered_passes_are_accepted_and_a_blocked_pass_is_refused(hands):
    state = midgame(3, 5, 10, hands)
    seat = builder(state)
    offer = engine.legal(state, seat)
    passes = [a for a in offer["actions"] if a["type"] == "pass"]
    if hands == "untracked":  # the app cannot see the cards: the player's word counts (MH-T-5)
        assert passes and all(engine.apply(state, seat, a) for a in passes)
    else:
        assert passes == [] and [b["rule"] for b in offer["blocked"] if b["type"] == "pass"] == [
            "MH-T-5"]


def test_a_seat_not_to_act_gets_the_common_waiting_shape():
    state = pick(new_game(start="r"), {})
    offer = engine.legal(state, "b")
    assert offer == common.not_due("build", {"r"}) == {
        "phase": "build", "prompt": None, "actions": [], "blocked": [], "waiting_for": ["r"]}


def test_the_building_prompt_names_the_picked_pieces():
    state = pick(new_game(), {"black": [1, 1, 2, 3, 3, 4]})
    offer = engine.legal(state, "b")
    assert offer["phase"] == "build" and picked(state, "black") == [1, 1, 2, 3, 3, 4]
    assert english(offer["prompt"]).endswith("Your pieces: black (1, 1, 2, 3, 3, 4).")
    assert len([a for a in offer["actions"] if a["type"] == "place"]) == 9 * 6 * 4
    assert offer["blocked"] == [] and offer["waiting_for"] == ["b"]


def test_the_pick_offer_names_the_colour_and_blocks_building():
    offer = engine.legal(new_game(), "b")
    assert english(offer["prompt"]) == "Pick 6 black pieces for round 1."
    assert {a["colour"] for a in offer["actions"]} == {"black"}
    assert [(b["type"], b["rule"]) for b in offer["blocked"]] == [("place", "MH-T-2")]


def test_after_the_game_there_is_nothing_to_do():
    rng = random.Random(11)
    _config, _events, state = common.random_game(engine, rng, 3)
    assert engine.legal(state, "p1") == common.not_due("over", [])
