"""Whose turn, at once: the phone whose turn it is says so at its top; the others say
whom the table waits for (item 2 of the game-night issue)."""

import re

from playwright.sync_api import expect

from .night import seated


def test_the_acting_phone_says_your_turn(server, contexts):
    game = seated(server, contexts)
    anna, ben = game.phones["p1"], game.phones["p2"]
    banner = anna.locator("#main h1.turn-banner")
    expect(banner).to_have_text("Your turn")
    expect(banner).to_be_in_viewport()
    expect(anna.locator("#main")).not_to_contain_text("Waiting for Anna")
    expect(anna).to_have_title(re.compile(r"^\u25cf Your turn · "))
    expect(ben.locator("#main h1.turn-banner")).to_have_text("Waiting for Anna")
    expect(ben).not_to_have_title(re.compile("Your turn"))

    game.step()  # Anna places her first building; Cleo places next (snake order)
    expect(anna.locator("#main h1.turn-banner")).to_have_text("Waiting for Cleo")
    expect(game.phones["p3"].locator("#main h1.turn-banner")).to_have_text("Your turn")
