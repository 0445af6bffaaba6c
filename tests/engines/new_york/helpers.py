"""Shared fixtures for the New York tests: hand-drawn cities and small set-ups."""

import copy

import pytest

from companion.engines import IllegalAction
from companion.engines import new_york as ny
from companion.engines.new_york import city

SIDES = {"N": city.N, "E": city.E, "S": city.S, "W": city.W}


def draw(picture: str) -> dict:
    """A grid from a drawing: one token per square, separated by spaces.

    ``T`` is Times Square (the origin), ``.`` an empty square, ``-`` a tile without
    streets, otherwise the letters of its street sides (``NE``). Rows run north to
    south, so y grows downwards like in the engine.
    """
    rows = [line.split() for line in picture.strip("\n").splitlines() if line.strip()]
    origin = next((x, y) for y, row in enumerate(rows) for x, tok in enumerate(row) if tok == "T")
    grid = {}
    for y, row in enumerate(rows):
        for x, tok in enumerate(row):
            if tok == ".":
                continue
            streets = "" if tok in "T-" else tok
            grid[x - origin[0], y - origin[1]] = sum(SIDES[s] for s in streets)
    return grid


def tile(kind="museum", price=None, streets=""):
    low = {"museum": 2, "theatre": 3, "station": 4, "church": 5, "park": 6, "skyscraper": 7}[kind]
    return {"type": kind, "price": low if price is None else price, "streets": streets}


def letters(mask: int) -> str:
    return "".join(s for s, bit in SIDES.items() if mask & bit)


def with_city(state, seat, picture, kind="museum"):
    """``state`` with the seat's city replaced by a drawing (tiles of one type)."""
    state = copy.deepcopy(state)
    state["cities"][seat] = {
        f"{x},{y}": ({"type": "start", "price": None, "streets": ""} if (x, y) == (0, 0)
                     else tile(kind, streets=letters(m)))
        for (x, y), m in draw(picture).items()}
    return state


def config3(**changes):
    """Anna, Ben and Carla; Anna starts (3 cards, lowest total)."""
    config = {
        "players": [{"seat": "a", "name": "Anna"}, {"seat": "b", "name": "Ben"},
                    {"seat": "c", "name": "Carla"}],
        "start_money": {"a": [["blue", 9], ["red", 9], ["green", 2]],
                        "b": [["blue", 8], ["red", 8], ["green", 5]],
                        "c": [["yellow", 9], ["yellow", 8], ["red", 1], ["blue", 2]]},
        "money_display": [["blue", 1], ["green", 2], ["yellow", 3], ["red", 4]],
        "market": [tile("museum", 2), tile("park", 8, "N"), tile("church", 7, "E"),
                   tile("station", 5)],
    }
    config.update(changes)
    return config


def config2(**changes):
    """Anna and Ben with Dirk."""
    config = config3(**changes)
    config["players"] = config["players"][:2]
    config["start_money"] = {k: v for k, v in config["start_money"].items() if k != "c"}
    config.setdefault("dirk", [tile("park", 6), tile("park", 7), tile("museum", 3),
                               tile("theatre", 4), tile("station", 6), tile("church", 8)])
    return config


def drawing(state) -> str:
    """What ``legal()`` asks the table to draw now: "money", "market" or "dirk"."""
    first = ny.legal(state, "table")["actions"][0]
    return "money" if first["type"] == "draw_money" else first["for"]


def refused(rule, fn, *args, **kwargs):
    """Run ``fn`` and check it raises ``IllegalAction`` citing ``rule``; returns the error."""
    with pytest.raises(IllegalAction) as caught:
        fn(*args, **kwargs)
    assert caught.value.rule == rule, caught.value
    return caught.value
