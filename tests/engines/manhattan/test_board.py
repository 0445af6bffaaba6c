"""Cities (MH-C-1), card squares (MH-C-2) and card rotation by side (MH-T-3)."""

import pytest

from companion.engines import manhattan as engine

from companion.engines.text import english

from .helpers import FOUR, lot_at, new_game, pick, picked, refused

# What a card square means from each side, written out by hand: the card grid is
# read as its player sees it (far row first, left to right) and gives board lots.
NW, N, NE, W, C, E, SW, S, SE = ([r, c] for r in range(3) for c in range(3))
SEEN_FROM = {
    "S": [NW, N, NE, W, C, E, SW, S, SE],
    "N": [SE, S, SW, E, C, W, NE, N, NW],
    "E": [SW, W, NW, S, C, N, SE, E, NE],
    "W": [NE, E, SE, N, C, S, NW, W, SW],
}
CARDS = [[r, c] for r in range(3) for c in range(3)]


def first_turn(side):
    """Phase 1 after picking, with the player at ``side`` to build first."""
    seat = next(s for s, sd, _ in FOUR if sd == side)
    return pick(new_game(start=seat), {}), seat


@pytest.mark.parametrize("side", "NESW")
def test_each_side_turns_all_nine_card_squares(side):
    state, seat = first_turn(side)
    (colour,) = next(p["colours"] for p in engine.view(state, None)["players"] if p["seat"] == seat)
    heights = picked(state, colour)
    for card, lot in zip(CARDS, SEEN_FROM[side]):
        after = engine.apply(state, seat, {"type": "place", "card": card, "city": "cairo",
                                           "height": heights[0]})
        built = [l["lot"] for c in engine.view(after, None)["cities"] for l in c["lots"]
                 if l["pieces"]]
        assert built == [lot], f"{side} card {card}"
        assert lot_at(after, "cairo", lot)["owner"] == colour


@pytest.mark.parametrize("side", "NESW")
def test_legal_names_the_lot_each_card_points_to(side):
    state, seat = first_turn(side)
    pairs = {(tuple(a["card"]), tuple(a["lot"])) for a in engine.legal(state, seat)["actions"]
             if a["type"] == "place"}
    assert pairs == {(tuple(card), tuple(lot)) for card, lot in zip(CARDS, SEEN_FROM[side])}


def test_a_lot_that_disagrees_with_the_card_is_refused():
    state, seat = first_turn("E")
    h = engine.legal(state, seat)["actions"][0]["height"]
    action = {"type": "place", "card": [0, 0], "city": "cairo", "height": h}
    engine.apply(state, seat, {**action, "lot": SW})
    err = refused("MH-T-3", engine.apply, state, seat, {**action, "lot": [0, 0]})
    assert err.message == ("Seen from your side (east) this card points to the south-west lot of "
                           "Cairo, not to the lot [0, 0].")
    assert err.details == {"lot": [0, 0], "expected": SW}


@pytest.mark.parametrize("city", ["manhattan", "cairo", "sao_paulo", "frankfurt", "sydney",
                                  "hong_kong"])
def test_any_of_the_six_cities_may_be_chosen(city):
    state, seat = first_turn("S")
    h = engine.legal(state, seat)["actions"][0]["height"]
    after = engine.apply(state, seat, {"type": "place", "card": [1, 1], "city": city, "height": h})
    assert lot_at(after, city, C)["storeys"] == h


def test_an_unknown_city_is_refused():
    state, seat = first_turn("S")
    h = engine.legal(state, seat)["actions"][0]["height"]
    err = refused("MH-C-1", engine.apply, state, seat,
                  {"type": "place", "card": [1, 1], "city": "venice", "height": h})
    assert err.message == ("There is no city 'venice'; the cities are Manhattan, Cairo, "
                           "São Paulo, Frankfurt, Sydney, Hong Kong.")


@pytest.mark.parametrize("card", [[3, 0], [0, -1], [1], "centre", None, [1.0, 1], [True, 0]])
def test_a_card_outside_the_grid_is_refused(card):
    state, seat = first_turn("S")
    h = engine.legal(state, seat)["actions"][0]["height"]
    err = refused("MH-C-2", engine.apply, state, seat,
                  {"type": "place", "card": card, "city": "cairo", "height": h})
    assert repr(card) in err.message


def test_the_board_has_six_cities_of_nine_lots():
    view = engine.view(new_game(), None)
    assert [english(c["label"]) for c in view["cities"]] == [
        "Manhattan", "Cairo", "São Paulo", "Frankfurt", "Sydney", "Hong Kong"]
    assert all(len(c["lots"]) == 9 and not any(l["pieces"] for l in c["lots"])
               for c in view["cities"])
