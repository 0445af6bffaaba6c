"""Static files are gzipped once and kept: one kept copy per file that exists, however
many ways its address is written, renewed when the file's content changes."""

import gzip
import os
import shutil
from pathlib import Path

import pytest

from companion.web import assets, create_app
from tests.web.conftest import PUBLIC, TEST_GAMES

GZIP = {"Accept-Encoding": "gzip"}


def static_files(app) -> set[str]:
    return {os.path.realpath(os.path.join(folder, name))
            for folder, _, names in os.walk(app.static_folder) for name in names}


def unzipped(response) -> bytes:
    assert response.status_code == 200 and response.headers["Content-Encoding"] == "gzip"
    return gzip.decompress(response.get_data())


def test_new_query_strings_and_spellings_add_no_kept_copies(app, client):
    name = next(Path(app.static_folder, "vendor").glob("htmx-*/htmx.min.js")).relative_to(app.static_folder).as_posix()
    folder, file = name.rsplit("/", 1)
    original = Path(app.static_folder, name).read_bytes()
    assets._gzipped.clear()
    addresses = [f"/static/{name}?v={n}" for n in range(300)]
    addresses += [f"/static/{folder}/./{file}?v=x", f"/static/{folder}//{file}", f"/static/{name}?v=&w=1"]
    for address in addresses:
        assert unzipped(client.get(address, headers=GZIP)) == original
    assert set(assets._gzipped) == {os.path.realpath(os.path.join(app.static_folder, name))}


def test_kept_copies_are_at_most_one_per_static_file(app, client):
    assets._gzipped.clear()
    for path in static_files(app):
        name = os.path.relpath(path, app.static_folder)
        for version in ("1", "2", "something-else"):
            client.get(f"/static/{name}?v={version}", headers=GZIP)
    assert assets._gzipped and set(assets._gzipped) <= static_files(app)


@pytest.fixture
def own_static(tmp_path):
    """An app serving a copy of one script, which the test then changes."""
    folder = tmp_path / "static"
    folder.mkdir()
    app = create_app({"DATABASE": str(tmp_path / "c.sqlite3"), "PUBLIC_URL": PUBLIC, "TESTING": True,
                      "TEST_GAMES": TEST_GAMES})
    shutil.copy(Path(app.static_folder, "js", "companion.js"), folder / "app.js")
    app.static_folder = str(folder)
    return app, folder / "app.js"


def test_a_changed_file_is_served_changed_under_the_same_address(own_static):
    app, script = own_static
    client = app.test_client()
    before = script.read_bytes()
    assert unzipped(client.get("/static/app.js?v=1", headers=GZIP)) == before
    stat = script.stat()
    after = before.replace(b"function", b"FUNCTION", 1)  # same size
    script.write_bytes(after)
    os.utime(script, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # and the same time
    assert unzipped(client.get("/static/app.js?v=1", headers=GZIP)) == after
    assert len([path for path in assets._gzipped if path == os.path.realpath(script)]) == 1
