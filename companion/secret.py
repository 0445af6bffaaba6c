"""Comparing a secret someone presents (a URL part, a cookie) with the one on file.

``secrets.compare_digest`` raises on a string with a non-ASCII character, so a
hostile ``/t/<id>/host/%C3%A9`` or cookie became a 500. Every comparison of a
host or seat secret goes through ``matches``, which compares bytes in constant
time and treats anything that is not a string as no match.
"""

import secrets


def matches(given: object, expected: str | None) -> bool:
    """Whether ``given`` is exactly the secret ``expected`` (False if either is missing)."""
    if not isinstance(given, str) or not isinstance(expected, str) or not expected:
        return False
    return secrets.compare_digest(_bytes(given), _bytes(expected))


def _bytes(text: str) -> bytes:
    # surrogatepass: a lone surrogate (from a badly encoded URL) compares, never raises
    return text.encode("utf-8", "surrogatepass")
