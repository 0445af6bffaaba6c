"""Tiles going into a city (NY-B through NY-T-4 and NY-T-5), and the bought tiles.

Once a player's actions are over, each tile bought this turn goes into the city or
the reserve, in any order (NY-T-5), or to Dirk in a two-player game (NY-2P-4). At the
end of the game the same happens to the market tiles handed out (NY-E-2), except
that they cannot go to Dirk. ``build`` and ``options`` also serve developing a city
from the reserve (``turn.py``).
"""

from ..errors import IllegalAction
from ..text import N_, _
from . import city, dirk, refill
from .catalogue import tile_text
from .state import cell_key, distinct, grid, pick, position, square_args

# Why a tile has no square, per action that builds it.
NO_SQUARE = {
    "place": N_("The {tile} fits on no square of your city: put it into your reserve."),
    "reserve_to_city": N_("The {tile} fits on no square of your city."),
    "swap": N_("The {tile} can replace no tile of your city."),
}


def refuse_square(problem, tile, pos):
    rule, reason = problem
    raise IllegalAction(rule, _("You cannot put the {tile} on ({x}, {y}): {reason}.",
                                tile=tile_text(tile), reason=reason, **square_args(pos)),
                        x=pos[0], y=pos[1], tile=tile)


def build(state, seat, action, pile: str, rule: str) -> None:
    """Move the named tile of one of the seat's piles into its city, where NY-B allows."""
    i = pick(state, seat, pile, action.get("tile"), rule)
    tile, pos = state[pile][seat][i], position(action)
    if problem := city.placement_problem(grid(state, seat), pos, city.mask(tile["streets"])):
        refuse_square(problem, tile, pos)
    state[pile][seat].pop(i)
    state["cities"][seat][cell_key(pos)] = tile


def options(state, seat, tiles, action_type, finder, rule) -> tuple[list, list]:
    """One action per different tile with the squares ``finder`` allows for it."""
    actions, blocked = [], []
    tiles = distinct(tiles)
    spots = finder(grid(state, seat), [city.mask(t["streets"]) for t in tiles])
    for tile in tiles:
        squares = spots[city.mask(tile["streets"])]
        if squares:
            actions.append({"type": action_type, "tile": tile,
                            "positions": [{"x": x, "y": y} for x, y in squares]})
        else:
            blocked.append({"type": action_type, "tile": tile, "rule": rule,
                            "reason": _(NO_SQUARE[action_type], tile=tile_text(tile))})
    return actions, blocked


# -- the handlers --------------------------------------------------------------

def place(state, seat, action) -> None:
    """Build a bought (or, at the end, received) tile into the city (NY-T-5, NY-B)."""
    build(state, seat, action, "pending", "NY-T-5")
    refill.after_placing(state)


def to_reserve(state, seat, action) -> None:
    """Put a bought tile into the reserve instead (NY-T-5)."""
    i = pick(state, seat, "pending", action.get("tile"), "NY-T-5")
    state["reserves"][seat].append(state["pending"][seat].pop(i))
    refill.after_placing(state)


def to_dirk(state, seat, action) -> None:
    """Two players: give a bought tile to Dirk (NY-2P-4)."""
    dirk.check_gift(state, seat)
    i = pick(state, seat, "pending", action.get("tile"), "NY-T-5")
    state["dirk"].append(state["pending"][seat].pop(i))
    refill.after_placing(state)


def placing_options(state, seat) -> tuple[list, list]:
    """The seat's tiles waiting beside its city: squares for each, the reserve, Dirk."""
    pending = state["pending"][seat]
    actions, blocked = options(state, seat, pending, "place", city.placements, "NY-B-2")
    actions += [{"type": "to_reserve", "tile": t} for t in distinct(pending)]
    if state["dirk"] is not None and state["phase"] == "place":
        actions += [{"type": "to_dirk", "tile": t} for t in distinct(pending)]
    return actions, blocked
