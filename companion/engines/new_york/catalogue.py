"""The printed components (NY-C): banks, money cards, building tiles, scoring table.

The tables themselves live in ``catalogue.json`` (DATA, partly inferred); this
module loads them and turns raw inputs from the table into checked plain values:
a money card is ``[bank, value]``, a tile is ``{"type", "price", "streets"}``
with ``streets`` a string of the sides N, E, S, W that show a street, in that order.
"""

import json
from importlib.resources import files

from ..errors import IllegalAction

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
START_TILE = {"type": "start", "price": None, "streets": ""}


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
        raise IllegalAction("NY-C-2", f"{raw!r} is not a money card: give its bank and value.",
                            card=raw)
    bank, value = raw
    if bank not in BANKS:
        raise IllegalAction("NY-C-2", f"There is no {bank!r} bank; the banks are "
                            f"{', '.join(BANKS)}.", card=raw, banks=list(BANKS))
    if type(value) is not int or value not in VALUES:
        raise IllegalAction("NY-C-2", f"A {bank} card of {value!r} does not exist: values run "
                            f"{LOW}–{HIGH}.", card=raw)
    return [bank, value]


def parse_streets(raw) -> str:
    """Street sides in canonical NESW order from ``"EN"`` or ``["N", "E"]``."""
    if isinstance(raw, (list, tuple)) and all(isinstance(s, str) for s in raw):
        raw = "".join(raw)
    letters = raw.upper() if isinstance(raw, str) else None
    if letters is None or set(letters) - set(SIDES) or len(set(letters)) < len(letters):
        raise IllegalAction("NY-C-3", f"Streets {raw!r} are not a set of the sides N, E, S, W.",
                            streets=raw)
    sides = "".join(s for s in SIDES if s in letters)
    if len(sides) > MAX_STREETS:
        raise IllegalAction("NY-C-3", f"No tile has streets on {len(sides)} sides "
                            f"(at most {MAX_STREETS}).", streets=sides)
    return sides


def parse_tile(raw) -> dict:
    """A building tile checked against the catalogue (NY-C-3 shape, NY-C-4 prices)."""
    if isinstance(raw, (list, tuple)) and len(raw) == 3:
        raw = dict(zip(("type", "price", "streets"), raw))
    if not isinstance(raw, dict):
        raise IllegalAction("NY-C-3", f"{raw!r} is not a tile: give its type, price and streets.",
                            tile=raw)
    kind, price = raw.get("type"), raw.get("price")
    if kind not in COUNTS:
        raise IllegalAction("NY-C-3", f"There is no {kind!r} tile; the types are "
                            f"{', '.join(TYPES)}.", tile=raw, types=list(TYPES))
    low, high = PRICES[kind]
    if type(price) is not int or not low <= price <= high:
        raise IllegalAction("NY-C-4", f"No {kind} costs {price!r}: {kind} prices run "
                            f"{low}–{high}.", tile=raw, prices=[low, high])
    return {"type": kind, "price": price, "streets": parse_streets(raw.get("streets", ""))}


def card_text(card) -> str:
    """``"blue 5"`` or ``"scoring card A"``."""
    return f"scoring card {card}" if isinstance(card, str) else f"{card[0]} {card[1]}"


def cards_text(cards) -> str:
    return ", ".join(card_text(c) for c in cards) or "nothing"


def tile_text(tile: dict) -> str:
    """``"park 8 (streets N, E)"``; the start tile is Times Square."""
    if tile["type"] == "start":
        return "Times Square"
    streets = ", ".join(tile["streets"])
    return f"{tile['type']} {tile['price']} ({'streets ' + streets if streets else 'no streets'})"
