"""Setup: sides (MH-S-1), start player and marker (MH-S-2, MH-C-4), player counts and
colours (MH-T-1), piece stock (MH-C-3)."""

import json

from companion.engines import manhattan as engine

from .helpers import FOUR, config, new_game, refused

TWO = [("a", "N", ["black", "red"]), ("z", "S", ["green", "light_blue"])]
THREE = FOUR[:3]


def test_players_sit_at_distinct_sides():
    view = engine.view(new_game(), None)
    assert [(p["seat"], p["side"]) for p in view["players"]] == [("b", "S"), ("l", "W"),
                                                                ("r", "N"), ("g", "E")]


def test_a_taken_side_is_refused():
    err = refused("MH-S-1", engine.setup, config([("a", "S", "black"), ("b", "S", "red"),
                                                  ("c", "N", "green")]))
    assert err.details == {"seat": "b", "side": "S"}
    assert err.message == "Each player sits at a different side (N, E, S or W); 'S' is not free for b."


def test_an_unknown_side_is_refused():
    refused("MH-S-1", engine.setup, config([("a", "S", "black"), ("b", "X", "red"),
                                            ("c", "N", "green")]))


def test_start_player_holds_the_marker_and_picks_first():
    state = new_game(start="r")
    assert engine.view(state, None)["marker"] == "r"
    assert engine.to_act(state) == {"r"}


def test_missing_start_player_is_refused():
    cfg = config()
    del cfg["start"]
    refused("MH-S-2", engine.setup, cfg)


def test_marker_to_an_unseated_player_is_refused():
    refused("MH-C-4", engine.setup, config(start="nobody"))


def test_phase_plan_by_player_count():
    for players, rounds, per_round in ((FOUR, 4, 6), (THREE, 6, 4), (TWO, 6, 4)):
        view = engine.view(new_game(players), None)
        assert (view["rounds"], view["per_round"], view["round"]) == (rounds, per_round, 1)
        assert view["phase"] == "pick"


def test_five_players_or_one_are_refused():
    five = FOUR + [("x", "S", "black")]
    refused("MH-T-1", engine.setup, config(five))
    refused("MH-T-1", engine.setup, config(FOUR[:1]))


def test_two_players_play_two_colours_each():
    view = engine.view(new_game(TWO), None)
    assert {c: v["seat"] for c, v in view["colours"].items()} == {
        "black": "a", "red": "a", "green": "z", "light_blue": "z"}
    err = refused("MH-T-1", engine.setup, config([("a", "N", "black"), ("z", "S", "green")]))
    assert err.message == "With 2 players each plays 2 colours; a names ['black']."


def test_more_players_play_one_colour_each():
    refused("MH-T-1", engine.setup, config([("a", "N", ["black", "red"]), ("b", "S", "green"),
                                            ("c", "E", "light_blue")]))


def test_unknown_or_shared_colour_is_refused():
    refused("MH-C-3", engine.setup, config([("a", "N", "black"), ("b", "S", "purple"),
                                            ("c", "E", "red")]))
    refused("MH-C-3", engine.setup, config([("a", "N", "black"), ("b", "S", "black"),
                                            ("c", "E", "red")]))


def test_duplicate_or_missing_seat_is_refused():
    refused("MH-T-1", engine.setup, config([("a", "N", "black"), ("a", "S", "red"),
                                            ("c", "E", "green")]))
    refused("MH-T-1", engine.setup, {"players": [{"side": "N"}, {"side": "S"}], "start": "a"})
    refused("MH-T-1", engine.setup, "four players")
    refused("MH-T-1", engine.setup, config([("table", "N", "black"), ("b", "S", "red"),
                                            ("c", "E", "green")]))


def test_every_colour_starts_with_24_pieces():
    view = engine.view(new_game(pieces={"1": 6, "2": 8, "3": 6, "4": 4}), None)
    for colour in view["colours"].values():
        assert colour["left"] == 24 and colour["aside"] == 0
        assert colour["supply"] == {"1": 6, "2": 8, "3": 6, "4": 4}
    for colour in engine.view(new_game(), None)["colours"].values():
        assert colour["supply"] == {"1": 6, "2": 6, "3": 6, "4": 6}  # the default (MH-C-3)


def test_counts_that_do_not_add_up_to_24_are_refused():
    err = refused("MH-C-3", engine.setup, config(pieces={"1": 6, "2": 6, "3": 6, "4": 5}))
    assert err.message == ("A colour has 24 building pieces, but the counts "
                           "{'1': 6, '2': 6, '3': 6, '4': 5} add up to 23.")
    refused("MH-C-3", engine.setup, config(pieces={"1": 12, "5": 12}))
    refused("MH-C-3", engine.setup, config(pieces={"1": -1, "2": 9, "3": 8, "4": 8}))
    refused("MH-C-3", engine.setup, config(pieces=[6, 6, 6, 6]))


def test_hands_are_untracked_unless_the_table_chooses_private_hands():
    assert engine.view(new_game(), None)["private_hands"] is False
    assert engine.view(new_game(hands="private"), None)["private_hands"] is True
    err = refused("MH-H-1", engine.setup, config(hands="secret"))
    assert err.message == "The hands option is \"untracked\" or \"private\", not 'secret'."


def test_setup_state_is_plain_json():
    state = new_game(TWO, pieces={"1": 6, "2": 6, "3": 6, "4": 6}, hands="private")
    assert json.loads(json.dumps(state)) == state
