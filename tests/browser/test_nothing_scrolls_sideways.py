"""Nothing scrolls sideways, at any moment of a whole random game, for every game and
the set-ups that lay out differently: the phones at 390×844 (in German, Italian and
English, one language a phone; German the most, its words are the longest) and the table
screen at 1280×800.

Moves are posted over HTTP with no page open (a page pushed every move would cost more
than the game). A page is opened and measured, every fold open, whenever its seat is
offered kinds of move no phone has been measured with yet, nor more kinds including
them (a form not shown cannot reach past the edge); the table screen whenever the game
reaches a phase not measured yet; and every page at the end.
"""

import random
import re
from html import unescape
from importlib import import_module
from urllib.parse import urlencode

import pytest

from companion.engines import TABLE
from companion.engines import get as engine_for
from companion.engines.common import state_after
from companion.store import Store
from companion.web.games import form_fields
from tests.web.conftest import fa_form
from tests.web.manhattan import NAMES as MH_NAMES
from tests.web.manhattan import mh_form
from tests.web.new_york import ny_config, ny_form
from tests.web.palazzo_setup import pz_form

from .conftest import DESKTOP, PHONE
from .ui import post_as, wait_for_move

NAMES = ("Anna", "Ben", "Cleo", "Dario")
# German the most: its words are the longest (English phones from four players on)
LOCALES = ("de-DE", "it-IT", "de-DE", "en-GB")
# Per game, the set-ups whose pages differ: the largest table (every language on it),
# and the options that show something of their own. Three New York players or three
# Manhattan players show nothing that two (Dirk; two colours a seat) or the largest
# table do not.
TABLES = {
    # a dummy, sealed auctions, private hands
    "fifth_avenue-2-dummy": ("fifth_avenue", lambda: fa_form(NAMES[:2], auctions="sealed", hands="private")),
    # open auctions, the largest table
    "fifth_avenue-3": ("fifth_avenue", lambda: fa_form(NAMES[:3])),
    # tiles the server draws, open bidding
    "palazzo-3": ("palazzo", lambda: pz_form(NAMES[:3], draws="server")),
    # sealed bidding, private hands, the largest table
    "palazzo-4": ("palazzo", lambda: pz_form(NAMES[:4], bidding="sealed", hands="private")),
    # Dirk, the two-player rules
    "new_york-2-dirk": ("new_york", lambda: ny_form(ny_config(2, seed=2))),
    # the largest table
    "new_york-6": ("new_york", lambda: ny_form(ny_config(6, seed=6))),
    # two colours a seat, hands not tracked
    "manhattan-2": ("manhattan", lambda: mh_form(MH_NAMES[:2])),
    # private hands, the largest table
    "manhattan-4": ("manhattan", lambda: mh_form(MH_NAMES[:4], hands="private")),
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
# ms for a page to load: a measured page is opened cold, its server busy with other tests
LOAD_TIMEOUT = 30_000
JOIN_URL = re.compile(r'<a class="join-url" href="([^"]+)"')


class Seated:
    """A table made by posting the wizard's form and every player seated by posting the
    join form, each from a browser context of their own (the host's at desktop size, the
    phones' at phone size in ``locales`` in turn). No page is open: a page is opened when
    it is measured, and left again."""

    def __init__(self, server, contexts, game: str, form: dict, locales):
        self.server, self.engine = server, engine_for(game)
        self.ui = import_module(f"companion.web.games.{game}")
        desk = contexts("desktop")
        created = desk.request.post(f"{server.url}new/{game}", data=urlencode(form, doseq=True),
                                    headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert created.ok and "/t/" in created.url, created.text()[:500]
        self.table_id = created.url.rsplit("/", 1)[1]
        self.store = Store(str(server.db))
        self.config = self.store.table(self.table_id).config
        (join_url,) = JOIN_URL.findall(created.text())
        self.contexts, self.urls = {"host": desk}, {"host": (created.url, "en")}
        players = [p for p in self.engine.view(self.state(), None)["players"] if not p.get("dummy")]
        for i, player in enumerate(players):
            locale = locales[i % len(locales)]
            phone = contexts("phone", locale=locale)
            joined = phone.request.post(unescape(join_url), form={"seat": player["seat"]})
            assert joined.ok and joined.url.endswith("/me"), joined.text()[:500]
            self.contexts[player["seat"]], self.urls[player["seat"]] = phone, (joined.url, locale[:2])
        self.pages = {}

    def page(self, who: str):
        if who not in self.pages:
            self.pages[who] = self.contexts[who].new_page()
        return self.pages[who]

    def state(self) -> dict:
        return state_after(self.engine, self.engine.setup(self.config), self.store.events(self.table_id))

    def post(self, seat: str, action: dict, moves: int) -> tuple[int, str]:
        """``action`` posted with ``seat``'s phone's cookies (the host's table input for
        ``TABLE``) on move ``moves``; the status, and the page only if it is an error."""
        fields = form_fields(self.ui, action)
        if action["type"] == "dummy_bid" and not action.get("draws"):
            fields = {"type": "dummy_bid", "draw": "server"}
        path = "table-act" if seat == TABLE else "act"
        answer = post_as(self.contexts["host" if seat == TABLE else seat], f"{self.server.url}t/{self.table_id}/{path}",
                         {"seq": str(moves), **fields})
        return answer.status, answer.text() if answer.status >= 400 else ""


def measure(page, moves: int, where: str) -> list[str]:
    """``page`` opened at move ``moves``; what of it reaches past the screen's right edge."""
    page.goto(where, timeout=LOAD_TIMEOUT)
    wait_for_move([page], moves)
    width = page.viewport_size["width"]
    found = page.evaluate(MEASURE, width)
    page.goto("about:blank", timeout=LOAD_TIMEOUT)
    if found["scrolls"] <= width:
        return []
    return [f"{width} px wide, scrolls to {found['scrolls']}: {found['past']}"]


class Watch:
    """The moments measured so far, and what was found too wide."""

    def __init__(self, table: Seated):
        self.table, self.phases, self.kinds, self.wide = table, set(), [], []

    def moment(self, state: dict, moves: int) -> None:
        """Measure the pages that show something not measured yet: the table screen in a
        new phase, a due phone offered kinds of move not measured together yet."""
        engine = self.table.engine
        if state["phase"] not in self.phases:
            self.phases.add(state["phase"])
            self.check("host", moves, state)
        for seat in sorted(engine.to_act(state)):
            if seat == TABLE:
                continue
            kinds = frozenset(a["type"] for a in engine.legal(state, seat)["actions"])
            if not any(kinds <= seen for seen in self.kinds):
                self.kinds.append(kinds)
                self.check(seat, moves, state)

    def everything(self, state: dict, moves: int) -> None:
        for who in self.table.urls:
            self.check(who, moves, state)

    def check(self, who: str, moves: int, state: dict) -> None:
        url, language = self.table.urls[who]
        for problem in measure(self.table.page(who), moves, url):
            self.wide.append(f"{who} ({language}) at move {moves}, phase {state['phase']}: {problem}")


@pytest.mark.parametrize("name", TABLES)
def test_no_page_scrolls_sideways_through_a_whole_game(server, contexts, name):
    game, form = TABLES[name]
    table = Seated(server, contexts, game, form(), LOCALES)
    assert table.page("host").viewport_size == DESKTOP["viewport"]
    assert all(table.page(seat).viewport_size == PHONE["viewport"] for seat in table.urls if seat != "host")
    watch = Watch(table)
    playout = import_module(f"{table.engine.__name__}.playout")
    rng, state = random.Random(name), table.state()
    for moves in range(len(table.store.events(table.table_id)), 3000):
        if table.engine.is_over(state):
            break
        watch.moment(state, moves)
        seat = rng.choice(sorted(table.engine.to_act(state)))
        action = playout.random_action(state, seat, rng)
        status, text = table.post(seat, action, moves)
        assert status < 400, (seat, action, status, text[:300])
        if seat == TABLE:  # a draw the server makes is known from the store only
            state = state_after(table.engine, state, table.store.events(table.table_id, after=moves))
        else:
            state = table.engine.apply(state, seat, action)
    assert table.engine.is_over(state), "no end after 3000 moves"
    watch.everything(state, len(table.store.events(table.table_id)))
    assert not watch.wide, "\n".join(watch.wide)
