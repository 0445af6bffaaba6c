"""Palace values (PZ-E-2), totals and the winner with the tie-break (PZ-E-3).

>>> palace_points(["b1w2", "b2w1", "b3w2", "b4w2"])["points"]  # 4 floors, 7 windows, one material
13
"""

from ..common import OVER
from ..text import _, ngettext
from . import hands, money, tiles
from .state import name_of, seats

BASE = {1: -5, 2: 0}  # fewer than 3 floors score no windows
HEIGHT_BONUS = {3: 0, 4: 3, 5: 6}
MATERIAL_BONUS = {3: 3, 4: 3, 5: 6}


def palace_points(palace: list) -> dict:
    """The value of one palace with its parts: floors, windows, height and material bonus."""
    floors = len(palace)
    windows = sum(tiles.windows(t) for t in palace)
    materials = {tiles.material(t) for t in palace}
    base = BASE[floors] if floors in BASE else windows + HEIGHT_BONUS[floors]
    bonus = MATERIAL_BONUS.get(floors, 0) if len(materials) == 1 else 0
    return {
        "floors": floors,
        "windows": windows,
        "base": base,
        "material_bonus": bonus,
        "material": materials.pop() if len(materials) == 1 else None,
        "points": base + bonus,
    }


def palace_line(p: dict, index: int, who: str | None = None):
    """"Palace 1: 4 floors, 7 windows + 3 = 10; all brick +3 → 13" (a text) from the
    ``palace_points`` of the palace with that index; "Anna, palace 1: …" with ``who``."""
    facts = {"palace": _("Palace {number}", number=index + 1) if who is None else
             _("{name}, palace {number}", name=who, number=index + 1),
             "floors": ngettext("{n} floor", "{n} floors", p["floors"]),
             "windows": ngettext("{n} window", "{n} windows", p["windows"]),
             "extra": HEIGHT_BONUS.get(p["floors"]), "base": p["base"], "points": p["points"]}
    if p["floors"] == 1:
        return _("{palace}: one floor costs 5 → {points}", **facts)
    if p["floors"] == 2:
        return _("{palace}: two floors score nothing → {points}", **facts)
    if p["material_bonus"]:
        facts.update(material=tiles.material_label(p["material"]), bonus=p["material_bonus"])
        if facts["extra"]:
            return _("{palace}: {floors}, {windows} + {extra} = {base}; all {material} +{bonus} "
                     "→ {points}", **facts)
        return _("{palace}: {floors}, {windows}; all {material} +{bonus} → {points}", **facts)
    if facts["extra"]:
        return _("{palace}: {floors}, {windows} + {extra} = {base} → {points}", **facts)
    return _("{palace}: {floors}, {windows} → {points}", **facts)


def _palaces_event(state) -> dict:
    """One scoring of every player's palaces, in seat order, like the other games' scorings;
    each line names its player (the table screen shows all of them together)."""
    lines = []
    for seat in seats(state):
        who = name_of(state, seat)
        values = [palace_points(p) for p in state["palaces"][seat]]
        lines += [{"seat": seat, "text": palace_line(value, i, who), "points": value["points"]}
                  for i, value in enumerate(values)
                  ] or [{"seat": seat, "text": _("{name}: no palaces yet", name=who), "points": 0}]
    return {
        "title": _("Palaces"),
        "rule": "PZ-E-2",
        "points": {seat: sum(line["points"] for line in lines if line["seat"] == seat)
                   for seat in seats(state)},
        "lines": lines,
    }


def _payment_line(pay: dict):
    """"largest single payment 31 (B5, B6 + 1 group)"."""
    if not pay["groups"]:
        return _("largest single payment {value} ({cards})", value=pay["value"],
                 cards=money.labels(pay["loose"]))
    if not pay["loose"]:
        return ngettext("largest single payment {value} ({n} group)",
                        "largest single payment {value} ({n} groups)",
                        len(pay["groups"]), value=pay["value"])
    return ngettext("largest single payment {value} ({cards} + {n} group)",
                    "largest single payment {value} ({cards} + {n} groups)",
                    len(pay["groups"]), value=pay["value"], cards=money.labels(pay["loose"]))


def _tie_break(state, tied: list):
    """PZ-E-3: the tied player able to make the largest single payment wins."""
    lines, best = [], {}
    for seat in tied:
        cards = hands.cards_of(state, seat)
        if cards is None:
            text = _("hand not recorded (counted hands): compare the largest payment at the "
                     "table")
        else:
            pay = money.largest_payment(cards)
            best[seat] = pay["value"]
            text = _payment_line(pay)
        lines.append({"seat": seat, "text": text, "points": 0})
    event = {"title": _("Tie-break"), "rule": "PZ-E-3", "points": dict.fromkeys(tied, 0),
             "lines": lines}
    if len(best) < len(tied):  # some hands unknown: the win stays shared
        return event, tied
    top = max(best.values())
    return event, [s for s in tied if best[s] == top]


def scores(state) -> dict:
    events = [_palaces_event(state)]
    totals = {seat: sum(e["points"].get(seat, 0) for e in events) for seat in seats(state)}
    tie_break, winners = _winners(state, totals)
    if tie_break:
        events.append(tie_break)
    return {"totals": totals, "events": events, "winners": winners}


def points(state) -> dict:
    """``scores`` without its events (for views, which show only the numbers): the same
    totals and winners, without writing a line for every palace."""
    totals = {seat: sum(palace_points(p)["points"] for p in state["palaces"][seat])
              for seat in seats(state)}
    return {"totals": totals, "winners": _winners(state, totals)[1]}


def _winners(state, totals: dict) -> tuple[dict | None, list]:
    """The tie-break event (or None) and the winners, once the game is over."""
    if state["phase"] != OVER:
        return None, []
    top = max(totals.values())
    winners = [s for s in seats(state) if totals[s] == top]
    if len(winners) > 1:
        return _tie_break(state, winners)
    return None, winners
