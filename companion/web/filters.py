"""Small Jinja filters."""

import math
import re
from datetime import datetime

from jinja2 import pass_context
from markupsafe import Markup, escape

from ..engines.text import render

_STRONG = re.compile(r"\*\*(.+?)\*\*")
_EM = re.compile(r"\*(.+?)\*")
_CODE = re.compile(r"`(.+?)`")


def inline_md(text: str) -> Markup:
    """The little Markdown the rules pages use: **strong**, *em*, `code`; escaped first."""
    html = str(escape(text))
    html = _STRONG.sub(r"<strong>\1</strong>", html)
    html = _EM.sub(r"<em>\1</em>", html)
    return Markup(_CODE.sub(r"<code>\1</code>", html))


def say(text, words: dict | None = None) -> str:
    """An engine text (``companion.engines.text``) in the page's language; ``words``
    (msgid -> name) renames some of the game's words for a table, e.g. the building
    types as the host's box names them."""
    from flask_babel import gettext, ngettext

    if text is None:
        return ""
    translate = (lambda msgid: words.get(msgid) or gettext(msgid)) if words else gettext
    return render(text, translate, ngettext)


@pass_context
def say_here(context, text) -> str:
    """``say`` with the words of the table being drawn (the template's ``words``)."""
    return say(text, context.get("words"))


def isotime(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp).strftime("%Y-%m-%d %H:%M")


def register(app) -> None:
    from flask_babel import get_locale

    app.jinja_env.filters.update(say=say_here, inline_md=inline_md, isotime=isotime, prefix=lambda s, p: f"{p}{s}")
    app.jinja_env.globals.update(get_locale=get_locale, cos=math.cos, sin=math.sin)
