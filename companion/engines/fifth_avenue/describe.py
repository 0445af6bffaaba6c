"""One log line per action, hiding what the viewer may not see (FA-H-1, FA-H-2).

``LINES`` holds a line template per action type; each reads the state before and
after the move (never re-applying it). What the move settled follows as further
sentences: an auction's result (all bids, once sealed ones are revealed), special
scorings, the dummy's closures, the game's end.

Hidden: a drawn black card's value from everyone but its owner; a sealed submission
(bid or pass) from everyone but its author until the bids are revealed.
"""

from functools import reduce

from .. import common
from ..text import Text, _, ngettext
from .board import CITY_HALL, DUMMY, colour_text, commission_text, place_text, shop_text
from .hands import card_text
from .scoring import title
from .state import name, sealed


def describe(before: dict, after: dict, seat, action: dict, viewer) -> Text | None:
    """The log line of ``seat`` doing ``action``, e.g. "Anna chose B and placed a jeweler on
    the grey lot of Times Square." Secrets are shown only to the viewer allowed to see them."""
    line = LINES[action["type"]](before, after, seat, action, viewer)
    return reduce(lambda first, then: _("{first} {then}", first=first, then=then),
                  [line, *_results(before, after)])


def _lot(action: dict) -> dict:
    return {"lot": colour_text(action["lot"]), "quarter": place_text(action["quarter"])}


def _points(state: dict, event: dict):
    scored = [_("{name} {points}", name=name(state, s), points=p) for s, p in event["points"].items()]
    return scored or _("nobody scores")


def _new_events(before: dict, after: dict, kind: str) -> list[dict]:
    return [e for e in after["events"][len(before["events"]):] if e["kind"] == kind]


def _settled(before: dict, after: dict) -> bool:
    """Whether the move ended the auction under way (its result is now ``last_auction``)."""
    a, now = before["auction"], after["auction"]
    return a is not None and (now is None or (now["kind"], now["quarter"]) != (a["kind"], a["quarter"]))


def _hidden(before: dict, after: dict, seat, viewer) -> bool:
    """A sealed submission stays hidden from others until the one that reveals all."""
    return sealed(before) and viewer != seat and not _settled(before, after)


def _auction_place(auction: dict) -> Text:
    return _("Central Park") if auction["kind"] == "central_park" else place_text(auction["quarter"])


# --- one template per action type -----------------------------------------------------------

def _initial(before, after, seat, action, viewer):
    return _("{who} placed an initial building on the {lot} lot of {quarter}.",
             who=name(before, seat), **_lot(action))


def _take_buildings(before, after, seat, action, viewer):
    took = after["reserve"][seat] - before["reserve"][seat]
    return ngettext("{who} chose A and took {n} building into the reserve.",
                    "{who} chose A and took {n} buildings into the reserve.", took,
                    who=name(before, seat))


def _place_shop(before, after, seat, action, viewer):
    line = _("{who} chose B and placed a {shop} on the {lot} lot of {quarter}.",
             who=name(before, seat), shop=shop_text(action["shop"]), **_lot(action))
    moved = after["cp_shops"][len(before["cp_shops"]):]
    if moved:
        line = _("{first} {then}", first=line,
                 then=_("A {shop} went under Central Park.", shop=shop_text(moved[0])))
    for event in _new_events(before, after, "special"):
        line = _("{first} {then}", first=line, then=_("{title}: {points}.", title=title(after, event),
                                                      points=_points(after, event)))
    return line


def _take_black(before, after, seat, action, viewer):
    hand = after["hands"][seat]
    drawn = hand[-1]["value"] if viewer == seat and len(hand) > len(before["hands"][seat]) else None
    if drawn:
        return _("{who} chose C and drew a black card (a {value}).", who=name(before, seat),
                 value=drawn)
    return _("{who} chose C and drew a black card.", who=name(before, seat))


def _score_quarter(before, after, seat, action, viewer):
    event = _new_events(before, after, "quarter")[0]
    return _("{who} chose D and scored {quarter}: {points}.", who=name(before, seat),
             quarter=place_text(action["quarter"]), points=_points(after, event))


def _take_colored(before, after, seat, action, viewer):
    cards = action["cards"]
    if all(c.get("value") for c in cards):  # the piles lie face up: values are public
        return _("{who} took {cards}.", who=name(before, seat),
                 cards=[card_text(c) for c in cards])
    return ngettext("{who} took a card: {colours}.", "{who} took {n} cards: {colours}.", len(cards),
                    who=name(before, seat), colours=[colour_text(c["color"]) for c in cards])


def _move_commission(before, after, seat, action, viewer):
    colour, to = action["commission"], action["to"]
    line = _("{who} moved the {commission} commission from {origin} to {to}.", who=name(before, seat),
             commission=commission_text(colour),
             origin=place_text(before["commissions"][colour]["at"]), to=place_text(to))
    if to == CITY_HALL:
        return _("{first} {then}", first=line, then=_("The auctions begin."))
    return line


def _bid(before, after, seat, action, viewer):
    a = before["auction"]
    facts = {"who": name(before, seat), "place": _auction_place(a)}
    if _hidden(before, after, seat, viewer):
        return _("{who} submitted a sealed bid for {place}.", **facts)
    cards = [card_text(c) for c in action["cards"]]
    if sealed(before):
        return _("{who} bid {cards} for {place} (sealed).", cards=cards, **facts)
    total = a["bids"].get(seat, {"total": 0})["total"] + sum(c["value"] for c in action["cards"])
    return _("{who} bid {cards} for {place}, {total} in all.", cards=cards, total=total, **facts)


def _pass(before, after, seat, action, viewer):
    if before["phase"] == "cp_color":
        return _("{who} left the choice of Central Park's colour to the next player.",
                 who=name(before, seat))
    facts = {"who": name(before, seat), "place": _auction_place(before["auction"])}
    if _hidden(before, after, seat, viewer):
        return _("{who} submitted a sealed bid for {place}.", **facts)
    return _("{who} passed on {place}.", **facts)


def _choose_color(before, after, seat, action, viewer):
    return _("{who} named {colour} as Central Park's colour.", who=name(before, seat),
             colour=colour_text(action["color"]))


def _dummy_bid(before, after, seat, action, viewer):
    dummy = name(before, DUMMY)
    if _hidden(before, after, seat, viewer):
        return _("The table turned {dummy}'s cards for a sealed bid.", dummy=dummy)
    draws = action["draws"]
    return _("The table turned {draws} for {dummy}: a bid of {total}.", draws=draws, dummy=dummy,
             total=sum(draws))


def _build(before, after, seat, action, viewer):
    offer, n = before["build"], action["count"]
    if offer["kind"] == "central_park":
        return ngettext("{who} built {n} building on Central Park.",
                        "{who} built {n} buildings on Central Park.", n, who=name(before, seat))
    return ngettext("{who} built {n} building on the {lot} lot of {quarter}.",
                    "{who} built {n} buildings on the {lot} lot of {quarter}.", n,
                    who=name(before, seat), lot=colour_text(offer["color"]),
                    quarter=place_text(offer["quarter"]))


def _close_quarter(before, after, seat, action, viewer):
    event = _new_events(before, after, "closure")[0]
    return _("{who} closed {quarter}: {points}.", who=name(before, seat),
             quarter=place_text(event["quarter"]), points=_points(after, event))


def _reveal(before, after, seat, action, viewer):
    return _("The table revealed {shops} from under Central Park.",
             shops=[shop_text(s) for s in action["shops"]])


LINES = {
    "place_initial_building": _initial, "take_buildings": _take_buildings,
    "place_shop": _place_shop, "take_black": _take_black, "score_quarter": _score_quarter,
    "take_colored": _take_colored, "move_commission": _move_commission, "bid": _bid,
    "pass": _pass, "choose_color": _choose_color, "dummy_bid": _dummy_bid, "build": _build,
    "close_quarter": _close_quarter, "reveal_central_park": _reveal,
}


# --- what the move settled ------------------------------------------------------------------

def _results(before: dict, after: dict) -> list[Text]:
    found = []
    if _settled(before, after):
        found += _auction_result(before, after, after["last_auction"])
    for event in _new_events(before, after, "closure"):
        if event["by"] == DUMMY:
            found.append(_("{title}: {points}.", title=title(after, event),
                           points=_points(after, event)))
    if after["phase"] == common.OVER and before["phase"] != common.OVER:
        found.append(_("The game is over."))
    elif after["phase"] == "reveal" and before["phase"] != "reveal":
        found.append(_("The game is over; Central Park's shops are to be revealed."))
    return found


def _auction_result(before: dict, after: dict, last: dict) -> list[Text]:
    place = _auction_place(last)
    found = []
    if sealed(before) and last["bids"]:
        shown = [_("{name} {total}", name=name(after, s), total=last["bids"][s]["total"])
                 if s in last["bids"] else _("{name} passed", name=name(after, s))
                 for s in last["order"]]
        found.append(_("Bids revealed: {bids}.", bids=shown))
    if last["winner"]:
        found.append(_("{name} wins {place} with {total}.", name=name(after, last["winner"]),
                       place=place, total=last["total"]))
    else:
        found.append(_("Nobody wins {place}.", place=place))
    return found
