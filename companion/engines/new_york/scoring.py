"""Scoring A, B and C (NY-SC): building majorities and the longest outer street.

Each scoring produces two score events, majorities (NY-SC-2) and streets
(NY-SC-3). Dirk (two players, NY-2P-3) takes places in the majorities and his
lines show what he would get, but he is no seat: his points enter no total.
"""

from collections import Counter

from . import city
from .catalogue import POINTS, TYPES
from .state import DIRK, city_tiles, grid, name, seats

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th")


def plural(kind: str) -> str:
    return kind + ("es" if kind.endswith("ch") else "s")


def places(counts: dict, points: list[int]) -> dict:
    """Who earns what for one building type: ``{who: (points, place, tied)}``.

    Holders of at least one tile are ranked by count; a group tied on a count
    occupies as many places as it has members, adds the points of those places
    that pay, and shares the sum equally, rounded down.
    """
    out, place = {}, 0
    for n in sorted({n for n in counts.values() if n > 0}, reverse=True):
        if place >= len(points):
            break
        group = [who for who, c in counts.items() if c == n]
        share = sum(points[place:place + len(group)]) // len(group)
        for who in group:
            out[who] = (share, place, len(group))
        place += len(group)
    return out


def holdings(state) -> dict[str, Counter]:
    """Building types counted for majorities: city tiles only (NY-B-6), plus Dirk's."""
    out = {seat: Counter(t["type"] for t in city_tiles(state, seat)) for seat in seats(state)}
    if state["dirk"] is not None:
        out[DIRK] = Counter(t["type"] for t in state["dirk"])
    return out


def _place_text(state, who, kind, count, points, place, tied, others, table) -> str:
    pay = table[place:place + tied]
    label = ORDINALS[place] if tied == 1 else f"{ORDINALS[place]}–{ORDINALS[place + tied - 1]}"
    what = f"{plural(kind).capitalize()}: {count}, {label}"
    if tied == 1:
        return f"{what} → {points}"
    shared = ", ".join(name(state, o) for o in others)
    summed = " + ".join(map(str, pay))
    summed = f"({summed})" if len(pay) > 1 else summed
    return f"{what} shared with {shared}: {summed} / {tied} → {points}"


def majorities(state, card: str) -> dict:
    """The majority event of scoring ``card`` (A, B or C)."""
    held = holdings(state)
    lines, points = [], {seat: 0 for seat in seats(state)}
    for kind in TYPES:
        table = POINTS[card][kind]
        counts = {who: c[kind] for who, c in held.items()}
        won = places(counts, table)
        for who, (pts, place, tied) in won.items():
            others = [o for o, (_, p, _) in won.items() if p == place and o != who]
            text = _place_text(state, who, kind, counts[who], pts, place, tied, others, table)
            if who == DIRK:
                text += " (Dirk's points count for nobody)"
            else:
                points[who] += pts
            lines.append({"seat": who, "text": text, "points": pts})
    return {"title": f"Scoring {card}: buildings", "rule": "NY-SC-2", "points": points,
            "lines": lines}


def streets(state, card: str) -> dict:
    """The street event of scoring ``card``: each player's longest outer street."""
    lines, points = [], {}
    for seat in seats(state):
        length = city.longest_street(grid(state, seat))
        points[seat] = length
        lines.append({"seat": seat, "text": f"Longest outer street: {length} "
                      f"side{'s' if length != 1 else ''} → {length}", "points": length})
    return {"title": f"Scoring {card}: streets", "rule": "NY-SC-3", "points": points,
            "lines": lines}


def score(state, card: str) -> None:
    """Run scoring ``card`` now and record its events (changes ``state``)."""
    state["events"] += [majorities(state, card), streets(state, card)]


def totals(state) -> dict[str, int]:
    out = {seat: 0 for seat in seats(state)}
    for event in state["events"]:
        for seat, pts in event["points"].items():
            out[seat] += pts
    return out
