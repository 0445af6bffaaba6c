"""Teach as we play (``companion.web.teach``): the table option "We are learning", set in
the wizard and switched by the host; the card of a step shown to the seat that is due in
it the first time, in the phone's language, and to the table screen while nobody has
moved in the step; closing a card, for good; a seat that asks to be taught no more; and
the card files themselves (every step of every game, every rule they cite)."""

import random
import re
from html import unescape
from importlib.resources import files

import pytest

from companion import engines, rules
from companion.engines.common import OVER
from companion.web import create_app, teach
from tests.web.conftest import PUBLIC, TEST_GAMES, create_toy, fa_form, join, _created
from tests.web.manhattan import mh_form
from tests.web.new_york import ny_form
from tests.web.palazzo_setup import pz_form

GAMES = ("fifth_avenue", "palazzo", "new_york", "manhattan")
LANGS = {"en": "en", "it": "it-IT,it;q=0.9", "de": "de-DE"}
FORMS = {"fifth_avenue": fa_form, "palazzo": pz_form, "new_york": ny_form, "manhattan": mh_form}
FIRST_STEP = {"fifth_avenue": "initial", "palazzo": "turn", "new_york": "turn", "manhattan": "pick"}
CARD = re.compile(r'<section class="teach" id="teach-card".*?</section>', re.S)


def new_table(client, game: str, teaching: bool = True) -> str:
    form = FORMS[game]()
    if teaching:
        form["teach"] = "on"
    return _created(client.post(f"/new/{game}", data=form))


def tables(app):
    return app.extensions["companion"]["tables"]


def due(app, table_id: str) -> list[str]:
    live = tables(app).get(table_id)
    return sorted(s for s in live.engine.to_act(live.state) if s != engines.TABLE)


def phone_page(phone, table_id: str, lang: str = "en") -> str:
    answer = phone.get(f"/t/{table_id}/me", headers={"Accept-Language": LANGS[lang]})
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def card_of(html: str) -> str | None:
    """The teaching card on a page, or None."""
    found = CARD.search(html)
    return found[0] if found else None


def step_of(card: str) -> str:
    return re.search(r'name="step" value="([a-z_]+)"', card)[1]


def title(game: str, step: str, lang: str) -> str:
    return teach.load(game, lang)[step]["title"]


def close(phone, table_id: str, step: str, htmx: bool = True, **more):
    return phone.post(f"/t/{table_id}/teach/close", data={"seq": "0", "step": step, **more},
                      headers={"HX-Request": "true"} if htmx else {})


def move(app, table_id: str, seat: str | None = None, seed: int = 1) -> str:
    """One legal move of ``seat`` (the first due seat if None), made through the table
    service as a phone would; returns the seat."""
    live = tables(app).get(table_id)
    seat = seat or sorted(live.engine.to_act(live.state))[0]
    playout = __import__(f"{live.engine.__name__}.playout", fromlist=["random_action"])
    action = playout.random_action(live.state, seat, random.Random(seed))
    tables(app).act(table_id, seat, action, live.seq)
    return seat


# --- the option ---------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_the_wizard_offers_the_option_off_and_the_table_keeps_it(app, client, game):
    page = client.get(f"/new/{game}").get_data(as_text=True)
    box = re.search(r'<input type="checkbox" name="teach"[^>]*>', page)
    assert box and "checked" not in box[0]
    learning = new_table(client, game)
    assert tables(app).get(learning).row.config["teach"] == {"on": True}
    assert tables(app).store.table(learning).config["teach"] == {"on": True}  # stored
    plain = new_table(client, game, teaching=False)
    assert not teach.learning(tables(app).get(plain).row.config)


def test_a_refused_wizard_keeps_the_box_ticked(client):
    form = fa_form(teach="on")
    form["display_1"] = "nonsense"
    answer = client.post("/new/fifth_avenue", data=form)
    assert answer.status_code == 400
    assert re.search(r'<input type="checkbox" name="teach" value="on" checked>', answer.get_data(as_text=True))


def test_the_host_switches_teaching_on_and_off_and_nobody_else_may(app, client):
    table_id = new_table(client, "fifth_avenue", teaching=False)
    phone = join(app, table_id, "p1")
    assert card_of(phone_page(phone, table_id)) is None
    controls = client.get(f"/t/{table_id}/host").get_data(as_text=True)
    assert 'name="teach" value="on"' in controls
    answer = client.post(f"/t/{table_id}/host/teach", data={"teach": "on"})
    assert answer.status_code == 302
    assert tables(app).store.table(table_id).config["teach"]["on"] is True
    assert card_of(phone_page(phone, table_id)) is not None
    assert 'name="teach" value="off"' in client.get(f"/t/{table_id}/host").get_data(as_text=True)
    # a seat is not the host
    assert phone.post(f"/t/{table_id}/host/teach", data={"teach": "off"}).status_code == 403
    assert teach.learning(tables(app).store.table(table_id).config)
    assert client.post(f"/t/{table_id}/host/teach", data={"teach": "maybe"}).status_code == 400
    client.post(f"/t/{table_id}/host/teach", data={"teach": "off"})
    assert not teach.learning(tables(app).store.table(table_id).config)
    assert card_of(phone_page(phone, table_id)) is None
    assert card_of(client.get(f"/t/{table_id}").get_data(as_text=True)) is None


# --- the phones' cards ----------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "it", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_the_seat_due_in_the_first_step_sees_its_card_in_its_language(app, client, game, lang):
    table_id = new_table(client, game)
    seats = tables(app).get(table_id).seats
    phones = {seat: join(app, table_id, seat) for seat in seats}
    (first,) = due(app, table_id)
    step = FIRST_STEP[game]
    card = card_of(phone_page(phones[first], table_id, lang))
    assert card, f"{game}: no card for {first}"
    assert step_of(card) == step
    assert unescape(title(game, step, lang)) in unescape(card)
    cited = re.findall(rf'<a class="rule" href="/rules/{game}#([A-Z0-9-]+)"', card)
    assert cited and cited == list(teach.load(game, lang)[step]["rules"])
    assert {"en": "Got it", "it": "Ho capito", "de": "Verstanden"}[lang] in card
    assert {"en": "Stop teaching me", "it": "Non spiegarmi più", "de": "Mir nichts mehr erklären"}[lang] in card
    for other in seats:  # the others are not due: no card for them
        if other != first:
            assert card_of(phone_page(phones[other], table_id, lang)) is None, other


@pytest.mark.parametrize("game", GAMES)
def test_no_card_at_a_table_that_is_not_learning(app, client, game):
    table_id = new_table(client, game, teaching=False)
    (first,) = due(app, table_id)
    assert card_of(phone_page(join(app, table_id, first), table_id)) is None
    assert card_of(client.get(f"/t/{table_id}").get_data(as_text=True)) is None


def test_an_example_from_the_rulebook_is_on_the_card_where_there_is_one(app, client):
    table_id = new_table(client, "manhattan")
    from tests.web.manhattan import pick_all

    pick_all(app, table_id)
    (first,) = due(app, table_id)
    card = card_of(phone_page(join(app, table_id, first), table_id, "de"))
    assert step_of(card) == "build"
    assert "Das Beispiel aus der Spielregel" in card and "Hellblau (5)" in card


def test_a_closed_card_stays_closed_after_the_next_move(app, client):
    table_id = new_table(client, "fifth_avenue")
    phones = {seat: join(app, table_id, seat) for seat in ("p1", "p2", "p3")}
    assert step_of(card_of(phone_page(phones["p1"], table_id))) == "initial"
    answer = close(phones["p1"], table_id, "initial")
    assert answer.status_code == 200 and answer.get_data(as_text=True) == ""
    assert card_of(phone_page(phones["p1"], table_id)) is None
    assert tables(app).store.table(table_id).config["teach"]["closed"] == {"p1": ["initial"]}
    assert close(phones["p1"], table_id, "initial").status_code == 200  # again: nothing changes
    assert tables(app).store.table(table_id).config["teach"]["closed"] == {"p1": ["initial"]}
    # another seat is now due in the same step: its own card, untouched by p1's closing
    move(app, table_id, "p1")
    (second,) = due(app, table_id)
    assert card_of(phone_page(phones[second], table_id)) is not None
    assert card_of(phone_page(phones["p1"], table_id)) is None


def test_closing_without_htmx_goes_back_to_the_phone(app, client):
    table_id = new_table(client, "fifth_avenue")
    phone = join(app, table_id, "p1")
    answer = close(phone, table_id, "initial", htmx=False)
    assert answer.status_code == 302 and answer.headers["Location"].endswith(f"/t/{table_id}/me")


@pytest.mark.parametrize("step", ["", "over", "nonsense", "x" * 50, "Initial"])
def test_closing_a_step_the_game_does_not_have_is_refused(app, client, step):
    table_id = new_table(client, "fifth_avenue")
    phone = join(app, table_id, "p1")
    assert close(phone, table_id, step).status_code == 400
    assert "closed" not in tables(app).store.table(table_id).config["teach"]


def test_a_phone_without_a_seat_closes_nothing(app, client):
    table_id = new_table(client, "fifth_avenue")
    stranger = app.test_client()
    assert close(stranger, table_id, "initial").status_code == 403
    assert stranger.post(f"/t/{table_id}/teach/quiet", data={"seq": "0"}).status_code == 403


def play_initial_round(app, table_id: str) -> None:
    """Fifth Avenue's initial buildings, all of them (two per player)."""
    n = 0
    while tables(app).get(table_id).state["phase"] == "initial":
        move(app, table_id, seed=n)
        n += 1


def test_a_seat_that_moved_in_a_step_is_not_taught_it_again_and_a_new_step_has_its_card(app, client):
    table_id = new_table(client, "fifth_avenue")
    phones = {seat: join(app, table_id, seat) for seat in ("p1", "p2", "p3")}
    seen = []
    while tables(app).get(table_id).state["phase"] == "initial":
        (seat,) = due(app, table_id)
        card = card_of(phone_page(phones[seat], table_id))
        seen.append((seat, card is not None))
        move(app, table_id, seat)
    # the first round teaches each seat, the second (in reverse) nobody: all moved in it
    assert seen == [(s, True) for s, _ in seen[:3]] + [(s, False) for s, _ in seen[3:]]
    assert {s for s, _ in seen[:3]} == {"p1", "p2", "p3"}
    (seat,) = due(app, table_id)
    card = card_of(phone_page(phones[seat], table_id, "it"))
    assert step_of(card) == "choose" and title("fifth_avenue", "choose", "it") in unescape(card)


def test_what_was_moved_is_known_again_after_a_restart(app, client, tmp_path):
    table_id = new_table(client, "fifth_avenue")
    phone = join(app, table_id, "p1")
    secret = phone.get_cookie(f"seat_{table_id}").value
    play_initial_round(app, table_id)
    while "p1" not in due(app, table_id) or tables(app).get(table_id).state["phase"] != "choose":
        move(app, table_id)
    assert card_of(phone_page(phone, table_id)) is not None  # p1's first "choose"
    close(phone, table_id, "choose")
    restarted = create_app({"DATABASE": app.config["DATABASE"], "PUBLIC_URL": PUBLIC, "TESTING": True})
    again = restarted.test_client()
    again.set_cookie(f"seat_{table_id}", secret)
    assert card_of(phone_page(again, table_id)) is None  # closed, as stored
    # and a step p1 moved in before the restart stays taught: undo the closing and look again
    tables(restarted).update_config(table_id, lambda config: config["teach"].pop("closed"))
    moved = teach.moved  # the moves are read back from the stored log
    with restarted.test_request_context():
        from companion.web import moment

        now = moment.facts(tables(restarted).get(table_id))
        assert ("p1", "initial") in moved(now) and ("p1", "choose") not in moved(now)
    assert step_of(card_of(phone_page(again, table_id))) == "choose"


def test_an_undo_forgets_the_moves_it_took_back(app, client):
    table_id = new_table(client, "fifth_avenue")
    phone = join(app, table_id, "p1")
    move(app, table_id, "p1")
    assert card_of(phone_page(phone, table_id)) is None  # p1 is no longer due
    tables(app).undo(table_id, 1, 1)
    assert step_of(card_of(phone_page(phone, table_id))) == "initial"  # as if never moved


def test_stop_teaching_me_is_for_that_seat_only(app, client):
    table_id = new_table(client, "fifth_avenue")
    phones = {seat: join(app, table_id, seat) for seat in ("p1", "p2", "p3")}
    answer = phones["p1"].post(f"/t/{table_id}/teach/quiet", data={"seq": "0"}, headers={"HX-Request": "true"})
    assert answer.status_code == 200
    assert tables(app).store.table(table_id).config["teach"]["quiet"] == ["p1"]
    assert card_of(phone_page(phones["p1"], table_id)) is None
    play_initial_round(app, table_id)
    while "p1" not in due(app, table_id):
        move(app, table_id)
    assert card_of(phone_page(phones["p1"], table_id)) is None  # a new step: still quiet
    # the others are still taught: the first seat due in "choose" other than p1
    while True:
        move(app, table_id)
        (seat,) = due(app, table_id) or (None,)
        if seat not in (None, "p1") and tables(app).get(table_id).state["phase"] == "choose":
            break
    assert step_of(card_of(phone_page(phones[seat], table_id))) == "choose"


# --- the table screen -----------------------------------------------------------------------

def test_the_table_screen_shows_the_step_until_someone_moved_in_it_or_the_host_closes_it(app, client):
    table_id = new_table(client, "fifth_avenue")
    viewer = app.test_client()  # the table screen on a TV, without host rights
    card = card_of(client.get(f"/t/{table_id}").get_data(as_text=True))
    assert card and step_of(card) == "initial" and 'name="for" value="table"' in card
    shown = card_of(viewer.get(f"/t/{table_id}").get_data(as_text=True))
    assert shown and "teach/close" not in shown and "teach/quiet" not in shown  # only the host closes it
    move(app, table_id, "p1")
    assert card_of(client.get(f"/t/{table_id}").get_data(as_text=True)) is None  # someone moved in it
    play_initial_round(app, table_id)
    card = card_of(client.get(f"/t/{table_id}", headers={"Accept-Language": LANGS["de"]}).get_data(as_text=True))
    assert step_of(card) == "choose" and title("fifth_avenue", "choose", "de") in unescape(card)
    assert close(viewer, table_id, "choose", **{"for": "table"}).status_code == 403
    assert close(client, table_id, "choose", **{"for": "table"}).status_code == 200
    assert tables(app).store.table(table_id).config["teach"]["table"] == ["choose"]
    assert card_of(client.get(f"/t/{table_id}").get_data(as_text=True)) is None
    # the phone's card is the seat's own: the host closing the table's leaves it
    (seat,) = due(app, table_id)
    assert step_of(card_of(phone_page(join(app, table_id, seat), table_id))) == "choose"


def test_a_game_without_cards_teaches_nothing(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "t.sqlite3"), "PUBLIC_URL": PUBLIC, "TESTING": True,
                      "TEST_GAMES": TEST_GAMES})
    client = app.test_client()
    table_id = create_toy(client)
    client.post(f"/t/{table_id}/host/teach", data={"teach": "on"})
    assert teach.learning(tables(app).get(table_id).row.config)
    html = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert card_of(html) is None


# --- the card files -------------------------------------------------------------------------

MENTION = re.compile(r"\b[A-Z]+(?:-[A-Z0-9]+)+\b")


@pytest.mark.parametrize("lang", ["en", "it", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_every_step_has_a_card_citing_rules_of_its_game(game, lang):
    """Every step of the game's flow but the end has a card in the file of each language
    (a step only the table acts in, a draw the host enters, included: the table screen
    shows it); no card for a step the game lacks; every rule a card cites or mentions is a
    rule of the game's rules page in that language."""
    name = f"{game}.md" if lang == "en" else f"{game}.{lang}.md"
    cards = teach.parse(files("companion.rules").joinpath("teach", name).read_text(encoding="utf-8"))
    steps = set(teach.steps_of(engines.get(game))) - {OVER}
    assert steps and set(cards) == steps
    ids = set(rules.load(game, lang).index())
    for step, card in cards.items():
        assert card["title"] and card["paragraphs"] and card["rules"], (step, card)
        text = " ".join([card["title"], *card["paragraphs"], card["example"] or ""])
        for rule_id in [*card["rules"], *MENTION.findall(text)]:
            assert rule_id in ids, f"{name} {step}: {rule_id} is no rule of {game}"


def test_cards_in_other_languages_say_the_same_rules():
    for game in GAMES:
        english = teach.load(game, "en")
        for lang in ("it", "de"):
            other = teach.load(game, lang)
            for step, card in english.items():
                assert other[step]["rules"] == card["rules"], (game, lang, step)
                assert bool(other[step]["example"]) == bool(card["example"]), (game, lang, step)
                assert other[step]["title"] != card["title"], (game, lang, step)  # translated


def test_the_card_file_format():
    cards = teach.parse("# G\nignored\n## one · First\nRules: G-1, G-2\n\nSome **bold**\ntext.\n\nMore.\n"
                        "> An example\n> on two lines.\n## two · Second\nRules: G-3\nJust this.\n")
    assert cards == {
        "one": {"title": "First", "rules": ("G-1", "G-2"), "paragraphs": ["Some **bold** text.", "More."],
                "example": "An example on two lines."},
        "two": {"title": "Second", "rules": ("G-3",), "paragraphs": ["Just this."], "example": None},
    }
