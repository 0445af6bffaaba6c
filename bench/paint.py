"""What a person at the table feels: a move's time to every screen, painted, on a phone's CPU.

For each game with screens, gunicorn starts with the agreed settings (as bench/live.py and
bench/phones.py); a three-player table gets its host's table screen (1280x800) and a phone
per seat (390x844) in Debian's Chromium. DevTools slows every page down as a table's
devices are: the phones' CPU ``--cpu`` times (4: a mid-range phone), the table screen's
``--table-cpu`` times (2), and every page's network to home Wi-Fi (``--latency-ms`` 20 ms,
``--mbit`` 20 Mbit/s both ways), with ``Emulation.setCPUThrottlingRate`` and
``Network.emulateNetworkConditions`` on each page's CDP session.

DevTools' CPU throttling busy-waits on the page's main thread, idle or not: on a machine
with fewer cores than the table has devices, the four slowed pages keep every core busy
and the server, the browser and each page's own work wait for them, so every figure
grows with the machine's want of cores. ``--slices`` gives each device a CPU of its own
instead, as at a real table: a Chromium per device whose renderers a cgroup holds to
``1 / rate`` of a core, idle at no cost (bench/slices.py; needs root). The network is
slowed down as above either way.

Every page watches its own move number (the ``data-seq`` of the first element that has
one) with a MutationObserver; when it changes, the next ``requestAnimationFrame`` callback
notes the wall-clock time (``performance.timeOrigin + performance.now()``, epoch ms, the
same clock as Python's ``time.time()``: checked per page at the start and the end of each
run). The callback runs as the frame that shows the new move starts, before that frame's
style, layout and paint (the pushed HTML has been swapped in and morphed by then): the
time to the end of that frame is also noted, after it, and printed apart.

Random legal moves are posted over HTTP from the seat due (outside the browser, as
bench/phones.py does), one at a time: the next is posted once every page has painted the
last and ``--pause`` seconds have passed, so pushes do not overlap. A move's latency runs
from just before its POST to the last of the four pages painting it; the phones and the
table screen are also counted apart. ``--warmup`` moves come first and are not counted.

A phone's first page: a new page in a phone's browser (its cache warm, as after the join
page) opens the phone's address, slowed down as above before it navigates, the table's
other pages no longer slowed (each device has a CPU of its own; see ``measure``); its
``domContentLoadedEventEnd`` (ms from the start of navigation) is read, and the end of its
first frame after that (``painted``: the whole page shown, its scripts run). ``--first-pages``
such loads per game, the phones taking turns.

The figures are a shared 2-core machine's: other work running at the same time makes
them vary. ``--compare DIR`` runs the same from another checkout (its own gunicorn, from
DIR) in the same run, the checkouts taking turns per game (``--repeat N`` rounds); each
checkout's moves of every round are pooled. ``--trace FILE`` adds a run of this checkout
per game, not counted (tracing slows the phone down), that records a Chromium performance
trace of one phone over the moves (a file per game when there are several; it opens in
DevTools' Performance panel) and prints where that phone's main thread spent its time.
``--phases`` adds another such run, in which every phone times each push it takes in,
phase by phase (``PHASES``), and prints each phase's p50/p90/max over the phones' pushes.

Run: ``.venv/bin/python bench/paint.py [--games manhattan,...] [--moves 30] [--pause 0.3]
[--cpu 4] [--table-cpu 2] [--latency-ms 20] [--mbit 20] [--no-throttle] [--first-pages 5]
[--compare DIR] [--repeat N] [--trace FILE] [--phases] [--slices]``.
Targets: a move reaches every screen, painted, in p99 <= 100 ms at 4x phone CPU and 20 ms
Wi-Fi; a phone's first page reaches DOMContentLoaded in <= 300 ms at 4x.
"""

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from bench.live import Gunicorn, games_with_screens, percentile  # noqa: E402
from bench import slices  # noqa: E402
from bench.phones import Server  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE  # noqa: E402
from tests.browser.every_game import Table  # noqa: E402

P99_TARGET_MS = 100
FIRST_PAGE_TARGET_MS = 300
WAIT_MS = 30_000  # a page that has not painted a move by then counts as an error

# Installed in every page before its own scripts. ``__paint`` maps a move number to the
# wall-clock ms of the first animation frame that showed it, ``__frameEnd`` to the time
# just after that frame (a message posted from the frame's callback runs once it is done).
WATCH = """
(() => {
  const painted = {}, frameEnd = {};
  window.__paint = painted;
  window.__frameEnd = frameEnd;
  window.__pushes = [];  // each push's text, measured after the run (push_sizes)
  document.addEventListener("htmx:wsBeforeMessage", e => window.__pushes.push(e.detail.message));
  const channel = new MessageChannel();
  const after = [], waiting = [];
  const ended = seq => Object.keys(frameEnd).some(k => Number(k) >= seq);
  // A promise kept once a frame that showed move ``seq`` or a later one is done (the
  // benchmark awaits it: nothing polls the page, which would take its slowed CPU).
  window.__ended = seq => new Promise(done => ended(seq) ? done() : waiting.push([seq, done]));
  channel.port1.onmessage = () => {
    const t = performance.timeOrigin + performance.now();
    for (const seq of after.splice(0)) if (!(seq in frameEnd)) frameEnd[seq] = t;
    for (const [seq, done] of waiting.splice(0)) ended(seq) ? done() : waiting.push([seq, done]);
  };
  let last = null;
  const check = () => {
    const el = document.querySelector('[data-seq]');
    const seq = el ? el.dataset.seq : null;
    if (seq === null || seq === last) return;
    last = seq;
    requestAnimationFrame(() => {
      if (!(seq in painted)) painted[seq] = performance.timeOrigin + performance.now();
      after.push(seq);
      channel.port2.postMessage(0);
    });
  };
  // Only data-seq among the attributes: the same changes are seen, and the morph of a
  // whole page does not queue a record per changed attribute.
  new MutationObserver(check).observe(document, {childList: true, attributes: true, subtree: true,
                                                 attributeFilter: ['data-seq']});
  check();
})();
"""

# With ``--phases``: each push a page takes in, timed phase by phase (ms of the page's own
# clock, slowed down): from the move's POST to the socket's message taken up (the server,
# the network, the page's turn to run); from there to the ws extension's
# ``htmx:wsBeforeMessage``; companion.js's handler (to the ``htmx:wsAfterMessage`` it
# raises), and within it idiomorph's morphs and htmx's processing of the morphed parts
# (the rest: parsing the message, swapping the board parts in whole); the listeners of
# ``htmx:wsAfterMessage`` (the page's and its game's); the wait for the next frame; that
# frame (style, layout, paint).
PHASES = """
(() => {
  const pushes = window.__phases = [], now = () => performance.now();
  let push = null;
  const timed = (owner, name) => {
    const inner = owner[name];
    owner[name] = function () {
      const t = now();
      try { return inner.apply(this, arguments); } finally { if (push) push[name] += now() - t; }
    };
  };
  let arrived = null;
  document.addEventListener("htmx:wsBeforeMessage", () => {
    push = {arrived: arrived, start: now(), morph: 0, process: 0};
  });
  document.addEventListener("htmx:wsAfterMessage", () => { if (push) push.after = now(); }, true);
  window.addEventListener("htmx:wsAfterMessage", () => {
    const done = push; push = null;
    if (!done || done.after === undefined) return;
    done.end = now();
    done.seq = Number(document.querySelector("[data-seq]").dataset.seq);
    requestAnimationFrame(() => {
      done.frame = now();
      setTimeout(() => { done.frameEnd = now(); pushes.push(done); }, 0);
    });
  });
  document.addEventListener("DOMContentLoaded", () => {  // before htmx's: it opens the socket
    timed(Idiomorph, "morph");
    timed(htmx, "process");
    const open = htmx.createWebSocket;  // the first listener of each socket: when a message is taken up
    htmx.createWebSocket = url => {
      const socket = open(url);
      socket.addEventListener("message", () => { arrived = now(); });
      return socket;
    };
  });
})();
"""
PHASE_NAMES = ("POST to message", "message to handler", "handler", "  morph", "  htmx.process",
               "  parse, swap in whole", "after-listeners", "wait for frame", "frame")


def phase_times(push: dict, posted: float, origin: float) -> tuple:
    """A push's PHASE_NAMES, in ms; ``posted``: when its move was posted (epoch ms),
    ``origin``: the page's ``performance.timeOrigin``."""
    handler = push["after"] - push["start"]
    return (origin + push["arrived"] - posted, push["start"] - push["arrived"], handler, push["morph"],
            push["process"], handler - push["morph"] - push["process"], push["end"] - push["after"],
            push["frame"] - push["end"], push["frameEnd"] - push["frame"])


# Chromium's timeline without its JavaScript sampler (which slowed a 4x phone down several
# times over): enough for the Performance panel and for the self time per kind of task.
TRACE_CATEGORIES = ["-*", "devtools.timeline", "disabled-by-default-devtools.timeline",
                    "disabled-by-default-devtools.timeline.frame", "toplevel", "v8.execute",
                    "blink.user_timing", "latencyInfo", "loading", "disabled-by-default-v8.cpu_profiler"]


def wait_painted(page, seq: int) -> None:
    """Wait until ``page`` has painted move ``seq`` or a later one and the frame that
    showed it is done (an error after ``WAIT_MS``)."""
    page.evaluate(f"s => Promise.race([window.__ended(s), new Promise((_, no) => setTimeout("
                  f"() => no(new Error('move ' + s + ' not painted')), {WAIT_MS}))])", seq)


@dataclass
class Figures:
    """What one checkout's runs of one game measured (pooled over rounds)."""

    moves: list = field(default_factory=list)  # ms, POST to the last page painting
    frame_end: list = field(default_factory=list)  # ms, POST to the end of the last page's frame
    phone: list = field(default_factory=list)  # ms, one per phone and move
    table: list = field(default_factory=list)  # ms, the table screen, per move
    first_page: list = field(default_factory=list)  # ms, DOMContentLoaded of a phone's page
    first_painted: list = field(default_factory=list)  # ms, the end of its first frame after that
    first_phases: list = field(default_factory=list)  # ms of each of FIRST_PHASES, per first page
    push_bytes: dict = field(default_factory=lambda: {"phone": [], "table": []})
    phases: list = field(default_factory=list)  # PHASE_NAMES' ms per push a phone took in (--phases)
    clock_skew: float = 0.0  # ms, the largest gap seen between a page's clock and Python's
    errors: list = field(default_factory=list)

    def add(self, other: "Figures") -> None:
        for name in ("moves", "frame_end", "phone", "table", "first_page", "first_painted", "first_phases", "phases",
                     "errors"):
            getattr(self, name).extend(getattr(other, name))
        for kind in self.push_bytes:
            self.push_bytes[kind].extend(other.push_bytes[kind])
        self.clock_skew = max(self.clock_skew, other.clock_skew)


class Devices:
    """Where a device's pages run: all in one Chromium, each page's CPU slowed down by
    DevTools (``Throttle``); or, with ``--slices``, a Chromium per device whose renderers
    have a slice of a core (bench/slices.py)."""

    def __init__(self, playwright, args):
        self.playwright, self.args, self.own = playwright, args, []
        self.shared = None if args.slices else playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)

    def browser(self, rate: float):
        if self.shared:
            return self.shared
        browser, cpu = slices.launch(self.playwright, rate, f"companion-paint-{os.getpid()}-{len(self.own)}",
                                     executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        self.own.append((browser, cpu))
        return browser

    def hold(self) -> None:
        """Renderers started since their browser's launch into its slice."""
        for _, cpu in self.own:
            cpu.hold()

    def close_own(self) -> None:
        for browser, cpu in self.own:
            browser.close()
            cpu.remove()
        self.own.clear()

    def close(self) -> None:
        self.close_own()
        if self.shared:
            self.shared.close()


class Throttle:
    """The slowing down of one page: CPU ``rate`` times (unless its device has a slice of
    a core, ``--slices``), and the network of home Wi-Fi."""

    def __init__(self, args, rate: float):
        self.args, self.rate = args, rate

    def apply(self, page):
        """The page's CDP session, the page slowed down. (Not ``Network.enable``: with the
        Network domain on, a large WebSocket message reached the page some 15 ms later,
        DevTools reporting its payload first.)"""
        session = page.context.new_cdp_session(page)
        if not self.args.no_throttle:
            if not self.args.slices:
                session.send("Emulation.setCPUThrottlingRate", {"rate": self.rate})
            rate = self.args.mbit * 1_000_000 / 8  # bytes per second
            session.send("Network.emulateNetworkConditions", {
                "offline": False, "latency": self.args.latency_ms,
                "downloadThroughput": rate, "uploadThroughput": rate})
        return session


def clock_skew(page) -> float:
    """How far the page's ``timeOrigin + now()`` falls outside Python's ``time.time()``
    taken just before and after reading it, in ms (0 when it falls between)."""
    before = time.time() * 1000
    seen = page.evaluate("performance.timeOrigin + performance.now()")
    after = time.time() * 1000
    return max(before - seen, seen - after, 0.0)


def push_sizes(page) -> list:
    """The bytes of each push the page has taken in since it last forgot them (``__pushes``)."""
    return page.evaluate("window.__pushes.map(m => new TextEncoder().encode(m).length)")


def measure(devices: Devices, root: Path, game: str, args, trace: Path | None = None,
            timed: bool = False) -> Figures:
    """One run of ``game`` served from the checkout ``root`` (``timed``: the phones' pushes
    timed phase by phase, PHASES)."""
    figures = Figures()
    with tempfile.TemporaryDirectory(prefix="companion-paint-") as workdir:
        gunicorn = Gunicorn(workdir, root=root)
        opened = []
        try:
            def contexts(kind: str, **options):
                rate = 1 if args.no_throttle else args.table_cpu if kind == "desktop" else args.cpu
                context = devices.browser(rate).new_context(**(DESKTOP if kind == "desktop" else PHONE), **options)
                context.add_init_script(WATCH)
                if timed:
                    context.add_init_script(PHASES)
                opened.append(context)
                return context

            table = Table(Server(gunicorn, Path(workdir, f"bench-{gunicorn.port}.sqlite3")), contexts, game)
            phones = list(table.phones.values())
            pages = [("table", table.host)] + [("phone", page) for page in phones]
            sessions = []
            for kind, page in pages:
                sessions.append(Throttle(args, args.table_cpu if kind == "table" else args.cpu).apply(page))
            devices.hold()
            figures.clock_skew = max(clock_skew(page) for _, page in pages)

            playout = import_module(f"{table.engine.__name__}.playout")
            rng, state = random.Random(game), table.state()
            seq, posted = len(table.events()), {}  # counted move's number -> when it was posted
            for _, page in pages:
                wait_painted(page, seq)
            if trace:
                phones[0].context.browser.start_tracing(page=phones[0], path=str(trace), categories=TRACE_CATEGORIES)
            try:
                for move in range(args.warmup + args.moves):
                    if table.engine.is_over(state):
                        break
                    if move == args.warmup:
                        for _, page in pages:
                            page.evaluate("window.__pushes = []")
                    seat = rng.choice(sorted(table.engine.to_act(state)))
                    action = playout.random_action(state, seat, rng)
                    start = time.time() * 1000
                    answer = table.post(seat, action)
                    if answer.status >= 400:
                        figures.errors.append(f"POST {action['type']} as {seat} -> {answer.status}")
                        break
                    state = table.engine.apply(state, seat, action)
                    seq = len(table.events())
                    if move >= args.warmup:
                        posted[seq] = start
                    try:
                        for _, page in pages:
                            wait_painted(page, seq)
                    except Exception as error:  # a page that never shows the move ends the run
                        figures.errors.append(f"move {seq} not painted: {error!r}"[:300])
                        break
                    if move >= args.warmup:
                        times = [page.evaluate("s => { const k = Object.keys(window.__paint).map(Number)"
                                               ".filter(k => k >= s).sort((a, b) => a - b)[0];"
                                               " return [window.__paint[k], window.__frameEnd[k]]; }", seq)
                                 for _, page in pages]
                        painted = [t[0] - start for t in times]
                        figures.moves.append(max(painted))
                        if all(t[1] is not None for t in times):
                            figures.frame_end.append(max(t[1] for t in times) - start)
                        figures.table.append(painted[0])
                        figures.phone.extend(painted[1:])
                    time.sleep(args.pause)  # a table's pace: each push drawn on its own
            finally:
                if trace:
                    phones[0].context.browser.stop_tracing()
            figures.clock_skew = max(figures.clock_skew, *(clock_skew(page) for _, page in pages))
            for kind, page in pages:
                figures.push_bytes[kind].extend(push_sizes(page))
                if timed and kind == "phone":
                    origin = page.evaluate("performance.timeOrigin")
                    figures.phases.extend(phase_times(push, posted[push["seq"]], origin)
                                          for push in page.evaluate("window.__phases") if push["seq"] in posted)

            # Each device has a CPU of its own; here a throttled page costs the shared CPU even
            # when idle (a fresh phone page's DOMContentLoaded about doubles with the table's
            # four pages throttled beside it), so the table's pages are throttled no more.
            for session in sessions if not args.slices else ():
                session.send("Emulation.setCPUThrottlingRate", {"rate": 1})
            for i in range(args.first_pages):
                phone = phones[i % len(phones)]
                fresh = phone.context.new_page()
                try:
                    Throttle(args, args.cpu).apply(fresh)
                    fresh.add_init_script(PAINTED)
                    fresh.goto(phone.url)
                    figures.first_painted.append(fresh.evaluate("window.__painted"))
                    marks = fresh.evaluate("(() => { const n = performance.getEntriesByType('navigation')[0];"
                                           " return [0, n.requestStart, n.responseStart, n.responseEnd, n.domInteractive,"
                                           " n.domContentLoadedEventStart, n.domContentLoadedEventEnd]; })()")
                    figures.first_page.append(marks[-1])
                    figures.first_phases.append([b - a for a, b in zip(marks, marks[1:])])
                finally:
                    fresh.close()
            logged = gunicorn.first_error()
            if logged:
                figures.errors.append("the server logged:\n" + logged)
            return figures
        finally:
            for context in opened:
                context.close()
            devices.close_own()
            gunicorn.stop()


def self_times(trace: Path, top: int = 10) -> list[tuple[str, float]]:
    """The traced phone's renderer main thread: the ``top`` names of trace events by their
    self time (their duration less that of the events inside them), in ms."""
    events = json.loads(trace.read_text())
    events = events.get("traceEvents", events) if isinstance(events, dict) else events
    started = [e for e in events if e.get("name") == "TracingStartedInBrowser"]
    pids = {f["processId"] for e in started for f in e.get("args", {}).get("data", {}).get("frames", [])
            if "processId" in f}
    mains = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"
             and e.get("args", {}).get("name") == "CrRendererMain" and (not pids or e["pid"] in pids)}
    spans = defaultdict(list)
    for e in events:
        if e.get("ph") == "X" and (e.get("pid"), e.get("tid")) in mains and "dur" in e:
            spans[(e["pid"], e["tid"])].append(e)
    totals = defaultdict(float)
    for thread in spans.values():
        thread.sort(key=lambda e: (e["ts"], -e["dur"]))
        stack = []  # [event, time of its children]
        for e in thread:
            while stack and e["ts"] >= stack[-1][0]["ts"] + stack[-1][0]["dur"]:
                done, inner = stack.pop()
                totals[done["name"]] += done["dur"] - inner
            if stack:
                stack[-1][1] += e["dur"]
            stack.append([e, 0.0])
        for done, inner in stack:
            totals[done["name"]] += done["dur"] - inner
    return sorted(((name, us / 1000) for name, us in totals.items()), key=lambda t: -t[1])[:top]


def script_times(trace: Path, top: int = 12) -> list[tuple[str, float]]:
    """The traced phone's script: the ``top`` functions by the time V8's sampling profiler
    found each running itself (``ProfileChunk`` events), as name@file:line, in ms."""
    events = json.loads(trace.read_text())
    events = events.get("traceEvents", events) if isinstance(events, dict) else events
    started = [e for e in events if e.get("name") == "TracingStartedInBrowser"]
    pids = {f["processId"] for e in started for f in e.get("args", {}).get("data", {}).get("frames", [])
            if "processId" in f}
    frames, totals = {}, defaultdict(float)
    for e in events:
        if e.get("name") != "ProfileChunk" or (pids and e.get("pid") not in pids):
            continue
        profile = e.get("args", {}).get("data", {}).get("cpuProfile", {})
        for node in profile.get("nodes", []):
            call = node.get("callFrame", {})
            where = (call.get("url") or "").rsplit("/", 1)[-1].split("?")[0]
            frames[(e["id"], node["id"])] = f"{call.get('functionName') or '(anonymous)'}@{where}:{call.get('lineNumber')}"
        deltas = e["args"]["data"].get("timeDeltas", [])
        for node, delta in zip(profile.get("samples", []), deltas):
            totals[frames.get((e["id"], node), "?")] += delta / 1000
    return sorted(totals.items(), key=lambda t: -t[1])[:top]


def stats(values: list, *ps: int) -> str:
    if not values:
        return "-"
    return "/".join(f"{percentile(values, p):.0f}" if p < 100 else f"{max(values):.0f}" for p in ps)


#: A first page notes when its first frame after DOMContentLoaded ends (ms from the start of
#: navigation): what the person sees then is the whole page, its scripts run.
PAINTED = """window.__painted = new Promise(done => document.addEventListener("DOMContentLoaded",
  () => requestAnimationFrame(() => setTimeout(() => done(performance.now()), 0))));"""


#: A first page's time, phase by phase (the navigation entry's marks, one to the next).
FIRST_PHASES = ("connection", "server", "download", "parse", "deferred scripts", "DOMContentLoaded handlers")


def phases(f: Figures) -> str:
    """The median of each phase of the first pages, in ms."""
    if not f.first_phases:
        return ""
    medians = (statistics.median(column) for column in zip(*f.first_phases))
    return " (" + ", ".join(f"{name} {ms:.0f}" for name, ms in zip(FIRST_PHASES, medians)) + ")"


def line(label: str, game: str, f: Figures) -> str:
    push = ""
    if f.push_bytes["phone"] or f.push_bytes["table"]:
        push = (f", push mean {statistics.fmean(f.push_bytes['phone'] or [0]) / 1024:.1f} KB phone / "
                f"{statistics.fmean(f.push_bytes['table'] or [0]) / 1024:.1f} KB table")
    return (f"{label:>8} {game:<13} {len(f.moves):>3} moves, all screens p50/p99/max "
            f"{stats(f.moves, 50, 99, 100):>11} ms (frame end p99 {stats(f.frame_end, 99)}), "
            f"phones p50/p99 {stats(f.phone, 50, 99)}, table p50/p99 {stats(f.table, 50, 99)}; "
            f"first page DCL p50/max {stats(f.first_page, 50, 100)} ms{phases(f)}, "
            f"painted p50/max {stats(f.first_painted, 50, 100)} ms{push}"
            + (f"; errors {len(f.errors)}" if f.errors else ""))


def verdict(f: Figures) -> str:
    checks = []
    if f.moves:
        checks.append((f"p99 <= {P99_TARGET_MS} ms", percentile(f.moves, 99) <= P99_TARGET_MS))
    if f.first_page:
        checks.append((f"first page DCL <= {FIRST_PAGE_TARGET_MS} ms", max(f.first_page) <= FIRST_PAGE_TARGET_MS))
    checks.append(("no errors", not f.errors))
    return ", ".join(f"{name}: {'ok' if ok else 'MISSED'}" for name, ok in checks)


def device_arguments(parser: argparse.ArgumentParser) -> None:
    """How a phone is slowed down: its CPU (by DevTools, or ``--slices``) and its network."""
    parser.add_argument("--cpu", type=float, default=4, help="the phones' CPU slow-down")
    parser.add_argument("--latency-ms", type=float, default=20, help="the network's added latency")
    parser.add_argument("--mbit", type=float, default=20, help="the network's throughput, each way")
    parser.add_argument("--slices", action="store_true",
                        help="each device a Chromium of its own, slowed down by a CPU quota (bench/slices.py)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(games_with_screens(ROOT)))
    parser.add_argument("--moves", type=int, default=30, help="moves measured per game and run")
    parser.add_argument("--warmup", type=int, default=2, help="moves played first, not counted")
    parser.add_argument("--pause", type=float, default=0.3, help="seconds after a move is painted everywhere")
    device_arguments(parser)
    parser.add_argument("--table-cpu", type=float, default=2, help="the table screen's CPU slow-down")
    parser.add_argument("--no-throttle", action="store_true", help="neither CPU nor network slowed down")
    parser.add_argument("--first-pages", type=int, default=5, help="phone first-page loads per game and run")
    parser.add_argument("--compare", type=Path, help="another checkout, measured in the same run")
    parser.add_argument("--repeat", type=int, default=1, help="rounds per game, the checkouts taking turns")
    parser.add_argument("--trace", type=Path, help="write a Chromium performance trace of one phone here")
    parser.add_argument("--phases", action="store_true", help="a run timing each phase of the phones' pushes")
    args = parser.parse_args()
    games = args.games.split(",")
    roots = [("app", ROOT)] + ([("compared", args.compare.resolve())] if args.compare else [])
    print("load average before: %.2f %.2f %.2f (a shared 2-core machine: figures vary with its load)"
          % os.getloadavg())
    print("no throttling" if args.no_throttle else
          f"phones {args.cpu:g}x CPU, table screen {args.table_cpu:g}x, network {args.latency_ms:g} ms "
          f"and {args.mbit:g} Mbit/s; {args.moves} moves per game and run, {args.pause} s apart")
    if args.slices:
        print("CPU slowed down by a quota on each device's renderers (--slices), not by DevTools")
    if args.compare:
        print(f"app: {ROOT}; compared: {args.compare}")
    totals = {label: Figures() for label, _ in roots}
    all_ok = True
    with sync_playwright() as p:
        devices = Devices(p, args)
        try:
            for game in games:
                found = {label: Figures() for label, _ in roots}
                if args.trace:  # a run of its own: tracing slows the phone down, it is not counted
                    trace = (args.trace if len(games) == 1 else
                             args.trace.with_name(f"{args.trace.stem}-{game}{args.trace.suffix}"))
                    figures = measure(devices, ROOT, game, args, trace)
                    print("  " + line("traced", game, figures) + " (not counted)", flush=True)
                    print(f"      a phone's trace written to {trace}; its main thread's self time:")
                    for name, ms in self_times(trace):
                        print(f"        {ms:8.1f} ms  {name}")
                    print("      and of its script, the functions by their own time (V8's samples):")
                    for name, ms in script_times(trace):
                        print(f"        {ms:8.1f} ms  {name}")
                if args.phases:  # a run of its own, not counted
                    figures = measure(devices, ROOT, game, args, timed=True)
                    print(f"      {game}: a phone taking in a push, ms p50/p90/max over {len(figures.phases)} pushes:")
                    for name, column in zip(PHASE_NAMES, zip(*figures.phases)):
                        print(f"        {name:<24} {stats(list(column), 50, 90, 100)}")
                for round_ in range(args.repeat):
                    for label, root in roots:
                        figures = measure(devices, root, game, args)
                        found[label].add(figures)
                        if args.repeat > 1:
                            print("  " + line(f"{label}#{round_ + 1}", game, figures), flush=True)
                        for error in figures.errors[:3]:
                            print(f"      error: {error}")
                for label, _ in roots:
                    print(line(label, game, found[label]) + f"; clock gap {found[label].clock_skew:.1f} ms",
                          flush=True)
                    totals[label].add(found[label])
            for label, _ in roots:
                print(line(label, "all games", totals[label]) + f"  [{verdict(totals[label])}]")
                all_ok &= label != "app" or "MISSED" not in verdict(totals[label])
        finally:
            devices.close()
    print("load average after: %.2f %.2f %.2f" % os.getloadavg())
    sys.exit(0 if all_ok else 1)


if __name__ == "__main__":
    main()
