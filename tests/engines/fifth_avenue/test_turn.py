"""The turn: actions A-D and their steps (FA-T-1, FA-T-2, FA-T-3)."""

from .scenario import act, fa, hand, in_auction, pass_all, refused, started

TWO = [{"color": "grey"}, {"color": "brown"}]


def test_a_takes_three_buildings_then_cards_then_a_move():
    state = act(started(), "s1", "take_buildings")
    assert state["reserve"]["s1"] == 6 and state["supply"]["s1"] == 9
    assert state["phase"] == "take_colored"
    refused(state, "s1", "move_commission", "FA-T-1", commission="white", to="34w")
    state = act(state, "s1", "take_colored", cards=TWO)
    assert state["phase"] == "move_commission"
    assert len(state["hands"]["s1"]) == 11


def test_a_with_a_small_supply_takes_what_is_left():
    state = started()
    state["supply"]["s1"] = 2
    state = act(state, "s1", "take_buildings")
    assert state["reserve"]["s1"] == 5 and state["supply"]["s1"] == 0
    state = act(state, "s1", "take_colored", cards=TWO)
    state = act(state, "s1", "move_commission", commission="white", to="34w")
    state["active"] = "s1"  # back to Anna: A is still possible with an empty supply
    state = act(state, "s1", "take_buildings")
    assert state["reserve"]["s1"] == 5


def test_choose_step_accepts_only_the_first_step_of_a_to_d():
    state = started()
    err = refused(state, "s1", "take_colored", "FA-T-1", cards=TWO)
    assert err.details["phase"] == "choose"
    assert err.message == "take coloured cards is not possible at this point of the game."
    assert [a["type"] for a in fa.legal(state, "s1")["actions"]] == [
        "take_buildings", "place_shop", "take_black"]
    refused(state, "s1", "fly", "FA-T-1")
    refused(state, "s1", None, "FA-T-1")


def test_c_draws_a_black_card_then_moves_then_takes_cards_then_moves():
    state = act(started(), "s1", "take_black")
    assert len(state["hands"]["s1"]) == 10 and state["piles"]["black"] == 50 - 12 - 1
    assert state["phase"] == "move_commission"
    state = act(state, "s1", "move_commission", commission="white", to="34w")
    assert state["phase"] == "take_colored"
    state = act(state, "s1", "take_colored", cards=TWO)
    state = act(state, "s1", "move_commission", commission="beige", to="34e")
    assert state["active"] == "s2" and state["phase"] == "choose"
    assert state["commissions"]["white"]["at"] == "34w"


def test_c_step_1_auction_interrupts_and_the_turn_resumes_after():
    state = in_auction(started(), quarters=["34w"], opener="s1")
    assert state["phase"] == "auction" and state["auction"]["quarter"] == "34w"
    state = pass_all(state, "s1", "s2", "s3")  # 34w
    state = pass_all(state, "s1", "s2", "s3")  # Central Park
    assert state["round"] is None
    assert state["phase"] == "take_colored" and state["active"] == "s1"
    state = act(state, "s1", "take_colored", cards=TWO)
    assert state["phase"] == "move_commission"


def test_step_3_auction_ends_the_turn_after_the_round():
    state = started()
    state["commissions"]["white"] = {"at": "central_park", "markers": []}
    state = act(state, "s1", "take_buildings")
    state = act(state, "s1", "take_colored", cards=TWO)
    state = act(state, "s1", "move_commission", commission="white", to="city_hall")
    assert state["auction"]["kind"] == "central_park"
    state = pass_all(state, "s1", "s2", "s3")
    assert state["active"] == "s2" and state["phase"] == "choose"


def test_d_scores_then_draws_black_cards_then_moves():
    state = started()
    state["commissions"]["white"]["at"] = "34w"
    state = act(state, "s1", "score_quarter", quarter="34w")
    # Everyone has a building in 34th Street West: only the active player's two cards.
    assert [len(state["hands"][s]) for s in ["s1", "s2", "s3"]] == [11, 9, 9]
    assert state["phase"] == "move_commission"
    state = act(state, "s1", "move_commission", commission="white", to="ts")
    assert state["active"] == "s2"


def test_d_players_without_buildings_there_draw_one_the_active_one_too():
    state = started()
    state["commissions"]["beige"]["at"] = "ts"  # nobody has a building in Times Square
    state["active"] = "s2"
    state = act(state, "s2", "score_quarter", quarter="ts")
    assert [len(state["hands"][s]) for s in ["s1", "s2", "s3"]] == [10, 12, 10]


def test_two_coloured_cards_of_two_different_piles():
    state = act(started(), "s1", "take_buildings")
    err = refused(state, "s1", "take_colored", "FA-T-2", cards=[{"color": "grey"}, {"color": "grey"}])
    assert "different piles" in err.message
    refused(state, "s1", "take_colored", "FA-T-2", cards=[{"color": "grey"}])
    refused(state, "s1", "take_colored", "FA-T-2", cards=[{"color": "grey"}, {"color": "black"}])
    refused(state, "s1", "take_colored", "FA-C-4", cards=[{"color": "grey"}, {"color": "pink"}])
    refused(state, "s1", "take_colored", "FA-T-2", cards="grey and brown")
    state = act(state, "s1", "take_colored", cards=TWO)
    assert state["piles"]["grey"] == 8 and state["piles"]["brown"] == 8


def test_empty_coloured_piles_are_not_reshuffled():
    state = act(started(), "s1", "take_buildings")
    state["piles"]["grey"] = 0
    err = refused(state, "s1", "take_colored", "FA-T-3", cards=TWO)
    assert err.details["color"] == "grey"
    assert "grey" not in fa.legal(state, "s1")["actions"][0]["colors"]


def test_one_pile_left_gives_one_card_none_left_skips_the_step():
    state = act(started(), "s1", "take_buildings")
    for colour in ["orange", "green", "grey", "violet"]:
        state["piles"][colour] = 0
    assert fa.legal(state, "s1")["actions"][0]["count"] == 1
    after = act(state, "s1", "take_colored", cards=[{"color": "brown"}])
    assert after["piles"]["brown"] == 8 and after["phase"] == "move_commission"
    state = started()
    for colour in ["orange", "green", "grey", "brown", "violet"]:
        state["piles"][colour] = 0
    state = act(state, "s1", "take_buildings")
    assert state["phase"] == "move_commission"


def test_no_hand_limit_and_an_empty_black_pile_draws_nothing():
    state = started()
    hand(state, "s1", *[("black", 4)] * 30)
    state["piles"]["black"] = 0
    state = act(state, "s1", "take_black")
    assert len(state["hands"]["s1"]) == 30 and state["phase"] == "move_commission"


def test_spent_cards_go_under_their_piles():
    state = started()
    hand(state, "s1", ("grey", 4), ("black", 6))
    state = in_auction(state, quarters=["34w"], opener="s1")
    piles = dict(state["piles"])
    state = act(state, "s1", "bid", cards=[{"color": "grey", "value": 4}, {"color": "black", "value": 6}])
    state = pass_all(state, "s2", "s3")
    assert state["piles"]["grey"] == piles["grey"] + 1
    assert state["piles"]["black"] == piles["black"] + 1
