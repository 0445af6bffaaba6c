"""Swaps that keep what the person is doing: a push or a reply morphs the page, so the
boxes a player ticked, the cards tapped into a bid, the focused control and the open
folds survive it, while whatever the server changed still shows.

Moves that only set the scene are posted straight to the server from each phone's own
browser context (its seat cookie), not tapped, to keep these tests short.
"""

import re
import time
from pathlib import Path

from playwright.sync_api import Page, expect

from companion.engines import fifth_avenue as engine
from companion.web.games import fifth_avenue as fifth_avenue_ui
from companion.web.games import form_fields

from .game import Game
from .ui import COUNT_SWAPS, join, join_url_of, perform, post_as, post_table, pushes, wait_for_move

STATIC = Path(__file__).resolve().parents[2] / "static"
NAMES = {"p1": "Anna", "p2": "Ben", "p3": "Cleo"}
HOLD_TIMEOUT = 8.0  # seconds for a held reply to reach the test


def wait_until_held(page: Page, held: list, count: int) -> None:
    """Until a route handler (run by Playwright while the test waits) holds ``count`` items."""
    deadline = time.monotonic() + HOLD_TIMEOUT
    while len(held) < count:
        assert time.monotonic() < deadline, f"only {len(held)} held, wanted {count}"
        page.wait_for_timeout(20)


def table_with_phones(server, contexts, **options):
    """A three-player table, each phone joined."""
    host = post_table(contexts("desktop"), server.url, names=tuple(NAMES.values()), **options)
    phones = {}
    for seat, name in NAMES.items():
        context = contexts("phone")
        context.add_init_script(COUNT_SWAPS)
        phones[seat] = context.new_page()
        join(phones[seat], join_url_of(host), name)
    return Game(server, host.url.rsplit("/", 1)[1], host, phones)


def post_move(game: Game) -> tuple[str, dict]:
    """The script's next move, posted from its seat's phone without tapping."""
    _, events, seat, action = game.now()
    fields = {"seq": len(events), **form_fields(fifth_avenue_ui, action)}
    reply = post_as(game.phones[seat].context, f"{game.host.url}/act", fields)
    assert reply.status < 400 and len(game.store.events(game.table_id)) == len(events) + 1, reply.text()[:500]
    return seat, action


def post_until(game: Game, stop) -> None:
    """Post scripted moves until ``stop(state, seat, action)``; every page then shows the last."""
    while True:
        state, _, seat, action = game.now()
        if stop(state, seat, action):
            break
        post_move(game)
    wait_for_move(game.pages, len(game.store.events(game.table_id)))


def test_a_redraw_between_two_taps_keeps_the_first_tap(server, contexts):
    """Anna ticks one of two colour cards; her page is drawn anew (as when her phone wakes
    up) before her second tap; the action she submits still has both cards."""
    game = table_with_phones(server, contexts)
    anna = game.phones["p1"]
    post_until(game, lambda state, seat, action: action["type"] == "take_colored" and seat == "p1")
    _, events, _, take = game.now()
    form = anna.locator("#main form.act-take_colored")
    first, second = (c["color"] for c in take["cards"])
    form.locator(f'input[name="color"][value="{first}"]').check()

    replies = anna.evaluate("window.replies || 0")
    anna.evaluate("htmx.ajax('GET', document.querySelector('[data-resync]').dataset.resync, "
                  "{target: '#main', swap: 'morph'})")
    anna.wait_for_function(f"window.replies > {replies}")
    expect(anna.locator("#main")).to_have_count(1)
    expect(form.locator(f'input[name="color"][value="{first}"]')).to_be_checked()
    form.locator(f'input[name="color"][value="{second}"]').check()
    form.get_by_role("button", name="Take the cards").tap()
    wait_for_move(game.pages, len(events) + 1)
    taken = game.store.events(game.table_id)[-1]
    assert (taken.seat, taken.action) == ("p1", {"type": "take_colored", "cards": [{"color": first}, {"color": second}]})


# Counts the page's finished requests, once htmx has handled each.
LOADS = """() => {
  window.loads = 0;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (...args) {
    this.addEventListener("loadend", () => setTimeout(() => { window.loads += 1; }));
    return send.apply(this, args);
  };
}"""


def test_a_reply_that_arrives_after_the_push_of_its_own_move(server, contexts):
    """Anna taps a lot (the form submits itself); the push of her move removes the form
    before the (empty) reply arrives, which then changes nothing."""
    game = table_with_phones(server, contexts)
    anna, held = game.phones["p1"], []
    anna.evaluate(LOADS)
    anna.route(re.compile(r"/act$"), lambda route: held.append((route, route.fetch())))
    perform(anna, game.now()[3])
    wait_for_move([anna], 1)  # pushed: the reply is still held
    expect(anna.locator("#main form.act-place_initial_building")).to_have_count(0)
    wait_until_held(anna, held, 1)
    route, reply = held[0]
    assert reply.status == 200 and reply.text() == ""
    route.fulfill(response=reply)
    anna.wait_for_function("window.loads === 1")
    expect(anna.locator("#main")).to_have_count(1)
    expect(anna.locator("#moment")).to_have_attribute("data-seq", "1")


def test_a_stale_moves_reply_older_than_the_move_the_page_shows_is_not_swapped_in(server, contexts):
    """Anna's page posts an outdated move number: the answer is her page drawn anew, at
    move 0. It arrives only after the pushes of the next two moves: her page keeps move 2."""
    game = table_with_phones(server, contexts)
    anna, held = game.phones["p1"], []
    anna.evaluate(LOADS)
    anna.evaluate("document.body.addEventListener('htmx:configRequest', e => { e.detail.parameters.seq = '-1'; })")
    anna.route(re.compile(r"/act$"), lambda route: held.append((route, route.fetch())))
    perform(anna, game.now()[3])
    wait_until_held(anna, held, 1)
    post_move(game)
    post_move(game)
    wait_for_move([anna], 2)
    route, reply = held[0]
    assert reply.status == 409 and reply.headers["x-move"] == "0"
    route.fulfill(response=reply)
    anna.wait_for_function("window.loads === 1")
    expect(anna.locator("#moment")).to_have_attribute("data-seq", "2")
    expect(anna.locator("#main")).to_have_count(1)
    expect(anna.locator("#main li[value='2']")).to_have_count(1)  # the second move's log line


def test_a_refusal_shows_even_when_it_arrives_after_a_later_move(server, contexts):
    """Anna's three cards are refused; the refusal arrives after her next move, sent from
    elsewhere, was pushed. It still shows beside her form, until the next push mends it."""
    game = table_with_phones(server, contexts)
    post_until(game, lambda state, seat, action: action["type"] == "take_colored" and seat == "p1")
    anna, held = game.phones["p1"], []
    anna.route(re.compile(r"/act$"), lambda route: held.append((route, route.fetch())))
    form = anna.locator("#main form.act-take_colored")
    boxes = form.locator('input[name="color"]')
    for i in range(3):
        boxes.nth(i).check()
    form.get_by_role("button", name="Take the cards").tap()
    wait_until_held(anna, held, 1)
    seq = len(game.store.events(game.table_id))
    post_move(game)
    wait_for_move([anna], seq + 1)
    route, reply = held[0]
    assert reply.status == 422
    route.fulfill(response=reply)
    expect(anna.locator("#main .message.refused")).to_contain_text("FA-T-2")
    post_move(game)
    wait_for_move([anna], seq + 2)
    expect(anna.locator("#main .message.refused")).to_have_count(0)


def test_a_half_built_bid_its_focus_and_an_open_fold_survive_another_seats_bid(server, contexts):
    """A sealed auction: Cleo opens the board, taps a black 4 into her bid, and Ben's bid
    arrives meanwhile. Her tap, the focused card, the open board stay; she adds a card
    and submits both."""
    game = table_with_phones(server, contexts, auctions="sealed")
    post_until(game, lambda state, seat, action: action["type"] == "bid")
    assert game.now()[2] == "p2"
    cleo = game.phones["p3"]
    entry = next(a for a in engine.legal(game.now()[0], "p3")["actions"] if a["type"] == "bid")
    color = next(c for c in entry["colors"] if entry["held"].get(c))

    cleo.locator("details.board-box summary").tap()
    bid = cleo.locator("#main form.bid-form")
    black = bid.locator('.tap-row[data-color="black"] .cardtap[data-value="4"]')
    black.tap()
    expect(black).to_be_focused()
    cleo.evaluate("window.tapped = document.activeElement")
    expect(bid.locator(".bid-total output")).to_have_text("4")

    seen = pushes(cleo)
    seq = len(game.store.events(game.table_id))
    post_move(game)  # Ben's sealed bid
    wait_for_move([cleo], seq + 1)
    assert pushes(cleo) > seen
    expect(cleo.locator(".turn-status .auction li", has_text="Ben")).to_have_text("Ben: sealed bid in")
    assert cleo.evaluate("document.activeElement === window.tapped && window.tapped.isConnected")
    expect(cleo.locator("details.board-box")).to_have_attribute("open", "")
    expect(bid.locator(".bid-total output")).to_have_text("4")
    expect(black.locator(".badge")).to_have_text("×1")

    bid.locator(f'.tap-row[data-color="{color}"] .cardtap[data-value="4"]').tap()
    expect(bid.locator(".bid-total output")).to_have_text("8")
    bid.locator("button.primary").tap()
    wait_for_move(game.pages, seq + 2)
    laid = game.store.events(game.table_id)[-1]
    assert laid.seat == "p3" and laid.action["type"] == "bid"
    assert sorted(laid.action["cards"], key=str) == sorted(
        [{"color": color, "value": 4}, {"color": "black", "value": 4}], key=str)


PROBE = """<div id="main" hx-swap-oob="morph"><form class="probe" data-keep="{form}">
  <input type="checkbox" name="a" value="1"><input type="checkbox" name="b" value="1"{b}>
  <select name="s"><option>1</option><option>2</option></select>
  <select name="t">{t}</select>
  <input type="number" name="n" value="{n}">
  <details data-keep="fold"><summary>More</summary>inside</details>
</form></div>"""


def probe(**changes) -> str:
    return PROBE.format(**({"form": "one", "b": "", "t": "<option>1</option><option>2</option>", "n": 0} | changes))


def test_what_the_server_changed_shows_and_the_rest_stays_as_the_person_left_it(contexts):
    """Pushes (the live socket's message, as the socket hands it to the page) into a page with
    a form: controls rendered as before keep the person's state, changed ones take the server's."""
    page = contexts("phone").new_page()
    page.set_content("<main></main>")
    for script in ("htmx-2.0.8/htmx.min.js", "idiomorph-0.8.0/idiomorph-ext.min.js"):
        page.add_script_tag(path=str(STATIC / "vendor" / script))
    page.add_script_tag(path=str(STATIC / "js" / "companion.js"))
    page.evaluate("document.body.setAttribute('hx-ext', 'morph')")
    page.evaluate("document.querySelector('main').innerHTML = '<div id=\"main\"></div>'")

    def push(html: str) -> None:
        page.evaluate("html => htmx.trigger(document.body, 'htmx:wsBeforeMessage', {message: html})", html)

    push(probe())
    form = page.locator("#main form.probe")
    for name in ("a", "b"):
        form.locator(f'input[name="{name}"]').check()
    form.locator('select[name="s"]').select_option("2")
    form.locator('select[name="t"]').select_option("2")
    form.locator("details summary").click()
    form.locator('input[name="n"]').fill("3")

    push(probe(b=" disabled", t="<option>1</option>"))  # b disabled, t no longer offers 2
    expect(page.locator("#main")).to_have_count(1)
    expect(form.locator('input[name="a"]')).to_be_checked()
    expect(form.locator('input[name="b"]')).to_be_disabled()
    expect(form.locator('input[name="b"]')).not_to_be_checked()
    expect(form.locator('select[name="s"]')).to_have_value("2")
    expect(form.locator('select[name="t"]')).to_have_value("1")
    expect(form.locator('input[name="n"]')).to_have_value("3")
    expect(form.locator('input[name="n"]')).to_be_focused()
    expect(form.locator("details")).to_have_attribute("open", "")

    push(probe(b=" disabled", t="<option>1</option>", n=5))  # the server's new value for n
    expect(form.locator('input[name="n"]')).to_have_value("5")
    expect(form.locator('input[name="a"]')).to_be_checked()

    push(probe(form="two"))  # another form in the same place: nothing carries over
    expect(form.locator('input[name="a"]')).not_to_be_checked()
    expect(form.locator('select[name="s"]')).to_have_value("1")
    expect(form.locator("details")).to_have_attribute("open", "")  # the same fold, though
