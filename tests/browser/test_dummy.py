"""Two players and the dummy bidder: the host enters the dummy's black cards on the
table screen, typed in once and drawn by the server ("Let the server draw") after."""

import re

from playwright.sync_api import expect

from companion.engines import TABLE

from .game import Game
from .ui import join, join_url_of, post_table

NAMES = {"p1": "Anna", "p2": "Ben"}


def test_the_host_enters_the_dummys_draws(server, contexts):
    host = post_table(contexts("desktop"), server.url, names=tuple(NAMES.values()))
    phones = {}
    for seat, name in NAMES.items():
        phones[seat] = contexts("phone").new_page()
        join(phones[seat], join_url_of(host), name)
    game = Game(server, host.url.rsplit("/", 1)[1], host, phones)

    # Open auctions: both players pass on 34w, then the table turns the dummy's cards.
    game.play_until(lambda state, seat, action: seat == TABLE)
    assert game.now()[0]["auction"]["quarter"] == "34w"
    for phone in phones.values():
        expect(phone.locator("h1.turn-banner")).to_have_text("Waiting for the table")
    game.step()
    expect(host.locator(".log li").first).to_have_text(
        "The table turned 4, 6, 5, 4 for Alea: a bid of 19. Alea wins 34th Street West with 19.")
    # The dummy builds one building on the best empty lot: 34w's brown is the only one.
    expect(host.locator('g.lot[data-spot="34w:brown"] .fa-building')).to_have_count(1)

    game.play_until(lambda state, seat, action: seat == TABLE)
    assert game.now()[0]["auction"]["quarter"] == "42w"
    game.step()  # "Let the server draw"
    expect(phones["p1"].locator(".log li").first).to_have_text(
        re.compile(r"The table turned ([456], )+[456] for Alea: a bid of \d+\. Alea wins 42nd Street West with \d+\."))

    game.play_until(lambda state, seat, action: state["round"] is None)
    state = game.now()[0]
    assert state["commissions"]["white"] == {"at": "city_hall", "markers": []}
    assert state["active"] == "p2"  # Anna returned white on her turn; Ben is next
    expect(phones["p2"].locator("#main form.act-place_shop")).to_be_visible()
