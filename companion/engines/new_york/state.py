"""Small readers of the game state shared by the rule modules.

The state is plain JSON data (see ``setup.py`` for its shape). A city is stored
as ``{"x,y": tile}``; the geometry in ``city.py`` works on ``{(x, y): mask}``.
"""

import copy

from ..errors import IllegalAction
from . import city
from .catalogue import BANKS, SIDES, parse_tile, tile_text

DIRK = "dirk"


def clone(state: dict) -> dict:
    """A copy to change; ``apply`` never touches its input."""
    return copy.deepcopy(state)


def seats(state) -> list[str]:
    """Seats in clockwise order."""
    return [p["seat"] for p in state["players"]]


def name(state, seat) -> str:
    if seat == DIRK:
        return "Dirk"
    return next((p["name"] for p in state["players"] if p["seat"] == seat), str(seat))


def cell_key(pos) -> str:
    return f"{pos[0]},{pos[1]}"


def grid(state, seat) -> dict:
    """The seat's city as ``{(x, y): street mask}``."""
    out = {}
    for key, tile in state["cities"][seat].items():
        x, y = key.split(",")
        out[int(x), int(y)] = city.mask(tile["streets"])
    return out


def city_tiles(state, seat) -> list[dict]:
    """Building tiles in the seat's city (the start tile excluded)."""
    return [t for t in state["cities"][seat].values() if t["type"] != "start"]


def position(action) -> tuple[int, int]:
    """``(x, y)`` from an action's ``x`` and ``y``."""
    x, y = action.get("x"), action.get("y")
    if type(x) is not int or type(y) is not int:
        raise IllegalAction("NY-B-4", f"Give the square as whole numbers x and y, not {x!r}, "
                            f"{y!r}.", x=x, y=y)
    return x, y


def where(pos) -> str:
    """A square for people: x grows east, y grows south from Times Square at (0, 0)."""
    return f"({pos[0]}, {pos[1]})"


def card_order(card) -> tuple:
    return BANKS.index(card[0]), card[1]


def tile_order(tile) -> tuple:
    return tile["type"], tile["price"], tile["streets"]


def distinct(tiles) -> list[dict]:
    """Each different tile once, in a stable order (equal tiles are interchangeable)."""
    return [dict(t) for t in sorted({tile_order(t): t for t in tiles}.values(), key=tile_order)]


def pick(pool: list, raw, where_: str, rule: str) -> int:
    """Index in ``pool`` of the tile ``raw`` names; a rotated copy of a held tile is
    refused under NY-B-1, any other miss under ``rule``."""
    tile = parse_tile(raw)
    for i, held in enumerate(pool):
        if held == tile:
            return i
    for held in pool:
        if (held["type"], held["price"]) == (tile["type"], tile["price"]) \
                and _rotations(held["streets"]) & {tile["streets"]}:
            raise IllegalAction("NY-B-1", f"Tiles are never turned: your {tile_text(held)} cannot "
                                f"show streets {', '.join(tile['streets']) or 'on no side'}.",
                                tile=tile, held=held)
    raise IllegalAction(rule, f"There is no {tile_text(tile)} {where_}.", tile=tile,
                        held=distinct(pool))


def _rotations(streets: str) -> set[str]:
    """The street sides of a tile turned a quarter, half and three quarters."""
    turned = set()
    for k in (1, 2, 3):
        turned.add("".join(s for i, s in enumerate(SIDES) if SIDES[(i - k) % 4] in streets))
    return turned
