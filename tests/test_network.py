"""Finding the LAN address and building the public URL. Nothing here sends a
packet: the routing probe only connects a UDP socket, which transmits nothing."""

import errno
import ipaddress
import socket

import pytest

from companion import network


def assert_local(address):
    """Only an address assigned to this machine can be bound."""
    assert isinstance(ipaddress.ip_address(address), ipaddress.IPv4Address)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.bind((address, 0))


# --- choosing among candidates -------------------------------------------------

def test_routed_address_wins():
    assert network.pick_address("192.168.1.23", ["127.0.0.1", "172.17.0.1"]) == "192.168.1.23"


def test_without_a_route_the_first_real_interface_is_used():
    # An offline Pi running its own hotspot has no default route.
    assert network.pick_address(None, ["127.0.0.1", "10.42.0.1", "192.168.4.1"]) == "10.42.0.1"


def test_link_local_addresses_are_skipped():
    assert network.pick_address(None, ["127.0.0.1", "169.254.3.4", "192.168.4.1"]) == "192.168.4.1"


def test_a_loopback_route_is_not_advertised():
    assert network.pick_address("127.0.0.1", ["127.0.0.1", "192.168.4.1"]) == "192.168.4.1"


def test_no_network_at_all_gives_loopback():
    assert network.pick_address(None, ["127.0.0.1"]) == "127.0.0.1"
    assert network.pick_address(None, []) == "127.0.0.1"


# --- reading this machine -------------------------------------------------------

class UnreachableSocket:
    """A UDP socket on a machine with no route anywhere."""

    def __init__(self, *args):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def connect(self, address):
        raise OSError(errno.ENETUNREACH, "Network is unreachable")


def test_routed_address_is_none_without_a_route(monkeypatch):
    monkeypatch.setattr(network.socket, "socket", UnreachableSocket)
    assert network.routed_address() is None


def test_routed_address_is_one_of_ours():
    address = network.routed_address()
    if address is not None:  # None is right on a machine without any route
        assert_local(address)


def test_interface_addresses_include_loopback():
    addresses = network.interface_addresses()
    assert "127.0.0.1" in addresses
    for address in addresses:
        assert_local(address)


def test_lan_address_is_a_local_ipv4_address():
    assert_local(network.lan_address())


def test_lan_address_offline_hotspot(monkeypatch):
    monkeypatch.setattr(network, "routed_address", lambda: None)
    monkeypatch.setattr(network, "interface_addresses", lambda: ["127.0.0.1", "10.42.0.1"])
    assert network.lan_address() == "10.42.0.1"


def test_lan_address_with_no_network_at_all(monkeypatch):
    monkeypatch.setattr(network, "routed_address", lambda: None)
    monkeypatch.setattr(network, "interface_addresses", lambda: ["127.0.0.1"])
    assert network.lan_address() == "127.0.0.1"


# --- the public URL -------------------------------------------------------------

@pytest.fixture
def lan(monkeypatch):
    monkeypatch.setattr(network, "lan_address", lambda: "192.168.1.23")


@pytest.mark.parametrize("host", ["0.0.0.0", "", "::", "[::]"])
def test_all_interfaces_means_the_lan_address(lan, host):
    assert network.public_url(host, 8000) == "http://192.168.1.23:8000/"


def test_a_specific_host_is_used_as_is(lan):
    assert network.public_url("10.0.0.5", 9000) == "http://10.0.0.5:9000/"


def test_ipv6_hosts_are_bracketed(lan):
    assert network.public_url("fe80::1", 8000) == "http://[fe80::1]:8000/"


@pytest.mark.parametrize(
    "override, expected",
    [
        ("http://tablecompanion.local:8000/", "http://tablecompanion.local:8000/"),
        ("http://tablecompanion.local:8000", "http://tablecompanion.local:8000/"),
        ("  https://games.example.org/night  ", "https://games.example.org/night/"),
        ("192.168.4.1:8000", "http://192.168.4.1:8000/"),
    ],
)
def test_an_override_wins_and_is_normalised(lan, override, expected):
    assert network.public_url("0.0.0.0", 8000, override) == expected


@pytest.mark.parametrize("bad", ["ftp://host/", "http://", "http:///path", "mailto://x@"])
def test_an_override_phones_cannot_open_is_refused(bad):
    with pytest.raises(ValueError, match="http"):
        network.normalise_url(bad)
