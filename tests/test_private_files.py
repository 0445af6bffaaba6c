"""The database and its -wal and -shm files are owner-only whatever the umask
(companion/private_files.py, called by create_app)."""

import os
import stat

import pytest

from companion.web import create_app
from tests.web.conftest import create_table


@pytest.fixture
def usual_umask():
    old = os.umask(0o022)  # files 0644, folders 0755 unless told otherwise
    yield
    os.umask(old)


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def use(database):
    """Start the app on ``database`` and write to it, as a game night would."""
    app = create_app({"DATABASE": str(database), "PUBLIC_URL": "http://192.0.2.10:8000/"})
    create_table(app.test_client())
    return app


def test_a_new_database_and_its_companions_are_owner_only(tmp_path, usual_umask):
    database = tmp_path / "night" / "companion.sqlite3"
    use(database)
    assert mode(tmp_path / "night") == 0o700
    for suffix in ("", "-wal", "-shm"):
        assert mode(f"{database}{suffix}") == 0o600, suffix


def test_a_database_left_readable_is_tightened_on_start(tmp_path, usual_umask):
    database = tmp_path / "companion.sqlite3"
    use(database)
    for suffix in ("", "-wal", "-shm"):
        os.chmod(f"{database}{suffix}", 0o644)
    app = use(database)
    for suffix in ("", "-wal", "-shm"):
        assert mode(f"{database}{suffix}") == 0o600, suffix
    assert len(app.extensions["companion"]["tables"].store.tables()) == 2  # nothing lost
