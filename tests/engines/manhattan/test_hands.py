"""Private hands (house rules MH-H-1, MH-H-2): phones enter the cards dealt and drawn,
play only cards they hold, and nobody else sees them."""

import json
import random

from companion.engines import common
from companion.engines import manhattan as engine
from companion.engines.manhattan import playout
from companion.engines.text import english

from .helpers import FOUR, new_game, pick, picked, refused

CENTRE, NW, SE = [1, 1], [0, 0], [2, 2]
DEALT = {"b": [NW, NW, CENTRE, SE], "l": [CENTRE] * 4, "r": [SE] * 4, "g": [NW, SE, NW, SE]}


def enter(state, cards):
    """Each seat enters its cards, one action per card."""
    for seat, hand in cards.items():
        for card in hand:
            state = engine.apply(state, seat, {"type": "draw", "card": card})
    return state


def dealt(start="b"):
    return enter(new_game(start=start, hands="private"), DEALT)


def test_every_seat_first_enters_the_four_cards_dealt():
    state = new_game(hands="private")
    assert engine.to_act(state) == {"b", "l", "r", "g"}
    offer = engine.legal(state, "b")
    assert english(offer["prompt"]) == (
        "Enter 4 more cards: the ones you were dealt or drew, one at a time.")
    assert {a["type"] for a in offer["actions"]} == {"draw"} and len(offer["actions"]) == 9
    assert [(b["type"], b["rule"]) for b in offer["blocked"]] == [("pick", "MH-H-1")]
    err = refused("MH-H-1", engine.apply, state, "b", {"type": "pick", "heights": [1] * 6})
    assert err.message == "First enter the 4 cards you were dealt or drew: you hold 0 of 4."
    assert engine.legal(state, "l")["actions"][0] == {"type": "draw", "card": [0, 0]}
    state = enter(state, {"l": [CENTRE] * 3})
    assert english(engine.legal(state, "l")["prompt"]) == (
        "Enter 1 more card: the one you were dealt or drew.")
    state = dealt()
    assert engine.to_act(state) == {"b"}
    assert engine.view(state, "b")["hand"] == [NW, NW, CENTRE, SE]


def test_a_fifth_card_or_a_card_off_the_grid_is_refused():
    state = enter(new_game(hands="private"), {"b": DEALT["b"]})
    err = refused("MH-H-1", engine.apply, state, "b", {"type": "draw", "card": CENTRE})
    assert err.message == "You already hold 4 cards; enter a card after you play one and draw."
    refused("MH-C-2", engine.apply, state, "l", {"type": "draw", "card": [3, 3]})


def test_a_sixth_copy_cannot_be_entered():
    """MH-T-4: five copies of each square; the played stack and the seat's own hand count."""
    three = FOUR[:3]
    state = enter(new_game(three, hands="private"), {"b": [CENTRE] * 4, "l": [NW] * 4,
                                                     "r": [SE] * 4})
    state = pick(state, {})

    def round_of_turns(state, drawn):
        for seat, colour, card in (("b", "black", CENTRE), ("l", "light_blue", NW),
                                   ("r", "red", SE)):
            state = engine.apply(state, seat, {"type": "place", "card": card, "city": "cairo",
                                               "height": max(picked(state, colour))})
            if seat == "b":
                state = enter(state, {"b": [drawn]})
            else:
                state = enter(state, {seat: [card]})
        return state

    state = round_of_turns(state, CENTRE)  # played 1, held 4: five copies seen
    state = engine.apply(state, "b", {"type": "place", "card": CENTRE, "city": "sydney",
                                      "height": max(picked(state, "black"))})
    assert engine.view(state, None)["cards"]["played"][4]["count"] == 2
    assert CENTRE not in [a["card"] for a in engine.legal(state, "b")["actions"]]
    (why,) = [b for b in engine.legal(state, "b")["blocked"] if b["type"] == "draw"]
    assert why["card"] == CENTRE and why["rule"] == "MH-T-4"
    err = refused("MH-T-4", engine.apply, state, "b", {"type": "draw", "card": CENTRE})
    assert err.message == ("There are only 5 centre cards and the played stack and your hand "
                           "already hold them all.")
    engine.apply(state, "b", {"type": "draw", "card": NW})


def test_only_cards_held_are_offered_and_played():
    state = pick(dealt(), {})
    offer = engine.legal(state, "b")
    cards = {tuple(a["card"]) for a in offer["actions"] if a["type"] == "place"}
    assert cards == {(0, 0), (1, 1), (2, 2)}
    height = picked(state, "black")[0]
    err = refused("MH-H-2", engine.apply, state, "b",
                  {"type": "place", "card": [0, 1], "city": "cairo", "height": height})
    assert err.message == ("You hold no far middle card; your cards are far left, far left, "
                           "centre, near right.")
    after = engine.apply(state, "b", {"type": "place", "card": NW, "city": "cairo",
                                      "height": height})
    assert engine.view(after, "b")["hand"] == [NW, CENTRE, SE]
    assert engine.view(after, None)["cards"]["played"][0]["count"] == 1
    assert engine.to_act(after) == {"b", "l"}  # b enters its draw while l builds


def test_a_seat_must_enter_its_draw_before_its_next_turn():
    two = [("a", "N", ["black", "red"]), ("z", "S", ["green", "light_blue"])]
    state = new_game(two, start="a", hands="private")
    state = pick(enter(state, {"a": [NW] * 4, "z": [SE] * 4}), {})
    action = {"type": "place", "colour": "black", "card": NW, "city": "cairo",
              "height": picked(state, "black")[0]}
    state = engine.apply(state, "a", action)
    state = engine.apply(state, "z", {"type": "place", "colour": "green", "card": SE,
                                      "city": "cairo", "height": picked(state, "green")[0]})
    assert engine.to_act(state) == {"a", "z"}
    offer = engine.legal(state, "a")
    assert {a["type"] for a in offer["actions"]} == {"draw"}
    assert ("place", "MH-H-1") in [(b["type"], b["rule"]) for b in offer["blocked"]]
    refused("MH-H-1", engine.apply, state, "a", {**action, "height": picked(state, "black")[0]})
    refused("MH-T-2", engine.apply, state, "z", {"type": "place", "colour": "green", "card": SE,
                                                 "city": "sydney", "height": 1})
    state = enter(state, {"a": [CENTRE]})
    assert engine.to_act(state) == {"a", "z"}
    assert {a["type"] for a in engine.legal(state, "a")["actions"]} == {"place"}


def test_untracked_tables_enter_no_cards():
    state = pick(new_game(), {})
    err = refused("MH-H-1", engine.apply, state, "b", {"type": "draw", "card": NW})
    assert err.message == ("This table plays without private hands: you need not enter the cards "
                           "you draw.")


def test_a_seats_cards_reach_no_other_seat():
    state = pick(dealt(), {})
    state = engine.apply(state, "b", {"type": "place", "card": NW, "city": "cairo",
                                      "height": picked(state, "black")[0]})
    action = {"type": "draw", "card": [0, 1]}
    after = engine.apply(state, "b", action)
    for viewer in ("l", "r", "g", None):
        view = engine.view(after, viewer)
        assert view["hand"] == (None if viewer is None else [square for square in DEALT[viewer]])
        assert [p["cards_held"] for p in view["players"]] == [4, 4, 4, 4]
        assert english(engine.describe(state, after, "b", action, viewer)) == "B entered a card drawn."
    assert engine.view(after, "b")["hand"] == [NW, CENTRE, SE, [0, 1]]
    assert english(engine.describe(state, after, "b", action, "b")) == "You drew the far middle card."


def test_hide_redraws_only_the_holders_cards():
    state = pick(dealt(), {})
    rng = random.Random(4)
    hidden = playout.hide(state, "b", rng)
    assert hidden["hands"]["b"] != state["hands"]["b"]
    for other in ("l", "r", "g", None):
        assert engine.view(hidden, other) == engine.view(state, other)
    for other in ("l", "r", "g"):
        assert engine.legal(hidden, other) == engine.legal(state, other)
    assert playout.hide(state, None, rng) == state
    assert playout.hide(pick(new_game(), {}), "b", rng) == pick(new_game(), {})


def test_private_games_play_to_the_end():
    for players in (2, 3, 4):
        rng = random.Random(f"hands-{players}")
        config = playout.random_config(rng, players, hands="private")
        events, state = common.play(engine, config, rng)
        assert engine.is_over(state) and json.loads(json.dumps(state)) == state
        assert any(action["type"] == "draw" for _seat, action in events)


def test_four_player_deal_leaves_the_deck_at_29():
    assert engine.view(dealt(), None)["cards"]["deck"] == 45 - 4 * len(FOUR)
