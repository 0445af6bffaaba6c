"""Three languages at one table, in a real Chromium: the Italian phone, the German phone
and the English table screen each read the whole game in their own language, through
the set-up, moves, a refusal, a scoring and the end.

"Their own language" is checked against the catalogues, not a hand-made list: every
sentence of another language's catalogue (a msgid for English, a msgstr for Italian and
German; split at its placeholders, fragments of three words or more) that the page's own
language does not share must be absent from the page's visible text.

The phones tap their first moves; the rest of the game is posted through the same forms
from each device's own cookies (the pages stay open and live, and must show every move).
"""

import random
import re
from functools import cache
from urllib.parse import urlencode
from pathlib import Path

from babel.messages.pofile import read_po
from playwright.sync_api import expect

from companion.engines import TABLE
from companion.engines import fifth_avenue as engine
from companion.engines.fifth_avenue.playout import random_action
from companion.store import Store
from companion.web.games import fifth_avenue as fifth_avenue_ui
from companion.web.games import form_fields

from .ui import create_table, join, perform, seq_of, wait_for_move

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
            if piece in text and not any(piece in mine for mine in own):
                hits.append(f"{other}: {piece}")
    return hits


def check_languages(pages: dict) -> None:
    """Every page says ``<html lang>`` truly and shows no sentence of another language."""
    for lang, page in pages.items():
        assert page.locator("html").get_attribute("lang") == lang
        hits = foreign_sentences(page.locator("body").inner_text(), lang)
        assert not hits, f"the {lang} page shows: {hits}"


class Table:
    """The pages by language, the store, and moves made by tapping or by posting."""

    def __init__(self, server, table_id, host, phones):
        self.store, self.table_id, self.host, self.phones = Store(str(server.db)), table_id, host, phones
        self.config = self.store.table(table_id).config
        self.ui = fifth_avenue_ui
        self.rng = random.Random(13)

    @property
    def pages(self) -> dict:
        return {"en": self.host, **{lang: page for lang, (seat, page) in self.phones.items()}}

    def state(self):
        events = self.store.events(self.table_id)
        state = engine.setup(self.config)
        for event in events:
            state = engine.apply(state, event.seat, event.action)
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
        body = urlencode({"seq": seq, **form_fields(self.ui, action)}, doseq=True)  # repeated fields too
        answer = page.context.request.post(
            f"{self.host.url.split('/t/')[0]}/t/{self.table_id}/{path}", data=body,
            headers={"HX-Request": "true", "Content-Type": "application/x-www-form-urlencoded"})
        assert answer.ok, f"{seat} {action}: {answer.status} {answer.text()[:300]}"

    def play_until(self, done) -> None:
        """Post moves until ``done(state)`` holds; every page then shows the last one."""
        state, seq = self.state()
        while not done(state):
            seat = sorted(engine.to_act(state))[0]
            self.post(seat, self.choose(state, seat), seq)
            state, seq = self.state()
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

    game.play_until(scored)
    expect(host.locator("section.scores")).not_to_contain_text("No points scored yet.")
    check_languages(game.pages)

    game.play_until(engine.is_over)
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
