"""companion/names.py: player names normalised, and refused when they cannot be
shown honestly or cannot be told apart."""

import pytest

from companion.names import BadName, clean, player_names


@pytest.mark.parametrize("typed, shown", [
    ("  Anna  ", "Anna"),
    ("Anna\t Maria\n", "Anna Maria"),
    ("\uff21\uff4e\uff4e\uff41", "Anna"),  # full-width letters
    ("An\u200bna", "Anna"),  # a zero-width space has no use in a name
    ("Jose\u0301", "Jos\u00e9"),  # composed
    ("\u0645\u0647\u200c\u0633\u0627", "\u0645\u0647\u200c\u0633\u0627"),  # a Persian name keeps its ZWNJ
    ("x" * 30, "x" * 24),
    ("", None),
    ("   ", None),
])
def test_names_are_normalised(typed, shown):
    assert clean(typed, 1) == shown


@pytest.mark.parametrize("typed, complaint", [
    ("\u200b\u200b", "nothing visible"),
    ("\u2060\ufeff\u200d", "nothing visible"),
    ("\u3164", "nothing visible"),  # a Hangul filler, a letter that shows nothing
    ("\u2800\u2800", "nothing visible"),  # a blank braille pattern
    ("\u0301", "nothing visible"),
    ("Anna\u202e", "direction"),  # right-to-left override
    ("\u2067Anna\u2069", "direction"),  # an isolate
    ("An\x00na", "control character"),
    ("An\x1bna", "control character"),
])
def test_names_that_cannot_be_shown_honestly_are_refused(typed, complaint):
    with pytest.raises(BadName, match=complaint):
        clean(typed, 2)


@pytest.mark.parametrize("second", ["Anna", "An\u200dna", "ANNA", " anna ", "\u0410nna",
                                    "\uff21nna", "Ann\u0430", "Anna\ufe0f"])
def test_names_that_look_the_same_as_another_are_refused(second):
    with pytest.raises(BadName, match="player 3 .* looks the same as player 1"):
        player_names(["Anna", "Ben", second])


@pytest.mark.parametrize("names", [["Anna", "Ana", "Hanna"], ["Zo\u00eb", "Zoe"],
                                   ["\u0917\u0941\u0930\u0941", "\u0917\u0930"], ["Anna B", "Anna"]])
def test_different_names_pass(names):
    assert player_names(names) == names


def test_empty_fields_are_no_players():
    assert player_names(["Anna", "", "Ben", "  "]) == ["Anna", None, "Ben", None]
