"""Building tiles and knights (PZ-C-1, PZ-C-2) in the engine's notation.

A tile is ``<material><floor>w<windows>``: material ``b`` brick, ``s`` sandstone,
``m`` marble; floor 1-5; windows 1-3 (doors count as windows). ``"m5w3"`` is a
marble top floor with 3 windows. A knight (game-end tile) is ``"knight"``.

>>> parse("s3w2")
('s', 3, 2)
>>> name("m5w3")
'marble 5 (3 windows)'
>>> len(TILES), TILES.count("b3w1")
(48, 2)
"""

from ..errors import IllegalAction

MATERIALS = {"b": "brick", "s": "sandstone", "m": "marble"}
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


def parse(tile) -> tuple[str, int, int]:
    """``(material, floor, windows)`` of a tile; refuses anything that is not one."""
    if not isinstance(tile, str) or tile not in _PARSED:
        raise IllegalAction(
            "PZ-C-1",
            f"{tile!r} is not a building tile; write material b/s/m, floor 1-5, 'w', "
            "windows 1-3, e.g. 'b3w2'.",
            tile=tile,
        )
    return _PARSED[tile]


_PARSED = {t: (t[0], int(t[1]), int(t[3])) for t in KINDS}


def floor(tile: str) -> int:
    return _PARSED[tile][1]


def windows(tile: str) -> int:
    return _PARSED[tile][2]


def material(tile: str) -> str:
    return _PARSED[tile][0]


def name(tile: str) -> str:
    """A tile as people say it: ``'brick 3 (1 window)'``; ``'a knight'``."""
    if tile == KNIGHT:
        return "a knight"
    m, f, w = _PARSED[tile]
    return f"{MATERIALS[m]} {f} ({w} window{'s' if w > 1 else ''})"


def names(tiles) -> str:
    return ", ".join(name(t) for t in tiles) or "nothing"


def quarry_for(master_builder: int, tile: str) -> int:
    """PZ-T-2: the quarry numbered like the tile's windows, counting from the master builder."""
    return (master_builder + windows(tile)) % QUARRIES

