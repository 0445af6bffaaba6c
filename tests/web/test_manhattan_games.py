"""Whole random Manhattan games posted through the phones' forms for two, three and four
players, with and without private hands: every action the engine allows can be posted,
the form turns it into exactly that action, nothing answers with a 500, and every page
renders along the way."""

import pytest

from tests.web.manhattan import NAMES, SIDES, mh_form
from tests.web.test_random_games import play_through

GAMES = [
    dict(names=NAMES[:2], sides=("S", "N"), hands="untracked"),
    dict(names=NAMES[:2], sides=("E", "W"), hands="private", pieces=(3, 9, 9, 3)),
    dict(names=NAMES[:3], sides=("S", "E", "N"), hands="private", start="p3"),
    dict(names=NAMES[:4], sides=SIDES, hands="untracked", start="p2", pieces=(10, 6, 4, 4)),
    dict(names=NAMES[:4], sides=("N", "E", "S", "W"), hands="private"),
]


@pytest.mark.parametrize("options", GAMES, ids=["2p", "2p-private", "3p-private", "4p", "4p-private"])
def test_a_whole_manhattan_game_through_the_forms(app, client, options):
    play_through(app, client, "manhattan", mh_form(**options), seed=str(options), pages_every=7)
