"""Scores: what each player added, and at the end a bonus for the right secret."""

from companion.engines.text import _

from .state import BONUS, name, seats


def scores(state: dict) -> dict:
    events = []
    added = {s: n for s, n in state["added"].items() if n}
    if added:
        events.append({"title": _("Added to the counter"), "rule": "TOY-4", "points": added,
                       "lines": [{"seat": s, "text": _("{name} added {n} in all.", name=name(state, s), n=n),
                                  "points": n} for s, n in added.items()]})
    if state["winner"]:
        digit = state["counter"] % 10
        lucky = {s: BONUS for s, n in state["secrets"].items() if n == digit}
        events.append({"title": _("Secret numbers"), "rule": "TOY-7", "points": lucky,
                       "lines": [{"seat": s, "text": _("{name}'s secret {n} is the last digit of {counter}.",
                                                       name=name(state, s), n=digit, counter=state["counter"]),
                                  "points": BONUS} for s in lucky]})
    totals = {s: sum(e["points"].get(s, 0) for e in events) for s in seats(state)}
    best = max(totals.values())
    winners = sorted(s for s, t in totals.items() if t == best) if state["winner"] else []
    return {"totals": totals, "events": events, "winners": winners}
