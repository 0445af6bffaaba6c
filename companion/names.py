"""Player names as typed into the set-up wizard, made safe to show side by side.

A name is normalised (NFKC, so full-width or ligature letters become plain ones;
runs of white space become one space; the ends stripped; invisible characters that
have no use in a name dropped) and refused when it cannot be shown honestly: nothing
visible left, a bidirectional override or isolate (which can make "Anna" display
as another name, or reorder the text around it), or a control character. Two
players whose names look the same ("Anna" and "An\u200bna", "Anna" and "ANNA",
a Latin "Anna" and one spelt with a Cyrillic "А") are refused too.
"""

import unicodedata

MAX_LENGTH = 24
# Invisible, and never part of a name: zero-width space, word joiner, byte order
# mark, soft hyphen. (Zero-width joiners stay: Persian names and emoji use them.)
DROPPED = dict.fromkeys(map(ord, "\u200b\u2060\ufeff\u00ad"))
# Overrides, embeddings and isolates reorder what is shown around them.
BIDI_CONTROLS = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Letters that look like nothing at all.
BLANK_LETTERS = set("\u115f\u1160\u3164\uffa0\u2800\u180e\u034f")
INVISIBLE_CATEGORIES = {"Cf", "Cc", "Zs", "Zl", "Zp", "Mn", "Me", "Cn", "Co", "Cs"}
IGNORED_CATEGORIES = {"Cf", "Cc", "Cn", "Co", "Cs"}
# Capitals and small letters of Cyrillic and Greek that look like Latin ones, for
# telling whether two names look the same (not for changing them).
LOOKALIKES = str.maketrans(
    "АВЕЅІЈКМНОРСТХУаеѕіјорсхуԁһԛԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧονρ",
    "ABESIJKMHOPCTXYaesijopcxydhqwABEZHIKMNOPTYXovp",
)


class BadName(ValueError):
    """A name that cannot be shown honestly; the message says which and why."""


def player_names(typed: list[str]) -> list[str | None]:
    """Each typed name cleaned, in order (None where nothing was typed). Raises
    ``BadName`` for a name that cannot be shown, or two that look the same."""
    names = [clean(text, f"Player {n}") for n, text in enumerate(typed, 1)]
    seen: dict[str, int] = {}
    for n, name in enumerate(names, 1):
        if name is None:
            continue
        key = looks(name)
        if key in seen:
            first = seen[key]
            raise BadName(f"The name of player {n} ({name}) looks the same as player {first}'s "
                          f"({names[first - 1]}). Give them names that can be told apart.")
        seen[key] = n
    return names


def clean(text: str, who: str = "The name") -> str | None:
    """``text`` normalised; None if it is empty or only white space."""
    text = unicodedata.normalize("NFKC", text)
    if not text.split():
        return None
    text = " ".join(text.translate(DROPPED).split())
    if BIDI_CONTROLS & set(text):
        raise BadName(f"{who}'s name contains a character that changes the direction of the "
                      "text around it. Type the name without it.")
    if any(unicodedata.category(ch) == "Cc" for ch in text):
        raise BadName(f"{who}'s name contains a control character. Type the name without it.")
    if all(invisible(ch) for ch in text):
        raise BadName(f"{who}'s name has nothing visible in it. Type a name people can read.")
    return text[:MAX_LENGTH].rstrip()


def invisible(ch: str) -> bool:
    """Shows nothing by itself (a space, a format character, a lone accent, ...)."""
    return ch in BLANK_LETTERS or unicodedata.category(ch) in INVISIBLE_CATEGORIES


def ignorable(ch: str) -> bool:
    """Shows nothing within a name either (accents and vowel signs do show)."""
    return (ch in BLANK_LETTERS or unicodedata.category(ch) in IGNORED_CATEGORIES
            or "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef")  # variation selectors


def looks(name: str) -> str:
    """What a name looks like: without what shows nothing, case, or lookalike letters."""
    shown = "".join(ch for ch in name if not ignorable(ch))
    return " ".join(shown.translate(LOOKALIKES).casefold().translate(LOOKALIKES).split())
