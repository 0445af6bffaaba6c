"""Entering an engine action through a page's own forms, for each of the four games, as a
player taps it: cards laid out in Palazzo's payment composer, Manhattan's card, city and
piece and its pick steppers, New York's money cards ticked, Fifth Avenue's lots and
buttons (``ui.perform``), and the button of a complete action.

It works on a phone's turn and on a correction page alike: there the move's form starts
filled in as the move was entered (``static/js/correct.js``), so each control is set to
the action's value (boxes unticked, steppers stepped down, the composer cleared), never
added to what is already there."""

import re
from collections import Counter
from importlib import import_module

from playwright.sync_api import Page, expect
from werkzeug.datastructures import MultiDict

from companion.web.games import action_from_form, form_fields

from .ui import perform

#: The action types ``tap`` enters, per game; a complete action (a type without a form of
#: its own, e.g. a pass) is entered by its button in any game.
TAPPED = {
    "fifth_avenue": frozenset({"place_initial_building", "place_shop", "take_colored", "move_commission",
                               "score_quarter", "choose_color", "build", "close_quarter", "take_buildings"}),
    "palazzo": frozenset({"take_money", "pick", "draw_tiles", "buy", "build", "auction", "raise"}),
    "new_york": frozenset({"draw_money", "take_money", "buy", "place"}),
    "manhattan": frozenset({"pick", "place", "pass", "draw"}),
}

#: Fields of an action its form does not send: the server works them out (Manhattan's
#: lot follows from the card and the player's side of the board).
UNSENT = {("manhattan", "place"): ("lot",)}

#: The button of a complete action: the index of the one whose posted action is ``action``.
BUTTON_OF = """(form, action) => {
  const same = (a, b) => JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());
  return [...form.querySelectorAll('button[name="action"]')].findIndex(b => same(JSON.parse(b.value), action));
}"""


def ui_of(game: str):
    return import_module(f"companion.web.games.{game}")


def tappable(game: str, action: dict) -> bool:
    """Whether ``tap`` enters ``action``."""
    return action["type"] in TAPPED[game] or action["type"] not in ui_of(game).FORMS


def as_tapped(game: str, action: dict) -> dict:
    """``action`` as the server reads it from the tapped form (what the form does not send
    left out)."""
    fields = form_fields(ui_of(game), action)
    for name in UNSENT.get((game, action["type"]), ()):
        fields.pop(name, None)
    pairs = [(k, str(v)) for k, value in fields.items() for v in (value if isinstance(value, list) else [value])]
    return action_from_form(ui_of(game), MultiDict(pairs))


def tap(page: Page, game: str, action: dict) -> None:
    """Enter ``action`` with the forms in the page's ``#main``; the last tap sends it."""
    if action["type"] not in ui_of(game).FORMS:
        _complete(page, action)
        return
    assert action["type"] in TAPPED[game], f"no taps for {game}'s {action['type']}"
    {"fifth_avenue": _fifth_avenue, "palazzo": _palazzo, "new_york": _new_york,
     "manhattan": _manhattan}[game](page, action)


def _complete(page: Page, action: dict) -> None:
    forms = page.locator(f"#main form.act-{action['type']}")
    for i in range(forms.count()):
        index = forms.nth(i).evaluate(BUTTON_OF, action)
        if index >= 0:
            button = forms.nth(i).locator('button[name="action"]').nth(index)
            _open(button)
            button.tap()
            return
    raise AssertionError(f"no button for {action}")


def _open(control) -> None:
    """Every closed fold around ``control`` opened by a tap on its summary, outermost first."""
    folds = control.locator("xpath=ancestor::details")
    for i in range(folds.count()):
        fold = folds.nth(i)
        if not fold.evaluate("d => d.open"):
            fold.locator(":scope > summary").tap()


def _tick(form, name: str, values: list[str]) -> None:
    """The boxes called ``name`` ticked for ``values`` (a value twice: two boxes of it) and
    no others."""
    wanted = Counter(values)
    boxes = form.locator(f'input[name="{name}"]')
    seen = Counter()
    for i in range(boxes.count()):
        box = boxes.nth(i)
        value = box.get_attribute("value")
        seen[value] += 1
        box.set_checked(seen[value] <= wanted[value])
    missing = wanted - seen
    assert not missing, f"no box for {dict(missing)}"


def _lay_out(form, cards: list[str]) -> None:
    """Palazzo's composer: cleared, then each card tapped; every card shows as laid out."""
    form.locator(".pz-clear").tap()
    expect(form.locator(".pz-laid .pz-untap")).to_have_count(0)
    for card in cards:
        form.locator(f'.pz-cardtap[data-card="{card}"]').tap()
    expect(form.locator(".pz-laid .pz-untap")).to_have_count(len(cards))


def _send(form) -> None:
    """The form's main button, once the page's script enables it."""
    button = form.locator("button.primary").last
    expect(button).to_be_enabled()
    button.tap()


# each game's forms ------------------------------------------------------------------------

def _fifth_avenue(page: Page, action: dict) -> None:
    if action["type"] == "take_colored":  # the piles ticked, each value chosen where asked
        form = page.locator("#main form.act-take_colored")
        _tick(form, "color", [card["color"] for card in action["cards"]])
        for card in action["cards"]:
            if card.get("value") is not None:
                form.locator(f'select[name="value_{card["color"]}"]').select_option(str(card["value"]))
        _send(form)
        return
    perform(page, action)


def _palazzo(page: Page, action: dict) -> None:
    kind = action["type"]
    if kind == "take_money":
        form = page.locator("#main form.act-take_money.pz-cards-form")
        _open(form)
        _lay_out(form, action["cards"])
        expect(form.locator(".pz-verdict")).to_have_text(f"{len(action['cards'])} of {len(action['cards'])} cards.")
        _send(form)
    elif kind == "pick":
        form = page.locator("#main form.act-pick")
        single = form.locator('button[name="card"]')
        if single.count():
            form.locator(f'button[name="card"][value="{action["cards"][0]}"]').first.tap()
            return
        _tick(form, "card", action["cards"])
        _send(form)
    elif kind == "draw_tiles":
        form = page.locator("#main form.act-draw_tiles.pz-draw-form")
        _open(form)
        tiles = action["tiles"]
        form.locator('select[name="first"]').select_option(tiles[0])
        form.locator('select[name="second"]').select_option(tiles[1] if len(tiles) > 1 else "")
        _send(form)
    elif kind in ("buy", "raise"):
        form = page.locator(f"#main form.act-{kind}")
        _open(form)
        if kind == "buy":
            _tick(form, "tile", action["tiles"])
        _lay_out(form, action["cards"])
        expect(form.locator(".pz-verdict")).to_have_class(re.compile(r"\bok\b"))
        _send(form)
    elif kind == "build":
        page.locator(f'#main form.act-build button[name="build"][value="{action["tile"]}|{action["to"]}"]').tap()
    elif kind == "auction":
        form = page.locator("#main form.act-auction")
        if "quarry" in action:
            expect(form.locator('input[name="quarry"]')).to_have_value(str(action["quarry"]))
        form.locator("button.primary").tap()


def _new_york(page: Page, action: dict) -> None:
    ui, kind = ui_of("new_york"), action["type"]
    if kind == "draw_money":  # the host's input: the card turned up, one tap
        card = ui.card_field(action["card"])
        page.locator(f'#main form.table-input-draw_money button[name="card"][value="{card}"]').tap()
    elif kind == "take_money":
        form = page.locator("#main form.act-take_money")
        _tick(form, "card", [ui.card_field(c) for c in action["cards"]])
        _send(form)
    elif kind == "buy":  # the cards ticked, not an exact payment's button
        form = page.locator("#main form.act-buy", has=page.locator(f'input[name="space"][value="{action["space"]}"]'))
        fold = form.locator("details.ny-choice")
        if not fold.evaluate("d => d.open"):
            fold.locator(":scope > summary").tap()
        _tick(form, "pay", [ui.card_field(c) for c in action["pay"]])
        _send(form)
    elif kind == "place":  # the square from the list beside the city picture
        fields = form_fields(ui, action)
        form = page.locator("#main form.act-place", has=page.locator(f'input[name="tile"][value="{fields["tile"]}"]'))
        button = form.locator(f'button[name="square"][value="{fields["square"]}"]')
        _open(button)
        button.tap()


def _manhattan(page: Page, action: dict) -> None:
    kind = action["type"]
    if kind == "pick":  # each stepper stepped down first, then up, to the heights wanted
        form = page.locator("#main form.act-pick")
        wanted = Counter(action["heights"])
        steppers = form.locator(".mh-stepper")
        rows = []
        for i in range(steppers.count()):
            row = steppers.nth(i)
            height = int(row.locator("input").get_attribute("name").removeprefix("n_"))
            rows.append((row, wanted[height] - int(row.locator("input").input_value() or 0)))
        for row, change in rows:
            for _ in range(-change):
                row.locator(".mh-minus").tap()
        for row, change in rows:
            for _ in range(change):
                row.locator(".mh-plus").tap()
        expect(form.locator(".mh-total output")).to_have_text(str(len(action["heights"])))
        form.locator("button.mh-take").tap()
    elif kind == "place":  # a card, a city, then the piece (its tap sends the form)
        form = page.locator("#main form.act-place")
        card = "-".join(map(str, action["card"]))
        form.locator(f'label.mh-card[data-card="{card}"]').tap()
        form.locator(f'label.mh-city-pick[data-city="{action["city"]}"]').tap()
        piece = form.locator(f'button.mh-piece[value="{action["colour"]}-{action["height"]}"]')
        expect(piece).to_have_attribute("aria-disabled", "false")
        piece.tap()
    elif kind == "pass":
        form = page.locator("#main form.act-pass")
        _open(form)
        colour = form.locator(f'input[type="radio"][name="colour"][value="{action["colour"]}"]')
        if colour.count():
            colour.check()
        else:
            expect(form.locator('input[name="colour"]')).to_have_value(action["colour"])
        form.locator(f'button[name="card"][value="{"-".join(map(str, action["card"]))}"]').tap()
    elif kind == "draw":
        page.locator(f'#main form.act-draw button[name="card"][value="{"-".join(map(str, action["card"]))}"]').tap()


__all__ = ["TAPPED", "tap", "tappable", "as_tapped", "BUTTON_OF"]
