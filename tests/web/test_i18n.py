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
