"""A phone that lost its seat is told, with a way to take a seat again (item 5)."""

from playwright.sync_api import expect

from .night import seated


def test_a_phone_whose_seat_was_handed_over_is_told(server, contexts):
    game = seated(server, contexts)
    anna = game.phones["p1"]
    expect(anna.locator("#main h1.turn-banner")).to_have_text("Your turn")
    pending_tap = anna.locator("#main form.act-place_initial_building details summary")

    game.host.goto(f"{server.url}t/{game.table_id}/host")
    game.host.locator("tr", has_text="Anna").get_by_role("button", name="Hand over").click()
    expect(game.host.locator(".handover")).to_be_visible()

    # Without a tap, Anna's phone learns it lost the seat, and how to take one again.
    expect(anna.locator("#main h1")).to_have_text("This phone no longer holds a seat")
    expect(pending_tap).to_have_count(0)
    anna.get_by_role("link", name="Take a seat").tap()
    expect(anna.get_by_role("button", name="Ben")).to_be_visible()  # the join page

    # A move sent from the old page anyway gets the same answer, not a dead end.
    answer = anna.context.request.post(f"{server.url}t/{game.table_id}/act",
                                       form={"seq": "0", "type": "take_buildings"},
                                       headers={"HX-Request": "true"})
    assert answer.status == 403
    assert "This phone no longer holds a seat" in answer.text() and "/j/" in answer.text()
