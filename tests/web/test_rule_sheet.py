"""The rule sheet's fragment (``/rules/<game>/rule/<ID>``): one rule in the reader's
language with its related rules (those its text mentions, then the rest of its section) as
chips that link to the rules page; 404, never 500, for anything that is not a rule."""

import re

import pytest

from companion import rules

LANGS = {"en": "en", "it": "it-IT,it;q=0.9", "de": "de-DE"}


def sheet(client, game, rule_id, lang="en"):
    return client.get(f"/rules/{game}/rule/{rule_id}", headers={"Accept-Language": LANGS[lang]})


def chips(html: str) -> list[str]:
    return re.findall(r'<a class="rule" href="/rules/\w+#([A-Z0-9-]+)"', html)


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_a_rule_comes_with_its_text_and_related_rules_in_the_readers_language(client, lang):
    book = rules.load("fifth_avenue", lang)
    answer = sheet(client, "fifth_avenue", "FA-A-4", lang)
    assert answer.status_code == 200 and answer.mimetype == "text/html"
    html = answer.get_data(as_text=True)
    section = next(s for s in book.sections if s.id == "FA-A")
    text = book.rule("FA-A-4").text
    assert f'lang="{lang}"' in html and section.title in html
    # the text is there (its little Markdown drawn): its first words before any mark-up
    assert re.split(r"[*`]", text)[0][:40].replace("'", "&#39;") in html
    # FA-A-4 mentions FA-T-3, so that one comes first; then the other rules of FA-A, in order
    assert chips(html) == ["FA-T-3"] + [r.id for r in section.rules if r.id != "FA-A-4"]
    close = {"en": "Close", "it": "Chiudi", "de": "Schließen"}[lang]
    related = {"en": "Related rules", "it": "Regole collegate", "de": "Verwandte Regeln"}[lang]
    assert f">{close}</button>" in html and f"<h3>{related}</h3>" in html
    assert '<form method="dialog">' in html  # the sheet closes without a script of ours
    assert 'href="/rules/fifth_avenue#FA-A-4"' in html  # the whole page, one tap away


def test_every_rule_of_every_game_has_a_sheet(client):
    for game in ("fifth_avenue", "palazzo", "new_york", "manhattan"):
        for rule_id in rules.load(game).index():
            answer = sheet(client, game, rule_id)
            assert answer.status_code == 200, (game, rule_id)
            assert rule_id not in chips(answer.get_data(as_text=True)), f"{rule_id} is related to itself"


def test_a_rule_alone_in_its_section_without_mentions_has_no_related_list():
    from companion.web.rules import related

    book = rules.parse("# G\n## G-A · One\n- **G-A-1** Alone.\n## G-B · Two\n- **G-B-1** See G-A-1 and G-Z-9.\n")
    assert related(book, book.sections[0], book.rule("G-A-1")) == []
    # a mentioned ID that is no rule of the book is left out
    assert [r.id for r in related(book, book.sections[1], book.rule("G-B-1"))] == ["G-A-1"]


@pytest.mark.parametrize("path", [
    "/rules/chess/rule/FA-T-2",                  # no such game
    "/rules/fifth_avenue/rule/FA-T-99",          # no such rule
    "/rules/fifth_avenue/rule/PZ-A-1",           # another game's rule
    "/rules/fifth_avenue/rule/FA-T",             # a section, not a rule
    "/rules/fifth_avenue/rule/fa-t-2",           # IDs are upper case
    "/rules/toy/rule/T-1",                       # a game without a rules page
])
def test_what_is_not_a_rule_is_404(client, path):
    assert client.get(path).status_code == 404


@pytest.mark.parametrize("rule_id", [
    "A" * 5000, "FA-T-2%00", "%2e%2e%2f%2e%2e%2fetc%2fpasswd", "..", "FA-T-2'%20OR%201=1--",
    "%3Cscript%3Ealert(1)%3C%2Fscript%3E", "FA-T-2%0d%0aX-Evil:%201", "%F0%9F%92%A5", "%ff%fe", "FA-T-2;",
])
def test_a_hostile_rule_id_is_404_not_500(client, rule_id):
    answer = client.get(f"/rules/fifth_avenue/rule/{rule_id}", headers={"HX-Request": "true"})
    assert answer.status_code == 404
    assert "<script>" not in answer.get_data(as_text=True)
