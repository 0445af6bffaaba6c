"""New York's action forms: each reader turns its form into the action, each writer (used
by tests) is its inverse, complete actions post as they are, and unreadable forms say why."""

import json
import random

import pytest
from werkzeug.datastructures import MultiDict

from companion.engines import common
from companion.engines import new_york as ny
from companion.engines.new_york import playout
from companion.web.games import FormError, action_from_form, form_fields
from companion.web.games import new_york as ui

PARK = {"type": "park", "price": 8, "streets": "NE"}


def read(fields) -> dict:
    return action_from_form(ui, MultiDict(fields))


def test_each_form_reads_as_its_action():
    assert read([("type", "take_money"), ("card", "blue:3"), ("card", "green:2")]) == {
        "type": "take_money", "cards": [["blue", 3], ["green", 2]]}
    assert read([("type", "buy"), ("space", "red"), ("pay", "red:4"), ("pay", "red:4")]) == {
        "type": "buy", "space": "red", "pay": [["red", 4], ["red", 4]]}
    # an exact payment's button wins over cards ticked meanwhile
    assert read([("type", "buy"), ("space", "red"), ("pay", "red:9"), ("exact", "red:4 red:3")]) == {
        "type": "buy", "space": "red", "pay": [["red", 4], ["red", 3]]}
    for kind in ("place", "reserve_to_city", "swap"):
        assert read(dict(type=kind, tile="park:8:NE", square="2,-1")) == {
            "type": kind, "tile": PARK, "x": 2, "y": -1}
    assert read(dict(type="city_to_reserve", square="0,1")) == {"type": "city_to_reserve", "x": 0, "y": 1}
    assert read(dict(type="draw_money", card="yellow:9")) == {"type": "draw_money", "card": ["yellow", 9]}
    assert read(dict(type="draw_money", card="A")) == {"type": "draw_money", "card": "A"}
    assert read([("type", "draw_tile"), ("tile_type", "park"), ("tile_price", "8"),
                 ("tile_streets", "E"), ("tile_streets", "N")]) == {"type": "draw_tile", "tile": PARK}


def test_complete_actions_post_as_they_are():
    for action in ({"type": "to_reserve", "tile": PARK}, {"type": "to_dirk", "tile": PARK},
                   {"type": "pass"}):
        fields = form_fields(ui, action)
        assert set(fields) == {"action"} and read(fields) == action
        assert ui.label(action)["id"]  # its button has a label


@pytest.mark.parametrize("fields", [
    {"type": "teleport"},
    {"type": "pass"},  # posted only as the complete action its button carries
    {"type": "take_money"},
    {"type": "take_money", "card": "purple:3"},
    {"type": "take_money", "card": "blue:x"},
    {"type": "buy", "space": "blue"},
    {"type": "buy", "space": "blue", "pay": "blue"},
    {"type": "place", "tile": "park:8:NE"},
    {"type": "place", "tile": "park:8:NE", "square": "a,b"},
    {"type": "place", "tile": "tower:8:", "square": "0,1"},
    {"type": "place", "tile": "park:8:NX", "square": "0,1"},
    {"type": "swap", "tile": "park", "square": "0,1"},
    {"type": "city_to_reserve", "square": ""},
    {"type": "draw_money", "card": ""},
    {"type": "draw_tile", "tile_type": "park", "tile_price": ""},
    {"type": "draw_tile", "tile_type": "", "tile_price": "8"},
    {"type": "draw_tile", "tile_type": "park", "tile_price": "8", "tile_streets": "Q"},
    {"action": json.dumps({"type": "buy", "space": "blue", "pay": [["blue", 3]]})},  # has its own form
])
def test_unreadable_forms_are_refused_with_a_reason(fields):
    with pytest.raises(FormError) as refused:
        read(fields)
    assert refused.value.status == 400 and refused.value.message


def test_every_action_of_random_games_survives_the_form_round_trip():
    rng, kinds = random.Random(11), set()

    def check(before, seat, action, after):
        form = MultiDict(form_fields(ui, action))
        assert action_from_form(ui, form) == action, (action, form)
        kinds.add(action["type"])

    for players in (2, 2, 2, 3, 4, 6):
        common.play(ny, playout.random_config(rng, players), rng, on_move=check)
    assert {"take_money", "buy", "place", "to_reserve", "to_dirk", "draw_money", "draw_tile",
            "reserve_to_city", "city_to_reserve", "swap"} <= kinds


def test_take_choices_are_offered_as_the_phone_compares_them():
    actions = [{"type": "take_money", "cards": [["red", 2], ["blue", 3]]},
               {"type": "take_money", "cards": [["blue", 7]]}, {"type": "pass"}]
    assert ui.take_combos(actions) == ["blue:3 red:2", "blue:7"]


def test_typed_money_reads_in_the_wizards_notation():
    assert ui.read_cards("b7 R9, g2;y3 red4 blue-1", "x") == [
        ["blue", 7], ["red", 9], ["green", 2], ["yellow", 3], ["red", 4], ["blue", 1]]
    assert ui.cards_notation([["blue", 7], ["yellow", 3]]) == "b7 y3"
    for bad in ("b10", "x7", "b", "7", "blue seven", "A"):
        with pytest.raises(FormError):
            ui.read_cards(bad, "x")


def test_picture_labels_stay_apart():
    assert ui.labels({"station": "station", "skyscraper": "skyscraper", "park": "park"}) == {
        "station": "St", "skyscraper": "Sk", "park": "Pa"}
    assert ui.labels({"a": "Park", "b": "Parade"}) == {"a": "Park", "b": "Para"}
