"""Every kind of page passes axe-core with no serious or critical finding (item 18), and
the phone's targets are at least 44 px; rule chips never wrap inside their ID."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from .every_game import GAMES, Table
from .night import fast_forward, play_to_end, seated
from .ui import join_url_of, wait_for_move

AXE = Axe()
#: Targets on the page under 44 px high, as "<html…> height".
TOO_SMALL = """() => [...document.querySelectorAll(
    'button, .button, summary, a.rule, select, label.pill, label.pile, input:not([type=hidden]):not([type=radio]):not([type=checkbox])')]
  .filter(e => e.offsetParent !== null)
  .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect()])
  .filter(([h, r]) => r.height < 44 && r.width > 0)
  .map(([h, r]) => h + ' ' + Math.round(r.height))"""
SERIOUS = {"serious", "critical"}


def serious_findings(page) -> list[str]:
    results = AXE.run(page)
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]}"
            for v in results.response["violations"] if v["impact"] in SERIOUS]


def check(page, what: str) -> list[str]:
    page.wait_for_load_state("networkidle")
    headed = [] if page.locator("h1").count() else [f"{what}: no h1"]
    return headed + [f"{what}: {finding}" for finding in serious_findings(page)]


def test_every_kind_of_page_passes_axe(server, contexts):
    game = seated(server, contexts)
    host, anna = game.host, game.phones["p1"]
    found = []
    found += check(anna, "phone, placing a building")
    found += check(host, "table screen")
    desk = contexts("desktop").new_page()
    for path, what in (("", "home"), ("new/fifth_avenue", "wizard"), ("rules", "rules index"),
                       ("rules/fifth_avenue", "rules page"), ("history", "history"),
                       ("history/players", "players"), ("history/stats", "statistics"),
                       ("no/such/page", "404")):
        desk.goto(server.url + path)
        found += check(desk, what)
    host.goto(f"{server.url}t/{game.table_id}/host")
    found += check(host, "host controls")
    host.goto(f"{server.url}t/{game.table_id}")
    fast_forward(game, lambda state, seat: state["phase"] == "choose")
    anna.locator("form.act-place_shop summary").tap()
    found += check(anna, "phone, choosing an action")
    phone = contexts("phone").new_page()
    phone.goto(host.locator("aside.join a.join-url").get_attribute("href"))
    found += check(phone, "join page")
    play_to_end(game)
    expect(anna.locator("#main section.final")).to_be_visible()
    found += check(anna, "phone, game over")
    found += check(host, "table screen, game over")
    desk.goto(f"{server.url}t/{game.table_id}/replay")
    found += check(desk, "replay")
    assert found == [], "\n".join(found)


def test_phone_targets_are_big_enough(server, contexts):
    game = seated(server, contexts)
    fast_forward(game, lambda state, seat: state["phase"] == "choose")
    anna = game.phones["p1"]
    anna.locator("details.blocked summary").tap()
    small = anna.evaluate(TOO_SMALL)
    assert small == [], "\n".join(small)
    chips = anna.locator("a.rule")
    for i in range(chips.count()):
        assert chips.nth(i).evaluate("a => a.getClientRects().length") == 1, "a rule ID wraps"


def test_the_dark_scheme_passes_axe(server, browser):
    """In a dim room the pages darken, and still read (contrast included)."""
    from .conftest import DESKTOP, PHONE

    desk = browser.new_context(**DESKTOP, color_scheme="dark")
    phone = browser.new_context(**PHONE, color_scheme="dark")
    try:
        page = desk.new_page()
        page.goto(server.url)
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(21, 24, 28)", background
        found = check(page, "home, dark")
        for path in ("history", "history/players", "history/stats"):
            page.goto(server.url + path)
            found += check(page, f"{path}, dark")
        page.goto(server.url + "new/fifth_avenue")
        found += check(page, "wizard, dark")
        from tests.web.conftest import fa_form

        created = desk.request.post(f"{server.url}new/fifth_avenue", form=fa_form())
        page.goto(created.url)
        found += check(page, "table screen, dark")
        me = phone.new_page()
        me.goto(page.locator("aside.join a.join-url").get_attribute("href"))
        me.get_by_role("button", name="Anna", exact=True).tap()
        expect(me.locator("#main h1.turn-banner")).to_have_text("Your turn")
        found += check(me, "phone, dark")
        assert found == [], "\n".join(found)
    finally:
        desk.close()
        phone.close()


def both_schemes(page, what: str) -> list[str]:
    """``check`` in the light scheme, then in the dark one, on the same page."""
    found = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        found += check(page, f"{what}, {scheme}")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_of_page_of_every_game_passes_axe(server, contexts, game):
    """The wizard, join, phone, table, host and rules pages of each game, in the light and
    the dark scheme: a heading and no serious or critical finding (the pages every game
    shares are checked once, above)."""
    table = Table(server, contexts, game)
    phone = table.phones[table.until_a_player_is_due()]
    wait_for_move(table.pages, len(table.events()))
    found = both_schemes(phone, f"{game} phone") + both_schemes(table.host, f"{game} table")
    desk = table.host.context.new_page()
    for path, what in ((f"new/{game}", "wizard"), (f"rules/{game}", "rules"), (f"t/{table.table_id}/host", "host")):
        desk.goto(server.url + path)
        found += both_schemes(desk, f"{game} {what}")
    joining = contexts("phone").new_page()  # a phone without a seat yet
    joining.goto(join_url_of(table.host))
    found += both_schemes(joining, f"{game} join")
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("game", GAMES)
def test_every_games_phone_targets_are_big_enough(server, contexts, game):
    """On the phone due, every target is at least 44 px high and rule chips keep their ID
    on one line."""
    table = Table(server, contexts, game)
    phone = table.phones[table.until_a_player_is_due()]
    wait_for_move([phone], len(table.events()))
    phone.locator("#main details").evaluate_all("ds => ds.forEach(d => d.open = true)")
    small = phone.evaluate(TOO_SMALL)
    assert small == [], "\n".join(small)
    chips = phone.locator("a.rule:visible")
    for i in range(chips.count()):
        assert chips.nth(i).evaluate("a => a.getClientRects().length") == 1, "a rule ID wraps"
