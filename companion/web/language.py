"""The language switch on every page: each device keeps its own choice in a cookie,
and the table screen keeps a separate one, so the host can show the table in one
language while every phone reads its own."""

from flask import Blueprint, redirect, request

from ..engines.text import _
from . import context
from .games import FormError

bp = Blueprint("language", __name__)


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
    """The page the switch was on: a path of this server only, never another site."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    return target
