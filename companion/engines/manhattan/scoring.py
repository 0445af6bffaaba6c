"""Scoring after every phase (MH-SC); points add up over the game.

Each phase yields three events — tallest tower (MH-SC-1), city majorities
(MH-SC-2), towers owned (MH-SC-3) — whose lines name a colour; an event's
``points`` are per seat (a two-player seat adds its two colours) and its
``colours`` per colour.
"""

import copy
from collections import Counter

from .board import CITIES, owner, storeys, where
from .pieces import colour_name

TALLEST, MAJORITY, PER_TOWER = 3, 2, 1


def towers(board: dict) -> list[tuple[str, int, str, int]]:
    """Every standing tower as (city, lot, owner, storeys)."""
    return [(city, lot, owner(t), storeys(t))
            for city in CITIES for lot, t in enumerate(board[city]) if t]


def phase_events(state: dict) -> list[dict]:
    """The three scoring events for the board as it stands, titled with the phase."""
    standing = towers(state["board"])
    label = _labeller(state)
    phase = f"Phase {state['phase']}"
    return [
        _event(state, f"{phase}: tallest tower", "MH-SC-1", _tallest(standing, label)),
        _event(state, f"{phase}: city majorities", "MH-SC-2", _majorities(standing, label)),
        _event(state, f"{phase}: towers owned", "MH-SC-3", _owned(state, standing, label)),
    ]


def _labeller(state: dict):
    names = {p["seat"]: p["name"] for p in state["players"]}
    return lambda c: f"{names[state['colours'][c]['seat']]} ({colour_name(c)})"


def _line(state: dict, colour: str | None, text: str, points: int) -> dict:
    seat = state["colours"][colour]["seat"] if colour else None
    return {"seat": seat, "colour": colour, "text": text, "points": points}


def _tallest(standing, label) -> list[tuple]:
    if not standing:
        return [(None, "No tower stands yet.", 0)]
    top = max(s for *_, s in standing)
    best = [(city, lot, c) for city, lot, c, s in standing if s == top]
    if len(best) > 1:
        spots = "; ".join(f"{label(c)} on {where(city, lot)}" for city, lot, c in best)
        return [(None, f"{len(best)} towers share the greatest height of {top} storeys ({spots}): "
                       "nobody scores.", 0)]
    city, lot, c = best[0]
    return [(c, f"{label(c)} owns the tallest tower, {top} storeys on {where(city, lot)}.", TALLEST)]


def _majorities(standing, label) -> list[tuple]:
    lines = []
    for city, name in CITIES.items():
        count = Counter(c for town, _, c, _ in standing if town == city)
        if not count:
            lines.append((None, f"{name}: no towers.", 0))
            continue
        most = max(count.values())
        leaders = [c for c, n in count.items() if n == most]
        if len(leaders) == 1:
            lines.append((leaders[0], f"{name}: {label(leaders[0])} owns the most towers "
                                      f"({most} of {sum(count.values())}).", MAJORITY))
        else:
            tied = " and ".join([", ".join(label(c) for c in leaders[:-1]), label(leaders[-1])])
            lines.append((None, f"{name}: {tied} tie with {most} tower(s) each; nobody scores.", 0))
    return lines


def _owned(state: dict, standing, label) -> list[tuple]:
    count = Counter(c for *_, c, _ in standing)
    return [(c, f"{label(c)} owns {count[c]} tower(s).", count[c] * PER_TOWER)
            for c in state["colours"]]


def _event(state: dict, title: str, rule: str, lines: list[tuple]) -> dict:
    lines = [_line(state, c, text, pts) for c, text, pts in lines]
    colours = {c: sum(l["points"] for l in lines if l["colour"] == c) for c in state["colours"]}
    points = {p["seat"]: sum(colours[c] for c in p["colours"]) for p in state["players"]}
    return {"title": title, "rule": rule, "points": points, "colours": colours, "lines": lines}


def scores(state: dict) -> dict:
    """Totals per seat (and per colour), every phase's events, and the winners at the end.

    A tie for the highest total is shared (MH-SC-4).
    """
    events = state["events"]
    totals = {p["seat"]: sum(e["points"][p["seat"]] for e in events) for p in state["players"]}
    by_colour = {c: sum(e["colours"][c] for e in events) for c in state["colours"]}
    winners = []
    if state["step"] == "over":
        best = max(totals.values())
        winners = [seat for seat, total in totals.items() if total == best]
    return {"totals": totals, "colour_totals": by_colour,
            "events": copy.deepcopy(events),
            "winners": winners}
