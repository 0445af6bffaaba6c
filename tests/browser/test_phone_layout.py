"""The phone pages fit a 390 px wide phone: nothing scrolls sideways."""

from playwright.sync_api import expect

from .conftest import PHONE
from .ui import join, join_url_of, post_table

WIDTH = PHONE["viewport"]["width"]


def scroll_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def test_phone_pages_do_not_scroll_sideways(server, contexts):
    join_url = join_url_of(post_table(contexts("desktop"), server.url))

    phone = contexts("phone").new_page()
    phone.goto(join_url)
    assert scroll_width(phone) <= WIDTH, "the join page scrolls sideways"
    join(phone, join_url, "Anna")
    expect(phone.locator("#main form.act-place_initial_building g.lot.pickable").first).to_be_visible()
    assert scroll_width(phone) <= WIDTH, "the phone page with the lots to tap scrolls sideways"
    phone.locator("details.board-box summary").tap()
    expect(phone.locator("details.board-box .fa-map")).to_be_visible()
    assert scroll_width(phone) <= WIDTH, "the phone page with the board open scrolls sideways"
