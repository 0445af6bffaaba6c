"""Where a phone's first page spends its time: the same page loaded with parts of it left out.

bench/paint.py times a phone's first page (DOMContentLoaded at 4x CPU and home Wi-Fi); this
says what that time is made of. A three-player table of each game gets a phone per seat
(as in bench/paint.py, ``--slices`` or DevTools throttling, the network slowed down the same
way); the first phone's page, as the server draws it, is then loaded in each variant below,
``--loads`` times after a round not counted, the variants taking turns, in fresh pages of
the phone's browser (its cache warm: every static file comes from it, checked). Each variant
is the served HTML changed in the browser (answered through CDP's ``Fetch`` domain for the
page's address alone), so every variant, the page as served included, comes the same way:

- ``as served``: the page itself;
- ``no deferred scripts``: without the ``defer`` scripts (the game's, since.js, ...);
- ``without NAME``: without that one ``defer`` script;
- ``vendored only``: htmx, its ws extension and idiomorph, and no other script;
- ``htmx only``: htmx.min.js alone;
- ``no scripts``: no script at all (the picture and its style sheets);
- ``no style sheets``: every script, no style sheet;
- ``empty page``: a page with a word on it, the least any page costs.

Prints each variant's DOMContentLoaded (ms from the start of navigation: median, mean,
p90) and, below the page as served, what each part left out saved.

Run: ``.venv/bin/python bench/first_page.py [--games palazzo,...] [--loads 12] [--slices]
[--cpu 4] [--latency-ms 20] [--mbit 20]``.
"""

import argparse
import base64
import os
import re
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from bench.live import Gunicorn, games_with_screens, percentile  # noqa: E402
from bench.paint import Devices, Throttle, device_arguments  # noqa: E402
from bench.phones import Server  # noqa: E402
from tests.browser.conftest import DESKTOP, PHONE  # noqa: E402
from tests.browser.every_game import Table  # noqa: E402

SCRIPT = re.compile(r"<script\b[^>]*>.*?</script>", re.S)
VENDORED = ("htmx.min.js", "ws.min.js", "idiomorph-ext.min.js")


def keep_scripts(html: str, keep) -> str:
    """``html`` with only the scripts ``keep(tag)`` accepts."""
    return SCRIPT.sub(lambda m: m[0] if keep(m[0]) else "", html)


def deferred(html: str) -> list[str]:
    """The file names of the page's ``defer`` scripts."""
    return [m[1] for m in re.finditer(r'<script src="[^"]*/([^/"?]+)[^"]*"[^>]*\bdefer\b', html)]


def variants(html: str) -> dict[str, str]:
    """The page as served and each of its variants (name -> HTML)."""
    return {
        "as served": html,
        "no deferred scripts": keep_scripts(html, lambda tag: " defer" not in tag.split(">")[0]),
        **{f"without {name}": keep_scripts(html, lambda tag, name=name: f"/{name}?" not in tag)
           for name in deferred(html)},
        "vendored only": keep_scripts(html, lambda tag: any(name in tag for name in VENDORED)),
        "htmx only": keep_scripts(html, lambda tag: VENDORED[0] in tag),
        "no scripts": keep_scripts(html, lambda tag: False),
        "no style sheets": re.sub(r'<link rel="stylesheet"[^>]*>', "", html),
        "empty page": "<!doctype html><html><head><meta charset=utf-8><title>-</title></head>"
                      "<body><p>-</p></body></html>",
    }


DCL = "performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"
#: The page's static files that did not come from the browser's cache (none should).
UNCACHED = ("performance.getEntriesByType('resource').filter(e => e.name.includes('/static/')"
            " && e.deliveryType !== 'cache').map(e => e.name)")


def serve(session, html: str) -> None:
    """The page's own address answered with ``html`` through the page's CDP session, and
    nothing else intercepted: Playwright's ``route`` would turn the HTTP cache off for every
    request, and each script would then come over the slowed network."""
    body = base64.b64encode(html.encode()).decode()
    session.on("Fetch.requestPaused", lambda event: session.send("Fetch.fulfillRequest", {
        "requestId": event["requestId"], "responseCode": 200, "body": body,
        "responseHeaders": [{"name": "Content-Type", "value": "text/html; charset=utf-8"}]}))
    session.send("Fetch.enable", {"patterns": [{"urlPattern": "*?variant=*", "requestStage": "Request"}]})


def measure(devices: Devices, game: str, args) -> dict[str, list[float]]:
    """Each variant's DOMContentLoaded times, ms, over ``args.loads`` loads."""
    with tempfile.TemporaryDirectory(prefix="companion-first-") as workdir:
        gunicorn, opened = Gunicorn(workdir, root=ROOT), []
        try:
            def contexts(kind: str, **options):
                rate = 1 if kind == "desktop" else args.cpu
                context = devices.browser(rate).new_context(**(DESKTOP if kind == "desktop" else PHONE), **options)
                opened.append(context)
                return context

            table = Table(Server(gunicorn, Path(workdir, f"bench-{gunicorn.port}.sqlite3")), contexts, game)
            phone = next(iter(table.phones.values()))
            pages = variants(phone.context.request.get(phone.url).text())
            names, times = list(pages), {name: [] for name in pages}
            devices.hold()
            for load in range(-1, args.loads):  # a first round, not counted, warms the caches
                order = range(len(names)) if load % 2 == 0 else reversed(range(len(names)))
                for i in order:
                    fresh = phone.context.new_page()
                    try:
                        serve(Throttle(args, args.cpu).apply(fresh), pages[names[i]])
                        fresh.goto(f"{phone.url}?variant={i}")
                        devices.hold()
                        if load >= 0:
                            times[names[i]].append(fresh.evaluate(DCL))
                        elif fresh.evaluate(UNCACHED):
                            raise SystemExit(f"not from the cache: {fresh.evaluate(UNCACHED)}")
                    finally:
                        fresh.close()
            return times
        finally:
            for context in opened:
                context.close()
            devices.close_own()
            gunicorn.stop()


def report(game: str, times: dict[str, list[float]]) -> None:
    served = statistics.median(times["as served"])
    print(f"  {game}: DOMContentLoaded, ms median / mean / p90 over {len(times['as served'])} loads each")
    for name, values in times.items():
        median = statistics.median(values)
        saved = "" if name == "as served" else f"   (saves {served - median:.0f} ms)"
        print(f"    {name:<22} {median:5.0f} / {statistics.fmean(values):5.0f} / {percentile(values, 90):5.0f}{saved}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(games_with_screens(ROOT)))
    parser.add_argument("--loads", type=int, default=12, help="loads of each variant per game")
    device_arguments(parser)
    args = parser.parse_args()
    args.no_throttle = False
    print("load average before: %.2f %.2f %.2f (a shared 2-core machine: figures vary with its load)"
          % os.getloadavg())
    print(f"phone {args.cpu:g}x CPU ({'a CPU quota, --slices' if args.slices else 'DevTools'}), "
          f"network {args.latency_ms:g} ms and {args.mbit:g} Mbit/s")
    with sync_playwright() as p:
        devices = Devices(p, args)
        try:
            for game in args.games.split(","):
                report(game, measure(devices, game, args))
        finally:
            devices.close()
    print("load average after: %.2f %.2f %.2f" % os.getloadavg())


if __name__ == "__main__":
    main()
