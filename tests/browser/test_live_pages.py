"""Live pages on phones: a push keeps what the player had open or half-built, and a
phone waking up catches up."""

import re

from playwright.sync_api import expect

from .ui import COUNT_SWAPS, join, join_url_of, post_table, wait_for_move


def test_an_open_fold_stays_open_when_another_seat_moves(server, contexts):
    join_url = join_url_of(post_table(contexts("desktop"), server.url))
    anna, ben = contexts("phone").new_page(), contexts("phone").new_page()
    join(anna, join_url, "Anna")
    join(ben, join_url, "Ben")
    ben.locator("details.board-box summary").tap()
    ben.locator("details.log summary").tap()
    expect(ben.locator("details.board-box")).to_have_attribute("open", "")
    anna.locator('#main form.act-place_initial_building g.lot.pickable[data-spot="ts:grey"]').tap()
    wait_for_move([anna, ben], 1)
    expect(ben.locator("details.board-box")).to_have_attribute("open", "")
    expect(ben.locator("details.log")).to_have_attribute("open", "")
    expect(ben.locator("details.log li").first).to_contain_text("Anna")
    expect(ben.locator("details.board-box g.lot[data-spot='ts:grey'] .fa-building")).to_have_count(1)


def test_a_phone_whose_socket_died_silently_still_shows_its_own_move(server, contexts):
    """A move's answer is empty (the push brings it); a phone whose socket no longer
    delivers anything fetches its picture when no push follows its move."""
    join_url = join_url_of(post_table(contexts("desktop"), server.url))
    anna = contexts("phone").new_page()
    anna.route_web_socket(re.compile(r".*/ws.*"), lambda route: route.connect_to_server().on_message(lambda m: None))
    join(anna, join_url, "Anna")
    anna.locator('#main form.act-place_initial_building g.lot.pickable[data-spot="ts:grey"]').tap()
    expect(anna.locator("#moment")).to_have_attribute("data-seq", "1", timeout=15_000)
    expect(anna.locator("#main form.act-place_initial_building")).to_have_count(0)


def test_a_phone_that_wakes_up_catches_up_even_if_its_socket_died_silently(server, contexts):
    """Phones that sleep may keep a socket that no longer delivers anything (iOS):
    waking up (visibilitychange) fetches the current picture over HTTP."""
    join_url = join_url_of(post_table(contexts("desktop"), server.url))
    anna, ben = contexts("phone").new_page(), contexts("phone").new_page()

    def deaf(route):  # the socket stays open but nothing from the server arrives
        route.connect_to_server().on_message(lambda message: None)

    ben.route_web_socket(re.compile(r".*/ws.*"), deaf)
    join(anna, join_url, "Anna")
    join(ben, join_url, "Ben")
    anna.locator('#main form.act-place_initial_building g.lot.pickable[data-spot="ts:grey"]').tap()
    wait_for_move([anna], 1)
    ben.wait_for_timeout(500)
    expect(ben.locator("#moment")).to_have_attribute("data-seq", "0")  # the push never arrived
    ben.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(ben.locator("#moment")).to_have_attribute("data-seq", "1")



def test_a_phones_board_comes_whole_and_htmx_does_not_walk_the_old_one(server, contexts):
    """A phone's board part is put in as it came: htmx's clean-up of the old part, a visit
    to each of its elements, was most of a push's time at a phone's CPU. The table screen
    morphs its board in place instead (it marks what changed)."""
    host = post_table(contexts("desktop"), server.url)
    join_url = join_url_of(host)
    bens = contexts("phone")
    bens.add_init_script(COUNT_SWAPS)
    anna, ben = contexts("phone").new_page(), bens.new_page()
    join(anna, join_url, "Anna")
    join(ben, join_url, "Ben")
    # A page's first push, when its socket opens, is its whole picture: the board comes
    # morphed within the page's board part. On a busy machine it can come after the move.
    ben.wait_for_function("window.pushes > 0")
    watch = """() => {
      window.cleaned = 0;
      document.addEventListener("htmx:beforeCleanupElement", (e) => {
        if (e.target.closest("[id^=part-board-]")) window.cleaned++;
      });
      window.oldBoard = document.getElementById("part-board-quarter_3");
    }"""
    ben.evaluate(watch)
    host.evaluate(watch)
    anna.locator('#main form.act-place_initial_building g.lot.pickable[data-spot="ts:grey"]').tap()
    wait_for_move([anna, ben, host], 1)
    expect(ben.locator("#part-board-quarter_3 g.lot[data-spot='ts:grey'] .fa-building")).to_have_count(1)
    assert ben.evaluate("window.cleaned") == 0
    assert ben.evaluate("!document.contains(window.oldBoard)")
    expect(host.locator("#part-board-quarter_3 g.lot[data-spot='ts:grey'] .fa-building")).to_have_count(1)
    assert host.evaluate("document.getElementById('part-board-quarter_3') === window.oldBoard")
