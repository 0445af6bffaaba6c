"""Searching the rules from a phone at a table (390 × 844): the search button in the top
bar opens the search for the table's game; a question in the phone's language finds the
rule and leads to it on the rules page; the search page passes axe-core."""

import re

import pytest
from playwright.sync_api import expect

from .test_accessibility import serious_findings
from .ui import join_url_of, post_table, seated_phone

ASKED = [  # phone's locale, seat, name, the search button's name, question, a rule that answers
    ("it-IT", "p1", "Anna", "Cerca nelle regole", "offerte segrete sul telefono", "FA-H-1"),
    ("de-DE", "p2", "Ben", "Regeln durchsuchen", "wer gewinnt bei gleichstand", "FA-E-4"),
]


@pytest.mark.parametrize("locale, seat, name, button, question, rule", ASKED)
def test_a_phone_searches_its_games_rules_in_its_language(server, contexts, locale, seat, name, button, question,
                                                          rule):
    desk = contexts("desktop")
    # the server builds its index on the first search: that one may take seconds on a busy machine
    assert desk.request.get(f"{server.url}rules/search?q=warm", timeout=60_000).ok
    table = post_table(desk, server.url)
    phone = seated_phone(contexts("phone", locale=locale), join_url_of(table), seat, name)
    lang = locale[:2]
    # the top bar still fits the phone's width with the search button in it
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    with phone.expect_popup() as opened:
        phone.get_by_role("link", name=button).tap()
    search = opened.value
    expect(search.locator("html")).to_have_attribute("lang", lang)
    search.get_by_role("searchbox").fill(question)
    search.get_by_role("searchbox").press("Enter")
    expect(search).to_have_url(re.compile(r"/rules/search\?game=fifth_avenue&q="))
    results = search.locator("#results > li")
    expect(results.first).to_be_visible()
    top = [results.nth(i).locator("a").first.get_attribute("href") for i in range(min(3, results.count()))]
    assert f"/rules/fifth_avenue#{rule}" in top, top
    assert search.locator("#results mark").count() > 0
    assert search.evaluate("document.documentElement.scrollWidth") <= 390
    findings = serious_findings(search)
    assert findings == [], "\n".join(findings)
    search.locator(f'#results a[href="/rules/fifth_avenue#{rule}"]').tap()
    expect(search).to_have_url(re.compile(f"/rules/fifth_avenue#{rule}$"))
    expect(search.locator(f'dt[id="{rule}"]')).to_be_in_viewport()
    expect(search.locator("article.rules")).to_have_attribute("lang", lang)
