"""The printed components (NY-C): banks, money cards, building tiles, scoring table.

The tables themselves live in ``catalogue.json`` (DATA, partly inferred); this
module loads them, names their words for people (``N_`` tables, one entry per bank
and type of the data file), and turns raw inputs from the table into checked plain
values: a money card is ``[bank, value]``, a tile is ``{"type", "price", "streets"}``
with ``streets`` a string of the sides N, E, S, W that show a street, in that order.
"""

import json
from importlib.resources import files
from itertools import combinations

from ..errors import IllegalAction
from ..text import N_, Text, _, ngettext
from . import city

DATA = json.loads(files(__package__).joinpath("catalogue.json").read_text(encoding="utf-8"))

BANKS = tuple(DATA["banks"]["order"])
LOW, HIGH = DATA["money"]["values"]
VALUES = range(LOW, HIGH + 1)
SCORING_CARDS = tuple(DATA["money"]["scoring_cards"])
TYPES = tuple(row["type"] for row in DATA["tiles"])
COUNTS = {row["type"]: row["count"] for row in DATA["tiles"]}
PRICES = {row["type"]: tuple(row["prices"]) for row in DATA["tiles"]}
POINTS = {card: {row["type"]: row[card] for row in DATA["tiles"]} for card in ("A", "B", "C")}
TOTAL_TILES = sum(COUNTS.values())
MAX_STREETS = DATA["max_streets"]
SIDES = "NESW"
STREET_CHOICES = ["".join(c) for n in range(MAX_STREETS + 1) for c in combinations(SIDES, n)]
START_TILE = {"type": "start", "price": None, "streets": ""}

# The words of the data file, for people (a test checks they cover the data file).
BANK_WORDS = {"blue": N_("blue"), "green": N_("green"), "yellow": N_("yellow"), "red": N_("red")}
TYPE_WORDS = {"museum": N_("museum"), "theatre": N_("theatre"), "station": N_("station"),
              "church": N_("church"), "park": N_("park"), "skyscraper": N_("skyscraper")}


def bank_text(bank: str) -> Text:
    return _(BANK_WORDS[bank])


def type_text(kind: str) -> Text:
    return _(TYPE_WORDS[kind])


def copies(two_player: bool) -> int:
    """How many copies of each bank × value card are in the deck (NY-C-2, NY-2P-1)."""
    return DATA["money"]["copies_two_players" if two_player else "copies"]


def all_cards(two_player: bool) -> dict[tuple[str, int], int]:
    """The full money deck as counts per (bank, value)."""
    n = copies(two_player)
    return {(bank, value): n for bank in BANKS for value in VALUES}


def parse_card(raw) -> list:
    """A money card ``[bank, value]`` from ``[bank, value]`` or ``{"bank", "value"}``."""
    if isinstance(raw, dict):
        raw = [raw.get("bank"), raw.get("value")]
    if not (isinstance(raw, (list, tuple)) and len(raw) == 2):
        raise IllegalAction("NY-C-2", _("{card} is not a money card: give its bank and value.",
                                        card=repr(raw)), card=raw)
    bank, value = raw
    if bank not in BANKS:
        raise IllegalAction("NY-C-2", _("There is no {bank} bank; the banks are {banks}.",
                                        bank=repr(bank), banks=[bank_text(b) for b in BANKS]),
                            card=raw, banks=list(BANKS))
    if type(value) is not int or value not in VALUES:
        raise IllegalAction("NY-C-2", _("A {bank} card of {value} does not exist: values run "
                                        "{low}–{high}.", bank=bank_text(bank), value=repr(value),
                                        low=LOW, high=HIGH), card=raw)
    return [bank, value]


def parse_streets(raw) -> str:
    """Street sides in canonical NESW order from ``"EN"`` or ``["N", "E"]``."""
    if isinstance(raw, (list, tuple)) and all(isinstance(s, str) for s in raw):
        raw = "".join(raw)
    letters = raw.upper() if isinstance(raw, str) else None
    if letters is None or set(letters) - set(SIDES) or len(set(letters)) < len(letters):
        raise IllegalAction("NY-C-3", _("Streets {streets} are not a set of the sides N, E, S, W.",
                                        streets=repr(raw)), streets=raw)
    sides = "".join(s for s in SIDES if s in letters)
    if len(sides) > MAX_STREETS:
        raise IllegalAction("NY-C-3", ngettext(
            "No tile has a street on {n} side (at most {most}).",
            "No tile has streets on {n} sides (at most {most}).", len(sides), most=MAX_STREETS),
            streets=sides)
    return sides


def parse_tile(raw) -> dict:
    """A building tile checked against the catalogue (NY-C-3 shape, NY-C-4 prices)."""
    if isinstance(raw, (list, tuple)) and len(raw) == 3:
        raw = dict(zip(("type", "price", "streets"), raw))
    if not isinstance(raw, dict):
        raise IllegalAction("NY-C-3", _("{tile} is not a tile: give its type, price and streets.",
                                        tile=repr(raw)), tile=raw)
    kind, price = raw.get("type"), raw.get("price")
    if kind not in COUNTS:
        raise IllegalAction("NY-C-3", _("There is no {kind} tile; the types are {types}.",
                                        kind=repr(kind), types=[type_text(t) for t in TYPES]),
                            tile=raw, types=list(TYPES))
    low, high = PRICES[kind]
    if type(price) is not int or not low <= price <= high:
        raise IllegalAction("NY-C-4", _("No {kind} costs {price}: {kind} prices run "
                                        "{low}–{high}.", kind=type_text(kind), price=repr(price),
                                        low=low, high=high), tile=raw, prices=[low, high])
    return {"type": kind, "price": price, "streets": parse_streets(raw.get("streets", ""))}


def card_text(card) -> Text:
    """blue 5, or scoring card A."""
    if isinstance(card, str):
        return _("scoring card {letter}", letter=card)
    return _("{bank} {value}", bank=bank_text(card[0]), value=card[1])


def cards_text(cards) -> list[Text]:
    """Money cards as a list of texts (shown joined by commas)."""
    return [card_text(c) for c in cards]


def tile_text(tile: dict) -> Text:
    """park 8 (streets: north, east); the start tile is Times Square."""
    if tile["type"] == "start":
        return _("Times Square")
    kind = type_text(tile["type"])
    if not tile["streets"]:
        return _("{kind} {price} (no streets)", kind=kind, price=tile["price"])
    return _("{kind} {price} (streets: {sides})", kind=kind, price=tile["price"],
             sides=city.sides_text(city.mask(tile["streets"])))
