"""Small Jinja filters."""

import math
import re
from datetime import datetime

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


def say(text) -> str:
    """An engine text (``companion.engines.text``) in the page's language."""
    from .render import translations  # one look-up of the page's catalogue, not one per word

    catalogue = translations()
    return "" if text is None else render(text, catalogue.ugettext, catalogue.ungettext)


def isotime(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp).strftime("%Y-%m-%d %H:%M")


def register(app) -> None:
    from flask_babel import get_locale

    app.jinja_env.filters.update(say=say, inline_md=inline_md, isotime=isotime, prefix=lambda s, p: f"{p}{s}")
    app.jinja_env.globals.update(get_locale=get_locale, cos=math.cos, sin=math.sin)
