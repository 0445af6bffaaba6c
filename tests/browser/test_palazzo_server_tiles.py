"""Palazzo with tiles drawn by the server: the phone that asked for the draw says which
tiles to take from the box and where they go, not only the table's log."""

from playwright.sync_api import expect

from companion.engines.palazzo import tiles
from companion.engines.text import english
from tests.web.palazzo_setup import pz_form

from .every_game import Table
from .ui import wait_for_move


def draw_offered(table: Table, state: dict) -> bool:
    return any(a["type"] == "draw_tiles" for seat in table.engine.to_act(state)
               for a in table.engine.legal(state, seat)["actions"])


def test_the_phone_says_which_tiles_the_server_drew(server, contexts):
    table = Table(server, contexts, "palazzo", pz_form(("Anna", "Ben", "Cleo"), draws="server"))
    table.play_until(lambda state: draw_offered(table, state) and state["tiles"]["knights"] < 4)
    seat = table.state()["active"]
    phone, others = table.phones[seat], [p for s, p in table.phones.items() if s != seat]
    moves = len(table.events())
    wait_for_move(table.pages, moves)
    expect(phone.locator("#main .pz-drawn")).to_have_count(0)
    phone.locator("#main details.pz-choice", has_text="Draw two tiles").locator("summary").tap()
    phone.get_by_role("button", name="Let the server draw two tiles").tap()
    wait_for_move(table.pages, moves + 1)
    drawn = table.events()[-1].action["tiles"]
    notice = phone.locator("#main .pz-drawn")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("Take these tiles from the box")
    for tile in drawn:
        expect(notice).to_contain_text(english(tiles.label(tile)))
    if drawn[1] != tiles.KNIGHT:
        expect(notice).to_contain_text(f"to quarry {tiles.quarry_for(drawn[1])}")
    for other in others:  # the others only wait
        expect(other.locator("#main .pz-drawn")).to_have_count(0)
    # The next move ends the notice.
    table.play_until(lambda state: state["phase"] != "buy_or_auction")
    wait_for_move([phone], len(table.events()))
    expect(notice).to_have_count(0)
