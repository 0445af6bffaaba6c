"""The bare baseline for bench/live.py: Flask and flask-sock with nothing else. A page opens
``/b/<table>/ws``; a POST to ``/b/<table>/move`` sends every open socket of that table one
message of ``BROADCAST_BYTES`` bytes (19 KB unless set in the environment: the size of a
page's whole main region, which every push carried before pushes sent only what changed)
shaped like a push of the app: the move's part (``#moment`` with its ``data-seq``, as a
page shows it) and the payload in a second part, each an out-of-band ``<div id="...">``.
Then it answers. It runs under the same gunicorn settings as the app:

    gunicorn -c deploy/gunicorn.conf.py 'bench.broadcast:create_app()'
"""

import os
import threading
from collections import defaultdict

from flask import Flask
from flask_sock import ConnectionClosed, Sock

DEFAULT_BYTES = 19 * 1024


def create_app() -> Flask:
    app = Flask(__name__)
    app.config["SOCK_SERVER_OPTIONS"] = {"ping_interval": 25, "max_message_size": 4096}
    size = int(os.environ.get("BROADCAST_BYTES", DEFAULT_BYTES))
    sockets: dict[str, set] = defaultdict(set)
    moves: dict[str, int] = defaultdict(int)
    guard = threading.Lock()
    sock = Sock(app)

    def message(seq: int) -> str:
        moment = (f'<div id="part-moment" class="part" hx-swap-oob="morph">'
                  f'<span id="moment" hidden data-seq="{seq}"></span></div>')
        head = '<div id="part-payload" class="part" hx-swap-oob="morph">'
        return moment + head + "x" * max(0, size - len(moment) - len(head) - 6) + "</div>"

    @app.get("/")
    def index():
        return "baseline"

    @app.post("/b/<table>/move")
    def move(table):
        with guard:
            moves[table] += 1
            seq, targets = moves[table], list(sockets[table])
        text = message(seq)
        for ws in targets:
            try:
                ws.send(text)
            except ConnectionClosed:
                with guard:
                    sockets[table].discard(ws)
        return {"seq": seq}

    @sock.route("/b/<table>/ws")
    def socket(ws, table):
        with guard:
            sockets[table].add(ws)
            seq = moves[table]
        ws.send(message(seq))
        try:
            while True:
                ws.receive()
        except ConnectionClosed:
            pass
        finally:
            with guard:
                sockets[table].discard(ws)

    return app
