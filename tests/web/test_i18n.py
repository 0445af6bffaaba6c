from html import unescape
from pathlib import Path

from companion.web import LANGUAGES


def test_page_language_follows_the_phone(client):
    assert '<html lang="it"' in client.get("/", headers={"Accept-Language": "it-IT,it;q=0.9"}).get_data(as_text=True)
    assert '<html lang="de"' in client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert '<html lang="en"' in client.get("/", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert LANGUAGES[0] == "en"


def test_message_catalogue_holds_the_interface_strings():
    pot = (Path(__file__).parents[2] / "companion" / "translations" / "messages.pot").read_text()
    for text in ("Scan to join", "Host controls", "Undo", "Why not something else?"):
        assert f'msgid "{text}"' in pot


def italian(tmp_path, messages: dict) -> str:
    """A translation folder with an Italian catalogue of ``messages``."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    catalog = Catalog(locale="it")
    for msgid, msgstr in messages.items():
        catalog.add(msgid, msgstr)
    folder = tmp_path / "translations" / "it" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / "messages.mo", "wb") as out:
        write_mo(out, catalog)
    return str(tmp_path / "translations")


def test_log_lines_and_refusals_are_rendered_in_each_readers_language(tmp_path):
    from companion.web import create_app
    from tests.web.conftest import PUBLIC, TEST_GAMES, create_toy, join, post_action

    app = create_app({"DATABASE": str(tmp_path / "c.sqlite3"), "PUBLIC_URL": PUBLIC, "TESTING": True,
                      "TEST_GAMES": TEST_GAMES, "BABEL_TRANSLATION_DIRECTORIES": italian(tmp_path, {
                          "{name} chose a secret number.": "{name} ha scelto un numero segreto.",
                          "There is no such table.": "Questo tavolo non esiste.",
                          "Only the host of this table can do that.": "Solo chi ospita il tavolo può farlo.",
                          "Type a number.": "Scrivi un numero.",
                      })})
    host = app.test_client()
    table_id = create_toy(host)
    anna, ben = join(app, table_id, "p1"), join(app, table_id, "p2")
    post_action(anna, table_id, 0, {"type": "secret", "n": 3})
    it = {"Accept-Language": "it"}
    assert "Anna ha scelto un numero segreto." in ben.get(f"/t/{table_id}/me", headers=it).get_data(as_text=True)
    assert "Anna chose a secret number." in host.get(f"/t/{table_id}").get_data(as_text=True)
    assert "Questo tavolo non esiste." in ben.get("/t/nope", headers=it).get_data(as_text=True)
    assert "Solo chi ospita" in ben.get(f"/t/{table_id}/host", headers=it).get_data(as_text=True)
    refused = ben.post(f"/t/{table_id}/act", data={"seq": 1, "type": "secret", "n": "x"}, headers=it)
    assert refused.status_code == 400 and "Scrivi un numero." in refused.get_data(as_text=True)


def test_the_switch_keeps_this_devices_language_in_a_cookie(client):
    assert '<html lang="en"' in client.get("/").get_data(as_text=True)
    answer = client.post("/language", data={"lang": "de", "next": "/history"})
    assert answer.status_code == 302 and answer.headers["Location"] == "/history"
    page = client.get("/", headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert '<html lang="de"' in page and "Einen Tisch eröffnen" in page  # the choice beats the browser
    assert 'value="de"' in page and 'aria-pressed="true"' in page


def test_the_table_screen_has_the_hosts_language_apart_from_the_devices(client):
    from tests.web.conftest import create_table

    table_id = create_table(client)
    client.post("/language", data={"lang": "it"})
    client.post("/language", data={"lang": "de", "for": "screen", "next": f"/t/{table_id}"})
    assert '<html lang="de"' in client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "Warte auf" in client.get(f"/t/{table_id}/main").get_data(as_text=True)
    host_page = client.get(f"/t/{table_id}/host").get_data(as_text=True)
    assert '<html lang="it"' in host_page and "Comandi dell'host" in host_page


def test_the_switch_refuses_other_languages_and_other_sites(client):
    answer = client.post("/language", data={"lang": "fr"})
    assert answer.status_code == 400 and "Choose one of the languages offered." in answer.get_data(as_text=True)
    for target in ("//evil.example/", "https://evil.example/", "\\\\evil", ""):
        answer = client.post("/language", data={"lang": "it", "next": target})
        assert answer.headers["Location"] == "/"


def test_dates_and_decimals_follow_the_reader(client):
    from tests.web.conftest import create_table

    create_table(client)
    shown = {}
    for lang in ("en", "it", "de"):
        client.post("/language", data={"lang": lang})
        shown[lang] = client.get("/").get_data(as_text=True).split("<time", 1)[1].split(">", 1)[1].split("<", 1)[0]
    assert "M" in shown["en"] and "/" in shown["en"]  # 11/26/26, 5:43 AM
    assert "/" in shown["it"] and "M" not in shown["it"]  # 26/11/26, 05:43
    assert "." in shown["de"] and "M" not in shown["de"]  # 26.11.26, 05:43


def test_every_kind_of_move_has_a_name_for_the_audit_trail():
    """The host's trail of undone moves names each move's kind in the reader's words: every
    action type of every game has a name there (a new one without a name fails here)."""
    from importlib import import_module

    from companion.engines import GAMES

    for game in GAMES:
        steps = import_module(f"companion.engines.{game}.flow").STEPS
        kinds = {kind for step in steps.values() for kind in step.actions}
        assert set(import_module(f"companion.web.games.{game}").ACTION_NAMES) == kinds, game


def test_the_audit_trail_and_the_display_marks_speak_the_readers_language(app, client):
    from companion.web.games import fifth_avenue as ui
    from tests.web.conftest import create_table, join, post_action

    table_id = create_table(client)
    tables = app.extensions["companion"]["tables"]
    (seat,) = tables.get(table_id).engine.to_act(tables.get(table_id).state)
    action = tables.get(table_id).engine.legal(tables.get(table_id).state, seat)["actions"][0]
    spot = action["lots"][0]
    post_action(join(app, table_id, seat), table_id, 0, {"type": "place_initial_building", **spot}, ui=ui)
    assert client.post(f"/t/{table_id}/host/undo", data={"count": 1, "confirm": "yes", "seq": 1}).status_code == 302
    trail = client.get(f"/t/{table_id}/host", headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert "immobile iniziale" in trail.split("</summary>", 2)[-1] and "place_initial" not in trail
    board = unescape(client.get(f"/t/{table_id}", headers={"Accept-Language": "de"}).get_data(as_text=True))
    assert "★ 3 Viertel: 4 SP" in board


def test_template_texts_are_translated_markup_with_their_values_escaped(tmp_path):
    from companion.web import create_app, languages
    from tests.web.conftest import PUBLIC

    app = create_app({"DATABASE": str(tmp_path / "c.sqlite3"), "PUBLIC_URL": PUBLIC, "TESTING": True,
                      "BABEL_TRANSLATION_DIRECTORIES": italian(tmp_path, {
                          "Last auction: %(place)s": "Ultima asta: <b>%(place)s</b>",
                          "Sold at 100%%": "Venduto al 100%%"})})
    page = app.jinja_env.from_string(
        '{{ _("Last auction: %(place)s", place=place) }}|{{ gettext("Sold at 100%%") }}|{{ _("Nobody") }}|'
        '{{ ngettext("%(num)s card", "%(num)s cards", 2) }}')
    with app.test_request_context("/"), languages.speaking("it"):
        assert page.render(place="<Park>") == \
            "Ultima asta: <b>&lt;Park&gt;</b>|Venduto al 100%|Nobody|2 cards"
    with app.test_request_context("/"), languages.speaking("en"):
        assert page.render(place="A & B") == "Last auction: A &amp; B|Sold at 100%|Nobody|2 cards"
