"""The Italian and German catalogues are complete: every message id that ``pybabel
extract -F babel.cfg`` finds (templates, web, engines) has a translation in each, not
empty and not fuzzy, with the same placeholders; and the compiled ``.mo`` files that
ship with the package say exactly what the ``.po`` files say."""

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
CATALOGUES = ROOT / "companion" / "translations"
LANGUAGES = ("it", "de")
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None}
_PLACEHOLDER = re.compile(r"\{(\w+)\}|%\((\w+)\)s")


def extracted() -> dict:
    """msgid (or (singular, plural)) -> where it was found, as ``pybabel extract -F babel.cfg``."""
    with open(ROOT / "babel.cfg") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found = {}
    for path, _line, message, _comments, _context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS):
        if isinstance(message, tuple):
            message = message if len(message) == 2 and message[1] else message[0]
        if message:
            found.setdefault(message, path)
    return found


def catalogue(lang: str):
    with open(CATALOGUES / lang / "LC_MESSAGES" / "messages.po", "rb") as po:
        return read_po(po, locale=lang)


def placeholders(text: str) -> set[str]:
    return {a or b for a, b in _PLACEHOLDER.findall(text)}


@pytest.fixture(scope="module")
def messages():
    return extracted()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_extracted_message_is_translated(messages, lang):
    cat = catalogue(lang)
    missing = []
    for msgid, where in messages.items():
        entry = cat.get(msgid[0] if isinstance(msgid, tuple) else msgid)
        strings = entry.string if entry is not None and isinstance(entry.string, tuple) else (
            (entry.string,) if entry is not None else ())
        if entry is None or entry.fuzzy or not strings or not all(s.strip() for s in strings):
            missing.append(f"{where}: {msgid!r}")
    assert not missing, f"{len(missing)} message(s) without a {lang} translation:\n" + "\n".join(missing)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_the_placeholders(lang):
    wrong = []
    for entry in catalogue(lang):
        if not entry.id or not entry.string:
            continue
        if isinstance(entry.id, tuple):
            allowed = placeholders(entry.id[0]) | placeholders(entry.id[1])
            wrong += [f"{entry.id[0]!r} -> {s!r}" for s in entry.string if not placeholders(s) <= allowed]
            # the other forms must still name every parameter but the count itself
            for s in entry.string[1:]:
                if placeholders(s) != placeholders(entry.id[1]):
                    wrong.append(f"{entry.id[1]!r} -> {s!r}")
        elif placeholders(entry.string) != placeholders(entry.id):
            wrong.append(f"{entry.id!r} -> {entry.string!r}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_shipped_mo_matches_the_po(lang):
    """The compiled catalogue is committed (so every install has it): it must be
    recompiled whenever the .po changes (``pybabel compile -d companion/translations``)."""
    def flat(value):
        return tuple(value) if isinstance(value, (list, tuple)) else value

    po = {flat(m.id): flat(m.string) for m in catalogue(lang) if m.id and m.string and not m.fuzzy}
    with open(CATALOGUES / lang / "LC_MESSAGES" / "messages.mo", "rb") as mo:
        compiled = {flat(m.id): flat(m.string) for m in read_mo(mo) if m.id}
    assert compiled == po


def test_the_extraction_sees_engines_web_and_templates(messages):
    """A guard on the guard: the extraction must reach every part, or the test above
    would pass on an empty list."""
    sources = {Path(where).parts[0] + "/" + (Path(where).parts[1] if len(Path(where).parts) > 2 else "")
               for where in messages.values()}
    assert {"companion/engines", "companion/web", "templates/games"} <= sources
    assert "The game is over." in messages and ("{n} building", "{n} buildings") in messages


# --- rules pages ----------------------------------------------------------------------

RULES = CATALOGUES.parent / "rules"
RULE_GAMES = sorted(p.name[:-3] for p in RULES.glob("*.md") if p.name.count(".") == 1)


def shape(book):
    """What must agree across languages: sections, rule IDs in order, table sizes."""
    return ([s.id for s in book.sections], [r.id for s in book.sections for r in s.rules],
            [[(len(t), len(t[0])) for t in s.tables] for s in book.sections])


def test_every_game_has_a_rules_page():
    assert {"fifth_avenue", "palazzo", "new_york", "manhattan"} <= set(RULE_GAMES)


@pytest.mark.parametrize("game", RULE_GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rules_page_exists_in_each_language_with_the_same_rule_ids(game, lang):
    from companion import rules

    english, translated = rules.load(game), rules.load(game, lang)
    assert shape(translated) == shape(english)
    assert translated.intro and all(r.text for r in translated.index().values())
    # translated, not copied: no rule reads the same as its English text
    same = [r.id for r in translated.index().values() if r.text == english.rule(r.id).text]
    assert not same, f"{game}.{lang}.md repeats the English text of {same}"


@pytest.fixture
def client(tmp_path):
    from companion.web import create_app

    return create_app({"DATABASE": str(tmp_path / "c.sqlite3"), "TESTING": True,
                       "PUBLIC_URL": "http://192.0.2.10:8000/"}).test_client()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_page_is_served_in_the_readers_language(client, lang):
    import re

    from companion import rules

    client.post("/language", data={"lang": lang})
    html = client.get("/rules/fifth_avenue").get_data(as_text=True)
    assert f'<html lang="{lang}"' in html and f'<article class="rules" lang="{lang}">' in html
    assert set(re.findall(r'<dt id="([A-Z0-9-]+)"', html)) == set(rules.load("fifth_avenue").index())
    assert rules.load("fifth_avenue", lang).rule("FA-A-5").text[:40] in html.replace("&#39;", "'")
