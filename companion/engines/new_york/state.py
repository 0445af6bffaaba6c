"""Small readers of the game state and of an action's fields.

The state is plain JSON data (see ``setup.py`` for its shape). A city is stored
as ``{"x,y": tile}``; the geometry in ``city.py`` works on ``{(x, y): mask}``.
"""

from functools import lru_cache

from ..common import TABLE
from ..errors import IllegalAction
from ..text import N_, _
from . import city
from .catalogue import BANKS, SIDES, parse_tile, tile_text

DIRK = "dirk"  # the two-player collector: no seat, but a holder in the majorities

# A player's piles of tiles outside the city, and what a miss in each says.
PILES = {"reserves": N_("You have no {tile} in your reserve."),
         "pending": N_("You have no {tile} waiting beside your city.")}


def seats(state) -> list[str]:
    """Seats in clockwise order."""
    return [p["seat"] for p in state["players"]]


def names(state) -> dict:
    """Who is who, for refusals naming the seats the game waits for."""
    return {p["seat"]: p["name"] for p in state["players"]} | {TABLE: _("the table"),
                                                               DIRK: _("Dirk")}


def player_name(state, seat):
    """A player's name as typed at setup (Dirk and the table as texts)."""
    return names(state).get(seat, seat)


def cell_key(pos) -> str:
    return f"{pos[0]},{pos[1]}"


def grid(state, seat) -> dict:
    """The seat's city as ``{(x, y): street mask}``."""
    out = {}
    for key, tile in state["cities"][seat].items():
        x, y = key.split(",")
        out[int(x), int(y)] = city.mask(tile["streets"])
    return out


def street_length(state, seat) -> int:
    """The seat's longest street (NY-SC-3). Kept per city layout: views ask for every
    player's after every move, and a city changes only when a tile is placed in it."""
    return _street_length(frozenset((key, tile["streets"])
                                    for key, tile in state["cities"][seat].items()))


@lru_cache(maxsize=4096)
def _street_length(layout: frozenset) -> int:
    cells = {}
    for key, streets in layout:
        x, y = key.split(",")
        cells[int(x), int(y)] = city.mask(streets)
    return city.longest_street(cells)


def city_tiles(state, seat) -> list[dict]:
    """Building tiles in the seat's city (the start tile excluded)."""
    return [t for t in state["cities"][seat].values() if t["type"] != "start"]


def position(action) -> tuple[int, int]:
    """``(x, y)`` from an action's ``x`` and ``y``."""
    x, y = action.get("x"), action.get("y")
    if type(x) is not int or type(y) is not int:
        raise IllegalAction("NY-B-4", _("Give the square as whole numbers x and y, not {x}, {y}.",
                                        x=repr(x), y=repr(y)), x=x, y=y)
    return x, y


def card_order(card) -> tuple:
    return BANKS.index(card[0]), card[1]


def tile_order(tile) -> tuple:
    return tile["type"], tile["price"], tile["streets"]


def distinct(tiles) -> list[dict]:
    """Each different tile once, in a stable order (equal tiles are interchangeable)."""
    return [dict(t) for t in sorted({tile_order(t): t for t in tiles}.values(), key=tile_order)]


def pick(state, seat, pile: str, raw, rule: str) -> int:
    """Index in the seat's ``pile`` of the tile the action's ``raw`` names; a rotated
    copy of a held tile is refused under NY-B-1, any other miss under ``rule``."""
    pool = state[pile][seat]
    tile = parse_tile(raw)
    for i, held in enumerate(pool):
        if held == tile:
            return i
    for held in pool:
        if (held["type"], held["price"]) == (tile["type"], tile["price"]) \
                and _rotations(held["streets"]) & {tile["streets"]}:
            raise IllegalAction("NY-B-1", _("Tiles are never turned: your {held} cannot show "
                                            "streets on {sides}.", held=tile_text(held),
                                            sides=city.sides_text(city.mask(tile["streets"]))),
                                tile=tile, held=held)
    raise IllegalAction(rule, _(PILES[pile], tile=tile_text(tile)), tile=tile, held=distinct(pool))


def _rotations(streets: str) -> set[str]:
    """The street sides of a tile turned a quarter, half and three quarters."""
    turned = set()
    for k in (1, 2, 3):
        turned.add("".join(s for i, s in enumerate(SIDES) if SIDES[(i - k) % 4] in streets))
    return turned


def square_args(pos) -> dict:
    """The ``x``/``y`` parameters of a text naming a square: "(2, -1)"."""
    return {"x": pos[0], "y": pos[1]}

