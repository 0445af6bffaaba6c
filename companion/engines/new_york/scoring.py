"""Scoring A, B and C (NY-SC): building majorities and the longest outer street.

Each scoring produces two score events, majorities (NY-SC-2) and streets
(NY-SC-3). Dirk (two players, NY-2P-3) takes places in the majorities and his
lines show what he would get, but he is no seat: his points enter no total.
"""

from collections import Counter

from .. import common
from ..text import N_, _, ngettext
from .catalogue import POINTS, TYPES, type_text
from .state import DIRK, city_tiles, player_name, seats, street_length

ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"), N_("7th"))


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


def _place_text(state, who, kind, count, points, place, tied, others, table):
    """Anna: 2 park tiles, 1st → 20; or, tied: Anna: 2 park tiles, 1st–2nd shared with
    Maria: (20 + 12) / 2 → 16. (Each line names its player: the table shows them all.)"""
    if tied == 1:
        return ngettext("{who}: {n} {kind} tile, {place} → {points}",
                        "{who}: {n} {kind} tiles, {place} → {points}", count,
                        who=player_name(state, who), kind=type_text(kind), place=_(ORDINALS[place]),
                        points=points)
    pay = table[place:place + tied]
    summed = " + ".join(map(str, pay))
    return ngettext(
        "{who}: {n} {kind} tile, {places} shared with {others}: {sum} / {tied} → {points}",
        "{who}: {n} {kind} tiles, {places} shared with {others}: {sum} / {tied} → {points}", count,
        who=player_name(state, who), kind=type_text(kind), places=_("{first}–{last}", first=_(ORDINALS[place]),
                                        last=_(ORDINALS[place + tied - 1])),
        others=[player_name(state, o) for o in others],
        sum=f"({summed})" if len(pay) > 1 else summed, tied=tied, points=points)


def majorities(state, card: str) -> dict:
    """The majority event of scoring ``card`` (A, B or C)."""
    held = holdings(state)
    lines, points = [], {seat: 0 for seat in seats(state)}
    for kind in TYPES:
        table = POINTS[card][kind]
        counts = {who: c[kind] for who, c in held.items()}
        won = places(counts, table)
        for who, (pts, place, tied) in won.items():
            others = [o for o, (_pts, p, _tied) in won.items() if p == place and o != who]
            text = _place_text(state, who, kind, counts[who], pts, place, tied, others, table)
            if who == DIRK:
                text = _("{line} (Dirk's points count for nobody)", line=text)
            else:
                points[who] += pts
            lines.append({"seat": who, "text": text, "points": pts})
    return {"title": _("Scoring {card}: buildings", card=card), "rule": "NY-SC-2",
            "points": points, "lines": lines}


def streets(state, card: str) -> dict:
    """The street event of scoring ``card``: each player's longest outer street."""
    lines, points = [], {}
    for seat in seats(state):
        length = street_length(state, seat)
        points[seat] = length
        lines.append({"seat": seat, "points": length, "text": ngettext(
            "{who}: longest outer street, {n} side → {n}", "{who}: longest outer street, {n} sides → {n}",
            length, who=player_name(state, seat))})
    return {"title": _("Scoring {card}: streets", card=card), "rule": "NY-SC-3", "points": points,
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


def scores(state) -> dict:
    """Totals, the score events (scorings A, B and C) and, once over, the winner(s) (NY-E-3)."""
    result = totals(state)
    best = max(result.values())
    over = state["phase"] == common.OVER
    winners = [seat for seat, pts in result.items() if pts == best] if over else []
    return {"totals": result, "events": state["events"], "winners": winners}
