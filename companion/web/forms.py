"""Whole numbers from forms: the one reader of every number a page posts or a host types.

A form number is ASCII digits, with a minus sign only where the field takes one, and at
most ``MAX_DIGITS`` of them. Python's own checks do not say so: ``str.isdigit`` is true
for "²" and "①", which ``int`` then refuses; ``int`` takes "٣", " 7", "+7" and "1_000",
and refuses 4,301 digits or more with an error of its own. A number that does not read,
or lies outside its field's range, is refused with a text that names the field (a 400).
"""

import re

from ..engines.text import Text, _
from .games import FormError

MAX_DIGITS = 18  # below 2**63: every number fits a SQLite integer and any JSON reader
NUMBER = re.compile(r"-?[0-9]{1,%d}" % MAX_DIGITS)  # [0-9], not \d: \d takes "٣"
LARGEST = 10 ** MAX_DIGITS - 1


def number(text, low: int = 0, high: int = LARGEST) -> int | None:
    """``text`` as a whole number from ``low`` to ``high``, or None if it is not one
    (surrounding white space is allowed; a sign only when ``low`` is negative). An int
    passes too: the writers of the game's forms give some, which tests post as they are."""
    if isinstance(text, int) and not isinstance(text, bool):
        text = str(text)
    if not isinstance(text, str):
        return None
    text = text.strip()
    if not NUMBER.fullmatch(text) or (text.startswith("-") and low >= 0):
        return None
    value = int(text)
    return value if low <= value <= high else None


def whole(text, what: Text, low: int = 0, high: int = LARGEST) -> int:
    """``text`` as a whole number from ``low`` to ``high``; ``FormError`` naming ``what``
    (the field, as the page calls it) otherwise."""
    value = number(text, low, high)
    if value is None:
        raise FormError(refusal(text, what, low, high))
    return value


def field(form, name: str, what: Text, low: int = 0, high: int = LARGEST, blank: int | None = None) -> int:
    """The number posted in ``form[name]``; ``blank`` when nothing was (if given)."""
    text = form.get(name, "")
    if blank is not None and not text.strip():
        return blank
    return whole(text, what, low, high)


def refusal(text, what: Text, low: int, high: int) -> Text:
    got = repr(text[:20]) if isinstance(text, str) else repr(text)
    if high == LARGEST:
        return _("{field}: type a whole number of at least {low} in digits 0-9 (got {got}).",
                 field=what, low=low, got=got)
    return _("{field}: type a whole number from {low} to {high} in digits 0-9 (got {got}).",
             field=what, low=low, high=high, got=got)


__all__ = ["number", "whole", "field", "MAX_DIGITS", "LARGEST"]
