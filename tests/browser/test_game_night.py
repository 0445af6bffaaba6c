"""A game night in a real browser: the host sets up a sealed-bid Fifth Avenue table for
three, three phones join by the table's link, and they play through the initial
buildings, shop turns, a quarter scoring, a server restart, and a full sealed auction
round that ends with a closure.

Which move comes next is worked out by folding the engine over the events in the
server's SQLite file (``plan.next_action``); every move is then made by tapping the
acting phone's forms, and every other page must show it without a reload.
"""

import re

import pytest
from playwright.sync_api import expect

from .game import Game
from .ui import create_table, join, seq_of, wait_for_move

NAMES = {"p1": "Anna", "p2": "Ben", "p3": "Cleo"}
RECONNECT_TIMEOUT = 30_000  # ms: sockets retry with a growing random back-off


@pytest.mark.own_server  # the server restarts mid-game
def test_game_night(server, contexts):
    host = contexts("desktop").new_page()
    table_id = create_table(host, server.url, auctions="sealed")
    join_link = host.locator("aside.join a.join-url")
    join_url = join_link.get_attribute("href")
    assert join_url.startswith(server.url) and "/j/" in join_url
    expect(join_link).to_have_text(join_url)  # the address under the QR code
    expect(host.locator("aside.join .qr svg")).to_be_visible()

    phones = {}
    for seat, name in NAMES.items():
        phones[seat] = contexts("phone").new_page()
        join(phones[seat], join_url, name)
    for name in NAMES.values():  # the table screen sees every phone arrive
        expect(host.locator("ul.players li", has_text=name).locator(".presence")).to_have_text("here")
    game = Game(server, table_id, host, phones)

    _initial_buildings(game)
    _shop_turn(game)
    _quarter_scoring(game)
    _restart(game, server)
    _sealed_auction_round(game)


def _initial_buildings(game: Game) -> None:
    """Six placements in snake order (FA-S-4), each tapped on the phone's board picture."""
    order = []
    for _ in range(6):
        seat, action = game.step()
        order.append(seat)
    assert order == ["p1", "p3", "p2", "p2", "p3", "p1"]
    lot = game.host.locator('g.quarter[data-quarter="34w"] g.lot[data-spot="34w:green"] .fa-building')
    expect(lot).to_have_class(re.compile(r"piece-red"))  # Anna is red
    expect(game.host.locator(".log li").first).to_contain_text(
        "Anna placed an initial building on the violet lot of 42nd Street West")


def _shop_turn(game: Game) -> None:
    """Action B: a shop on 34w's last free lot, two coloured cards, white to 34w."""
    assert game.now()[3] == {"type": "place_shop", "shop": "boutique", "quarter": "34w", "lot": "violet"}
    for _ in range(3):
        game.step()
    for page in (game.host, game.phones["p2"]):
        expect(page.locator('g.quarter g.lot[data-spot="34w:violet"] .fa-shop').first).to_have_text("B")
    expect(game.phones["p2"].locator(".log li").first).to_contain_text(
        "Anna moved the white commission from City Hall to 34th Street West")
    expect(game.phones["p1"].locator("section.sheet")).to_contain_text("cards in hand: 11")


def _quarter_scoring(game: Game) -> None:
    """Action D on 34w. Its ring is orange (boutique), green (Anna), grey (Cleo),
    brown (Ben), violet (boutique): Anna and Ben each see one shop type next door
    (2 VP), Cleo none (1 VP)."""
    assert game.now()[3] == {"type": "score_quarter", "quarter": "34w"}
    for _ in range(2):  # score, then move a commission (the black cards are automatic)
        game.step()
    expected = {"p1": 2, "p2": 2, "p3": 1}
    for seat, points in expected.items():
        row = game.host.locator("ul.players li", has_text=NAMES[seat])
        expect(row.locator(".score")).to_have_text(str(points))
        phone = game.phones[seat]
        expect(phone.locator("section.sheet h2")).to_have_text(f"Your score: {points}")
        event = phone.locator("section.scores details.score-event").first
        expect(event.locator("summary")).to_contain_text("34th Street West")
        expect(event.locator("summary .pts")).to_have_text(f"+{points}")  # the seat's own sheet
    board_event = game.host.locator("section.scores details.score-event").first
    expect(board_event.locator("summary .pts")).to_contain_text("Anna +2, Cleo +1, Ben +2")


def _restart(game: Game, server) -> None:
    """Stop the server mid-game and start it again: every open page picks up where it
    was, and the next move reaches every page over a reconnected socket."""
    seq = seq_of(game.host)
    for page in game.pages:  # gone if a page reloads
        page.evaluate("window.sameDocument = true")
    server.restart()
    for page in game.pages:
        assert seq_of(page) == seq
    game.step(timeout=RECONNECT_TIMEOUT)
    for page in game.pages:
        assert seq_of(page) == seq + 1 and page.evaluate("window.sameDocument === true")


def _sealed_auction_round(game: Game) -> None:
    """Turns until white is back on City Hall, then a sealed round over 34w (closed by its
    winner), 42w, 52w and Central Park, every seat bidding or passing on its own phone."""
    game.play_until(lambda state, seat, action: state["phase"] == "auction")
    for page in game.pages:
        expect(page.locator(".log li").first).to_contain_text("The auctions begin.")
    expect(game.host.locator(".turn-status .auction h3")).to_contain_text("34th Street West")

    # Anna passes first; then Ben's bid while Cleo has not submitted yet.
    game.play_until(lambda state, seat, action: action["type"] == "bid")
    # Cleo starts building her bid; Ben's submission is pushed to her phone meanwhile.
    cleo_bid = game.phones["p3"].locator("#main form.bid-form")
    cleo_bid.locator('.tap-row[data-color="black"] .cardtap[data-value="4"]').tap()
    expect(cleo_bid.locator(".bid-total output")).to_have_text("4")
    seat, action = game.step()
    assert seat == "p2" and action["cards"] == [{"color": "brown", "value": 6}, {"color": "black", "value": 5}]
    wait_for_move(game.pages, seq_of(game.host))
    expect(cleo_bid.locator(".bid-total output")).to_have_text("4")  # her taps survived the push
    cleo_bid.locator(".tap-clear").tap()
    _check_sealed(game, bidder="p2", shown="brown 6, black 5", total="11")

    game.play_until(lambda state, seat, action: state["phase"] == "build")
    assert game.now()[2:] == ("p2", {"type": "close_quarter"})
    expect(game.phones["p2"].locator("#main form.act-build")).to_be_visible()  # may build instead
    game.step()
    # Ben closes: 1 VP per building there (3); Anna and Cleo half their 34w scores (1, 0).
    expect(game.host.locator('g.quarter.closed[data-quarter="34w"]')).to_have_count(1)
    expect(game.host.locator(".log li").first).to_contain_text("Ben closed 34th Street West")
    totals = {"p1": 3, "p2": 5, "p3": 1}
    for seat, points in totals.items():
        expect(game.host.locator("ul.players li", has_text=NAMES[seat]).locator(".score")).to_have_text(str(points))
    expect(game.phones["p2"].locator("section.sheet h2")).to_have_text("Your score: 5")

    game.play_until(lambda state, seat, action: state["round"] is None)
    state = game.now()[0]
    assert state["active"] == "p3" and state["phase"] == "choose"
    assert state["commissions"]["white"] == {"at": "city_hall", "markers": []}
    assert sum(state["central_park"].values()) == 1  # Ben won Central Park and built there
    expect(game.host.locator(".turn-status h2")).to_have_text("Waiting for Cleo")
    expect(game.phones["p3"].locator("#main form.act-place_shop")).to_be_visible()
    for seat, points in totals.items():  # the rest of the round scores nothing now
        expect(game.host.locator("ul.players li", has_text=NAMES[seat]).locator(".score")).to_have_text(str(points))


def _check_sealed(game: Game, bidder: str, shown: str, total: str) -> None:
    """A sealed bid is in: only its author's phone shows its cards and total; every
    other page says no more than "sealed bid in"."""
    name = NAMES[bidder]
    own = game.phones[bidder]
    expect(own.locator(".log li").first).to_contain_text(shown)
    expect(own.locator(".turn-status .auction li", has_text=name)).to_contain_text(total)
    others = [game.host] + [phone for seat, phone in game.phones.items() if seat != bidder]
    for page in others:
        expect(page.locator(".log li").first).to_contain_text(f"{name} submitted a sealed bid")
        status = page.locator(".turn-status .auction")
        expect(status.locator("li", has_text=name)).to_have_text(f"{name}: sealed bid in")
        expect(status).not_to_contain_text(total)
        expect(page.locator("#main")).not_to_contain_text(shown)
    expect(game.host.locator(".turn-status .auction li", has_text="Cleo")).to_have_text("Cleo: —")
