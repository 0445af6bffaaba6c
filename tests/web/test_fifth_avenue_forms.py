import pytest
from werkzeug.datastructures import MultiDict

from companion.web.games import FormError
from companion.web.games.fifth_avenue import action_from_form


def read(**fields):
    return action_from_form(MultiDict(fields))


def test_each_form_reads_as_its_action():
    assert read(type="place_shop", shop="gallery", spot="ts:grey") == {
        "type": "place_shop", "shop": "gallery", "quarter": "ts", "lot": "grey"}
    assert action_from_form(MultiDict([("type", "take_colored"), ("color", "orange"), ("value_orange", "5"),
                                       ("color", "grey"), ("value_violet", "6")])) == {
        "type": "take_colored", "cards": [{"color": "orange", "value": 5}, {"color": "grey"}]}
    assert read(type="take_colored", color="violet") == {"type": "take_colored", "cards": [{"color": "violet"}]}
    assert read(type="move_commission", move="beige:central_park") == {
        "type": "move_commission", "commission": "beige", "to": "central_park"}
    assert read(type="bid", n_grey_6="1", n_black_4="2", n_grey_5="0") == {
        "type": "bid", "cards": [{"color": "grey", "value": 6}, {"color": "black", "value": 4}, {"color": "black", "value": 4}]}
    assert read(type="dummy_bid", draws="4, 6 5 4") == {"type": "dummy_bid", "draws": [4, 6, 5, 4]}
    assert read(type="build", count="2") == {"type": "build", "count": 2}
    assert action_from_form(MultiDict([("type", "reveal_central_park"), ("shops", "gallery"), ("shops", ""),
                                       ("shops", "jeweler")])) == {"type": "reveal_central_park", "shops": ["gallery", "jeweler"]}


@pytest.mark.parametrize("fields", [
    {"type": "teleport"},
    {"type": "place_initial_building", "spot": "ts"},
    {"type": "take_colored"},
    {"type": "take_black", "value": "six"},
    {"type": "bid"},
    {"type": "bid", "n_grey_6": "-1"},
    {"type": "bid", "n_grey_x": "1"},
    {"type": "build", "count": "many"},
    {"type": "dummy_bid", "draws": "4 six"},
    {"type": "move_commission", "move": "white"},
])
def test_unreadable_forms_are_refused_with_a_reason(fields):
    with pytest.raises(FormError) as refused:
        read(**fields)
    assert str(refused.value)


def test_display_row_marks_where_special_scorings_and_the_end_fall():
    """Blocks 3,2,3,2,... give 2,1,2,1,... shops to players (the last of a block goes under
    Central Park), so the 3rd, 6th and 9th placed shops come from the 2nd, 4th and 6th
    blocks (FA-SH-4: 4, 6, 8 VP) and the 12th, which ends the game, from the 8th."""
    from companion.web.games.fifth_avenue import display_marks

    marks = display_marks()
    assert {b: m["shop"] for b, m in marks.items()} == {1: 3, 3: 6, 5: 9, 7: 12}
    assert marks[1]["text"].endswith("4") and marks[5]["text"].endswith("8")


def test_board_picture_marks_the_next_special_scoring(client):
    from tests.web.conftest import create_table

    table_id = create_table(client)
    html = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert '<text x="' in html and 'class="fa-mark next">★ 3Q → 4</text>' in html
    assert html.count('class="fa-mark"') == 3  # the others, not highlighted
