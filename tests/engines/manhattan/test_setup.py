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
    for players, phases, per_phase in ((FOUR, 4, 6), (THREE, 6, 4), (TWO, 6, 4)):
        view = engine.view(new_game(players), None)
        assert (view["phases"], view["per_phase"]) == (phases, per_phase)


def test_five_players_or_one_are_refused():
    five = FOUR + [("x", "S", "black")]
    refused("MH-T-1", engine.setup, config(five))
    refused("MH-T-1", engine.setup, config(FOUR[:1]))


def test_two_players_play_two_colours_each():
    view = engine.view(new_game(TWO), None)
    assert {c: v["seat"] for c, v in view["colours"].items()} == {
        "black": "a", "red": "a", "green": "z", "light_blue": "z"}
    refused("MH-T-1", engine.setup, config([("a", "N", "black"), ("z", "S", "green")]))


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


def test_every_colour_starts_with_24_pieces():
    view = engine.view(new_game(stock={"1": 6, "2": 8, "3": 6, "4": 4}), None)
    for colour in view["colours"].values():
        assert colour["left"] == 24
        assert colour["stock"] == {"1": 6, "2": 8, "3": 6, "4": 4}


def test_stock_that_does_not_add_up_to_24_is_refused():
    refused("MH-C-3", engine.setup, config(stock={"1": 6, "2": 6, "3": 6, "4": 5}))
    refused("MH-C-3", engine.setup, config(stock={"1": 12, "5": 12}))
    refused("MH-C-3", engine.setup, config(stock={"1": -1, "2": 9, "3": 8, "4": 8}))


def test_setup_state_is_plain_json():
    state = new_game(TWO, stock={"1": 6, "2": 6, "3": 6, "4": 6})
    assert json.loads(json.dumps(state)) == state
