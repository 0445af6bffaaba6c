"""Building blocks for Fifth Avenue tests: a fixed table, and small ways to reach a situation.

The fixed board gives every quarter the ring orange, green, grey, brown, violet
(clockwise), so grey's neighbours are green and brown, and orange's are violet and green.
"""

import copy

import pytest

from companion.engines import TABLE, IllegalAction
from companion.engines import fifth_avenue as fa

RING = ["orange", "green", "grey", "brown", "violet"]
SEATS = ["s1", "s2", "s3", "s4"]
NAMES = ["Anna", "Bruno", "Carla", "Dieter"]
COLOURS = ["red", "yellow", "blue", "green"]
#: Setup shops: at most two per lot colour (FA-S-1).
INITIAL_SHOPS = {
    "34w": {"lot": "orange", "shop": "boutique"}, "34e": {"lot": "orange", "shop": "jeweler"},
    "42w": {"lot": "green", "shop": "gallery"}, "ts": {"lot": "green", "shop": "perfumery"},
    "42e": {"lot": "grey", "shop": "boutique"}, "52w": {"lot": "brown", "shop": "jeweler"},
    "52e": {"lot": "violet", "shop": "gallery"},
}
DISPLAY = ["boutique", "jeweler", "gallery", "perfumery"] * 5


def config(n=3, **overrides) -> dict:
    """The fixed table for ``n`` players; ``overrides`` replace config keys."""
    cfg = {
        "players": [{"seat": SEATS[i], "name": NAMES[i], "color": COLOURS[i]} for i in range(n)],
        "board": "5-lot",
        "rings": {q: list(RING) for q in fa.QUARTERS},
        "initial_shops": copy.deepcopy(INITIAL_SHOPS),
        "display": list(DISPLAY),
        "auctions": "open",
        "hands": "counts",
    }
    cfg.update(overrides)
    return cfg


def six_lot_config(n=4, **overrides) -> dict:
    return config(n, board="6-lot",
                  rings={q: RING[:2] + ["dashed"] + RING[2:] for q in fa.QUARTERS},
                  initial_shops={q: {"lot": "dashed", "shop": s["shop"]}
                                 for q, s in INITIAL_SHOPS.items()}, **overrides)


def act(state, seat, kind, **fields):
    """``apply`` with the action written as keyword arguments."""
    return fa.apply(state, seat, {"type": kind, **fields})


def refused(state, seat, kind, rule, **fields) -> IllegalAction:
    """Assert that the action is refused citing ``rule``; return the refusal."""
    with pytest.raises(IllegalAction) as err:
        act(state, seat, kind, **fields)
    assert err.value.rule == rule, err.value
    return err.value


def started(n=3, **overrides) -> dict:
    """A game after the initial placement: first round in 34th Street West (grey, brown,
    violet, green), second round in 42nd Street West (grey, brown, violet, orange)."""
    state = fa.setup(config(n, **overrides))
    first, second = ["grey", "brown", "violet", "green"], ["grey", "brown", "violet", "orange"]
    lots = [("34w", c) for c in first[:n]] + [("42w", c) for c in second[:n]]
    for quarter, colour in lots:
        state = act(state, state["placing"][0], "place_initial_building", quarter=quarter, lot=colour)
    assert state["phase"] == "choose"
    return state


def lot(state, quarter, colour) -> dict:
    """The lot dict inside ``state`` (tests edit it to set up a situation)."""
    return next(l for l in state["quarters"][quarter]["lots"] if l["color"] == colour)


def put(state, quarter, colour, owner=None, buildings=0, shops=()):
    """Set a lot's contents directly."""
    lot(state, quarter, colour).update(owner=owner, buildings=buildings, shops=list(shops))
    return state


def clear(state, quarter):
    for colour in RING:
        put(state, quarter, colour)
    return state


def hand(state, seat, *cards):
    """Give ``seat`` exactly these cards: ("grey", 4), ("black", 6), ..."""
    state["hands"][seat] = [{"color": c, "value": v} for c, v in cards]
    return state


def in_auction(state, quarters=(), opener="s1", commission="white") -> dict:
    """Start an auction round as if ``opener`` had just returned ``commission`` from
    Central Park, with its markers on ``quarters``."""
    state = copy.deepcopy(state)
    state["commissions"][commission] = {"at": "central_park", "markers": list(quarters)}
    state["active"] = opener
    state = act(state, opener, "take_black")
    return act(state, opener, "move_commission", commission=commission, to="city_hall")


def pass_all(state, *seats):
    for seat in seats:
        state = act(state, seat, "pass")
    return state


__all__ = ["TABLE", "fa", "act", "refused", "started", "config", "six_lot_config", "lot", "put",
           "clear", "hand", "in_auction", "pass_all", "RING"]
