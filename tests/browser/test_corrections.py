"""Corrections and rewinds in a real browser at 390 x 844: for each game, the host opens
"Correct" on a move of its log, enters another choice in that move's own form (drawn
for the table as it was then) and every page is told what changed; a correction that
stops at a move that no longer fits, its phone told why and entering the move again (a
toy table), and at a table of each game, the phone due entering another move by tapping
its own forms (``fill.py``); a rewind from the host's log (a toy table, and a table of
each game); axe-core on the correction page."""

import json
import random
import re
from importlib import import_module
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from companion.engines import TABLE
from companion.engines.common import state_after
from companion.engines.correct import corrected
from companion.engines.text import english
from companion.web.undos import hands as _hands
from tests.web.conftest import toy_form

from . import fill
from .every_game import GAMES, Table
from .fill import BUTTON_OF
from .test_accessibility import serious_findings
from .ui import join_url_of, refusal, seated_phone, wait_for_move

MOVES = 12

#: Fill a form's fields as ``form_fields`` writes them (radios, boxes, selects, inputs;
#: a field the form has no control for is added hidden), then send it as its button would.
FILL = """(form, fields) => {
  let submitter = null;
  for (const [name, value] of Object.entries(fields)) {
    const values = (Array.isArray(value) ? value : [value]).map(String);
    const controls = [...form.elements].filter(e => e.name === name);
    if (!controls.length) {
      for (const v of values) {
        const extra = document.createElement("input");
        extra.type = "hidden"; extra.name = name; extra.value = v; form.appendChild(extra);
      }
      continue;
    }
    const pressed = controls.find(e => e.tagName === "BUTTON" && values.includes(e.value));
    if (pressed) { submitter = pressed; continue; }
    const boxes = controls.filter(e => e.type === "checkbox" || e.type === "radio");
    for (const box of boxes) {
      box.checked = values.includes(box.value);
      box.dispatchEvent(new Event("change", {bubbles: true}));
    }
    const rest = controls.filter(e => !boxes.includes(e) && e.tagName !== "BUTTON");
    rest.forEach((e, i) => {
      if (i < values.length) e.value = values[i];
      e.dispatchEvent(new Event("input", {bubbles: true}));
      e.dispatchEvent(new Event("change", {bubbles: true}));
    });
  }
  const button = submitter || form.querySelector("button.primary:not([name])");
  if (button) { button.disabled = false; button.click(); } else form.requestSubmit();
}"""


def same(a: dict, b: dict) -> bool:
    """The same action, whatever order its lists of cards were ticked in."""
    def norm(action):
        return {k: sorted(v, key=json.dumps) if isinstance(v, list) else v for k, v in action.items()}
    return norm(a) == norm(b)


def host_phone(table_id: str, server, contexts, store):
    """The host's controls on a phone: the host link opens host rights in this context."""
    page = contexts("phone").new_page()
    secret = store.table(table_id).host_secret
    page.goto(f"{server.url}t/{table_id}/host/{secret}")
    page.goto(f"{server.url}t/{table_id}/host")
    expect(page.locator("h1")).to_contain_text("Host controls")
    return page


def enter(page, ui, action: dict) -> None:
    """Enter ``action`` on a correction page: tap its button (a complete action) or fill
    its form."""
    from companion.web.games import form_fields

    if action["type"] in getattr(ui, "FORMS", {}):
        form = page.locator(f"#main form.act-{action['type']}, #main form.table-input-{action['type']}").first
        form.evaluate(FILL, {k: v for k, v in form_fields(ui, action).items() if k not in ("type", "seq")})
        return
    forms = page.locator(f"#main form.act-{action['type']}")
    for i in range(forms.count()):
        index = forms.nth(i).evaluate(BUTTON_OF, action)
        if index >= 0:
            forms.nth(i).locator('button[name="action"]').nth(index).tap()
            return
    raise AssertionError(f"no button for {action}")


def host_may_correct(engine, before: dict, event) -> bool:
    """Whether the host corrects ``event`` (made on ``before``): not a move of a sealed
    step, nor one whose seat held a hand the table does not see (in New York, where hands
    are secret, only an input of the table), nor Fifth Avenue's dummy bid: only its
    owner's phone corrects those."""
    after = engine.apply(before, event.seat, event.action)
    hand = event.seat != TABLE and any(_hands(engine.view(s, event.seat)) != _hands(engine.view(s, None))
                                       for s in (before, after))
    return not (engine.step(before).sealed or hand or event.action["type"] == "dummy_bid")


def a_move_to_correct(table: Table, rng: random.Random):
    """A move of the host's log that the host may correct (not sealed, no private hand
    in it: in New York, where hands are secret, an input of the table), and another choice
    of the same kind that the one who made it had then (the same form filled in otherwise, as a
    slip at the table is), a complete action's button where there is one."""
    engine = table.engine
    playout = import_module(f"{engine.__name__}.playout")
    events, start = table.events(), engine.setup(table.config)
    found = []
    for event in events[-10:]:
        before = state_after(engine, start, events[:event.seq - 1])
        if not host_may_correct(engine, before, event):
            continue
        for _try in range(40):
            other = playout.random_action(before, event.seat, rng)
            if other != event.action and other["type"] == event.action["type"]:
                found.append((other["type"] not in getattr(table.ui, "FORMS", {}), event.seq, event, other))
                break
    assert found, "no move to correct"
    _button, _seq, event, other = max(found, key=lambda f: f[:2])
    return event, other


@pytest.mark.parametrize("game", GAMES)
def test_a_move_corrected_from_the_hosts_screen(server, contexts, game):
    table = Table(server, contexts, game)
    made = []
    table.play_until(lambda state: made.append(1) or len(made) > MOVES)
    seq = len(table.events())
    wait_for_move(table.pages, seq)
    event, other = a_move_to_correct(table, random.Random(game))
    host = host_phone(table.table_id, server, contexts, table.store)

    host.get_by_role("link", name=f"Correct move {event.seq}", exact=True).tap()
    expect(host).to_have_url(f"{server.url}t/{table.table_id}/correct/{event.seq}")
    expect(host.locator("h1")).to_have_text(f"Correct move {event.seq}")
    assert host.evaluate("document.documentElement.scrollWidth <= 390"), "the page scrolls sideways"
    found = serious_findings(host)
    assert found == [], "\n".join(found)

    enter(host, table.ui, other)
    expect(host.locator("#main .reply .message")).to_have_count(0)
    expect(host).to_have_url(f"{server.url}t/{table.table_id}")
    corrected = table.events()[event.seq - 1]
    assert corrected.seat == event.seat and same(corrected.action, other), (corrected.action, other)
    for page in [host, *table.pages]:
        expect(page.locator("#main .undo-notice")).to_contain_text(f"Move {event.seq} corrected: ")
        expect(page.locator("#main .undo-notice")).to_contain_text("Instead of: ")
    expect(table.host.locator("#main .log")).to_contain_text(f"The host corrected move {event.seq}")


def toy_table(server, contexts):
    """A toy table for three, each player on a phone: secrets 4, 6, 8, the roll 2, then
    Anna adds 1, Ben 2 and Cleo 1 (moves 5 to 7)."""
    desk = contexts("desktop")
    created = desk.request.post(f"{server.url}new/toy", data=urlencode(toy_form()),
                                headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert created.ok and "/t/" in created.url
    table_id = created.url.rsplit("/", 1)[1]
    screen = desk.new_page()
    screen.goto(created.url)
    join_url = join_url_of(screen)
    phones = {seat: seated_phone(contexts("phone"), join_url, seat, name)
              for seat, name in zip(("p1", "p2", "p3"), ("Anna", "Ben", "Cleo"))}
    moves = [("p1", {"type": "secret", "n": 4}), ("p2", {"type": "secret", "n": 6}),
             ("p3", {"type": "secret", "n": 8}), (TABLE, {"type": "roll", "n": 2}),
             ("p1", {"type": "add", "n": 1}), ("p2", {"type": "add", "n": 2}), ("p3", {"type": "add", "n": 1})]
    for seq, (seat, action) in enumerate(moves):
        device = desk if seat == TABLE else phones[seat].context
        path = "table-act" if seat == TABLE else "act"
        fields = {"type": action["type"], "n": action["n"]} if action["type"] != "add" \
            else {"type": "add", "action": json.dumps(action)}
        answer = device.request.post(f"{server.url}t/{table_id}/{path}", data=urlencode({"seq": seq, **fields}),
                                     headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert answer.ok, answer.text()[:300]
    wait_for_move([screen, *phones.values()], 7)
    return table_id, screen, phones


def test_a_correction_that_stops_and_the_due_phone_entering_its_move_again(server, contexts):
    from companion.store import Store

    table_id, screen, phones = toy_table(server, contexts)
    host = host_phone(table_id, server, contexts, Store(str(server.db)))
    host.get_by_role("link", name="Correct move 5", exact=True).tap()
    expect(host.locator(".was .told")).to_have_text("Anna added 1: the counter is at 3.")
    expect(host.get_by_role("button", name="Add 1 (as entered)")).to_be_visible()  # the move as it was
    host.get_by_role("button", name="Add 2").tap()
    expect(host).to_have_url(f"{server.url}t/{table_id}")

    wait_for_move([screen, *phones.values()], 5)
    expect(screen.locator("#main .undo-notice")).to_contain_text(
        "The table stopped before move 6: 2 later moves no longer fit and go back to be entered again.")
    ben = phones["p2"]
    offered = ben.locator("#main .offered")
    expect(offered).to_contain_text("Move 6: Ben added 2: the counter is at 5.")
    expect(offered).to_contain_text("It no longer fits:")
    expect(offered.locator("a.rule")).to_have_attribute("href", "/rules/toy#TOY-5")
    expect(phones["p3"].locator("#main .offered")).to_contain_text("when it is your turn")
    expect(phones["p1"].locator("#main .offered")).to_have_count(0)
    assert ben.evaluate("document.documentElement.scrollWidth <= 390"), "the phone scrolls sideways"

    ben.get_by_role("button", name="Add 3").tap()  # Ben enters something else
    wait_for_move([screen, *phones.values()], 6)
    expect(ben.locator("#main .offered")).to_have_count(0)
    cleo = phones["p3"].locator("#main .offered")
    expect(cleo).to_contain_text("Move 7: Cleo added 1: the counter is at 6.")
    expect(cleo).to_contain_text("It still fits")
    phones["p3"].get_by_role("button", name="Add 1").tap()  # Cleo enters hers again
    wait_for_move([screen, *phones.values()], 7)
    expect(phones["p3"].locator("#main .offered")).to_have_count(0)
    expect(screen.locator("#main .undo-notice")).to_have_count(0)


#: Moves played before a correction that stops; then the kinds of move corrected, in that
#: order: each game's card forms where it has them (Palazzo's money cards, Manhattan's
#: card, city and piece), the table's own input in New York (the players' hands are secret).
STOP_MOVES = 15
STOP_KINDS = {"fifth_avenue": ("move_commission", "place_initial_building"),
              "palazzo": ("take_money", "pick", "draw_tiles"),
              "new_york": ("draw_money",),
              "manhattan": ("place", "pick")}


def a_correction_that_stops(table: Table, rng: random.Random):
    """A move the host may correct and another choice for it, entered by taps
    (``fill.tap``), after which a later move of a player no longer fits, for a rule's
    reason, and that player is due: (the move, the other choice as its form posts it, the
    outcome). The game's ``STOP_KINDS`` in order, the latest move of each first."""
    engine, game = table.engine, table.game
    playout = import_module(f"{engine.__name__}.playout")
    events, start = table.events(), engine.setup(table.config)
    for kind in STOP_KINDS[game]:
        for event in reversed(events):
            if event.action["type"] != kind:
                continue
            before = state_after(engine, start, events[:event.seq - 1])
            if not host_may_correct(engine, before, event):
                continue
            for _try in range(40):
                other = fill.as_tapped(game, playout.random_action(before, event.seat, rng))
                if other["type"] != kind or same(other, fill.as_tapped(game, event.action)):
                    continue
                outcome = corrected(engine, start, events, event.seq - 1, (event.seat, other))
                if outcome.stopped is None:
                    continue
                stop = events[outcome.stopped]
                if stop.seat != TABLE and stop.seat in engine.to_act(outcome.state) \
                        and getattr(outcome.refusal, "rule", None):
                    return event, other, outcome
    raise AssertionError(f"{game}: no correction of {STOP_KINDS[game]} stops at a player's move")


def a_move_in_its_place(table: Table, state: dict, seat: str, rng: random.Random) -> dict:
    """A legal move of ``seat`` that ``fill.tap`` enters through the phone's forms."""
    playout = import_module(f"{table.engine.__name__}.playout")
    for _try in range(200):
        action = playout.random_action(state, seat, rng)
        if fill.tappable(table.game, action):
            return action
    raise AssertionError(f"{table.game}: no move of {seat} the phone's forms enter")


def stopped_notice(seq: int, handed: int) -> str:
    """What every page says of a correction that stopped before move ``seq``, ``handed``
    moves going back to be entered again."""
    if handed == 1:
        return f"The table stopped before move {seq}: 1 later move no longer fits and goes back to be entered again."
    return (f"The table stopped before move {seq}: {handed} later moves no longer fit and go back to be "
            "entered again.")


@pytest.mark.parametrize("game", GAMES)
def test_a_correction_that_stops_at_a_table_of_each_game_and_the_due_phone_entering_a_move(server, contexts, game):
    """The host corrects a move by tapping its form; a later move of a player no longer
    fits: every page says where the table stopped, that phone shows its move with the
    reason and the rule, and the player enters another move by tapping the phone's forms."""
    table = Table(server, contexts, game)
    made = []
    table.play_until(lambda state: made.append(1) or len(made) > STOP_MOVES)
    count = len(table.events())
    wait_for_move(table.pages, count)
    rng = random.Random(game)
    events, engine = table.events(), table.engine
    event, other, outcome = a_correction_that_stops(table, rng)
    stop = events[outcome.stopped]  # the first move handed back, as it was entered
    before_stop = state_after(engine, engine.setup(table.config), events[:stop.seq - 1])
    told = english(engine.describe(before_stop, engine.apply(before_stop, stop.seat, stop.action),
                                   stop.seat, stop.action, stop.seat))

    host = host_phone(table.table_id, server, contexts, table.store)
    host.get_by_role("link", name=f"Correct move {event.seq}", exact=True).tap()
    expect(host.locator("h1")).to_have_text(f"Correct move {event.seq}")
    fill.tap(host, game, other)
    expect(host.locator("#main .reply .message")).to_have_count(0)
    expect(host).to_have_url(f"{server.url}t/{table.table_id}")
    pages = [host, *table.pages]
    wait_for_move(pages, stop.seq - 1)
    kept = table.events()
    assert len(kept) == stop.seq - 1, (len(kept), stop.seq)
    assert kept[event.seq - 1].seat == event.seat and same(kept[event.seq - 1].action, other), \
        (kept[event.seq - 1].action, other)
    for page in pages:
        notice = page.locator("#main .undo-notice")
        expect(notice).to_contain_text(f"Move {event.seq} corrected: ")
        expect(notice).to_contain_text(stopped_notice(stop.seq, count - stop.seq + 1))

    phone = table.phones[stop.seat]
    offered = phone.locator("#main .offered")
    expect(offered).to_contain_text(f"Move {stop.seq}: {told}")
    expect(offered).to_contain_text(f"It no longer fits: {english(outcome.refusal.text)}")
    expect(offered.locator("a.rule").first).to_have_attribute("href", f"/rules/{game}#{outcome.refusal.rule}")
    handed_back = {e.seat for e in outcome.offered}
    for seat, other_phone in table.phones.items():
        if seat not in handed_back:
            expect(other_phone.locator("#main .offered")).to_have_count(0)
    assert phone.evaluate("document.documentElement.scrollWidth <= 390"), "the phone scrolls sideways"

    action = a_move_in_its_place(table, outcome.state, stop.seat, rng)
    fill.tap(phone, game, action)  # something else, through the phone's own forms
    try:
        wait_for_move([phone], stop.seq)
    except AssertionError as error:
        raise AssertionError(f"{stop.seat}'s {action} was not taken: {refusal(phone)!r}") from error
    wait_for_move(pages, stop.seq)
    entered = table.events()[stop.seq - 1]
    assert entered.seat == stop.seat and same(entered.action, fill.as_tapped(game, action)), (entered.action, action)
    later = [e.seq for e in outcome.offered[1:] if e.seat == stop.seat]
    if later:  # its next handed-back move stays offered, the one entered again is gone
        expect(offered).to_contain_text(f"Move {later[0]}: ")
        expect(offered).not_to_contain_text(f"Move {stop.seq}: ")
    else:
        expect(offered).to_have_count(0)


def test_a_rewind_from_the_hosts_log(server, contexts):
    from companion.store import Store

    table_id, screen, phones = toy_table(server, contexts)
    host = host_phone(table_id, server, contexts, Store(str(server.db)))
    assert host.locator("#moves").evaluate("e => e.getBoundingClientRect().right <= 390"), "the moves scroll sideways"
    assert host.evaluate("document.documentElement.scrollWidth <= 390"), "the host controls scroll sideways"
    host.get_by_label("Rewind to here (move 4)").tap()
    confirm = host.get_by_label("Yes, go back to just after move 4")
    confirm.check()
    host.locator("details.rewind[open] button", has_text="Rewind to here").tap()
    expect(host).to_have_url(f"{server.url}t/{table_id}/host")
    wait_for_move([screen, *phones.values()], 4)
    for page in [screen, *phones.values()]:
        expect(page.locator("#main .undo-notice")).to_have_text(
            re.compile(r"The host went back to move 4 \(3 moves taken back\)\."))
    expect(phones["p1"].locator("#main .turn-banner")).to_have_text("Your turn")
    expect(host.locator("#undo details")).to_contain_text("rewound")


@pytest.mark.parametrize("game", GAMES)
def test_a_rewind_from_the_hosts_log_at_a_table_of_each_game(server, contexts, game):
    table = Table(server, contexts, game)
    made = []
    table.play_until(lambda state: made.append(1) or len(made) > 6)
    seq = len(table.events())
    wait_for_move(table.pages, seq)
    back = seq - 3
    host = host_phone(table.table_id, server, contexts, table.store)
    host.get_by_label(f"Rewind to here (move {back})").tap()
    host.get_by_label(f"Yes, go back to just after move {back}").check()
    host.locator("details.rewind[open] button", has_text="Rewind to here").tap()
    expect(host).to_have_url(f"{server.url}t/{table.table_id}/host")
    wait_for_move(table.pages, back)
    assert len(table.events()) == back
    for page in table.pages:
        expect(page.locator("#main .undo-notice")).to_have_text(
            re.compile(rf"The host went back to move {back} \(3 moves taken back\)\."))
    expect(host.locator("#undo details")).to_contain_text("rewound")
