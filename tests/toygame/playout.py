"""Random games: configs, actions chosen from ``legal()`` only, secrets shuffled, a die."""

from .flow import legal
from .setup import COLOURS
from .state import FACES


def random_config(rng, players: int, **options) -> dict:
    return {"players": [{"seat": f"p{i}", "name": f"Player {i}", "colour": COLOURS[i - 1]}
                        for i in range(1, players + 1)]}


def random_action(state: dict, seat: str, rng) -> dict:
    return fill(state, seat, rng.choice(legal(state, seat)["actions"]), rng)


def fill(state: dict, seat: str, entry: dict, rng) -> dict:
    """The action of one entry of ``legal()["actions"]``, its choice made at random."""
    if entry["type"] == "secret":
        return {"type": "secret", "n": rng.choice(entry["choices"])}
    if entry["type"] == "roll":
        return table_draw(state, rng)
    return dict(entry)


def table_draw(state: dict, rng) -> dict:
    """The server rolls the die for the table."""
    return {"type": "roll", "n": rng.choice(list(FACES))}


def hide(state: dict, seat: str | None, rng) -> dict:
    """``state`` with what only ``seat`` knows changed: its secret while secrets are hidden."""
    if seat is None or state["phase"] != "secret" or state["secrets"].get(seat) is None:
        return state
    other = dict(state, secrets=dict(state["secrets"]))
    other["secrets"][seat] = rng.choice([n for n in range(1, 10) if n != state["secrets"][seat]])
    return other
