"""Components and setup (PZ-C-1, PZ-C-2, PZ-C-4, PZ-S-1)."""

from collections import Counter

import pytest

from companion.engines import IllegalAction
from companion.engines import palazzo as pz
from companion.engines.palazzo import hands, tiles

from .helpers import HANDS, act, config, game, refused


def setup_refused(rule, cfg):
    with pytest.raises(IllegalAction) as err:
        pz.setup(cfg)
    assert err.value.rule == rule, err.value
    return err.value


def test_48_tiles_16_per_material_with_a_second_floor_3_single_window():  # PZ-C-1
    assert len(tiles.TILES) == 48
    per_material = Counter(t[0] for t in tiles.TILES)
    assert per_material == {"b": 16, "s": 16, "m": 16}
    assert Counter(tiles.TILES)["s3w1"] == 2 and Counter(tiles.TILES)["s3w2"] == 1


def test_a_tile_dealt_more_often_than_it_exists_is_refused():  # PZ-C-1
    cfg = config()
    cfg["tiles"] = {"supply": "b3w1", "quarries": ["b3w1", "b3w1", "m2w2", "s4w1"]}
    setup_refused("PZ-C-1", cfg)
    cfg["tiles"] = {"supply": "b3w1", "quarries": ["b3w1", "m3w1", "m2w2", "s4w1"]}
    assert pz.setup(cfg)["tiles"]["unseen"].count("b3w1") == 0


@pytest.mark.parametrize("bad", ["b6w1", "x1w1", "b1w4", "b1", 7])
def test_a_malformed_tile_is_refused(bad):  # PZ-C-1
    cfg = config()
    cfg["tiles"]["supply"] = bad
    setup_refused("PZ-C-1", cfg)


def test_knights_are_not_dealt_at_setup():  # PZ-C-2
    cfg = config()
    cfg["tiles"]["quarries"][2] = "knight"
    setup_refused("PZ-C-2", cfg)
    state = pz.setup(config())
    assert state["tiles"]["knights"] == 0 and len(state["tiles"]["unseen"]) == 43


def test_the_quarries_are_numbered_from_the_master_builders():  # PZ-C-4
    state = pz.setup(config())
    # The host lists the quarries from the master builder's (quarry 0) clockwise.
    assert state["tiles"]["quarries"] == [["s1w1"], ["m2w2"], ["b2w3"], ["s4w1"]]
    table = pz.view(state, None)["tiles"]
    assert table["quarries"][0] == ["s1w1"] and table["master_builder"] == 0
    assert table["next_auction"] == 1


@pytest.mark.parametrize("quarries", [["s1w1", "m2w2", "b2w3"], "s1w1", None])
def test_four_quarry_tiles_are_needed(quarries):  # PZ-C-4 / PZ-S-1
    cfg = config()
    cfg["tiles"]["quarries"] = quarries
    err = setup_refused("PZ-S-1", cfg)
    assert "quarry 0" in err.message


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_tiles_and_four_cards_each(players):  # PZ-S-1
    state = pz.setup(config(players))
    assert state["tiles"]["supply"] == ["b1w1"]
    assert state["tiles"]["quarries"] == [["s1w1"], ["m2w2"], ["b2w3"], ["s4w1"]]
    assert all(h["count"] == 4 for h in state["hands"].values())
    assert hands.deck_size(state) == 55 - 4 * players
    assert pz.to_act(state) == {"ann"}  # the first player listed starts


@pytest.mark.parametrize("players", [1, 5])
def test_player_counts_outside_two_to_four_are_refused(players):  # PZ-S-1
    cfg = config(2)
    cfg["players"] = [{"seat": f"s{i}", "name": f"P{i}"} for i in range(players)]
    setup_refused("PZ-S-1", cfg)


def test_duplicate_seats_and_unknown_options_are_refused():  # PZ-S-1
    cfg = config(2)
    cfg["players"][1]["seat"] = "ann"
    setup_refused("PZ-S-1", cfg)
    setup_refused("PZ-S-1", config(hands="secret"))
    err = setup_refused("PZ-H-1", config(bidding="whispered"))
    assert "'whispered'" in err.message and "sealed" in err.message


def test_private_hands_are_entered_by_every_seat_before_play():  # PZ-S-1
    state = pz.setup(config(3, hands="private"))
    assert state["phase"] == "starting_hands" and pz.to_act(state) == {"ann", "ben", "cat"}
    state = act(state, "cat", "enter_hand", cards=HANDS["cat"])
    assert pz.to_act(state) == {"ann", "ben"}
    refused("PZ-S-1", state, "cat", "enter_hand", cards=HANDS["cat"])  # only once
    state = act(state, "ann", "enter_hand", cards=HANDS["ann"])
    state = act(state, "ben", "enter_hand", cards=HANDS["ben"])
    assert state["phase"] == "turn" and pz.to_act(state) == {"ann"}
    assert state["hands"]["ann"]["cards"] == sorted(HANDS["ann"])
    assert hands.deck_size(state) == 55 - 12


def test_a_starting_hand_must_be_four_cards_that_can_exist():  # PZ-S-1
    state = pz.setup(config(2, hands="private"))
    refused("PZ-S-1", state, "ann", "enter_hand", cards=["a3", "a4", "a5"])
    state = act(state, "ann", "enter_hand", cards=["a3", "a3", "a3", "w2"])
    err = refused("PZ-S-1", state, "ben", "enter_hand", cards=["a3", "b4", "b5", "b6"])
    assert "A3" in err.message


def test_play_waits_for_private_hands():  # PZ-S-1
    state = pz.setup(config(2, hands="private"))
    refused("PZ-S-1", state, "ann", "draw_tiles", tiles=["b2w1", "b3w1"])
    assert game(2)["phase"] == "turn"


def test_players_may_bring_a_colour_for_the_screens():  # PZ-S-1
    cfg = config(2)
    cfg["players"][0]["colour"] = "blue"
    players = pz.view(pz.setup(cfg), None)["players"]
    assert [p["colour"] for p in players] == ["blue", None]
    cfg["players"][1]["colour"] = "mauve"
    assert "mauve" in setup_refused("PZ-S-1", cfg).message
