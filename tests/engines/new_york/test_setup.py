"""Setup (NY-S) and the two-player deck (NY-2P-1)."""

from companion.engines import new_york as ny

from .helpers import config2, config3, refused, tile


def test_each_player_gets_a_start_tile_and_the_market_is_filled_blue_to_red():
    state = ny.setup(config3())
    assert all(list(c) == ["0,0"] for c in state["cities"].values())
    assert state["market"] == config3()["market"]
    assert sum(state["out_of_bag"].values()) == 4
    assert ny.view(state, None)["bag_size"] == 50


def test_the_market_needs_four_tiles_from_the_bag():
    refused("NY-S-1", ny.setup, config3(market=config3()["market"][:3]))
    refused("NY-C-4", ny.setup, config3(market=[tile("park", 3)] * 4))


def test_start_money_is_dealt_until_it_reaches_20():
    # 9 + 9 + 1 + 3 = 22: the 3 can have come last after 19
    ny.setup(config3(start_money={**config3()["start_money"],
                                  "a": [["blue", 9], ["red", 9], ["green", 1], ["green", 3]]}))
    short = {**config3()["start_money"], "a": [["blue", 9], ["red", 9], ["green", 1]]}
    error = refused("NY-S-2", ny.setup, config3(start_money=short))
    assert "19" in error.message
    # five 5s: whichever came last, the first four already made 20
    fives = [[bank, 5] for bank in ("blue", "green", "yellow", "red", "blue")]
    refused("NY-S-2", ny.setup, config3(start_money={**config3()["start_money"], "a": fives}))
    refused("NY-S-2", ny.setup, config3(start_money={"a": config3()["start_money"]["a"]}))


def test_the_start_player_has_fewest_cards_then_lowest_total():
    assert ny.setup(config3())["active"] == "a"  # 3 cards, 20
    assert ny.setup(config3(start_player="a"))["active"] == "a"
    error = refused("NY-S-3", ny.setup, config3(start_player="c"))  # 4 cards
    assert error.details["allowed"] == ["a"]
    refused("NY-S-3", ny.setup, config3(start_player="b"))  # 3 cards but 21


def test_a_tie_on_cards_and_total_is_settled_by_the_youngest():
    money = {**config3()["start_money"], "b": [["blue", 8], ["red", 8], ["green", 4]]}
    error = refused("NY-S-3", ny.setup, config3(start_money=money))
    assert error.details["allowed"] == ["a", "b"]
    assert ny.setup(config3(start_money=money, start_player="b"))["active"] == "b"


def test_four_money_cards_are_face_up():
    assert ny.setup(config3())["display"] == config3()["money_display"]
    refused("NY-S-4", ny.setup, config3(money_display=[["blue", 1]]))
    refused("NY-S-4", ny.setup, config3(money_display=["A", ["blue", 1], ["green", 2], ["red", 4]]))


def test_two_players_use_two_of_each_card():
    state = ny.setup(config2())
    assert state["two_player"]
    assert ny.view(state, None)["deck_size"] == 72 + 2 - 6 - 4  # with A and B, minus hands and display
    display = [["blue", 9], ["blue", 9], ["green", 2], ["red", 4]]  # Anna holds a blue 9 too
    error = refused("NY-2P-1", ny.setup, config2(money_display=display))
    assert "two players" in error.message
    ny.setup(config3(money_display=display))  # with three players a third blue 9 exists
