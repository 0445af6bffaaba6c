"""A live push replaces the phone's page; what the player had open or half-built stays."""

from playwright.sync_api import expect

from .ui import join, join_url_of, post_table, wait_for_move


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
