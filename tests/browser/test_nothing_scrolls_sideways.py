"""Nothing scrolls sideways, at any moment of a whole random game, for every game and
player count a group plays: the phones at 390×844 (in German, Italian and English, one
language a phone) and the table screen at 1280×800.

Moves are posted over HTTP with the pages away (a page pushed every move would cost more
than the game); a page is opened and measured, every fold open, whenever its seat is
offered a set of moves no phone has been measured with yet (the table screen: whenever
the game reaches a phase not measured yet), and every page at the end.
"""

import random
from importlib import import_module
from urllib.parse import urlencode

import pytest

from companion.engines import TABLE
from companion.web.games import form_fields
from tests.web.conftest import fa_form
from tests.web.manhattan import NAMES as MH_NAMES
from tests.web.manhattan import mh_form
from tests.web.new_york import ny_config, ny_form
from tests.web.palazzo_setup import pz_form

from .conftest import DESKTOP, PHONE
from .every_game import Table
from .ui import wait_for_move

NAMES = ("Anna", "Ben", "Cleo", "Dario")
# German the most: its words are the longest (English phones from four players on)
LOCALES = ("de-DE", "it-IT", "de-DE", "en-GB")
TABLES = {
    "fifth_avenue-2-dummy": ("fifth_avenue", lambda: fa_form(NAMES[:2], auctions="sealed", hands="private")),
    "fifth_avenue-3": ("fifth_avenue", lambda: fa_form(NAMES[:3])),
    "palazzo-3": ("palazzo", lambda: pz_form(NAMES[:3], draws="server")),
    "palazzo-4": ("palazzo", lambda: pz_form(NAMES[:4], bidding="sealed", hands="private")),
    "new_york-2-dirk": ("new_york", lambda: ny_form(ny_config(2, seed=2))),
    "new_york-3": ("new_york", lambda: ny_form(ny_config(3, seed=3))),
    "new_york-6": ("new_york", lambda: ny_form(ny_config(6, seed=6))),
    "manhattan-2": ("manhattan", lambda: mh_form(MH_NAMES[:2])),
    "manhattan-3": ("manhattan", lambda: mh_form(MH_NAMES[:3], hands="private")),
    "manhattan-4": ("manhattan", lambda: mh_form(MH_NAMES[:4])),
}

# Every fold opened (a player may open any), then the page's width and, if it is wider than
# the screen, the innermost elements that reach past the screen's right edge. The screen's
# width comes from outside: a phone's layout viewport (innerWidth) widens to fit a page
# that is too wide for it.
MEASURE = """width => {
    document.querySelectorAll('details').forEach(d => { d.open = true; });
    const scrolls = document.documentElement.scrollWidth;
    if (scrolls <= width) return {scrolls, past: []};
    const past = [...document.querySelectorAll('body *')].filter(e => {
        const r = e.getBoundingClientRect();
        return r.width && r.right > width + 0.5
            && ![...e.children].some(c => c.getBoundingClientRect().right > width + 0.5);
    }).slice(0, 6).map(e => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`
        + ` "${(e.textContent || '').trim().slice(0, 30)}" right=${Math.round(e.getBoundingClientRect().right)}`);
    return {scrolls, past};
}"""


def measure(page, moves: int, where: str) -> list[str]:
    """``page`` opened at move ``moves``; what of it reaches past the screen's right edge."""
    page.goto(where)
    wait_for_move([page], moves)
    width = page.viewport_size["width"]
    found = page.evaluate(MEASURE, width)
    page.goto("about:blank")
    if found["scrolls"] <= width:
        return []
    return [f"{width} px wide, scrolls to {found['scrolls']}: {found['past']}"]


class Watch:
    """The moments measured so far, and what was found too wide."""

    def __init__(self, table: Table, urls: dict):
        self.table, self.urls, self.seen, self.wide = table, urls, set(), []

    def moment(self, state: dict, moves: int) -> None:
        """Measure the pages that show something not measured yet."""
        engine = self.table.engine
        due = sorted(engine.to_act(state))
        pages = {("host", state["phase"]): "host"}
        for seat in due:
            if seat != TABLE:
                pages[frozenset(a["type"] for a in engine.legal(state, seat)["actions"])] = seat
        for key, who in pages.items():
            if key not in self.seen:
                self.seen.add(key)
                self.check(who, moves, state)

    def everything(self, state: dict, moves: int) -> None:
        for who in ("host", *self.table.phones):
            self.check(who, moves, state)

    def check(self, who: str, moves: int, state: dict) -> None:
        page = self.table.host if who == "host" else self.table.phones[who]
        url = self.urls[who][0]
        for problem in measure(page, moves, url):
            self.wide.append(f"{who} ({self.urls[who][1]}) at move {moves}, phase {state['phase']}: {problem}")


def post(table: Table, seat: str, action: dict, moves: int):
    """``action`` posted as ``seat``'s phone (the host's table input for ``TABLE``) on move
    ``moves``; the page it leads to is not fetched."""
    page = table.host if seat == TABLE else table.phones[seat]
    fields = form_fields(table.ui, action)
    if action["type"] == "dummy_bid" and not action.get("draws"):
        fields = {"type": "dummy_bid", "draw": "server"}
    path = "table-act" if seat == TABLE else "act"
    return page.context.request.post(f"{table.server.url}t/{table.table_id}/{path}", max_redirects=0,
                                     data=urlencode({"seq": str(moves), **fields}, doseq=True),
                                     headers={"Content-Type": "application/x-www-form-urlencoded"})


@pytest.mark.parametrize("name", TABLES)
def test_no_page_scrolls_sideways_through_a_whole_game(server, contexts, name):
    game, form = TABLES[name]
    table = Table(server, contexts, game, form(), locales=LOCALES)
    assert table.host.viewport_size == DESKTOP["viewport"]
    assert all(p.viewport_size == PHONE["viewport"] for p in table.phones.values())
    urls = {"host": (table.host.url, "en")}
    for i, (seat, phone) in enumerate(table.phones.items()):
        urls[seat] = (phone.url, LOCALES[i % len(LOCALES)][:2])
    watch = Watch(table, urls)
    playout = import_module(f"{table.engine.__name__}.playout")
    rng, state = random.Random(name), table.state()
    for page in table.pages:  # each page is opened when it is measured, and left again
        page.goto("about:blank")
    for moves in range(len(table.events()), 3000):
        if table.engine.is_over(state):
            break
        watch.moment(state, moves)
        seat = rng.choice(sorted(table.engine.to_act(state)))
        action = playout.random_action(state, seat, rng)
        answer = post(table, seat, action, moves)
        assert answer.status < 400, (seat, action, answer.status, answer.text()[:300])
        # a draw the server makes is known from the store only
        state = table.state() if seat == TABLE else table.engine.apply(state, seat, action)
    assert table.engine.is_over(state), "no end after 3000 moves"
    watch.everything(state, len(table.events()))
    assert not watch.wide, "\n".join(watch.wide)
