"""Engine texts as message ids with parameters, so each viewer reads them in their own language.

Engines never build finished sentences. A prompt, refusal, log line or score line is a
*text*: plain JSON data naming an English message id (the gettext msgid, extracted by
``pybabel extract`` through the standard keywords ``_``, ``ngettext`` and ``N_``) and
its parameters. The web layer renders it for each page in that page's language::

    >>> refusal = _("Lot {lot} in {quarter} already holds a shop.", lot=_("grey"), quarter="34w")
    >>> english(refusal)
    'Lot grey in 34w already holds a shop.'
    >>> english(ngettext("{n} card", "{n} cards", 3))
    '3 cards'

A parameter may itself be a text (a colour, a quarter, a material: the game's own words,
marked once with ``N_`` where they are defined, translated where they are shown), a list
of texts (joined with commas), or a plain number or player name (shown as is).

Modules that use these helpers must not use ``_`` as a throwaway variable name.
"""

from typing import Callable

Text = dict  # {"id": msgid, "args": {...}} or, for plurals, plus {"plural": msgid_plural, "n": n}


def _(msgid: str, **args) -> Text:
    """A translatable text: ``msgid`` with ``{name}`` placeholders filled from ``args``."""
    return {"id": msgid, "args": args} if args else {"id": msgid}


def ngettext(singular: str, plural: str, n: int, **args) -> Text:
    """A text whose wording depends on the number ``n`` (also available as ``{n}``)."""
    return {"id": singular, "plural": plural, "n": n, "args": {"n": n, **args}}


def N_(msgid: str) -> str:
    """Marks a word for extraction where it is defined (a colour, a material); returns it
    unchanged. Wrap it with ``_`` where it goes into a text."""
    return msgid


def is_text(value) -> bool:
    return type(value) is dict and "id" in value


def render(text, translate: Callable[[str], str], translate_n: Callable[[str, str, int], str]) -> str:
    """``text`` as a sentence, translated with the given gettext and ngettext functions."""
    if isinstance(text, str):
        return text
    msgid = text["id"]
    template = translate_n(msgid, text["plural"], text["n"]) if "plural" in text else translate(msgid)
    args = text.get("args")
    if not args:
        return template
    return template.format(**{k: _arg(v, translate, translate_n) for k, v in args.items()})


def _arg(value, translate, translate_n):
    if type(value) is dict:
        return render(value, translate, translate_n)
    if type(value) is list:
        return ", ".join(str(_arg(v, translate, translate_n)) for v in value)
    return value


def _same(msgid: str) -> str:
    return msgid


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def english(text) -> str:
    """The text in English (the msgids themselves): for tests, logs and exceptions."""
    return render(text, _same, _english_plural)


__all__ = ["Text", "_", "ngettext", "N_", "is_text", "render", "english"]
