"""Scoring (FA-Q, FA-SH-4, FA-E): score events with lines, the game end, the tie-break.

Every point a player gets is a score event in ``state["events"]``::

    {"title", "rule", "kind", "points": {seat: n}, "lines": [{"seat", "text", "points", ...}]}

and ``state["score"]`` is kept equal to the sum of the events' points.
"""

from ..errors import IllegalAction
from .board import (CENTRAL_PARK_REVEAL, DUMMY, LAST_SHOP, QUARTERS, SHOP_TYPES,
                    SPECIAL_SCORINGS, VP_BY_TYPES, lot_vp, neighbour_types)
from .state import field, name, plural, seats


def _types_text(types: list[str]) -> str:
    return ", ".join(types) if types else "no shops"


def lot_lines(state: dict, quarter: str) -> list[dict]:
    """One line per built lot of a quarter, as a normal scoring would count it (FA-Q-2, FA-Q-3)."""
    lots = state["quarters"][quarter]["lots"]
    lines = []
    for i, lot in enumerate(lots):
        if not lot["buildings"]:
            continue
        types = neighbour_types(lots, i)
        vp = lot_vp(lots, i)
        owner, n = lot["owner"], lot["buildings"]
        what = (f"{name(state, owner)}: {plural(n, 'building')} on the {lot['color']} lot, "
                f"neighbours {_types_text(types)} → {plural(len(types), 'type')} → "
                f"{vp} VP each")
        if owner == DUMMY:
            lines.append({"seat": DUMMY, "text": f"{what}; the dummy never scores", "points": 0,
                          "lot": lot["color"], "buildings": n, "types": types, "vp": vp})
        else:
            lines.append({"seat": owner, "text": f"{what} = {n * vp} VP", "points": n * vp,
                          "lot": lot["color"], "buildings": n, "types": types, "vp": vp})
    return lines


def points_by_seat(lines: list[dict]) -> dict:
    points = {}
    for line in lines:
        if line["seat"] != DUMMY:
            points[line["seat"]] = points.get(line["seat"], 0) + line["points"]
    return points


def add_event(state: dict, title: str, rule: str, kind: str, lines: list[dict], **extra) -> dict:
    """Record a score event and add its points to the scores."""
    points = points_by_seat(lines)
    event = {"title": title, "rule": rule, "kind": kind, "points": points, "lines": lines, **extra}
    state["events"].append(event)
    for seat, n in points.items():
        state["score"][seat] += n
    return event


def score_quarter(state: dict, quarter: str, title: str, rule: str = "FA-Q-2") -> dict:
    """Score every building of a quarter for its owner (FA-Q-2)."""
    return add_event(state, title, rule, "quarter", lot_lines(state, quarter), quarter=quarter)


def quarters_built(state: dict, seat: str) -> list[str]:
    """Quarters where ``seat`` has at least one building (Central Park is none, FA-SH-4)."""
    return [q for q, quarter in state["quarters"].items()
            if any(l["owner"] == seat and l["buildings"] for l in quarter["lots"])]


def special_scoring(state: dict) -> None:
    """After the 3rd, 6th and 9th display shop: VP for buildings in enough quarters (FA-SH-4)."""
    placed = state["shops_placed"]
    if placed not in SPECIAL_SCORINGS:
        return
    needed, vp = SPECIAL_SCORINGS[placed]
    lines = []
    for seat in seats(state):
        built = quarters_built(state, seat)
        ok = len(built) >= needed
        where = f" ({', '.join(QUARTERS[q] for q in built)})" if built else ""
        lines.append({"seat": seat, "points": vp if ok else 0, "quarters": built,
                      "text": f"{name(state, seat)}: buildings in {plural(len(built), 'quarter')}"
                              f"{where} {'≥' if ok else '<'} {needed} → {vp if ok else 0} VP"})
    ordinal = {3: "3rd", 6: "6th", 9: "9th"}[placed]
    add_event(state, f"Special scoring after the {ordinal} shop", "FA-SH-4", "special", lines,
              shops=placed)


def next_special(state: dict):
    """The display-shop count at which the next special scoring happens, or None."""
    return next((n for n in SPECIAL_SCORINGS if n > state["shops_placed"]), None)


# --- end of the game --------------------------------------------------------------------

def end_game(state: dict, reason: str) -> None:
    """End at once (FA-E-1): drop the rest of the turn or round, score every open quarter
    (FA-E-2), then Central Park (FA-E-3), directly or after the table's reveal."""
    state.update(end=reason, round=None, auction=None, build=None, turn=None, pending=[])
    for quarter in QUARTERS:
        if not state["quarters"][quarter]["closed"]:
            score_quarter(state, quarter, f"Final scoring: {QUARTERS[quarter]}", "FA-E-2")
    if any(state["central_park"].values()) and len(state["cp_shops"]) > CENTRAL_PARK_REVEAL:
        state["step"] = "reveal"
    else:
        finish(state, list(state["cp_shops"]) if any(state["central_park"].values()) else None)


def reveal_count(state: dict) -> int:
    return min(CENTRAL_PARK_REVEAL, len(state["cp_shops"]))


def reveal_central_park(state: dict, seat: str, action: dict) -> None:
    """The table reveals 3 of the shops under Central Park (FA-E-3)."""
    shops = field(action, "shops", list, "FA-E-3", "the revealed shops")
    pool = list(state["cp_shops"])
    if len(shops) != reveal_count(state):
        raise IllegalAction("FA-E-3", f"Reveal exactly {reveal_count(state)} of the shops under "
                            f"Central Park, got {len(shops)}.", shops=shops)
    for shop in shops:
        if shop not in pool:
            raise IllegalAction("FA-E-3", f"There is no (further) {shop!r} under Central Park; "
                                f"the shops there are {', '.join(state['cp_shops'])}.", shop=shop)
        pool.remove(shop)
    finish(state, shops)


def finish(state: dict, revealed) -> None:
    """Score Central Park buildings by the revealed shops, then name the winners."""
    if revealed is not None:
        types = [t for t in SHOP_TYPES if t in revealed]
        vp = VP_BY_TYPES[len(types)]
        lines = [{"seat": seat, "points": n * vp, "buildings": n, "vp": vp,
                  "text": f"{name(state, seat)}: {plural(n, 'building')} on Central Park × "
                          f"{vp} VP ({plural(len(types), 'type')} revealed: "
                          f"{_types_text(types)}) = {n * vp} VP"}
                 for seat, n in state["central_park"].items() if n]
        add_event(state, "Central Park", "FA-E-3", "central_park", lines, revealed=list(revealed))
    state["revealed"] = None if revealed is None else list(revealed)
    state["step"] = "over"
    state["winners"] = winners(state)


def winners(state: dict) -> list[str]:
    """Highest score; a tie goes to more cards in hand; still tied, shared (FA-E-4)."""
    best = max(state["score"].values())
    tied = [s for s in seats(state) if state["score"][s] == best]
    most = max(len(state["hands"][s]) for s in tied)
    return [s for s in tied if len(state["hands"][s]) == most]


def is_last_shop(state: dict) -> bool:
    return state["shops_placed"] >= LAST_SHOP


def scores(state: dict) -> dict:
    """Totals, every score event, and the winners once the game is over."""
    return {"totals": dict(state["score"]), "events": list(state["events"]),
            "winners": list(state["winners"]) if state["step"] == "over" else []}
