"""Manhattan's action forms: each reader turns its form into the action, each writer is its
inverse for every action legal() offers, and unreadable forms say why."""

import random

import pytest
from werkzeug.datastructures import MultiDict

from companion.engines import manhattan as engine
from companion.engines.manhattan import playout
from companion.web.games import FormError, action_from_form, form_fields
from companion.web.games import manhattan as ui


def read(fields) -> dict:
    return action_from_form(ui, MultiDict(fields))


def test_each_form_reads_as_its_action():
    assert read(dict(type="pick", colour="red", n_1="1", n_2="0", n_3="2", n_4="1")) == {
        "type": "pick", "colour": "red", "heights": [1, 3, 3, 4]}
    assert read(dict(type="place", card="0-2", city="sao_paulo", piece="light_blue-3")) == {
        "type": "place", "colour": "light_blue", "card": [0, 2], "city": "sao_paulo", "height": 3}
    assert read(dict(type="place", card="2-1", city="cairo", piece="black-1", lot="1-2")) == {
        "type": "place", "colour": "black", "card": [2, 1], "city": "cairo", "height": 1, "lot": [1, 2]}
    assert read(dict(type="pass", colour="green", card="1-1")) == {"type": "pass", "colour": "green", "card": [1, 1]}
    assert read(dict(type="draw", card="2-2")) == {"type": "draw", "card": [2, 2]}


@pytest.mark.parametrize("fields", [
    {"type": "build"},
    {"type": "pick", "colour": "red", "n_1": "two"},
    {"type": "pick", "colour": "red", "n_1": "-1"},
    {"type": "pick", "colour": "purple", "n_1": "4"},
    {"type": "pick", "n_1": "4"},
    {"type": "place", "city": "cairo", "piece": "red-2"},
    {"type": "place", "card": "3-0", "city": "cairo", "piece": "red-2"},
    {"type": "place", "card": "0-0", "city": "paris", "piece": "red-2"},
    {"type": "place", "card": "0-0", "city": "cairo", "piece": "red"},
    {"type": "place", "card": "0-0", "city": "cairo", "piece": "pink-2"},
    {"type": "place", "card": "0-0", "city": "cairo", "piece": "red-2", "lot": "north"},
    {"type": "pass", "card": "1-1"},
    {"type": "pass", "colour": "red", "card": "x"},
    {"type": "draw"},
    {"type": "draw", "card": "9-9"},
    {"action": '{"type": "place", "colour": "red", "card": [0, 0], "city": "cairo", "height": 1}'},
])
def test_unreadable_forms_are_refused_with_a_reason(fields):
    with pytest.raises(FormError) as refused:
        read(fields)
    assert refused.value.status == 400 and refused.value.message


@pytest.mark.parametrize("players,hands", [(2, "untracked"), (3, "private"), (4, "untracked"), (2, "private")])
def test_every_offered_action_survives_the_form_round_trip(players, hands):
    """Not only the action played: every action legal() offers, at every move of a game."""
    rng, kinds, checked = random.Random(players), set(), 0
    state = engine.setup(playout.random_config(rng, players, hands=hands))
    while not engine.is_over(state):
        seat = rng.choice(sorted(engine.to_act(state)))
        for action in engine.legal(state, seat)["actions"]:
            form = MultiDict(form_fields(ui, action))
            assert action_from_form(ui, form) == action, (action, form)
            kinds.add(action["type"])
            checked += 1
        state = engine.apply(state, seat, playout.random_action(state, seat, rng))
    assert {"pick", "place"} <= kinds and checked > 1000
    # without private hands a pass is always offered; with them, only when nothing fits
    assert ("draw" in kinds) == (hands == "private") and ("pass" in kinds or hands == "private")


def test_one_form_is_drawn_for_each_kind_of_action():
    state = engine.setup(playout.random_config(random.Random(2), 3, hands="untracked"))
    while state["phase"] == "pick":
        (seat,) = engine.to_act(state)
        state = engine.apply(state, seat, engine.legal(state, seat)["actions"][0])
    (seat,) = engine.to_act(state)
    legal = engine.legal(state, seat)
    assert len(legal["actions"]) > 50
    drawn = ui.forms(legal)
    assert [a["type"] for a in drawn] == ["place", "pass"]
    assert all(a is next(b for b in legal["actions"] if b["type"] == a["type"]) for a in drawn)


def test_the_building_form_offers_exactly_what_legal_offers():
    """Cards, cities and heights of the form's data are the placements legal() lists, and
    every height it leaves out comes with its MH-B-3 reason."""
    rng = random.Random(11)
    state = engine.setup(playout.random_config(rng, 2, hands="untracked"))
    for _ in range(40):  # deep enough into the game for towers to build over
        seat = rng.choice(sorted(engine.to_act(state)))
        state = engine.apply(state, seat, playout.random_action(state, seat, rng))
    while state["phase"] != "build":
        seat = rng.choice(sorted(engine.to_act(state)))
        state = engine.apply(state, seat, playout.random_action(state, seat, rng))
    (seat,) = engine.to_act(state)
    legal = engine.legal(state, seat)
    options = ui.build_options(legal)
    offered = {(ui.key(a["card"]), a["city"], a["colour"], a["height"])
               for a in legal["actions"] if a["type"] == "place"}
    drawn = {(card, city, colour, h) for card, cities in options["fits"].items()
             for city, colours in cities.items() for colour, heights in colours.items() for h in heights}
    assert drawn == offered
    assert any(options["why"].values()), "no tower to build over yet: pick a later moment"
    for card, cities in options["why"].items():
        for city, colours in cities.items():
            for colour, blocked in colours.items():
                assert blocked["rule"] == "MH-B-3" and blocked["heights"]
                assert not set(blocked["heights"]) & set(options["fits"][card].get(city, {}).get(colour, []))
