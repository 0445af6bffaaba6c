"""Whole random New York games played through the web forms, as the phones and the host
would post them: 2 to 6 players (two with Dirk), every action the engine allows can be
posted, the form gives back exactly that action, nothing answers with a 500, and every
page renders at every stage."""

import pytest

from tests.web.new_york import ny_config, ny_form
from tests.web.test_random_games import play_through


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_whole_new_york_game_through_the_forms(app, client, players):
    form = ny_form(ny_config(players, seed=players))
    if players == 2:
        assert "dirk_6_type" in form  # Dirk's six tiles come from the wizard
    play_through(app, client, "new_york", form, seed=f"ny{players}", pages_every=40)
