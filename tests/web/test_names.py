"""Player names in the set-up wizard (companion/names.py): normalised, and a clear
message for names that cannot be shown honestly or told apart."""

import pytest

from tests.web.conftest import create_table, fa_form


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
