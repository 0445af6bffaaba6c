"""Refusals where the eye is: a refused move shows its reason beside the button that
sent it (in view), with its rule, and keeps every tick the player made (item 1)."""

from playwright.sync_api import expect

from .night import seated, take_three_cards


def test_a_refusal_shows_beside_the_button_and_keeps_the_ticks(server, contexts):
    game = seated(server, contexts)
    anna, form = take_three_cards(game)
    boxes = form.locator('input[name="color"]')

    refusal = anna.locator("#main .message.refused")
    expect(refusal).to_contain_text("not 3")
    expect(refusal).to_be_in_viewport()
    expect(refusal.locator("a.rule")).to_have_text("FA-T-2")
    near = anna.evaluate("""() => {
        const m = document.querySelector('#main .message.refused').getBoundingClientRect();
        const b = document.querySelector('#main form.act-take_colored button.primary').getBoundingClientRect();
        return Math.abs(m.top - b.bottom) < 200 || Math.abs(b.top - m.bottom) < 200;
    }""")
    assert near, "the refusal is far from the button that sent the move"
    for i in range(3):
        expect(boxes.nth(i)).to_be_checked()
    # Fixing the choice and sending again works, and the refusal goes away.
    boxes.nth(2).uncheck()
    form.get_by_role("button", name="Take the cards").tap()
    expect(anna.locator("#main .message.refused")).to_have_count(0)
    expect(anna.locator("#main form.act-take_colored")).to_have_count(0)
