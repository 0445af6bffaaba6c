"""The language a page is drawn in: its catalogue, chosen once per drawing rather than per
text, and the gettext functions the templates call."""

import contextvars
from contextlib import contextmanager

from babel import Locale
from flask import current_app
from flask_babel import force_locale, get_locale, get_translations
from jinja2 import pass_context
from markupsafe import Markup

_catalogue: contextvars.ContextVar = contextvars.ContextVar("catalogue", default=None)
_spoken: contextvars.ContextVar = contextvars.ContextVar("spoken", default=None)
_catalogues: dict = {}
_locales: dict = {}


def init_app(app) -> None:
    """Templates find their texts in the catalogue of ``translations``."""
    env = app.jinja_env
    env.install_gettext_callables(
        gettext=lambda s: translations().ugettext(s),
        ngettext=lambda s, p, n: translations().ungettext(s, p, n),
        pgettext=lambda c, s: translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: translations().unpgettext(c, s, p, n), newstyle=True)
    # Jinja's own ``_`` goes through two more calls of the context; these are the same texts.
    env.globals.update(_=_gettext, gettext=_gettext, ngettext=_ngettext)


@pass_context
def _gettext(context, string: str, **variables) -> str:
    """A template's ``_()``: Jinja's newstyle gettext (markup, ``%(name)s`` escaped), our catalogue."""
    return _filled_in(context, translations().ugettext(string), variables)


@pass_context
def _ngettext(context, singular: str, plural: str, num: int, **variables) -> str:
    variables.setdefault("num", num)
    return _filled_in(context, translations().ungettext(singular, plural, num), variables)


def _filled_in(context, text: str, variables: dict) -> str:
    if context.eval_ctx.autoescape:
        text = Markup(text)
    return text % variables if variables or "%" in text else text


def translations():
    """The catalogue of the language being drawn: the one ``speaking`` chose, else the
    request's (Flask-Babel's look-up, which costs a few context look-ups per call)."""
    found = _catalogue.get()
    return found if found is not None else get_translations()


def locale_name() -> str:
    """The language being drawn, as a key: the one ``speaking`` chose, else the request's."""
    found = _spoken.get()
    return found if found is not None else str(get_locale())


def catalogue(locale: str):
    """The translations of ``locale`` (loaded once per folder of catalogues: an app
    made with other catalogues, as some tests make, gets its own)."""
    key = (str(current_app.config.get("BABEL_TRANSLATION_DIRECTORIES")), locale)
    found = _catalogues.get(key)
    if found is None:
        with force_locale(locale):
            found = _catalogues[key] = get_translations()
    return found


@contextmanager
def speaking(locale: str):
    """Draw in ``locale``: the templates' texts and the engine's (``say``)."""
    found = _locales.get(locale)
    if found is None:
        parsed = Locale.parse(locale)  # parsing it looks on the disk
        found = _locales[locale] = (parsed, str(parsed))
    token, spoken = _catalogue.set(catalogue(locale)), _spoken.set(found[1])
    try:
        with force_locale(found[0]):
            yield
    finally:
        _spoken.reset(spoken)
        _catalogue.reset(token)
