"""What people do in the browser: the host's set-up wizard, joining by the QR code's
link, and an engine action performed by tapping the phone's own forms."""

import http.client
import re
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit

from playwright.sync_api import Page, expect

from tests.web.conftest import fa_form

RADIOS = ("start", "auctions", "hands")


def create_table(page: Page, base_url: str, names=("Anna", "Ben", "Cleo"), **options) -> str:
    """From the home page, fill the Fifth Avenue wizard as ``fa_form`` does; the table's id."""
    page.goto(base_url)
    page.locator("ul.games a.button", has_text="Fifth Avenue").click()
    expect(page.get_by_role("heading", name="New table: Fifth Avenue")).to_be_visible()
    form = page.locator("form.setup")
    for key, value in fa_form(names, **options).items():
        if key == "board":
            continue  # chosen above the form (5 lots by default)
        if key in RADIOS:
            form.locator(f'input[name="{key}"][value="{value}"]').check()
        elif key.startswith(("name_", "title")):
            form.locator(f'input[name="{key}"]').fill(value)
        else:
            form.locator(f'select[name="{key}"]').select_option(value)
    form.get_by_role("button", name="Create the table").click()
    expect(page).to_have_url(re.compile(r"/t/[\w-]+$"))
    return page.url.rsplit("/", 1)[1]


def post_table(context, base_url: str, names=("Anna", "Ben", "Cleo"), **options) -> Page:
    """A table created by posting the wizard's form directly; its table screen, opened."""
    created = context.request.post(f"{base_url}new/fifth_avenue", form=fa_form(names, **options))
    assert created.ok and "/t/" in created.url, created.text()[:500]
    page = context.new_page()
    page.goto(created.url)
    return page


@dataclass(frozen=True)
class Answer:
    status: int
    body: str

    def text(self) -> str:
        return self.body


def post_as(context, url: str, fields: dict, headers: dict | None = None) -> Answer:
    """A form posted with ``context``'s cookies, as its page would, and the answer as it
    came (a redirect is not followed). Over a plain HTTP connection: Playwright's request
    API followed each move's redirect and drew the whole page again, five times the cost
    of the move when a test plays a few hundred to reach the end of a game."""
    where = urlsplit(url)
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in context.cookies(url))
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=30)
    try:
        connection.request("POST", where.path, urlencode(fields, doseq=True),
                           {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookies, **(headers or {})})
        answer = connection.getresponse()
        return Answer(answer.status, answer.read().decode(errors="replace"))
    finally:
        connection.close()


def join_url_of(table: Page) -> str:
    """The address shown under the table screen's QR code."""
    return table.locator("aside.join a.join-url").get_attribute("href")


def join(page: Page, join_url: str, name: str) -> None:
    """Open the QR code's link on a phone and tap one's own name."""
    page.goto(join_url)
    page.get_by_role("button", name=name, exact=True).tap()
    expect(page).to_have_url(re.compile(r"/me$"))
    expect(page.locator("#main .status .me")).to_have_text(name)


def seated_phone(context, join_url: str, seat: str, name: str):
    """A phone's page, seated by posting the join page's form (the join page itself is
    tested on its own: here it would only cost every table four more page loads)."""
    joined = context.request.post(join_url, form={"seat": seat})
    assert joined.ok and joined.url.endswith("/me"), joined.text()[:500]
    page = context.new_page()
    page.goto(joined.url)
    expect(page.locator("#main .status .me")).to_have_text(name)
    return page


@contextmanager
def away(pages):
    """The pages on a blank page meanwhile (their sockets closed), then back where they were.
    Getting a game to its end takes a few hundred moves: with its pages away none of them
    is pushed and drawn, and the test spends its time on what it checks. A page that comes
    back gets its whole picture when its socket opens."""
    where = [(page, page.url) for page in pages]
    for page, _url in where:
        page.goto("about:blank")
    try:
        yield
    finally:
        for page, url in where:
            page.goto(url)


#: An init script: a page counts the pushes it took in and the replies htmx swapped in.
COUNT_SWAPS = """
document.addEventListener("htmx:wsAfterMessage", () => { window.pushes = (window.pushes || 0) + 1; });
document.addEventListener("htmx:afterSwap", () => { window.replies = (window.replies || 0) + 1; });
"""


def pushes(page: Page) -> int:
    """How many pushes a page with COUNT_SWAPS took in."""
    return page.evaluate("window.pushes || 0")


def seq_of(page: Page) -> int:
    return int(page.locator("#moment").get_attribute("data-seq"))


def wait_for_move(pages, seq: int, timeout: float | None = None) -> None:
    """Every page shows move ``seq`` (pushed over its WebSocket, no reload)."""
    for page in pages:
        expect(page.locator("#moment")).to_have_attribute("data-seq", str(seq), timeout=timeout)


def perform(page: Page, action: dict) -> None:
    """Do ``action`` with the phone's action forms, as a player would."""
    kind = action["type"]
    form = page.locator(f"#main form.act-{kind}")
    _open_step(form)
    if kind == "place_initial_building":
        _tap_lot(form, action)  # the form submits itself
    elif kind == "place_shop":
        form.locator(f'input[name="shop"][value="{action["shop"]}"]').check()
        _tap_lot(form, action)
        expect(form.locator('select[name="spot"]')).to_have_value(f"{action['quarter']}:{action['lot']}")
        form.locator("button.primary").tap()  # "Place the shop", in the phone's language
    elif kind == "take_colored":
        for card in action["cards"]:
            form.locator(f'input[name="color"][value="{card["color"]}"]').check()
            if card.get("value") is not None:
                form.locator(f'select[name="value_{card["color"]}"]').select_option(str(card["value"]))
        form.locator("button.primary").tap()  # "Take the cards", in the phone's language
    elif kind == "move_commission":
        form.locator(f'button[name="move"][value="{action["commission"]}:{action["to"]}"]').tap()
    elif kind in ("score_quarter", "choose_color", "build"):
        field, value = {"score_quarter": ("quarter", action.get("quarter")),
                        "choose_color": ("color", action.get("color")),
                        "build": ("count", action.get("count"))}[kind]
        form.locator(f'button[name="{field}"][value="{value}"]').tap()
    elif kind == "bid":  # tap each card laid out; the running total follows
        for card in action["cards"]:
            form.locator(f'.cardtap[data-field="n_{card["color"]}_{card["value"]}"]').tap()
        total = sum(card["value"] for card in action["cards"])
        expect(form.locator(".bid-total output")).to_have_text(str(total))
        form.locator("button.primary").tap()
    elif kind in ("pass", "close_quarter", "take_buildings"):
        form.locator("button").tap()
    else:
        raise AssertionError(f"no phone form for {kind}")


def perform_table(page: Page, action: dict) -> None:
    """The host enters the dummy's black cards, or lets the server draw them (no ``draws``)."""
    form = page.locator("#main form.table-input")
    if action.get("draws"):
        form.locator('input[name="draws"]').fill(" ".join(map(str, action["draws"])))
        form.get_by_role("button", name="Enter").click()
    else:
        form.get_by_role("button", name="Let the server draw").click()


def _open_step(form) -> None:
    """A choice that opens (B's shops and board, D's quarters) is tapped open first."""
    step = form.locator("details.choice-step")
    if step.count() and step.get_attribute("open") is None:
        step.locator("summary").tap()


def _tap_lot(form, action: dict) -> None:
    form.locator(f'g.lot.pickable[data-spot="{action["quarter"]}:{action["lot"]}"]').tap()


def refusal(page: Page) -> str:
    """The refusal message on a page, if any (for failure reports)."""
    message = page.locator("#main .message.refused")
    return message.inner_text() if message.count() else ""
