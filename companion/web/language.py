"""The language switch on every page: each device keeps its own choice in a cookie,
and the table screen keeps a separate one, so the host can show the table in one
language while every phone reads its own."""

import unicodedata

from flask import Blueprint, redirect, request

from ..engines.text import _
from . import context
from .games import FormError

bp = Blueprint("language", __name__)
LONGEST = 2048  # characters of a page's address the switch sends back to


@bp.post("/language")
def choose():
    lang = request.form.get("lang")
    if lang not in context.LANGUAGES:
        raise FormError(_("Choose one of the languages offered."))
    screen = request.form.get("for") == "screen"
    response = redirect(back_to(request.form.get("next")))
    context.set_cookie(response, context.SCREEN_COOKIE if screen else context.LANG_COOKIE, lang)
    return response


def back_to(target: str | None) -> str:
    """The page the switch was on, as a path of this server; anything else is ``/``.

    ``redirect`` percent-encodes the path (Flask hands the page its path decoded: a
    player's name may hold spaces or any letter), but on the way it drops tabs and
    newlines, as browsers do, and browsers read a backslash as a slash: either would
    turn ``/<tab>/evil.example`` into ``//evil.example``, another site. So a target
    holding any control character or backslash is refused whole, never cleaned."""
    if not target or len(target) > LONGEST or not target.startswith("/") or target[1:2] == "/":
        return "/"
    if "\\" in target or any(unicodedata.category(c) == "Cc" for c in target):
        return "/"
    return target
