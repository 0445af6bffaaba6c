"""The building market (NY-C-5), the bag of tiles (NY-C-3/4) and the leftovers at
the end (NY-E-2).

The market is a list of four spaces in bank order (blue … red), each a tile or
``None``. The bag is known by what has left it: ``out_of_bag`` counts tiles per
type; a tile drawn is checked to be one the bag can still hold.
"""

from ..errors import IllegalAction
from .catalogue import BANKS, COUNTS, TOTAL_TILES, parse_tile
from .money import total


def bag_left(state) -> int:
    return TOTAL_TILES - sum(state["out_of_bag"].values())


def bag_types(state) -> dict[str, int]:
    """Tiles of each type still in the bag."""
    return {kind: n - state["out_of_bag"].get(kind, 0) for kind, n in COUNTS.items()}


def draw(state, raw) -> dict:
    """Take the tile ``raw`` out of the bag (changes ``state``); refuse a tile the
    bag cannot hold any more."""
    tile = parse_tile(raw)
    kind = tile["type"]
    if state["out_of_bag"].get(kind, 0) >= COUNTS[kind]:
        raise IllegalAction("NY-C-4", f"All {COUNTS[kind]} {kind} tiles are already out of the "
                            "bag.", tile=tile)
    state["out_of_bag"][kind] = state["out_of_bag"].get(kind, 0) + 1
    return tile


def space(raw) -> int:
    """Index of a market space named by its bank (or given as 0–3)."""
    if raw in BANKS:
        return BANKS.index(raw)
    if type(raw) is int and 0 <= raw < len(BANKS):
        return raw
    raise IllegalAction("NY-C-5", f"There is no market space {raw!r}; the spaces are "
                        f"{', '.join(BANKS)}.", space=raw)


def next_space(state) -> int | None:
    """The first empty market space in bank order (refills go blue → red)."""
    return next((i for i, t in enumerate(state["market"]) if t is None), None)


def leftover_receiver(state, bank: str) -> str | None:
    """Who gets the market tile of ``bank``'s space at the end (NY-E-2): the one
    holding the most money of that bank; nobody on a tie or if nobody holds any."""
    held = {seat: total([c for c in hand if c[0] == bank]) for seat, hand in state["hands"].items()}
    best = max(held.values(), default=0)
    leaders = [seat for seat, amount in held.items() if amount == best]
    return leaders[0] if best > 0 and len(leaders) == 1 else None
