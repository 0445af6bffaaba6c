"""Building acquired tiles (PZ-BLD-1, PZ-BLD-2) and reconstruction (PZ-R-1, PZ-R-2)."""

from companion.engines import palazzo as pz
from companion.engines.common import without

from .helpers import act, game, refused, with_palaces


def acquired(palaces, lot):
    """Anna owns ``palaces`` and has just acquired ``lot``, to build now."""
    state = with_palaces(game(2), "ann", palaces)
    state["tiles"]["unseen"] = without(state["tiles"]["unseen"], lot)
    state.update(phase="build", acquired={"seat": "ann", "tiles": sorted(lot), "paid": 0})
    return state


def test_a_tile_goes_on_top_when_its_floor_is_higher():  # PZ-BLD-1
    state = act(acquired([["b1w2", "m3w2"]], ["s5w3"]), "ann", "build", tile="s5w3", to=0)
    assert state["palaces"]["ann"] == [["b1w2", "m3w2", "s5w3"]]  # mixed materials are fine


def test_a_floor_cannot_appear_twice_in_a_palace():  # PZ-BLD-1
    err = refused("PZ-BLD-1", acquired([["b1w2", "m3w2"]], ["s3w3"]), "ann", "build",
                  tile="s3w3", to=0)
    assert "floor 3" in err.message


def test_a_lower_floor_cannot_be_slipped_under_the_top():  # PZ-BLD-2
    err = refused("PZ-BLD-2", acquired([["b1w2", "m3w2"]], ["s2w3"]), "ann", "build",
                  tile="s2w3", to=0)
    assert "reconstruction" in err.message


def test_an_acquired_tile_may_start_a_palace_or_leave_the_game():  # PZ-BLD-2
    state = acquired([], ["s2w3", "m4w1"])
    state = act(state, "ann", "build", tile="m4w1", to="discard")
    assert state["tiles"]["out"] == ["m4w1"] and state["phase"] == "build"
    state = act(state, "ann", "build", tile="s2w3", to="new")
    assert state["palaces"]["ann"] == [["s2w3"]] and state["phase"] == "turn"


def test_only_acquired_tiles_are_built_and_only_in_real_places():  # PZ-BLD-2
    state = acquired([["b1w2"]], ["s2w3"])
    refused("PZ-BLD-2", state, "ann", "build", tile="m4w1", to="new")
    refused("PZ-BLD-2", state, "ann", "build", tile="s2w3", to=1)
    refused("PZ-BLD-2", state, "ann", "build", tile="s2w3", to="roof")
    refused("PZ-BLD-2", state, "ann", "build", tile="s2w3")
    refused("PZ-BLD-2", state, "ben", "build", tile="s2w3", to="new")
    refused("PZ-C-1", state, "ann", "build", tile="s9w3", to="new")


def test_rulebook_example_three_acquired_tiles():  # PZ-BLD-1 / PZ-BLD-2
    # Palace A: floors 1 and 3; palace B: sandstone 2 and 4. New: a 2, a 4, a sandstone 5.
    state = acquired([["b1w2", "m3w1"], ["s2w2", "s4w2"]], ["m2w1", "b4w3", "s5w2"])
    choices = {c["tile"]: c["to"] for c in pz.legal(state, "ann")["actions"][0]["choices"]}
    assert choices == {
        "m2w1": ["new", "discard"],  # not on A (1-3-2) nor on B (a second floor 2)
        "b4w3": [0, "new", "discard"],  # on A; not on B (it has a floor 4)
        "s5w2": [0, 1, "new", "discard"],
    }
    state = act(state, "ann", "build", tile="m2w1", to="new")  # palace C
    state = act(state, "ann", "build", tile="b4w3", to=0)
    state = act(state, "ann", "build", tile="s5w2", to=1)  # B stays all sandstone
    assert state["palaces"]["ann"] == [
        ["b1w2", "m3w1", "b4w3"], ["s2w2", "s4w2", "s5w2"], ["m2w1"]
    ]


def reconstruct(state, **move):
    return act(state, "ann", "reconstruct", card="a3", **move)


def test_take_any_tile_out_into_a_new_palace():  # PZ-R-1
    state = with_palaces(game(2), "ann", [["b1w2", "m3w2", "s5w3"]])
    after = reconstruct(state, move="extract", palace=0, tile="m3w2")
    assert after["palaces"]["ann"] == [["b1w2", "s5w3"], ["m3w2"]]


def test_insert_a_single_tile_palace_at_any_height():  # PZ-R-1
    state = with_palaces(game(2), "ann", [["b1w2", "m3w2"], ["s2w3"], ["m4w1", "m5w1"]])
    middle = reconstruct(state, move="insert", palace=1, into=0)
    assert middle["palaces"]["ann"] == [["b1w2", "s2w3", "m3w2"], ["m4w1", "m5w1"]]
    bottom = reconstruct(state, move="insert", palace=1, into=2)
    assert bottom["palaces"]["ann"] == [["b1w2", "m3w2"], ["s2w3", "m4w1", "m5w1"]]


def test_remove_a_single_tile_palace_from_the_game():  # PZ-R-1
    state = with_palaces(game(2), "ann", [["b1w2", "m3w2"], ["s2w3"]])
    after = reconstruct(state, move="remove", palace=1)
    assert after["palaces"]["ann"] == [["b1w2", "m3w2"]] and after["tiles"]["out"] == ["s2w3"]


def test_reconstructions_that_change_nothing_or_break_rules_are_refused():  # PZ-R-1
    state = with_palaces(game(2), "ann", [["b1w2", "m3w2"], ["s3w3"]])
    refused("PZ-R-1", state, "ann", "reconstruct", card="a3", move="extract", palace=1,
            tile="s3w3")
    refused("PZ-R-1", state, "ann", "reconstruct", card="a3", move="extract", palace=0,
            tile="s3w3")
    refused("PZ-R-1", state, "ann", "reconstruct", card="a3", move="remove", palace=0)
    refused("PZ-R-1", state, "ann", "reconstruct", card="a3", move="swap", palace=0)
    refused("PZ-R-1", state, "ann", "reconstruct", card="a3", move="remove", palace=5)
    refused("PZ-R-1", state, "ann", "reconstruct", card="a3", move="insert", palace=1, into=1)
    refused("PZ-BLD-1", state, "ann", "reconstruct", card="a3", move="insert", palace=1, into=0)
    blocked = pz.legal(game(2), "ann")["blocked"]
    assert ("reconstruct", "PZ-R-1") in {(b["type"], b["rule"]) for b in blocked}  # no palace


def test_legal_lists_every_reconstruction():  # PZ-R-1
    state = with_palaces(game(2), "ann", [["b1w2", "m3w2"], ["s2w3"]])
    offer = next(a for a in pz.legal(state, "ann")["actions"] if a["type"] == "reconstruct")
    assert offer["moves"] == [
        {"move": "extract", "palace": 0, "tile": "b1w2"},
        {"move": "extract", "palace": 0, "tile": "m3w2"},
        {"move": "insert", "palace": 1, "into": 0},
        {"move": "remove", "palace": 1},
    ]
    assert offer["cards"] == ["a3", "a4", "b5", "w2"]


def test_moving_between_two_big_palaces_takes_two_reconstructions():  # PZ-R-2
    state = with_palaces(game(2), "ann", [["b1w2", "m3w2"], ["s2w3", "s4w3"]])
    err = refused("PZ-R-2", state, "ann", "reconstruct", card="a3", move="insert", palace=1,
                  into=0)
    assert "2 tiles" in err.message
    state = reconstruct(state, move="extract", palace=1, tile="s2w3")
    state = act(state, "ben", "take_money", cards=["a5", "b7", "c3"])
    state = act(state, "ben", "pick", cards=["a5", "b7"])
    state = act(state, "ann", "reconstruct", card="a4", move="insert", palace=2, into=0)
    assert state["palaces"]["ann"] == [["b1w2", "s2w3", "m3w2"], ["s4w3"]]
