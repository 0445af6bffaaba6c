"""The end of the game (NY-E): leftover market tiles, then scoring C.

When the market stays short because the bag is empty (NY-E-1, see ``refill.py``),
each tile left in the market goes to the richest holder of its bank, who builds or
reserves it (phase ``final``); then scoring C closes the game.
"""

from .. import common
from . import market, scoring
from .catalogue import BANKS
from .money import total


def leftover_receiver(state, bank: str) -> str | None:
    """Who gets the market tile of ``bank``'s space at the end (NY-E-2): the one
    holding the most money of that bank; nobody on a tie or if nobody holds any."""
    held = {seat: total([c for c in hand if c[0] == bank]) for seat, hand in state["hands"].items()}
    best = max(held.values(), default=0)
    leaders = [seat for seat, amount in held.items() if amount == best]
    return leaders[0] if best > 0 and len(leaders) == 1 else None


def end_game(state) -> None:
    """Hand out the leftover market tiles (NY-E-2); finish once none waits to be placed."""
    for i, tile in enumerate(state["market"]):
        if tile is None:
            continue
        receiver = leftover_receiver(state, BANKS[i])
        state["leftovers"].append({"space": BANKS[i], "tile": tile, "to": receiver})
        if receiver is not None:
            state["pending"][receiver].append(tile)
            state["market"][i] = None
    state["phase"] = "final"
    if not any(state["pending"].values()):
        finish(state)


def finish(state) -> None:
    """Scoring C, and the game is over (NY-E-3)."""
    scoring.score(state, "C")
    state["phase"] = common.OVER


def unfilled(state) -> bool:
    """The market could not be filled to four: the bag ran out (NY-E-1)."""
    return market.next_space(state) is not None
