"""Auction rounds (FA-A, FA-2P-2, house rule FA-H-1 sealed bids) and building after them.

A round (``state["round"]``) auctions the quarters marked by the returned commission,
in visiting order, then Central Park. The current auction is ``state["auction"]``::

    {"kind": "quarter" | "central_park", "quarter", "color" (Central Park's colour),
     "opener", "order" (clockwise from the opener, the dummy third with 2 players),
     "bids": {seat: {"cards", "total", "color"}}, "passed": [...],
     "highest": {"seat", "total"} | None, "turn" (open bids), "submitted" (sealed bids),
     "full" (every lot built or shopped before the auction: closure possible, FA-X-1),
     "chooser" (sealed Central Park: who names the colour)}

Open bids go round clockwise until all but the highest bidder have passed. Sealed
bids: every bidder submits once, in any order; then all are revealed together.
"""

from .. import TABLE
from ..errors import IllegalAction
from ..text import Text, _, ngettext
from .board import (BLACK, CENTRAL_PARK, DUMMY, LOT_COLORS, build_limit, colour_text, is_empty,
                    place_text)
from . import closure, dummy, turn
from .commissions import recall_markers
from .hands import parse_card, return_to_hand, spend, take_from_hand
from .state import bidders, clockwise_from, field, name, next_seat, sealed


# --- rounds -----------------------------------------------------------------------------

def start_round(state: dict, commission: str, opener: str) -> None:
    """A commission came back to City Hall: auction its quarters, then Central Park (FA-A-1)."""
    queue = state["commissions"][commission]["markers"] + [CENTRAL_PARK]  # visiting order
    state["round"] = {"commission": commission, "opener": opener, "queue": queue}
    next_auction(state)


def next_auction(state: dict) -> None:
    """Open the next auction of the round, or end the round and resume the turn."""
    rnd = state["round"]
    if not rnd["queue"]:
        state["round"] = None
        turn.next_step(state)
        return
    place = rnd["queue"].pop(0)
    opener = rnd["opener"]
    order = clockwise_from(state, opener) + ([DUMMY] if DUMMY in bidders(state) else [])
    is_park = place == CENTRAL_PARK
    state["auction"] = {
        "kind": "central_park" if is_park else "quarter",
        "quarter": None if is_park else place,
        "color": None, "opener": opener, "order": order, "bids": {}, "passed": [],
        "highest": None, "turn": opener, "submitted": [],
        "full": False if is_park else closure.is_full(state, place),
        "chooser": opener if is_park and sealed(state) else None,
    }
    state["phase"] = "cp_color" if state["auction"]["chooser"] else "auction"


def due(state: dict) -> list[str]:
    """Bidders who must act now: the one whose turn it is, or all yet to submit (sealed)."""
    a = state["auction"]
    if state["phase"] == "cp_color":
        return [a["chooser"]]
    if sealed(state):
        return [s for s in a["order"] if s not in a["submitted"]]
    return [a["turn"]]


# --- colours (FA-A-5, FA-A-7) -------------------------------------------------------------

def own_lot(state: dict, quarter: str, seat: str):
    return next((l for l in state["quarters"][quarter]["lots"] if l["owner"] == seat), None)


def allowed_colors(state: dict, seat: str) -> tuple[list[str], str, Text]:
    """The colours ``seat`` may open with in the current auction, the rule and its reason."""
    a = state["auction"]
    if a["kind"] == "central_park":
        if a["color"]:
            return [a["color"]], "FA-A-7", _("Central Park is auctioned in {colour} (+ black).",
                                             colour=colour_text(a["color"]))
        return list(LOT_COLORS), "FA-A-7", _("The first coloured card names Central Park's colour.")
    quarter = a["quarter"]
    where = place_text(quarter)
    mine = own_lot(state, quarter, seat)
    if mine:
        return [mine["color"]], "FA-A-5", _("You have buildings on the {lot} lot of {quarter}, so "
                                            "you bid only {lot} (+ black).",
                                            lot=colour_text(mine["color"]), quarter=where)
    lots = state["quarters"][quarter]["lots"]
    empty = [l["color"] for l in lots if is_empty(l)]
    if empty:
        return empty, "FA-A-5", _("Without buildings in {quarter} you bid the colour of an empty "
                                  "lot.", quarter=where)
    shops_only = [l["color"] for l in lots
                  if l["shops"] and not l["buildings"] and l["color"] in LOT_COLORS]
    return shops_only, "FA-A-5", _("{quarter} has no empty lot: without buildings there you bid the "
                                   "colour of a shop lot, to close the quarter.", quarter=where)


def _check_colors(state: dict, seat: str, laid: list, cards: list) -> str:
    """The bid's colour; refuses mixed, missing or forbidden colours (FA-A-3, FA-A-5, FA-A-7)."""
    colours = {c["color"] for c in cards if c["color"] != BLACK}
    fixed = next((c["color"] for c in laid if c["color"] != BLACK), None)
    if fixed:
        if colours - {fixed}:
            raise IllegalAction("FA-A-3", _("You bid {colour}: add only {colour} or black cards.",
                                            colour=colour_text(fixed)), colors=sorted(colours))
        return fixed
    if not colours:
        raise IllegalAction("FA-A-3", _("The first card of your bid must be a coloured card; black "
                                        "cards only join it."), cards=cards)
    if len(colours) > 1:
        raise IllegalAction("FA-A-3", _("A bid has one colour (+ black), not {colours}.",
                                        colours=[colour_text(c) for c in sorted(colours)]),
                            colors=sorted(colours))
    colour = colours.pop()
    allowed, rule, reason = allowed_colors(state, seat)
    if colour not in allowed:
        if allowed:
            text = _("You cannot bid {colour} here; you may bid {allowed}. {reason}",
                     colour=colour_text(colour), allowed=[colour_text(c) for c in allowed],
                     reason=reason)
        else:
            text = _("You cannot bid {colour} here: no colour is possible. {reason}",
                     colour=colour_text(colour), reason=reason)
        raise IllegalAction(rule, text, color=colour, allowed=allowed)
    return colour


# --- bids and passes ----------------------------------------------------------------------

def _players_only(seat: str) -> None:
    """The table enters the dummy's draws; players' bids and passes come from their phones."""
    if seat == TABLE:
        raise IllegalAction("FA-T-1", _("The table only enters the dummy's turned cards; players bid "
                                        "and pass on their own phones."), seat=seat)


def bid(state: dict, seat: str, action: dict) -> None:
    """Lay out cards: add to one's open bid, or submit a whole sealed bid (FA-A-2, FA-A-3)."""
    _players_only(seat)
    raw = field(action, "cards", list, "FA-A-3", _("the cards of your bid"))
    if not raw:
        raise IllegalAction("FA-A-3", _("A bid lays out at least one card; to stay out, pass."))
    cards = [parse_card(c, need_value=True) for c in raw]
    a = state["auction"]
    laid = a["bids"].get(seat, {}).get("cards", [])
    colour = _check_colors(state, seat, laid, cards)
    total = sum(c["value"] for c in laid + cards)
    high = a["highest"]
    if not sealed(state) and high and total <= high["total"]:
        raise IllegalAction("FA-A-2", _("Your bid must beat {beat} ({name}); these cards make only "
                                        "{total}.", beat=high["total"], name=name(state, high["seat"]),
                                        total=total), total=total, beat=high["total"])
    played = take_from_hand(state, seat, cards)
    a["bids"][seat] = {"cards": laid + played, "total": total, "color": colour}
    if a["kind"] == "central_park" and not a["color"]:
        a["color"] = colour  # FA-A-7
    if sealed(state):
        _submitted(state, seat)
    else:
        a["highest"] = {"seat": seat, "total": total}
        _next_turn(state)


def pass_(state: dict, seat: str, action: dict) -> None:
    """Drop out of this auction, taking back one's laid-out cards (FA-A-2)."""
    _players_only(seat)
    a = state["auction"]
    a["passed"].append(seat)
    if sealed(state):
        _submitted(state, seat)
        return
    laid = a["bids"].pop(seat, None)
    if laid:
        return_to_hand(state, seat, laid["cards"])
    _next_turn(state)


def dummy_bid(state: dict, seat: str, action: dict) -> None:
    """The dummy's one fixed bid from the turned black cards (FA-2P-2), entered by the table."""
    if seat != TABLE:
        raise IllegalAction("FA-2P-2", _("The table turns and enters the dummy's cards, not a "
                                         "player."), seat=seat)
    draws = dummy.parse_draws(action)
    a = state["auction"]
    a["bids"][DUMMY] = {"cards": dummy.bid_cards(draws), "total": sum(draws), "color": BLACK}
    if sealed(state):
        _submitted(state, DUMMY)
        return
    high = a["highest"]
    if high and sum(draws) <= high["total"]:
        a["passed"].append(DUMMY)  # not above the highest bid: the dummy drops out
    else:
        a["highest"] = {"seat": DUMMY, "total": sum(draws)}
    _next_turn(state)


def _next_turn(state: dict) -> None:
    """Clockwise to the next bidder still in who is not the highest; none left: resolve."""
    a = state["auction"]
    order = a["order"]
    start = order.index(a["turn"])
    for k in range(1, len(order) + 1):
        seat = order[(start + k) % len(order)]
        if (seat in a["passed"] or (a["highest"] and a["highest"]["seat"] == seat)
                or (seat == DUMMY and DUMMY in a["bids"])):
            continue
        a["turn"] = seat
        state["phase"] = "dummy" if seat == DUMMY else "auction"
        return
    resolve(state)


def _submitted(state: dict, seat: str) -> None:
    """A sealed submission; once everyone has submitted, reveal all (FA-H-1)."""
    a = state["auction"]
    a["submitted"].append(seat)
    if len(a["submitted"]) < len(a["order"]):
        return
    best = None
    for s in a["order"]:  # clockwise from the opener: the first of tied bids wins
        b = a["bids"].get(s)
        if b and (best is None or b["total"] > best["total"]):
            best = {"seat": s, "total": b["total"]}
    a["highest"] = best
    resolve(state)


# --- Central Park's colour in sealed mode (FA-A-7, FA-H-1) -------------------------------

def choose_color(state: dict, seat: str, action: dict) -> None:
    colour = action.get("color")
    if colour not in LOT_COLORS:
        raise IllegalAction("FA-A-7", _("Name one of the lot colours {colours} for Central Park, not "
                                        "{colour}.", colours=[colour_text(c) for c in LOT_COLORS],
                                        colour=repr(colour)), color=colour)
    a = state["auction"]
    a["color"], a["chooser"] = colour, None
    state["phase"] = "auction"


def pass_choice(state: dict, seat: str, action: dict) -> None:
    """Hand the choice of Central Park's colour clockwise; if all decline, no auction."""
    a = state["auction"]
    a["chooser"] = next_seat(state, seat)
    if a["chooser"] == a["opener"]:
        a["chooser"] = None
        resolve(state)


# --- the result --------------------------------------------------------------------------

def resolve(state: dict) -> None:
    """End an auction: cards back or spent, marker home, then build, close or move on."""
    a = state["auction"]
    winner = a["highest"]["seat"] if a["highest"] else None
    for seat, b in a["bids"].items():
        if seat not in (winner, DUMMY):
            return_to_hand(state, seat, b["cards"])
    state["last_auction"] = {
        "kind": a["kind"], "quarter": a["quarter"], "color": a["color"], "opener": a["opener"],
        "order": a["order"],
        "bids": {s: {"cards": b["cards"], "total": b["total"]} for s, b in a["bids"].items()},
        "passed": list(a["passed"]), "winner": winner,
        "total": a["highest"]["total"] if winner else None,
    }
    state["auction"] = None
    if a["quarter"]:
        recall_markers(state, a["quarter"], [state["round"]["commission"]])  # FA-A-1
    if winner is None or (winner == DUMMY and a["kind"] == "central_park"):
        next_auction(state)
        return
    if winner == DUMMY:
        dummy.win_quarter(state, a["quarter"])
        if not state["end"]:
            next_auction(state)
        return
    cards = a["bids"][winner]["cards"]
    spend(state, cards)
    _offer_build(state, winner, a, build_limit(cards))


def _offer_build(state: dict, winner: str, a: dict, limit: int) -> None:
    """The winner's build step (FA-A-4, FA-A-6, FA-X-1); skipped when nothing can be done."""
    if a["kind"] == "central_park":
        offer = {"seat": winner, "kind": "central_park", "quarter": None, "color": None,
                 "limit": limit, "can_build": True, "can_close": False}
    else:
        mine = own_lot(state, a["quarter"], winner)
        offer = {"seat": winner, "kind": "quarter", "quarter": a["quarter"],
                 "color": a["bids"][winner]["color"], "limit": limit,
                 "can_build": bool(mine) or not a["full"], "can_close": a["full"]}
    state["build"] = offer
    if offer["can_close"] or build_max(state):
        state["phase"] = "build"
    else:
        state["build"] = None
        next_auction(state)


def build_max(state: dict) -> int:
    """How many buildings the winner may put up now: card limit and reserve (FA-A-4)."""
    offer = state["build"]
    if not offer["can_build"]:
        return 0
    return min(offer["limit"], state["reserve"][offer["seat"]])


def build(state: dict, seat: str, action: dict) -> None:
    """Build 0..max buildings from the reserve on the won lot or Central Park (FA-A-4, FA-A-6).

    ``lot`` may be given; it must be the lot of the bid's colour (None for Central Park).
    """
    offer = state["build"]
    count = field(action, "count", int, "FA-A-4", _("how many buildings you build"))
    if not offer["can_build"]:
        raise IllegalAction("FA-X-1", _("You have no buildings in {quarter}, which was full: as its "
                                        "winner you must close it.",
                                        quarter=place_text(offer["quarter"])),
                            quarter=offer["quarter"])
    lot = action.get("lot", offer["color"])
    if lot != offer["color"]:
        if offer["color"]:
            text = _("You won with {colour}, so you build on the {colour} lot, not on {lot}.",
                     colour=colour_text(offer["color"]), lot=repr(lot))
        else:
            text = _("You won Central Park, so you build there, not on {lot}.", lot=repr(lot))
        raise IllegalAction("FA-A-6", text, lot=lot)
    most = build_max(state)
    if not 0 <= count <= most:
        raise IllegalAction("FA-A-4", ngettext("You may build 0 to {n} building (card limit {limit}, "
                                               "reserve {reserve}), not {count}.",
                                               "You may build 0 to {n} buildings (card limit {limit}, "
                                               "reserve {reserve}), not {count}.", most,
                                               limit=offer["limit"], reserve=state["reserve"][seat],
                                               count=count), count=count, max=most)
    state["reserve"][seat] -= count
    if offer["kind"] == "central_park":
        state["central_park"][seat] += count
    elif count:
        lots = state["quarters"][offer["quarter"]]["lots"]
        lot = next(l for l in lots if l["color"] == offer["color"])
        lot["owner"] = seat
        lot["buildings"] += count
    state["build"] = None
    next_auction(state)


def close_quarter(state: dict, seat: str, action: dict) -> None:
    """The winner of a full quarter closes it (FA-X-1, FA-X-2)."""
    offer = state["build"]
    if not offer["can_close"]:
        if offer["kind"] == "central_park":
            text = _("Central Park cannot be closed: only a quarter whose lots were all built or "
                     "shopped before its auction.")
        else:
            text = _("{quarter} cannot be closed: it had an empty lot before its auction.",
                     quarter=place_text(offer["quarter"]))
        raise IllegalAction("FA-X-1", text, quarter=offer["quarter"])
    state["build"] = None
    closure.close(state, offer["quarter"], seat)
    if not state["end"]:
        next_auction(state)
