"""Piles of tiles and cards kept as sorted lists of strings (multisets)."""

from collections import Counter


def missing(pool: list, items: list):
    """The first item of ``items`` that ``pool`` cannot supply (counting repeats), else None."""
    left = Counter(pool)
    for item in items:
        if not left[item]:
            return item
        left[item] -= 1
    return None


def without(pool: list, items: list) -> list:
    """``pool`` minus ``items``; the caller has checked ``missing`` first."""
    return sorted((Counter(pool) - Counter(items)).elements())


def plus(pool: list, items: list) -> list:
    return sorted(pool + list(items))
