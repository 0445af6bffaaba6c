"""Colours, building pieces and each phase's pick (MH-C-3, MH-T-1, MH-T-2).

A colour's record: ``{"seat", "stock", "left", "hand"}``. ``stock`` holds the
per-height counts still in the box when the table entered them at setup (else
``None``: only the total of 24 is enforced); ``hand`` holds the heights picked for
this phase and not built yet.
"""

from functools import cache
from itertools import combinations_with_replacement

from ..errors import IllegalAction

COLOURS = {"black": "black", "light_blue": "light blue", "red": "red", "green": "green"}
HEIGHTS = (1, 2, 3, 4)
PIECES = 24
# players -> (phases, pieces per colour per phase) (MH-T-1)
PLAN = {2: (6, 4), 3: (6, 4), 4: (4, 6)}


def colour_name(colour: str) -> str:
    return COLOURS[colour]


def parse_stock(value) -> dict | None:
    """The table's per-height counts for every colour's set, or ``None`` if not given."""
    if value is None:
        return None
    keys = [str(h) for h in HEIGHTS]
    if (not isinstance(value, dict) or set(value) - set(keys)
            or not all(type(n) is int and n >= 0 for n in value.values())):
        raise IllegalAction("MH-C-3", "Give the piece counts as {\"1\": n, \"2\": n, \"3\": n, "
                                      "\"4\": n}, one whole number per height.", stock=value)
    stock = {k: value.get(k, 0) for k in keys}
    if sum(stock.values()) != PIECES:
        raise IllegalAction("MH-C-3", f"A colour has {PIECES} building pieces, but these counts add "
                                      f"up to {sum(stock.values())}.", stock=value)
    return stock


def new_colour(seat: str, stock: dict | None) -> dict:
    return {"seat": seat, "stock": None if stock is None else dict(stock), "left": PIECES, "hand": []}


def available(record: dict, count: int) -> dict:
    """How many pieces of each height this colour could pick now (at most ``count``)."""
    stock = record["stock"]
    return {str(h): min(count, record["left"] if stock is None else stock[str(h)]) for h in HEIGHTS}


def pick_options(record: dict, count: int) -> list[list[int]]:
    """Every pick of ``count`` heights the colour's remaining stock allows."""
    limit = [available(record, count)[str(h)] for h in HEIGHTS]
    return [list(pick) for pick, tally in _picks(count)
            if all(n <= most for n, most in zip(tally, limit))]


@cache
def _picks(count: int) -> tuple:
    """Every multiset of ``count`` heights, with how many of each height it holds."""
    return tuple((pick, tuple(pick.count(h) for h in HEIGHTS))
                 for pick in combinations_with_replacement(HEIGHTS, count))


def check_pick(colour: str, record: dict, heights, count: int) -> list[int]:
    """The sorted heights of a valid pick, or a refusal."""
    name = colour_name(colour)
    if not isinstance(heights, list) or not all(type(h) is int for h in heights):
        raise IllegalAction("MH-T-2", f"Give the {name} pick as a list of piece heights.",
                            heights=heights)
    if len(heights) != count:
        raise IllegalAction("MH-T-1", f"Each phase {name} picks exactly {count} pieces, "
                                      f"not {len(heights)}.", heights=heights, count=count)
    wrong = [h for h in heights if h not in HEIGHTS]
    if wrong:
        raise IllegalAction("MH-C-3", f"Pieces are 1 to 4 storeys high; there is no {wrong[0]}.",
                            heights=heights)
    limit = available(record, count)
    for h in HEIGHTS:
        if heights.count(h) > limit[str(h)]:
            raise IllegalAction("MH-C-3", f"Only {limit[str(h)]} {name} piece(s) of {h} storeys "
                                          f"are left, not {heights.count(h)}.",
                                heights=heights, available=limit)
    return sorted(heights)


def take(record: dict, heights: list[int]) -> dict:
    """The colour's record after picking ``heights`` for the phase."""
    stock = record["stock"]
    if stock is not None:
        stock = {k: n - heights.count(int(k)) for k, n in stock.items()}
    return {**record, "stock": stock, "left": record["left"] - len(heights), "hand": heights}


def parse_height(colour: str, hand: list[int], value) -> int:
    """A height the colour holds for this phase, or a refusal."""
    if isinstance(value, list) or (type(value) is int and value > max(HEIGHTS)):
        raise IllegalAction("MH-B-4", f"Build one piece at a time; pieces are never combined "
                                      f"({value!r} is not one piece).", height=value)
    if type(value) is not int or value < 1:
        raise IllegalAction("MH-C-3", f"A piece is 1 to 4 storeys high, not {value!r}.", height=value)
    if value not in hand:
        held = ", ".join(map(str, hand)) or "none"
        raise IllegalAction("MH-T-2", f"{colour_name(colour).capitalize()} has no {value}-storey "
                                      f"piece left this phase (picked and unbuilt: {held}).",
                            height=value, hand=hand)
    return value
