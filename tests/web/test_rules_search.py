"""Searching the rules (``/rules/search``): players' questions in three languages, typed
the way people type at a table, find the rule that answers them, shown in the reader's
language; every rule is found by its ID and by its title."""

import json
import re
from html import unescape
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import rules
from companion.rules import search

from .conftest import create_table, join

GAMES = ("fifth_avenue", "palazzo", "new_york", "manhattan")
LANGS = ("en", "it", "de")
QUESTIONS = json.loads((Path(__file__).parent / "search_questions.json").read_text(encoding="utf-8"))
_RESULT = re.compile(r'<li><a href="/rules/(\w+)#([A-Z0-9-]+)">')


def results(html: str) -> list[tuple[str, str]]:
    """(game, rule ID) of each result, in the page's order."""
    listed = html.split('<ol id="results"', 1)
    return _RESULT.findall(listed[1].split("</ol>", 1)[0]) if len(listed) == 2 else []


def asked(client, question: str, game: str | None = None, lang: str = "en"):
    query = {"q": question, **({"game": game} if game else {})}
    return client.get("/rules/search", query_string=query, headers={"Accept-Language": lang})


def rule_ids(game):
    return list(rules.load(game).index())


def cases():
    """Each question, answered in another language than it is asked in (an Italian
    question on an English phone, ...)."""
    for game in GAMES:
        for lang, questions in QUESTIONS[game].items():
            reader = LANGS[(LANGS.index(lang) + 1) % 3]
            for question, expected in questions:
                yield pytest.param(game, question, expected, reader, id=f"{game}-{lang}-{question}")


def test_the_question_set_asks_every_game_in_every_language_enough():
    for game in GAMES:
        for lang in LANGS:
            assert len(QUESTIONS[game][lang]) >= 8, (game, lang)
            for _question, expected in QUESTIONS[game][lang]:
                assert set(expected) <= set(rule_ids(game))


@pytest.mark.parametrize("game, question, expected, reader", list(cases()))
def test_a_players_question_finds_its_rule_in_the_top_three(client, game, question, expected, reader):
    response = asked(client, question, game, reader)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    found = [rule for _game, rule in results(html)]
    assert set(expected) & set(found[:3]), f"{question!r}: expected {expected}, got {found[:5]}"
    # answered in the reader's language: the rule's title as that language's page words it
    assert f'<html lang="{reader}"' in html
    first = rules.load(game, reader).rule(found[0])
    assert search.title_of(first.text) in unescape(html)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_rule_is_found_by_its_id_and_by_its_title(game, lang):
    book = rules.load(game, lang)
    for rule in book.index().values():
        for spelt in (rule.id, rule.id.lower().replace("-", " ")):
            assert [h.rule for h in search.search(spelt, game, lang)][:1] == [rule.id], spelt
        assert [h.rule for h in search.search(rule.id)][:1] == [rule.id]  # every game at once
        title = search.title_of(rule.text)
        found = [h.rule for h in search.search(title, game, lang)]
        assert rule.id in found[:3], f"{rule.id} by its title {title!r}: got {found[:5]}"


def test_accents_and_umlauts_are_optional():
    for bare, accented, game in [("perche non posso comprare", "perché non posso comprare", "palazzo"),
                                 ("gebaude hohe", "Gebäude Höhe", "manhattan"),
                                 ("wahrungen", "Währungen", "palazzo"),
                                 ("citta", "città", "new_york")]:
        plain, marked = search.search(bare, game), search.search(accented, game)
        assert plain and [h.rule for h in plain] == [h.rule for h in marked], bare


def test_small_typos_are_forgiven():
    for typo, right, game in [("skyscrapper", "skyscraper", "manhattan"),
                              ("auctoin", "auction", "palazzo"),
                              ("comission", "commission", "fifth_avenue"),
                              ("Versteigerng", "Versteigerung", "fifth_avenue"),
                              ("grattacelo", "grattacielo", "new_york")]:
        assert [h.rule for h in search.search(typo, game)][:3] == [h.rule for h in search.search(right, game)][:3]


def test_a_word_is_also_its_synonyms_in_the_other_languages_and_is_marked_in_the_readers():
    # Italian "torre", read in English: the English passage marks "tower"
    hits = search.search("torre più alta", "manhattan", "en")
    assert hits[0].rule == "MH-SC-1"
    assert "<mark>tower</mark>" in hits[0].passage
    # an everyday word ("soldi", "Kohle") for the rulebook's money
    assert "NY-T-2" in [h.rule for h in search.search("Kohle nehmen", "new_york", "de")][:3]


def test_the_decisions_are_found_like_rules():
    """The points the rulebooks leave open are marked *Decision* on the rules pages (the
    app's own additions *House rule*): asking for a decision in any language lists rules
    that carry one."""
    for game in GAMES:
        carrying = {r.id for r in rules.load(game).index().values()
                    if "*Decision:*" in r.text or "*House rule:*" in r.text}
        assert carrying, game
        for word in ("decision", "decisione", "Entscheidung"):
            found = {h.rule for h in search.search(word, game)}
            assert found and found <= carrying, (game, word, found - carrying)


def test_without_a_game_every_game_is_searched_and_named(client):
    html = asked(client, "asta", lang="de").get_data(as_text=True)
    games = {game for game, _rule in results(html)}
    assert games == {"fifth_avenue", "palazzo"}  # the two games with auctions
    assert "Fifth Avenue ·" in html and "Palazzo ·" in html


def test_a_result_links_to_the_rule_on_its_page_in_the_readers_language(client):
    html = asked(client, "offerta segreta", "fifth_avenue", "de").get_data(as_text=True)
    assert '<a href="/rules/fifth_avenue#FA-H-1">' in html
    assert "<mark>" in html
    page = client.get("/rules/fifth_avenue", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert '<dt id="FA-H-1">' in page and '<html lang="de"' in page


def test_a_search_box_is_on_every_rules_page_and_the_index(client):
    for game in GAMES:
        html = client.get(f"/rules/{game}").get_data(as_text=True)
        assert 'action="/rules/search"' in html and f'name="game" value="{game}"' in html
    index = client.get("/rules/").get_data(as_text=True)
    assert 'action="/rules/search"' in index and 'name="game"' not in index


def test_phone_and_table_pages_are_one_tap_from_their_games_search(app, client):
    table_id = create_table(client)
    phone = join(app, table_id, "p1")
    for page in (phone.get(f"/t/{table_id}/me"), client.get(f"/t/{table_id}")):
        html = page.get_data(as_text=True)
        assert page.status_code == 200
        assert 'href="/rules/search?game=fifth_avenue"' in html


def test_no_match_and_no_question_say_so_in_the_page(client):
    empty = asked(client, "")
    assert empty.status_code == 200 and results(empty.get_data(as_text=True)) == []
    nothing = asked(client, "xyzzy qwpfk", "palazzo", "it")
    assert nothing.status_code == 200
    assert "Nessuna regola corrisponde a queste parole." in nothing.get_data(as_text=True)


def test_bad_input_gets_a_4xx_never_a_500(client):
    assert asked(client, "tower", "chess").status_code == 404
    long = asked(client, "tower " * 50, "manhattan", "de")
    assert long.status_code == 400
    html = long.get_data(as_text=True)
    assert "höchstens 200 Zeichen" in html and results(html) == []


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(question=st.text(max_size=60) | st.sampled_from(['"', 'tower"', "NEAR(a b)", "a OR", "-torre", "*", "^x",
                                                        "col:tile", "{title_en}: x", "FA-A-5 AND"]))
def test_any_text_is_answered_with_a_page(client, question):
    response = asked(client, question, "fifth_avenue")
    assert response.status_code == 200
