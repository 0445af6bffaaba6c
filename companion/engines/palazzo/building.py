"""Palaces and building acquired tiles (PZ-BLD), including the distribution of a quarry
with 4 or more tiles (PZ-A-2).

A player's palaces are a list; each palace is a list of tiles from the bottom up.
Actions name a palace by its index in that list (0 is the first, shown as "palace 1").
A tile is built with ``to``: a palace index (on top), ``"new"`` or ``"discard"``.
"""

from ..common import missing, without
from ..errors import IllegalAction
from ..text import _, ngettext
from . import tiles
from .state import field
from .turn import end_turn

NEW, DISCARD = "new", "discard"


def floors(palace: list) -> list[int]:
    return [tiles.floor(t) for t in palace]


def fits_on_top(palace: list, tile: str) -> bool:
    return tiles.floor(tile) > tiles.floor(palace[-1])


def build_targets(palaces: list, tile: str) -> list:
    """Every legal ``to`` for a newly acquired tile (PZ-BLD-2)."""
    return [i for i, p in enumerate(palaces) if fits_on_top(p, tile)] + [NEW, DISCARD]


def floor_taken(target: list, index: int, tile: str, **details) -> None:
    """PZ-BLD-1: refuse a second tile of one floor in a palace."""
    if tiles.floor(tile) in floors(target):
        raise IllegalAction(
            "PZ-BLD-1",
            _("Your palace {number} already has a floor {floor} (its floors: {floors}).",
              number=index + 1, floor=tiles.floor(tile), floors=floors(target)),
            tile=tile, **details,
        )


def palace_index(palaces: list, index, rule: str, key: str) -> int:
    """``index`` if it names one of ``palaces``, else IllegalAction(rule) naming it."""
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(palaces):
        if not palaces:
            text = _("You have no palace yet, so {key} cannot be {got}.", key=key, got=repr(index))
        else:
            text = ngettext("You have {n} palace, so {key} must be 0 (palace 1), not {got}.",
                            "You have {n} palaces, so {key} must be 0 to {last} (palace 1 to "
                            "{n}), not {got}.", len(palaces), key=key, last=len(palaces) - 1,
                            got=repr(index))
        raise IllegalAction(rule, text, **{key: index})
    return index


def place(state, seat, tile: str, to) -> None:
    """PZ-BLD-2: build ``tile`` at once on top of a palace, as a new palace, or discard it."""
    palaces = state["palaces"][seat]
    if to == NEW:
        palaces.append([tile])
    elif to == DISCARD:
        state["tiles"]["out"] = sorted(state["tiles"]["out"] + [tile])
    else:
        if not isinstance(to, int) or isinstance(to, bool):
            raise IllegalAction(
                "PZ-BLD-2",
                _("Build a tile with to: a palace index (0 for palace 1), new or discard; you "
                  "sent {got}.", got=repr(to)),
                to=to,
            )
        palace = palaces[palace_index(palaces, to, "PZ-BLD-2", "to")]
        floor_taken(palace, to, tile, to=to)
        if not fits_on_top(palace, tile):
            raise IllegalAction(
                "PZ-BLD-2",
                _("You cannot put {tile} on top of your palace {number} (floors {floors}); "
                  "putting it lower down takes a reconstruction.",
                  tile=tiles.label(tile), number=to + 1, floors=floors(palace)),
                tile=tile,
                to=to,
            )
        palace.append(tile)


def to_build(state) -> list:
    """The tiles waiting to be built: the acquired ones, or the quarry being dealt out."""
    if state["phase"] == "distribute":
        return state["tiles"]["quarries"][0]
    return state["acquired"]["tiles"]


def build(state, seat, action) -> None:
    """Build one acquired tile: the winner's/buyer's pending tiles, or one from the master
    builder's quarry during a distribution (PZ-A-2)."""
    tile = field(action, "tile", str, "PZ-BLD-2", "'b3w2'")
    tiles.parse(tile)
    distributing = state["phase"] == "distribute"
    pending = to_build(state)
    if missing(pending, [tile]) is not None:
        raise IllegalAction(
            "PZ-A-2" if distributing else "PZ-BLD-2",
            _("You may build {pending}, not {tile}.",
              pending=tiles.labels(sorted(set(pending))), tile=tiles.label(tile)),
            tile=tile,
        )
    place(state, seat, tile, action.get("to"))
    if distributing:
        _dealt(state, tile)
    else:
        state["acquired"]["tiles"] = without(pending, [tile])
        if not state["acquired"]["tiles"]:
            end_turn(state)


def _dealt(state, tile) -> None:
    """PZ-A-2: one tile each, clockwise; what is left over leaves the game face down."""
    pile, order = state["tiles"], state["distribution"]["order"]
    pile["quarries"][0] = without(pile["quarries"][0], [tile])
    order.pop(0)
    if not order:
        pile["out"] = sorted(pile["out"] + pile["quarries"][0])
        pile["quarries"][0] = []
        end_turn(state)
