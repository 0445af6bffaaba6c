"""Say why, not nothing: the pick board keeps every quarter; lots that cannot be picked
are dimmed, and a tap on one says why, with its rule (item 4)."""

from playwright.sync_api import expect

from .night import fast_forward, seated


def test_an_unavailable_lot_says_why_when_tapped(server, contexts):
    game = seated(server, contexts)
    events = lambda: len(game.store.events(game.table_id))  # noqa: E731
    fast_forward(game, lambda state, seat: events() == 5)  # Anna's second initial building
    anna = game.phones["p1"]
    form = anna.locator("#main form.act-place_initial_building")
    expect(form).to_be_visible()
    expect(form.locator("svg.pick-ring")).to_have_count(7)  # the whole board, Times Square too
    expect(form.locator("svg.pick-ring", has_text="Times Square")).to_be_visible()

    # Anna's first building stands in 34th Street West: its empty violet lot is dimmed.
    lot = form.locator('g.lot[data-spot="34w:violet"]')
    expect(lot).to_have_class("lot unavailable")
    assert float(lot.evaluate("g => getComputedStyle(g).opacity")) < 0.5
    lot.tap()
    why = form.locator(".pick-why")
    expect(why).to_be_visible()
    expect(why).to_contain_text("You already have a building in 34th Street West")
    expect(why.locator("a.rule")).to_have_text("FA-S-4")
    assert len(game.store.events(game.table_id)) == 5  # nothing was sent

    # A lot with a shop says so too.
    form.locator('g.lot[data-spot="42e:violet"]').tap()
    expect(why).to_contain_text("holds a shop")
