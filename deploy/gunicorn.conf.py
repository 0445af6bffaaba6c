"""Gunicorn settings for Table Companion, for running gunicorn yourself:

    gunicorn -c deploy/gunicorn.conf.py
    gunicorn -c deploy/gunicorn.conf.py --bind 0.0.0.0:9000    # flags win over this file

The values live in companion/serving.py, which ``companion serve`` (and the
systemd unit, which runs it) uses too, so every way of starting the server runs
the same: ONE gevent worker process (companion.worker.Worker). Never raise
``workers``: tables are kept in that process's memory and each open page holds a
WebSocket to it. Set COMPANION_DB (SQLite file) and COMPANION_PUBLIC_URL in the
environment as for ``companion serve``, and COMPANION_BODY_TIMEOUT and
COMPANION_CONNECTIONS_PER_ADDRESS for its --body-timeout and --connections-per-address.
"""

from companion.serving import DEFAULT_HOST, DEFAULT_PORT, bind_address, gunicorn_settings

# Gunicorn reads the module's names: bind, workers, worker_class, worker_connections, ...
globals().update(gunicorn_settings(bind_address(DEFAULT_HOST, DEFAULT_PORT)))
