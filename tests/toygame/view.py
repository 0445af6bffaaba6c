"""What a seat (or the table screen, ``None``) may see: secrets stay with their owner
until every player has chosen one."""

from companion.engines import common

from .scoring import scores
from .state import TARGET


def view(state: dict, seat: str | None) -> dict:
    hidden = state["phase"] == "secret"
    totals = scores(state)["totals"]
    return {
        "phase": state["phase"],
        "players": [common.player(p["seat"], p["name"], totals[p["seat"]], p["colour"])
                    for p in state["players"]],
        "counter": state["counter"],
        "target": TARGET,
        "turn": state["turn"],
        "last_add": state["last_add"],
        "chosen": sorted(s for s, n in state["secrets"].items() if n is not None),
        "secrets": {s: n for s, n in state["secrets"].items() if not hidden or s == seat},
    }
