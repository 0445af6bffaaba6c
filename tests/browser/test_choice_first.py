"""The choice first, the picture when needed: a turn's actions fit a phone's screen
without scrolling; the board opens only for the action that picks a lot (item 3)."""

from playwright.sync_api import expect

from .conftest import PHONE
from .night import fast_forward, seated

HEIGHT = PHONE["viewport"]["height"]


def test_the_turns_choices_fit_the_screen(server, contexts):
    game = seated(server, contexts)
    fast_forward(game, lambda state, seat: state["phase"] == "choose")
    anna = game.phones["p1"]
    turn = anna.locator("#main section.turn")
    choices = {"A": turn.locator("form.act-take_buildings button"),
               "B": turn.locator("form.act-place_shop summary"),
               "C": turn.locator("form.act-take_black button")}
    for letter, choice in choices.items():
        expect(choice).to_contain_text(f"{letter} · ")
        box = choice.bounding_box()
        assert box["y"] + box["height"] <= HEIGHT, f"{letter} is below the fold"
    assert anna.evaluate("window.scrollY") == 0
    expect(turn.locator("svg.pick-ring").first).to_be_hidden()
    expect(turn.locator("h2")).to_have_text(
        "Choose your action: A take 3 buildings, B place a shop, C draw a black card.")
    expect(turn.locator("form.act-score_quarter")).to_have_count(0)  # no commission in a quarter yet

    choices["B"].tap()  # the board appears for picking B's lot
    expect(turn.locator("svg.pick-ring").first).to_be_visible()
    expect(turn.locator('form.act-place_shop input[name="shop"]').first).to_be_visible()
