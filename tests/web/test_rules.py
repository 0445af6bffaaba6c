import re

from companion import engines, rules


def test_every_game_with_a_rule_book_has_a_page_with_each_rule_anchored(client):
    for game in engines.available():
        book = rules.load(game)
        html = client.get(f"/rules/{game}").get_data(as_text=True)
        anchors = set(re.findall(r'<dt id="([A-Z]+-[A-Z0-9-]+)"', html))
        assert anchors == set(book.index()), game


def test_fifth_avenue_rules_cover_every_rule_of_the_digest(client):
    # The digest's rule IDs, written down here as the contract for the page.
    html = client.get("/rules/fifth_avenue").get_data(as_text=True)
    for rule in ("FA-C-3", "FA-S-4", "FA-T-1", "FA-M-4", "FA-SH-3", "FA-Q-2", "FA-A-5", "FA-X-2", "FA-E-3", "FA-2P-3", "FA-V-1"):
        assert f'id="{rule}"' in html


def test_unknown_game_rules_are_404(client):
    assert client.get("/rules/chess").status_code == 404


def test_rules_index_lists_games(client):
    assert "/rules/fifth_avenue" in client.get("/rules/").get_data(as_text=True)


def test_rule_text_format_is_parsed():
    book = rules.parse("# G\nIntro one\nline.\n\n## G-A · Things\n- **G-A-1** First *rule*\n  goes on.\n- **G-A-2** Second.\n")
    assert book.title == "G" and book.intro == ["Intro one line."]
    assert [(r.id, r.text) for r in book.sections[0].rules] == [("G-A-1", "First *rule* goes on."), ("G-A-2", "Second.")]


def test_tables_in_a_rule_book_are_kept():
    book = rules.parse("# G\n## G-A · Data\n- **G-A-1** See below.\n\n| type | n |\n|---|---|\n| park | 11 |\n| museum | 7 |\n")
    assert book.sections[0].tables == [[["type", "n"], ["park", "11"], ["museum", "7"]]]
    assert book.sections[0].rules[0].text == "See below."


def test_new_york_catalogue_table_reaches_the_rules_page(client):
    html = client.get("/rules/new_york").get_data(as_text=True)
    table = html.split('<table class="rules-table">')[1].split("</table>")[0]
    assert "<td>skyscraper</td>" in table and "<td>11</td>" in table


def test_phone_and_table_link_to_their_games_rules(app, client):
    from tests.web.conftest import create_table, join

    table_id = create_table(client)
    for page in (client.get(f"/t/{table_id}"), join(app, table_id, "p1").get(f"/t/{table_id}/me")):
        assert 'href="/rules/fifth_avenue"' in page.get_data(as_text=True)
