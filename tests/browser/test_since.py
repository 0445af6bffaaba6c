"""While you looked away, on phones of 390 x 844: a phone whose page was hidden (locked,
another app) while moves were made shows on its return "Since you looked: N moves" with
those moves' lines from its own log, folded away with one tap; so does a phone that
opens the page again; a phone that watched the moves shows nothing. The table screen
marks what the last move changed, and only that."""

import random
import re
from importlib import import_module

import pytest
from playwright.sync_api import expect

from .every_game import GAMES, Table
from .ui import wait_for_move

CHANGED = re.compile(r"\bchanged\b")
HIDE = """() => {
  Object.defineProperty(document, "visibilityState", {configurable: true, get: () => "hidden"});
  document.dispatchEvent(new Event("visibilitychange"));
}"""
SHOW = """() => {
  delete document.visibilityState;  // the own property HIDE added: the real one again
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def play(table: Table, count: int, seed: int = 5) -> None:
    """``count`` legal moves, each posted by the phone (or host) of the seat due."""
    rng = random.Random(seed)
    playout = import_module(f"{table.engine.__name__}.playout")
    for _ in range(count):
        state = table.state()
        seat = sorted(table.engine.to_act(state))[0]
        answer = table.post(seat, playout.random_action(state, seat, rng))
        assert answer.status < 400, answer.text()[:300]
        wait_for_move(table.pages, len(table.events()))


def log_values(page) -> list[int]:
    return [int(v) for v in page.locator("#since li[value]").evaluate_all("els => els.map(e => e.value)")]


@pytest.mark.parametrize("game", GAMES)
def test_a_phone_back_from_hiding_tells_the_moves_it_missed_and_folds_them_with_a_tap(server, contexts, game):
    table = Table(server, contexts, game)
    play(table, 1)
    phone = table.phones[sorted(table.phones)[0]]
    since = phone.locator("#since")
    expect(since).to_be_hidden()
    phone.evaluate(HIDE)
    before = len(table.events())
    play(table, 2)  # pushed to the hidden page too: still not looked at
    expect(since).to_be_hidden()
    phone.evaluate(SHOW)
    expect(since).to_be_visible()
    expect(since.locator("summary")).to_have_text("Since you looked: 2 moves")
    assert log_values(phone) == [before + 2, before + 1]
    lines = phone.locator(".phone-main .log li[value]")
    assert since.locator("li").all_text_contents() == lines.all_text_contents()[:2]
    since.locator("summary").tap()
    expect(since.locator("details")).not_to_have_attribute("open", "")
    expect(since.locator("ol")).to_be_hidden()

    play(table, 1)  # a move watched as it comes is no news
    expect(since.locator("summary")).to_have_text("Since you looked: 2 moves")
    expect(since.locator("ol")).to_be_hidden()


def test_a_phone_opened_again_after_moves_tells_them_in_its_language(server, contexts):
    table = Table(server, contexts, "fifth_avenue", locales=("it-IT",))
    play(table, 1)
    phone = table.phones[sorted(table.phones)[-1]]
    phone.evaluate(HIDE)
    play(table, 1)
    phone.reload()
    since = phone.locator("#since")
    expect(since.locator("summary")).to_have_text("Mentre non guardavi: 1 mossa")
    assert log_values(phone) == [len(table.events())]


def test_a_phone_that_watched_every_move_has_nothing_to_catch_up(server, contexts):
    table = Table(server, contexts, "fifth_avenue")
    play(table, 3)
    for phone in table.phones.values():
        phone.reload()
        expect(phone.locator("#moment")).to_have_attribute("data-seq", str(len(table.events())))
        expect(phone.locator("#since")).to_be_hidden()


def test_the_table_screen_marks_what_the_last_move_changed(server, contexts):
    table = Table(server, contexts, "fifth_avenue")
    screen = table.host
    play(table, 1)
    first = screen.locator(f'.table-main .log li[value="{len(table.events())}"]')
    expect(first).to_have_class(CHANGED)
    assert screen.locator(".table-main .changed").count() > 1  # the board or a player too
    play(table, 1)
    expect(first).not_to_have_class(CHANGED)
    expect(screen.locator(f'.table-main .log li[value="{len(table.events())}"]')).to_have_class(CHANGED)
