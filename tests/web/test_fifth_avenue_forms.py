"""Fifth Avenue's action forms: each reader turns its form into the action, each writer
(used by tests) is its inverse, and unreadable forms say why."""

import random

import pytest
from werkzeug.datastructures import MultiDict

from companion.engines import fifth_avenue as fa
from companion.engines.fifth_avenue import playout
from companion.engines.text import english
from companion.web.games import FormError, action_from_form, form_fields
from companion.web.games import fifth_avenue as ui


def read(fields) -> dict:
    return action_from_form(ui, MultiDict(fields))


def test_each_form_reads_as_its_action():
    assert read(dict(type="place_shop", shop="gallery", spot="ts:grey")) == {
        "type": "place_shop", "shop": "gallery", "quarter": "ts", "lot": "grey"}
    assert read([("type", "take_colored"), ("color", "orange"), ("value_orange", "5"),
                 ("color", "grey"), ("value_violet", "6")]) == {
        "type": "take_colored", "cards": [{"color": "orange", "value": 5}, {"color": "grey"}]}
    assert read(dict(type="take_colored", color="violet")) == {"type": "take_colored", "cards": [{"color": "violet"}]}
    assert read(dict(type="move_commission", move="beige:central_park")) == {
        "type": "move_commission", "commission": "beige", "to": "central_park"}
    assert read(dict(type="bid", n_grey_6="1", n_black_4="2", n_grey_5="0")) == {
        "type": "bid", "cards": [{"color": "grey", "value": 6}, {"color": "black", "value": 4}, {"color": "black", "value": 4}]}
    assert read(dict(type="dummy_bid", draws="4, 6 5 4")) == {"type": "dummy_bid", "draws": [4, 6, 5, 4]}
    assert read(dict(type="build", count="2")) == {"type": "build", "count": 2}
    assert read([("type", "reveal_central_park"), ("shops", "gallery"), ("shops", ""),
                 ("shops", "jeweler")]) == {"type": "reveal_central_park", "shops": ["gallery", "jeweler"]}
    assert read(dict(action='{"type": "pass"}')) == {"type": "pass"}  # a complete action


@pytest.mark.parametrize("fields", [
    {"type": "teleport"},
    {"type": "pass"},  # posted only as the complete action its button carries
    {"type": "place_initial_building", "spot": "ts"},
    {"type": "take_colored"},
    {"type": "take_black", "value": "six"},
    {"type": "bid"},
    {"type": "bid", "n_grey_6": "-1"},
    {"type": "bid", "n_grey_x": "1"},
    {"type": "build", "count": "many"},
    {"type": "dummy_bid", "draws": "4 six"},
    {"type": "move_commission", "move": "white"},
])
def test_unreadable_forms_are_refused_with_a_reason(fields):
    with pytest.raises(FormError) as refused:
        read(fields)
    assert refused.value.status == 400 and refused.value.message


def normal(action: dict) -> dict:
    """Bid cards are posted as counts, so their order does not survive."""
    if action["type"] == "bid":
        return action | {"cards": sorted(map(str, action["cards"]))}
    return action


def test_every_action_of_random_games_survives_the_form_round_trip():
    rng, kinds = random.Random(7), set()
    for game in range(6):
        state = fa.setup(playout.random_config(rng, 2 + game % 3))
        while not fa.is_over(state):
            seat = rng.choice(sorted(fa.to_act(state)))
            action = playout.random_action(state, seat, rng)
            form = MultiDict(form_fields(ui, action))
            assert normal(action_from_form(ui, form)) == normal(action), (action, form)
            kinds.add(action["type"])
            state = fa.apply(state, seat, action)
    assert {"place_initial_building", "place_shop", "take_colored", "move_commission", "bid",
            "build", "dummy_bid", "pass"} <= kinds


def test_display_row_marks_where_special_scorings_and_the_end_fall():
    """Blocks 3,2,3,2,... give 2,1,2,1,... shops to players (the last of a block goes under
    Central Park), so the 3rd, 6th and 9th placed shops come from the 2nd, 4th and 6th
    blocks (FA-SH-4: 4, 6, 8 VP) and the 12th, which ends the game, from the 8th."""
    marks = ui.display_marks()
    assert {b: m["shop"] for b, m in marks.items()} == {1: 3, 3: 6, 5: 9, 7: 12}
    assert marks[1]["text"]["args"] == {"q": 3, "vp": 4} and marks[5]["text"]["args"] == {"q": 5, "vp": 8}
