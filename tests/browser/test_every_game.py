"""The screens every game shares, checked for each of the four games (issue 15): whose
turn, in the banner and the tab's title, and after a move (2), a refusal beside its form
with the choices kept (1), a lost seat told, and a move sent from the old page answered
so (5), the connection banner and buttons that wait in flight (7), keep screen on (8),
the final screen and the home page (11), the undo trace until the next move, kept in the
log (12), versioned static files (17)."""

import re

import pytest
from playwright.sync_api import expect

from companion.engines import TABLE

from .every_game import GAMES, Table
from .ui import seq_of, wait_for_move

RECONNECT_TIMEOUT = 30_000  # ms: sockets retry with a growing random back-off

every_game = pytest.mark.parametrize("game", GAMES)


def a_form_with_a_choice(phone):
    """The first visible move form of the phone that holds a tick, a radio, a select or a
    number, with a choice made in it; the form and how to read the choice back (None if
    there is no such form)."""
    phone.locator("#main section.turn details").evaluate_all("ds => ds.forEach(d => d.open = true)")
    forms = phone.locator("#main form.act")
    for i in range(forms.count()):
        form = forms.nth(i)
        if not form.is_visible():
            continue
        for box in form.locator("input[type=checkbox], input[type=radio]").all():
            if box.is_visible() and not box.is_checked():
                name, value = box.get_attribute("name"), box.get_attribute("value")
                pinned = form.locator(f'input[name="{name}"][value="{value}"]')
                tap_to_tick(pinned)
                if send(form).count():
                    return form, pinned.is_checked
        for select in form.locator("select").all():
            values = [v for v in select.locator("option").evaluate_all("os => os.map(o => o.value)") if v]
            if select.is_visible() and values:
                select.select_option(values[-1])
                if send(form).count():
                    return form, lambda select=select, value=values[-1]: select.input_value() == value
    return None


def tap_to_tick(box) -> None:
    """Tick ``box`` as a player does: a box drawn as a picture is ticked by tapping its
    label (waiting, like any tap, until nothing moves or covers it), a plain one itself."""
    label = box.locator("xpath=ancestor::label[1]")
    if label.count():
        label.click()
    else:
        box.check()
    expect(box).to_be_checked()


def send(form):
    """The form's send buttons that can be tapped now."""
    return form.locator("button:not([type=button]):visible:enabled")


def due_with_a_choice(table: Table, tries: int = 40):
    """Random moves until the phone due shows a move form with a choice; the phone, the
    form (its choice made) and how to read the choice back."""
    for _try in range(tries):
        phone = table.phones[table.until_a_player_is_due()]
        wait_for_move([phone], len(table.events()))
        expect(phone.locator("#main h1.turn-banner")).to_have_text("Your turn")
        found = a_form_with_a_choice(phone)
        if found:
            return phone, *found
        moves = len(table.events())
        table.play_until(lambda state: len(table.events()) > moves, seed=moves)
    raise AssertionError("no move form with a choice on a phone due")


def stale(form) -> None:
    """The form as if the page had missed a move: the server refuses it, whatever the move
    (a page posts the move it shows from its main region's ``hx-vals``, a page without
    scripts the form's field; its send button skips the browser's own checks of fields
    left empty)."""
    form.evaluate("""f => { f.querySelector('input[name=seq]').value = '-1';
        f.querySelectorAll('button').forEach(b => b.formNoValidate = true);
        if (!window.staleMoves) {  // set on the request: a push may redraw #main's hx-vals meanwhile
            window.staleMoves = true;
            document.body.addEventListener('htmx:configRequest', e => { e.detail.parameters.seq = '-1'; });
        } }""")


def players_due(table: Table, state: dict) -> set:
    return {seat for seat in table.engine.to_act(state) if seat != TABLE}


@every_game
def test_whose_turn_heads_every_phone(server, contexts, game):
    table = Table(server, contexts, game)
    due = table.until_a_player_is_due()
    for seat, phone in table.phones.items():
        banner = phone.locator("#main h1.turn-banner")
        if seat == due:
            expect(banner).to_have_text("Your turn")
            expect(banner).to_be_in_viewport()
            expect(phone.locator("#main")).not_to_contain_text("Waiting for " + table.names[due])
            expect(phone).to_have_title(re.compile(r"^\u25cf Your turn · "))
        else:
            expect(banner).to_have_text(re.compile(r"^Waiting for .*" + re.escape(table.names[due])))
            expect(phone).not_to_have_title(re.compile("^\u25cf|Your turn"))
    # Moves until another player alone is due: both phones change, without a reload.
    table.play_until(lambda state: len(players_due(table, state) - {due}) == len(players_due(table, state)) == 1)
    (now,) = players_due(table, table.state())
    wait_for_move(table.pages, len(table.events()))
    expect(table.phones[now].locator("#main h1.turn-banner")).to_have_text("Your turn")
    expect(table.phones[now]).to_have_title(re.compile(r"^\u25cf Your turn · "))
    expect(table.phones[due].locator("#main h1.turn-banner")).to_have_text(
        re.compile(r"^Waiting for .*" + re.escape(table.names[now])))
    expect(table.phones[due]).not_to_have_title(re.compile("^\u25cf|Your turn"))


@every_game
def test_a_refusal_shows_beside_its_form_and_keeps_the_choice(server, contexts, game):
    table = Table(server, contexts, game)
    phone, form, still_chosen = due_with_a_choice(table)
    # The page saw an older move than the table's: the server refuses, whatever the move.
    stale(form)
    send(form).last.tap()
    refusal = phone.locator("#main form.act .message.refused[role=alert]")
    expect(refusal.first).to_be_visible()
    expect(refusal.first).to_be_in_viewport()
    expect(phone.locator("#main > .message.refused")).to_have_count(0)  # not at the top
    assert still_chosen(), "the refusal cleared the player's choice"
    assert seq_of(phone) == len(table.events())


@every_game
def test_a_phone_whose_seat_was_handed_over_is_told(server, contexts, game):
    table = Table(server, contexts, game)
    seat = table.until_a_player_is_due()
    phone = table.phones[seat]
    expect(phone.locator("#main h1.turn-banner")).to_have_text("Your turn")
    table.host.goto(f"{server.url}t/{table.table_id}/host")
    row = table.host.locator("tr", has_text=table.names[seat])
    row.get_by_role("button", name="Hand over").click()
    expect(table.host.locator(".handover")).to_be_visible()
    expect(phone.locator("#main h1")).to_have_text("This phone no longer holds a seat")
    expect(phone.locator("#main form.act")).to_have_count(0)
    phone.get_by_role("link", name="Take a seat").tap()
    expect(phone.get_by_role("button", name=re.compile("^" + re.escape(table.names[seat])))).to_be_visible()
    # A move sent from the old page anyway gets the same answer, not a dead end.
    answer = phone.context.request.post(f"{server.url}t/{table.table_id}/act",
                                        form={"seq": str(len(table.events())), "type": "pass"},
                                        headers={"HX-Request": "true"})
    assert answer.status == 403
    assert "This phone no longer holds a seat" in answer.text() and "/j/" in answer.text()


def main_at(page) -> float:
    """Where the page's main region starts in the document (not on the screen: scrolling aside)."""
    return page.locator("#main").evaluate("m => m.getBoundingClientRect().top + window.scrollY")


@pytest.mark.own_server  # the server stops and starts again
@every_game
def test_the_connection_banner_and_buttons_that_wait(server, contexts, game):
    table = Table(server, contexts, game)
    phone, form, _still = due_with_a_choice(table)
    stale(form)
    button, banner = send(form).last, phone.locator("#conn-banner")
    expect(banner).to_be_hidden()
    phone.context.set_offline(True)
    button.tap()
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("could not be sent")
    expect(button).to_be_enabled()
    phone.context.set_offline(False)
    held = []
    phone.route("**/act", lambda route: held.append(route))
    button.tap()
    expect(phone.locator("#main button:visible").first).to_be_disabled()
    expect(phone.locator("#main button:visible:enabled")).to_have_count(0)  # every button waits
    assert len(held) == 1
    held[0].continue_()
    expect(phone.locator("#main form.act .message.refused[role=alert]").first).to_be_visible()
    expect(banner).to_be_hidden()
    at = {page: main_at(page) for page in table.pages}
    table.server.stop()
    for page in table.pages:
        expect(page.locator("#conn-banner")).to_contain_text("No live connection")
        assert main_at(page) == at[page]  # the banner lies over the page: a tap lands where it aimed
    table.server.start()
    for page in table.pages:
        expect(page.locator("#conn-banner")).to_be_hidden(timeout=RECONNECT_TIMEOUT)


@every_game
def test_keep_screen_on_and_versioned_files(server, contexts, game):
    table = Table(server, contexts, game)
    for page in (table.phones["p1"], table.host):
        switch = page.get_by_role("button", name="Keep screen on")
        press = switch.click if page is table.host else switch.tap
        expect(switch).to_have_attribute("aria-pressed", "false")
        press()
        expect(switch).to_have_attribute("aria-pressed", "true")
        page.wait_for_function("window.keepingAwake && window.keepingAwake()")
        press()
        expect(switch).to_have_attribute("aria-pressed", "false")
        page.wait_for_function("!window.keepingAwake()")
        statics = page.evaluate("""() => [...document.querySelectorAll('script[src], link[href]')]
            .map(e => e.getAttribute('src') || e.getAttribute('href')).filter(u => u.includes('/static/'))""")
        assert statics and all("?v=" in url for url in statics), statics
        assert page.locator('link[rel="icon"]').count() == 1 and page.locator('link[rel="manifest"]').count() == 1
    # The licence travels with the vendored NoSleep.js.
    licence = table.host.request.get(f"{server.url}static/vendor/nosleep.js-0.12.0/LICENSE")
    assert licence.ok and "MIT" in licence.text()


@every_game
def test_every_page_is_told_of_an_undo(server, contexts, game):
    table = Table(server, contexts, game)
    table.until_a_player_is_due()
    moves = len(table.events())
    table.play_until(lambda state: len(table.events()) >= moves + 2)
    last = table.events()[-1]
    wait_for_move(table.pages, last.seq)
    table.host.goto(f"{server.url}t/{table.table_id}/host")
    table.host.locator("form.undo label.confirm input").check()
    table.host.get_by_role("button", name="Undo").click()
    table.host.get_by_role("link", name="Back to the table").click()
    said = re.compile(rf"The host undid move {last.seq} \(.+\)\.")
    (trail,) = [r for r in table.store.undone(table.table_id) if r["seq"] == last.seq]
    # a move of a simultaneous step (a sealed bid or a pass) is told only as such
    kind = "sealed submission" if trail["sealed"] else table.ui.ACTION_NAMES[last.action["type"]]
    for page in table.pages:
        wait_for_move([page], last.seq - 1)
        expect(page.locator("#main .undo-notice")).to_have_text(said)
        expect(page.locator("#main .undo-notice")).to_contain_text(f"({kind})")
        page.locator("details.log").evaluate("d => d.open = true")
        expect(page.locator("#main .log li").first).to_have_text(said)
    # The next move ends the notice; the log keeps the undo.
    table.play_until(lambda state: len(table.events()) >= last.seq)
    wait_for_move(table.pages, len(table.events()))
    for page in table.pages:
        expect(page.locator("#main .undo-notice")).to_have_count(0)
        expect(page.locator("#main .log li.undo")).to_have_text(said)


@every_game
def test_the_final_screen_on_the_table_and_every_phone(server, contexts, game):
    table = Table(server, contexts, game)
    table.to_the_end()
    scores = table.engine.scores(table.state())
    totals, winners = scores["totals"], scores["winners"]
    for page in table.pages:
        wait_for_move([page], len(table.events()))
        final = page.locator("#main section.final")
        expect(final).to_be_visible()
        expect(final.locator("h2")).to_have_text("Final result")
        expect(final.locator(".ranking li").first).to_contain_text(table.names[winners[0]])
        expect(final.locator(".ranking li").first).to_contain_text("winner")
        for seat, name in table.names.items():
            row = final.locator("table.by-kind tbody tr", has=page.locator(f'th:text-is("{name}")'))
            expect(row.locator("td.total")).to_have_text(str(totals[seat]))
        heads = final.locator("table.by-kind thead th").all_inner_texts()
        assert not any(re.fullmatch(r"[A-Z]{2}-[\w-]+", h) for h in heads), heads  # words, not rule IDs
        chart = final.locator("svg.chart.lines")
        expect(chart).to_be_visible()
        expect(chart.locator("polyline")).to_have_count(len(table.names))
        expect(chart.locator("title").first).to_have_text("Scores over the game")
    for phone in table.phones.values():
        expect(phone.locator("#main h1.turn-banner")).to_have_text("Game over")
        assert phone.locator("#main section.final").bounding_box()["width"] <= 390
    table.host.goto(server.url)
    expect(table.host.locator("table.tables tbody tr").first.locator("td").nth(2)).to_have_text("game over")
