"""Helpers for the game-night browser tests: a seated table, and moves made quickly over
HTTP by each phone's own cookies (for getting to the moment a test is about)."""

from playwright.sync_api import Page, expect

from companion.engines import TABLE
from companion.engines import fifth_avenue as engine
from companion.web.games import fifth_avenue as fa_ui
from companion.web.games import form_fields

from .game import Game
from .ui import away, join_url_of, post_as, post_table, seated_phone

NAMES = {"p1": "Anna", "p2": "Ben", "p3": "Cleo"}


def seated(server, contexts, names=NAMES, **options) -> Game:
    """A Fifth Avenue table with its table screen open and every player seated on a phone."""
    host = post_table(contexts("desktop"), server.url, names=tuple(names.values()), **options)
    phones, join_url = {}, join_url_of(host)
    for seat, name in names.items():
        phones[seat] = seated_phone(contexts("phone"), join_url, seat, name)
    return Game(server, host.url.rsplit("/", 1)[1], host, phones)


def post(game: Game, seat: str, action: dict, seq: int | None = None):
    """Post ``action`` as ``seat``'s phone (or the host's table input) would, without taps."""
    page: Page = game.host if seat == TABLE else game.phones[seat]
    seq = len(game.store.events(game.table_id)) if seq is None else seq
    path = "table-act" if seat == TABLE else "act"
    fields = form_fields(fa_ui, action)
    if action["type"] == "dummy_bid" and not action.get("draws"):
        fields = {"type": "dummy_bid", "draw": "server"}
    return post_as(page.context, f"{game.base}t/{game.table_id}/{path}", {"seq": str(seq), **fields})


def fast_forward(game: Game, stop, pick=None) -> None:
    """Post scripted moves (``pick(state, seat, events)``, else the browser script's
    next move) until ``stop(state, seat)`` holds; the pages catch up by their sockets."""
    while True:
        state, events, seat, action = game.now()
        if stop(state, seat):
            return
        if pick is not None:
            action = pick(state, seat, events)
        answer = post(game, seat, action, len(events))
        assert answer.status < 400, answer.text()[:500]


def take_three_cards(game: Game):
    """Play on to Anna's turn to take colour cards; she ticks three (two is the most) and
    taps the button. Her page and the form are returned."""
    fast_forward(game, lambda state, seat: state["phase"] == "take_colored")
    anna = game.phones["p1"]
    form = anna.locator("#main form.act-take_colored")
    expect(form).to_be_visible()
    boxes = form.locator('input[name="color"]')
    for i in range(3):
        boxes.nth(i).check()
    button = form.locator("button.primary")
    button.scroll_into_view_if_needed()
    button.tap()
    return anna, form


def legal_types(state: dict, seat: str) -> list[str]:
    return [a["type"] for a in engine.legal(state, seat)["actions"]]


def play_to_end(game: Game, seed: int = 7) -> None:
    """A random game to its end from where the table is (moves from ``legal()`` only),
    posted move by move as the phones and the host would post them; the pages are away
    until the move before the last, so the game ends with every page open."""
    import random

    from companion.engines.fifth_avenue import playout

    rng = random.Random(seed)
    state, events = game.now()[:2]
    seq = len(events)
    if engine.is_over(state):
        return
    with away(game.pages):
        while True:
            seat = rng.choice(sorted(engine.to_act(state)))
            action = playout.random_action(state, seat, rng)
            after = engine.apply(state, seat, action)
            if engine.is_over(after):
                break
            answer = post(game, seat, action, seq)
            assert answer.status < 400, (seq, seat, action, answer.status, refusal_in(answer.text()))
            state, seq = after, seq + 1
    answer = post(game, seat, action, seq)
    assert answer.status < 400, (seq, seat, action, answer.status, refusal_in(answer.text()))


def refusal_in(html: str) -> str:
    import re

    found = re.search(r'class="message refused"[^>]*>(.*?)</div>', html, re.S)
    return found[1].strip() if found else html[:300]
