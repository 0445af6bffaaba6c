"""Texts that count something ("1 tile", "2 tiles") have plural forms, in every language.

Two checks over every message ``pybabel extract`` finds (templates, web, engines):
every text that puts a number before a counted noun is a plural message (``ngettext``,
``{% trans count=… %}``, or the engines' ``ngettext`` texts), and every plural message,
drawn by the app for 1, 2 and 5 in English, Italian and German, says what the catalogue's
form for that number (``msgstr[plural index(n)]``) says."""

import functools
import gettext
import re

import pytest
from flask import render_template_string

from companion.engines.text import ngettext as text_ngettext
from companion.web import languages
from companion.web.filters import say
from tests.test_translations import catalogue as read_catalogue
from tests.test_translations import extracted

catalogue = functools.cache(read_catalogue)  # one reading of each .po file

# Names the code gives to numbers of things in its texts. A number right after one of
# ORDINAL_WORDS says which one ("Player 2"), not how many.
COUNT_NAMES = {"n", "num", "count", "height", "floors", "windows", "theirs", "mine", "most"}
ORDINAL_WORDS = ("Player",)
_COUNTED = re.compile(r"(\w*)\s?(?:\{(\w+)\}|%\((\w+)\)[sd])([ -])(?:\{\w+\} |[a-z]+-[a-z]+ )?([A-Za-z]+)")


def placeholders(text: str) -> set[str]:
    return {a or b for a, b in re.findall(r"\{(\w+)\}|%\((\w+)\)[sd]", text)}


@pytest.fixture(scope="module")
def messages():
    return extracted()


def counted_nouns(messages) -> set[str]:
    """The nouns the plural messages count, both forms (tile, tiles; storey, storeys)."""
    words = lambda text: set(re.findall(r"[A-Za-z]+", re.sub(r"\{\w+\}|%\(\w+\)[sd]", " ", text)))
    nouns = set()
    for singular, plural in (m for m in messages if isinstance(m, tuple)):
        one, many = words(singular), words(plural)
        nouns |= {w for w in one - many for p in many - one if p in (w + "s", w + "es")}
        nouns |= {p for w in one - many for p in many - one if p in (w + "s", w + "es")}
    return nouns


def test_the_counted_nouns_are_found_in_the_plural_messages(messages):
    assert {"tile", "tiles", "storey", "storeys", "card", "cards"} <= counted_nouns(messages)


def counts(message: str, nouns: set[str], own: str | None) -> bool:
    """Whether ``message`` puts a number other than its plural number ``own`` before a
    counted noun: a count placeholder, or any placeholder joined to the noun ("{h}-storey")."""
    for before, brace, percent, joint, noun in _COUNTED.findall(message):
        name = brace or percent
        if name != own and noun in nouns and before not in ORDINAL_WORDS and (
                name in COUNT_NAMES or joint == "-"):
            return True
    return False


def test_every_text_that_counts_something_has_plural_forms(messages):
    nouns, wrong = counted_nouns(messages), []
    for message, where in messages.items():
        if isinstance(message, tuple):  # its own number may count; any other may not
            own = next((name for name in ("n", "num", "count") if name in placeholders(message[1])), None)
            wrong += [f"{where}: {message[1]!r}" for m in message if counts(m, nouns, own)][:1]
        elif counts(message, nouns, None):
            wrong.append(f"{where}: {message!r}")
    assert not wrong, "count-dependent texts without plural forms:\n" + "\n".join(wrong)


def plural_index(lang: str):
    if lang == "en":
        return lambda n: int(n != 1)
    return gettext.c2py(catalogue(lang).plural_expr)


def forms(lang: str, singular: str, plural: str) -> tuple[str, ...]:
    """The catalogue's forms; English (what gettext falls back to) where it has none yet
    (tests/test_translations.py reports those)."""
    found = catalogue(lang).get(singular) if lang != "en" else None
    if found is None or not all(found.string):
        return singular, plural
    return found.string


def filled(template: str, n: int) -> tuple[str, dict]:
    """``template`` with its number and a marker for every other placeholder."""
    args = {name: n if name in ("n", "num") else f"[{name}]" for name in placeholders(template)}
    if "{" in template:
        return template.format(**args), args
    return template % args, args


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_each_plural_text_says_the_form_its_number_asks_for(app, messages, lang):
    index, checked = plural_index(lang), 0
    with app.test_request_context("/"), languages.speaking(lang):
        for message in messages:
            if not isinstance(message, tuple):
                continue
            singular, plural = message
            for n in (1, 2, 5):
                want, args = filled(forms(lang, singular, plural)[index(n)], n)
                others = {k: v for k, v in args.items() if k not in ("n", "num")}
                if "{" in singular:  # an engine's text, drawn as every page draws it
                    got = say(text_ngettext(singular, plural, n, **others))
                else:  # a template's or the web layer's
                    got = render_template_string("{{ ngettext(s, p, n, **others) }}", s=singular, p=plural,
                                                 n=n, others=others)
                assert got == want, (lang, n, message)
                checked += 1
    assert checked == 3 * sum(isinstance(m, tuple) for m in messages) > 3 * 50


@pytest.mark.parametrize("lang, n, said", [
    ("it", 1, "un elemento celeste da 1 piano"), ("it", 3, "un elemento celeste da 3 piani"),
    ("de", 1, "Gebäudeteil in Hellblau mit 1 Stockwerk"), ("de", 3, "Gebäudeteil in Hellblau mit 3 Stockwerken"),
    ("en", 1, "set a 1-storey light blue piece aside")])
def test_manhattans_log_counts_a_pieces_storeys(app, lang, n, said):
    """What players read: "elemento celeste da 1 piani", "mit 1 Stockwerken"."""
    from companion.engines.manhattan.describe import LINES
    from companion.engines.manhattan.pieces import colour_name
    line = LINES["pass"]({"name": "Anna", "card": "A", "height": n, "colour": colour_name("light_blue")})
    with app.test_request_context("/"), languages.speaking(lang):
        assert said in say(line), say(line)


@pytest.mark.parametrize("lang, said", [
    ("en", ["Out of the game: 1 tile<", "Money deck: 1 card<"]),
    ("it", ["Fuori dal gioco: 1 tessera<", "Mazzo del denaro: 1 carta<"]),
    ("de", ["Aus dem Spiel: 1 Plättchen<", "Geldstapel: 1 Karte<"])])
def test_palazzos_board_counts_one_tile_and_one_card(app, lang, said):
    """What players read: "Out of the game: 1 tiles"."""
    from flask import render_template

    from companion.engines import palazzo
    from companion.engines.palazzo import playout
    from companion.web.games import palazzo as ui
    import random
    view = palazzo.view(palazzo.setup(playout.random_config(random.Random(3), 3)), None)
    view["tiles"]["out"], view["money"]["deck"] = 1, 1
    with app.test_request_context("/"), languages.speaking(lang):
        board = render_template("games/palazzo/board.html", view=view, ui=ui)
    for text in said:
        assert text in board, text
