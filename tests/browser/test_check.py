"""The table check on a phone of 390 x 844, for each game: opened from the table screen's
link, a line marked "differs" shows the moves that touched it right under it (swapped in
place by htmx; a plain link reload without JavaScript), nothing scrolls sideways, and
axe-core finds no serious or critical issue with a line open."""

import pytest
from playwright.sync_api import expect

from companion.engines.common import state_after
from companion.web import checks

from .every_game import GAMES, Table
from .test_accessibility import serious_findings

MOVES = 14


def played(server, contexts, game: str) -> Table:
    table = Table(server, contexts, game)
    made = []

    def enough(state) -> bool:
        made.append(1)
        return len(made) > MOVES

    table.play_until(enough)
    return table


def touched_lines(table: Table) -> dict[str, list[int]]:
    """Line id -> the moves after which its value changed, newest first, from the log."""
    engine, events = table.engine, table.events()
    states = [engine.setup(table.config)]
    for n in range(1, len(events) + 1):
        states.append(state_after(engine, states[0], events[:n]))
    sheets = [checks.values(checks.SHEETS[table.game](engine.view(s, None))) for s in states]
    found = {}
    for line_id in sheets[-1]:
        found[line_id] = [e.seq for n, e in enumerate(events, 1)
                          if sheets[n].get(line_id) != sheets[n - 1].get(line_id)
                          or line_id in checks.NAMED[table.game](e.action, e.seat)][::-1]
    return found


def a_busy_line(table: Table) -> tuple[str, list[int]]:
    """A line some moves touched, but not every move: a lot, a square, a quarry, a pile."""
    touched = touched_lines(table)
    line_id = max((i for i, moves in touched.items() if 0 < len(moves) < len(table.events())),
                  key=lambda i: len(touched[i]))
    return line_id, touched[line_id]


@pytest.mark.parametrize("game", GAMES)
def test_the_check_opened_from_the_table_screen_shows_the_moves_of_a_line_that_differs(server, contexts, game):
    table = played(server, contexts, game)
    line_id, moves = a_busy_line(table)
    phone = contexts("phone").new_page()
    phone.goto(f"{server.url}t/{table.table_id}")
    phone.get_by_role("link", name="Table check").click()
    expect(phone).to_have_url(f"{server.url}t/{table.table_id}/check")
    expect(phone.locator("h1")).to_contain_text("Table check")

    line = phone.locator(f'[id="line-{line_id}"]')
    mark = line.locator("a.check-differs")
    expect(mark).to_have_attribute("aria-expanded", "false")
    expect(line.locator(".check-moves")).to_have_count(0)
    mark.click()
    listed = phone.locator(f'[id="line-{line_id}"] .check-move-list > li')
    expect(listed).to_have_count(len(moves))
    assert [int(n) for n in listed.evaluate_all("items => items.map(i => i.dataset.move)")] == moves
    expect(phone.locator(f'[id="line-{line_id}"] a.check-differs')).to_have_attribute("aria-expanded", "true")
    expect(listed.first.get_by_role("link")).to_have_attribute(
        "href", f"/t/{table.table_id}/replay?move={moves[0]}")
    assert phone.url == f"{server.url}t/{table.table_id}/check", "htmx swapped the line in place"
    assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the page scrolls sideways"
    found = serious_findings(phone)
    assert found == [], "\n".join(found)

    # marked again, the line closes; the move's link leads to it in the replay
    phone.locator(f'[id="line-{line_id}"] a.check-differs').click()
    expect(phone.locator(f'[id="line-{line_id}"] .check-moves')).to_have_count(0)
    phone.locator(f'[id="line-{line_id}"] a.check-differs').click()
    phone.locator(f'[id="line-{line_id}"] .check-move-list > li').first.get_by_role("link").click()
    expect(phone).to_have_url(f"{server.url}t/{table.table_id}/replay?move={moves[0]}")


def test_without_javascript_the_mark_is_a_link_that_reloads_the_page_with_the_line_open(server, contexts):
    table = played(server, contexts, "fifth_avenue")
    line_id, moves = a_busy_line(table)
    phone = contexts("phone", java_script_enabled=False).new_page()
    phone.goto(f"{server.url}t/{table.table_id}/check")
    phone.locator(f'[id="line-{line_id}"] a.check-differs').click()
    expect(phone).to_have_url(f"{server.url}t/{table.table_id}/check?differs={line_id}#line-{line_id}")
    listed = phone.locator(f'[id="line-{line_id}"] .check-move-list > li')
    expect(listed).to_have_count(len(moves))


def test_the_host_follows_a_line_that_differs_to_the_correction_of_its_move(server, contexts):
    table = played(server, contexts, "new_york")
    line_id, moves = a_busy_line(table)
    host = table.host  # the browser that made the table: the host
    host.get_by_role("link", name="Table check").click()
    host.locator(f'[id="line-{line_id}"] a.check-differs').click()
    newest = host.locator(f'[id="line-{line_id}"] .check-move-list > li').first
    newest.get_by_role("link", name=f"Correct move {moves[0]}").click()
    expect(host).to_have_url(f"{server.url}t/{table.table_id}/correct/{moves[0]}")
    expect(host.locator("form").first).to_be_visible()
