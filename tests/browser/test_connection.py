"""Never alone: while a move is in flight its buttons are disabled; a move that cannot
be sent, or a live socket that is down, shows a banner until it is back (item 7)."""

import pytest
from playwright.sync_api import expect

from .night import fast_forward, seated

pytestmark = pytest.mark.own_server  # the server stops and starts again

RECONNECT_TIMEOUT = 30_000  # ms: sockets retry with a growing random back-off


def test_a_banner_while_offline_and_buttons_off_in_flight(server, contexts):
    game = seated(server, contexts)
    fast_forward(game, lambda state, seat: state["phase"] == "choose")
    anna = game.phones["p1"]
    take = anna.locator("#main form.act-take_buildings button")
    banner = anna.locator("#conn-banner")
    expect(take).to_be_visible()
    expect(banner).to_be_hidden()

    # A tap with no network: the banner says the move was not sent; nothing changed.
    anna.context.set_offline(True)
    take.tap()
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("could not be sent")
    expect(take).to_be_enabled()
    anna.context.set_offline(False)

    # Back online: while the move is on its way, the buttons wait; then the banner goes.
    held = []
    anna.route("**/act", lambda route: held.append(route))
    take.tap()
    expect(take).to_be_disabled()
    expect(anna.locator("#main form.act-take_black button")).to_be_disabled()
    assert len(held) == 1
    held[0].continue_()
    expect(anna.locator("#main form.act-take_buildings")).to_have_count(0)
    expect(banner).to_be_hidden()

    # The live socket goes down with the server: every page says so until it is back.
    server.stop()
    for page in game.pages:
        expect(page.locator("#conn-banner")).to_contain_text("No live connection")
    server.start()
    for page in game.pages:
        expect(page.locator("#conn-banner")).to_be_hidden(timeout=RECONNECT_TIMEOUT)
