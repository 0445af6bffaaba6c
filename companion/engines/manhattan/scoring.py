"""Scoring after every round (MH-SC); points add up over the game.

Each round yields three events — tallest tower (MH-SC-1), city majorities (MH-SC-2),
towers owned (MH-SC-3) — whose lines name a colour; an event's ``points`` are per seat
(a two-player seat adds its two colours) and its ``by_colour`` per colour.
"""

from collections import Counter

from .. import common
from ..text import _, ngettext
from .board import CITIES, city_name, towers, where
from .state import label

TALLEST, MAJORITY, PER_TOWER = 3, 2, 1


def round_events(state: dict) -> list[dict]:
    """The three scoring events for the board as it stands, titled with the round."""
    standing = towers(state["board"])
    n = state["round"]

    def who(colour):
        return label(state, colour)

    return [
        _event(state, _("Round {round}: tallest tower", round=n), "MH-SC-1", _tallest(standing, who)),
        _event(state, _("Round {round}: city majorities", round=n), "MH-SC-2",
               _majorities(standing, who)),
        _event(state, _("Round {round}: towers owned", round=n), "MH-SC-3",
               _owned(state, standing, who)),
    ]


def _tallest(standing, who) -> list[tuple]:
    if not standing:
        return [(None, _("No tower stands yet."), 0)]
    top = max(s for *_rest, s in standing)
    best = [(city, lot, c) for city, lot, c, s in standing if s == top]
    if len(best) > 1:
        spots = [_("{who} on {place}", who=who(c), place=where(city, lot)) for city, lot, c in best]
        return [(None, _("{count} towers share the greatest height of {n} storeys ({spots}): "
                         "nobody scores.", count=len(best), n=top, spots=spots), 0)]
    city, lot, c = best[0]
    return [(c, _("{who} owns the tallest tower, {n} storeys on {place}.",
                  who=who(c), n=top, place=where(city, lot)), TALLEST)]


def _majorities(standing, who) -> list[tuple]:
    lines = []
    for city in CITIES:
        count = Counter(c for town, _lot, c, _height in standing if town == city)
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


def _owned(state: dict, standing, who) -> list[tuple]:
    count = Counter(c for *_rest, c, _height in standing)
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


def scores(state: dict) -> dict:
    """Totals per seat (and per colour), every round's events, and the winners at the end.

    A tie for the highest total is shared (MH-SC-4).
    """
    events = state["events"]
    totals = {p["seat"]: sum(e["points"][p["seat"]] for e in events) for p in state["players"]}
    by_colour = {c: sum(e["by_colour"][c] for e in events) for c in state["colours"]}
    winners = []
    if state["phase"] == common.OVER:
        best = max(totals.values())
        winners = [seat for seat, total in totals.items() if total == best]
    return {"totals": totals, "colour_totals": by_colour, "events": common.clone(events),
            "winners": winners}
