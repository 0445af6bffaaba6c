"""What each phone and the table screen see (``view``) and are offered (``legal``)."""

import json

from companion.engines import common
from companion.engines import palazzo as pz
from companion.engines.text import english

from .helpers import act, drawn, game, line, with_quarry


def test_each_seat_sees_its_own_hand_and_only_the_size_of_others():
    state = game(3)
    anna = pz.view(state, "ann")
    assert anna["players"][0]["hand"] == ["a3", "a4", "b5", "w2"]
    assert "hand" not in anna["players"][1] and anna["players"][1]["hand_size"] == 4
    table = pz.view(state, None)
    assert all("hand" not in p for p in table["players"])
    assert "c6" not in json.dumps(table) and "c6" not in json.dumps(anna)
    assert table["money"] == {"deck": 55 - 12, "discards": []}
    assert table["players"][0] == {
        "seat": "ann", "name": "Anna", "score": 0, "colour": None, "initials": "An",
        "hand_size": 4, "palaces": [],
    }


def test_views_of_one_state_share_what_every_seat_sees():
    state = game(3)
    anna, ben, table = (pz.view(state, seat) for seat in ("ann", "ben", None))
    assert anna["tiles"] is ben["tiles"] is table["tiles"] and anna["money"] is table["money"]
    assert (anna["viewer"], ben["viewer"], table["viewer"]) == ("ann", "ben", None)
    assert "hand" in anna["players"][0] and "hand" not in ben["players"][0]
    assert pz.view(common.clone(state), "ann") == anna  # another state: worked out again, alike
    assert list(anna) == list(pz.view(common.clone(state), None))  # the keys in one order


def test_the_table_view_shows_the_board_and_whose_move_it_is():
    state = drawn(game(2), "ann", "m4w1", "b5w3")
    table = pz.view(state, None)
    assert table["phase"] == "buy_or_auction" and table["to_act"] == ["ann"]
    assert table["tiles"] == {
        "supply": ["b1w1", "m4w1"], "price": 8,
        "quarries": [["s1w1"], ["m2w2"], ["b2w3"], ["b5w3", "s4w1"]],
        "master_builder": 0, "next_auction": 1, "knights": 0, "to_draw": 46, "out": 0,
    }
    assert english(table["status"]) == "Anna: buy or auction."


def test_an_open_auction_is_public():
    state = act(act(drawn(game(2), "ann", "m4w1", "b5w3"), "ann", "auction"), "ben", "raise",
                cards=["c4", "c5"])
    assert pz.view(state, None)["auction"] == {
        "tiles": ["m2w2"], "opener": "ann", "sealed": False,
        "bids": {
            "ann": {"cards": [], "value": 3, "currency": None, "opening": True},
            "ben": {"cards": ["c4", "c5"], "value": 9, "currency": "c", "opening": False},
        },
        "passed": [], "to_bid": "ann", "leader": "ben", "high": 9,
    }


def test_a_sealed_bid_hides_its_cards_and_their_number():
    state = act(drawn(game(3, bidding="sealed"), "ann", "m4w1", "b5w3"), "ann", "auction")
    state = act(state, "cat", "sealed_bid", cards=["a6", "w2"])
    for viewer in ("ann", None):
        shown = pz.view(state, viewer)
        assert shown["auction"]["submitted"] == ["cat"] and "own" not in shown["auction"]
        assert shown["players"][2]["hand_size"] == 4
        assert "a6" not in json.dumps(shown)
    assert pz.view(state, "cat")["players"][2]["hand_size"] == 2


def test_counted_hands_offer_every_card_not_visibly_placed():
    state = act(drawn(game(3, hands="counts", bidding="sealed"), "ann", "m4w1", "b5w3"),
                "ann", "auction")
    before = pz.legal(state, "ann")["actions"][0]["cards"]
    state = act(state, "cat", "sealed_bid", cards=["a6", "w2"])
    assert pz.legal(state, "ann")["actions"][0]["cards"] == before  # nothing given away


def test_legal_for_a_waiting_seat_says_who_acts():
    assert pz.legal(game(2), "ben") == common.not_due("turn", {"ann"})
    options = pz.legal(game(2), "ann")
    assert options["waiting_for"] == ["ann"]
    assert english(options["prompt"]) == "Take money, draw two tiles or reconstruct."
    sealed = act(drawn(game(3, bidding="sealed"), "ann", "m4w1", "b5w3"), "ann", "auction")
    sealed = act(sealed, "ben", "sealed_bid", cards=[])
    assert pz.legal(sealed, "ben") == common.not_due("sealed_auction", {"ann", "cat"})
    assert english(pz.view(sealed, None)["status"]) == "Waiting for sealed bids from Anna, Carla."


def test_legal_offers_the_three_turn_actions_with_their_choices():
    options = pz.legal(game(2), "ann")
    assert options["phase"] == "turn"
    take, draw = options["actions"]
    assert take == {"type": "take_money", "count": 3, "cards": take["cards"]}
    assert len(take["cards"]) == 16
    assert {"tile": "knight", "left": 5} in draw["tiles"]
    assert sum(t["left"] for t in draw["tiles"]) == 43 + 5
    assert [b["rule"] for b in options["blocked"]] == ["PZ-R-1"]  # no palace yet
    assert english(options["blocked"][0]["reason"]) == "You have no palace to rebuild."


def test_log_lines_read_naturally():
    state = game(2)
    assert line(state, "ann", "draw_tiles", tiles=["m4w1", "b5w3"]) == (
        "Anna drew marble 4 (1 window) to the supply and brick 5 (3 windows) to quarry 3"
    )
    state = drawn(state, "ann", "m4w1", "b5w3")
    assert line(state, "ann", "auction") == (
        "Anna moved the master builder on to quarry 1 and opens the auction of "
        "marble 2 (2 windows) with the value-3 certificate"
    )


def test_log_lines_number_the_quarries_from_the_master_builder():  # PZ-C-4 / PZ-T-2
    state = with_quarry(game(2), 1, [])
    state = act(drawn(state, "ann", "m4w1", "b5w3"), "ann", "auction")  # on to quarry 2
    state = act(act(state, "ben", "pass"), "ann", "build", tile="b2w3", to="new")
    # Ben draws a tile with 2 windows: it goes two quarries on from the master builder's.
    assert line(state, "ben", "draw_tiles", tiles=["s2w1", "m1w2"]) == (
        "Ben drew sandstone 2 (1 window) to the supply and marble 1 (2 windows) to quarry 2"
    )
    after = drawn(state, "ben", "s2w1", "m1w2")
    assert after["tiles"]["quarries"][2] == ["m1w2", "s1w1"]  # with the setup's quarry 0
    assert pz.view(after, None)["tiles"]["quarries"][2] == ["m1w2", "s1w1"]
    assert pz.legal(after, "ben")["actions"][-1]["quarry"] == 1  # b5w3 and s4w1
    assert line(after, "ben", "auction") == (
        "Ben moved the master builder on to quarry 1 and opens the auction of "
        "brick 5 (3 windows), sandstone 4 (1 window) with the value-3 certificate"
    )


def test_log_lines_of_a_distribution_and_of_a_sealed_reveal():
    lot = ["b3w2", "m4w3", "s5w2", "m1w1"]
    state = act(drawn(with_quarry(game(2), 1, lot), "ann", "m4w1", "b5w3"), "ann", "auction")
    state = act(state, "ann", "build", tile="m4w3", to="new")
    assert line(state, "ben", "build", tile="s5w2", to="discard") == (
        "Ben took sandstone 5 (2 windows) from the master builder's quarry and put it out of "
        "the game; the 2 tiles left there leave the game"
    )
    state = act(drawn(game(2, bidding="sealed"), "ann", "m4w1", "b5w3"), "ann", "auction")
    state = act(state, "ann", "sealed_bid", cards=["a4"])
    assert line(state, "ben", "sealed_bid", cards=[]) == (
        "Ben submitted the last sealed bid. Bids: Anna 7, Ben passed; "
        "Anna wins marble 2 (2 windows) for 7"
    )


def test_a_sealed_bid_is_logged_with_its_cards_for_its_author_only():  # PZ-H-1
    state = act(drawn(game(3, bidding="sealed"), "ann", "m4w1", "b5w3"), "ann", "auction")
    assert line(state, "cat", "sealed_bid", "cat", cards=["a6", "w2"]) == (
        "Carla submitted a sealed bid (A6, certificate 2)"
    )
    for viewer in ("ann", "ben", None):
        assert line(state, "cat", "sealed_bid", viewer, cards=["a6", "w2"]) == (
            "Carla submitted a sealed bid"
        )
