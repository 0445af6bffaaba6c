"""Piles of tiles and cards kept as sorted lists of strings (multisets).

Piles are small (at most 55 items), so plain list operations beat ``Counter`` here.
"""


def missing(pool: list, items: list):
    """The first item of ``items`` that ``pool`` cannot supply (counting repeats), else None."""
    left = list(pool)
    for item in items:
        if item not in left:
            return item
        left.remove(item)
    return None


def without(pool: list, items: list) -> list:
    """``pool`` minus ``items`` (still sorted); the caller has checked ``missing`` first."""
    left = list(pool)
    for item in items:
        left.remove(item)
    return left


def plus(pool: list, items: list) -> list:
    return sorted([*pool, *items])
