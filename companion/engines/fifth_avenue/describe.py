"""One log line per action, in English, hiding what the viewer may not see (FA-H-1, FA-H-2).

Hidden: a drawn black card's value from everyone but its owner; a sealed submission
(bid or pass) from everyone but its author until the bids are revealed.
"""

from .. import TABLE
from .board import DUMMY, QUARTERS
from .actions import apply
from .hands import describe_card
from .state import name, place_name, plural, sealed


def _lot(action: dict) -> str:
    return f"the {action.get('lot')} lot of {place_name(action.get('quarter'))}"


def _points(state: dict, event: dict) -> str:
    parts = [f"{name(state, s)} {p}" for s, p in event["points"].items()]
    return f" ({', '.join(parts)})" if parts else " (nobody scores)"


def _card(c: dict) -> str:
    if c.get("value"):
        return describe_card(c)
    return f"{'an' if c['color'][0] in 'aeiou' else 'a'} {c['color']} card"


def _cards(cards: list) -> str:
    return ", ".join(_card(c) for c in cards)


def _auction_place(auction: dict) -> str:
    return "Central Park" if auction["kind"] == "central_park" else QUARTERS[auction["quarter"]]


def _result(before: dict, after: dict) -> str:
    """What the action settled: an auction's result (all bids, once sealed ones are
    revealed), the dummy's closures, the game's end."""
    text = ""
    last = after["last_auction"]
    if last is not None and last != before["last_auction"]:
        place = "Central Park" if last["kind"] == "central_park" else QUARTERS[last["quarter"]]
        if sealed(before) and last["bids"]:
            shown = ", ".join(f"{name(after, s)} {last['bids'][s]['total']}" if s in last["bids"]
                              else f"{name(after, s)} passed" for s in last["order"])
            text += f"; bids revealed: {shown}"
        text += (f"; {name(after, last['winner'])} wins {place} with {last['total']}"
                 if last["winner"] else f"; nobody wins {place}")
    for event in after["events"][len(before["events"]):]:
        if event["kind"] == "closure" and event["closer"] == DUMMY:
            text += f"; {event['title']}{_points(after, event)}"
    if after["step"] == "over" and before["step"] != "over":
        text += "; the game is over"
    elif after["step"] == "reveal" and before["step"] != "reveal":
        text += "; the game is over, Central Park's shops are to be revealed"
    return text


def _sentence(before: dict, seat, action: dict, viewer, after: dict) -> str:
    who = "The table" if seat == TABLE else name(before, seat)
    kind = action.get("type")
    a = before["auction"]
    # A sealed submission stays hidden from others until the one that reveals all.
    hidden = sealed(before) and viewer != seat and after["last_auction"] == before["last_auction"]
    if kind == "place_initial_building":
        return f"{who} placed an initial building on {_lot(action)}"
    if kind == "take_buildings":
        took = after["reserve"][seat] - before["reserve"][seat]
        return f"{who} chose A and took {plural(took, 'building')} into the reserve"
    if kind == "place_shop":
        line = f"{who} chose B and placed a {action.get('shop')} on {_lot(action)}"
        moved = after["cp_shops"][len(before["cp_shops"]):]
        if moved:
            line += f"; a {moved[0]} went under Central Park"
        specials = [e for e in after["events"][len(before["events"]):] if e["kind"] == "special"]
        return line + "".join(f"; {e['title'].lower()}{_points(after, e)}" for e in specials)
    if kind == "take_black":
        grew = len(after["hands"][seat]) > len(before["hands"][seat])
        drawn = after["hands"][seat][-1]["value"] if viewer == seat and grew else None
        return f"{who} chose C and drew a black card{f' (a {drawn})' if drawn else ''}"
    if kind == "score_quarter":
        event = after["events"][len(before["events"])]
        return f"{who} chose D and scored {QUARTERS[action['quarter']]}{_points(after, event)}"
    if kind == "take_colored":
        return f"{who} took {_cards(action['cards'])}"
    if kind == "move_commission":
        colour, to = action["commission"], action["to"]
        frm = before["commissions"][colour]["at"]
        line = f"{who} moved the {colour} commission from {place_name(frm)} to {place_name(to)}"
        return line + ("; the auctions begin" if to == "city_hall" else "")
    if kind == "bid":
        place = _auction_place(a)
        if hidden:
            return f"{who} submitted a sealed bid for {place}"
        if sealed(before):
            return f"{who} bid {_cards(action['cards'])} for {place} (sealed)"
        laid = a["bids"].get(seat, {"total": 0})["total"]
        total = laid + sum(c["value"] for c in action["cards"])
        return f"{who} bid {_cards(action['cards'])} for {place}, {total} in all"
    if kind == "pass" and before["step"] == "cp_color":
        return f"{who} left the choice of Central Park's colour to the next player"
    if kind == "pass":
        place = _auction_place(a)
        if hidden:
            return f"{who} submitted a sealed bid for {place}"
        return f"{who} passed on {place}"
    if kind == "choose_color":
        return f"{who} named {action['color']} as Central Park's colour"
    if kind == "dummy_bid":
        if hidden:
            return f"The table turned {name(before, DUMMY)}'s cards for a sealed bid"
        draws = action["draws"]
        return (f"The table turned {', '.join(map(str, draws))} for {name(before, DUMMY)}: "
                f"a bid of {sum(draws)}")
    if kind == "build":
        offer = before["build"]
        where = "Central Park" if offer["kind"] == "central_park" else \
            f"the {offer['color']} lot of {QUARTERS[offer['quarter']]}"
        n = action["count"]
        return f"{who} built {plural(n, 'building')} on {where}"
    if kind == "close_quarter":
        event = after["events"][len(before["events"])]
        return f"{who} closed {QUARTERS[before['build']['quarter']]}{_points(after, event)}"
    if kind == "reveal_central_park":
        return f"The table revealed {', '.join(action['shops'])} from under Central Park"
    return f"{who} did {kind}"


def describe(state_before: dict, seat, action: dict, viewer) -> str:
    """One sentence for the log, e.g. "Anna chose B and placed a jeweler on the grey lot of
    Times Square." Secrets are shown only to the viewer allowed to see them."""
    after = apply(state_before, seat, action)
    line = _sentence(state_before, seat, action, viewer, after) + _result(state_before, after)
    return line + "."
