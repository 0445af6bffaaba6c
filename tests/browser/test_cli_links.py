"""``companion tables`` prints host links that work for the running server, on its own
address and port (item 16): a browser that opens one gets the host controls."""

import re
import subprocess

import pytest
from playwright.sync_api import expect

from .conftest import COMPANION, ROOT
from .ui import post_table

pytestmark = pytest.mark.own_server  # it lists every table of the server's database


def test_the_printed_host_link_opens_host_controls(server, contexts):
    post_table(contexts("desktop"), server.url)
    listing = subprocess.run([str(COMPANION), "tables", "--db", str(server.db)], cwd=ROOT,
                             capture_output=True, text=True, timeout=60, check=True).stdout
    link = re.search(r"(http://\S+/host/\S+)", listing)[1]
    assert link.startswith(server.url), listing
    page = contexts("desktop").new_page()
    page.goto(link)
    expect(page.get_by_role("link", name="Host controls")).to_be_visible()
