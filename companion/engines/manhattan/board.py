"""The board: six cities of 3×3 lots (MH-C-1), the sides players sit at (MH-S-1),
how a building card's square turns into a lot (MH-T-3), and towers (MH-B-1).

A square is numbered ``row * 3 + column`` and written ``[row, column]`` in actions.
A lot uses the board frame (row 0 north, column 0 west); a card uses its player's
frame (row 0 farthest from them, column 0 on their left).

>>> lot_of("S", 0), lot_of("N", 0), lot_of("E", 0), lot_of("W", 0)
(0, 8, 6, 2)
"""

from ..errors import IllegalAction
from ..text import N_, Text, _

CITIES = {
    "manhattan": N_("Manhattan"),
    "cairo": N_("Cairo"),
    "sao_paulo": N_("São Paulo"),
    "frankfurt": N_("Frankfurt"),
    "sydney": N_("Sydney"),
    "hong_kong": N_("Hong Kong"),
}
SIDES = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
SQUARES = range(9)

LOT_NAMES = (N_("north-west"), N_("north"), N_("north-east"), N_("west"), N_("centre"),
             N_("east"), N_("south-west"), N_("south"), N_("south-east"))
CARD_NAMES = (N_("far left"), N_("far middle"), N_("far right"), N_("middle left"), N_("centre"),
              N_("middle right"), N_("near left"), N_("near middle"), N_("near right"))

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
SQUARE_OF = {(r, c): r * 3 + c for r in range(3) for c in range(3)}


def lot_of(side: str, card: int) -> int:
    """The lot a card square points to for a player sitting at ``side`` (MH-T-3)."""
    return CARD_LOTS[side][card]


def square(index: int) -> list[int]:
    """``[row, column]`` of a square number."""
    return list(divmod(index, 3))


def card_name(card: int) -> Text:
    return _(CARD_NAMES[card])


def city_name(city: str) -> Text:
    return _(CITIES[city])


def where(city: str, lot: int) -> Text:
    """'the north-west lot of Cairo'."""
    return _("the {lot} lot of {city}", lot=_(LOT_NAMES[lot]), city=_(CITIES[city]))


def as_square(value) -> int | None:
    """The square number of a ``[row, column]`` input, or None if it is not one."""
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(type(v) is int for v in value):
        return SQUARE_OF.get((value[0], value[1]))
    return None


def parse_card(value) -> int:
    card = as_square(value)
    if card is None:
        raise IllegalAction("MH-C-2", _("The card {card} is not a square of the 3×3 grid: give "
                                        "[row, column], each from 0 to 2.", card=repr(value)),
                            card=value)
    return card


def parse_city(value) -> str:
    if isinstance(value, str) and value in CITIES:
        return value
    raise IllegalAction("MH-C-1", _("There is no city {city}; the cities are {cities}.",
                                    city=repr(value), cities=[_(n) for n in CITIES.values()]),
                        city=value, cities=list(CITIES))


def empty_board() -> dict:
    """Every city's nine lots. A lot holds ``None`` (no tower: a cheap thing to copy) or
    a tower, its pieces from the bottom up as ``[colour, height]``."""
    return {city: [None] * len(SQUARES) for city in CITIES}


def owner(tower: list | None) -> str | None:
    """The colour on top owns the tower (MH-B-1)."""
    return tower[-1][0] if tower else None


def storeys(tower: list | None, colour: str | None = None) -> int:
    """Storeys of the whole tower, or only those of ``colour``."""
    return sum(h for c, h in tower or () if colour is None or c == colour)


def towers(board: dict) -> list[tuple[str, int, str, int]]:
    """Every standing tower as (city, lot, owner, storeys)."""
    return [(city, lot, t[-1][0], storeys(t))
            for city in CITIES for lot, t in enumerate(board[city]) if t]
