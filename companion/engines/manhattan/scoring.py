"""Scoring after every round (MH-SC); points add up over the game.

After each round the state keeps what its scoring needs of the board, a small
``record`` (``state["scored"]``); ``scores`` turns the records into events. Each round
yields three events — tallest tower (MH-SC-1), city majorities (MH-SC-2), towers owned
(MH-SC-3) — whose lines name a colour; an event's ``points`` are per seat (a two-player
seat adds its two colours) and its ``by_colour`` per colour.
"""

from .. import common
from ..text import _, ngettext
from .board import CITIES, city_name, storeys, where
from .state import label

TALLEST, MAJORITY, PER_TOWER = 3, 2, 1


def record(board: dict) -> dict:
    """What scoring needs of the board as it stands: the greatest height and where it
    stands (``[city, lot, owner]``), and per city how many towers each colour owns."""
    height, tallest, owned = 0, [], {}
    for city, lots in board.items():
        count = {}
        for lot, tower in enumerate(lots):
            if not tower:
                continue
            top, size = tower[-1][0], storeys(tower)
            count[top] = count.get(top, 0) + 1
            if size > height:
                height, tallest = size, []
            if size == height:
                tallest.append([city, lot, top])
        owned[city] = count
    return {"height": height, "tallest": tallest, "owned": owned}


def round_events(state: dict, scored: dict, n: int) -> list[dict]:
    """The three scoring events of round ``n`` from its ``record``."""

    def who(colour):
        return label(state, colour)

    return [
        _event(state, _("Round {round}: tallest tower", round=n), "MH-SC-1", _tallest(scored, who)),
        _event(state, _("Round {round}: city majorities", round=n), "MH-SC-2",
               _majorities(scored, who)),
        _event(state, _("Round {round}: towers owned", round=n), "MH-SC-3",
               _owned(state, scored, who)),
    ]


def _tallest(scored: dict, who) -> list[tuple]:
    best, top = scored["tallest"], scored["height"]
    if not best:
        return [(None, _("No tower stands yet."), 0)]
    if len(best) > 1:
        spots = [_("{who} on {place}", who=who(c), place=where(city, lot)) for city, lot, c in best]
        return [(None, ngettext(
            "{towers} share the greatest height of {n} storey ({spots}): nobody scores.",
            "{towers} share the greatest height of {n} storeys ({spots}): nobody scores.",
            top, towers=ngettext("{n} tower", "{n} towers", len(best)), spots=spots), 0)]
    city, lot, c = best[0]
    return [(c, ngettext("{who} owns the tallest tower, {n} storey on {place}.",
                         "{who} owns the tallest tower, {n} storeys on {place}.",
                         top, who=who(c), place=where(city, lot)), TALLEST)]


def _majorities(scored: dict, who) -> list[tuple]:
    lines = []
    for city in CITIES:
        count = scored["owned"][city]
        if not count:
            lines.append((None, _("{city}: no towers.", city=city_name(city)), 0))
            continue
        most = max(count.values())
        leaders = [c for c, n in count.items() if n == most]
        if len(leaders) == 1:
            lines.append((leaders[0], _("{city}: {who} owns the most towers ({most} of {total}).",
                                        city=city_name(city), who=who(leaders[0]), most=most,
                                        total=sum(count.values())), MAJORITY))
        else:
            lines.append((None, ngettext(
                "{city}: {who} tie with {n} tower each; nobody scores.",
                "{city}: {who} tie with {n} towers each; nobody scores.",
                most, city=city_name(city), who=[who(c) for c in leaders]), 0))
    return lines


def _owned(state: dict, scored: dict, who) -> list[tuple]:
    count = {c: sum(city.get(c, 0) for city in scored["owned"].values()) for c in state["colours"]}
    return [(c, ngettext("{who} owns {n} tower.", "{who} owns {n} towers.", count[c], who=who(c)),
             count[c] * PER_TOWER) for c in state["colours"]]


def _event(state: dict, title, rule: str, lines: list[tuple]) -> dict:
    seat_of = {c: r["seat"] for c, r in state["colours"].items()}
    lines = [{"seat": seat_of.get(c), "colour": c, "text": text, "points": pts}
             for c, text, pts in lines]
    by_colour = {c: sum(line["points"] for line in lines if line["colour"] == c)
                 for c in state["colours"]}
    points = {p["seat"]: sum(by_colour[c] for c in p["colours"]) for p in state["players"]}
    return {"title": title, "rule": rule, "points": points, "by_colour": by_colour, "lines": lines}


def points(state: dict) -> dict:
    """``scores`` without its events: totals per seat and per colour, and the winners.

    The same arithmetic as the events' (``round_events``), without writing their lines,
    for views, which show only the numbers."""
    by_colour = dict.fromkeys(state["colours"], 0)
    for scored in state["scored"]:
        if len(scored["tallest"]) == 1:
            by_colour[scored["tallest"][0][2]] += TALLEST
        for count in scored["owned"].values():
            if count:
                most = max(count.values())
                leaders = [c for c, n in count.items() if n == most]
                if len(leaders) == 1 and leaders[0] in by_colour:
                    by_colour[leaders[0]] += MAJORITY
            for c, n in count.items():
                if c in by_colour:
                    by_colour[c] += n * PER_TOWER
    totals = {p["seat"]: sum(by_colour[c] for c in p["colours"]) for p in state["players"]}
    return {"totals": totals, "colour_totals": by_colour, "winners": _winners(state, totals)}


def _winners(state: dict, totals: dict) -> list[str]:
    if state["phase"] != common.OVER:
        return []
    best = max(totals.values())
    return [seat for seat, total in totals.items() if total == best]


def scores(state: dict) -> dict:
    """Totals per seat (and per colour), every round's events, and the winners at the end.

    A tie for the highest total is shared (MH-SC-4).
    """
    events = [event for n, scored in enumerate(state["scored"], 1)
              for event in round_events(state, scored, n)]
    totals = {p["seat"]: sum(e["points"][p["seat"]] for e in events) for p in state["players"]}
    by_colour = {c: sum(e["by_colour"][c] for e in events) for c in state["colours"]}
    return {"totals": totals, "colour_totals": by_colour, "events": events,
            "winners": _winners(state, totals)}
