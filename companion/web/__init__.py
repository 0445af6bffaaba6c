"""The Flask app: host screens, phone screens, setup wizards, rules pages, live sockets."""

import gc
import os
import secrets
from pathlib import Path

from flask import Flask, request
from flask_babel import Babel

from ..live import Hub
from ..store import Store
from ..tables import Tables

PROJECT_ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ["en", "it", "de"]


def default_database() -> str:
    """Where the embedded SQLite file lives unless told otherwise."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return str(Path(base) / "table-companion" / "companion.sqlite3")


def create_app(config: dict | None = None) -> Flask:
    """App factory. Settings come from ``config``, else the environment:
    ``COMPANION_DB`` (SQLite path) and ``COMPANION_PUBLIC_URL`` (the address phones
    use; found from the LAN address when unset)."""
    app = Flask(
        __name__,
        template_folder=str(PROJECT_ROOT / "templates"),
        static_folder=str(PROJECT_ROOT / "static"),
    )
    app.config.update(
        DATABASE=os.environ.get("COMPANION_DB") or default_database(),
        PUBLIC_URL=os.environ.get("COMPANION_PUBLIC_URL") or None,
        SECRET_KEY=secrets.token_hex(16),
        MAX_CONTENT_LENGTH=64 * 1024,
        # simple-websocket pings every 25 s and drops a peer that misses the pong,
        # so a phone that vanished frees its server thread within a minute.
        SOCK_SERVER_OPTIONS={"ping_interval": 25},
        BABEL_TRANSLATION_DIRECTORIES=str(Path(__file__).resolve().parent.parent / "translations"),
    )
    app.config.update(config or {})
    Path(app.config["DATABASE"]).parent.mkdir(parents=True, exist_ok=True)

    Babel(app, locale_selector=lambda: request.accept_languages.best_match(LANGUAGES) or "en")
    tables = Tables(Store(app.config["DATABASE"]))
    hub = Hub()
    app.extensions["companion"] = {"tables": tables, "hub": hub}

    from . import errors, filters, history, home, host, play, rules, sockets, wifi

    errors.register(app)
    filters.register(app)
    for module in (home, play, host, rules, history, wifi):
        app.register_blueprint(module.bp)
    sockets.init_app(app, tables, hub)
    # Everything built so far lives as long as the process: keep it out of the
    # garbage collector's full scans, which would otherwise pause live pushes.
    gc.freeze()
    return app
