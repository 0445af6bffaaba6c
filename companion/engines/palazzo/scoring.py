"""Palace values (PZ-E-2), totals and the winner with the tie-break (PZ-E-3).

>>> palace_points(["b1w2", "b2w1", "b3w2", "b4w2"])["points"]  # 4 floors, 7 windows, one material
13
"""

from . import hands, money, tiles
from .flow import player_name, seats

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
        "material": tiles.MATERIALS[materials.pop()] if len(materials) == 1 else None,
        "points": base + bonus,
    }


def describe_palace(palace: list, index: int) -> str:
    """``'Palace 1: 4 floors, 7 windows + 3 = 10; all brick +3 → 13'``."""
    p = palace_points(palace)
    head = f"Palace {index + 1}: {p['floors']} floor{'s' if p['floors'] > 1 else ''}"
    if p["floors"] == 1:
        body = "a one-floor palace costs 5"
    elif p["floors"] == 2:
        body = "two floors score nothing"
    else:
        extra = HEIGHT_BONUS[p["floors"]]
        body = f"{p['windows']} windows" + (f" + {extra} = {p['base']}" if extra else "")
    if p["material_bonus"]:
        body += f"; all {p['material']} +{p['material_bonus']}"
    return f"{head}, {body} → {p['points']}"


def _palace_event(state, seat) -> dict:
    palaces = state["palaces"][seat]
    lines = [
        {"seat": seat, "text": describe_palace(p, i), "points": palace_points(p)["points"]}
        for i, p in enumerate(palaces)
    ] or [{"seat": seat, "text": "No palaces yet", "points": 0}]
    return {
        "title": f"Palaces of {player_name(state, seat)}",
        "rule": "PZ-E-2",
        "points": {seat: sum(line["points"] for line in lines)},
        "lines": lines,
    }


def _tie_break(state, tied: list):
    """PZ-E-3: the tied player able to make the largest single payment wins."""
    lines, best = [], {}
    for seat in tied:
        cards = hands.cards_of(state, seat)
        if cards is None:
            text = "hand not recorded (counted hands): compare the largest payment at the table"
        else:
            pay = money.largest_payment(cards)
            best[seat] = pay["value"]
            text = f"largest single payment {pay['value']} ({money.names(pay['loose'])}"
            text += f" + {len(pay['groups'])} group(s))" if pay["groups"] else ")"
        lines.append({"seat": seat, "text": text, "points": 0})
    event = {"title": "Tie-break", "rule": "PZ-E-3", "points": dict.fromkeys(tied, 0),
             "lines": lines}
    if len(best) < len(tied):  # some hands unknown: the win stays shared
        return event, tied
    top = max(best.values())
    return event, [s for s in tied if best[s] == top]


def scores(state) -> dict:
    events = [_palace_event(state, seat) for seat in seats(state)]
    totals = {seat: sum(e["points"].get(seat, 0) for e in events) for seat in seats(state)}
    winners = []
    if state["phase"] == "over":
        top = max(totals.values())
        winners = [s for s in seats(state) if totals[s] == top]
        if len(winners) > 1:
            event, winners = _tie_break(state, winners)
            events.append(event)
    return {"totals": totals, "events": events, "winners": winners}
