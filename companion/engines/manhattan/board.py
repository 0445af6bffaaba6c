"""The board: six cities of 3×3 lots (MH-C-1), the sides players sit at (MH-S-1)
and how a building card's square turns into a lot (MH-T-3).

A square is numbered ``row * 3 + column`` and written ``[row, column]`` in actions.
A lot uses the board frame (row 0 north, column 0 west); a card uses its player's
frame (row 0 farthest from them, column 0 on their left).

>>> lot_of("S", 0), lot_of("N", 0), lot_of("E", 0), lot_of("W", 0)
(0, 8, 6, 2)
"""

from ..errors import IllegalAction

CITIES = {
    "manhattan": "Manhattan",
    "cairo": "Cairo",
    "sao_paulo": "São Paulo",
    "frankfurt": "Frankfurt",
    "sydney": "Sydney",
    "hong_kong": "Hong Kong",
}
SIDES = {"N": "north", "E": "east", "S": "south", "W": "west"}
SQUARES = range(9)

_LOT_NAMES = ("north-west", "north", "north-east", "west", "centre", "east",
              "south-west", "south", "south-east")
_CARD_NAMES = ("far left", "far middle", "far right", "middle left", "centre",
               "middle right", "near left", "near middle", "near right")

# Card (r, c) as its player sees it -> lot (row, col) on the board (MH-T-3).
_TURN = {
    "S": lambda r, c: (r, c),
    "N": lambda r, c: (2 - r, 2 - c),
    "E": lambda r, c: (2 - c, r),
    "W": lambda r, c: (c, 2 - r),
}
CARD_LOTS = {
    side: tuple(row * 3 + col for row, col in (turn(*divmod(card, 3)) for card in SQUARES))
    for side, turn in _TURN.items()
}


def lot_of(side: str, card: int) -> int:
    """The lot a card square points to for a player sitting at ``side`` (MH-T-3)."""
    return CARD_LOTS[side][card]


def square(index: int) -> list[int]:
    """``[row, column]`` of a square number."""
    return list(divmod(index, 3))


def lot_name(index: int) -> str:
    return _LOT_NAMES[index]


def card_name(index: int) -> str:
    return _CARD_NAMES[index]


def parse_square(value, rule: str, what: str) -> int:
    """The square number of a ``[row, column]`` input, or a refusal citing ``rule``."""
    if (isinstance(value, (list, tuple)) and len(value) == 2
            and all(type(v) is int and 0 <= v <= 2 for v in value)):
        return value[0] * 3 + value[1]
    raise IllegalAction(rule, f"The {what} {value!r} is not a square of the 3×3 grid; "
                              "give [row, column] with each between 0 and 2.", **{what: value})


def parse_city(value) -> str:
    if isinstance(value, str) and value in CITIES:
        return value
    raise IllegalAction("MH-C-1", f"There is no city {value!r}; the cities are "
                                  f"{', '.join(CITIES.values())}.", city=value, cities=list(CITIES))


def empty_board() -> dict:
    """Every city's nine lots, each an empty tower (pieces bottom to top: [colour, height])."""
    return {city: [[] for _ in SQUARES] for city in CITIES}


def owner(tower: list) -> str | None:
    """The colour on top owns the tower (MH-B-1)."""
    return tower[-1][0] if tower else None


def storeys(tower: list, colour: str | None = None) -> int:
    """Storeys of the whole tower, or only those of ``colour``."""
    return sum(h for c, h in tower if colour is None or c == colour)


def where(city: str, lot: int) -> str:
    """'the north-west lot of Cairo'."""
    return f"the {lot_name(lot)} lot of {CITIES[city]}"
