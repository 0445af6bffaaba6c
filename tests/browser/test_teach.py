"""Teach as we play, on phones of 390 x 844: at a learning table of each game the first
phone due sees the card of its first step, closes it with one tap, and it stays closed
while the moves that follow are pushed; the next phone due in the same step gets its own
card by push; one table in German; the table screen's card, closed by the host; and
axe-core finds no serious or critical issue with a card open."""

import random
from importlib import import_module
from html import unescape

import pytest
from playwright.sync_api import expect

from companion.engines import TABLE
from companion.web import teach

from .every_game import FORMS, GAMES, Table
from .test_accessibility import serious_findings
from .ui import wait_for_move

#: The first step of each game as the tables here set it up: Palazzo and Manhattan with
#: private hands, where every phone is due at once (entering the cards dealt), so another
#: seat's move comes while the phone that closed its card is still due in the same step.
SETUP = {"fifth_avenue": {}, "palazzo": {"hands": "private"}, "new_york": {}, "manhattan": {"hands": "private"}}
FIRST = {"fifth_avenue": "initial", "palazzo": "starting_hands", "new_york": "turn", "manhattan": "pick"}
GOT_IT = {"en": "Got it", "de": "Verstanden", "it": "Ho capito"}


def learning_table(server, contexts, game: str, lang: str = "en") -> Table:
    form = FORMS[game](**SETUP[game], teach="on")
    locales = ({"de": "de-DE", "it": "it-IT"}[lang],) if lang != "en" else ()
    return Table(server, contexts, game, form=form, locales=locales)


def move(table: Table, seat: str, seed: int = 3) -> None:
    """One legal move of ``seat``, posted by its phone; every page shows it."""
    playout = import_module(f"{table.engine.__name__}.playout")
    action = playout.random_action(table.state(), seat, random.Random(seed))
    answer = table.post(seat, action)
    assert answer.status < 400, (seat, action, answer.status, answer.text()[:300])
    wait_for_move(table.pages, len(table.events()))


def due(table: Table) -> list[str]:
    return sorted(s for s in table.engine.to_act(table.state()) if s != TABLE)


def card_title(game: str, step: str, lang: str) -> str:
    return unescape(teach.load(game, lang)[step]["title"])


@pytest.mark.parametrize("game", GAMES)
def test_the_first_phone_due_is_taught_its_step_and_one_tap_closes_it_for_good(server, contexts, game):
    lang = "de" if game == "manhattan" else "en"
    table = learning_table(server, contexts, game, lang)
    step = FIRST[game]
    assert table.state()["phase"] == step
    first = due(table)[0]
    phone = table.phones[first]
    card = phone.locator("#teach-card")
    expect(card).to_be_visible()
    expect(card.locator("h2")).to_contain_text(card_title(game, step, lang))
    chips = card.locator("a.rule")
    expect(chips).to_have_count(len(teach.load(game, lang)[step]["rules"]))
    expect(chips.first).to_have_attribute("href", f"/rules/{game}#{teach.load(game, lang)[step]['rules'][0]}")
    for seat, other in table.phones.items():  # a phone not due in the step has no card
        if seat not in due(table):
            expect(other.locator("#teach-card")).to_have_count(0)
    # the card fits the phone: nothing scrolls sideways
    assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")
    found = serious_findings(phone)
    assert found == [], "\n".join(found)

    card.get_by_role("button", name=GOT_IT[lang]).tap()
    expect(card).to_have_count(0)
    seq = len(table.events())

    # Another move is pushed: by another seat due in the same step where there is one (the
    # phone is still due in it and has not moved: only the stored closing keeps the card
    # away), else by the phone itself; then the next one.
    others = [s for s in due(table) if s != first]
    mover = others[0] if others else first
    move(table, mover)
    assert len(table.events()) == seq + 1
    expect(phone.locator("#moment")).to_have_attribute("data-seq", str(seq + 1))
    if others:
        assert first in due(table) and table.state()["phase"] == step
    expect(phone.locator("#teach-card")).to_have_count(0)
    # the next phone due that has not yet moved in a step gets its card, by push
    nxt = next((s for s in due(table) if s not in (first, mover)), None)
    if nxt is not None:
        expect(table.phones[nxt].locator("#teach-card h2")).to_contain_text(
            card_title(game, table.state()["phase"], lang))
    move(table, sorted(table.engine.to_act(table.state()))[0], seed=4)  # the table's draw, maybe
    expect(phone.locator("#teach-card")).to_have_count(0)


def test_the_table_screen_shows_the_step_and_the_host_closes_it(server, contexts):
    table = learning_table(server, contexts, "fifth_avenue")
    host = table.host
    card = host.locator("#teach-card")
    expect(card.locator("h2")).to_contain_text(card_title("fifth_avenue", "initial", "en"))
    found = serious_findings(host)
    assert found == [], "\n".join(found)
    card.get_by_role("button", name="Close").click()
    expect(card).to_have_count(0)
    move(table, due(table)[0])
    expect(host.locator("#teach-card")).to_have_count(0)


def test_stop_teaching_me_on_a_phone(server, contexts):
    table = learning_table(server, contexts, "palazzo", "it")
    phone = table.phones["p1"]
    card = phone.locator("#teach-card")
    expect(card.locator("h2")).to_contain_text(card_title("palazzo", "starting_hands", "it"))
    card.get_by_role("button", name="Non spiegarmi più").tap()
    expect(card).to_have_count(0)
    expect(table.phones["p2"].locator("#teach-card")).to_be_visible()  # the others are still taught
    move(table, "p2")
    expect(phone.locator("#teach-card")).to_have_count(0)
