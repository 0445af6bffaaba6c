"""Closure, the building stop (FA-X)."""

from .board import CLOSURE_SIGNS, DUMMY
from .commissions import recall_markers
from .scoring import add_event, end_game, lot_lines


def is_full(state: dict, quarter: str) -> bool:
    """Every lot holds buildings or shops: its auction may end in a closure (FA-X-1)."""
    return all(l["buildings"] or l["shops"] for l in state["quarters"][quarter]["lots"])


def closure_lines(state: dict, quarter: str, closer: str) -> list[dict]:
    """The closer: 1 VP per building there; every other player: half their normal score,
    rounded down (FA-X-2). The dummy's buildings count for the closer (FA-2P-4)."""
    total = sum(l["buildings"] for l in state["quarters"][quarter]["lots"])
    lines = [] if closer == DUMMY else [{"seat": closer, "points": total, "buildings": total}]
    normal = {}
    for line in lot_lines(state, quarter):
        if line["seat"] not in (closer, DUMMY):
            normal[line["seat"]] = normal.get(line["seat"], 0) + line["points"]
    lines += [{"seat": seat, "points": points // 2, "normal": points}
              for seat, points in normal.items()]
    return lines


def close(state: dict, quarter: str, closer: str) -> None:
    """Score the closure, clear the quarter, put up the sign (FA-X-2, FA-X-3, FA-X-4)."""
    add_event(state, "closure", "FA-X-2", closure_lines(state, quarter, closer), quarter=quarter,
              by=closer)
    for lot in state["quarters"][quarter]["lots"]:
        if lot["owner"]:
            state["removed"][lot["owner"]] += lot["buildings"]
        state["shops_removed"] += len(lot["shops"])
        lot.update(shops=[], owner=None, buildings=0)
    state["quarters"][quarter]["closed"] = True
    state["closed"].append(quarter)
    recall_markers(state, quarter)  # FA-X-3
    if len(state["closed"]) >= CLOSURE_SIGNS:
        end_game(state, "closures")  # FA-X-4
