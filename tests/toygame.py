"""A tiny game for testing the platform without any real game's rules.

Two or more players first each submit a secret number at the same time (a
simultaneous step, like sealed bids), then take turns adding 1–3 to a counter;
whoever brings it to 10 or more wins.
"""

import copy

from companion.engines import IllegalAction

NAME, TITLE, RULE_PREFIX, PLAYERS = "toy", "Toy", "TOY", (2, 4)


def setup(config):
    players = config.get("players") or []
    if not 2 <= len(players) <= 4:
        raise IllegalAction("TOY-1", "Two to four players.", players=len(players))
    seats = [p["seat"] for p in players]
    return {"players": players, "secret": {s: None for s in seats}, "counter": 0, "turn": 0, "winner": None}


def _seats(state):
    return [p["seat"] for p in state["players"]]


def to_act(state):
    if state["winner"]:
        return set()
    waiting = {s for s, v in state["secret"].items() if v is None}
    return waiting or {_seats(state)[state["turn"]]}


def apply(state, seat, action):
    if seat not in to_act(state):
        raise IllegalAction("TOY-2", f"It is not {seat}'s turn.", seat=seat)
    new = copy.deepcopy(state)
    if action.get("type") == "secret" and state["secret"].get(seat, 0) is None:
        new["secret"][seat] = int(action.get("n", 0))
    elif action.get("type") == "add" and action.get("n") in (1, 2, 3):
        new["counter"] += action["n"]
        new["turn"] = (new["turn"] + 1) % len(_seats(state))
        if new["counter"] >= 10:
            new["winner"] = seat
    else:
        raise IllegalAction("TOY-3", f"Not a move now: {action!r}.", action=action)
    return new


def legal(state, seat):
    if seat not in to_act(state):
        return {"step": "wait", "prompt": "Wait.", "actions": [], "blocked": []}
    if any(v is None for v in state["secret"].values()):
        return {"step": "secret", "prompt": "Pick a secret number.", "actions": [{"type": "secret"}], "blocked": []}
    return {"step": "add", "prompt": "Add 1 to 3.", "actions": [{"type": "add", "n": [1, 2, 3]}], "blocked": []}


def view(state, seat):
    secrets = {s: (v if s == seat or not to_act_secret(state) else None) for s, v in state["secret"].items()}
    return {"players": state["players"], "counter": state["counter"], "secret": secrets}


def to_act_secret(state):
    return any(v is None for v in state["secret"].values())


def scores(state):
    points = {state["winner"]: 1} if state["winner"] else {}
    events = [{"title": "Win", "rule": "TOY-4", "points": points, "lines": []}] if points else []
    return {"totals": {s: points.get(s, 0) for s in _seats(state)}, "events": events,
            "winners": [state["winner"]] if state["winner"] else []}


def is_over(state):
    return state["winner"] is not None


def describe(state, seat, action, viewer):
    if action["type"] == "secret":
        return f"{seat} chose {action.get('n')}" if viewer == seat else f"{seat} chose a secret number"
    return f"{seat} added {action['n']}"
