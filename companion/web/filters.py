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
    from .languages import translations  # one look-up of the page's catalogue, not one per word

    if text is None:
        return ""
    catalogue = translations()
    gettext = catalogue.ugettext
    translate = (lambda msgid: words.get(msgid) or gettext(msgid)) if words else gettext
    return render(text, translate, catalogue.ungettext)


@pass_context
def say_here(context, text) -> str:
    """``say`` with the words of the table being drawn (the template's ``words``)."""
    return say(text, context.get("words"))


def isotime(timestamp: float) -> str:
    """For ``<time datetime>`` and machines; people read ``moment``."""
    return datetime.fromtimestamp(timestamp).strftime("%Y-%m-%d %H:%M")


def moment(value: float | datetime, form: str = "short") -> str:
    """A date and time (a timestamp, or a datetime already in the host's zone) as the
    reader's language writes them (Babel); the zone is kept, never converted."""
    from babel.dates import format_datetime
    from flask_babel import get_locale

    when = datetime.fromtimestamp(value) if isinstance(value, (int, float)) else value
    return format_datetime(when, form, locale=get_locale())


def day_month(value: datetime) -> str:
    """A short day and month for chart ticks (13/3, 13.3.), as the reader writes them."""
    from babel.dates import format_skeleton
    from flask_babel import get_locale

    return format_skeleton("dM", value, locale=get_locale())


def decimal(number: float, places: int = 1) -> str:
    """A number with ``places`` decimals, with the reader's decimal sign (Babel)."""
    from flask_babel import format_decimal

    return format_decimal(number, "#,##0." + "0" * places if places else "#,##0")


def register(app) -> None:
    from flask_babel import get_locale

    from .context import LANGUAGES, on_table_screen
    from .games import ui_for

    app.jinja_env.filters.update(say=say_here, inline_md=inline_md, isotime=isotime, moment=moment, decimal=decimal,
                                 prefix=lambda s, p: f"{p}{s}")
    app.jinja_env.globals.update(get_locale=get_locale, cos=math.cos, sin=math.sin,
                                 languages=LANGUAGES, on_table_screen=on_table_screen, ui_of=ui_for)
