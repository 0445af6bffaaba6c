"""Building on a lot (MH-B).

>>> tower = [["black", 2], ["light_blue", 2], ["red", 3], ["black", 1], ["light_blue", 3]]
>>> needed(tower, "black"), needed(tower, "light_blue"), needed(None, "red")
(2, 1, 1)
"""

from ..errors import IllegalAction
from ..text import Text, _, ngettext
from .board import where
from .pieces import HEIGHTS, colour_name


def needed(tower: list | None, colour: str) -> int:
    """The smallest piece ``colour`` may add to ``tower``.

    Any piece goes on an empty lot or the colour's own tower (MH-B-2); on another
    colour's tower the builder's storeys must reach the owner's (MH-B-3).
    """
    if not tower or tower[-1][0] == colour:
        return 1
    top, lead = tower[-1][0], 0  # lead: owner's storeys minus the builder's, in one pass
    for c, h in tower:
        if c == top:
            lead += h
        elif c == colour:
            lead -= h
    return max(1, lead)


def check_build(tower: list, colour: str, height: int, city: str, lot: int) -> None:
    need = needed(tower, colour)
    if height < need:
        raise IllegalAction("MH-B-3", refusal(tower, colour, city, lot, need),
                            height=height, needed=need)


def refusal(tower: list, colour: str, city: str, lot: int, need: int, place: Text | None = None,
            labels: dict | None = None) -> Text:
    """Why pieces of ``colour`` smaller than ``need`` may not go on this tower (MH-B-3).

    ``place`` (the lot's text) and ``labels`` (colour texts) may come ready-made from a
    caller that writes many of these at once."""
    top, theirs, mine = tower[-1][0], 0, 0
    for c, h in tower:
        if c == top:
            theirs += h
        elif c == colour:
            mine += h
    labels = labels or {top: colour_name(top), colour: colour_name(colour)}
    facts = dict(place=place or where(city, lot), owner=labels[top], colour=labels[colour],
                 mine=mine, need=need)
    if need > max(HEIGHTS):
        return ngettext("The tower on {place} belongs to {owner} with {n} storey and {colour} "
                        "has {mine} there: no single piece is tall enough for you to build on it.",
                        "The tower on {place} belongs to {owner} with {n} storeys and {colour} "
                        "has {mine} there: no single piece is tall enough for you to build on it.",
                        theirs, **facts)
    return ngettext("The tower on {place} belongs to {owner} with {n} storey and {colour} has "
                    "{mine} there: you need a {colour} piece of at least {need}.",
                    "The tower on {place} belongs to {owner} with {n} storeys and {colour} has "
                    "{mine} there: you need a {colour} piece of at least {need}.", theirs, **facts)


def build(board: dict, city: str, lot: int, colour: str, height: int) -> None:
    """Put the piece on top of the tower, or start one (changes ``board``)."""
    lots = board[city]
    if lots[lot] is None:
        lots[lot] = [[colour, height]]
    else:
        lots[lot].append([colour, height])
