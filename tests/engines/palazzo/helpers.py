"""Arranging Palazzo situations for the rule tests."""

import pytest

from companion.engines import IllegalAction
from companion.engines import palazzo as pz
from companion.engines.common import missing, without
from companion.engines.text import english

SEATS = ("ann", "ben", "cat", "dan")
NAMES = {"ann": "Anna", "ben": "Ben", "cat": "Carla", "dan": "Dario"}
QUARRY_TILES = ["s1w1", "m2w2", "b2w3", "s4w1"]
HANDS = {
    "ann": ["a3", "a4", "b5", "w2"],
    "ben": ["b3", "c4", "c5", "w2"],
    "cat": ["a6", "b6", "c6", "w2"],
    "dan": ["a7", "b7", "c7", "c3"],
}


def config(players=2, **options):
    return {
        "players": [{"seat": s, "name": NAMES[s]} for s in SEATS[:players]],
        "tiles": {"supply": "b1w1", "quarries": list(QUARRY_TILES)},  # quarry 0 first
        **options,
    }


def game(players=2, hands="private", bidding="open", **options):
    """A game ready for the first turn; private hands are entered as in HANDS."""
    state = pz.setup(config(players, hands=hands, bidding=bidding, **options))
    if hands == "private":
        for seat in SEATS[:players]:
            state = pz.apply(state, seat, {"type": "enter_hand", "cards": HANDS[seat]})
    return state


def plus(pool, items):
    return sorted([*pool, *items])


def with_hand(state, seat, cards):
    """``seat`` now holds exactly ``cards`` (swapped with the deck, so money is conserved)."""
    hand = state["hands"][seat]
    pool = plus(state["money"]["unknown"], hand["cards"] or [])
    assert missing(pool, cards) is None, f"{cards} not available"
    state["money"]["unknown"] = without(pool, cards)
    hand.update(cards=sorted(cards), count=len(cards))
    return state


def with_palaces(state, seat, palaces):
    """``seat`` owns these palaces (tiles taken out of the unseen pool)."""
    flat = [t for p in palaces for t in p]
    assert missing(state["tiles"]["unseen"], flat) is None
    state["tiles"]["unseen"] = without(state["tiles"]["unseen"], flat)
    state["palaces"][seat] = [list(p) for p in palaces]
    return state


def act(state, seat, type_, **fields):
    return pz.apply(state, seat, {"type": type_, **fields})


def refused(rule, state, seat, type_, **fields):
    """Assert the action is refused citing ``rule``; return the error."""
    with pytest.raises(IllegalAction) as err:
        act(state, seat, type_, **fields)
    assert err.value.rule == rule, err.value
    return err.value


def drawn(state, seat, first, second):
    """The active seat draws two tiles and is asked to buy or auction (PZ-T-2)."""
    return act(state, seat, "draw_tiles", tiles=[first, second])


def with_supply(state, supply):
    """The material supply holds ``supply`` (its old tiles go back to the unseen pool)."""
    pool = plus(state["tiles"]["unseen"], state["tiles"]["supply"])
    assert missing(pool, supply) is None
    state["tiles"]["unseen"] = without(pool, supply)
    state["tiles"]["supply"] = sorted(supply)
    return state


def with_quarry(state, quarry, lot):
    """Quarry ``quarry`` (numbered from the master builder's) holds ``lot`` (its old tiles
    go back to the unseen pool)."""
    pool = plus(state["tiles"]["unseen"], state["tiles"]["quarries"][quarry])
    assert missing(pool, lot) is None
    state["tiles"]["unseen"] = without(pool, lot)
    state["tiles"]["quarries"][quarry] = sorted(lot)
    return state


def line(state, seat, type_, viewer=None, **fields):
    """The log line (in English) that ``viewer`` reads for an action."""
    action = {"type": type_, **fields}
    return english(pz.describe(state, pz.apply(state, seat, action), seat, action, viewer))
