"""Colours, building pieces and each round's pick (MH-C-3, MH-T-1, MH-T-2).

A colour's record: ``{"seat", "supply", "picked", "aside"}``. ``supply`` holds how many
pieces of each height are still in the box (``{"1": n, "2": n, "3": n, "4": n}``);
``picked`` the heights taken out for this round and not built yet; ``aside`` how many
picked pieces were set aside by passing (MH-T-5).

*Decision* (MH-C-3): no rule text we have gives the split of the 24 pieces by height, so
the default is six of each; a table enters its own box's counts with the ``pieces`` option.
"""

from functools import cache
from itertools import combinations_with_replacement

from ..errors import IllegalAction
from ..text import N_, Text, _, ngettext

COLOURS = {"black": N_("black"), "light_blue": N_("light blue"), "red": N_("red"),
           "green": N_("green")}
HEIGHTS = (1, 2, 3, 4)
KEYS = tuple(str(h) for h in HEIGHTS)
PIECES = 24
BOX = {"1": 6, "2": 6, "3": 6, "4": 6}  # the default split (MH-C-3 Decision)
# players -> (rounds, pieces per colour per round) (MH-T-1)
PLAN = {2: (6, 4), 3: (6, 4), 4: (4, 6)}


def colour_name(colour: str) -> Text:
    return _(COLOURS[colour])


def height_text(height: int) -> Text:
    """A piece's height said beside it: "2-storey" (Italian "da 2 piani", German "mit 2
    Stockwerken": those languages count the storeys, so it has plural forms)."""
    return ngettext("{n}-storey", "{n}-storey", height)


def parse_counts(value) -> dict:
    """The table's per-height counts for every colour's set (default: ``BOX``)."""
    if value is None:
        return dict(BOX)
    if (not isinstance(value, dict) or set(value) - set(KEYS)
            or not all(type(n) is int and n >= 0 for n in value.values())):
        raise IllegalAction("MH-C-3", _("Give the pieces of one colour per height as "
                                        "{example}, one whole number per height; {got} is not "
                                        "that.", example='{"1": 6, "2": 6, "3": 6, "4": 6}',
                                        got=repr(value)), pieces=value)
    counts = {k: value.get(k, 0) for k in KEYS}
    total = sum(counts.values())
    if total != PIECES:
        raise IllegalAction("MH-C-3", _("A colour has {pieces} building pieces, but the counts "
                                        "{got} add up to {total}.", pieces=PIECES,
                                        got=repr(value), total=total), pieces=value)
    return counts


def new_colour(seat: str, counts: dict) -> dict:
    return {"seat": seat, "supply": dict(counts), "picked": [], "aside": 0}


def left(record: dict) -> int:
    """Pieces of the colour still in the box."""
    return sum(record["supply"].values())


def available(record: dict, count: int) -> dict:
    """How many pieces of each height this colour could pick now (at most ``count``)."""
    return {k: min(count, n) for k, n in record["supply"].items()}


def pick_options(record: dict, count: int) -> list[list[int]]:
    """Every pick of ``count`` heights the colour's supply allows."""
    limit = tuple(record["supply"][k] for k in KEYS)
    return [list(pick) for pick, tally in _picks(count)
            if all(n <= most for n, most in zip(tally, limit))]


@cache
def _picks(count: int) -> tuple:
    """Every multiset of ``count`` heights, with how many of each height it holds."""
    return tuple((pick, tuple(pick.count(h) for h in HEIGHTS))
                 for pick in combinations_with_replacement(HEIGHTS, count))


def check_pick(colour: str, record: dict, heights, count: int) -> list[int]:
    """The sorted heights of a valid pick, or a refusal."""
    if not isinstance(heights, list) or not all(type(h) is int for h in heights):
        raise IllegalAction("MH-T-2", _("Give your {colour} pick as a list of piece heights, "
                                        "not {got}.", colour=colour_name(colour), got=repr(heights)),
                            heights=heights)
    if len(heights) != count:
        raise IllegalAction("MH-T-1", ngettext("You pick exactly {n} {colour} piece each round, "
                                               "not {got}.",
                                               "You pick exactly {n} {colour} pieces each round, "
                                               "not {got}.", count, colour=colour_name(colour),
                                               got=len(heights)), heights=heights, count=count)
    wrong = [h for h in heights if h not in HEIGHTS]
    if wrong:
        raise IllegalAction("MH-C-3", _("Pieces are 1 to 4 storeys high; there is no piece of "
                                        "{height}.", height=wrong[0]), heights=heights)
    limit = available(record, count)
    for height in HEIGHTS:
        want, have = heights.count(height), limit[str(height)]
        if want > have:
            raise IllegalAction("MH-C-3", ngettext(
                "Only {n} {storeys} {colour} piece is left in the box, not {want}.",
                "Only {n} {storeys} {colour} pieces are left in the box, not {want}.",
                have, colour=colour_name(colour), storeys=height_text(height), want=want),
                heights=heights, available=limit)
    return sorted(heights)


def take(record: dict, heights: list[int]) -> None:
    """The colour takes ``heights`` out of the box for this round (changes ``record``)."""
    supply = record["supply"]
    for height in heights:
        supply[str(height)] -= 1
    record["picked"] = list(heights)


def parse_height(colour: str, picked: list[int], value) -> int:
    """A height the colour has picked and not built yet, or a refusal."""
    if isinstance(value, list) or (type(value) is int and value > max(HEIGHTS)):
        raise IllegalAction("MH-B-4", _("Build one piece at a time; pieces are never put on "
                                        "together, and {height} is not one piece.",
                                        height=repr(value)), height=value)
    if type(value) is not int or value < 1:
        raise IllegalAction("MH-C-3", _("A piece is 1 to 4 storeys high, not {height}.",
                                        height=repr(value)), height=value)
    if value not in picked:
        held = picked or [_("none")]
        raise IllegalAction("MH-T-2", ngettext("You have no {n}-storey {colour} piece left this "
                                               "round; you picked and have not built: {held}.",
                                               "You have no {n}-storey {colour} piece left this "
                                               "round; you picked and have not built: {held}.",
                                               value, colour=colour_name(colour), held=held),
                            height=value, picked=picked)
    return value
