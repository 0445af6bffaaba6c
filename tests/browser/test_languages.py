"""Three languages at one table, in a real Chromium, for every game: the Italian phone,
the German phone and the English table screen each read the whole game in their own
language, through the set-up, moves, a refusal, a scoring and the end.

"Their own language" is checked against the catalogues, not a hand-made list: every
sentence of another language's catalogue (a msgid for English, a msgstr for Italian and
German; split at its placeholders, fragments of three words or more) that the page's own
language does not share must be absent from the page's visible text.

The phones tap their first moves (with the drivers of the game-night tests, where those
do not read a label); the rest of the game is posted through the same forms from each
device's own cookies (the pages stay open and live, and must show every move). The
refusal is a tampered form sent from the phone's page, as a stale page might send it.
"""

import random
import re
from contextlib import nullcontext
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Callable
from urllib.parse import urlencode

import pytest

from babel.messages.pofile import read_po
from playwright.sync_api import expect

from companion.engines import TABLE, IllegalAction
from companion.engines.common import state_after
from companion.engines import fifth_avenue as engine
from companion.engines import manhattan as mh_engine
from companion.engines import new_york as ny_engine
from companion.engines import palazzo as pz_engine
from companion.engines.fifth_avenue.playout import random_action
from companion.engines.text import english
from companion.store import Store
from companion.web.games import fifth_avenue as fifth_avenue_ui
from companion.web.games import form_fields
from companion.web.games import manhattan as mh_ui
from companion.web.games import new_york as ny_ui
from companion.web.games.new_york import card_field
from companion.web.games import palazzo as pz_ui
from tests.web.manhattan import mh_form
from tests.web.new_york import ny_config, ny_form
from tests.web.palazzo_setup import pz_form

from . import test_manhattan_game_night as mh
from . import test_new_york_game_night as ny
from . import test_palazzo_game_night as pz
from .ui import away, create_table, join, perform, post_as, seq_of, wait_for_move

CATALOGUES = Path(__file__).resolve().parents[2] / "companion" / "translations"
LANGUAGES = ("en", "it", "de")
_PLACEHOLDER = re.compile(r"\{\w+\}|%\(\w+\)s")
_SPACES = re.compile(r"\s+")
MOVE_TIMEOUT = 15_000  # ms for a posted move to reach every page
PREFERRED = ("score_quarter", "place_shop", "pass", "close_quarter", "build", "take_colored", "move_commission")


@cache
def sentences() -> dict[str, set[str]]:
    """Per language, the literal fragments (3 words or more) of all its catalogue strings."""
    strings = {lang: [] for lang in LANGUAGES}
    for lang in ("it", "de"):
        with open(CATALOGUES / lang / "LC_MESSAGES" / "messages.po", "rb") as po:
            for entry in read_po(po, locale=lang):
                if not entry.id:
                    continue
                ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
                texts = entry.string if isinstance(entry.string, tuple) else (entry.string,)
                strings[lang] += texts
                if lang == "it":
                    strings["en"] += ids
    found = {}
    for lang, texts in strings.items():
        pieces = set()
        for text in texts:
            for piece in _PLACEHOLDER.split(text):
                piece = _SPACES.sub(" ", piece).strip(" .,:;()·→=+–-\"'«»„“")
                if len(piece.split()) >= 3:
                    pieces.add(piece)
        found[lang] = pieces
    return found


def foreign_sentences(text: str, lang: str) -> list[str]:
    """Sentences of another language's catalogue that appear in ``text``, a page in ``lang``."""
    own = sentences()[lang]
    text = _SPACES.sub(" ", text)
    hits = []
    for other in LANGUAGES:
        if other == lang:
            continue
        for piece in sentences()[other]:
            found = piece in text and re.search(rf"(?<!\w){re.escape(piece)}(?!\w)", text)
            if found and not any(piece in mine for mine in own):  # whole words: "von X" is not "on X"
                at = found.start()
                hits.append(f"{other}: {piece!r} in …{text[max(0, at - 60):found.end() + 60]}…")
    return hits


#: Opens every fold of a page (the log, the board, score details), as a curious player would.
OPEN_FOLDS = "() => document.querySelectorAll('details').forEach(d => { d.open = true; })"


def check_languages(pages: dict) -> None:
    """Every page says ``<html lang>`` truly and shows no sentence of another language,
    with every fold opened."""
    for lang, page in pages.items():
        assert page.locator("html").get_attribute("lang") == lang
        page.evaluate(OPEN_FOLDS)
        hits = foreign_sentences(page.locator("body").inner_text(), lang)
        assert not hits, f"the {lang} page shows: {hits}"


def post_until(done, now, choose, apply, post, pages, quietly: bool) -> int:
    """Post ``choose(state) -> (seat, action)`` moves until ``done(state)`` holds (``now()``
    reads the table: state and move count); with ``quietly`` the pages are away until the
    move that makes it hold. The move count after."""
    state, seq = now()
    last = None
    with away(pages) if quietly else nullcontext():
        while not done(state):
            seat, action = choose(state)
            if quietly and done(apply(state, seat, action)):
                last = seat, action
                break
            post(seat, action, seq)
            state, seq = now()
    if last:
        post(*last, seq)
        seq += 1
    return seq


class Table:
    """The pages by language, the store, and moves made by tapping or by posting."""

    def __init__(self, server, table_id, host, phones):
        self.store, self.table_id, self.host, self.phones = Store(str(server.db)), table_id, host, phones
        self.base, self.config = server.url, self.store.table(table_id).config
        self.ui = fifth_avenue_ui
        self.rng = random.Random(13)

    @property
    def pages(self) -> dict:
        return {"en": self.host, **{lang: page for lang, (seat, page) in self.phones.items()}}

    def state(self):
        """The state after the stored events, and how many there are (folded on from the last call)."""
        events = self.store.events(self.table_id)
        state, count = getattr(self, "_folded", None) or (engine.setup(self.config), 0)
        state = state_after(engine, state, events[count:])
        self._folded = (state, len(events))
        return state, len(events)

    def page_of(self, seat):
        return self.host if seat == TABLE else next(p for s, p in self.phones.values() if s == seat)

    def choose(self, state, seat) -> dict:
        """A legal move, steering towards the end: shops first, passes in auctions."""
        if seat == TABLE:
            return random_action(state, seat, self.rng)
        tries = [random_action(state, seat, self.rng) for _ in range(40)]
        return min(tries, key=lambda a: PREFERRED.index(a["type"]) if a["type"] in PREFERRED else len(PREFERRED))

    def tap(self) -> None:
        """The next move, tapped on the acting phone."""
        state, seq = self.state()
        seat = sorted(engine.to_act(state))[0]
        perform(self.page_of(seat), self.choose(state, seat))
        wait_for_move(self.pages.values(), seq + 1, MOVE_TIMEOUT)

    def post(self, seat, action, seq):
        page = self.page_of(seat)
        path = "table-act" if seat == TABLE else "act"
        answer = post_as(page.context, f"{self.base}t/{self.table_id}/{path}",
                         {"seq": seq, **form_fields(self.ui, action)}, {"HX-Request": "true"})
        assert answer.status < 400, f"{seat} {action}: {answer.status} {answer.text()[:300]}"

    def play_until(self, done, quietly: bool = False) -> None:
        """Post moves until ``done(state)`` holds; every page then shows the last one. With
        ``quietly`` the pages are away until that last move."""
        def choose(state):
            seat = sorted(engine.to_act(state))[0]
            return seat, self.choose(state, seat)
        seq = post_until(done, self.state, choose, engine.apply, self.post, self.pages.values(), quietly)
        wait_for_move(self.pages.values(), seq, MOVE_TIMEOUT)


def scored(state) -> bool:
    return any(e["points"] for e in engine.scores(state)["events"])


def test_an_italian_phone_a_german_phone_and_an_english_table(server, contexts):
    host = contexts("desktop", locale="en-GB").new_page()
    table_id = create_table(host, server.url, names=("Anna", "Bruno"))  # the set-up wizard, in English
    join_url = host.locator("aside.join a.join-url").get_attribute("href")

    # The host may show the table screen in another language than the device's.
    host.locator('form.language button[value="it"]').click()
    expect(host.locator("html")).to_have_attribute("lang", "it")
    expect(host.locator("aside.join")).to_contain_text("Inquadra per entrare")
    host.locator('form.language button[value="en"]').click()
    expect(host.locator("html")).to_have_attribute("lang", "en")

    anna = contexts("phone", locale="it-IT").new_page()  # Italian by its browser
    join(anna, join_url, "Anna")
    bruno = contexts("phone", locale="en-US").new_page()  # German by the switch
    bruno.goto(join_url)
    bruno.locator('form.language button[value="de"]').tap()
    expect(bruno.locator("html")).to_have_attribute("lang", "de")
    join(bruno, join_url, "Bruno")
    game = Table(server, table_id, host, {"it": ("p1", anna), "de": ("p2", bruno)})
    expect(anna.locator("#main")).to_contain_text("Piazza il tuo primo immobile iniziale")
    check_languages(game.pages)

    # Moves tapped on the phones: the initial buildings and the first turn.
    for _ in range(7):
        game.tap()
    check_languages(game.pages)
    expect(host.locator(".log li").first).not_to_be_empty()

    _refusal(game)

    game.play_until(scored, quietly=True)  # the pushes were seen above
    expect(host.locator("section.scores")).not_to_contain_text("No points scored yet.")
    check_languages(game.pages)

    game.play_until(engine.is_over, quietly=True)
    expect(host.locator(".turn-status h2")).to_have_text("The game is over.")
    expect(anna.locator("#main h1.turn-banner")).to_have_text("Partita finita")  # phones: the banner says it
    expect(bruno.locator("#main h1.turn-banner")).to_have_text("Spiel vorbei")
    expect(anna.locator("#final-title")).to_have_text("Risultato finale")
    expect(bruno.locator("#final-title")).to_have_text("Endergebnis")
    check_languages(game.pages)


def _refusal(game: Table) -> None:
    """A shop sent to a lot that holds buildings: the phone shows the refusal, with its
    rule, in its own language (the option is added by hand, as a stale page might hold it)."""
    game.play_until(lambda state: state["phase"] == "choose")
    state, seq = game.state()
    seat = state["active"]
    page = game.page_of(seat)
    lang = next(lang for lang, (s, _) in game.phones.items() if s == seat)
    built = next(f"{q}:{lot['color']}" for q, data in state["quarters"].items()
                 for lot in data["lots"] if lot["buildings"])
    form = page.locator("#main form.act-place_shop")
    form.locator("details.choice-step").evaluate("d => d.open = true")  # the choice first: B opens its fold
    form.locator('select[name="spot"]').evaluate(
        "(select, spot) => { select.add(new Option(spot, spot)); select.value = spot; }", built)
    form.locator("button.primary").tap()
    message = page.locator("#main .message.refused[role=alert]")
    expect(message).to_contain_text("FA-SH-2")
    expect(message).to_contain_text({"it": "negozi e immobili", "de": "Geschäfte teilen nie"}[lang])
    assert seq_of(page) == seq  # nothing changed
    check_languages(game.pages)


# Palazzo, New York and Manhattan ---------------------------------------------------------

@cache
def translated(msgid: str, lang: str) -> str:
    """``msgid`` as the ``lang`` catalogue says it (English as it is)."""
    if lang == "en":
        return msgid
    with open(CATALOGUES / lang / "LC_MESSAGES" / "messages.po", "rb") as po:
        return read_po(po, locale=lang)[msgid].string


@dataclass(frozen=True)
class Rules:
    """One game as this test plays it: its wizard's fields, how a phone taps a move (when
    a driver of the game-night tests does it without reading a label), and the refusal:
    ``refused(state, seat)`` gives an illegal action of the seat due, or None for not now."""
    key: str
    engine: ModuleType
    ui: ModuleType
    form: dict
    tap: Callable
    refused: Callable
    rule: str


class Night:
    """The pages by language, the engine's picture from the stored events, moves tapped
    or posted from the acting device."""

    def __init__(self, server, rules: Rules, table_id: str, host, phones: dict):
        self.server, self.rules, self.table_id, self.host = server, rules, table_id, host
        self.phones = phones  # lang -> (seat, page)
        self.store = Store(str(server.db))
        self.config = self.store.table(table_id).config
        self.playout = import_module(f"{rules.engine.__name__}.playout")
        self.rng = random.Random(13)

    @property
    def pages(self) -> dict:
        return {"en": self.host, **{lang: page for lang, (seat, page) in self.phones.items()}}

    @property
    def by_seat(self) -> dict:
        return {seat: page for seat, page in self.phones.values()}

    def state(self):
        """The state after the stored events, and how many there are (folded on from the last call)."""
        events = self.store.events(self.table_id)
        state, count = getattr(self, "_folded", None) or (self.rules.engine.setup(self.config), 0)
        state = state_after(self.rules.engine, state, events[count:])
        self._folded = (state, len(events))
        return state, len(events)

    def due(self, state) -> str:
        return sorted(self.rules.engine.to_act(state))[0]

    def page_of(self, seat):
        return self.host if seat == TABLE else self.by_seat[seat]

    def url(self, seat) -> str:
        return f"{self.server.url}t/{self.table_id}/{'table-act' if seat == TABLE else 'act'}"

    def post(self, seat, action, seq) -> None:
        answer = post_as(self.page_of(seat).context, self.url(seat), {"seq": seq, **form_fields(self.rules.ui, action)},
                         {"HX-Request": "true"})
        assert answer.status < 400, f"{seat} {action}: {answer.status} {answer.text()[:300]}"

    def play(self, moves: int) -> int:
        """``moves`` moves, each tapped on the phone due if a driver can, else posted;
        returns how many were tapped."""
        tapped = 0
        for _move in range(moves):
            state, seq = self.state()
            if self.rules.engine.is_over(state):
                break
            seat = self.due(state)
            action = self.playout.random_action(state, seat, self.rng)
            if seat != TABLE and self.rules.tap(self, seat, action):
                tapped += 1
            else:
                self.post(seat, action, seq)
            wait_for_move(self.pages.values(), seq + 1, MOVE_TIMEOUT)
        return tapped

    def play_until(self, done, quietly: bool = False) -> None:
        """Post random legal moves until ``done(state)`` holds; every page then shows the
        last one. With ``quietly`` the pages are away until that last move."""
        def choose(state):
            seat = self.due(state)
            return seat, self.playout.random_action(state, seat, self.rng)
        seq = post_until(done, self.state, choose, self.rules.engine.apply, self.post, self.pages.values(), quietly)
        wait_for_move(self.pages.values(), seq, MOVE_TIMEOUT)

    def refusal(self) -> None:
        """Play on until a phone is due and the game has a refusal for it; that phone
        sends it from a tampered form of its page (through htmx, as the page's own forms
        do). The refusal shows there in the phone's language with its rule; nothing changes."""
        while True:
            state, seq = self.state()
            seat = self.due(state)
            action = self.rules.refused(state, seat) if seat in self.by_seat else None
            if action is not None:
                break
            self.play_until(lambda s, seq=seq: len(self.store.events(self.table_id)) > seq)
        try:
            self.rules.engine.apply(state, seat, action)
            raise AssertionError(f"{action} is legal")
        except IllegalAction as error:
            assert error.rule == self.rules.rule, error.rule
            english_message = english(error.text)
        page = self.page_of(seat)
        fields = [["seq", str(seq)], *([k, str(v)] for k, values in form_fields(self.rules.ui, action).items()
                                       for v in (values if isinstance(values, list) else [values]))]
        page.locator("#main form.act").first.evaluate(TAMPER, fields)
        # a form made up this way names no form of its own: the refusal may show beside each
        # form of its type
        message = page.locator("#main .message.refused").first
        expect(message).to_contain_text(self.rules.rule)
        assert english_message not in message.inner_text(), message.inner_text()
        assert seq_of(page) == seq and self.state()[1] == seq  # nothing changed
        check_languages(self.pages)


#: Empties a form of the page but for the place of its answer (``.reply``), fills it with
#: ``fields`` as hidden inputs and submits it.
TAMPER = """(form, fields) => {
    form.replaceChildren(form.querySelector(".reply"));
    for (const [name, value] of fields) {
        const input = document.createElement("input");
        Object.assign(input, {type: "hidden", name, value});
        form.append(input);
    }
    const send = document.createElement("button");
    send.className = "tampered";
    form.append(send);
    send.click();
}"""


def _pz_tap(night: Night, seat: str, action: dict) -> bool:
    """Palazzo: a build, a single card picked, a pass or an auction, tapped."""
    kind, phone = action["type"], night.by_seat[seat]
    if kind == "build":
        pz.build(action["tile"], action["to"])(phone)
    elif kind == "pick" and len(action["cards"]) == 1:
        pz.pick(action["cards"])(phone)
    elif kind == "pass":
        pz.pass_bid(phone)
    elif kind == "auction" and "quarry" not in action:
        pz.auction(phone)
    else:
        return False
    return True


def _pz_refused(state, seat) -> dict | None:
    """Palazzo: at the start of a turn, money taken with one card too many (PZ-T-1)."""
    actions = {a["type"]: a for a in pz_engine.legal(state, seat)["actions"]}
    if "take_money" not in actions:
        return None
    offer = actions["take_money"]
    return {"type": "take_money", "cards": offer["cards"][:offer["count"] + 1]}


def _ny_tap(night: Night, seat: str, action: dict) -> bool:
    """New York: money taken by ticking its cards in the phone's money form."""
    if action["type"] != "take_money":
        return False
    form = night.by_seat[seat].locator("#main form.act-take_money")
    for card in action["cards"]:
        ny.tick(form, "card", card_field(card))
    form.locator("button.primary").tap()  # "Take the cards ticked", in the phone's language
    return True


def _ny_refused(state, seat) -> dict | None:
    """New York: a tile bought with money of another colour than its space (NY-T-3)."""
    buys = [a for a in ny_engine.legal(state, seat)["actions"] if a["type"] == "buy"]
    if not buys:
        return None
    space = buys[0]["space"]
    other = next(bank for bank in ("blue", "green", "yellow", "red") if bank != space)
    return {"type": "buy", "space": space, "pay": [[other, 1]]}


def _mh_tap(night: Night, seat: str, action: dict) -> bool:
    """Manhattan: a building placed by tapping its card, its city and its piece."""
    if action["type"] != "place":
        return False
    mh_night = mh.Night(night.server, night.table_id, night.host, night.by_seat)
    form = mh_night.choose(seat, tuple(action["card"]), action["city"])
    form.locator(f'button.mh-piece[value="{action["colour"]}-{action["height"]}"]').tap()
    return True


def _mh_refused(state, seat) -> dict | None:
    """Manhattan: the round's pieces picked one short (a pick of a single piece)."""
    picks = [a for a in mh_engine.legal(state, seat)["actions"] if a["type"] == "pick"]
    if not picks:
        return None
    return {"type": "pick", "colour": picks[0]["colour"], "heights": [1]}


GAMES = {
    "palazzo": Rules("palazzo", pz_engine, pz_ui, pz_form(names=("Anna", "Bruno"), hands="private"),
                     _pz_tap, _pz_refused, "PZ-T-1"),
    "new_york": Rules("new_york", ny_engine, ny_ui, ny_form(ny_config(2)), _ny_tap, _ny_refused, "NY-T-3"),
    "manhattan": Rules("manhattan", mh_engine, mh_ui, mh_form(names=("Anna", "Bruno")), _mh_tap, _mh_refused,
                       "MH-T-1"),
}


def scored_any(engine):
    return lambda state: any(any(e["points"].values()) if isinstance(e["points"], dict) else e["points"]
                             for e in engine.scores(state)["events"])


@pytest.mark.parametrize("key", GAMES)
def test_every_game_in_three_languages(server, contexts, key):
    """Palazzo, New York and Manhattan: the wizard and the table screen in English, Anna's
    phone in Italian, Bruno's in German, from the join page through moves (some tapped), a
    refusal, the first points and the end."""
    rules = GAMES[key]
    host = contexts("desktop", locale="en-GB").new_page()
    host.goto(f"{server.url}new/{key}")  # the set-up wizard, in English
    check_languages({"en": host})
    created = host.context.request.post(f"{server.url}new/{key}", data=urlencode(rules.form, doseq=True),
                                        headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert created.ok and "/t/" in created.url, created.text()[:500]
    host.goto(created.url)
    table_id = created.url.rsplit("/", 1)[1]
    join_url = host.locator("aside.join a.join-url").get_attribute("href")

    anna = contexts("phone", locale="it-IT").new_page()  # Italian by its browser
    anna.goto(join_url)
    bruno = contexts("phone", locale="en-US").new_page()  # German by the switch
    bruno.goto(join_url)
    bruno.locator('form.language button[value="de"]').tap()
    expect(bruno.locator("html")).to_have_attribute("lang", "de")
    check_languages({"it": anna, "de": bruno})  # the join page
    join(anna, join_url, rules.form["name_1"])
    join(bruno, join_url, rules.form["name_2"])
    night = Night(server, rules, table_id, host, {"it": ("p1", anna), "de": ("p2", bruno)})
    check_languages(night.pages)

    assert night.play(12) > 0, "no move was tapped"
    check_languages(night.pages)
    expect(host.locator(".log li").first).not_to_be_empty()

    night.refusal()

    night.play_until(scored_any(rules.engine), quietly=True)  # the pushes were seen above
    check_languages(night.pages)

    night.play_until(rules.engine.is_over, quietly=True)
    for lang, page in night.pages.items():
        expect(page.locator("#main")).to_contain_text(translated("The game is over.", lang))
    check_languages(night.pages)
