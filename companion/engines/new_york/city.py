"""City geometry: where a tile may go (NY-B) and the longest outer street (NY-SC-3).

A *grid* is ``{(x, y): streets}`` where ``streets`` is a bit mask of the sides
showing a street (N=1, E=2, S=4, W=8). x grows to the east, y to the south; the
start tile sits at (0, 0) and has no streets (NY-C-1). Tiles never rotate (NY-B-1),
so a tile's mask is fixed by its print.

Functions that check a move return ``None`` when it is legal, otherwise
``(rule, reason)`` with a short reason (a text) the engine puts into a sentence.
"""

from ..text import N_, Text, _, ngettext

N, E, S, W = 1, 2, 4, 8
SIDE_WORDS = {N: N_("north"), E: N_("east"), S: N_("south"), W: N_("west")}
STEP = {N: (0, -1), E: (1, 0), S: (0, 1), W: (-1, 0)}
OPPOSITE = {N: S, E: W, S: N, W: E}
START = (0, 0)
# The 8 cells around a cell in cyclic order; even indices are the side neighbours.
_RING = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


def mask(streets: str) -> int:
    """``"NE"`` → 3."""
    return sum(side for side, letter in zip((N, E, S, W), "NESW") if letter in streets)


def neighbours(pos):
    """``(side, cell)`` for the four cells sharing a side with ``pos``."""
    x, y = pos
    for side, (dx, dy) in STEP.items():
        yield side, (x + dx, y + dy)


def constraint(grid, pos) -> tuple[int, int]:
    """``(sides, streets)``: which sides of ``pos`` touch a tile, and on which of
    those a street is required to match the neighbour (NY-B-2)."""
    sides = streets = 0
    for side, cell in neighbours(pos):
        if cell in grid:
            sides |= side
            if grid[cell] & OPPOSITE[side]:
                streets |= side
    return sides, streets


def _mismatch(m: int, sides: int, streets: int) -> int:
    """The sides where a tile with mask ``m`` does not match its neighbours."""
    return (m ^ streets) & sides


def _fits(m: int, sides: int, streets: int) -> bool:
    """Matches every neighbour (NY-B-2) and can be walked into (NY-B-3)."""
    return not _mismatch(m, sides, streets) and bool(sides & ~m)


# -- holes (NY-B-5) --------------------------------------------------------

def closes_hole(grid, pos) -> bool:
    """Would a tile on the empty square ``pos`` close off some empty space?

    Look at the 8 squares around ``pos``: the empty ones form runs around it.
    If the empty side squares all lie in one run they stay joined to each other,
    so to the outside. If they lie in two runs, the tiles between the runs are
    joined through the (connected) city, and with ``pos`` they close a ring
    around one of the runs: a hole. (The city has no hole to begin with.)
    """
    empty = [(pos[0] + dx, pos[1] + dy) not in grid for dx, dy in _RING]
    return _runs_with_sides(empty) > 1


def _runs_with_sides(empty) -> int:
    """Number of cyclic runs of empty ring cells that contain a side cell."""
    if all(empty):
        return 1
    first = empty.index(False)
    runs, in_run, has_side = 0, False, False
    for k in range(1, 9):
        i = (first + k) % 8
        if empty[i]:
            in_run = True
            has_side = has_side or i % 2 == 0
        elif in_run:
            runs += has_side
            in_run, has_side = False, False
    return runs


# -- walking (NY-B-3) ------------------------------------------------------

def _walk_links(grid, pos):
    """Cells reachable on foot in one step from ``pos`` (a shared side, no street)."""
    m = grid[pos]
    for side, cell in neighbours(pos):
        if not m & side and cell in grid:
            yield cell


def cut_tiles(grid) -> set:
    """Tiles whose removal leaves some other tile unreachable on foot from the start
    (articulation points of the walking graph, found with Tarjan's low-link)."""
    order, low, cut = {START: 0}, {START: 0}, set()
    stack = [(START, None, _walk_links(grid, START))]
    root_children = 0
    while stack:
        pos, parent, links = stack[-1]
        for cell in links:
            if cell not in order:
                order[cell] = low[cell] = len(order)
                stack.append((cell, pos, _walk_links(grid, cell)))
                break
            if cell != parent:
                low[pos] = min(low[pos], order[cell])
        else:
            stack.pop()
            if parent is None:
                continue
            low[parent] = min(low[parent], low[pos])
            if parent == START:
                root_children += 1
            elif low[pos] >= order[parent]:
                cut.add(parent)
    if root_children > 1:
        cut.add(START)
    return cut


# -- moves -----------------------------------------------------------------

def sides_text(sides: int) -> list[Text]:
    """The sides in a mask as words, north first: ``[north, east]``."""
    return [_(SIDE_WORDS[s]) for s in (N, E, S, W) if sides & s]


def _mismatch_text(bad: int) -> Text:
    count = bin(bad).count("1")
    return ngettext("its {sides} side does not match the neighbouring tile",
                    "its {sides} sides do not match the neighbouring tiles", count,
                    sides=sides_text(bad))


def placement_problem(grid, pos, m):
    """Why a tile with mask ``m`` may not go on ``pos``, or ``None`` (NY-B-2…5)."""
    if pos in grid:
        return "NY-B-4", _("that square is already built on")
    sides, streets = constraint(grid, pos)
    if not sides:
        return "NY-B-4", _("it would not share a full side with the city")
    if bad := _mismatch(m, sides, streets):
        return "NY-B-2", _mismatch_text(bad)
    if not sides & ~m:
        return "NY-B-3", _("every side it shares with the city is a street, so nobody can walk "
                           "to it")
    if closes_hole(grid, pos):
        return "NY-B-5", _("it would close off an empty space")
    return None


def removal_problem(grid, pos):
    """Why the tile on ``pos`` may not leave the city, or ``None`` (NY-T-4, NY-B)."""
    if pos == START:
        return "NY-T-4", _("the start tile never moves")
    if pos not in grid:
        return "NY-T-4", _("there is no tile there")
    if all(cell in grid for _side, cell in neighbours(pos)):
        return "NY-B-5", _("it would leave an empty space enclosed on all sides")
    if pos in cut_tiles(grid):
        return "NY-B-3", _("some tiles could no longer be reached on foot from the start tile")
    return None


def swap_problem(grid, pos, m):
    """Why a tile with mask ``m`` may not replace the tile on ``pos``, or ``None``.

    The new tile must match the same neighbours as the old one, so on every shared
    side both show the same thing: walking and holes stay as they were.
    """
    if pos == START:
        return "NY-T-4", _("the start tile never moves")
    if pos not in grid:
        return "NY-T-4", _("there is no tile there to swap")
    if bad := _mismatch(m, *constraint(grid, pos)):
        return "NY-B-2", _mismatch_text(bad)
    return None


def placements(grid, masks) -> dict[int, list]:
    """Every square where a tile of each mask in ``masks`` may be placed, sorted."""
    frontier = {cell for pos in grid for _side, cell in neighbours(pos) if cell not in grid}
    need = {cell: constraint(grid, cell) for cell in sorted(frontier)}
    holes: dict = {}
    result = {}
    for m in set(masks):
        spots = []
        for cell, (sides, streets) in need.items():
            if _fits(m, sides, streets):
                if cell not in holes:
                    holes[cell] = closes_hole(grid, cell)
                if not holes[cell]:
                    spots.append(cell)
        result[m] = spots
    return result


def removals(grid) -> list:
    """Tiles that may move from the city to the reserve, sorted."""
    cut = cut_tiles(grid)
    return sorted(pos for pos in grid if pos != START and pos not in cut
                  and any(cell not in grid for _side, cell in neighbours(pos)))


def swaps(grid, masks) -> dict[int, list]:
    """For each mask, the city tiles a reserve tile of that mask may replace."""
    need = {pos: constraint(grid, pos) for pos in sorted(grid) if pos != START}
    return {m: [pos for pos, c in need.items() if not _mismatch(m, *c)] for m in set(masks)}


# -- streets (NY-SC-3) -----------------------------------------------------

def _corners(pos, side):
    """The two lattice corners at the ends of a tile side."""
    x, y = pos
    return {N: ((x, y), (x + 1, y)), E: ((x + 1, y), (x + 1, y + 1)),
            S: ((x, y + 1), (x + 1, y + 1)), W: ((x, y), (x, y + 1))}[side]


def outer_streets(grid) -> list:
    """Street sides facing an empty square, as pairs of corners."""
    return [_corners(pos, side) for pos, m in grid.items()
            for side, cell in neighbours(pos) if m & side and cell not in grid]


def longest_street(grid) -> int:
    """Sides in the longest trail of outer street sides: corners may repeat, sides not.

    In a connected group of sides with at most two corners of odd degree one trail
    uses every side (Euler); otherwise the longest trail starts at an odd corner,
    so a search from each odd corner settles it.
    """
    links: dict = {}
    for i, (a, b) in enumerate(outer_streets(grid)):
        links.setdefault(a, []).append((i, b))
        links.setdefault(b, []).append((i, a))
    best, seen = 0, set()
    for corner in links:
        if corner in seen:
            continue
        group, edges = _component(links, corner)
        seen |= group
        odd = [c for c in group if len(links[c]) % 2]
        if len(odd) <= 2:
            best = max(best, len(edges))
            continue
        used = dict.fromkeys(edges, False)
        for c in odd:
            best = max(best, _trail(links, c, used, len(edges)))
    return best


def longest_trail(grid) -> list:
    """One longest outer street as the corners it passes, in walking order, for
    drawing it: ``len(longest_trail(g)) - 1 == longest_street(g)`` (``[]`` without
    any outer street). The same search as ``longest_street``, keeping the way."""
    sides = outer_streets(grid)
    links: dict = {}
    for i, (a, b) in enumerate(sides):
        links.setdefault(a, []).append((i, b))
        links.setdefault(b, []).append((i, a))
    best, seen = [], set()
    for corner in sorted(links):
        if corner in seen:
            continue
        group, edges = _component(links, corner)
        seen |= group
        odd = sorted(c for c in group if len(links[c]) % 2)
        if len(odd) <= 2:
            way = _euler(links, odd[0] if odd else min(group))
        else:
            used = dict.fromkeys(edges, False)
            way = max(([c] + _trail_way(links, c, used, len(edges)) for c in odd), key=len)
        if len(way) > len(best):
            best = way
    return best


def _euler(links, start) -> list:
    """Corners of a trail using every side of ``start``'s group (Hierholzer)."""
    used, stack, way = set(), [start], []
    nxt = dict.fromkeys(links, 0)
    while stack:
        corner = stack[-1]
        out = links[corner]
        while nxt[corner] < len(out) and out[nxt[corner]][0] in used:
            nxt[corner] += 1
        if nxt[corner] == len(out):
            way.append(stack.pop())
        else:
            i, other = out[nxt[corner]]
            used.add(i)
            stack.append(other)
    return way[::-1]


def _trail_way(links, corner, used, limit) -> list:
    """The corners after ``corner`` of a longest trail of unused sides (see ``_trail``)."""
    best: list = []
    for i, other in links[corner]:
        if not used[i]:
            used[i] = True
            way = [other] + _trail_way(links, other, used, limit - 1)
            used[i] = False
            if len(way) > len(best):
                best = way
            if len(best) >= limit:
                break
    return best


def _component(links, corner):
    group, edges, todo = {corner}, set(), [corner]
    while todo:
        for i, other in links[todo.pop()]:
            edges.add(i)
            if other not in group:
                group.add(other)
                todo.append(other)
    return group, edges


def _trail(links, corner, used, limit) -> int:
    """Longest trail of unused sides from ``corner`` (stops early at ``limit``)."""
    best = 0
    for i, other in links[corner]:
        if not used[i]:
            used[i] = True
            best = max(best, 1 + _trail(links, other, used, limit - 1))
            used[i] = False
            if best >= limit:
                break
    return best
