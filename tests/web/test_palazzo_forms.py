"""Palazzo's action forms: each reader turns its form into the action, each writer (used
by tests) is its inverse, unreadable forms say why, and every action of random games
survives the round trip."""

import random

import pytest
from werkzeug.datastructures import MultiDict

from companion.engines import palazzo as pz
from companion.engines.palazzo import playout
from companion.web.games import FormError, action_from_form, form_fields
from companion.web.games import palazzo as ui


def read(fields) -> dict:
    return action_from_form(ui, MultiDict(fields))


def test_each_form_reads_as_its_action():
    assert read(dict(type="enter_hand", n_a3="2", n_w2="1", n_c7="1", n_b4="0")) == {
        "type": "enter_hand", "cards": ["a3", "a3", "c7", "w2"]}
    assert read(dict(type="take_money", n_b5="1", n_c5="3")) == {
        "type": "take_money", "cards": ["b5", "c5", "c5", "c5"]}
    assert read([("type", "pick"), ("card", "a5"), ("card", "w2")]) == {"type": "pick", "cards": ["a5", "w2"]}
    assert read(dict(type="draw_tiles", first="b3w2", second="knight")) == {
        "type": "draw_tiles", "tiles": ["b3w2", "knight"]}
    assert read(dict(type="draw_tiles", first="knight", second="")) == {"type": "draw_tiles", "tiles": ["knight"]}
    assert read([("type", "buy"), ("tile", "m2w1"), ("tile", "s3w1"), ("n_a6", "2")]) == {
        "type": "buy", "cards": ["a6", "a6"], "tiles": ["m2w1", "s3w1"]}
    assert read(dict(type="auction", quarry="2")) == {"type": "auction", "quarry": 2}
    assert read(dict(type="auction")) == {"type": "auction"}
    assert read(dict(type="raise", n_a4="1", n_b4="1", n_c4="1")) == {"type": "raise", "cards": ["a4", "b4", "c4"]}
    assert read(dict(type="sealed_bid")) == {"type": "sealed_bid", "cards": []}  # a pass
    assert read(dict(type="build", build="m5w3|1")) == {"type": "build", "tile": "m5w3", "to": 1}
    assert read(dict(type="build", build="m5w3|new")) == {"type": "build", "tile": "m5w3", "to": "new"}
    assert read(dict(type="reconstruct", move="extract:0:b3w2", card="w2")) == {
        "type": "reconstruct", "card": "w2", "move": "extract", "palace": 0, "tile": "b3w2"}
    assert read(dict(type="reconstruct", move="insert:2:0", card="a5")) == {
        "type": "reconstruct", "card": "a5", "move": "insert", "palace": 2, "into": 0}
    assert read(dict(type="reconstruct", move="remove:1", card="a5")) == {
        "type": "reconstruct", "card": "a5", "move": "remove", "palace": 1}
    assert read(dict(action='{"type": "pass"}')) == {"type": "pass"}  # a complete action


@pytest.mark.parametrize("fields", [
    {"type": "teleport"},
    {"type": "pass"},  # posted only as the complete action its button carries
    {"action": '{"type": "raise", "cards": ["a5"]}'},  # a type with a form of its own
    {"type": "raise", "n_a5": "two"},
    {"type": "raise", "n_a5": "-1"},
    {"type": "raise", "n_a5": "99"},
    {"type": "raise", "n_x9": "1"},
    {"type": "draw_tiles"},
    {"type": "draw_tiles", "second": "b1w1"},
    {"type": "auction", "quarry": "north"},
    {"type": "build", "build": "m5w3"},
    {"type": "build"},
    {"type": "reconstruct", "move": "extract:0:b3w2"},
    {"type": "reconstruct", "move": "extract:zero:b3w2", "card": "a5"},
    {"type": "reconstruct", "move": "insert:1", "card": "a5"},
    {"type": "reconstruct", "move": "melt:1", "card": "a5"},
])
def test_unreadable_forms_are_refused_with_a_reason(fields):
    with pytest.raises(FormError) as refused:
        read(fields)
    assert refused.value.status == 400 and refused.value.message


def normal(action: dict) -> dict:
    """Cards are posted as counts per kind, so their order does not survive."""
    if action["type"] in ("enter_hand", "take_money", "buy", "raise", "sealed_bid"):
        return action | {"cards": sorted(action["cards"])}
    return action


@pytest.mark.parametrize("hands, bidding", [("counts", "open"), ("private", "sealed"),
                                            ("private", "open"), ("counts", "sealed")])
def test_every_action_of_random_games_survives_the_form_round_trip(hands, bidding):
    rng, kinds = random.Random(hands + bidding), set()
    for game in range(3):
        state = pz.setup(playout.random_config(rng, 2 + game, hands=hands, bidding=bidding))
        while not pz.is_over(state):
            seat = rng.choice(sorted(pz.to_act(state)))
            action = playout.random_action(state, seat, rng)
            form = MultiDict(form_fields(ui, action))
            assert normal(action_from_form(ui, form)) == normal(action), (action, form)
            kinds.add(action["type"])
            state = pz.apply(state, seat, action)
    expected = {"take_money", "pick", "draw_tiles", "buy", "auction", "build", "reconstruct"}
    expected |= {"enter_hand"} if hands == "private" else set()
    expected |= {"sealed_bid"} if bidding == "sealed" else {"raise", "pass"}
    assert expected <= kinds


def test_the_offered_reconstructions_read_back_as_themselves():
    palaces = [["b1w1", "s3w2"], ["m2w2"], ["b4w1"]]
    for move in pz_moves(palaces):
        action = {"type": "reconstruct", "card": "a5", **move}
        assert read(form_fields(ui, action)) == action


def pz_moves(palaces):
    from companion.engines.palazzo import reconstruction

    moves = reconstruction.moves(palaces)
    assert {m["move"] for m in moves} == {"extract", "insert", "remove"}
    return moves


def test_composer_limits_follow_the_hand_or_the_deck():
    assert ui.composer({"type": "raise", "cards": ["a5", "a5", "w2"], "hand_size": 3})["max"]["a5"] == 2
    deck = ui.composer({"type": "take_money", "count": 4, "cards": ui.CARD_KINDS})
    assert deck["max"]["w2"] == 10 and deck["max"]["c7"] == 3 and deck["hand_size"] == 4


def test_the_picture_puts_quarry_0_where_the_master_builder_stands():
    view = pz.view(pz.setup(playout.random_config(random.Random(1), 2)), None)
    view["tiles"]["master_builder"] = 3
    places = {n: (ui.quarry(view, n)["x"], ui.quarry(view, n)["y"]) for n in range(4)}
    assert places[0] == ui.PLACES[3] and places[1] == ui.PLACES[0] and places[3] == ui.PLACES[2]


def test_palace_columns_carry_their_value_now():
    columns = ui.palaces([["b1w2", "b2w1", "b3w2", "b4w2"], ["s5w1"]])["columns"]
    assert [c["value"]["points"] for c in columns] == [13, -5]
    assert [f["tile"] for f in columns[0]["floors"]] == ["b1w2", "b2w1", "b3w2", "b4w2"]
    assert columns[0]["floors"][0]["y"] > columns[0]["floors"][-1]["y"]  # bottom up
