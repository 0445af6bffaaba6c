"""Auctions of a quarry (PZ-A): the master builder's move, open bidding, the sealed-bid
house rule (PZ-H-1) and the distribution of 4 or more tiles.

The master builder moves on to the next quarry holding tiles (``next_quarry``, a
number counted from where he stands); that quarry becomes quarry 0, and its tiles are
auctioned or, with 4 or more, distributed. An open auction keeps each bidder's laid-out
cards in ``auction.bids[seat]``: ``{"cards", "groups", "currency", "value",
"opening"}``; the opener's bid starts as the value-3 opening certificate
(``"opening": true``, value 3, no cards). A sealed auction collects one secret payment
per seat in ``auction.bids`` and settles when all are in.
"""

from ..errors import IllegalAction
from ..text import _
from . import hands, money, tiles
from .state import clockwise, next_among, seats
from .turn import end_turn

DISTRIBUTION_AT = 4


def next_quarry(state):
    """PZ-A-1: the number of the first quarry clockwise after the master builder's that
    holds a tile; his own (0) comes last, after a full circle; None if all are empty."""
    quarries = state["tiles"]["quarries"]
    return next((n % tiles.QUARRIES for n in range(1, tiles.QUARRIES + 1)
                 if quarries[n % tiles.QUARRIES]), None)


def move_master_builder(state, steps: int) -> None:
    """The master builder moves ``steps`` quarries clockwise: the numbers follow him."""
    pile = state["tiles"]
    pile["quarries"] = pile["quarries"][steps:] + pile["quarries"][:steps]
    pile["master_builder"] = (pile["master_builder"] + steps) % tiles.QUARRIES


def start(state, seat, action) -> None:
    """The active player chose to auction: move the master builder, then auction or deal."""
    quarry = next_quarry(state)
    if "quarry" in action and action["quarry"] != quarry:  # a phone may confirm the quarry
        if quarry is None:
            text = _("Every quarry is empty, so the master builder has nowhere to move; you "
                     "named quarry {named}.", named=repr(action["quarry"]))
        else:
            text = _("The master builder moves on to the next quarry holding tiles, quarry "
                     "{quarry}, not the quarry {named} you named.", quarry=quarry,
                     named=repr(action["quarry"]))
        raise IllegalAction("PZ-A-1", text, quarry=action["quarry"], expected=quarry)
    if quarry is None:  # PZ-A-1 decision: nothing to auction, the turn simply ends
        end_turn(state)
        return
    move_master_builder(state, quarry)
    if len(state["tiles"]["quarries"][0]) >= DISTRIBUTION_AT:
        state["distribution"] = {"order": clockwise(state, seat)}
        state["phase"] = "distribute"
        return
    sealed = state["options"]["bidding"] == "sealed"
    state["auction"] = {
        "opener": seat,
        "bids": {} if sealed else {seat: _bid(money.OPENING_BID, opening=True)},
        "passed": [],
        "to_bid": None if sealed else next_among(state, seat, seats(state)),
        "leader": seat,
    }
    state["phase"] = "sealed_auction" if sealed else "open_auction"


def _bid(value=0, opening=False) -> dict:
    return {"cards": [], "groups": [], "currency": None, "value": value, "opening": opening}


def high_bid(auction) -> int:
    return auction["bids"][auction["leader"]]["value"]


def raise_bid(state, seat, action) -> None:
    """PZ-A-3: add cards to your laid-out bid, keeping its currency, to beat the highest."""
    auction = state["auction"]
    bid = auction["bids"].setdefault(seat, _bid())
    payment = hands.pay(state, seat, action, "PZ-A-3", currency=bid["currency"])
    total = bid["value"] + payment["value"]
    if total <= high_bid(auction):
        raise IllegalAction(
            "PZ-A-3",
            _("Your {cards} add {added}, making {total}: not above the highest bid, {high}.",
              cards=money.labels(payment["cards"]), added=payment["value"], total=total,
              high=high_bid(auction)),
            total=total,
            high=high_bid(auction),
        )
    bid["cards"] = sorted(bid["cards"] + payment["cards"])
    bid["groups"] += payment["groups"]
    bid["currency"] = bid["currency"] or payment["currency"]
    bid["value"] = total
    auction["leader"] = seat
    auction["to_bid"] = next_among(state, seat, _bidders(state))


def _bidders(state) -> list:
    return [s for s in seats(state) if s not in state["auction"]["passed"]]


def pass_bid(state, seat, action) -> None:
    """PZ-A-3: passing is final; the passer takes back every card laid out."""
    auction = state["auction"]
    bid = auction["bids"].pop(seat, None)
    if bid:
        hands.give(state, seat, bid["cards"])
    auction["passed"].append(seat)
    bidders = _bidders(state)
    if len(bidders) == 1:
        _win(state, bidders[0])
    else:
        auction["to_bid"] = next_among(state, seat, bidders)


def sealed_bid(state, seat, action) -> None:
    """PZ-H-1: one secret payment per seat (none = pass); settled when all are in."""
    auction = state["auction"]
    payment = hands.pay(state, seat, action, "PZ-H-1", allow_empty=True)
    opening = seat == auction["opener"]
    bid = _bid(payment["value"] + (money.OPENING_BID if opening else 0), opening)
    bid.update(cards=payment["cards"], groups=payment["groups"], currency=payment["currency"])
    auction["bids"][seat] = bid
    if len(auction["bids"]) < len(state["players"]):
        return
    order = clockwise(state, auction["opener"])
    winner = sealed_winner(auction["bids"], order)
    for other in order:
        if other != winner:
            hands.give(state, other, auction["bids"].pop(other)["cards"])
    _win(state, winner)


def sealed_winner(bids: dict, order: list) -> str:
    """Highest total wins; a tie goes to the first tied seat clockwise from the opener."""
    best = max(bids[s]["value"] for s in order)
    return next(s for s in order if bids[s]["value"] == best)


def _win(state, seat) -> None:
    """PZ-A-4: the winner pays what is laid out (never the opening certificate), takes
    every tile of the master builder's quarry and builds them."""
    bid = state["auction"]["bids"][seat]
    hands.discard(state, bid["cards"])
    won, state["tiles"]["quarries"][0] = state["tiles"]["quarries"][0], []
    state["auction"] = None
    state["acquired"] = {"seat": seat, "tiles": won, "paid": bid["value"]}
    state["phase"] = "build"
