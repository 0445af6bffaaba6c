"""Slow, obvious re-statements of the building and street rules, used to check
the fast geometry of ``companion.engines.new_york.city``."""

from .helpers import SIDES

STEPS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}


def _has(mask, side):
    return bool(mask & SIDES[side])


def problems(grid) -> set[str]:
    """Rule IDs a whole city breaks (NY-B-2, NY-B-3, NY-B-5)."""
    found = set()
    for (x, y), m in grid.items():
        for side, (dx, dy) in STEPS.items():
            other = grid.get((x + dx, y + dy))
            if other is not None and _has(m, side) != _has(other, OPPOSITE[side]):
                found.add("NY-B-2")
    reached, todo = {(0, 0)}, [(0, 0)]
    while todo:
        x, y = todo.pop()
        for side, (dx, dy) in STEPS.items():
            cell = (x + dx, y + dy)
            if cell in grid and cell not in reached and not _has(grid[x, y], side) \
                    and not _has(grid[cell], OPPOSITE[side]):
                reached.add(cell)
                todo.append(cell)
    if reached != set(grid):
        found.add("NY-B-3")
    xs, ys = [x for x, _ in grid], [y for _, y in grid]
    box = {(x, y) for x in range(min(xs) - 1, max(xs) + 2) for y in range(min(ys) - 1, max(ys) + 2)}
    corner = (min(xs) - 1, min(ys) - 1)
    outside, todo = {corner}, [corner]
    while todo:
        x, y = todo.pop()
        for dx, dy in STEPS.values():
            cell = (x + dx, y + dy)
            if cell in box and cell not in grid and cell not in outside:
                outside.add(cell)
                todo.append(cell)
    if box - set(grid) - outside:
        found.add("NY-B-5")
    return found


def can_place(grid, pos, mask) -> bool:
    touches = any((pos[0] + dx, pos[1] + dy) in grid for dx, dy in STEPS.values())
    return pos not in grid and touches and not problems({**grid, pos: mask})


def can_remove(grid, pos) -> bool:
    return pos != (0, 0) and pos in grid and not problems({p: m for p, m in grid.items() if p != pos})


def can_swap(grid, pos, mask) -> bool:
    return pos != (0, 0) and pos in grid and not problems({**grid, pos: mask})


def outer_street_sides(grid) -> list:
    sides = []
    for (x, y), m in grid.items():
        for side, (dx, dy) in STEPS.items():
            if _has(m, side) and (x + dx, y + dy) not in grid:
                sides.append(((x, y), side))
    return sides


def longest_street(grid) -> int:
    """Brute force over every trail from every corner."""
    ends = {"N": ((0, 0), (1, 0)), "E": ((1, 0), (1, 1)), "S": ((0, 1), (1, 1)), "W": ((0, 0), (0, 1))}
    edges = []
    for (x, y), side in outer_street_sides(grid):
        (ax, ay), (bx, by) = ends[side]
        edges.append(((x + ax, y + ay), (x + bx, y + by)))

    def walk(corner, used):
        best = 0
        for i, (a, b) in enumerate(edges):
            if i not in used and corner in (a, b):
                best = max(best, 1 + walk(b if corner == a else a, used | {i}))
        return best

    corners = {c for e in edges for c in e}
    return max((walk(c, frozenset()) for c in corners), default=0)
