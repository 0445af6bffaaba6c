"""Hygiene (item 17): an icon and a web app manifest (no /favicon.ico 404), versioned
static files kept for a year, gzipped HTML and scripts, and a friendly 404 page."""

from playwright.sync_api import expect


def test_icon_manifest_caching_compression_and_404(server, contexts):
    page = contexts("desktop").new_page()
    failures, statics = [], []
    page.on("response", lambda r: failures.append(r.url) if r.status >= 400 else None)
    page.on("response", lambda r: statics.append(r) if "/static/" in r.url else None)
    first = page.goto(server.url)
    page.wait_for_load_state("networkidle")
    assert failures == []
    assert first.headers.get("content-encoding") == "gzip"

    icon = page.locator('link[rel="icon"]').get_attribute("href")
    assert page.request.get(server.url.rstrip("/") + icon).ok
    assert page.request.get(server.url + "favicon.ico").ok
    manifest = page.request.get(server.url.rstrip("/") + page.locator('link[rel="manifest"]').get_attribute("href"))
    assert manifest.ok and manifest.json()["name"] == "Table Companion"

    assert statics and all("?v=" in r.url for r in statics)
    for response in statics:
        assert "max-age=31536000" in response.headers.get("cache-control", ""), response.url
    script = next(r for r in statics if r.url.split("?")[0].endswith("htmx.min.js"))
    assert script.headers.get("content-encoding") == "gzip"
    plain = page.request.get(script.url, headers={"Accept-Encoding": "identity"})
    packed = int(script.headers["content-length"])
    print(f"htmx.min.js: {len(plain.body())} bytes plain, {packed} gzipped")
    assert packed < len(plain.body()) / 2

    # A second visit revalidates no static file (no 304s: they come from the cache).
    statics.clear()
    page.goto(server.url)
    page.wait_for_load_state("networkidle")
    assert statics and [r.url for r in statics if r.status == 304] == []

    missing = page.goto(server.url + "no/such/page")
    assert missing.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text("Page not found")
    expect(page.get_by_role("link", name="Back to the start page")).to_be_visible()
