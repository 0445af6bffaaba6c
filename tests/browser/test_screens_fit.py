"""Screens that must fit what they show: the table screen's refill inputs (New York), the
board's names clear of its boxes (Fifth Avenue), and the final screen on a German phone."""

from playwright.sync_api import expect

from companion.engines import TABLE
from tests.web.conftest import fa_form
from tests.web.new_york import ny_config, ny_form

from .every_game import Table
from .ui import wait_for_move

# Each box's edges in the page, for the tests of what overlaps.
BOXES = """els => els.map(e => { const r = e.getBoundingClientRect();
    return {text: e.textContent.trim(), left: r.left, right: r.right, top: r.top, bottom: r.bottom}; })"""


def overlap(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def test_new_york_refill_fits_the_table_screen(server, contexts):
    table = Table(server, contexts, "new_york", ny_form(ny_config(3, seed=3)))
    table.play_until(lambda state: TABLE in table.engine.to_act(state)
                     and table.engine.legal(state, TABLE)["actions"][0]["type"] == "draw_money")
    host = table.host
    wait_for_move([host], len(table.events()))
    cards = host.locator("#main form.table-input-draw_money")
    for bank in ("blue", "red"):
        for value in (1, 9):
            expect(cards.locator(f'button[value="{bank}:{value}"]')).to_be_in_viewport()
    width = host.viewport_size["width"]
    assert host.evaluate("document.documentElement.scrollWidth") <= width
    for box in cards.locator("button.ny-card").evaluate_all(BOXES):
        assert box["right"] <= width, f"{box['text']} reaches past the screen's right edge"


def test_fifth_avenue_quarter_names_are_clear_of_the_park_and_city_hall(server, contexts):
    table = Table(server, contexts, "fifth_avenue", fa_form())
    board = table.host.locator("#main .fa-map")
    expect(board).to_be_visible()
    names = board.locator("text.fa-qname").evaluate_all(BOXES)
    boxes = board.locator("rect.fa-park, rect.fa-cityhall").evaluate_all(BOXES)
    assert len(names) == 7 and len(boxes) == 2
    for name in names:
        for box in boxes + [n for n in names if n is not name]:
            assert not overlap(name, box), f"{name['text']} overlaps {box['text'] or 'a place box'}"


def test_the_final_screen_fits_a_german_phone_without_an_empty_box(server, contexts):
    table = Table(server, contexts, "fifth_avenue", fa_form(("Anna", "Ben", "Cleo")),
                  locales=("de-DE", "it-IT", "en-GB"))
    table.to_the_end()
    for seat, phone in table.phones.items():
        wait_for_move([phone], len(table.events()))
        final = phone.locator("#main section.final")
        expect(final).to_be_visible()
        box = final.locator(".by-kind-box")
        width, shown = box.evaluate("b => [b.scrollWidth, b.clientWidth]")
        assert width <= shown, f"{seat}'s table of points by kind is cut: {width} px in {shown}"
        # Every bordered box on the phone holds something (the turn's box had nothing left).
        empty = phone.locator("#main").evaluate("""m => [...m.querySelectorAll('section, div, details')]
            .filter(e => e.offsetWidth && parseFloat(getComputedStyle(e).borderTopWidth) > 0 && !e.textContent.trim()
                    && !e.querySelector('svg, img, input, button'))
            .map(e => e.tagName + '.' + e.className)""")
        assert not empty, f"{seat}'s phone shows empty boxes: {empty}"
