"""The floor for bench/live.py: the app as it is, but drawing no page. What it costs per move
is what any way of drawing pages would cost at least, on the server, with this stack.

Everything but the drawing is the app's own: gunicorn and its gevent worker, Flask, the
phones' cookies, the engine, the SQLite store and its commit, the hub and the sockets, and
the answer to a move (empty, as the app's: the move reaches the poster with its push). One
thing changes: a push sends each open page the least that tells it of the move, shaped as
the app's pushes are (out-of-band parts): the move's part (``#moment`` with its
``data-seq``) and, in a second part, who is due and the newest log line (the engine's
text, untranslated) as JSON. A page drawn in the browser would need more (what changed of
its seat's view, the actions legal for it): whatever sending that costs comes on top.

    gunicorn -c deploy/gunicorn.conf.py 'bench.floor:create_app()'
"""

import json

from companion.web import create_app as create_companion, pushes
from companion.web.moment import facts


def message(seq: int, data: dict) -> str:
    """A push of the floor: the move's part, then the data's (``<`` escaped, so the JSON
    holds no element)."""
    text = json.dumps(data, default=str).replace("<", "\\u003c")
    return (f'<div id="part-moment" class="part" hx-swap-oob="morph"><span id="moment" hidden data-seq="{seq}">'
            f'</span></div><div id="part-floor" class="part" hx-swap-oob="morph">{text}</div>')


def _push(self, table_id: str, whom=(pushes.EVERYONE,)) -> None:
    live = self.tables.get(table_id)
    if live is None:
        return
    now = facts(live)
    for conn in self.hub.connections(table_id):
        data = {"to_act": now.to_act, "log": [line._asdict() for line in now.lines(conn.viewer, 1)]}
        self.hub.deliver(conn, message(now.seq, data))


def create_app():
    pushes.Pushes.push = _push
    return create_companion()
