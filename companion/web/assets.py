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

mimetypes.add_type("application/manifest+json", ".webmanifest")
YEAR = 365 * 24 * 3600
COMPRESSED = ("text/html", "text/css", "text/javascript", "application/javascript", "application/json",
              "application/manifest+json", "image/svg+xml")
SMALLEST = 1024  # bytes: smaller answers gain nothing from gzip
_versions: dict[str, tuple[float, str]] = {}
_gzipped: dict[tuple[str, str], bytes] = {}  # (path, version) -> gzipped static file
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
    key = (request.path, request.args.get("v", "")) if request.endpoint == "static" else None
    with _lock:
        packed = _gzipped.get(key) if key else None
    if packed is None:
        packed = gzip.compress(body, compresslevel=6)
        if key:
            with _lock:
                _gzipped[key] = packed
    response.set_data(packed)
    response.headers["Content-Encoding"] = "gzip"
    response.headers["Content-Length"] = str(len(packed))
    response.vary.add("Accept-Encoding")
    if response.headers.get("ETag"):  # the gzipped body is another representation
        response.set_etag(response.get_etag()[0] + "-gz", weak=True)


def favicon():
    return redirect(url_for("static", filename="icons/icon.svg"), 301)
