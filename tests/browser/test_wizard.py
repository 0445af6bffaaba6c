"""The set-up wizard at phone size: each quarter's ring picture follows the colours
the host picks, so the board can be checked against it."""

from playwright.sync_api import expect


def test_ring_picture_follows_the_colour_choices(server, contexts):
    page = contexts("phone").new_page()
    page.goto(server.url + "new/fifth_avenue")
    ring = page.locator('[data-ring="ts"]')
    expect(ring.locator('[data-slot="0"]')).to_have_class("fa-lot lot-unset")
    page.select_option("select[name=ring_ts_0]", "violet")
    page.select_option("select[name=ring_ts_3]", "orange")
    expect(ring.locator('[data-slot="0"]')).to_have_class("fa-lot lot-violet")
    expect(ring.locator('[data-slot="3"]')).to_have_class("fa-lot lot-orange")
    expect(ring.locator('[data-slot="1"]')).to_have_class("fa-lot lot-unset")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
