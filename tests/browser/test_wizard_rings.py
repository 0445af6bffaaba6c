"""A first night's set-up without friction (items 14 and 15): the ring colours are
tapped in ring order with the picture following; "Draw the shops for me" keeps what was
typed; a wrong ring is refused in words."""

import re

from playwright.sync_api import expect

from tests.web.conftest import LOTS, QUARTERS


def test_tap_the_rings_then_draw_the_shops_and_keep_everything(server, contexts):
    page = contexts("phone").new_page()
    page.goto(server.url + "new/fifth_avenue")
    form = page.locator("form.setup")
    for i, name in enumerate(("Anna", "Ben", "Cleo"), 1):
        form.locator(f'input[name="name_{i}"]').fill(name)
    for q in QUARTERS:
        ring = form.locator(f'[data-ring="{q}"]')
        for colour in LOTS:
            ring.locator(f'.ring-tap[data-colour="{colour}"]').tap()
        expect(ring.locator(".ring-tap").first).to_be_disabled()  # each colour goes once
    expect(form.locator('[data-ring="52e"] [data-slot="1"]')).to_have_class("fa-lot lot-green")
    expect(form.locator('select[name="ring_52e_4"]')).to_have_value("violet")

    form.get_by_role("button", name="Draw the shops for me").tap()
    expect(page.locator('select[name="display_20"]')).not_to_have_value("")
    expect(page.locator('input[name="name_2"]')).to_have_value("Ben")
    expect(page.locator('select[name="ring_ts_2"]')).to_have_value("grey")
    expect(page.locator('[data-ring="ts"] [data-slot="2"]')).to_have_class("fa-lot lot-grey")
    page.get_by_role("button", name="Create the table").tap()
    expect(page).to_have_url(re.compile(r"/t/[\w-]+$"))


def test_a_wrong_ring_is_refused_in_words(server, contexts):
    page = contexts("desktop").new_page()
    page.goto(server.url + "new/fifth_avenue")
    from tests.web.conftest import fa_form

    form = fa_form() | {"ring_52e_0": "green"}  # green twice, orange missing
    answer = page.request.post(server.url + "new/fifth_avenue", form=form)
    assert answer.status == 400
    assert "52nd Street East: green appears twice and orange is missing." in answer.text()
    assert "rings.52e" not in answer.text()
