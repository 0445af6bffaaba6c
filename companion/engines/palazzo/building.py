"""Palaces: building acquired tiles (PZ-BLD) and reconstruction (PZ-R).

A player's palaces are a list; each palace is a list of tiles from the bottom up.
Actions name a palace by its index in that list (0 is the first, shown as "palace 1").
A tile is built with ``to``: a palace index (on top), ``"new"`` or ``"discard"``.
"""

from ..errors import IllegalAction
from . import hands, money, tiles
from .flow import end_turn, field
from .multiset import missing, plus, without

NEW, DISCARD = "new", "discard"
EXTRACT, INSERT, REMOVE = "extract", "insert", "remove"


def label(palace: list, index: int) -> str:
    """``'palace 2 (floors 1, 3)'``."""
    floors = ", ".join(str(tiles.floor(t)) for t in palace)
    return f"palace {index + 1} (floor{'s' if len(palace) > 1 else ''} {floors})"


def fits_on_top(palace: list, tile: str) -> bool:
    return tiles.floor(tile) > tiles.floor(palace[-1])


def build_targets(palaces: list, tile: str) -> list:
    """Every legal ``to`` for a newly acquired tile (PZ-BLD-2)."""
    return [i for i, p in enumerate(palaces) if fits_on_top(p, tile)] + [NEW, DISCARD]


def place(state, seat, tile: str, to) -> None:
    """PZ-BLD-2: build ``tile`` at once on top of a palace, as a new palace, or discard it."""
    palaces = state["palaces"][seat]
    if to == NEW:
        palaces.append([tile])
    elif to == DISCARD:
        state["tiles"]["out"] = plus(state["tiles"]["out"], [tile])
    else:
        palace = palaces[_index(palaces, to, "PZ-BLD-2", "to")]
        if tiles.floor(tile) in {tiles.floor(t) for t in palace}:
            raise IllegalAction(
                "PZ-BLD-1",
                f"{label(palace, to).capitalize()} already has a floor {tiles.floor(tile)}.",
                tile=tile,
                to=to,
            )
        if not fits_on_top(palace, tile):
            raise IllegalAction(
                "PZ-BLD-2",
                f"{tiles.name(tile).capitalize()} cannot go on top of {label(palace, to)}; "
                "putting it lower down takes a reconstruction.",
                tile=tile,
                to=to,
            )
        palace.append(tile)


def _index(palaces: list, index, rule: str, key: str) -> int:
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(palaces):
        extra = ", or be 'new' or 'discard'" if key == "to" else ""
        raise IllegalAction(
            rule,
            f"{key!r} must name one of your {len(palaces)} palace(s) by index "
            f"(0 for palace 1){extra}; got {index!r}.",
            **{key: index},
        )
    return index


def to_build(state) -> list:
    """The tiles waiting to be built: the acquired ones, or the quarry being dealt out."""
    if state["phase"] == "distribute":
        return state["tiles"]["quarries"][state["distribution"]["quarry"]]
    return state["building"]["tiles"]


def build(state, seat, action) -> None:
    """Build one acquired tile: the winner's/buyer's pending tiles, or one from the quarry
    during a distribution (PZ-A-2)."""
    tile = field(action, "tile", str, "PZ-BLD-2", "'b3w2'")
    tiles.parse(tile)
    distributing = state["phase"] == "distribute"
    pending = to_build(state)
    if missing(pending, [tile]) is not None:
        raise IllegalAction(
            "PZ-A-2" if distributing else "PZ-BLD-2",
            f"{tiles.name(tile).capitalize()} is not among the tiles to build "
            f"({tiles.names(pending)}).",
            tile=tile,
        )
    place(state, seat, tile, action.get("to"))
    if distributing:
        _dealt(state, tile)
    else:
        state["building"]["tiles"] = without(pending, [tile])
        if not state["building"]["tiles"]:
            end_turn(state)


def _dealt(state, tile) -> None:
    """PZ-A-2: one tile each, clockwise; what is left over leaves the game face down."""
    pile, deal = state["tiles"], state["distribution"]
    quarry = deal["quarry"]
    pile["quarries"][quarry] = without(pile["quarries"][quarry], [tile])
    deal["order"].pop(0)
    if not deal["order"]:
        pile["out"] = plus(pile["out"], pile["quarries"][quarry])
        pile["quarries"][quarry] = []
        end_turn(state)


def reconstruction_moves(palaces: list) -> list:
    """Every reconstruction (PZ-R-1) open to a player with these palaces."""
    moves = []
    for i, palace in enumerate(palaces):
        if len(palace) > 1:
            moves += [{"move": EXTRACT, "palace": i, "tile": t} for t in palace]
            continue
        floor = tiles.floor(palace[0])
        moves += [
            {"move": INSERT, "palace": i, "into": j}
            for j, other in enumerate(palaces)
            if j != i and floor not in {tiles.floor(t) for t in other}
        ]
        moves.append({"move": REMOVE, "palace": i})
    return moves


def reconstruct(state, seat, action) -> None:
    """PZ-T-3 / PZ-R: pay any one money card, then rebuild one tile."""
    if hands.hand_size(state, seat) == 0:
        raise IllegalAction("PZ-T-3", "A reconstruction costs a money card; your hand is empty.")
    move = action.get("move")
    if move not in (EXTRACT, INSERT, REMOVE):
        raise IllegalAction(
            "PZ-R-1", f"A reconstruction is 'extract', 'insert' or 'remove', not {move!r}.",
            move=move,
        )
    palaces = state["palaces"][seat]
    i = _index(palaces, action.get("palace"), "PZ-R-1", "palace")
    if move == EXTRACT:
        tile = field(action, "tile", str, "PZ-R-1", "'b3w2'")
        tiles.parse(tile)
        _extract(palaces, i, tile)
    elif move == INSERT:
        _insert(palaces, i, _index(palaces, action.get("into"), "PZ-R-1", "into"))
    else:
        _single(palaces[i], i, "PZ-R-1", "removed from the game")
        state["tiles"]["out"] = plus(state["tiles"]["out"], palaces.pop(i))
    card = field(action, "card", str, "PZ-T-3", "'a5'")
    money.check_cards([card], "PZ-T-3")
    hands.take(state, seat, [card], "PZ-T-3")
    hands.discard(state, [card])
    end_turn(state)


def _single(palace: list, i: int, rule: str, what: str) -> None:
    if len(palace) != 1:
        raise IllegalAction(
            rule,
            f"{label(palace, i).capitalize()} has {len(palace)} tiles: only a one-tile palace "
            f"can be {what}.",
            palace=i,
        )


def _extract(palaces, i, tile) -> None:
    palace = palaces[i]
    if len(palace) == 1:
        raise IllegalAction(
            "PZ-R-1", f"{label(palace, i).capitalize()} is already a one-tile palace.", palace=i
        )
    if tile not in palace:
        raise IllegalAction(
            "PZ-R-1",
            f"{label(palace, i).capitalize()} has no {tiles.name(tile)}.",
            palace=i,
            tile=tile,
        )
    palace.remove(tile)
    palaces.append([tile])


def _insert(palaces, i, j) -> None:
    palace, target = palaces[i], palaces[j]
    _single(
        palace, i, "PZ-R-2",
        "inserted; take the tile out first, then insert it with a second reconstruction",
    )
    if i == j:
        raise IllegalAction("PZ-R-1", "A palace cannot be inserted into itself.", palace=i)
    tile = palace[0]
    if tiles.floor(tile) in {tiles.floor(t) for t in target}:
        raise IllegalAction(
            "PZ-BLD-1",
            f"{label(target, j).capitalize()} already has a floor {tiles.floor(tile)}.",
            palace=i,
            into=j,
        )
    palaces[j] = sorted(target + [tile], key=tiles.floor)
    del palaces[i]
