"""Palazzo at a game night, in a real Chromium: the host sets up a table with the wizard,
three phones (390×844) join by the table's link and play, by tapping, through taking
money, a buy, an open auction, building, a reconstruction, a server restart, a
distribution and the end with its scores; a second table plays a sealed auction with
private hands entered on the phones.

Every move is made on the phone of the seat due, through the forms a player sees, and
every other page must show it without a reload.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.web.palazzo_setup import pz_form

from .ui import join, seq_of, wait_for_move

NAMES = {"p1": "Anna", "p2": "Ben", "p3": "Cleo"}
TILES = {"supply": "b1w1", "quarry_0": "s1w1", "quarry_1": "m2w2", "quarry_2": "b2w3", "quarry_3": "s4w1"}
RECONNECT_TIMEOUT = 30_000  # ms: sockets retry with a growing random back-off
PHONE_HEIGHT = 844


class Night:
    """The host's page and the phones by seat; each move is tapped on the phone due."""

    def __init__(self, host: Page, phones: dict):
        self.host, self.phones = host, phones

    @property
    def pages(self) -> list:
        return [self.host, *self.phones.values()]

    def move(self, seat: str, do, timeout=None) -> None:
        """``do(phone)`` makes one move; every page then shows it."""
        seq = seq_of(self.host)
        do(self.phones[seat])
        try:
            wait_for_move([self.phones[seat]], seq + 1)
        except AssertionError as error:
            refused = self.phones[seat].locator("#main .message.refused")
            raise AssertionError(f"{seat}'s move was not taken: {refused.all_inner_texts()}") from error
        wait_for_move(self.pages, seq + 1, timeout)


# what a player taps --------------------------------------------------------------------

def open_choice(phone: Page, label: str):
    """The phone's fold for one kind of move (take money, draw, buy, reconstruct), opened."""
    fold = phone.locator("#main details.pz-choice", has=phone.locator("summary", has_text=label))
    if not fold.evaluate("d => d.open"):
        fold.locator("summary").tap()
    return fold


def tap_cards(form, cards: list[str]) -> None:
    for card in cards:
        form.locator(f'.pz-cardtap[data-card="{card}"]').tap()


def take_money(cards):
    def do(phone):
        form = open_choice(phone, "Take money").locator("form.pz-cards-form")
        tap_cards(form, cards)
        expect(form.locator(".pz-verdict")).to_have_text(f"{len(cards)} of {len(cards)} cards.")
        form.get_by_role("button", name="These were turned up").tap()
    return do


def pick(cards):
    def do(phone):
        form = phone.locator("#main form.act-pick")
        if len(cards) == 1:
            form.locator(f'button[name="card"][value="{cards[0]}"]').tap()
            return
        for card in cards:
            form.locator(f'input[name="card"][value="{card}"]').check()
        form.get_by_role("button", name="Take them").tap()
    return do


def draw(first, second):
    def do(phone):
        form = open_choice(phone, "Draw two tiles").locator("form.pz-draw-form")
        form.locator('select[name="first"]').select_option(first)
        form.locator('select[name="second"]').select_option(second)
        form.get_by_role("button", name="Enter the two tiles").tap()
    return do


def buy(tiles, cards, worth):
    def do(phone):
        form = open_choice(phone, "Buy from the material supply").locator("form.pz-buy-form")
        for tile in tiles:
            form.locator(f'input[name="tile"][value="{tile}"]').check()
        tap_cards(form, cards)
        expect(form.locator(".pz-verdict")).to_contain_text(f"Worth {worth}.")
        form.get_by_role("button", name="Buy").tap()
    return do


def auction(phone):
    phone.locator("#main form.act-auction button.primary").tap()


def raise_bid(cards, worth):
    def do(phone):
        form = phone.locator("#main form.act-raise")
        tap_cards(form, cards)
        expect(form.locator(".pz-verdict")).to_have_text(f"Worth {worth}.")
        form.get_by_role("button", name="Raise").tap()
    return do


def pass_bid(phone):
    phone.locator("#main form.act-pass button").tap()


def build(tile, to):
    def do(phone):
        phone.locator(f'#main form.act-build button[name="build"][value="{tile}|{to}"]').tap()
    return do


def reconstruct(move, card):
    def do(phone):
        form = open_choice(phone, "Reconstruct").locator("form.pz-reconstruct-form")
        form.locator(f'input[name="move"][value="{move}"]').check()
        form.locator(f'input[name="card"][value="{card}"]').check()
        form.locator("button.primary").tap()
    return do


def enter_hand(cards):
    def do(phone):
        form = phone.locator("#main form.pz-cards-form")
        tap_cards(form, cards)
        form.get_by_role("button", name="These are my cards").tap()
    return do


def sealed_bid(cards, worth):
    def do(phone):
        form = phone.locator("#main form.pz-sealed-form")
        tap_cards(form, cards)
        expect(form.locator(".pz-verdict")).to_contain_text(f"Worth {worth}.")
        form.get_by_role("button", name="Submit sealed bid").tap()
    return do


def sealed_pass(phone):
    phone.locator("#main form.pz-sealed-pass button").tap()


# the wizard ---------------------------------------------------------------------------

def set_up(host: Page, base_url: str) -> None:
    """The host fills Palazzo's wizard: three players, the five tiles, open bidding."""
    host.goto(base_url)
    host.locator("ul.games a.button", has_text="Palazzo").click()
    expect(host.get_by_role("heading", name="New table: Palazzo")).to_be_visible()
    form = host.locator("form.setup")
    for i, name in enumerate(NAMES.values(), 1):
        form.locator(f'input[name="name_{i}"]').fill(name)
    for field, tile in TILES.items():
        form.locator(f'select[name="{field}"]').select_option(tile)
    form.locator('input[name="profile_name"]').fill("Friday group")
    form.get_by_role("button", name="Create the table").click()
    expect(host).to_have_url(re.compile(r"/t/[\w-]+$"))


def seat_phones(contexts, host: Page) -> dict:
    join_url = host.locator("aside.join a.join-url").get_attribute("href")
    phones = {}
    for seat, name in NAMES.items():
        phones[seat] = contexts("phone").new_page()
        join(phones[seat], join_url, name)
    return phones


# the game nights -------------------------------------------------------------------------

@pytest.mark.own_server  # the server restarts mid-game
def test_palazzo_game_night(server, contexts):
    host = contexts("desktop").new_page()
    set_up(host, server.url)
    zero = host.locator('g.pz-quarry[data-quarry="0"]')
    expect(zero).to_contain_text("master builder")
    expect(zero.locator('g.pz-tile[data-tile="s1w1"]')).to_have_count(1)
    night = Night(host, seat_phones(contexts, host))
    anna = night.phones["p1"]
    expect(anna.locator("#main h1.turn-banner.mine")).to_have_text("Your turn")
    expect(night.phones["p2"].locator(".pz-status h2")).to_have_text("Anna: take money, draw two tiles or reconstruct.")
    _the_choice_comes_first(anna)

    # Anna takes money: four cards turned up; she takes two, Ben one, Cleo gets the last.
    night.move("p1", take_money(["a3", "b7", "c3", "w2"]))
    expect(host.locator(".pz-reveal")).to_contain_text("B7")
    night.move("p1", pick(["b7", "w2"]))
    night.move("p2", pick(["c3"]))
    expect(host.locator(".log li").first).to_contain_text("Ben took C3; Cleo gets the last card, A3")

    # Ben draws, buys the marble 5 with two A4 and builds it as his first palace.
    night.move("p2", draw("m5w3", "b3w1"))
    expect(host.locator(".log li").first).to_contain_text("to quarry 1")
    night.move("p2", buy(["m5w3"], ["a4", "a4"], 8))
    night.move("p2", build("m5w3", "new"))
    ben_panel = host.locator('section.pz-player[data-seat="p2"]')
    expect(ben_panel.locator("g.pz-palace .pz-palace-value")).to_have_text("-5")

    _open_auction(night)
    night.move("p3", build("m2w2", "new"))
    night.move("p3", build("b3w1", 0))

    # Anna buys two tiles with one group (15 for 14: no change) and builds them up.
    night.move("p1", draw("b4w2", "s5w1"))
    night.move("p1", buy(["b1w1", "s2w1"], ["a5", "b5", "c5"], "15"))
    night.move("p1", build("b1w1", "new"))
    night.move("p1", build("s2w1", 0))

    _restart(night, server)
    night.move("p2", buy(["m1w1"], ["c4", "c4"], 8))
    night.move("p2", build("m1w1", "new"))

    # Cleo takes the brick 3 back out of her palace (a reconstruction, paid with A6).
    cleo = night.phones["p3"]
    fold = open_choice(cleo, "Reconstruct")
    expect(fold.locator("svg.pz-palaces g.pz-palace")).to_have_count(1)
    night.move("p3", reconstruct("extract:0:b3w1", "a6"))
    expect(host.locator(".log li").first).to_contain_text("Cleo paid A6 to reconstruct: took brick 3 (1 window) out of palace 1")

    _distribution(night)
    _the_end(night)


def _the_choice_comes_first(phone: Page) -> None:
    """The first screen of a turn shows the moves allowed now, each one tap, without scrolling."""
    for label in ("Take money", "Draw two tiles"):
        summary = phone.locator("#main details.pz-choice summary", has_text=label)
        box = summary.bounding_box()
        assert box["y"] + box["height"] <= PHONE_HEIGHT and box["height"] >= 44, (label, box)
    expect(phone.locator("#main details.blocked")).to_contain_text("Why not something else?")
    open_choice(phone, "Take money")
    phone.locator("details.board-box summary").tap()
    expect(phone.locator("details.board-box .pz-yard")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390, "the phone page scrolls sideways"
    for tap in phone.locator("#main .pz-cardtap").all():
        assert tap.bounding_box()["height"] >= 44
    phone.locator("details.board-box summary").tap()


def _open_auction(night: Night) -> None:
    """Cleo auctions quarry 1; Anna bids, first with two currencies (the composer says why
    not, with its rule), then B7 alone; Ben passes; Cleo raises; Anna passes."""
    night.move("p3", draw("s2w1", "m3w3"))
    night.move("p3", auction)

    def two_currencies_then_one(phone):
        form = phone.locator("#main form.act-raise")
        tap_cards(form, ["b7", "a3"])
        verdict = form.locator(".pz-verdict")
        expect(verdict).to_contain_text("Loose cards in A, B")
        expect(verdict.locator("a.rule")).to_have_attribute("href", "/rules/palazzo#PZ-P-1")
        expect(form.get_by_role("button", name="Raise")).to_be_disabled()
        form.locator('.pz-laid .pz-untap[data-card="a3"]').tap()  # take the A3 back
        expect(verdict).to_have_text("Worth 7.")
        form.get_by_role("button", name="Raise").tap()

    night.move("p1", two_currencies_then_one)
    expect(night.host.locator('.pz-auction li[data-seat="p1"]')).to_contain_text("7")
    expect(night.host.locator('.pz-auction li[data-seat="p1"]')).to_contain_text("highest")
    night.move("p2", pass_bid)
    night.move("p3", raise_bid(["c5"], 5))
    night.move("p1", pass_bid)
    expect(night.host.locator(".log li").first).to_contain_text(
        "Anna passes and takes back B7; Cleo wins brick 3 (1 window), marble 2 (2 windows) for 8")
    zero = night.host.locator('g.pz-quarry[data-quarry="0"]')
    expect(zero).to_contain_text("master builder")
    expect(zero).to_contain_text("empty")  # he stands on the quarry just auctioned


def _restart(night: Night, server) -> None:
    """Stop the server mid-game and start it again: every page keeps its place, and the
    next move (Ben draws) reaches every page over a reconnected socket."""
    seq = seq_of(night.host)
    for page in night.pages:
        page.evaluate("window.sameDocument = true")
    server.restart()
    for page in night.pages:
        assert seq_of(page) == seq
    night.move("p2", draw("m1w1", "s3w1"), timeout=RECONNECT_TIMEOUT)
    for page in night.pages:
        assert page.evaluate("window.sameDocument === true")


def _distribution(night: Night) -> None:
    """Quarry 1 gets its fourth tile: no auction, each player takes one in turn."""
    night.move("p1", draw("m4w2", "b4w1"))
    expect(night.phones["p1"].locator("#main form.act-auction button.primary")).to_have_text(
        "Move the master builder to quarry 1 and share its tiles out")
    night.move("p1", auction)
    expect(night.host.locator(".pz-distribution")).to_contain_text("Each takes one, in turn: Anna, Ben, Cleo")
    night.move("p1", build("s3w1", 0))
    ben = night.phones["p2"].locator('#main form.act-build fieldset[data-tile="s5w1"]')
    expect(ben.locator("button[disabled]")).to_have_text("on palace 1")
    expect(ben.locator(".pz-why-not")).to_contain_text("Palace 1 already has a floor 5.")
    night.move("p2", build("s5w1", 1))
    night.move("p3", build("b4w1", 0))
    expect(night.host.locator(".log li").first).to_contain_text("the 1 tile left there leaves the game")


def _the_end(night: Night) -> None:
    """Knights end the game: the ranking, each palace's score explained, on every page."""
    night.move("p2", draw("knight", "knight"))
    night.move("p2", auction)
    night.move("p3", pass_bid)
    night.move("p1", pass_bid)
    night.move("p2", build("m3w3", "new"))
    night.move("p2", build("s4w1", 2))
    night.move("p3", draw("knight", "knight"))
    night.move("p3", auction)
    night.move("p1", pass_bid)
    night.move("p2", pass_bid)
    night.move("p3", build("s1w1", "discard"))
    night.move("p1", draw("knight", ""))
    for page in night.pages:
        expect(page.locator(".pz-status h2.pz-over")).to_have_text("The game is over.")
        expect(page.locator(".pz-winners")).to_have_text("Anna wins.")
        first = page.locator("#main section.final .ranking li").first  # the shared final screen's ranking
        expect(first).to_contain_text("Anna")
        expect(first.locator(".badge")).to_have_text("winner")
        expect(page.locator(".pz-ranking")).to_have_count(0)
        expect(page.locator(".pz-end-palaces tbody tr")).to_have_count(3)  # each player's palaces
    anna = night.phones["p1"]
    event = anna.locator("section.scores details.score-event").first
    event.locator("summary").tap()
    expect(event.locator("li").first).to_have_text("Anna, palace 1: 3 floors, 3 windows → 3")
    expect(anna.locator("section.sheet h2")).to_have_text("Your score: 3")
    expect(night.host.locator(".log li").first).to_contain_text("the fifth knight ends the game")


def test_a_sealed_auction_with_private_hands(server, contexts):
    """Each phone enters its own cards; Ben's sealed bid shows as "bid in" everywhere but on
    his phone, and Cleo's half-tapped bid survives the push of Ben's; the reveal shows all."""
    desktop = contexts("desktop")
    created = desktop.request.post(f"{server.url}new/palazzo", form=pz_form(bidding="sealed", hands="private"))
    assert created.ok and "/t/" in created.url, created.text()[:500]
    host = desktop.new_page()
    host.goto(created.url)
    night = Night(host, seat_phones(contexts, host))
    night.move("p1", enter_hand(["a3", "a4", "b5", "w2"]))
    night.move("p2", enter_hand(["b3", "c4", "c5", "w2"]))
    night.move("p3", enter_hand(["a6", "b6", "c6", "w2"]))
    ben = night.phones["p2"]
    expect(ben.locator(".pz-hand .pz-card")).to_have_text(["B3", "C4", "C5", "certificate 2"])
    for seat in ("p1", "p3"):
        expect(night.phones[seat].locator('.pz-hand[data-seat="p2"]')).to_have_count(0)
        expect(night.phones[seat].locator(".log li", has_text="Ben entered")).to_have_text("Ben entered their starting hand")
    night.move("p1", draw("m5w3", "b3w1"))
    night.move("p1", auction)

    cleo_form = night.phones["p3"].locator("#main form.pz-sealed-form")
    tap_cards(cleo_form, ["a6"])
    night.move("p2", sealed_bid(["c4", "c5"], 9))
    expect(cleo_form.locator(".pz-verdict")).to_have_text("Worth 6.")  # her tap survived Ben's push
    for page in (night.host, night.phones["p1"], night.phones["p3"]):
        expect(page.locator('.pz-auction li[data-seat="p2"]')).to_have_text("Ben: bid in")
        expect(page.locator(".log li").first).to_have_text("Ben submitted a sealed bid")
    expect(ben.locator('.pz-auction li[data-seat="p2"]')).to_contain_text("your bid: 9")
    night.move("p3", sealed_bid(["b6", "c6"], 15))
    night.move("p1", sealed_pass)
    expect(host.locator(".log li").first).to_contain_text(
        "Bids: Anna 3, Ben 9, Cleo 15; Cleo wins brick 3 (1 window), marble 2 (2 windows) for 15")
    expect(ben.locator(".pz-hand .pz-card")).to_have_text(["B3", "C4", "C5", "certificate 2"])  # back in hand


def test_the_composer_judges_payments_as_the_engine_does(server, contexts):
    """The phone's running verdict (palazzo.js) against the engine's PZ-P decomposition,
    for random handfuls of cards, with and without a currency to keep."""
    import random

    from companion.engines import IllegalAction
    from companion.engines.palazzo import money

    desktop = contexts("desktop")
    created = desktop.request.post(f"{server.url}new/palazzo", form=pz_form())
    page = desktop.new_page()
    page.goto(created.url)
    rng, cases = random.Random(8), []
    for _ in range(300):
        cards = rng.sample(money.DECK, rng.randint(1, 9))
        cases.append((cards, rng.choice([None, None, "a", "b", "c"])))
    judged = page.evaluate("""cases => cases.map(([cards, currency]) => {
        const counts = {};
        cards.forEach(c => { counts[c] = (counts[c] || 0) + 1; });
        return Palazzo.decompose(counts, currency);
    })""", [[cards, currency] for cards, currency in cases])
    legal = 0
    for (cards, currency), js in zip(cases, judged):
        try:
            value = money.decompose(cards, None, currency)["value"]
        except IllegalAction:
            assert "error" in js, (cards, currency, js)
            continue
        legal += 1
        assert js.get("value") == value, (cards, currency, js, value)
    assert 30 < legal < 270  # both kinds of payment were tried
