"""What a due seat may do now, with concrete choices, and why other choices are not possible:
one function per phase, each its step's ``options`` (``flow.STEPS``), returning
``(actions, blocked)`` with ``blocked`` entries ``{"type", "rule", "reason"}``.
``legal(state, seat)`` (``common.Flow.legal``) adds the phase, the prompt and whom the
table waits for, and gives a seat with nothing to do ``common.not_due``.
"""

from .. import TABLE
from ..text import _
from .auction import allowed_colors, build_max
from .board import BLACK, CARD_VALUES, DUMMY, LOT_COLORS, colour_text, place_text
from .closure import closure_lines
from .commissions import moves, standing_in_quarters
from .hands import holding, nonempty_piles
from .scoring import reveal_count
from .setup import initial_lots
from .shops import available_shops, shop_lots
from .state import name, private_hands, sealed
from .turn import buildings_to_take, colored_count


# --- per phase: (actions, blocked) ------------------------------------------------------------

def initial(state, seat):
    return [{"type": "place_initial_building", "lots": initial_lots(state, seat)}], []


def choose(state, seat):
    actions, blocked = [], []
    actions.append({"type": "take_buildings", "count": buildings_to_take(state, seat)})
    offered, lots = available_shops(state), shop_lots(state)
    if offered and lots:
        actions.append({"type": "place_shop", "shops": offered, "lots": lots})
    else:
        blocked.append({"type": "place_shop", "rule": "FA-SH-2",
                        "reason": _("B is not possible: no lot can take a shop.")})
    actions.append({"type": "take_black", "values": private_hands(state),
                    "pile": state["piles"][BLACK]})
    quarters = standing_in_quarters(state)
    if quarters:
        actions.append({"type": "score_quarter", "quarters": quarters})
    else:
        blocked.append({"type": "score_quarter", "rule": "FA-Q-1",
                        "reason": _("D is not possible: no commission stands in a quarter.")})
    return actions, blocked


def take_colored(state, seat):
    count = colored_count(state)
    blocked = []
    if count < 2:
        blocked.append({"type": "take_colored", "rule": "FA-T-3",
                        "reason": _("Only one coloured pile has cards left, so you take one card.")})
    return [{"type": "take_colored", "colors": nonempty_piles(state), "count": count,
             "values": private_hands(state)}], blocked


def move_commission(state, seat):
    blocked = []
    if "central_park" not in [c["at"] for c in state["commissions"].values()]:
        blocked.append({"type": "move_commission", "rule": "FA-M-5",
                        "reason": _("No commission stands on Central Park, so none can return to "
                                    "City Hall to start auctions.")})
    return [{"type": "move_commission", "moves": moves(state)}], blocked


def _bid_entry(state, seat) -> tuple[list, list]:
    a = state["auction"]
    mine = None if sealed(state) else a["bids"].get(seat)
    held = holding(state, seat)
    if mine:
        colours = [mine["color"]]
        if not (held.get(mine["color"]) or held.get(BLACK)):  # nothing left to raise with
            return [], [{"type": "bid", "rule": "FA-A-3", "reason": _(
                "You cannot bid: you hold no card of the colours {colours}.",
                colours=[colour_text(c) for c in colours + [BLACK]])}]
    else:
        allowed, rule, reason = allowed_colors(state, seat)
        colours = [c for c in allowed if held.get(c)]
        if not colours:
            if allowed:
                reason = _("You cannot bid: you hold no card of the colours {colours}.",
                           colours=[colour_text(c) for c in allowed])
                rule = "FA-A-3"
            return [], [{"type": "bid", "rule": rule, "reason": reason}]
    beat = 0 if sealed(state) or not a["highest"] else a["highest"]["total"]
    most = _most_total(state, seat, colours, mine["cards"] if mine else [])
    if beat and most <= beat:  # not even every card held would beat the highest bid
        return [], [{"type": "bid", "rule": "FA-A-2", "reason": _(
            "Your bid must beat {beat} ({name}); these cards make only {total}.", beat=beat,
            name=name(state, a["highest"]["seat"]), total=most)}]
    entry = {"type": "bid", "colors": colours, "laid": mine["cards"] if mine else [],
             "beat": beat, "min_total": beat + 1, "sealed": sealed(state), "kind": a["kind"],
             "quarter": a["quarter"],
             "held": {c: n for c, n in held.items() if c in colours or c == BLACK}}
    if private_hands(state):
        entry["hand"] = [c for c in state["hands"][seat] if c["color"] in colours + [BLACK]]
    return [entry], []


def _most_total(state, seat, colours, laid) -> int:
    """The highest total a bid could reach with every card ``seat`` holds of one of the
    ``colours`` (and black): their values with private hands, else each at the highest."""
    most = 0
    for colour in colours:
        cards = [c for c in state["hands"][seat] if c["color"] in (colour, BLACK)]
        most = max(most, sum(c.get("value") or max(CARD_VALUES) for c in cards))
    return sum(c["value"] for c in laid) + most


def auction(state, seat):
    if seat == TABLE:
        return [{"type": "dummy_bid", "seat": DUMMY}], []
    actions, blocked = _bid_entry(state, seat)
    actions.append({"type": "pass"})
    return actions, blocked


def cp_color(state, seat):
    return [{"type": "choose_color", "colors": list(LOT_COLORS)}, {"type": "pass"}], []


def build(state, seat):
    offer = state["build"]
    actions, blocked = [], []
    if offer["can_build"]:
        actions.append({"type": "build", "max": build_max(state), "limit": offer["limit"],
                        "kind": offer["kind"], "quarter": offer["quarter"], "lot": offer["color"]})
    else:
        blocked.append({"type": "build", "rule": "FA-X-1",
                        "reason": _("You have no buildings in this full quarter, so you must close "
                                    "it.")})
    if offer["can_close"]:
        lines = closure_lines(state, offer["quarter"], seat)
        actions.append({"type": "close_quarter", "quarter": offer["quarter"],
                        "points": {l["seat"]: l["points"] for l in lines}})
    elif offer["kind"] == "quarter":
        blocked.append({"type": "close_quarter", "rule": "FA-X-1",
                        "reason": _("{quarter} had an empty lot before its auction, so it cannot "
                                    "be closed.", quarter=place_text(offer["quarter"]))})
    return actions, blocked


def dummy(state, seat):
    return [{"type": "dummy_bid", "seat": DUMMY}], []


def reveal(state, seat):
    return [{"type": "reveal_central_park", "count": reveal_count(state),
             "shops": list(state["cp_shops"])}], []

