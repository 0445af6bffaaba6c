import pytest

from companion import engines
from tests import toygame


@pytest.fixture
def toy(monkeypatch):
    """Let ``companion.engines.get`` load the toy game as if it were installed."""
    real_get = engines.get
    monkeypatch.setattr(engines, "get", lambda name: toygame if name == "toy" else real_get(name))
    return toygame


def toy_config(n=2):
    return {"players": [{"seat": f"p{i}", "name": f"P{i}", "colour": "red"} for i in range(1, n + 1)]}
