"""Finding the address phones use to reach this machine on the local network.

Phones cannot use ``localhost`` and many do not resolve ``.local`` names, so the
address printed and put in QR codes is the machine's LAN IPv4 address.
"""

import ipaddress
import socket
import sys
from urllib.parse import urlsplit

LOOPBACK = "127.0.0.1"
HTTP_PORT = 80  # the port a browser assumes: addresses on it need no ":80"

# Any private address works as a routing probe: connecting a UDP socket only asks
# the kernel which source address it would use, and sends nothing.
_PROBE_TARGET = ("10.254.254.254", 9)

_WILDCARD_HOSTS = {"", "0.0.0.0", "::", "[::]"}


def routed_address() -> str | None:
    """The source address the kernel would use towards the private networks, or
    None when there is no route (no network, or a hotspot without a default route)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_PROBE_TARGET)
        except OSError:
            return None
        return probe.getsockname()[0]


def interface_addresses() -> list[str]:
    """The IPv4 address of each network interface, in interface order (Linux only;
    elsewhere an empty list). Reads local kernel state, sends nothing."""
    if not sys.platform.startswith("linux"):
        return []
    import fcntl
    import struct

    siocgifaddr = 0x8915  # <linux/sockios.h>
    addresses = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            interfaces = socket.if_nameindex()
        except OSError:  # e.g. netlink forbidden by a sandbox
            return []
        for _, name in interfaces:
            request = struct.pack("256s", name.encode()[:15])
            try:
                reply = fcntl.ioctl(sock.fileno(), siocgifaddr, request)
            except OSError:  # interface without an IPv4 address
                continue
            addresses.append(socket.inet_ntoa(reply[20:24]))
    return addresses


def pick_address(routed: str | None, candidates: list[str]) -> str:
    """Choose the address to advertise: the routed one, else the first interface
    address that is neither loopback nor link-local, else loopback."""
    if routed and not ipaddress.ip_address(routed).is_loopback:
        return routed
    for candidate in candidates:
        address = ipaddress.ip_address(candidate)
        if not (address.is_loopback or address.is_link_local):
            return candidate
    return LOOPBACK


def lan_address() -> str:
    """This machine's LAN IPv4 address (127.0.0.1 when it has no network at all)."""
    return pick_address(routed_address(), interface_addresses())


def normalise_url(url: str) -> str:
    """``url`` as an absolute http(s) URL ending in ``/`` (``http://`` is assumed
    when no scheme is given). Raises ValueError for anything a phone cannot open."""
    url = url.strip()
    if "://" not in url:
        url = "http://" + url
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{url!r} is not an http:// or https:// address.")
    return url if parts.path.endswith("/") else url + "/"


def public_url(host: str, port: int, override: str | None = None) -> str:
    """The address phones should open: ``override`` if given, else the bound host
    (its LAN address when bound to all interfaces) and ``port``."""
    if override:
        return normalise_url(override)
    address = lan_address() if host in _WILDCARD_HOSTS else host.strip("[]")
    if ":" in address:  # IPv6 literal
        address = f"[{address}]"
    return f"http://{address}/" if port == HTTP_PORT else f"http://{address}:{port}/"


def wifi_qr_text(ssid: str, password: str | None) -> str:
    """What a Wi-Fi QR code holds, so a phone's camera offers to join the network:
    ``WIFI:T:WPA;S:<name>;P:<password>;;`` (no password: an open network). Special
    characters are escaped with a backslash, as phones expect."""
    def escape(text: str) -> str:
        return "".join("\\" + c if c in '\\;,:"' else c for c in text)

    if not password:
        return f"WIFI:T:nopass;S:{escape(ssid)};;"
    return f"WIFI:T:WPA;S:{escape(ssid)};P:{escape(password)};;"
