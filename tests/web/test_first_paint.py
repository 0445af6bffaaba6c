"""A page is first painted once its scripts have run: every deferred script blocks rendering
(``blocking="render"``), in every template and in the pages as served. Browsers that do not
know the attribute load the script as plain ``defer``."""

import re
from pathlib import Path

from tests.web.conftest import create_table, join

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
SCRIPT = re.compile(r"<script\b[^>]*>")


def deferred_not_blocking(html: str) -> list[str]:
    return [tag for tag in SCRIPT.findall(html) if re.search(r"\sdefer\b", tag) and 'blocking="render"' not in tag]


def test_no_template_defers_a_script_without_blocking_rendering():
    templates = sorted(TEMPLATES.rglob("*.html"))
    assert len(templates) > 30
    found = {str(path.relative_to(TEMPLATES)): deferred_not_blocking(path.read_text()) for path in templates}
    assert {name: tags for name, tags in found.items() if tags} == {}


def test_the_phone_and_table_pages_defer_their_scripts_and_block_rendering_until_they_ran(app, client):
    table_id = create_table(client)
    phone = join(app, table_id, "p1")
    for html in (phone.get(f"/t/{table_id}/me").text, client.get(f"/t/{table_id}").text):
        tags = [tag for tag in SCRIPT.findall(html) if re.search(r"\sdefer\b", tag)]
        assert len(tags) >= 5 and deferred_not_blocking(html) == []
