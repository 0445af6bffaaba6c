"""Playing through the web: joining, acting, refusals, simultaneous steps and the host's
inputs for the table, on tables of the toy game (the platform, whatever the game)."""

import json
import random
import re
import threading

from tests.toygame import playout as toy_playout
from tests.web.conftest import PUBLIC, create_toy, events, join, post_action, seq_of

SECRETS = {"p1": 7, "p2": 2, "p3": 5}


def phones(app, table_id, seats=("p1", "p2", "p3")):
    return {seat: join(app, table_id, seat) for seat in seats}


def to_turns(app, client, table_id, roll=4):
    """Every phone joins and chooses its secret, the host types the roll: Anna's turn, move 4."""
    devices = phones(app, table_id)
    for seat, n in SECRETS.items():
        assert post_action(devices[seat], table_id, 0, {"type": "secret", "n": n}).status_code == 302
    assert post_action(client, table_id, 3, {"type": "roll", "n": roll}, table=True).status_code == 302
    return devices


def test_table_screen_shows_the_board_and_a_join_qr_with_the_public_address(app, client):
    table_id = create_toy(client)
    html = client.get(f"/t/{table_id}").get_data(as_text=True)
    code = app.extensions["companion"]["tables"].get(table_id).row.join_code
    assert f"{PUBLIC}j/{code}" in html and "<svg" in html
    assert 'class="toy-board"' in html


def test_the_table_screen_draws_players_from_the_contract_fields(client):
    table_id = create_toy(client)
    html = client.get(f"/t/{table_id}").get_data(as_text=True)
    players = html.split('<ul class="players">')[1].split("</ul>")[0]
    assert re.search(r'<li id="player-p1" class="color-red to-act">\s*<span class="initials"[^>]*>An</span>\s*'
                     r'<span class="name">Anna</span>', players)


def test_join_page_offers_free_seats_and_a_taken_seat_is_refused(app, client):
    table_id = create_toy(client)
    code = app.extensions["companion"]["tables"].get(table_id).row.join_code
    html = app.test_client().get(f"/j/{code}").get_data(as_text=True)
    assert all(f'value="{seat}" class="seat color-' in html for seat in ("p1", "p2", "p3"))
    join(app, table_id, "p1")
    other = app.test_client()
    response = other.post(f"/j/{code}", data={"seat": "p1"})
    assert response.status_code == 409 and "already taken" in response.get_data(as_text=True)
    response = other.post(f"/j/{code}", data={"seat": "p9"})
    assert response.status_code == 404 and "no seat" in response.get_data(as_text=True)
    assert app.test_client().get("/j/not-a-code").status_code == 404


def test_a_phone_keeps_its_seat_across_reloads(app, client):
    table_id = create_toy(client)
    phone = join(app, table_id, "p2")
    code = app.extensions["companion"]["tables"].get(table_id).row.join_code
    again = phone.get(f"/j/{code}")
    assert again.status_code == 302 and again.headers["Location"].endswith(f"/t/{table_id}/me")
    assert '<span class="me color-blue">Ben</span>' in phone.get(f"/t/{table_id}/me").get_data(as_text=True)


def test_a_phone_without_a_seat_is_sent_to_join(app, client):
    table_id = create_toy(client)
    response = app.test_client().get(f"/t/{table_id}/me")
    assert response.status_code == 302 and "/j/" in response.headers["Location"]
    assert post_action(app.test_client(), table_id, 0, {"type": "secret", "n": 3}).status_code == 403
    assert events(app, table_id) == []


def test_a_simultaneous_step_takes_each_seat_once_in_any_order(app, client):
    """Secrets are chosen at once: each phone's submission counts though it was based on
    move 0, and only once."""
    table_id = create_toy(client)
    devices = phones(app, table_id)
    for seat in ("p3", "p1"):
        assert post_action(devices[seat], table_id, 0, {"type": "secret", "n": SECRETS[seat]}).status_code == 302
    again = post_action(devices["p3"], table_id, 0, {"type": "secret", "n": 9}, htmx=True)
    assert again.status_code == 409 and "moved on" in again.get_data(as_text=True)
    assert post_action(devices["p2"], table_id, 1, {"type": "secret", "n": 2}).status_code == 302
    assert [(e.seat, e.action["n"]) for e in events(app, table_id)] == [("p3", 5), ("p1", 7), ("p2", 2)]


def test_a_secret_shows_only_on_its_owners_phone_until_all_are_in(app, client):
    table_id = create_toy(client)
    devices = phones(app, table_id)
    post_action(devices["p1"], table_id, 0, {"type": "secret", "n": 7})
    mine = devices["p1"].get(f"/t/{table_id}/me").get_data(as_text=True)
    assert 'data-secret="7"' in mine and "You chose the secret number 7." in mine
    for page in (devices["p2"].get(f"/t/{table_id}/me"), client.get(f"/t/{table_id}")):
        html = page.get_data(as_text=True)
        assert "data-secret" not in html and "Anna chose a secret number." in html


def test_complete_actions_post_exactly_what_legal_lists(app, client):
    """The add buttons carry legal()'s actions; the one generic reader commits them as they are."""
    table_id = create_toy(client)
    devices = to_turns(app, client, table_id)
    html = devices["p1"].get(f"/t/{table_id}/me").get_data(as_text=True)
    posted = [json.loads(v) for v in re.findall(r"<button name=\"action\" value='([^']*)'", html)]
    live = app.extensions["companion"]["tables"].get(table_id)
    assert posted == live.engine.legal(live.state, "p1")["actions"] == [{"type": "add", "n": n} for n in (1, 2, 3)]
    assert ">Add 2</button>" in html
    response = devices["p1"].post(f"/t/{table_id}/act", data={"seq": 4, "action": json.dumps(posted[2])})
    assert response.status_code == 302 and events(app, table_id)[-1].action == {"type": "add", "n": 3}


def test_a_blocked_choice_says_why_and_posting_it_anyway_is_refused_by_its_rule(app, client):
    table_id = create_toy(client)
    devices = to_turns(app, client, table_id)
    post_action(devices["p1"], table_id, 4, {"type": "add", "n": 2})
    html = devices["p2"].get(f"/t/{table_id}/me").get_data(as_text=True)
    blocked = html.split('<details class="blocked"')[1].split("</details>")[0]
    assert "Not 2: the player before you added 2." in blocked and "#TOY-5" in blocked
    assert "Add 2" not in html
    response = post_action(devices["p2"], table_id, 5, {"type": "add", "n": 2}, htmx=True)
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and "the player before you added 2" in html
    assert 'href="/rules/toy#TOY-5"' in html
    assert len(events(app, table_id)) == 5


def test_an_htmx_action_is_answered_with_nothing_and_the_page_then_shows_the_move(app, client):
    table_id = create_toy(client)
    anna = join(app, table_id, "p1")
    response = post_action(anna, table_id, 0, {"type": "secret", "n": 7}, htmx=True)
    assert response.status_code == 200 and response.get_data(as_text=True) == ""  # the push brings it
    html = anna.get(f"/t/{table_id}/main?page=phone", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert html.startswith('<div id="main"') and seq_of(html) == 1 and "secret: 7" in html


def test_out_of_turn_and_acting_for_another_seat_are_refused(app, client):
    table_id = create_toy(client)
    devices = to_turns(app, client, table_id)
    response = devices["p2"].post(f"/t/{table_id}/act", data={
        "seq": 4, "action": json.dumps({"type": "add", "n": 1}), "seat": "p1"})
    assert response.status_code == 422 and "TOY-4" in response.get_data(as_text=True)
    assert len(events(app, table_id)) == 4


def test_a_stale_or_replayed_action_is_refused_with_a_fresh_view(app, client):
    table_id = create_toy(client)
    devices = to_turns(app, client, table_id)
    assert post_action(devices["p1"], table_id, 4, {"type": "add", "n": 1}).status_code == 302
    replay = post_action(devices["p1"], table_id, 4, {"type": "add", "n": 1}, htmx=True)
    html = replay.get_data(as_text=True)
    assert replay.status_code == 409 and "moved on" in html and seq_of(html) == 5
    stale = post_action(devices["p2"], table_id, 4, {"type": "add", "n": 2}, htmx=True)
    assert stale.status_code == 409
    assert len(events(app, table_id)) == 5


def test_malformed_forms_get_a_400_and_change_nothing(app, client):
    table_id = create_toy(client)
    anna = join(app, table_id, "p1")
    for data in ({"type": "secret", "n": "3"},                     # no seq
                 {"seq": "x", "type": "secret", "n": "3"},         # bad seq
                 {"seq": 0, "type": "fly_to_the_moon"},            # no such form
                 {"seq": 0, "type": "secret", "n": "seven"},       # unreadable field
                 {"seq": 0, "action": "{not json"},                # a broken button
                 {"seq": 0, "action": '["secret", 3]'},            # not an action
                 {"seq": 0, "action": '{"n": 3}'},                 # no type
                 {"seq": 0, "action": '{"type": "secret", "n": [[[[3]]]]}'},  # not flat
                 {"seq": 0, "action": "[" * 20_000}):               # too deep to parse
        response = anna.post(f"/t/{table_id}/act", data=data)
        assert response.status_code == 400, data
    assert events(app, table_id) == []


def test_unknown_things_are_404s(client):
    assert client.get("/t/nope").status_code == 404
    assert client.get("/t/nope/me").status_code == 404
    assert client.post("/t/nope/act", data={"seq": 0}).status_code == 404
    assert client.get("/no/such/page").status_code == 404


def test_main_fragment_for_phone_and_table(app, client):
    table_id = create_toy(client)
    anna = join(app, table_id, "p1")
    assert 'id="main"' in anna.get(f"/t/{table_id}/main?page=phone").get_data(as_text=True)
    assert app.test_client().get(f"/t/{table_id}/main?page=phone").status_code == 403
    assert 'class="table-main"' in client.get(f"/t/{table_id}/main").get_data(as_text=True)


def test_table_inputs_need_the_host_and_the_server_can_draw(app, client):
    table_id = create_toy(client)
    devices = phones(app, table_id)
    for seq, (seat, n) in enumerate(SECRETS.items()):
        post_action(devices[seat], table_id, seq, {"type": "secret", "n": n})
    roll = {"type": "roll", "n": 5}
    assert post_action(devices["p1"], table_id, 3, roll, table=True).status_code == 403
    html = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "Roll the die and enter what it shows." in html and 'name="draw" value="server"' in html
    assert "Roll the die" not in devices["p1"].get(f"/t/{table_id}/me").get_data(as_text=True)
    bad = post_action(client, table_id, 3, {"type": "roll", "n": 9}, table=True)
    assert bad.status_code == 422 and "TOY-3" in bad.get_data(as_text=True)
    drawn = client.post(f"/t/{table_id}/table-act", data={"seq": 3, "type": "roll", "draw": "server"})
    assert drawn.status_code == 302
    assert [e.action["type"] for e in events(app, table_id)] == ["secret"] * 3 + ["roll"]
    assert events(app, table_id)[-1].action["n"] in range(1, 7)


def test_the_log_keeps_texts_and_each_viewer_reads_their_own_line(app, client):
    table_id = create_toy(client)
    devices = phones(app, table_id)
    post_action(devices["p2"], table_id, 0, {"type": "secret", "n": 2})
    live = app.extensions["companion"]["tables"].get(table_id)
    assert live.lines("p2", 1)[0]["text"] == {"id": "You chose the secret number {n}.", "args": {"n": 2}}
    assert live.lines(None, 1)[0]["text"] == {"id": "{name} chose a secret number.", "args": {"name": "Ben"}}


def test_a_whole_game_ends_with_its_winners_on_every_page(app, client):
    table_id = create_toy(client)
    devices = to_turns(app, client, table_id, roll=6)
    live = app.extensions["companion"]["tables"].get(table_id)
    while not live.engine.is_over(live.state):
        seat = next(iter(live.engine.to_act(live.state)))
        action = live.engine.legal(live.state, seat)["actions"][-1]
        assert post_action(devices[seat], table_id, live.seq, action).status_code == 302
    screen = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "The game is over." in screen
    names = {"p1": "Anna", "p2": "Ben", "p3": "Cleo"}
    winners = live.engine.scores(live.state)["winners"]
    assert winners and all(names[w] in screen.split("Scores")[1].split("</h2>")[0] for w in winners)
    for phone in devices.values():
        html = phone.get(f"/t/{table_id}/me").get_data(as_text=True)
        assert "Game over" in html and "Add 1" not in html


def test_an_action_with_a_form_of_its_own_is_not_taken_as_a_complete_action(app, client):
    table_id = create_toy(client)
    anna = join(app, table_id, "p1")
    response = anna.post(f"/t/{table_id}/act", data={"seq": 0, "action": json.dumps({"type": "secret", "n": 3})})
    assert response.status_code == 400 and events(app, table_id) == []


def test_statistics_name_a_game_that_has_no_title_of_the_shipped_games(app, client):
    """A finished game of a test-only game (or one whose engine is gone): the statistics
    page names it by its key, as the other history pages do, and does not fail."""
    table_id = create_toy(client)
    tables = app.extensions["companion"]["tables"]
    live = tables.get(table_id)
    rng = random.Random(3)
    while not live.engine.is_over(live.state):
        seat = sorted(live.engine.to_act(live.state))[0]
        tables.act(table_id, seat, toy_playout.random_action(live.state, seat, rng), live.seq)
    page = client.get("/history/stats")
    assert page.status_code == 200 and "Wins in toy" in page.get_data(as_text=True)


def test_each_request_hands_its_database_connection_on_to_the_next(app, client, monkeypatch):
    store = app.extensions["companion"]["tables"].store
    table_id = create_toy(client)
    opened = []
    connect = store._connect
    monkeypatch.setattr(store, "_connect", lambda: opened.append(1) or connect())
    for seat in ("p1", "p2", "p3"):  # each on a thread of its own, as each request is a greenlet under gevent
        thread = threading.Thread(target=join, args=(app, table_id, seat))
        thread.start()
        thread.join()
    assert store.seats(table_id) and all(store.seats(table_id).values())  # each claim was written
    assert len(opened) <= 1
