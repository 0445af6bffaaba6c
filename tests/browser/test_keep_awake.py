"""Stay awake: a "keep screen on" switch on the phones and the table screen (item 8),
with the vendored NoSleep.js (wake lock where allowed, else a looping video)."""

from playwright.sync_api import expect

from .night import seated


def test_keep_screen_on_on_phone_and_table(server, contexts):
    game = seated(server, contexts, names={"p1": "Anna", "p2": "Ben"})
    for page in (game.phones["p1"], game.host):
        switch = page.get_by_role("button", name="Keep screen on")
        expect(switch).to_have_attribute("aria-pressed", "false")
        switch.tap() if page is not game.host else switch.click()
        expect(switch).to_have_attribute("aria-pressed", "true")
        page.wait_for_function("window.keepingAwake && window.keepingAwake()")
        switch.tap() if page is not game.host else switch.click()
        expect(switch).to_have_attribute("aria-pressed", "false")
        page.wait_for_function("!window.keepingAwake()")
    # The licence travels with the vendored file.
    licence = game.host.request.get(f"{server.url}static/vendor/nosleep.js-0.12.0/LICENSE")
    assert licence.ok and "MIT" in licence.text()
