"""Shops: blocks, lots, the Central Park shelf, special scorings, the last shop (FA-SH-1..5)."""

from companion.engines.text import english

from .scenario import act, config, fa, lot, put, refused, six_lot_config, started

TWO = [{"color": "grey"}, {"color": "brown"}]


def shop_turn(state, seat, shop, quarter, colour):
    """Action B for ``seat`` up to its end (unless the game ended)."""
    state["active"] = seat
    state = act(state, seat, "place_shop", shop=shop, quarter=quarter, lot=colour)
    if state["phase"] == "take_colored":
        state = act(state, seat, "take_colored", cards=TWO)
        state = act(state, seat, "move_commission", commission="white",
                    to=fa.legal(state, seat)["actions"][0]["moves"][0]["to"])
    return state


def test_only_the_current_block_may_be_taken():
    state = started()  # display: boutique, jeweler, gallery | perfumery, boutique | ...
    err = refused(state, "s1", "place_shop", "FA-SH-1", shop="perfumery", quarter="ts", lot="grey")
    assert err.details["offered"] == ["boutique", "jeweler", "gallery"]
    refused(state, "s1", "place_shop", "FA-C-5", shop="bakery", quarter="ts", lot="grey")
    state = act(state, "s1", "place_shop", shop="gallery", quarter="ts", lot="grey")
    assert state["display"][:3] == ["boutique", "jeweler", None]
    assert state["phase"] == "take_colored"
    assert "gallery" in [s for s in state["quarters"]["ts"]["lots"][2]["shops"]]


def test_a_shop_goes_on_an_empty_lot_or_next_to_one_shop():
    state = started()
    state = act(state, "s1", "place_shop", shop="boutique",
                quarter="ts", lot="green")  # green holds a perfumery: a second shop is fine
    assert fa.view(state)["quarters"]["ts"]["lots"][1]["shops"] == ["perfumery", "boutique"]
    state = started()
    put(state, "ts", "green", shops=["perfumery", "jeweler"])
    err = refused(state, "s1", "place_shop", "FA-SH-2", shop="boutique", quarter="ts", lot="green")
    assert "two shops" in err.message
    err = refused(state, "s1", "place_shop", "FA-SH-2", shop="boutique", quarter="34w", lot="grey")
    assert "buildings" in err.message


def test_six_lot_board_dashed_lot_takes_a_second_shop():
    """FA-V-1: the dashed lot keeps its setup shop and may take a second one."""
    state = fa.setup(six_lot_config(4))
    order = list(state["placing"])  # s1, s4, s3, s2, s2, s3, s4, s1
    lots = [("34w", "grey"), ("ts", "grey"), ("42w", "grey"), ("52w", "grey"),
            ("52e", "grey"), ("42e", "grey"), ("34e", "grey"), ("42w", "brown")]
    for seat, (q, c) in zip(order, lots):
        state = act(state, seat, "place_initial_building", quarter=q, lot=c)
    state = act(state, "s1", "place_shop", shop="jeweler", quarter="ts", lot="dashed")
    assert lot(state, "ts", "dashed")["shops"] == ["perfumery", "jeweler"]


def test_the_same_type_may_share_a_lot():
    state = started()
    put(state, "ts", "grey", shops=["boutique"])
    state = act(state, "s1", "place_shop", shop="boutique", quarter="ts", lot="grey")
    assert state["quarters"]["ts"]["lots"][2]["shops"] == ["boutique", "boutique"]


def test_last_shop_of_a_block_goes_under_central_park():
    """FA-SH-3: the last shop of a block moves under Central Park."""
    state = started()
    state = shop_turn(state, "s1", "boutique", "ts", "grey")
    assert state["cp_shops"] == []
    state = shop_turn(state, "s2", "gallery", "ts", "brown")
    assert state["cp_shops"] == ["jeweler"]  # the block's last shop
    assert state["display"][:3] == [None, None, None]
    assert fa.legal(state, "s3")["actions"][1]["shops"] == ["boutique", "perfumery"]
    state = shop_turn(state, "s3", "perfumery", "ts", "violet")  # a 2-block: one placed
    assert state["cp_shops"] == ["jeweler", "boutique"]
    assert fa.view(state)["current_block"] == 2


def test_special_scoring_after_the_third_shop():
    state = started(3)
    # Anna has buildings in 34w, 42w and now Times Square and 52w; Bruno in 34w and 42w.
    put(state, "ts", "orange", owner="s1", buildings=1)
    state = shop_turn(state, "s1", "boutique", "ts", "grey")
    state = shop_turn(state, "s2", "gallery", "ts", "brown")
    assert not [e for e in state["events"] if e["kind"] == "special"]
    state = shop_turn(state, "s3", "perfumery", "ts", "violet")
    special = [e for e in state["events"] if e["kind"] == "special"]
    assert len(special) == 1 and special[0]["rule"] == "FA-SH-4"
    assert special[0]["points"] == {"s1": 4, "s2": 0, "s3": 0}
    assert state["score"]["s1"] == 4
    assert fa.view(state)["next_special"] == 6


def test_special_scorings_ask_for_more_quarters_each_time():
    state = started(3)
    for q in ["ts", "42e", "52w"]:
        put(state, q, "violet", owner="s1", buildings=1)  # s1: 5 quarters
    put(state, "ts", "brown", owner="s2", buildings=1)  # s2: 3 quarters
    state["shops_placed"] = 5
    state["display"][:8] = [None] * 8  # blocks 1-3 used up; block 4 is current
    state["display"][8:10] = ["boutique", "jeweler"]
    state = shop_turn(state, "s3", "boutique", "52e", "grey")  # the 6th shop
    event = fa.scores(state)["events"][-1]
    assert english(event["title"]) == "Special scoring after the 6th shop"
    assert event["points"] == {"s1": 6, "s2": 0, "s3": 0}
    assert [english(line["text"]) for line in event["lines"]] == [
        "Anna: buildings in 5 quarters (34th Street West, 42nd Street West, Times Square, "
        "42nd Street East, 52nd Street West) ≥ 4 → 6 VP",
        "Bruno: buildings in 3 quarters (34th Street West, 42nd Street West, Times Square) < 4 → 0 VP",
        "Carla: buildings in 2 quarters (34th Street West, 42nd Street West) < 4 → 0 VP"]
    state["shops_placed"] = 8
    state["display"][:13] = [None] * 13
    state["display"][13:15] = ["gallery", "perfumery"]
    state = shop_turn(state, "s3", "gallery", "52e", "brown")  # the 9th shop
    assert state["events"][-1]["points"] == {"s1": 8, "s2": 0, "s3": 0}


def test_central_park_is_not_a_quarter_for_special_scorings():
    state = started(3)
    state["central_park"]["s2"] = 5
    state["shops_placed"] = 2
    state["display"][:5] = [None, None, None, "perfumery", "boutique"]
    state = shop_turn(state, "s1", "boutique", "ts", "grey")
    assert state["events"][-1]["points"]["s2"] == 0


def test_the_twelfth_shop_ends_the_game_at_once():
    state = started(3)
    state["shops_placed"] = 11
    state["display"] = [None] * 18 + ["gallery", "perfumery"]
    state = act(state, "s1", "place_shop", shop="gallery", quarter="ts", lot="grey")
    assert state["cp_shops"][-1] == "perfumery"
    assert state["end"] == "shops"
    assert state["phase"] in ("over", "reveal")
    assert len(state["hands"]["s1"]) == 9  # no step 2
    err = refused(state, "s1", "take_colored", "FA-SH-5", cards=TWO)
    assert err.message == "The game is over: the last shop of the display has been placed."


def test_legal_offers_current_shops_and_free_lots():
    state = started(3)
    entry = next(a for a in fa.legal(state, "s1")["actions"] if a["type"] == "place_shop")
    assert entry["shops"] == ["boutique", "jeweler", "gallery"]
    assert {"quarter": "34w", "lot": "grey"} not in entry["lots"]  # Anna's building
    assert {"quarter": "34w", "lot": "orange"} in entry["lots"]  # one shop
    assert len(entry["lots"]) == 35 - 6


def test_b_is_blocked_when_no_lot_takes_a_shop():
    state = started(3)
    for q in fa.QUARTERS:
        for c in ["orange", "green", "grey", "brown", "violet"]:
            put(state, q, c, shops=["boutique", "boutique"])
    legal = fa.legal(state, "s1")
    assert "place_shop" not in [a["type"] for a in legal["actions"]]
    blocked = next(b for b in legal["blocked"] if b["type"] == "place_shop")
    assert blocked["rule"] == "FA-SH-2"
    assert english(blocked["reason"]) == "B is not possible: no lot can take a shop."
    assert english(legal["prompt"]) == "Choose your action: A take 3 buildings, C draw a black card."


def test_config_display_is_the_row_left_to_right():
    state = fa.setup(config(3))
    assert fa.view(state)["blocks"] == [[0, 3], [3, 5], [5, 8], [8, 10], [10, 13], [13, 15],
                                        [15, 18], [18, 20]]
