"""Player names, table names and profile names in every game's set-up wizard
(companion/names.py): normalised, and a clear message, in the host's language, for what
cannot be shown honestly or told apart."""

import html

import pytest

from tests.web.conftest import create_table, fa_form
from tests.web.manhattan import mh_form
from tests.web.new_york import ny_config, ny_form
from tests.web.palazzo_setup import pz_form


def tables(app):
    return app.extensions["companion"]["tables"]


@pytest.mark.parametrize("names, complaint", [
    (("Anna", "Ben", "An\u200bna"), "looks the same as player 1"),
    (("Anna", "Ben", "ANNA"), "looks the same as player 1"),
    (("Anna", "\u200b\u2060", "Cleo"), "nothing visible"),
    (("Anna", "Ben", "\u202eanelC"), "direction"),
])
def test_the_wizard_says_what_is_wrong_with_a_name_and_creates_nothing(app, client, names, complaint):
    response = client.post("/new/fifth_avenue", data=fa_form(names=names))
    assert response.status_code == 400
    assert complaint in response.get_data(as_text=True)
    assert tables(app).store.tables() == []


def test_names_are_stored_normalised(app, client):
    table_id = create_table(client, names=("  \uff21nna ", "Ben\tJr", "Cleo"))
    players = tables(app).get(table_id).row.config["players"]
    assert [p["name"] for p in players] == ["Anna", "Ben Jr", "Cleo"]


FORMS = {"fifth_avenue": lambda: fa_form(names=("Anna", "Ben", "Cleo")),
         "palazzo": pz_form,
         "new_york": lambda: ny_form(ny_config(3)),
         "manhattan": lambda: mh_form(names=("Anna", "Ben", "Cleo"))}


@pytest.mark.parametrize("game", sorted(FORMS))
@pytest.mark.parametrize("field, typed, complaint", [
    ("title", "Friday\x02status\x02", "The name of this table contains a control character"),
    ("title", "Friday \u202enight", "The name of this table contains a character that changes the direction"),
    ("profile_name", "our\x07box", "The name of the profile contains a control character"),
    ("name_2", "Be\x1bn", "The name of player 2 contains a control character"),
    ("name_2", "ANNA", "The name of player 2 (ANNA) looks the same as player 1"),
])
def test_every_wizard_refuses_what_cannot_be_shown_honestly(app, client, game, field, typed, complaint):
    form = FORMS[game]() | {"name_1": "Anna", field: typed}
    response = client.post(f"/new/{game}", data=form)
    assert response.status_code == 400
    assert complaint in html.unescape(response.get_data(as_text=True))
    assert tables(app).store.tables() == []


@pytest.mark.parametrize("game", sorted(FORMS))
def test_a_table_name_is_stored_normalised(app, client, game):
    response = client.post(f"/new/{game}", data=FORMS[game]() | {"title": "  Friday\t\uff2eight  "})
    assert response.status_code == 302
    assert [row.title for row in tables(app).store.tables()] == ["Friday Night"]


@pytest.mark.parametrize("language, says", [
    ("it", "Il nome del giocatore 2 contiene un carattere di controllo"),
    ("de", "Der Name von Spieler 2 enthält ein Steuerzeichen"),
    ("it", "Il nome di questo tavolo contiene un carattere che cambia la direzione"),
])
def test_a_refused_name_is_explained_in_the_hosts_language(app, client, language, says):
    typed = {"name_2": "Be\x1bn"} if "giocatore" in says or "Spieler" in says else {"title": "\u202eFriday"}
    response = client.post("/new/fifth_avenue", data=fa_form(names=("Anna", "Ben", "Cleo")) | typed,
                           headers={"Accept-Language": language})
    assert response.status_code == 400
    assert says in html.unescape(response.get_data(as_text=True))
