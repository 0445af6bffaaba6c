"""The end (PZ-E-1), palace values (PZ-E-2) and the tie-break (PZ-E-3)."""

import random

import pytest

from companion.engines import common
from companion.engines import palazzo as pz
from companion.engines.palazzo import playout, scoring
from companion.engines.palazzo.scoring import palace_points
from companion.engines.text import english

from .helpers import act, game, refused, with_hand, with_palaces


@pytest.mark.parametrize("palace, points", [
    (["m3w2"], -5),  # one floor
    (["b1w3", "s4w3"], 0),  # two floors: windows do not count
    (["b1w3", "b2w3"], 0),  # ... nor does one material
    (["b1w2", "s2w1", "m5w3"], 6),  # three floors, 6 windows, mixed
    (["b1w2", "b2w1", "b3w2", "b4w2"], 13),  # 4 floors, 7 windows + 3, one material + 3
    (["b1w3", "s2w3", "m3w1", "b4w2", "s5w2"], 17),  # 5 floors, 11 windows + 6, mixed
    (["m1w1", "m2w2", "m3w1", "m4w3", "m5w1"], 20),  # 5 floors, 8 windows + 6, one material + 6
    (["s2w1", "s3w3", "s5w1"], 8),  # 3 floors, 5 windows, one material + 3
])
def test_rulebook_palace_values(palace, points):  # PZ-E-2
    assert palace_points(palace)["points"] == points


def test_mixed_materials_earn_no_bonus():  # PZ-E-2
    assert palace_points(["b1w2", "b2w1", "b3w2", "m4w2"])["points"] == 10
    assert palace_points(["b1w2", "b2w1", "b3w2", "m4w2"])["material_bonus"] == 0


def test_scores_explain_every_palace_and_add_up():  # PZ-E-2
    state = with_palaces(game(2), "ann", [["b1w2", "b2w1", "b3w2", "b4w2"], ["m3w2"]])
    result = pz.scores(state)
    assert result["totals"] == {"ann": 8, "ben": 0}
    lines = result["events"][0]["lines"]
    assert [line["points"] for line in lines] == [13, -5, 0]
    assert english(lines[0]["text"]) == (
        "Anna, palace 1: 4 floors, 7 windows + 3 = 10; all brick +3 → 13"
    )
    assert english(lines[1]["text"]) == "Anna, palace 2: one floor costs 5 → -5"
    assert english(lines[2]["text"]) == "Ben: no palaces yet"
    assert english(result["events"][0]["title"]) == "Palaces"
    assert result["events"][0]["rule"] == "PZ-E-2" and len(result["events"]) == 1
    assert result["winners"] == []  # not over yet


def test_rulebook_tip_a_reconstruction_turns_minus_5_into_8():  # PZ-E-2 / PZ-R-1
    state = with_palaces(game(2), "ann", [["s2w1", "s5w1"], ["s3w3"]])
    assert pz.scores(state)["totals"]["ann"] == -5
    state = act(state, "ann", "reconstruct", card="a3", move="insert", palace=1, into=0)
    assert pz.scores(state)["totals"]["ann"] == 8  # 13 more


def finished(state):
    state["tiles"]["knights"] = 4
    return act(state, state["active"], "draw_tiles", tiles=["knight"])


def test_the_game_ends_on_the_fifth_knight_and_names_the_winner():  # PZ-E-1
    state = with_palaces(game(2), "ben", [["b1w2", "b2w1", "b3w2"]])
    over = finished(state)
    assert pz.is_over(over) and pz.scores(over)["winners"] == ["ben"]
    err = refused("PZ-E-1", over, "ben", "take_money", cards=["a5", "b7", "c3"])
    assert "game is over" in err.message
    assert pz.legal(over, "ann") == common.not_due("over", set())


def test_a_tie_goes_to_the_largest_payment_in_hand():  # PZ-E-3
    state = with_palaces(game(2), "ann", [["b1w2", "b2w1", "b3w2"]])
    state = with_palaces(state, "ben", [["m1w2", "m2w1", "m3w2"]])
    with_hand(state, "ann", ["a7", "a7", "b7"])  # 14
    with_hand(state, "ben", ["a3", "b3", "c3"])  # a group: 15
    result = pz.scores(finished(state))
    assert result["totals"] == {"ann": 8, "ben": 8}
    assert result["winners"] == ["ben"]
    tie = result["events"][-1]
    assert tie["rule"] == "PZ-E-3" and tie["points"] == {"ann": 0, "ben": 0}
    assert english(tie["lines"][0]["text"]) == "largest single payment 14 (A7, A7)"
    assert english(tie["lines"][1]["text"]) == "largest single payment 15 (1 group)"


def test_an_equal_tie_break_shares_the_win():  # PZ-E-3
    state = with_palaces(game(2), "ann", [["b1w2"]])
    state = with_palaces(state, "ben", [["m1w2"]])
    with_hand(state, "ann", ["a7", "w2"])
    with_hand(state, "ben", ["c6", "c3"])
    assert pz.scores(finished(state))["winners"] == ["ann", "ben"]


def test_with_counted_hands_a_tie_stays_shared():  # PZ-E-3 decision
    result = pz.scores(finished(game(3, hands="counts")))
    assert result["winners"] == ["ann", "ben", "cat"]
    assert "not recorded" in english(result["events"][-1]["lines"][0]["text"])


def test_points_without_lines_agree_with_scores():  # PZ-E-2 / PZ-E-3
    """Views show ``points`` (numbers only); they must match ``scores`` move for move."""
    for seed in range(6):
        rng = random.Random(seed)
        config = playout.random_config(rng, 2 + seed % 3)
        states = []
        common.play(pz, config, rng, on_move=lambda _b, _s, _a, after: states.append(after))
        for state in states[::9] + states[-1:]:
            full = scoring.scores(state)
            assert scoring.points(state) == {"totals": full["totals"], "winners": full["winners"]}
