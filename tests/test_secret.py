"""companion/secret.py: comparing presented secrets with the one on file."""

import pytest

from companion.secret import matches


def test_the_same_secret_matches():
    assert matches("kX3-abc_9", "kX3-abc_9")


@pytest.mark.parametrize("given, expected", [
    ("kX3-abc_9", "kX3-abc_8"),
    ("", "kX3"),
    ("\u00e9", "kX3"),  # non-ASCII: secrets.compare_digest raises on these
    ("kX3", "\u00e9t\u00e9"),
    ("\ud800", "kX3"),  # a lone surrogate
    (None, "kX3"),
    (b"kX3", "kX3"),
    ("kX3", None),
    ("", ""),  # a seat without a secret is free, not held by everyone
])
def test_anything_else_does_not_match_and_never_raises(given, expected):
    assert matches(given, expected) is False


def test_non_ascii_secrets_can_match():
    assert matches("\u00e9t\u00e9", "\u00e9t\u00e9")
