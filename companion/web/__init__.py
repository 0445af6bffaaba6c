"""The Flask app: host screens, phone screens, setup wizards, rules pages, live sockets."""

import gc
import os
import secrets
from pathlib import Path

from flask import Flask
from flask_babel import Babel
from jinja2 import ChoiceLoader, FileSystemLoader

from ..engines import available
from .hub import Hub
from ..private_files import prepare_database
from ..store import Store, default_database
from ..tables import Tables
from . import context, templating
from .games import has_ui, load_test_game

LANGUAGES = list(context.LANGUAGES)  # English first: the msgids themselves
PACKAGE = Path(__file__).resolve().parents[1]
PROJECT_ROOT = PACKAGE.parent


def shipped(folder: str) -> Path:
    """``templates`` or ``static``: copied into the package when it is built (see
    ``setup.py``), found at the top of the checkout when run from there."""
    inside = PACKAGE / folder
    return inside if inside.is_dir() else PROJECT_ROOT / folder


def create_app(config: dict | None = None) -> Flask:
    """App factory. Settings come from ``config``, else the environment:
    ``COMPANION_DB`` (SQLite path), ``COMPANION_PUBLIC_URL`` (the address phones
    use; found from the LAN address when unset), ``COMPANION_TEMPLATE_CACHE`` (where
    compiled templates are kept; beside the database when unset) and
    ``COMPANION_TEST_GAMES`` (games for tests only, see ``companion.web.games``)."""
    app = Flask(
        __name__,
        template_folder=str(shipped("templates")),
        static_folder=str(shipped("static")),
    )
    app.config.update(
        DATABASE=os.environ.get("COMPANION_DB") or default_database(),
        PUBLIC_URL=os.environ.get("COMPANION_PUBLIC_URL") or None,
        TEMPLATE_CACHE=os.environ.get("COMPANION_TEMPLATE_CACHE") or None,
        TEST_GAMES=[g for g in os.environ.get("COMPANION_TEST_GAMES", "").split(",") if g],
        SECRET_KEY=secrets.token_hex(16),
        MAX_CONTENT_LENGTH=64 * 1024,
        # simple-websocket pings every 25 s and drops a peer that misses the pong,
        # so a phone that vanished frees its connection within a minute. Pages
        # send nothing on their socket: a message over 4 KB closes it (1009).
        SOCK_SERVER_OPTIONS={"ping_interval": 25, "max_message_size": 4096},
        BABEL_TRANSLATION_DIRECTORIES=str(PACKAGE / "translations"),
    )
    app.config.update(config or {})
    app.jinja_environment = templating.Environment
    prepare_database(app.config["DATABASE"])  # owner-only, whatever the umask

    Babel(app, locale_selector=context.page_language)
    test_games = {g.engine.NAME: g for g in map(load_test_game, app.config["TEST_GAMES"])}
    if test_games:
        app.jinja_loader = ChoiceLoader([app.jinja_loader] + [
            FileSystemLoader(str(g.templates)) for g in test_games.values()])
    tables = Tables(Store(app.config["DATABASE"]), {name: g.engine for name, g in test_games.items()})
    hub = Hub()
    # a request's database connection goes back for the next request (``Store.release``)
    app.teardown_request(lambda _error: tables.release_connection())
    app.extensions["companion"] = {"tables": tables, "hub": hub, "test_games": test_games}

    from . import corrections, errors, filters, guard, history, home, host, language, languages, log, play, pushes, rules, sockets, table_check, teach, warm, wifi

    guard.init_app(app)
    errors.register(app)
    filters.register(app)
    languages.init_app(app)
    app.jinja_env.globals.update(log_items=log.items)
    app.jinja_env.add_extension(templating.Unindented)
    if not app.jinja_env.auto_reload:
        app.jinja_env.loader = templating.RemembersMissing(app.jinja_env.loader)
    if not app.testing:
        warm.warm_up(app)
    for module in (home, play, host, corrections, rules, history, wifi, language, teach, table_check):
        app.register_blueprint(module.bp)
    sockets.init_app(app, pushes.Pushes(app, tables, hub))
    _load_games(app)
    # Everything built so far lives as long as the process: keep it out of the
    # garbage collector's full scans, which would otherwise pause live pushes.
    gc.freeze()
    return app


def _load_games(app: Flask) -> None:
    """Import every game's engine and screen adapter now, at start, not in the first
    request that needs one (after a restart, the first page of each game waited for it)."""
    with app.app_context():
        for game in available():
            has_ui(game)
