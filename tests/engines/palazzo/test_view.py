"""What each phone and the table screen see (``view``) and are offered (``legal``)."""

import json

from companion.engines import palazzo as pz

from .helpers import act, drawn, game, with_quarry


def test_each_seat_sees_its_own_hand_and_only_the_size_of_others():
    state = game(3)
    anna = pz.view(state, "ann")
    assert anna["players"][0]["hand"] == ["a3", "a4", "b5", "w2"]
    assert "hand" not in anna["players"][1] and anna["players"][1]["hand_size"] == 4
    table = pz.view(state, None)
    assert all("hand" not in p for p in table["players"])
    assert "c6" not in json.dumps(table) and "c6" not in json.dumps(anna)
    assert table["money"] == {"deck": 55 - 12, "discards": []}


def test_the_table_view_shows_the_board_and_whose_move_it_is():
    state = drawn(game(2), "ann", "m4w1", "b5w3")
    table = pz.view(state, None)
    assert table["step"] == "choose" and table["to_act"] == ["ann"]
    assert table["tiles"] == {
        "supply": ["b1w1", "m4w1"], "price": 8,
        "quarries": [["s1w1"], ["m2w2"], ["b2w3"], ["b5w3", "s4w1"]],
        "master_builder": 0, "next_auction": 1, "knights": 0, "left": 46, "out": 0,
    }
    assert table["prompt"] == "Now Anna must buy or auction."


def test_an_open_auction_is_public():
    state = act(act(drawn(game(2), "ann", "m4w1", "b5w3"), "ann", "auction"), "ben", "raise",
                cards=["c4", "c5"])
    assert pz.view(state, None)["auction"] == {
        "quarry": 1, "tiles": ["m2w2"], "opener": "ann", "sealed": False,
        "bids": {
            "ann": {"cards": [], "value": 3, "currency": None, "opening": True},
            "ben": {"cards": ["c4", "c5"], "value": 9, "currency": "c", "opening": False},
        },
        "passed": [], "turn": "ann", "leader": "ben", "high": 9,
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
    assert pz.legal(game(2), "ben") == {
        "step": "turn",
        "prompt": "Now Anna must take money, draw two tiles or reconstruct.",
        "actions": [],
        "blocked": [{"type": "*", "rule": "PZ-S-1",
                     "reason": "Now Anna must take money, draw two tiles or reconstruct."}],
    }


def test_legal_offers_the_three_turn_actions_with_their_choices():
    options = pz.legal(game(2), "ann")
    assert options["step"] == "turn"
    take, draw = options["actions"]
    assert take == {"type": "take_money", "count": 3, "cards": take["cards"]}
    assert len(take["cards"]) == 16
    assert {"tile": "knight", "left": 5} in draw["tiles"]
    assert sum(t["left"] for t in draw["tiles"]) == 43 + 5
    assert [b["rule"] for b in options["blocked"]] == ["PZ-R-1"]  # no palace yet


def test_log_lines_read_naturally():
    state = game(2)
    assert pz.describe(state, "ann", {"type": "draw_tiles", "tiles": ["m4w1", "b5w3"]}) == (
        "Anna drew marble 4 (1 window) to the supply and brick 5 (3 windows) to quarry 3"
    )
    state = drawn(state, "ann", "m4w1", "b5w3")
    assert pz.describe(state, "ann", {"type": "auction"}) == (
        "Anna moved the master builder to quarry 1 and opens the auction of "
        "marble 2 (2 windows) with the value-3 certificate"
    )


def test_log_lines_of_a_distribution_and_of_a_sealed_reveal():
    lot = ["b3w2", "m4w3", "s5w2", "m1w1"]
    state = act(drawn(with_quarry(game(2), 1, lot), "ann", "m4w1", "b5w3"), "ann", "auction")
    state = act(state, "ann", "build", tile="m4w3", to="new")
    assert pz.describe(state, "ben", {"type": "build", "tile": "s5w2", "to": "discard"}) == (
        "Ben took sandstone 5 (2 windows) from quarry 1 and put it out of the game; "
        "the 2 tile(s) left there leave the game"
    )
    state = act(drawn(game(2, bidding="sealed"), "ann", "m4w1", "b5w3"), "ann", "auction")
    state = act(state, "ann", "sealed_bid", cards=["a4"])
    assert pz.describe(state, "ben", {"type": "sealed_bid", "cards": []}, None) == (
        "Ben submitted the last sealed bid. Bids: Anna 7, Ben passed; "
        "Anna wins marble 2 (2 windows) for 7"
    )
