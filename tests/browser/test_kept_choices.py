"""What a person typed, ticked or counted stays: through a wizard's "draw for me" button
and through a refusal (the refusal is worded for the move refused)."""

import re

from playwright.sync_api import expect

from tests.web.manhattan import NAMES as MH_NAMES
from tests.web.manhattan import mh_form
from tests.web.palazzo_setup import pz_form

from .every_game import Table
from .ui import wait_for_move

NAMES = ("Anna", "Ben", "Cleo", "Dario")


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


def test_palazzo_a_refused_pick_keeps_the_ticks_and_says_take(server, contexts):
    table = Table(server, contexts, "palazzo", pz_form(NAMES[:3]))
    table.play_until(lambda state: state["phase"] == "pick" and len(state["reveal"]["cards"]) >= 3
                     and state["reveal"]["order"][0] == state["active"])
    phone = table.phones[table.state()["active"]]
    wait_for_move([phone], len(table.events()))
    form = phone.locator("#main form.act-pick")
    boxes = form.locator('input[name="card"]')
    for i in range(3):  # a player taps the card's pill
        boxes.nth(i).locator("xpath=ancestor::label[1]").tap()
        expect(boxes.nth(i)).to_be_checked()
    form.get_by_role("button", name="Take them").tap()
    refusal = form.locator(".message.refused")
    expect(refusal).to_contain_text("Take exactly 2 cards; you took 3.")
    for i in range(3):
        expect(boxes.nth(i)).to_be_checked()
    expect(boxes.nth(3)).not_to_be_checked()


def test_manhattan_a_refused_pick_keeps_the_counters(server, contexts):
    table = Table(server, contexts, "manhattan", mh_form(MH_NAMES[:3]))
    seat = table.until_a_player_is_due()
    phone = table.phones[seat]
    form = phone.locator("#main form.mh-pick")
    count = int(form.locator(".mh-total").get_attribute("data-count"))
    plus = form.locator(".mh-stepper:not(.mh-dim) .mh-plus")
    for _ in range(count - 1):  # one piece short
        plus.first.tap() if plus.first.is_enabled() else plus.last.tap()
    expect(form.locator(".mh-total output")).to_have_text(str(count - 1))
    chosen = [form.locator(f'input[name="n_{h}"]').input_value() for h in (1, 2, 3, 4)]
    form.get_by_role("button", name="Take these pieces").tap()
    expect(form.locator(".message.refused")).to_be_visible()
    assert [form.locator(f'input[name="n_{h}"]').input_value() for h in (1, 2, 3, 4)] == chosen
    expect(form.locator(".mh-total output")).to_have_text(str(count - 1))
