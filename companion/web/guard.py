"""What every request passes before the app sees it, and what every answer carries.

Before Flask (a WSGI wrapper, since Flask itself fails on these):
- a ``Host`` header that is no host name (a label over 63 characters, say) is a 400;
- a body without a length (chunked) is read up to the app's limit, and one over it
  is a 413 instead of a form cut short;
- WebSockets are offered no compression: a small compressed frame can inflate to
  hundreds of megabytes before any size check sees it.

In Flask:
- a request that changes something (any method but GET, HEAD, OPTIONS) and every
  WebSocket must come from a page of this server: the browser's ``Sec-Fetch-Site``
  and ``Origin`` say where it came from. Without that, a page on another port of the
  same machine could post with the host's cookie (cookies ignore ports), or read a
  seat's private view over its socket;
- answers forbid framing, MIME sniffing and sending the address (which may hold a
  host or seat link) to other sites;
- an answer that may hold a seat's or the host's secrets is not to be stored by the
  browser (``Cache-Control: no-store``): a phone or laptop passed round the table
  keeps no copy of a hand, a sealed bid or a host link for the next person to open.
"""

import io
import ipaddress
import re
from urllib.parse import urlsplit

from flask import current_app, request

from ..engines.text import _
from ..tables import Refused

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
HEADERS = {
    "Content-Security-Policy": "frame-ancestors 'none'",
    "X-Frame-Options": "DENY",  # the same, for browsers that predate frame-ancestors
    "X-Content-Type-Options": "nosniff",
    # "same-origin" keeps Origin on our own POSTs ("no-referrer" would make it "null").
    "Referrer-Policy": "same-origin",
}
_LABEL = re.compile(r"(?!-)[A-Za-z0-9_-]{1,63}(?<!-)\Z")
_PORT = re.compile(r"[0-9]{1,5}\Z")


def init_app(app) -> None:
    app.wsgi_app = Guard(app.wsgi_app, lambda: app.config["MAX_CONTENT_LENGTH"])
    app.before_request(refuse_other_origins)
    app.after_request(add_headers)


# --- before Flask ---------------------------------------------------------------------

class Guard:
    """WSGI wrapper: bad hosts, unbounded bodies and WebSocket compression stop here."""

    def __init__(self, app, limit):
        self.app, self.limit = app, limit

    def __call__(self, environ, start_response):
        host = environ.get("HTTP_HOST")
        if host is not None and not valid_host(host):
            return plain(start_response, "400 Bad Request", "The Host header is not a host name.")
        refusal = buffer_body(environ, self.limit()) if is_chunked(environ) else None
        if refusal:
            return plain(start_response, *refusal)
        if environ.get("HTTP_UPGRADE", "").lower() == "websocket":
            environ.pop("HTTP_SEC_WEBSOCKET_EXTENSIONS", None)  # so no permessage-deflate
        return self.app(environ, start_response)


def valid_host(host: str) -> bool:
    """Whether a ``Host`` header is ``name[:port]`` or ``[IPv6][:port]`` by the rules
    of DNS (labels of 1-63 letters, digits, hyphens; 253 characters in all)."""
    if host.startswith("["):
        address, bracket, rest = host[1:].partition("]")
        if not bracket:
            return False
        try:
            ipaddress.IPv6Address(address)
        except ValueError:
            return False
        return rest == "" or (rest[0] == ":" and bool(_PORT.match(rest[1:])))
    name, colon, port = host.partition(":")
    if colon and not _PORT.match(port):
        return False
    name = name[:-1] if name.endswith(".") else name  # a fully qualified name
    return 0 < len(name) <= 253 and all(_LABEL.match(label) for label in name.split("."))


def is_chunked(environ) -> bool:
    return "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()


def buffer_body(environ, limit: int) -> tuple[str, str] | None:
    """Read a body sent without a length, up to ``limit`` bytes, and hand it on with
    its length; or the refusal (status, text) when it is longer, or when the server
    does not end such a stream itself (reading could then wait forever)."""
    if not environ.get("wsgi.input_terminated"):
        return "411 Length Required", "Send the request with a Content-Length."
    stream, chunks, size = environ["wsgi.input"], [], 0
    while size <= limit:
        chunk = stream.read(min(65536, limit + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    if size > limit:
        return "413 Request Entity Too Large", "The request is too large."
    del environ["HTTP_TRANSFER_ENCODING"]
    environ["CONTENT_LENGTH"] = str(size)
    environ["wsgi.input"] = io.BytesIO(b"".join(chunks))
    return None


def plain(start_response, status: str, text: str):
    body = (text + "\n").encode()
    start_response(status, [("Content-Type", "text/plain; charset=utf-8"),
                            ("Content-Length", str(len(body))),
                            *HEADERS.items()])
    return [body]


# --- in Flask -----------------------------------------------------------------------

def refuse_other_origins():
    """Before every request: changes and sockets only from this server's own pages."""
    if request.method in SAFE_METHODS and not is_websocket():
        return None
    if from_elsewhere():
        raise Refused(_("This request came from another site, so it was refused. "
                        "Use the page of this server."), 403)
    return None


def is_websocket() -> bool:
    return request.headers.get("Upgrade", "").lower() == "websocket"


def from_elsewhere() -> bool:
    """Whether the browser says the request comes from a page of another origin.
    A request that says nothing (no Origin and no Sec-Fetch-Site: not a browser, or
    a very old one) passes: only a browser carries the victim's cookies."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None and site not in ("same-origin", "none"):
        return True
    origin = request.headers.get("Origin")
    return origin is not None and not own_origin(origin)


def own_origin(origin: str) -> bool:
    """An ``Origin`` of this server: the address the request was sent to, or the
    public URL (a TLS proxy in front serves the pages at an https:// public URL).
    Scheme, host and port must all match: http and https on one port are two
    origins, and a page of the one must not act on the other."""
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False  # "null": a sandboxed frame, a data: URL, ...
    asked = site(parts)
    if asked == site(urlsplit(f"{request.scheme}://{request.host}")):
        return True
    public = current_app.config.get("PUBLIC_URL")
    return bool(public) and asked == site(urlsplit(public))


def site(parts) -> tuple:
    """Scheme, host (lower case) and port (the scheme's default when not given)."""
    scheme = parts.scheme.lower()
    try:
        port = parts.port
    except ValueError:
        return (None, None, None)
    return (scheme, (parts.hostname or "").lower(), port or {"http": 80, "https": 443}.get(scheme))


def add_headers(response):
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if request.endpoint != "static" and is_private(response):  # static files are the same for all
        response.cache_control.no_store = True
    return response


# what carries a seat's or the host's secret: cookies named so, and these addresses
CREDENTIAL_COOKIES = ("seat_", "host_")
SECRET_ENDPOINTS = {
    "host.claim_host", "host.take_seat",  # the host link and a seat's link, in the path
    "play.join",  # the join code; its post hands out a seat
    "history.export_json", "history.export_csv",  # the whole game, bids and hands in the JSON
}


def is_private(response) -> bool:
    """Whether an answer may hold a seat's or the host's private data: the request
    carried a seat or host cookie (of any table: every page may be drawn for it), its
    address holds a secret, or the answer hands out such a cookie."""
    if request.endpoint in SECRET_ENDPOINTS:
        return True
    if any(name.startswith(CREDENTIAL_COOKIES) for name in request.cookies):
        return True
    return any(cookie.startswith(CREDENTIAL_COOKIES) for cookie in response.headers.getlist("Set-Cookie"))
