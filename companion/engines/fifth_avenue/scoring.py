"""Scoring (FA-Q, FA-SH-4, FA-E): score events, the game end, the tie-break.

Every point a player gets is a score event in ``state["events"]``, kept as plain facts::

    {"kind": "quarter" | "special" | "closure" | "central_park", "rule",
     "points": {seat: n}, "lines": [{"seat", "points", ...facts}], ...facts}

and ``state["score"]`` is kept equal to the sum of the events' points. ``scores()``
turns the facts into titles and lines (texts) when a screen asks for them, so the
state stays small to copy.
"""

from ..errors import IllegalAction
from ..text import Text, _, ngettext
from .board import (CENTRAL_PARK_REVEAL, DUMMY, LAST_SHOP, QUARTERS, SHOP_TYPES,
                    SPECIAL_SCORINGS, VP_BY_TYPES, colour_text, lot_vp, neighbour_types,
                    place_text, shop_text)
from .state import field, name, seats


def lot_lines(state: dict, quarter: str) -> list[dict]:
    """One line per built lot of a quarter, as a normal scoring counts it (FA-Q-2, FA-Q-3)."""
    lots = state["quarters"][quarter]["lots"]
    lines = []
    for i, lot in enumerate(lots):
        if not lot["buildings"]:
            continue
        vp, n = lot_vp(lots, i), lot["buildings"]
        lines.append({"seat": lot["owner"], "points": 0 if lot["owner"] == DUMMY else n * vp,
                      "lot": lot["color"], "buildings": n, "types": neighbour_types(lots, i),
                      "vp": vp})
    return lines


def points_by_seat(lines: list[dict]) -> dict:
    points = {}
    for line in lines:
        if line["seat"] != DUMMY:
            points[line["seat"]] = points.get(line["seat"], 0) + line["points"]
    return points


def add_event(state: dict, kind: str, rule: str, lines: list[dict], **facts) -> dict:
    """Record a score event and add its points to the scores."""
    points = points_by_seat(lines)
    event = {"kind": kind, "rule": rule, "points": points, "lines": lines, **facts}
    state["events"].append(event)
    for seat, n in points.items():
        state["score"][seat] += n
    return event


def score_quarter(state: dict, quarter: str, rule: str = "FA-Q-2", by: str | None = None) -> dict:
    """Score every building of a quarter for its owner (FA-Q-2); ``by`` the player of D."""
    return add_event(state, "quarter", rule, lot_lines(state, quarter), quarter=quarter, by=by)


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
        lines.append({"seat": seat, "points": vp if len(built) >= needed else 0, "quarters": built})
    add_event(state, "special", "FA-SH-4", lines, shops=placed, needed=needed, vp=vp)


def next_special(state: dict):
    """The display-shop count at which the next special scoring happens, or None."""
    return next((n for n in SPECIAL_SCORINGS if n > state["shops_placed"]), None)


# --- end of the game --------------------------------------------------------------------

def end_game(state: dict, reason: str) -> None:
    """End at once (FA-E-1): drop the rest of the turn or round, score every open quarter
    (FA-E-2), then Central Park (FA-E-3), directly or after the table's reveal."""
    state.update(end=reason, round=None, auction=None, build=None, chosen=None, pending=[])
    for quarter in QUARTERS:
        if not state["quarters"][quarter]["closed"]:
            score_quarter(state, quarter, "FA-E-2")
    if any(state["central_park"].values()) and len(state["cp_shops"]) > CENTRAL_PARK_REVEAL:
        state["phase"] = "reveal"
    else:
        finish(state, list(state["cp_shops"]) if any(state["central_park"].values()) else None)


def reveal_count(state: dict) -> int:
    return min(CENTRAL_PARK_REVEAL, len(state["cp_shops"]))


def reveal_central_park(state: dict, seat: str, action: dict) -> None:
    """The table reveals 3 of the shops under Central Park (FA-E-3)."""
    shops = field(action, "shops", list, "FA-E-3", _("the revealed shops"))
    count = reveal_count(state)
    under = [shop_text(s) for s in state["cp_shops"]]
    if len(shops) != count:
        raise IllegalAction("FA-E-3", ngettext(
            "Reveal exactly {n} of the shops under Central Park, not {given}.",
            "Reveal exactly {n} of the shops under Central Park, not {given}.", count,
            given=len(shops)), shops=shops)
    pool = list(state["cp_shops"])
    for shop in shops:
        if shop not in pool:
            raise IllegalAction("FA-E-3", _("There is no further {shop} under Central Park; the "
                                            "shops there are {shops}.", shop=repr(shop), shops=under),
                                shop=shop)
        pool.remove(shop)
    finish(state, shops)


def finish(state: dict, revealed) -> None:
    """Score Central Park buildings by the revealed shops, then name the winners."""
    if revealed is not None:
        types = [t for t in SHOP_TYPES if t in revealed]
        vp = VP_BY_TYPES[len(types)]
        lines = [{"seat": seat, "points": n * vp, "buildings": n}
                 for seat, n in state["central_park"].items() if n]
        add_event(state, "central_park", "FA-E-3", lines, revealed=list(revealed), types=types,
                  vp=vp)
    state["revealed"] = None if revealed is None else list(revealed)
    state["phase"] = "over"
    state["winners"] = winners(state)


def winners(state: dict) -> list[str]:
    """Highest score; a tie goes to more cards in hand; still tied, shared (FA-E-4)."""
    best = max(state["score"].values())
    tied = [s for s in seats(state) if state["score"][s] == best]
    most = max(len(state["hands"][s]) for s in tied)
    return [s for s in tied if len(state["hands"][s]) == most]


def is_last_shop(state: dict) -> bool:
    return state["shops_placed"] >= LAST_SHOP


# --- what the screens show ----------------------------------------------------------------

def scores(state: dict) -> dict:
    """Totals, every score event with its title and lines, and the winners once over."""
    return {"totals": dict(state["score"]),
            "events": [shown(state, event) for event in state["events"]],
            "winners": list(state["winners"]) if state["phase"] == "over" else []}


def shown(state: dict, event: dict) -> dict:
    """A score event as the screens show it: a title and a text per line."""
    line_text = _LINES[event["kind"]]
    lines = [dict(line, text=line_text(state, event, line)) for line in event["lines"]]
    return {**event, "title": title(state, event), "lines": lines}


def title(state: dict, event: dict) -> Text:
    kind = event["kind"]
    if kind == "quarter" and event["by"]:
        return _("{name} scores {quarter}", name=name(state, event["by"]),
                 quarter=place_text(event["quarter"]))
    if kind == "quarter":
        return _("Final scoring: {quarter}", quarter=place_text(event["quarter"]))
    if kind == "closure":
        return _("{name} closes {quarter}", name=name(state, event["by"]),
                 quarter=place_text(event["quarter"]))
    if kind == "special":
        return SPECIAL_TITLES[event["shops"]]
    return _("Central Park")


SPECIAL_TITLES = {3: _("Special scoring after the 3rd shop"),
                  6: _("Special scoring after the 6th shop"),
                  9: _("Special scoring after the 9th shop")}


def _shops(types: list[str]) -> Text | list:
    return [shop_text(t) for t in types] if types else _("no shops")


def _buildings(n: int) -> Text:
    return ngettext("{n} building", "{n} buildings", n)


def _types(n: int) -> Text:
    return ngettext("{n} type", "{n} types", n)


def _lot_line(state, event, line) -> Text:
    facts = {"name": name(state, line["seat"]), "buildings": _buildings(line["buildings"]),
             "lot": colour_text(line["lot"]), "shops": _shops(line["types"]),
             "types": _types(len(line["types"])), "vp": line["vp"]}
    if line["seat"] == DUMMY:
        return _("{name}: {buildings} on the {lot} lot, neighbours {shops} → {types} → {vp} VP "
                 "each; the dummy never scores", **facts)
    return _("{name}: {buildings} on the {lot} lot, neighbours {shops} → {types} → {vp} VP each "
             "= {points} VP", points=line["points"], **facts)


def _special_line(state, event, line) -> Text:
    who, built = name(state, line["seat"]), line["quarters"]
    facts = {"name": who, "needed": event["needed"], "points": line["points"],
             "quarters": ngettext("{n} quarter", "{n} quarters", len(built)),
             "places": [place_text(q) for q in built]}
    if not built:
        return _("{name}: buildings in no quarter < {needed} → 0 VP", **facts)
    if line["points"]:
        return _("{name}: buildings in {quarters} ({places}) ≥ {needed} → {points} VP", **facts)
    return _("{name}: buildings in {quarters} ({places}) < {needed} → 0 VP", **facts)


def _closure_line(state, event, line) -> Text:
    who = name(state, line["seat"])
    if line["seat"] == event["by"]:
        return _("{name} closes {quarter}: {buildings} there × 1 VP = {points} VP", name=who,
                 quarter=place_text(event["quarter"]), buildings=_buildings(line["buildings"]),
                 points=line["points"])
    return _("{name}: a scoring would give {normal} VP; half, rounded down = {points} VP",
             name=who, normal=line["normal"], points=line["points"])


def _central_park_line(state, event, line) -> Text:
    return _("{name}: {buildings} on Central Park × {vp} VP ({types} revealed: {shops}) = "
             "{points} VP", name=name(state, line["seat"]), buildings=_buildings(line["buildings"]),
             vp=event["vp"], types=_types(len(event["types"])), shops=_shops(event["types"]),
             points=line["points"])


_LINES = {"quarter": _lot_line, "special": _special_line, "closure": _closure_line,
          "central_park": _central_park_line}
