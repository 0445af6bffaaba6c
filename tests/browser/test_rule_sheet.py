"""Ask from where you are: a rule chip beside a refusal opens its rule in a sheet over the
page (in the phone's language, with its related rules, which open in the same sheet), and
closing the sheet leaves the page as it was, ticks included. The chip stays a link to the
rules page for a browser without scripts."""

import re

from playwright.sync_api import expect

from companion import rules

from .night import seated, take_three_cards
from .test_accessibility import serious_findings

#: How far the sheet reaches past the screen's edges, and whether anything scrolls sideways.
FITS = """() => {
    const sheet = document.getElementById('rule-sheet').getBoundingClientRect();
    return {left: sheet.left, right: sheet.right - innerWidth, top: sheet.top, bottom: sheet.bottom - innerHeight,
            sideways: document.documentElement.scrollWidth > innerWidth
                      || document.getElementById('rule-sheet').scrollWidth > document.getElementById('rule-sheet').clientWidth};
}"""


def words(game: str, lang: str, rule_id: str) -> str:
    """The first words of a rule's text as the sheet shows them (before any mark-up)."""
    return re.split(r"[*`]", rules.load(game, lang).rule(rule_id).text)[0][:50].strip()


def test_a_refusals_rule_opens_over_the_page_and_the_ticks_stay(server, contexts):
    def italian_phones(kind, **options):
        return contexts(kind, **({"locale": "it-IT"} if kind == "phone" else {}), **options)

    game = seated(server, italian_phones)
    anna, form = take_three_cards(game)
    boxes = form.locator('input[name="color"]')

    chip = anna.locator("#main .message.refused a.rule")
    expect(chip).to_have_text("FA-T-2")
    expect(chip).to_have_attribute("href", "/rules/fifth_avenue#FA-T-2")  # a plain link without scripts
    chip.scroll_into_view_if_needed()
    where, scrolled, pages = anna.url, anna.evaluate("scrollY"), len(anna.context.pages)

    chip.tap()
    sheet = anna.locator("dialog#rule-sheet")
    expect(sheet).to_be_visible()
    assert anna.evaluate("document.getElementById('rule-sheet').open && document.querySelector('#rule-sheet:modal') !== null")
    expect(sheet.locator("h2")).to_contain_text("FA-T-2")
    expect(sheet.locator(".rule-sheet-text")).to_contain_text(words("fifth_avenue", "it", "FA-T-2"))
    expect(sheet.locator("h3")).to_have_text("Regole collegate")
    expect(sheet.get_by_role("button", name="Chiudi")).to_be_in_viewport()
    fit = anna.evaluate(FITS)
    assert fit["left"] >= 0 and fit["right"] <= 0 and fit["top"] >= 0 and fit["bottom"] <= 0, fit
    assert not fit["sideways"], "the sheet scrolls sideways on a phone"
    found = serious_findings(anna)
    assert found == [], "\n".join(found)

    # A related rule opens in the same sheet.
    related = sheet.locator(".rule-sheet-related a.rule", has_text="FA-T-3")
    expect(related).to_have_attribute("href", "/rules/fifth_avenue#FA-T-3")
    related.tap()
    expect(sheet.locator("h2")).to_contain_text("FA-T-3")
    expect(sheet.locator(".rule-sheet-text")).to_contain_text(words("fifth_avenue", "it", "FA-T-3"))
    expect(anna.locator("dialog")).to_have_count(1)

    sheet.get_by_role("button", name="Chiudi").tap()
    expect(sheet).to_be_hidden()
    assert anna.url == where and len(anna.context.pages) == pages, "the chip left the page"
    assert abs(anna.evaluate("scrollY") - scrolled) <= 1, "closing the sheet moved the page"
    for i in range(3):
        expect(boxes.nth(i)).to_be_checked()
    expect(chip).to_have_text("FA-T-2")

    # Esc closes it too (the dialog's own), and the ticks are still there.
    chip.tap()
    expect(sheet.locator("h2")).to_contain_text("FA-T-2")
    anna.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    for i in range(3):
        expect(boxes.nth(i)).to_be_checked()
