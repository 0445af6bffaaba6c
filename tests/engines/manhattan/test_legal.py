"""legal() agrees with apply(): what it offers is accepted, what it blocks is refused."""

import random

import pytest

from companion.engines import IllegalAction
from companion.engines import manhattan as engine
from companion.engines.manhattan import playout

from .helpers import new_game, pick

SQUARES = [[r, c] for r in range(3) for c in range(3)]
CITIES = ["manhattan", "cairo", "sao_paulo", "frankfurt", "sydney", "hong_kong"]


def midgame(players, seed, turns):
    """A random game ``turns`` placements into its second phase, in a building step."""
    rng = random.Random(seed)
    state = engine.setup(playout.random_config(rng, players))
    placed = 0
    while placed < turns or engine.view(state, None)["step"] != "build":
        seat = next(iter(engine.to_act(state)))
        action = playout.random_action(state, seat, rng)
        placed += action["type"] == "place"
        state = engine.apply(state, seat, action)
    return state


@pytest.mark.parametrize("players, seed, turns", [(2, 1, 30), (3, 2, 20), (4, 3, 40)])
def test_offered_placements_are_exactly_the_accepted_ones(players, seed, turns):
    state = midgame(players, seed, turns)
    (seat,) = engine.to_act(state)
    offer = engine.legal(state, seat)
    offered = {(a["colour"], tuple(a["card"]), a["city"], a["height"]): a for a in offer["actions"]}
    blocked = {(b.get("colour"), tuple(b["card"]), b.get("city")): b for b in offer["blocked"]}
    colours = [p for p in engine.view(state, None)["players"] if p["seat"] == seat][0]["colours"]
    for colour in colours:
        hand = offer["hand"].get(colour, [])
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
                        if height in hand:
                            why = blocked.get((None, tuple(card), None)) or \
                                blocked[(colour, tuple(card), city)]
                            assert why["rule"] == exc.rule
                        else:
                            assert exc.rule == "MH-T-2"
                        continue
                    assert key in offered
                    lot = offered[key]["lot"]
                    before = [c for c in engine.view(state, None)["cities"] if c["city"] == city]
                    now = [c for c in engine.view(after, None)["cities"] if c["city"] == city]
                    i = lot[0] * 3 + lot[1]
                    assert now[0]["lots"][i]["storeys"] == before[0]["lots"][i]["storeys"] + height


def test_a_seat_not_to_act_gets_no_actions_and_the_reason():
    state = pick(new_game(start="r"), {})
    offer = engine.legal(state, "b")
    assert offer["actions"] == [] and offer["step"] == "wait"
    assert offer["blocked"] == [{"type": "place", "rule": "MH-T-2", "reason": "It is R's turn."}]


def test_the_building_prompt_names_the_pieces_in_hand():
    state = pick(new_game(), {"black": [1, 1, 2, 3, 3, 4]})
    offer = engine.legal(state, "b")
    assert offer["step"] == "place" and offer["hand"] == {"black": [1, 1, 2, 3, 3, 4]}
    assert "1, 1, 2, 3, 3, 4" in offer["prompt"]
    assert len(offer["actions"]) == 9 * 6 * 4 and offer["blocked"] == []


def test_after_the_game_there_is_nothing_to_do():
    rng = random.Random(11)
    state = engine.setup(playout.random_config(rng, 3))
    while not engine.is_over(state):
        seat = next(iter(engine.to_act(state)))
        state = engine.apply(state, seat, playout.random_action(state, seat, rng))
    assert engine.legal(state, "p1") == {"step": "over", "prompt": "The game is over.",
                                         "actions": [], "blocked": []}
