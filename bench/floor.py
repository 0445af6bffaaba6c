"""The floor for bench/live.py: the app as it is, but drawing no page. What it costs per move
is what any way of drawing pages would cost at least, on the server, with this stack.

Everything but the drawing is the app's own: gunicorn and its gevent worker, Flask, the
phones' cookies, the engine, the SQLite store and its commit, the hub and the sockets. Two
things change:

- a push sends each open page the least that tells it of the move, as JSON: who is due
  and the newest log line (the engine's text, untranslated), inside an element that names
  the move. A page drawn in the browser would need more (what changed of its seat's view,
  the actions legal for it): whatever sending that costs comes on top;
- the answer to a move is that element alone, empty (a refusal is answered as the app does).

    gunicorn -c deploy/gunicorn.conf.py 'bench.floor:create_app()'
"""

import json

from markupsafe import Markup

from companion.web import create_app as create_companion, play, pushes, render


def _push(self, table_id: str, whom=(pushes.EVERYONE,)) -> None:
    live = self.tables.get(table_id)
    if live is None:
        return
    now = render.facts(live)
    for conn in self.hub.connections(table_id):
        data = {"to_act": now.to_act, "log": [line._asdict() for line in now.lines(conn.viewer, 1)]}
        self.hub.deliver(conn, f'<div id="main" data-seq="{now.seq}">{json.dumps(data, default=str)}</div>')


def _reply(live, viewer, page: str, message: dict | None = None, drawn=play._reply):
    if message is not None:
        return drawn(live, viewer, page, message)
    return Markup(f'<div id="main" data-seq="{live.seq}"></div>')


def create_app():
    pushes.Pushes.push = _push
    play._reply = _reply
    return create_companion()
