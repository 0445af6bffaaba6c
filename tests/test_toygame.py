"""The toy game keeps the engine contract, checked by the same tests as every real game."""

from functools import cache
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from companion import engines
from tests import toygame
from tests.engines import test_contract as contract

CHECKS = [contract.test_engine_has_the_common_layout, contract.test_random_playouts_keep_the_contract,
          contract.test_apply_never_changes_its_input, contract.test_secrets_do_not_reach_other_seats,
          contract.test_out_of_turn_action_is_refused_with_a_rule,
          contract.test_legal_offers_what_apply_accepts_and_blocks_what_it_refuses,
          contract.test_a_sealed_step_tells_other_seats_nothing_of_what_was_submitted]


@cache
def toy_msgids(game: str) -> frozenset:
    ids = set()
    for folder in (Path(toygame.__file__).parent, Path(engines.__file__).parent):
        for _file, _line, message, _comments, _context in extract_from_dir(
                str(folder), method_map=[("*.py", "python")]):
            ids.update([message] if isinstance(message, str) else [m for m in message if m])
    return frozenset(ids)


@pytest.mark.parametrize("check", CHECKS, ids=lambda check: check.__name__)
def test_the_toy_game_keeps_the_engine_contract(check, toy, monkeypatch):
    monkeypatch.setitem(engines.GAMES, "toy", "Toy")
    monkeypatch.setattr(contract, "extracted", toy_msgids)
    check("toy")
