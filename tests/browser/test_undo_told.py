"""Undo leaves a trace: the log says "The host undid move N (kind)" and every page is
told, until the next move (item 12). A sealed bid's content stays secret."""

from playwright.sync_api import expect

from .night import seated
from .ui import wait_for_move


def test_every_page_is_told_of_an_undo(server, contexts):
    game = seated(server, contexts)
    game.step()
    game.step()  # Anna, then Cleo placed an initial building
    game.host.goto(f"{server.url}t/{game.table_id}/host")
    game.host.locator("form.undo label.confirm input").check()
    game.host.get_by_role("button", name="Undo").click()
    game.host.get_by_role("link", name="Back to the table").click()

    said = "The host undid move 2 (initial building)."
    for page in game.pages:
        wait_for_move([page], 1)
        expect(page.locator("#main .undo-notice")).to_have_text(said)
        page.locator("details.log").evaluate("d => d.open = true")
        expect(page.locator("#main .log li").first).to_have_text(said)

    game.step()  # Cleo places again: the notice goes, the log keeps the undo
    for page in game.pages:
        expect(page.locator("#main .undo-notice")).to_have_count(0)
        expect(page.locator("#main .log li.undo")).to_have_text(said)
