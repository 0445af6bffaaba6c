"""The language switch sends the browser back to the page it was on (``next``): only
ever to a path of this server, whatever was posted, and never with a 5xx."""

from urllib.parse import urljoin, urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

OURS = "http://ours.example:8000/"

REFUSED = [
    "/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example", "/\r/x", "/\n", "\t//evil.example",
    "/\\evil.example", "/\\/evil.example", "\\/evil.example", "\\\\evil.example", "/x\\y",
    "//evil.example", "///evil.example", "//", "/\x00/evil", "/a\x7f", "/\x85/evil", "/\x1b[31m",
    "https://evil.example/", "HTTPS://evil.example", "javascript:alert(1)", "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>", "mailto:someone@evil.example", "evil.example",
    " /history", "\u3000/history", "", "?x=1", "#top", "/" + "a" * 5000,
]


def switch(client, target):
    return client.post("/language", data={"lang": "de", "next": target})


@pytest.mark.parametrize("target", REFUSED)
def test_anything_but_a_clean_path_of_this_server_goes_home(client, target):
    answer = switch(client, target)
    assert answer.status_code == 302
    assert answer.headers["Location"] == "/"
    assert "lang=de" in answer.headers["Set-Cookie"]  # the language is still chosen


@pytest.mark.parametrize("target, location", [
    ("/history", "/history"),
    ("/history?game=palazzo&player=Anna", "/history?game=palazzo&player=Anna"),
    ("/t/abc123/me", "/t/abc123/me"),
    # Flask hands the page its path decoded: a player's name with a space and an umlaut
    ("/history/players/Jörg B", "/history/players/J%C3%B6rg%20B"),
    ("/history/players/李", "/history/players/%E6%9D%8E"),
    ("/\uff0fevil.example", "/%EF%BC%8Fevil.example"),  # a fullwidth solidus is no slash
    ("/%09/x", "/%09/x"),  # an encoded tab stays encoded: a path of this server
])
def test_a_path_of_this_server_is_kept_and_sent_encoded(client, target, location):
    answer = switch(client, target)
    assert answer.status_code == 302
    assert answer.headers["Location"] == location


def lands_on_this_server(location: str) -> bool:
    """Where a browser goes with this ``Location``: it drops tabs and newlines and
    reads a backslash as a slash before resolving it against the page's address."""
    as_read = location.replace("\t", "").replace("\n", "").replace("\r", "").replace("\\", "/")
    return urlsplit(urljoin(OURS, as_read)).netloc == urlsplit(OURS).netloc


nasty = st.one_of(
    st.text(max_size=60),
    st.lists(st.sampled_from(["/", "\\", "\t", "\n", "\r", " ", ".", ":", "%", "?", "#", "@", "\x00",
                              "\x7f", "\u3000", "\uff0f", "\u2044", "evil.example", "http", "x"]),
             max_size=12).map("".join),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(target=nasty)
def test_whatever_is_posted_the_answer_is_a_redirect_to_this_server(client, target):
    answer = switch(client, target)
    assert answer.status_code == 302
    location = answer.headers["Location"]
    assert location.startswith("/") and lands_on_this_server(location)
    assert all("\x21" <= c <= "\x7e" for c in location)  # nothing a browser would drop or reinterpret
