"""What a seat may do now, with concrete choices, and why other choices are not possible.

``legal(state, seat)`` -> ``{"step", "prompt", "actions": [...], "blocked": [{"type",
"rule", "reason"}]}``; a seat with nothing to do gets no actions and a prompt naming
whom the table waits for.
"""

from .. import TABLE
from .board import BLACK, DUMMY, LOT_COLORS, QUARTERS
from .auction import allowed_colors, build_max
from .closure import closure_lines
from .commissions import moves, standing_in_quarters
from .hands import holding, nonempty_piles
from .scoring import reveal_count
from .setup import initial_lots
from .shops import available_shops, shop_lots
from .state import name, plural, private_hands, sealed
from .turn import colored_count, to_act


def _auction_place(state: dict) -> str:
    a = state["auction"]
    return "Central Park" if a["kind"] == "central_park" else QUARTERS[a["quarter"]]


def _who(state: dict, seats) -> str:
    names = [name(state, s) for s in sorted(seats)]
    return " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1]


def waiting_prompt(state: dict) -> str:
    """Whom the table waits for, and for what."""
    step, acting = state["step"], to_act(state)
    who = _who(state, acting)
    if step == "over":
        return "The game is over."
    if step == "auction":
        if sealed(state):
            return f"Waiting for sealed bids on {_auction_place(state)} from {who}."
        return f"Waiting for {who} to bid or pass on {_auction_place(state)}."
    if step == "dummy":
        return f"Waiting for the table to turn {name(state, DUMMY)}'s black cards."
    return _WAITING[step].format(who=who)


_WAITING = {
    "initial": "Waiting for {who} to place an initial building.",
    "choose": "Waiting for {who} to choose an action (A, B, C or D).",
    "take_colored": "Waiting for {who} to take coloured cards.",
    "move_commission": "Waiting for {who} to move a commission.",
    "cp_color": "Waiting for {who} to name Central Park's colour.",
    "build": "Waiting for {who} to build.",
    "reveal": "Waiting for the table to reveal the shops under Central Park.",
}


def legal(state: dict, seat) -> dict:
    step = state["step"]
    if seat not in to_act(state):
        return {"step": step, "prompt": waiting_prompt(state), "actions": [], "blocked": []}
    prompt, actions, blocked = _BY_STEP[step](state, seat)
    return {"step": step, "prompt": prompt, "actions": actions, "blocked": blocked}


# --- per step ---------------------------------------------------------------------------

def _initial(state, seat):
    second = state["placing"].count(seat) == 1
    return (f"Place your {'second' if second else 'first'} initial building on an empty lot"
            f"{' in another quarter' if second else ''}.",
            [{"type": "place_initial_building", "lots": initial_lots(state, seat)}], [])


def _choose(state, seat):
    actions, blocked = [], []
    actions.append({"type": "take_buildings", "count": min(3, state["supply"][seat])})
    offered, lots = available_shops(state), shop_lots(state)
    if offered and lots:
        actions.append({"type": "place_shop", "shops": offered, "lots": lots})
    else:
        blocked.append({"type": "place_shop", "rule": "FA-SH-2",
                        "reason": "B is not possible: no lot can take a shop."})
    actions.append({"type": "take_black", "values": private_hands(state),
                    "pile": state["piles"][BLACK]})
    quarters = standing_in_quarters(state)
    if quarters:
        actions.append({"type": "score_quarter", "quarters": quarters})
    else:
        blocked.append({"type": "score_quarter", "rule": "FA-Q-1",
                        "reason": "D is not possible: no commission stands in a quarter."})
    return ("Choose your action: A take 3 buildings, B place a shop, C draw a black card, "
            "D score a quarter.", actions, blocked)


def _take_colored(state, seat):
    count = colored_count(state)
    blocked = []
    if count < 2:
        blocked.append({"type": "take_colored", "rule": "FA-T-3",
                        "reason": "Only one coloured pile has cards left, so you take one card."})
    return (f"Take {plural(count, 'coloured card')} of different colours.",
            [{"type": "take_colored", "colors": nonempty_piles(state), "count": count,
              "values": private_hands(state)}], blocked)


def _move_commission(state, seat):
    blocked = []
    if "central_park" not in [c["at"] for c in state["commissions"].values()]:
        blocked.append({"type": "move_commission", "rule": "FA-M-5",
                        "reason": "No commission stands on Central Park, so none can return to "
                                  "City Hall to start auctions."})
    step = 1 if state["turn"] == "C" and "take_colored" in state["pending"] else 3
    return (f"Move a commission (step {step}).",
            [{"type": "move_commission", "moves": moves(state)}], blocked)


def _bid_entry(state, seat) -> tuple[list, list]:
    a = state["auction"]
    mine = None if sealed(state) else a["bids"].get(seat)
    held = holding(state, seat)
    if mine:
        colours = [mine["color"]]
    else:
        allowed, rule, reason = allowed_colors(state, seat)
        colours = [c for c in allowed if held.get(c)]
        if not colours:
            why = reason if not allowed else f"you hold no {' or '.join(allowed)} card."
            return [], [{"type": "bid", "rule": rule if not allowed else "FA-A-3",
                         "reason": f"You cannot bid: {why}"}]
    beat = 0 if sealed(state) or not a["highest"] else a["highest"]["total"]
    entry = {"type": "bid", "colors": colours, "laid": mine["cards"] if mine else [],
             "beat": beat, "min_total": beat + 1, "sealed": sealed(state), "kind": a["kind"],
             "quarter": a["quarter"],
             "held": {c: n for c, n in held.items() if c in colours or c == BLACK}}
    if private_hands(state):
        entry["hand"] = [c for c in state["hands"][seat] if c["color"] in colours + [BLACK]]
    return [entry], []


def _auction(state, seat):
    place = _auction_place(state)
    if seat == TABLE:
        return (f"Turn black cards for {name(state, DUMMY)}'s sealed bid on {place} until a "
                "value repeats.", [{"type": "dummy_bid", "seat": DUMMY}], [])
    actions, blocked = _bid_entry(state, seat)
    actions.append({"type": "pass"})
    if sealed(state):
        prompt = f"Submit a sealed bid for {place}, or pass."
    else:
        high = state["auction"]["highest"]
        prompt = (f"Bid for {place} above {high['total']} ({name(state, high['seat'])}), or pass."
                  if high else f"Open the bidding for {place}, or pass.")
    return prompt, actions, blocked


def _cp_color(state, seat):
    return ("Name Central Park's colour for the sealed bids, or pass the choice on.",
            [{"type": "choose_color", "colors": list(LOT_COLORS)}, {"type": "pass"}], [])


def _build(state, seat):
    offer = state["build"]
    actions, blocked = [], []
    where = "Central Park" if offer["kind"] == "central_park" else (
        f"the {offer['color']} lot of {QUARTERS[offer['quarter']]}")
    if offer["can_build"]:
        actions.append({"type": "build", "max": build_max(state), "limit": offer["limit"],
                        "kind": offer["kind"], "quarter": offer["quarter"], "lot": offer["color"]})
    else:
        blocked.append({"type": "build", "rule": "FA-X-1",
                        "reason": "You have no buildings in this full quarter, so you must close "
                                  "it."})
    if offer["can_close"]:
        lines = closure_lines(state, offer["quarter"], seat)
        actions.append({"type": "close_quarter", "quarter": offer["quarter"],
                        "points": {l["seat"]: l["points"] for l in lines}})
    elif offer["kind"] == "quarter":
        blocked.append({"type": "close_quarter", "rule": "FA-X-1",
                        "reason": f"{QUARTERS[offer['quarter']]} had an empty lot before its "
                                  "auction, so it cannot be closed."})
    prompt = (f"You won: build up to {build_max(state)} on {where}"
              f"{', or close the quarter' if offer['can_close'] else ''}." if offer["can_build"]
              else f"You won {QUARTERS[offer['quarter']]}: close it.")
    return prompt, actions, blocked


def _dummy(state, seat):
    return (f"Turn black cards for {name(state, DUMMY)} until a value repeats, and enter them.",
            [{"type": "dummy_bid", "seat": DUMMY}], [])


def _reveal(state, seat):
    count = reveal_count(state)
    return (f"Shuffle the shops under Central Park face down and reveal {count}.",
            [{"type": "reveal_central_park", "count": count, "shops": list(state["cp_shops"])}], [])


_BY_STEP = {
    "initial": _initial, "choose": _choose, "take_colored": _take_colored,
    "move_commission": _move_commission, "auction": _auction, "cp_color": _cp_color,
    "build": _build, "dummy": _dummy, "reveal": _reveal,
}
