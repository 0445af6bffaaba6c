"""Corrections and rewinds on the pages, on a toy table: the host's "Correct" and "Rewind
to here", the correction page and who may open it, refusals that change nothing, the
notices every page shows in its own language, a move handed back on the due phone, and
sealed submissions that stay secret."""

import html as html_module
import json
import re

import pytest

from tests.web.conftest import create_toy, events, join, post_action


def tables(app):
    return app.extensions["companion"]["tables"]


def add(n: int) -> dict:
    return {"type": "add", "n": n}


def play_to_adds(app, client, adds=(1, 2, 1)):
    """Secrets 4, 6, 8 (moves 1-3), the table rolls 2 (move 4), then the adds in turn."""
    table_id = create_toy(client)
    phones = {seat: join(app, table_id, seat) for seat in ("p1", "p2", "p3")}
    for n, (seat, secret) in enumerate([("p1", 4), ("p2", 6), ("p3", 8)]):
        assert post_action(phones[seat], table_id, n, {"type": "secret", "n": secret}).status_code == 302
    assert post_action(client, table_id, 3, {"type": "roll", "n": 2}, table=True).status_code == 302
    for n, (seat, value) in enumerate(zip(["p1", "p2", "p3"] * 3, adds), 4):
        assert post_action(phones[seat], table_id, n, add(value)).status_code == 302
    return table_id, phones


def correct(device, table_id, seq, seen, action, htmx=False):
    data = {"seq": seen, "type": action["type"], "action": json.dumps(action)} if action["type"] == "add" \
        else {"seq": seen, "type": action["type"], "n": action["n"]}
    return device.post(f"/t/{table_id}/correct/{seq}", data=data, headers={"HX-Request": "true"} if htmx else {})


def moves(app, table_id):
    return [(e.seat, e.action) for e in events(app, table_id)]


def notice(html: str) -> str:
    found = re.search(r'class="message info undo-notice"[^>]*>(.*?)</div>', html, re.S)
    return html_module.unescape(" ".join(found[1].split())) if found else ""


# --- the host's screen ------------------------------------------------------------------

def test_the_hosts_moves_have_correct_and_rewind_but_a_sealed_one_no_correct(app, client):
    table_id, _phones = play_to_adds(app, client)
    html = client.get(f"/t/{table_id}/host").get_data(as_text=True)
    section = html.split('id="moves"')[1].split("</section>")[0]
    assert f'href="/t/{table_id}/correct/7"' in section and f'href="/t/{table_id}/correct/4"' in section
    assert f'/correct/1"' not in section  # a sealed secret: only its owner's phone
    assert "only from its owner" in section
    assert section.count('name="to" value=') == 6  # each move but the latest
    assert 'name="seq" value="7"' in section


def test_rewind_goes_back_to_just_after_a_move_and_every_page_says_so(app, client):
    table_id, phones = play_to_adds(app, client)
    rewind = f"/t/{table_id}/host/rewind"
    assert client.post(rewind, data={"to": 4, "seq": 7}).status_code == 400  # no confirmation
    assert client.post(rewind, data={"to": "x", "confirm": "yes", "seq": 7}).status_code == 400
    assert client.post(rewind, data={"to": 4, "confirm": "yes"}).status_code == 400  # no move number
    assert client.post(rewind, data={"to": 7, "confirm": "yes", "seq": 7}).status_code == 400
    stale = client.post(rewind, data={"to": 4, "confirm": "yes", "seq": 6})
    assert stale.status_code == 409 and "The table moved on" in stale.get_data(as_text=True)
    assert phones["p1"].post(rewind, data={"to": 4, "confirm": "yes", "seq": 7}).status_code == 403
    assert len(events(app, table_id)) == 7
    assert client.post(rewind, data={"to": 4, "confirm": "yes", "seq": 7}).status_code == 302
    assert len(events(app, table_id)) == 4
    said = "The host went back to move 4 (3 moves taken back)."
    for page in [client.get(f"/t/{table_id}")] + [p.get(f"/t/{table_id}/me") for p in phones.values()]:
        html = page.get_data(as_text=True)
        assert said in notice(html)
        assert html.count(said) == 2  # the notice and the log
    trail = client.get(f"/t/{table_id}/host").get_data(as_text=True).split("Audit trail")[1].split("</ul>")[0]
    assert trail.count("rewound") == 3 and "by the host" in trail


@pytest.mark.parametrize("lang, said", [
    ("it", "L'host è tornato alla mossa 4 (3 mosse annullate)."),
    ("de", "Der Gastgeber ist zu Zug 4 zurückgegangen (3 Züge zurückgenommen)."),
])
def test_the_rewind_notice_in_italian_and_german(app, client, lang, said):
    table_id, phones = play_to_adds(app, client)
    assert client.post(f"/t/{table_id}/host/rewind", data={"to": 4, "confirm": "yes", "seq": 7}).status_code == 302
    html = phones["p2"].get(f"/t/{table_id}/me", headers={"Accept-Language": lang}).get_data(as_text=True)
    assert said in notice(html)


# --- the correction page -------------------------------------------------------------------

def test_the_correction_page_draws_the_moves_form_for_the_table_as_it_was(app, client):
    table_id, phones = play_to_adds(app, client)
    html = client.get(f"/t/{table_id}/correct/6").get_data(as_text=True)
    assert "Correct move 6" in html and "Ben added 2: the counter is at 5." in html.split("As it was entered")[1]
    form = html.split('class="turn correction-form"')[1].split("</section>")[0]
    # Ben's choices then: after Anna added 1 at 3, add 2 or 3, not 1 (TOY-5)
    assert f'action="/t/{table_id}/correct/6"' in form and f"/t/{table_id}/act" not in form
    assert 'name="seq" value="7"' in form  # the move the table is at, for staleness
    assert "The counter is at 3" in form
    # the owner's phone may open its own move; another phone may not
    assert phones["p2"].get(f"/t/{table_id}/correct/6").status_code == 200
    assert phones["p1"].get(f"/t/{table_id}/correct/6").status_code == 403
    assert app.test_client().get(f"/t/{table_id}/correct/6").status_code == 403
    assert client.get(f"/t/{table_id}/correct/8").status_code == 404
    assert client.get(f"/t/{table_id}/correct/0").status_code == 404
    assert client.get(f"/t/nope/correct/1").status_code == 404


def test_the_table_inputs_correction_page_posts_to_the_correction(app, client):
    table_id, _phones = play_to_adds(app, client)
    html = client.get(f"/t/{table_id}/correct/4").get_data(as_text=True)
    assert "The table rolled 2." in html
    assert f'action="/t/{table_id}/correct/4"' in html and "table-act" not in html.split("correction-form")[1]
    assert "Let the server draw" not in html
    original = html.split("data-original=\"")[1].split('"')[0]
    assert json.loads(html_module.unescape(original)) == {"type": "roll", "fields": {"type": "roll", "n": 2}}


def test_a_sealed_submission_is_corrected_only_from_its_owners_phone(app, client):
    table_id, phones = play_to_adds(app, client)
    assert client.get(f"/t/{table_id}/correct/2").status_code == 403
    assert phones["p1"].get(f"/t/{table_id}/correct/2").status_code == 403
    page = phones["p2"].get(f"/t/{table_id}/correct/2").get_data(as_text=True)
    assert "You chose the secret number 6." in page
    original = json.loads(html_module.unescape(page.split("data-original=\"")[1].split('"')[0]))
    assert original["fields"]["n"] == 6  # the form is filled in as entered, on the owner's phone
    # the phone's log offers its own sealed submission
    log = phones["p2"].get(f"/t/{table_id}/me").get_data(as_text=True).split('class="own-moves"')[1]
    assert f'/t/{table_id}/correct/2"' in log.split("</ul>")[0]
    assert f"/t/{table_id}/correct/2" not in phones["p1"].get(f"/t/{table_id}/me").get_data(as_text=True)


def test_refused_corrections_change_nothing(app, client):
    table_id, phones = play_to_adds(app, client)
    before = moves(app, table_id)
    assert correct(client, table_id, 6, 7, add(1)).status_code == 422  # TOY-5 at move 6
    page = correct(client, table_id, 6, 7, add(1)).get_data(as_text=True)
    assert "TOY-5" in page and "Correct move 6" in page
    assert correct(client, table_id, 6, 7, add(2)).status_code == 400  # the move as it was
    stale = correct(client, table_id, 6, 5, add(3))
    assert stale.status_code == 409 and "The table moved on" in stale.get_data(as_text=True)
    assert client.post(f"/t/{table_id}/correct/6", data={"type": "add", "action": json.dumps(add(3))}).status_code == 400
    assert correct(phones["p1"], table_id, 6, 7, add(3)).status_code == 403
    htmx = correct(client, table_id, 6, 7, add(1), htmx=True)
    assert htmx.status_code == 422 and 'class="message refused"' in htmx.get_data(as_text=True)
    assert moves(app, table_id) == before


def test_a_correction_that_fits_moves_the_table_and_every_page_says_what_changed(app, client):
    table_id, phones = play_to_adds(app, client)
    response = correct(client, table_id, 7, 7, add(3))
    assert response.status_code == 302 and response.headers["Location"].endswith(f"/t/{table_id}")
    assert moves(app, table_id)[-1] == ("p3", add(3))
    said = ["Move 7 corrected: Cleo added 3: the counter is at 8.", "Instead of: Cleo added 1: the counter is at 6.",
            "Scores: Cleo 1 → 3."]
    for page in [client.get(f"/t/{table_id}")] + [p.get(f"/t/{table_id}/me") for p in phones.values()]:
        html = page.get_data(as_text=True)
        for text in said:
            assert text in notice(html)
        assert "The host corrected move 7 (move)." in html  # the log
    # after the next move the notice is gone, the log keeps the line
    assert post_action(phones["p1"], table_id, 7, add(1)).status_code == 302
    html = phones["p2"].get(f"/t/{table_id}/me").get_data(as_text=True)
    assert notice(html) == "" and "The host corrected move 7 (move)." in html


def test_a_correction_over_htmx_answers_with_a_redirect(app, client):
    table_id, phones = play_to_adds(app, client)
    response = correct(phones["p3"], table_id, 7, 7, add(3), htmx=True)
    assert response.status_code == 200 and response.headers["HX-Redirect"] == f"/t/{table_id}/me"
    html = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "Cleo corrected move 7 (move)." in html


@pytest.mark.parametrize("lang, texts", [
    ("it", ["Mossa 7 corretta:", "Invece di:", "Punteggi: Cleo 1 → 3."]),
    ("de", ["Zug 7 korrigiert:", "Statt:", "Punkte: Cleo 1 → 3."]),
])
def test_the_correction_notice_in_italian_and_german(app, client, lang, texts):
    table_id, phones = play_to_adds(app, client)
    assert correct(client, table_id, 7, 7, add(3)).status_code == 302
    html = phones["p1"].get(f"/t/{table_id}/me", headers={"Accept-Language": lang}).get_data(as_text=True)
    for text in texts:
        assert text in notice(html)


def test_a_correction_that_stops_hands_the_move_back_to_the_due_phone(app, client):
    table_id, phones = play_to_adds(app, client)
    # Anna added 1 at move 5; made 2, Ben's add 2 at move 6 no longer fits (TOY-5)
    assert correct(client, table_id, 5, 7, add(2)).status_code == 302
    assert moves(app, table_id)[4:] == [("p1", add(2))]
    html = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "The table stopped before move 6: 2 later moves no longer fit and go back to be entered again." \
        in notice(html)
    ben = phones["p2"].get(f"/t/{table_id}/me").get_data(as_text=True)
    offered = ben.split('class="message info offered"')[1].split("</section>")[0]
    assert "Move 6:" in offered and "Ben added 2: the counter is at 5." in offered
    assert "It no longer fits:" in offered and "/rules/toy#TOY-5" in offered
    cleo = phones["p3"].get(f"/t/{table_id}/me").get_data(as_text=True)
    offered = cleo.split('class="message info offered"')[1].split("</section>")[0]
    assert "Move 7:" in offered and "when it is your turn" in offered
    assert 'class="message info offered"' not in phones["p1"].get(f"/t/{table_id}/me").get_data(as_text=True)
    # Ben enters something else: his offer is gone, Cleo's stays until the table passes it
    assert post_action(phones["p2"], table_id, 5, add(3)).status_code == 302
    assert 'class="message info offered"' not in phones["p2"].get(f"/t/{table_id}/me").get_data(as_text=True)


@pytest.mark.parametrize("lang, text", [("it", "Non è più valida:"), ("de", "Passt nicht mehr:")])
def test_the_handed_back_move_in_italian_and_german(app, client, lang, text):
    table_id, phones = play_to_adds(app, client)
    assert correct(client, table_id, 5, 7, add(2)).status_code == 302
    html = phones["p2"].get(f"/t/{table_id}/me", headers={"Accept-Language": lang}).get_data(as_text=True)
    assert text in html.split('class="message info offered"')[1]


# --- secrets -------------------------------------------------------------------------------

def test_a_corrected_sealed_submission_stays_secret_on_every_other_page(app, client):
    """Ben corrects his secret 6 to 9 before every secret is in: only his phone says so."""
    table_id = create_toy(client)
    phones = {seat: join(app, table_id, seat) for seat in ("p1", "p2", "p3")}
    post_action(phones["p1"], table_id, 0, {"type": "secret", "n": 4})
    post_action(phones["p2"], table_id, 1, {"type": "secret", "n": 6})
    assert correct(phones["p2"], table_id, 2, 2, {"type": "secret", "n": 9}).status_code == 302
    assert tables(app).get(table_id).state["secrets"]["p2"] == 9
    mine = phones["p2"].get(f"/t/{table_id}/me").get_data(as_text=True)
    assert "Move 2 corrected: You chose the secret number 9." in notice(mine)
    assert "Instead of: You chose the secret number 6." in notice(mine)
    for page in [client.get(f"/t/{table_id}"), client.get(f"/t/{table_id}/host"),
                 phones["p1"].get(f"/t/{table_id}/me"), phones["p3"].get(f"/t/{table_id}/me")]:
        html = page.get_data(as_text=True)
        if "undo-notice" in html:  # the host's controls show no notice
            assert notice(html) == "Move 2: a sealed submission was corrected."
        assert "secret number 9" not in html and "secret number 6" not in html
        assert "Ben corrected move 2 (sealed submission)." in html or "/host" in page.request.path


def test_the_host_is_not_shown_what_a_move_held_that_the_table_was_not_shown(app, client):
    """Fifth Avenue with private hands: a move's form would show the seat's hand and the
    cards it took, so only its phone corrects it, from its own log."""
    from companion.web.games import form_fields, ui_for
    from tests.web.conftest import create_table

    table_id = create_table(client, hands="private")
    live = tables(app).get(table_id)
    phones = {seat: join(app, table_id, seat) for seat in live.seats}
    with app.app_context():
        ui = ui_for("fifth_avenue")
    import random
    from importlib import import_module

    playout = import_module("companion.engines.fifth_avenue.playout")
    rng = random.Random(3)
    for _n in range(60):
        seat = rng.choice(sorted(live.engine.to_act(live.state)))
        action = playout.random_action(live.state, seat, rng)
        device, url = (client, "table-act") if seat == "table" else (phones[seat], "act")
        assert device.post(f"/t/{table_id}/{url}", data={"seq": live.seq, **form_fields(ui, action)}).status_code == 302
        if action["type"] == "take_colored" and any(c.get("value") is not None for c in action["cards"]):
            break
    else:
        pytest.fail("no cards taken with their values")
    moves_card = client.get(f"/t/{table_id}/host").get_data(as_text=True).split('id="moves"')[1].split("</section>")[0]
    line = moves_card.split(f'<li value="{live.seq}">')[1].split("</li>")[0]
    assert f'/correct/{live.seq}"' not in line and "is corrected from" in line
    refused = client.get(f"/t/{table_id}/correct/{live.seq}")
    assert refused.status_code == 403 and "correct it from that phone" in refused.get_data(as_text=True)
    assert client.post(f"/t/{table_id}/correct/{live.seq}", data={"seq": live.seq, "type": "pass"}).status_code == 403
    own = phones[seat].get(f"/t/{table_id}/correct/{live.seq}").get_data(as_text=True)
    assert "data-original" in own
    # the phone's log offers it
    log = phones[seat].get(f"/t/{table_id}/me").get_data(as_text=True).split('class="own-moves"')[1]
    assert f'/t/{table_id}/correct/{live.seq}"' in log.split("</ul>")[0]


def test_a_correction_of_another_seats_sealed_move_is_refused_to_the_host(app, client):
    table_id = create_toy(client)
    phones = {seat: join(app, table_id, seat) for seat in ("p1", "p2")}
    post_action(phones["p1"], table_id, 0, {"type": "secret", "n": 4})
    assert correct(client, table_id, 1, 1, {"type": "secret", "n": 5}).status_code == 403
    assert correct(phones["p2"], table_id, 1, 1, {"type": "secret", "n": 5}).status_code == 403
    assert tables(app).get(table_id).state["secrets"]["p1"] == 4


# --- every game -----------------------------------------------------------------------------

def game_forms():
    from tests.web.conftest import fa_form
    from tests.web.manhattan import mh_form
    from tests.web.new_york import ny_config, ny_form
    from tests.web.palazzo_setup import pz_form

    return {"fifth_avenue": fa_form(auctions="sealed", hands="private"), "palazzo": pz_form(bidding="sealed"),
            "new_york": ny_form(ny_config(3, seed=3)), "manhattan": mh_form()}


@pytest.mark.parametrize("game", ["fifth_avenue", "palazzo", "new_york", "manhattan"])
def test_every_move_of_a_game_opens_its_correction_page_and_a_correction_goes_through(app, client, game):
    """Forty random moves through the forms; each move's correction page opens for the host
    (for a sealed one or one of a seat holding a private hand, only its owner's phone), reads the original move back from its own form
    (refused: nothing to correct), and a random other choice at a move corrects it."""
    import random
    from importlib import import_module

    from companion.engines import TABLE
    from companion.engines.common import state_after
    from companion.web.undos import hands as _hands
    from companion.web.games import form_fields, ui_for

    response = client.post(f"/new/{game}", data=game_forms()[game])
    assert response.status_code == 302
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    live = tables(app).get(table_id)
    with app.app_context():
        ui = ui_for(game)
    playout = import_module(f"{live.engine.__name__}.playout")
    phones = {seat: join(app, table_id, seat) for seat in live.seats}
    rng = random.Random(game)
    for _step in range(40):
        seat = rng.choice(sorted(live.engine.to_act(live.state)))
        action = playout.random_action(live.state, seat, rng)
        device, url = (client, "table-act") if seat == TABLE else (phones[seat], "act")
        assert device.post(f"/t/{table_id}/{url}", data={"seq": live.seq, **form_fields(ui, action)}).status_code == 302
    log = events(app, table_id)
    engine = live.engine
    start = engine.setup(live.row.config)
    fixable = []
    for event in log:
        before = state_after(engine, start, log[:event.seq - 1])
        after = engine.apply(before, event.seat, event.action)
        sealed = engine.step(before).sealed
        hand = event.seat != TABLE and any(_hands(engine.view(s, event.seat)) != _hands(engine.view(s, None))
                                           for s in (before, after))
        device = phones[event.seat] if sealed or hand else client
        page = device.get(f"/t/{table_id}/correct/{event.seq}")
        assert page.status_code == 200, (event.seq, page.get_data(as_text=True)[:500])
        assert f'action="/t/{table_id}/correct/{event.seq}"' in page.get_data(as_text=True)
        again = device.post(f"/t/{table_id}/correct/{event.seq}",
                            data={"seq": live.seq, **form_fields(ui, event.action)})
        assert again.status_code in (400, 422), (event.seq, event.action, again.get_data(as_text=True)[:300])
        if sealed or hand:  # only from the owner's phone
            assert client.get(f"/t/{table_id}/correct/{event.seq}").status_code == 403
        for _try in range(10):
            other = playout.random_action(before, event.seat, rng)
            if other != event.action:
                fixable.append((event, other, device))
                break
    assert moves(app, table_id) == [(e.seat, e.action) for e in log]  # nothing changed
    event, other, device = rng.choice(fixable[len(fixable) // 2:])
    answer = device.post(f"/t/{table_id}/correct/{event.seq}", data={"seq": live.seq, **form_fields(ui, other)})
    assert answer.status_code == 302, answer.get_data(as_text=True)[:800]
    assert (events(app, table_id)[event.seq - 1].seat, events(app, table_id)[event.seq - 1].action) == (event.seat, other)
    screen = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert f"Move {event.seq}" in notice(screen)
    for phone in phones.values():
        assert phone.get(f"/t/{table_id}/me").status_code == 200


@pytest.mark.parametrize("game", ["fifth_avenue", "palazzo", "new_york", "manhattan"])
def test_a_seats_private_hand_is_found_where_its_view_shows_it(app, client, game):
    """``undos.hands`` reads a view at the two places views show hands; a seat's hand the
    table does not see is told apart there in every game (or its phone would not be the
    only one to correct its moves), and untracked Manhattan hands are no private hand."""
    from companion.web.undos import hands
    from tests.web.manhattan import mh_form
    from tests.web.palazzo_setup import pz_form

    def differs(form) -> bool:
        """Whether a seat's view shows a hand the table's does not, within the first moves
        (Palazzo's starting hands are typed in first)."""
        import random
        from importlib import import_module

        response = client.post(f"/new/{game}", data=form)
        live = tables(app).get(response.headers["Location"].rsplit("/", 1)[1])
        engine, state, rng = live.engine, live.state, random.Random(1)
        playout = import_module(f"{engine.__name__}.playout")
        for _move in range(12):
            if any(hands(engine.view(state, s)) != hands(engine.view(state, None)) for s in live.seats):
                return True
            seat = rng.choice(sorted(engine.to_act(state)))
            state = engine.apply(state, seat, playout.random_action(state, seat, rng))
        return False

    if game == "manhattan":
        assert differs(mh_form(hands="private")) and not differs(mh_form(hands="untracked"))
    elif game == "palazzo":
        assert differs(pz_form(hands="private")) and not differs(pz_form(hands="counts"))
    else:
        assert differs(game_forms()[game])


def test_any_move_of_the_log_is_opened_by_its_number_from_the_host_controls(app, client):
    """The host's list holds the last moves; "Correct move number" opens any move's page,
    older ones too, and a number that is no move gets a clear answer and changes nothing."""
    import random
    from importlib import import_module

    from companion.tables import MAX_UNDO
    from companion.web.games import form_fields, ui_for

    response = client.post("/new/new_york", data=game_forms()["new_york"])
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    live = tables(app).get(table_id)
    with app.app_context():
        ui = ui_for("new_york")
    phones = {seat: join(app, table_id, seat) for seat in live.seats}
    playout, rng = import_module("companion.engines.new_york.playout"), random.Random(5)
    while live.seq < MAX_UNDO + 5:
        seat = rng.choice(sorted(live.engine.to_act(live.state)))
        device, url = (client, "table-act") if seat == "table" else (phones[seat], "act")
        action = playout.random_action(live.state, seat, rng)
        assert device.post(f"/t/{table_id}/{url}", data={"seq": live.seq, **form_fields(ui, action)}).status_code == 302
    host = client.get(f"/t/{table_id}/host").get_data(as_text=True)
    listed = re.findall(r'<li value="(\d+)">', host.split('id="moves"')[1].split("</section>")[0])
    assert "1" not in listed and len(listed) == MAX_UNDO  # move 1 is too old for the list
    assert f'action="/t/{table_id}/correct"' in host and 'name="seq"' in host

    old = next(e.seq for e in events(app, table_id) if e.seat == "table")  # the table's input: the host's to correct
    assert str(old) not in listed
    opened = client.get(f"/t/{table_id}/correct?seq={old}")
    assert opened.status_code == 302 and opened.headers["Location"].endswith(f"/t/{table_id}/correct/{old}")
    page = client.get(opened.headers["Location"])
    assert page.status_code == 200 and f'action="/t/{table_id}/correct/{old}"' in page.get_data(as_text=True)
    before = [e.action for e in events(app, table_id)]
    for bad, code in [("", 400), ("x", 400), ("0", 400), ("²", 400), ("1.5", 400), (str(live.seq + 1), 404)]:
        answer = client.get(f"/t/{table_id}/correct?seq={bad}", follow_redirects=True)
        assert answer.status_code == code, (bad, answer.status_code)
        if code == 400:
            assert "Say which move to correct, by its number." in answer.get_data(as_text=True)
    assert [e.action for e in events(app, table_id)] == before
