"""Building on a lot (MH-B).

>>> tower = [["black", 2], ["light_blue", 2], ["red", 3], ["black", 1], ["light_blue", 3]]
>>> needed(tower, "black"), needed(tower, "light_blue"), needed([], "red")
(2, 1, 1)
"""

from ..errors import IllegalAction
from .board import owner, storeys, where
from .pieces import colour_name


def needed(tower: list, colour: str) -> int:
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
        raise IllegalAction("MH-B-3", refusal(tower, colour, city, lot), height=height, needed=need)


def refusal(tower: list, colour: str, city: str, lot: int) -> str:
    """Why small pieces of ``colour`` may not go on this tower."""
    top = owner(tower)
    need = needed(tower, colour)
    too_tall = " — taller than any piece, so not possible" if need > 4 else ""
    return (f"{colour_name(top).capitalize()} owns the tower on {where(city, lot)} with "
            f"{storeys(tower, top)} storeys and {colour_name(colour)} has {storeys(tower, colour)} "
            f"in it: {colour_name(colour)} needs a piece of at least {need}{too_tall}.")


def build(tower: list, colour: str, height: int) -> list:
    """A new tower with the piece on top; the old one is left untouched."""
    return tower + [[colour, height]]
