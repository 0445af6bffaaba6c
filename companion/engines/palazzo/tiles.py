"""Building tiles, knights and quarries (PZ-C-1, PZ-C-2, PZ-C-4) in the engine's notation.

A tile is ``<material><floor>w<windows>``: material ``b`` brick, ``s`` sandstone,
``m`` marble; floor 1-5; windows 1-3 (doors count as windows). ``"m5w3"`` is a
marble top floor with 3 windows. A knight (game-end tile) is ``"knight"``.

Quarries are numbered as the rulebook counts them: quarry 0 is the one the master
builder stands on, then 1, 2, 3 clockwise (PZ-C-4). The state keeps the quarries in
that order, so a drawn tile goes to the quarry numbered like its windows (PZ-T-2).

>>> parse("s3w2")
('s', 3, 2)
>>> from companion.engines.text import english
>>> english(label("m5w3"))
'marble 5 (3 windows)'
>>> len(TILES), TILES.count("b3w1")
(48, 2)
"""

from ..errors import IllegalAction
from ..text import N_, _, ngettext

MATERIALS = {"b": N_("brick"), "s": N_("sandstone"), "m": N_("marble")}
FLOORS = range(1, 6)
WINDOWS = range(1, 4)
KNIGHT = "knight"
KNIGHTS = 5
QUARRIES = 4

# Per material: every floor with 1, 2 and 3 windows, plus a second floor-3 tile with 1 window.
TILES = sorted(
    [f"{m}{f}w{w}" for m in MATERIALS for f in FLOORS for w in WINDOWS]
    + [f"{m}3w1" for m in MATERIALS]
)
KINDS = sorted(set(TILES))
_PARSED = {t: (t[0], int(t[1]), int(t[3])) for t in KINDS}


def parse(tile) -> tuple[str, int, int]:
    """``(material, floor, windows)`` of a tile; refuses anything that is not one."""
    if not isinstance(tile, str) or tile not in _PARSED:
        raise IllegalAction(
            "PZ-C-1",
            _("{tile} is not a building tile: write material b/s/m, floor 1-5, 'w' and "
              "windows 1-3, such as b3w2.", tile=repr(tile)),
            tile=tile,
        )
    return _PARSED[tile]


def floor(tile: str) -> int:
    return _PARSED[tile][1]


def windows(tile: str) -> int:
    return _PARSED[tile][2]


def material(tile: str) -> str:
    return _PARSED[tile][0]


def material_label(code: str):
    """The material as a word in the viewer's language: ``"brick"``."""
    return _(MATERIALS[code])


def label(tile: str):
    """A tile as people say it: "brick 3 (1 window)", or "a knight"."""
    if tile == KNIGHT:
        return _("a knight")
    m, f, w = _PARSED[tile]
    return ngettext("{material} {floor} ({n} window)", "{material} {floor} ({n} windows)", w,
                    material=material_label(m), floor=f)


def labels(tiles: list):
    """Several tiles as one text parameter ("nothing" for none)."""
    return [label(t) for t in tiles] if tiles else _("nothing")


def quarry_for(tile: str) -> int:
    """PZ-T-2: the quarry numbered like the tile's windows, counting from the master builder."""
    return windows(tile)
