"""Money cards and payments (PZ-C-3, PZ-P-1 … PZ-P-4)."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engines import IllegalAction
from companion.engines.palazzo import money

from .helpers import act, game, refused


def test_the_deck_has_55_cards_in_three_currencies_and_ten_certificates():  # PZ-C-3
    deck = Counter(money.DECK)
    assert sum(deck.values()) == 55
    assert deck["w2"] == 10
    for currency in "abc":
        assert [deck[f"{currency}{v}"] for v in range(3, 8)] == [3, 3, 3, 3, 3]


@pytest.mark.parametrize("card", ["d5", "a8", "a2", "w3", 5, None])
def test_something_that_is_no_money_card_is_refused(card):  # PZ-C-3
    with pytest.raises(IllegalAction) as err:
        money.decompose(["a3", card])
    assert err.value.rule == "PZ-C-3"


def test_loose_cards_of_one_currency_with_certificates_pay_their_face_value():  # PZ-P-1
    payment = money.decompose(["a3", "a7", "w2"])
    assert (payment["value"], payment["currency"], payment["groups"]) == (12, "a", [])


def test_loose_cards_of_two_currencies_are_refused():  # PZ-P-1
    with pytest.raises(IllegalAction) as err:
        money.decompose(["a3", "b4", "w2"])
    assert err.value.rule == "PZ-P-1"
    assert "A3" in err.value.message and "B4" in err.value.message


def test_cards_that_no_grouping_makes_single_currency_are_refused_naming_them():  # PZ-P-1
    with pytest.raises(IllegalAction) as err:
        money.decompose(["a4", "b4", "c4", "b5", "c5"])
    assert err.value.rule == "PZ-P-1"
    assert "B5" in err.value.message and "A4" not in err.value.message


def test_a_group_of_one_value_in_three_currencies_is_worth_15():  # PZ-P-2
    assert money.decompose(["a7", "b7", "c7"])["value"] == 15
    assert money.decompose(["a3", "b3", "c3"])["value"] == 15
    assert money.decompose(["w2", "w2", "w2"])["value"] == 15


def test_three_cards_of_one_value_in_one_currency_are_no_group():  # PZ-P-2
    assert money.decompose(["a4", "a4", "a4"]) == {
        "value": 12, "groups": [], "loose": ["a4", "a4", "a4"], "currency": "a"
    }
    with pytest.raises(IllegalAction) as err:
        money.decompose(["a4", "a4", "a4"], groups=[["a4", "a4", "a4"]])
    assert err.value.rule == "PZ-P-2"


def test_a_declared_group_must_be_three_cards_of_the_payment():  # PZ-P-2
    for groups in ([["w2", "w2"]], [["a4", "b4", "c4"]], [["a4", "b4", "b5"]]):
        with pytest.raises(IllegalAction) as err:
            money.decompose(["w2", "w2", "a4", "b4", "b5"], groups=groups)
        assert err.value.rule == "PZ-P-2"


def test_groups_and_loose_cards_combine_into_one_payment():  # PZ-P-4
    payment = money.decompose(["a4", "b4", "c4", "w2", "w2", "w2", "b6", "w2"])
    assert payment["value"] == 15 + 15 + 6 + 2
    assert payment["groups"] == [["a4", "b4", "c4"], ["w2", "w2", "w2"]]
    assert payment["loose"] == ["b6", "w2"]
    assert payment["currency"] == "b"


def test_the_declared_decomposition_is_used_otherwise_the_most_valuable():  # PZ-P-4
    cards = ["w2", "w2", "w2", "a5"]
    assert money.decompose(cards)["value"] == 20
    assert money.decompose(cards, groups=[])["value"] == 11


def test_a_forced_currency_refuses_other_loose_cards():  # PZ-P-1
    assert money.decompose(["b5", "w2"], currency="b")["value"] == 7
    with pytest.raises(IllegalAction) as err:
        money.decompose(["b5", "w2"], currency="a")
    assert err.value.rule == "PZ-P-1"


def _brute_force_largest(hand):
    best = 0
    for size in range(len(hand) + 1):
        for chosen in combinations(hand, size):
            try:
                best = max(best, money.decompose(list(chosen))["value"])
            except IllegalAction:
                pass
    return best


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(money.KINDS), max_size=9))
def test_largest_payment_equals_the_best_of_every_subset(hand):  # PZ-E-3 / PZ-P
    assert money.largest_payment(hand)["value"] == _brute_force_largest(hand)


def test_largest_payment_forms_groups_and_picks_the_richest_currency():  # PZ-E-3
    hand = ["a4", "b4", "c4", "a7", "a7", "b5", "b6", "b6", "w2"]
    payment = money.largest_payment(hand)
    assert payment["value"] == 15 + (5 + 6 + 6) + 2  # B5 B6 B6 = 17 beat A7 A7 = 14
    assert payment["groups"] == [["a4", "b4", "c4"]]
    assert money.largest_payment(hand, "a")["value"] == 15 + 14 + 2


def test_a_card_that_does_not_exist_is_refused_in_any_action():  # PZ-C-3
    err = refused("PZ-C-3", game(2), "ann", "take_money", cards=["a5", "d5", "b3"])
    assert err.message.startswith("'d5' is not a money card")
    act(game(2), "ann", "take_money", cards=["a5", "c7", "b3"])
