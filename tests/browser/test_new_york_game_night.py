"""New York at a game night in a real browser: the host fills in the set-up wizard, three
phones (390×844) join by the table's link and play by tapping: taking money (a refused
choice says why first), four exact payments in one turn, tiles placed by tapping squares
of the city (a square that would close a hole says why), a redesign, scoring A entered by
the host, a server restart, and the end. A second game for two players with Dirk, whose
market and tiles the server draws, runs through scoring B.

Every move is made on the acting page; every other page must show it without a reload.
Long stretches of play that the issue does not name are posted over HTTP by the same
browsers (the phones' own cookies), choosing legal actions from the engine.
"""

import random
import re

import pytest
from playwright.sync_api import expect

from companion.engines import TABLE
from companion.engines import new_york as ny
from companion.engines.common import state_after
from companion.engines.new_york import market, playout
from companion.store import Store
from companion.web.games import form_fields
from companion.web.games import new_york as ui
from tests.web.new_york import ny_form

from .conftest import PHONE
from .ui import join, join_url_of, post_as, seq_of, wait_for_move

RECONNECT_TIMEOUT = 30_000  # ms: sockets retry with a growing random back-off
PHONE_WIDTH = PHONE["viewport"]["width"]
CATCH_UP, CATCH_UP_TIMEOUT = 8, 30_000  # moves posted between waits for every page, ms
MUSEUM = {"type": "museum", "price": 2, "streets": ""}
NAMES = {"p1": "Anna", "p2": "Ben", "p3": "Cleo"}
CONFIG = {  # Anna starts (fewest cards) and can pay each museum exactly with a 2
    "players": [{"seat": s, "name": n} for s, n in NAMES.items()],
    "start_money": {"p1": [["blue", 2], ["green", 2], ["yellow", 2], ["red", 2], ["red", 9], ["yellow", 9]],
                    "p2": [["blue", 1], ["green", 1], ["yellow", 1], ["red", 1], ["blue", 3], ["green", 3],
                           ["yellow", 3], ["red", 3], ["blue", 5]],
                    "p3": [["blue", 1], ["green", 1], ["yellow", 1], ["red", 1], ["blue", 4], ["green", 4],
                           ["red", 9]]},
    "money_display": [["green", 3], ["red", 2], ["blue", 4], ["yellow", 5]],
    "market": [MUSEUM] * 4,
}


class Night:
    """The host's page, the phones by seat, and the engine's picture from the stored events."""

    def __init__(self, server, host, phones):
        self.server, self.host, self.phones = server, host, phones
        self.store = Store(str(server.db))
        self.table_id = host.url.rsplit("/", 1)[1]
        self.config = self.store.table(self.table_id).config
        self.last = self.seq()  # the move every page shows once the last one is through
        self.away = set()  # phones put away (their pages closed) for a while

    @property
    def pages(self):
        return [page for seat, page in self.devices() if seat not in self.away]

    def devices(self):
        """``(seat, page)`` of every page, the host's as the table's."""
        return [(TABLE, self.host), *self.phones.items()]

    def state(self) -> dict:
        """The state after the stored events (folded on from the last call)."""
        events = self.store.events(self.table_id)
        if not hasattr(self, "_folded"):
            self._folded = (ny.setup(self.config), 0)
        state, count = self._folded
        state = state_after(ny, state, events[count:])
        self._folded = (state, len(events))
        return state

    def seq(self) -> int:
        return len(self.store.events(self.table_id))

    def done(self, timeout=None) -> None:
        """Every page shows the next move, just made on one of them (pushed over its socket)."""
        self.last += 1
        wait_for_move(self.pages, self.last, timeout)

    def phone(self, seat: str):
        return self.phones[seat].locator("#main")

    def post(self, seat: str, action: dict) -> None:
        """An action posted over HTTP by the seat's own browser (the host's for the table)."""
        page = self.host if seat == TABLE else self.phones[seat]
        url = f"{self.server.url}t/{self.table_id}/{'table-act' if seat == TABLE else 'act'}"
        reply = post_as(page.context, url, {"seq": self.seq(), **form_fields(ui, action)})
        assert reply.status == 302, (seat, action, reply.status, reply.text()[:500])

    def play(self, choose, until, limit=2000) -> None:
        """Post the actions ``choose(state, seat)`` picks until ``until(state)`` holds,
        letting every page catch up now and then (a page drawing every move)."""
        for posted in range(limit):
            state = self.state()
            if until(state) or posted % CATCH_UP == CATCH_UP - 1:
                self.last = self.seq()
                wait_for_move(self.pages, self.last, CATCH_UP_TIMEOUT)
            if until(state):
                return
            seat = sorted(ny.to_act(state))[0]
            self.post(seat, choose(state, seat))
        raise AssertionError("the scripted stretch did not end")

    def fast_forward(self, choose, until) -> None:
        """``play`` with every page put away meanwhile (as phones sleep between turns);
        they come back showing where the table is, and follow it live again."""
        urls = {seat: page.url for seat, page in self.devices()}
        for seat, page in self.devices():
            page.goto("about:blank")
            self.away.add(seat)
        self.play(choose, until)
        for seat, page in self.devices():
            page.goto(urls[seat])
            self.away.discard(seat)
        wait_for_move(self.pages, self.last)


# taps on a phone -------------------------------------------------------------------

def buy_form(phone, space: str):
    form = phone.locator("#main form.act-buy", has=phone.locator(f'input[name="space"][value="{space}"]'))
    details = form.locator("details")
    if details.get_attribute("open") is None:
        details.locator("summary").tap()
    return form


def tap_square(phone, x: int, y: int, kind="place"):
    phone.locator(f'#main form.act-{kind} g.ny-spot[data-square="{x},{y}"]').first.tap()


def tick(form, name: str, card: str):
    form.locator(f'input[name="{name}"][value="{card}"]').first.check()


def host_card(host, card: str):
    host.locator(f'#main form.table-input-draw_money button[name="card"][value="{card}"]').click()


def host_tile(host, tile: dict):
    form = host.locator("#main form.table-input-draw_tile")
    form.locator(f'input[name="tile_type"][value="{tile["type"]}"]').check()
    form.locator('input[name="tile_price"]').fill(str(tile["price"]))
    for side in tile["streets"]:
        form.locator(f'input[name="tile_streets"][value="{side}"]').check()
    form.get_by_role("button", name="Enter").click()


def server_draws(host):
    host.locator("#main form.table-input").get_by_role("button", name="Let the server draw").click()


def fill_wizard(page, base_url: str, form: dict, draw_tiles=False) -> None:
    """From the home page, fill in the New York wizard with ``form``'s fields."""
    page.goto(base_url)
    page.locator("ul.games a.button", has_text="New York").click()
    expect(page.get_by_role("heading", name="New table: New York")).to_be_visible()
    wizard = page.locator("form.ny-setup")
    for key, value in form.items():
        if key.startswith(("market_", "dirk_")) and draw_tiles:
            continue
        if key == "start":
            wizard.locator(f'input[name="start"][value="{value}"]').check()
        elif key.endswith("_type"):
            wizard.locator(f'select[name="{key}"]').select_option(value)
        elif key.endswith("_streets"):
            for side in value:
                wizard.locator(f'input[name="{key}"][value="{side}"]').check()
        else:
            wizard.locator(f'input[name="{key}"]').fill(str(value))
    if draw_tiles:
        wizard.get_by_role("button", name="Draw the tiles for me").click()
        expect(wizard.locator('select[name="market_red_type"]')).not_to_have_value("")
    wizard.get_by_role("button", name="Create the table").click()
    expect(page).to_have_url(re.compile(r"/t/[\w-]+$"))


def open_night(server, contexts, form: dict, names: dict, draw_tiles=False) -> Night:
    host = contexts("desktop").new_page()
    fill_wizard(host, server.url, form, draw_tiles)
    phones = {}
    for seat, name in names.items():
        phones[seat] = contexts("phone").new_page()
        join(phones[seat], join_url_of(host), name)
    for name in names.values():
        expect(host.locator("ul.players li", has_text=name).locator(".presence")).to_have_text("here")
    return Night(server, host, phones)


# the three-player night ---------------------------------------------------------------

@pytest.mark.own_server  # the server restarts mid-game
def test_new_york_night_for_three(server, contexts):
    night = open_night(server, contexts, ny_form(CONFIG, start=""), NAMES)
    expect(night.host.locator(".ny-city")).to_have_count(3)
    expect(night.host.locator(".ny-market .ny-space")).to_have_count(4)
    expect(night.phone("p1").locator("h1.turn-banner.mine")).to_have_text("Your turn")
    expect(night.phone("p2").locator(".turn-status h2")).to_have_text("Waiting for Anna")

    _four_exact_payments(night)
    _placing_by_taps(night)
    _host_refills_the_market(night)
    _taking_money_and_a_refused_choice(night)
    _scoring_a(night)
    _a_refused_hole(night)
    _a_redesign(night)
    _restart(night)
    _the_end(night)


def _four_exact_payments(night):
    anna = night.phones["p1"]
    for space in ("blue", "green", "yellow", "red"):
        form = buy_form(anna, space)
        expect(form.locator(".ny-exact")).to_have_text(f"{space} 2")
        form.locator(".ny-exact").tap()
        night.done()
        expect(anna.locator("#main .turn h2")).to_have_text("You paid exactly: take another action "
                                                            "(take money, buy a tile or develop your city).")
    expect(night.host.locator(".ny-status")).to_contain_text("Anna paid exactly and takes another action.")
    expect(night.host.locator('.ny-space[data-space="red"] .ny-empty')).to_be_visible()
    take = anna.locator("#main form.act-take_money")  # a fifth action: one money card
    tick(take, "card", "yellow:5")
    take.get_by_role("button", name="Take the cards ticked").tap()
    night.done()


def _placing_by_taps(night):
    anna = night.phones["p1"]
    expect(anna.locator("#main .ny-placing h3").first).to_contain_text("Place the museum 2 (no streets)")
    expect(anna.locator("#main .turn .ny-pick-city svg")).to_be_visible()  # her city, squares to tap
    assert anna.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH, "the phone scrolls sideways"
    for x, y in ((1, 0), (2, 0), (2, 1), (0, 1)):
        tap_square(anna, x, y)
        night.done()
    city = night.host.locator('.ny-city[data-seat="p1"]')
    expect(city.locator(".ny-t-museum")).to_have_count(4)
    expect(night.host.locator('.ny-majorities tr[data-type="museum"] td.lead')).to_contain_text("4 ★ → 1")


def _host_refills_the_market(night):
    host = night.host
    expect(host.locator(".ny-status")).to_contain_text("Turn up the next money card for the display.")
    host_card(host, "blue:6")
    night.done()
    # Half-filled inputs survive what other pages do: a phone reloads and its socket comes
    # back. The host's screen still shows all of its picture, so no push redraws it (a
    # push that changes other parts leaves this one in place: tests/web/test_pushes.py).
    form = host.locator("#main form.table-input-draw_tile")
    form.locator('input[name="tile_type"][value="theatre"]').check()
    form.locator('input[name="tile_price"]').fill("3")
    form.locator('input[name="tile_streets"][value="E"]').check()
    night.phones["p3"].reload()
    expect(night.phones["p3"].locator("#main .ny-status")).to_be_visible()
    expect(form.locator('input[name="tile_type"][value="theatre"]')).to_be_checked()
    expect(form.locator('input[name="tile_price"]')).to_have_value("3")
    form.locator('input[name="tile_streets"][value="E"]').uncheck()
    for tile in ({"type": "theatre", "price": 3, "streets": ""}, {"type": "station", "price": 4, "streets": ""},
                 {"type": "station", "price": 9, "streets": ""}, MUSEUM):
        host_tile(host, tile)
        night.done()
    expect(host.locator('.ny-space[data-space="yellow"] .ny-tile-name')).to_have_text("station 9 (no streets)")
    expect(night.phone("p2").locator("h1.turn-banner.mine")).to_have_text("Your turn")


def _taking_money_and_a_refused_choice(night):
    ben = night.phones["p2"]
    take = ben.locator("#main form.act-take_money")
    tick(take, "card", "blue:4")
    tick(take, "card", "blue:6")
    why = take.locator(".ny-why")
    expect(why).to_contain_text("only if they total 5 or less")
    expect(why.locator("a.rule")).to_have_attribute("href", "/rules/new_york#NY-T-2")
    expect(take.get_by_role("button", name="Take the cards ticked")).to_be_disabled()
    take.locator('input[value="blue:6"]').uncheck()
    take.locator('input[value="blue:4"]').uncheck()
    tick(take, "card", "green:3")
    tick(take, "card", "red:2")
    expect(why).to_be_hidden()
    take.get_by_role("button", name="Take the cards ticked").tap()
    night.done()
    expect(night.host.locator(".log li").first).to_contain_text("Ben took green 3, red 2.")


def _scoring_a(night):
    host = night.host
    host_card(host, "A")
    night.done()
    expect(host.locator(".ny-facts")).to_contain_text("Scoring A: scored")
    expect(host.locator("ul.players li", has_text="Anna").locator(".score")).to_have_text("1")
    sheet = night.phone("p1").locator("section.scores")
    expect(sheet.locator("h2")).to_contain_text("Your score sheet: 1")
    event = sheet.locator("details.score-event", has_text="Scoring A: buildings")
    event.locator("summary").tap()
    expect(event).to_contain_text("4 museum tiles, 1st → 1")
    for card in ("green:7", "red:8"):
        host_card(host, card)
        night.done()
    cleo = night.phones["p3"]  # Cleo takes one card; the host turns up another
    take = cleo.locator("#main form.act-take_money")
    tick(take, "card", "green:7")
    take.get_by_role("button", name="Take the cards ticked").tap()
    night.done()
    host_card(host, "green:9")
    night.done()


def _a_refused_hole(night):
    anna = night.phones["p1"]
    form = buy_form(anna, "yellow")
    form.locator(".ny-exact", has_text="yellow 9").tap()
    night.done()
    form = buy_form(anna, "red")
    tick(form, "pay", "red:9")
    expect(form.locator(".ny-pay-status")).to_have_text(
        "You pay 9: 7 more than the price, no change, and your turn ends.")
    form.get_by_role("button", name="Buy with the cards ticked").tap()
    night.done()
    station = anna.locator("#main form.act-place", has=anna.locator('input[name="tile"][value="station:9:"]'))
    station.locator('g.ny-spot.ok[data-square="0,2"]').tap()
    night.done()
    tap_square(anna, 1, 2)  # it would enclose (1, 1)
    why = anna.locator("#main form.act-place .ny-why")
    expect(why).to_contain_text("You cannot put the museum 2 (no streets) on (1, 2): it would close off an "
                                "empty space.")
    expect(why.locator("a.rule")).to_have_attribute("href", "/rules/new_york#NY-B-5")
    spot = anna.locator("#main form.act-place g.ny-spot.ok").first
    square = spot.get_attribute("data-square")
    spot.tap()
    night.done()
    assert square in night.state()["cities"]["p1"]
    for _ in range(2):  # the yellow and red spaces: whatever the server draws
        server_draws(night.host)
        night.done()
    night.play(lambda state, seat: _money_or_draw(state, seat), lambda s: s["active"] == "p1" and s["phase"] == "turn")


def _money_or_draw(state, seat):
    """Between Anna's turns: Ben and Cleo take money, the table draws (no scoring card)."""
    actions = ny.legal(state, seat)["actions"]
    rng = random.Random(len(state["discard"]) + len(state["display"]))
    if seat == TABLE and actions[0]["type"] == "draw_money":
        return {"type": "draw_money", "card": next(a["card"] for a in actions if not isinstance(a["card"], str))}
    takes = [a for a in actions if a["type"] == "take_money"]
    return takes[0] if takes and seat != TABLE else playout.random_action(state, seat, rng)


def _a_redesign(night):
    anna = night.phones["p1"]
    fold = anna.locator("#main details.ny-choice", has_text="Move a tile of your city into your reserve")
    fold.locator("summary").first.tap()
    expect(fold.locator('g.ny-spot.no[data-square="0,0"]')).to_have_count(1)  # Times Square never moves
    fold.locator('g.ny-spot[data-square="0,0"]').tap()
    expect(fold.locator(".ny-why")).to_contain_text("the start tile never moves")
    spot = fold.locator("g.ny-spot.ok").first
    square = spot.get_attribute("data-square")
    spot.tap()
    night.done()
    assert square not in night.state()["cities"]["p1"]
    expect(night.host.locator(".log li").first).to_contain_text("Anna moved the")
    expect(night.host.locator('.ny-city[data-seat="p1"] .ny-pile').last.locator("svg")).to_have_count(1)


def _restart(night):
    """The server stops mid-game and starts again: every page picks up where it was, and
    the next move reaches every page over a reconnected socket."""
    seq = seq_of(night.host)
    for page in night.pages:
        page.evaluate("window.sameDocument = true")
    night.server.restart()
    ben = night.phones["p2"]
    take = ben.locator("#main form.act-take_money")
    tick(take, "card", take.locator('input[name="card"]').first.get_attribute("value"))
    take.get_by_role("button", name="Take the cards ticked").tap()
    assert night.last == seq
    night.done(timeout=RECONNECT_TIMEOUT)
    for page in night.pages:
        assert page.evaluate("window.sameDocument === true")


def _greedy(state, seat, rng):
    """Towards the end quickly: buy whenever possible (exactly if one can), place on the
    first square offered, take the most money, turn up the highest card."""
    actions = ny.legal(state, seat)["actions"]
    kinds = {a["type"] for a in actions}
    if seat == TABLE and "draw_money" in kinds:
        cards = [a["card"] for a in actions if not isinstance(a["card"], str)]
        return {"type": "draw_money", "card": max(cards, key=lambda c: c[1]) if cards else actions[0]["card"]}
    buys = sorted((a for a in actions if a["type"] == "buy"), key=lambda a: not a["exact"])
    if buys:
        return playout._pay(buys[0] | {"exact": buys[0]["exact"][:1]}, rng)
    if "place" in kinds:
        place = next(a for a in actions if a["type"] == "place")
        return {"type": "place", "tile": place["tile"], **place["positions"][0]}
    takes = [a for a in actions if a["type"] == "take_money"]
    if takes:
        return max(takes, key=lambda a: sum(v for _b, v in a["cards"]))
    return playout.random_action(state, seat, rng)


def _the_end(night):
    """Most of the rest of the game is posted while every page is put away (as phones
    sleep between turns); they all come back for the last moves, which reach them live."""
    rng = random.Random(3)
    night.fast_forward(lambda state, seat: _greedy(state, seat, rng), lambda s: market.bag_left(s) <= 2)
    night.play(lambda state, seat: _greedy(state, seat, rng), ny.is_over)
    state = night.state()
    scores = ny.scores(state)
    host = night.host
    expect(host.locator(".ny-status h2").first).to_have_text("The game is over.")
    final = host.locator("#main section.final")  # the ranking and the chart: the shared final screen's
    ranking = final.locator(".ranking li")
    expect(ranking).to_have_count(3)
    best = max(scores["totals"].values())
    expect(ranking.first.locator(".total")).to_have_text(f"{best} points")
    expect(ranking.first.locator(".badge")).to_have_text("winner")
    expect(final.locator("svg.chart.lines polyline")).to_have_count(3)
    expect(host.locator("svg.ny-chart")).to_have_count(0)
    own = host.locator(".ny-status table.ny-scorings")  # what the final screen does not split: each scoring
    expect(own.locator("caption")).to_have_text("Each scoring: buildings + streets")
    expect(own.locator("tbody tr")).to_have_count(3)
    cards = list(dict.fromkeys(e["title"]["args"]["card"] for e in scores["events"]))  # as they scored
    expect(own.locator("thead th")).to_have_text(["Player", *cards])
    for seat, phone in night.phones.items():
        expect(phone.locator("#main .status strong")).to_have_text("Game over")
        expect(phone.locator("section.scores h2")).to_contain_text(f"Your score sheet: {scores['totals'][seat]}")


# the two-player night with Dirk ---------------------------------------------------------

DUO = {"p1": "Anna", "p2": "Ben"}


def test_new_york_night_for_two_with_dirk(server, contexts):
    config = {**CONFIG, "players": CONFIG["players"][:2],
              "start_money": {k: v for k, v in CONFIG["start_money"].items() if k != "p3"}}
    form = {k: v for k, v in ny_form(config, start="").items() if not k.startswith(("market_", "dirk_"))}
    night = open_night(server, contexts, form, DUO, draw_tiles=True)
    dirk = night.host.locator(".ny-dirk .ny-pile svg")
    expect(dirk).to_have_count(6)  # drawn by the server at set-up
    expect(night.host.locator(".ny-majorities thead th").nth(3)).to_have_text("Dirk")

    # Whoever first can buy a market tile (the server drew them) buys it on the phone and
    # gives it to Dirk.
    night.play(_money_or_draw, lambda s: s["phase"] == "turn" and _buys(s))
    seat = night.state()["active"]
    phone, buy = night.phones[seat], _buys(night.state())[0]
    form = buy_form(phone, buy["space"])
    if buy["exact"]:
        form.locator(".ny-exact").first.tap()
        night.done()
        take = phone.locator("#main form.act-take_money")
        tick(take, "card", take.locator('input[name="card"]').first.get_attribute("value"))
        take.get_by_role("button", name="Take the cards ticked").tap()
    else:
        for card in buy["bank_cards"]:
            tick(form, "pay", f"{card[0]}:{card[1]}")
        form.get_by_role("button", name="Buy with the cards ticked").tap()
    night.done()
    phone.locator("#main .ny-placing").get_by_role("button", name=re.compile("^Give the .* to Dirk$")).tap()
    night.done()
    expect(dirk).to_have_count(7)

    # Scoring A from the host's screen; Dirk's six tiles are drawn right after it.
    night.play(lambda s, seat: _money_or_draw(s, seat), lambda s: s["phase"] == "refill"
               and ny.legal(s, TABLE)["actions"][0]["type"] == "draw_money")
    host_card(night.host, "A")
    night.done()
    expect(night.host.locator(".ny-status")).to_contain_text("Draw a tile from the bag for Dirk.")
    for _ in range(6):
        server_draws(night.host)
        night.done()
    expect(dirk).to_have_count(13)
    expect(night.host.locator("section.scores")).to_contain_text("Scoring A: buildings")

    # On to scoring B: the host turns it up; Dirk then takes a third of the bag.
    rng = random.Random(5)
    night.fast_forward(lambda s, seat: _no_scoring_card(s, seat, rng),
               lambda s: s["phase"] == "refill" and ny.legal(s, TABLE)["actions"][0]["type"] == "draw_money"
               and sum(s["out_of_bag"].values()) >= 30)
    bag = ny.legal(night.state(), TABLE)  # the host's inputs, for the test only
    assert bag["actions"][-1]["card"] == "B"
    before = len(night.state()["dirk"])
    left = 54 - sum(night.state()["out_of_bag"].values())
    host_card(night.host, "B")
    night.done()
    expect(night.host.locator(".ny-facts")).to_contain_text("Scoring B: scored")
    for _ in range(left // 3):
        server_draws(night.host)
        night.done()
    expect(dirk).to_have_count(before + left // 3)
    scores = night.host.locator("section.scores details.score-event", has_text="Scoring B: buildings")
    scores.locator("summary").click()
    expect(scores).to_contain_text("(Dirk's points count for nobody)")


def _no_scoring_card(state, seat, rng):
    action = playout.random_action(state, seat, rng)
    if action["type"] == "draw_money" and isinstance(action["card"], str):
        return _money_or_draw(state, seat)
    return action


def _buys(state) -> list:
    return [a for a in ny.legal(state, state["active"])["actions"] if a["type"] == "buy"]
