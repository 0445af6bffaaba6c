"""Player names as typed into the set-up wizard, made safe to show side by side.

A name is normalised (NFKC, so full-width or ligature letters become plain ones;
runs of white space become one space; the ends stripped; invisible characters that
have no use in a name dropped) and refused when it cannot be shown honestly: nothing
visible left, a bidirectional override or isolate (which can make "Anna" display
as another name, or reorder the text around it), or a control character. Two
players whose names look the same ("Anna" and "An\u200bna", "Anna" and "ANNA",
a Latin "Anna" and one spelt with a Cyrillic "А") are refused too.

Other things a host types and the screens show (a table's name, a profile's, a name for
a kind of piece) are labels: normalised the same way, and refused for a bidirectional
control or a control character. A refusal is a text (``companion.engines.text``), so the
wizard says it in the host's language.
"""

import unicodedata

from .engines.text import Text, _, english

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
    """A name that cannot be shown honestly; its text (``text``) says which and why."""

    def __init__(self, text: Text):
        super().__init__(english(text))
        self.text = text


def player_names(typed: list[str]) -> list[str | None]:
    """Each typed name cleaned, in order (None where nothing was typed). Raises
    ``BadName`` for a name that cannot be shown, or two that look the same."""
    names = [clean(text, n) for n, text in enumerate(typed, 1)]
    seen: dict[str, int] = {}
    for n, name in enumerate(names, 1):
        if name is None:
            continue
        key = looks(name)
        if key in seen:
            first = seen[key]
            raise BadName(_("The name of player {n} ({name}) looks the same as player {first}'s "
                            "({other}). Give them names that can be told apart.",
                            n=n, name=name, first=first, other=names[first - 1]))
        seen[key] = n
    return names


def clean(text: str, n: int) -> str | None:
    """``text``, player ``n``'s name, normalised; None if it is empty or only white space."""
    if not unicodedata.normalize("NFKC", text).split():
        return None
    what = _("The name of player {n}", n=n)
    text = label(text, MAX_LENGTH, what)
    if all(invisible(ch) for ch in text):
        raise BadName(_("{what} has nothing visible in it. Type a name people can read.", what=what))
    return text


def label(text: str, limit: int, what: Text) -> str:
    """``text`` normalised and cut to ``limit`` characters ("" if only white space);
    ``what`` names it in a refusal (``_("The name of this table")``)."""
    text = " ".join(unicodedata.normalize("NFKC", text).translate(DROPPED).split())
    if BIDI_CONTROLS & set(text):
        raise BadName(_("{what} contains a character that changes the direction of the text "
                        "around it. Type it without that character.", what=what))
    if any(unicodedata.category(ch) == "Cc" for ch in text):
        raise BadName(_("{what} contains a control character. Type it without that character.", what=what))
    return text[:limit].rstrip()


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
