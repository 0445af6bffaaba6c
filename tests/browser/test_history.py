"""The history and replay pages in Chromium, on a real server with real games in
its SQLite file: finding a game by player, stepping through it move by move with
the buttons, the keyboard and the slider, and merging two spellings as host."""

import re

import pytest
from playwright.sync_api import expect

from tests.history.helpers import Night, final_scores

pytestmark = pytest.mark.own_server  # games are written into the server's database


def played(server):
    """Three finished games and one running, written into the server's database."""
    night = Night(server.db)
    games = [night.table(["Anna", "Ben", "Cleo"], seed=1),
             night.table(["Anna B.", "Dora"], seed=2),
             night.table(["Ben", "Dora"], seed=3)]
    night.table(["Anna", "Dora"], seed=4, moves=20)
    return games


def shown_scores(page) -> dict:
    scores = {}
    for item in page.locator("#replay ul.players li").all():
        scores[item.get_attribute("data-seat")] = int(item.locator(".score").inner_text())
    return scores


def expect_move(page, move, last):
    expect(page.locator("#replay .where")).to_have_text(f"Move {move} of {last}")
    expect(page.locator("#replay")).to_have_attribute("data-move", str(move))


def test_find_a_game_by_player_and_step_through_it(server, contexts):
    (row, events), *_ = played(server)
    last = len(events)
    page = contexts("desktop").new_page()
    page.goto(server.url + "history")
    expect(page.locator("tr[data-table]")).to_have_count(3)
    page.locator("select[name=player]").select_option(label="Cleo")
    page.get_by_role("button", name="Show").click()
    expect(page.locator("tr[data-table]")).to_have_count(1)
    expect(page.locator("tr[data-table] .winner")).not_to_be_empty()
    page.locator("tr[data-table=t1]").get_by_role("link", name="Replay").click()

    expect_move(page, 0, last)
    page.get_by_role("link", name="Next ▶").click()
    expect_move(page, 1, last)
    assert page.url.endswith("/t/t1/replay?move=1")  # each move has its own address
    page.keyboard.press("ArrowRight")
    expect_move(page, 2, last)
    page.keyboard.press("ArrowLeft")
    expect_move(page, 1, last)
    page.keyboard.press("End")
    expect_move(page, last, last)
    totals, _, _ = final_scores(row.config, events)
    assert shown_scores(page) == totals
    expect(page.locator("#replay .fa-map")).to_be_visible()
    expect(page.get_by_role("link", name="Next ▶")).to_have_count(0)  # nothing after the end

    page.locator("#replay .jump input[type=range]").fill("40")
    expect_move(page, 40, last)
    totals, _, _ = final_scores(row.config, events[:40])
    assert shown_scores(page) == totals
    page.go_back()
    expect_move(page, last, last)


def test_the_table_screen_links_to_its_replay_and_a_running_game_replays(server, contexts):
    played(server)
    page = contexts("desktop").new_page()
    page.goto(server.url + "t/t4")
    page.get_by_role("link", name="Replay").click()
    expect_move(page, 0, 20)
    page.keyboard.press("End")
    expect_move(page, 20, 20)
    expect(page.locator("#replay ol.replay-lines li.current")).to_contain_text(re.compile(r"\w"))


def test_a_host_merges_two_spellings_of_one_player(server, contexts):
    played(server)
    host = contexts("desktop").new_page()
    host.goto(server.url + "history/players")
    expect(host.get_by_role("button", name="Merge")).to_have_count(0)  # not a host yet
    host.goto(server.url + "t/t1/host/host1")  # the host link of a table
    host.goto(server.url + "history/players")
    row = host.locator('tr[data-person="anna b."]')
    row.locator("select[name=into]").select_option(label="Anna")
    row.get_by_role("button", name="Merge").click()
    expect(host.locator('tr[data-person="anna b."]')).to_have_count(0)
    expect(host.locator('tr[data-person="anna"] .spellings')).to_contain_text("Anna B. (1)")
    host.locator('tr[data-person="anna"]').get_by_role("link", name="Anna").click()
    expect(host.locator("tr[data-table]")).to_have_count(2)
    expect(host.locator("figure.chart svg")).to_have_count(1)


def test_statistics_at_phone_size(server, contexts):
    played(server)
    phone = contexts("phone").new_page()
    phone.goto(server.url + "history/stats")
    expect(phone.locator("section.stats-game")).to_have_count(1)
    expect(phone.locator("section.stats-game figure.chart")).to_have_count(2)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1, f"the page is {width} px wide on a 390 px phone"


def test_every_page_tells_the_server_the_browsers_clock(server, contexts):
    page = contexts("desktop").new_page()
    with page.expect_request(lambda r: r.url.endswith("/clock") and r.method == "POST") as sent:
        page.goto(server.url)
    fields = dict(pair.split("=") for pair in sent.value.post_data.split("&"))
    assert abs(int(fields["ms"]) / 1000 - page.evaluate("Date.now() / 1000")) < 60
    assert int(fields["utc_offset"]) == page.evaluate("-new Date().getTimezoneOffset()")
    assert sent.value.response().status == 204
