"""Building (MH-B-1 to MH-B-4), with the digest's building-over example."""

from companion.engines import manhattan as engine

from companion.engines.text import english

from .helpers import FOUR, lot_at, new_game, pick, picked, place, play_rounds, refused

TWO = [("a", "N", ["black", "red"]), ("z", "S", ["green", "light_blue"])]
MID, NW = [1, 1], [0, 0]


def example_tower():
    """Cairo's north-west lot holds, bottom to top: black 2, light blue 2, red 3, black 1, light blue 3.

    Returns the state with black to play and pieces 1 and 2 in black's hand.
    """
    state = pick(new_game(), {"black": [2, 1, 1, 2, 1, 1], "light_blue": [2, 3, 1, 1, 1, 1],
                              "red": [3, 1, 1, 1, 1, 1], "green": [1] * 6})
    return play_rounds(state, [
        [("black", "cairo", NW, 2), ("light_blue", "cairo", NW, 2), ("red", "cairo", NW, 3),
         ("green", "sydney", [0, 0], 1)],
        [("black", "cairo", NW, 1), ("light_blue", "cairo", NW, 3), ("red", "sydney", [0, 1], 1),
         ("green", "sydney", [0, 2], 1)],
    ])


def test_digest_example_black_needs_a_piece_of_at_least_two():
    state = example_tower()
    tower = lot_at(state, "cairo", NW)
    assert [(p["colour"], p["height"]) for p in reversed(tower["pieces"])] == [
        ("light_blue", 3), ("black", 1), ("red", 3), ("light_blue", 2), ("black", 2)]
    assert tower["owner"] == "light_blue"
    err = refused("MH-B-3", place, state, "black", "cairo", NW, 1)
    assert err.details == {"height": 1, "needed": 2}
    assert err.message == ("The tower on the north-west lot of Cairo belongs to light blue with 5 "
                           "storeys and black has 3 there: you need a black piece of at least 2.")
    after = place(state, "black", "cairo", NW, 2)
    assert lot_at(after, "cairo", NW)["owner"] == "black"
    assert lot_at(after, "cairo", NW)["storeys"] == 13


def test_digest_example_in_legal():
    state = example_tower()
    offer = engine.legal(state, "b")
    here = [a["height"] for a in offer["actions"]
            if a["type"] == "place" and a["city"] == "cairo" and a["lot"] == NW]
    assert here == [2]
    (why,) = [b for b in offer["blocked"] if b.get("city") == "cairo" and b.get("lot") == NW]
    assert why["rule"] == "MH-B-3" and why["heights"] == [1]
    assert english(why["reason"]).endswith("you need a black piece of at least 2.")


def test_takeover_with_equal_storeys_is_enough():
    state = pick(new_game(), {"black": [3] * 6, "light_blue": [3, 2, 1, 1, 1, 1]})
    state = place(state, "black", "frankfurt", MID, 3)
    err = refused("MH-B-3", place, state, "light_blue", "frankfurt", MID, 2)
    assert err.details == {"height": 2, "needed": 3}
    state = place(state, "light_blue", "frankfurt", MID, 3)
    assert lot_at(state, "frankfurt", MID)["owner"] == "light_blue"


def test_any_piece_goes_on_an_empty_lot_or_own_tower():
    """MH-B-2: the smallest piece is enough on an empty lot or on a tower the colour owns."""
    state = example_tower()
    state = place(state, "black", "hong_kong", [0, 0], 1)
    state = place(state, "light_blue", "cairo", NW, 1)  # own tower: no minimum
    assert lot_at(state, "cairo", NW)["storeys"] == 12
    assert lot_at(state, "hong_kong", [0, 0])["owner"] == "black"


def test_a_tall_lead_can_be_out_of_reach_of_any_piece():
    """MH-B-3: a lead of more than four storeys cannot be taken over in one placement."""
    state = pick(new_game(FOUR[:3]), {"black": [4] * 4, "light_blue": [1] * 4})
    state = place(state, "black", "cairo", MID, 4)
    state = place(state, "light_blue", "sydney", MID, 1)
    state = place(state, "red", "sydney", [0, 0], picked(state, "red")[0])
    state = place(state, "black", "cairo", MID, 4)  # black: 8 storeys
    err = refused("MH-B-3", place, state, "light_blue", "cairo", MID, 1)
    assert err.details["needed"] == 8
    assert err.message.endswith("no single piece is tall enough for you to build on it.")


def test_with_two_players_the_other_own_colour_counts_as_someone_else():
    state = pick(new_game(TWO, start="a"), {"black": [4, 1, 1, 1], "red": [1, 1, 1, 2]})
    state = place(state, "black", "cairo", MID, 4)
    state = place(state, "green", "sydney", MID, picked(state, "green")[0])
    err = refused("MH-B-3", place, state, "red", "cairo", MID, 2)
    assert err.details["needed"] == 4
    state = place(state, "black", "cairo", MID, 1)
    assert lot_at(state, "cairo", MID)["storeys"] == 5


def test_the_top_piece_owns_the_tower_not_the_most_storeys():
    state = pick(new_game(), {"black": [4] * 6, "light_blue": [4] * 6, "red": [4] * 6})
    state = play_rounds(state, [[("black", "cairo", MID, 4), ("light_blue", "cairo", MID, 4),
                                 ("red", "sydney", MID, 4)]])
    tower = lot_at(state, "cairo", MID)
    assert tower["owner"] == "light_blue" and tower["storeys"] == 8
    view = engine.view(state, None)["colours"]
    assert (view["black"]["towers"], view["light_blue"]["towers"]) == (0, 1)  # MH-B-1


def test_towers_have_no_height_limit():
    state = pick(new_game(FOUR[:3]), {"black": [4] * 4})
    for lot in ([0, 0], [0, 1], [0, 2], [1, 0]):
        state = place(state, "black", "cairo", NW, 4)
        state = place(state, "light_blue", "sydney", lot, 1)
        state = place(state, "red", "hong_kong", lot, 1)
    assert lot_at(state, "cairo", NW)["storeys"] == 16
    assert engine.scores(state)["events"][0]["lines"][0]["colour"] == "black"


def test_pieces_are_never_combined():
    state = pick(new_game(), {"black": [1, 1, 2, 2, 3, 4]})
    refused("MH-B-4", place, state, "black", "cairo", MID, [1, 2])
    refused("MH-B-4", place, state, "black", "cairo", MID, 5)
    refused("MH-B-4", place, state, "black", "cairo", MID, 7)
    assert lot_at(place(state, "black", "cairo", MID, 3), "cairo", MID)["storeys"] == 3
