"""Board data (FA-C, FA-M-2): quarters, lot colours, shop types, cards, the route graph.

Everything here is constant; the per-game ring order of lot colours comes from the
setup (the host confirms the printed board, FA-C-3). The game's own words (places,
colours, shops, commissions) are marked for translation here, where they are defined,
and become texts through the ``*_text`` functions below.
"""

from ..text import Text, _, N_

CITY_HALL = "city_hall"
CENTRAL_PARK = "central_park"

#: Quarter ids and names in drawing order: the board reads left to right
#: City Hall | 34w 34e | 42w ts 42e | 52w 52e | Central Park (FA-C-2).
QUARTERS = {
    "34w": N_("34th Street West"),
    "34e": N_("34th Street East"),
    "42w": N_("42nd Street West"),
    "ts": N_("Times Square"),
    "42e": N_("42nd Street East"),
    "52w": N_("52nd Street West"),
    "52e": N_("52nd Street East"),
}

#: Columns of quarters, left to right, as drawn.
COLUMNS = (("34w", "34e"), ("42w", "ts", "42e"), ("52w", "52e"))

#: The commissions' route, one step forward (FA-M-2). Central Park -> City Hall is the
#: return move of FA-M-5, not part of the graph.
ROUTES = {
    CITY_HALL: ("34w", "34e"),
    "34w": ("42w", "ts"),
    "34e": ("ts", "42e"),
    "42w": ("52w",),
    "ts": ("52w", "52e"),
    "42e": ("52e",),
    "52w": (CENTRAL_PARK,),
    "52e": (CENTRAL_PARK,),
}

PLACE_NAMES = {CITY_HALL: N_("City Hall"), **QUARTERS, CENTRAL_PARK: N_("Central Park")}

LOT_COLORS = ("orange", "green", "grey", "brown", "violet")
DASHED = "dashed"  # the sixth lot of the 6-lot board: shops only (FA-C-3)
BLACK = "black"
CARD_COLORS = LOT_COLORS + (BLACK,)
SHOP_TYPES = ("boutique", "jeweler", "gallery", "perfumery")
SHOP_NAMES = {"boutique": N_("boutique"), "jeweler": N_("jeweler"), "gallery": N_("gallery"),
              "perfumery": N_("perfumery")}
BOARDS = {"5-lot": 5, "6-lot": 6}

#: Card counts per value (FA-C-4): per lot colour, and for black.
COLORED_DECK = {4: 5, 5: 4, 6: 3}
BLACK_DECK = {4: 20, 5: 16, 6: 14}
CARD_VALUES = (4, 5, 6)
#: Buildings printed on a card of each value: the build limit of FA-A-4.
BUILDINGS_ON_CARD = {4: 3, 5: 2, 6: 1}

COMMISSIONS = ("white", "beige")
COMMISSION_NAMES = {"white": N_("white"), "beige": N_("beige")}
MARKERS_PER_COMMISSION = 3
CLOSURE_SIGNS = 2

PIECE_COLORS = ("red", "yellow", "blue", "green")
#: Every colour the game names: lots, cards, the dashed lot, the players' pieces.
COLOUR_NAMES = {"orange": N_("orange"), "green": N_("green"), "grey": N_("grey"),
                "brown": N_("brown"), "violet": N_("violet"), "black": N_("black"),
                "dashed": N_("dashed"), "red": N_("red"), "yellow": N_("yellow"), "blue": N_("blue")}
BUILDINGS_PER_COLOR = 18
START_RESERVE = 3
START_ON_BOARD = 2
SCORE_MARKER = 1
START_SUPPLY = BUILDINGS_PER_COLOR - SCORE_MARKER - START_ON_BOARD - START_RESERVE  # 12
START_BLACK_CARDS = 4

SHOPS_PER_TYPE = 9
DISPLAY_SIZE = 20
#: The display row's blocks as [start, end) index ranges: 3,2,3,2,3,2,3,2 (FA-S-2).
BLOCKS = ((0, 3), (3, 5), (5, 8), (8, 10), (10, 13), (13, 15), (15, 18), (18, 20))
#: Special scorings (FA-SH-4): shops placed from the display -> (quarters needed, VP).
SPECIAL_SCORINGS = {3: (3, 4), 6: (4, 6), 9: (5, 8)}
LAST_SHOP = 12  # placing it ends the game (FA-SH-5)

#: VP per building by the number of distinct neighbouring shop types (FA-Q-2).
VP_BY_TYPES = (1, 2, 3, 5, 8)
CENTRAL_PARK_REVEAL = 3  # shops revealed at the end (FA-E-3)

DUMMY = "dummy"
DUMMY_NAME = "Alea"


def place_text(key: str) -> Text:
    """A quarter, City Hall or Central Park as a text."""
    return _(PLACE_NAMES[key])


def colour_text(key: str) -> Text:
    return _(COLOUR_NAMES[key])


def shop_text(key: str) -> Text:
    return _(SHOP_NAMES[key])


def commission_text(key: str) -> Text:
    return _(COMMISSION_NAMES[key])


def successors(at: str, closed) -> list[str]:
    """Where a commission on ``at`` may move forward, skipping closed quarters (FA-M-4).

    >>> successors("ts", {"52e"})
    ['52w', 'central_park']
    >>> successors("city_hall", set())
    ['34w', '34e']
    """
    found = []
    for nxt in ROUTES.get(at, ()):
        for target in successors(nxt, closed) if nxt in closed else [nxt]:
            if target not in found:
                found.append(target)
    return found


def neighbours(lots: list, index: int) -> tuple:
    """The two lots next to ``lots[index]`` on the ring (FA-C-3)."""
    return lots[index - 1], lots[(index + 1) % len(lots)]


def neighbour_types(lots: list, index: int) -> list[str]:
    """Distinct shop types on the two neighbouring lots, in SHOP_TYPES order (FA-Q-2)."""
    present = {shop for lot in neighbours(lots, index) for shop in lot["shops"]}
    return [shop for shop in SHOP_TYPES if shop in present]


def lot_vp(lots: list, index: int) -> int:
    """VP one building on ``lots[index]`` is worth in a quarter scoring (FA-Q-2)."""
    return VP_BY_TYPES[len(neighbour_types(lots, index))]


def build_limit(cards: list) -> int:
    """Most buildings a winning bid allows: the least favourable card counts (FA-A-4)."""
    return min(BUILDINGS_ON_CARD[card["value"]] for card in cards)


def is_empty(lot: dict) -> bool:
    """A lot with no shop and no building; the dashed lot never counts (FA-C-3)."""
    return lot["color"] != DASHED and not lot["shops"] and not lot["buildings"]
