"""What a server does once it has started, in the background: a moment between two steps
so that requests get in between (under gevent a thread is a greenlet)."""

import os
import threading
import time

from jinja2 import FileSystemBytecodeCache

from . import final


def warm_up(app) -> None:
    """Compiled templates are kept beside the database (``TEMPLATE_CACHE``), so a restart
    loads them instead of compiling them again, and every template is loaded; then the
    tables played in the last hours are folded back from the database (with the scores
    over the game of a finished one, for its final screen): after a restart, the first
    pages of a game night do not wait for their templates or their table."""
    env = app.jinja_env
    folder = app.config.get("TEMPLATE_CACHE") or os.path.join(
        os.path.dirname(os.path.abspath(app.config["DATABASE"])), "template-cache")
    try:
        os.makedirs(folder, exist_ok=True)
        env.bytecode_cache = FileSystemBytecodeCache(folder)
    except OSError:
        pass  # no place to keep them: compiled when first used, as usual

    def warm():
        _load_templates(env)
        _fold_recent(app)

    threading.Thread(target=warm, daemon=True, name="companion-warm-up").start()


def _load_templates(env) -> None:
    for name in sorted(env.list_templates()):
        if name.endswith(".html"):
            try:
                env.get_template(name)
            except Exception:  # a template with an error fails where it is used
                pass
            time.sleep(0)


def _fold_recent(app) -> None:
    tables = app.extensions["companion"]["tables"]
    try:
        for table_id in tables.recent():
            try:
                live = tables.get(table_id)
                if live is not None and live.engine.is_over(live.state):
                    final.score_series(live, tables)
            except Exception:  # it fails where it is asked for; the others are warmed
                app.logger.exception("warming up table %s", table_id)
            time.sleep(0)
    finally:
        tables.release_connection()
