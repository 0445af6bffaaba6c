"""The platform in a real browser, on the toy game: the host sets a table up, two phones
join by its link, choose secrets at the same time, the host enters the table's roll, and
the phones play the complete actions legal() offers until the game ends. Every page
follows every move over its socket."""

import re

from playwright.sync_api import expect

from .ui import join, join_url_of, wait_for_move


def create_toy(page, base_url: str, names=("Anna", "Ben")) -> str:
    page.goto(base_url + "new/toy")
    for i, name in enumerate(names, 1):
        page.get_by_label(f"Player {i} name").fill(name)
    page.get_by_role("button", name="Create the table").click()
    expect(page).to_have_url(re.compile(r"/t/[\w-]+$"))
    return page.url.rsplit("/", 1)[1]


def choose_secret(phone, n: int) -> None:
    form = phone.locator("#main form.act-secret")
    form.get_by_label("secret number").fill(str(n))
    form.get_by_role("button", name="Choose").tap()


def test_a_toy_game_from_set_up_to_the_end(server, contexts):
    host = contexts("desktop").new_page()
    create_toy(host, server.url)
    anna, ben = contexts("phone").new_page(), contexts("phone").new_page()
    join(anna, join_url_of(host), "Anna")
    join(ben, join_url_of(host), "Ben")
    pages = [host, anna, ben]

    # Secrets at the same time: each phone shows its own, nobody else's.
    choose_secret(anna, 7)
    wait_for_move(pages, 1)
    expect(anna.locator('.secrets li[data-seat="p1"]')).to_have_attribute("data-secret", "7")
    for page in (host, ben):
        expect(page.locator(".log li").first).to_have_text("Anna chose a secret number.")
        expect(page.locator('.secrets li[data-seat="p1"]')).to_contain_text("secret in")
        expect(page.locator("[data-secret]")).to_have_count(0)
    choose_secret(ben, 3)
    wait_for_move(pages, 2)
    expect(host.locator("[data-secret]")).to_have_count(2)  # revealed once all are in

    # The table's roll: only the host's screen asks for it.
    expect(anna.locator(".turn-status h2")).to_have_text("Waiting for the table")
    roll = host.locator("#main form.table-input-roll")
    roll.get_by_label("die").fill("4")
    roll.get_by_role("button", name="Enter").click()
    wait_for_move(pages, 3)

    # Turns: the buttons post legal()'s complete actions; a blocked one says why.
    expect(anna).to_have_title(re.compile("^\u25cf "))
    anna.get_by_role("button", name="Add 2").tap()
    wait_for_move(pages, 4)
    expect(ben.locator("#main form.act-add button")).to_have_text(["Add 1", "Add 3"])
    ben.locator("details.blocked summary").tap()
    expect(ben.locator("details.blocked li")).to_contain_text("Not 2: the player before you added 2.")
    expect(ben.locator("details.blocked a.rule")).to_have_attribute("href", "/rules/toy#TOY-5")
    seq = 4
    while True:
        counter = int(host.locator(".toy-board").get_attribute("data-counter"))
        if counter >= 15:
            break
        phone = ben if seq % 2 == 0 else anna  # Anna made move 4, Ben makes move 5, ...
        expect(phone.locator("#moment")).to_have_attribute("data-my-turn", "1")
        phone.locator("#main form.act-add button").first.tap()
        seq += 1
        wait_for_move(pages, seq)
    expect(host.locator(".turn-status h2")).to_have_text("The game is over.")
    for phone in (anna, ben):
        expect(phone.locator(".status strong")).to_have_text("Game over")
        expect(phone.locator("#main form.act-add")).to_have_count(0)
