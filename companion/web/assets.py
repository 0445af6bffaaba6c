"""Static files and answers made light for a café's Wi-Fi: every static URL carries its
content's version (``?v=``), so browsers keep it for a year without asking again; HTML,
scripts and styles travel gzipped to browsers that accept it; ``/favicon.ico`` is the
app's icon."""

import gzip
import hashlib
import mimetypes
import os
import threading

from flask import current_app, redirect, request, url_for
from werkzeug.security import safe_join

mimetypes.add_type("application/manifest+json", ".webmanifest")
YEAR = 365 * 24 * 3600
COMPRESSED = ("text/html", "text/css", "text/javascript", "application/javascript", "application/json",
              "application/manifest+json", "image/svg+xml")
SMALLEST = 1024  # bytes: smaller answers gain nothing from gzip
_versions: dict[str, tuple[float, str]] = {}
# a static file's real path -> (a digest of the body served, that body gzipped): one
# entry per file that exists, however its URL was written (``?v=`` is whatever the
# browser sent), and renewed when the file changes
_gzipped: dict[str, tuple[bytes, bytes]] = {}
_lock = threading.Lock()


def version(filename: str) -> str:
    """A short hash of a static file's content (recomputed when the file changes)."""
    path = os.path.join(current_app.static_folder, filename)
    try:
        mtime = os.stat(path).st_mtime
    except OSError:
        return "0"
    with _lock:
        kept = _versions.get(path)
    if kept and kept[0] == mtime:
        return kept[1]
    with open(path, "rb") as file:
        digest = hashlib.sha256(file.read()).hexdigest()[:10]
    with _lock:
        _versions[path] = (mtime, digest)
    return digest


def add_version(endpoint: str, values: dict) -> None:
    """URL defaults: ``url_for('static', filename=...)`` gets ``v=<content hash>``."""
    if endpoint == "static" and "filename" in values and "v" not in values:
        values["v"] = version(values["filename"])


def light(response):
    """After every request: long caching for versioned static files; gzip where it helps."""
    if request.endpoint == "static" and request.args.get("v") and response.status_code in (200, 304):
        response.cache_control.no_cache = None
        response.cache_control.public = True
        response.cache_control.max_age = YEAR
        response.cache_control.immutable = True
    if _compressible(response):
        _gzip(response)
    return response


def _compressible(response) -> bool:
    # a static file is streamed from disk: small enough to read whole and gzip once
    return (response.status_code == 200 and (not response.is_streamed or request.endpoint == "static")
            and "gzip" in request.headers.get("Accept-Encoding", "").lower()
            and "Content-Encoding" not in response.headers
            and response.mimetype in COMPRESSED
            and request.headers.get("Upgrade", "").lower() != "websocket")


def _gzip(response) -> None:
    response.direct_passthrough = False
    body = response.get_data()
    if len(body) < SMALLEST:
        return
    path = _static_file()
    packed = _gzipped_file(path, body) if path else gzip.compress(body, compresslevel=6)
    response.set_data(packed)
    response.headers["Content-Encoding"] = "gzip"
    response.headers["Content-Length"] = str(len(packed))
    response.vary.add("Accept-Encoding")
    if response.headers.get("ETag"):  # the gzipped body is another representation
        response.set_etag(response.get_etag()[0] + "-gz", weak=True)


def _static_file() -> str | None:
    """The file a static answer was read from, the same however its name was spelt."""
    filename = (request.view_args or {}).get("filename") if request.endpoint == "static" else None
    path = safe_join(current_app.static_folder, filename) if filename else None
    return os.path.realpath(path) if path else None


def _gzipped_file(path: str, body: bytes) -> bytes:
    """A static file's body gzipped once, while its content stays the same (a digest
    of what was read, not the file's time, which could change between two reads)."""
    digest = hashlib.blake2b(body, digest_size=16).digest()
    with _lock:
        kept = _gzipped.get(path)
    if kept and kept[0] == digest:
        return kept[1]
    packed = gzip.compress(body, compresslevel=6)
    with _lock:
        _gzipped[path] = (digest, packed)
    return packed


def favicon():
    return redirect(url_for("static", filename="icons/icon.svg"), 301)
