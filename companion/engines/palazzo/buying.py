"""Buying from the material supply (PZ-B-1, PZ-B-2), paid without change (PZ-P-3)."""

from ..common import missing, without
from ..errors import IllegalAction
from ..text import _, ngettext
from . import hands, money, tiles
from .state import field

MAX_PRICE = 10
MAX_BUY = 2


def price(state) -> int:
    """PZ-B-1: each tile costs 10 minus the number of tiles on the supply (never below 0)."""
    return max(0, MAX_PRICE - len(state["tiles"]["supply"]))


def can_afford_one(state, seat) -> bool:
    """PZ-B-2 as far as the engine can tell (a counted hand is trusted while not empty)."""
    cards = hands.cards_of(state, seat)
    if cards is None:
        return hands.hand_size(state, seat) > 0 or price(state) == 0
    return money.largest_payment(cards)["value"] >= price(state)


def why_not(state, seat):
    """``(rule, reason)`` why ``seat`` may not buy now, or None."""
    if not state["tiles"]["supply"]:
        return "PZ-B-1", _("The material supply is empty: auction instead.")
    if not can_afford_one(state, seat):
        return "PZ-B-2", _("Your cards cannot pay even one tile at {price}: auction instead.",
                           price=price(state))
    return None


def buy(state, seat, action) -> None:
    blocked = why_not(state, seat)
    if blocked:
        raise IllegalAction(*blocked, price=price(state))
    supply = state["tiles"]["supply"]
    bought = field(action, "tiles", list, "PZ-B-1", "['b2w1']")
    if not 1 <= len(bought) <= MAX_BUY:
        raise IllegalAction(
            "PZ-B-1", _("Buy one or two tiles, not {count}.", count=len(bought)), tiles=bought
        )
    for tile in bought:
        tiles.parse(tile)
    tile = missing(supply, bought)
    if tile is not None:
        raise IllegalAction(
            "PZ-B-1",
            _("You can buy only from the material supply, and {tile} is not on it.",
              tile=tiles.label(tile)),
            tile=tile,
        )
    cost = price(state) * len(bought)
    payment = hands.pay(state, seat, action, "PZ-B-1", allow_empty=cost == 0)
    if payment["value"] < cost:
        raise IllegalAction(
            "PZ-B-1",
            ngettext("{n} tile at {price} costs {cost}; your {cards} pay only {value}.",
                     "{n} tiles at {price} cost {cost}; your {cards} pay only {value}.",
                     len(bought), price=price(state), cost=cost,
                     cards=money.labels(payment["cards"]), value=payment["value"]),
            cost=cost,
            value=payment["value"],
        )
    hands.discard(state, payment["cards"])
    state["tiles"]["supply"] = without(supply, bought)
    state["acquired"] = {"seat": seat, "tiles": sorted(bought), "paid": payment["value"]}
    state["phase"] = "build"
