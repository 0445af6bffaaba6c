"""Shared set-ups for the Manhattan tests: tables, picks and placements by lot."""

import pytest

from companion.engines import IllegalAction
from companion.engines import manhattan as engine
from companion.engines.text import english

# The digest's card -> lot formulas (MH-T-3), used to aim at a lot by its board position.
DIGEST_TURN = {
    "S": lambda r, c: [r, c],
    "N": lambda r, c: [2 - r, 2 - c],
    "E": lambda r, c: [2 - c, r],
    "W": lambda r, c: [c, 2 - r],
}

FOUR = [("b", "S", "black"), ("l", "W", "light_blue"), ("r", "N", "red"), ("g", "E", "green")]


def config(players=FOUR, start=None, **extra):
    """A config from (seat, side, colour or [colours]) triples, seated clockwise."""
    return {
        "players": [{"seat": s, "name": s.upper(), "side": side,
                     "colours": colours if isinstance(colours, list) else [colours]}
                    for s, side, colours in players],
        "start": start or players[0][0],
        **extra,
    }


def new_game(players=FOUR, start=None, **extra):
    return engine.setup(config(players, start, **extra))


def card_for(side, lot):
    """The card square a player at ``side`` plays to build on board ``lot``."""
    return next([r, c] for r in range(3) for c in range(3) if DIGEST_TURN[side](r, c) == list(lot))


def side_of(state, seat):
    return next(p["side"] for p in engine.view(state, None)["players"] if p["seat"] == seat)


def seat_of(state, colour):
    return engine.view(state, None)["colours"][colour]["seat"]


def pick(state, picks):
    """Every colour picks, in turn: ``picks[colour]`` or the first option legal() offers."""
    while state["phase"] == "pick":
        (seat,) = engine.to_act(state)
        first = engine.legal(state, seat)["actions"][0]
        heights = picks.get(first["colour"]) or first["heights"]
        state = engine.apply(state, seat, {"type": "pick", "colour": first["colour"],
                                           "heights": heights})
    return state


def picked(state, colour):
    """The heights ``colour`` picked this round and has not built yet."""
    return engine.view(state, None)["colours"][colour]["picked"]


def place(state, colour, city, lot, height, seat=None):
    """``colour`` builds ``height`` on board ``lot`` of ``city`` (the card is derived)."""
    seat = seat or seat_of(state, colour)
    card = card_for(side_of(state, seat), lot)
    return engine.apply(state, seat, {"type": "place", "colour": colour, "card": card,
                                      "city": city, "height": height})


def play_rounds(state, rounds):
    """Placements in turn order: each round lists (colour, city, lot, height) per seat."""
    for round_ in rounds:
        for colour, city, lot, height in round_:
            state = place(state, colour, city, lot, height)
    return state


def refused(rule, fn, *args, **kwargs):
    """Assert the call is refused citing ``rule`` with a text that renders; return the error."""
    with pytest.raises(IllegalAction) as exc:
        fn(*args, **kwargs)
    assert exc.value.rule == rule, exc.value
    assert english(exc.value.text) == exc.value.message
    return exc.value


def lot_at(state, city, lot):
    """The view of one lot."""
    cities = {c["city"]: c for c in engine.view(state, None)["cities"]}
    return cities[city]["lots"][lot[0] * 3 + lot[1]]
