"""What a person typed, ticked or counted stays: through a wizard's "draw for me" button
and through a refusal (the refusal is worded for the move refused)."""

import re

from playwright.sync_api import expect


def test_palazzo_draws_the_set_up_tiles_and_keeps_what_was_typed(server, contexts):
    page = contexts("desktop").new_page()
    page.goto(server.url + "new/palazzo")
    form = page.locator("form.setup")
    form.locator('input[name="title"]').fill("Friday")
    for i, name in enumerate(("Anna", "Ben", "Cleo"), 1):
        form.locator(f'input[name="name_{i}"]').fill(name)
    form.locator('select[name="colour_2"]').select_option("green")
    form.locator('input[name="start"][value="p3"]').check()
    form.locator('input[name="bidding"][value="sealed"]').check()
    form.locator('input[name="draws"][value="server"]').check()
    form.locator('input[name="profile_name"]').fill("Friday group")

    page.get_by_role("button", name="Draw the set-up tiles for me").click()
    for field in ("supply", "quarry_0", "quarry_1", "quarry_2", "quarry_3"):
        expect(page.locator(f'select[name="{field}"]')).to_have_value(re.compile(r"^[bsm][1-5]w[1-3]$"))
    expect(form.locator('input[name="title"]')).to_have_value("Friday")
    expect(form.locator('input[name="name_3"]')).to_have_value("Cleo")
    expect(form.locator('select[name="colour_2"]')).to_have_value("green")
    expect(form.locator('input[name="start"][value="p3"]')).to_be_checked()
    expect(form.locator('input[name="bidding"][value="sealed"]')).to_be_checked()
    expect(form.locator('input[name="draws"][value="server"]')).to_be_checked()
    expect(form.locator('input[name="profile_name"]')).to_have_value("Friday group")
    page.get_by_role("button", name="Create the table").click()
    expect(page).to_have_url(re.compile(r"/t/[\w-]+$"))
