import pytest

from tests.history.helpers import Night


@pytest.fixture
def night(tmp_path):
    return Night(tmp_path / "c.sqlite3")
