"""A device's own slice of this machine's CPU, for bench/paint.py ``--slices``: a Chromium
whose renderers run in a cgroup with a CPU quota (a phone at 4x: a quarter of one core).

Why: DevTools' CPU throttling (``Emulation.setCPUThrottlingRate``) slows a page's main
thread down with a signal whose handler busy-waits, whether the page has work or not:
three idle pages at 4x took 8.7 s of CPU in 5 s here (1.7 s at 1x). On a 2-core machine
a table's four throttled pages then keep both cores spinning, and the server, the browser
and the pages' own work wait for them: the figures measure the machine more than the
pages. A quota caps a device's renderers at ``1 / rate`` of a core and costs nothing while
they are idle. Unlike DevTools it slows all of a renderer's threads (compositor, raster),
not only the main one. Needs root and the cgroup v1 ``cpu`` controller (or cgroup v2 with
``cpu`` enabled at its root).
"""

import os
import time
from pathlib import Path

PERIOD_US = 10_000  # the quota is counted per 10 ms: work slowed evenly, not in long stalls
V1, V2 = Path("/sys/fs/cgroup/cpu"), Path("/sys/fs/cgroup")
CHROMIUM_BINARY = b"/usr/lib/chromium/chromium"  # what Debian's /usr/bin/chromium starts


def _parents() -> dict[int, int]:
    """Every process's parent."""
    out = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                out[int(entry.name)] = int(Path(entry.path, "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    return out


def descendants(pid: int) -> set[int]:
    """``pid`` and the processes it started, theirs, and so on."""
    children: dict[int, list[int]] = {}
    for child, parent in _parents().items():
        children.setdefault(parent, []).append(child)
    found, todo = set(), [pid]
    while todo:
        found.add(todo[-1])
        todo.extend(children.get(todo.pop(), ()))
    return found


def _command(pid: int) -> bytes:
    """A process's command line (Chromium's children rewrite theirs: one string)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


class Slice:
    """A cgroup of its own with a CPU quota of ``1 / rate`` of a core."""

    def __init__(self, name: str, rate: float):
        quota = max(1000, round(PERIOD_US / rate))  # the kernel's least quota is 1 ms
        if (V1 / "cpu.cfs_quota_us").exists():
            self.path = V1 / name
            self.path.mkdir(exist_ok=True)
            (self.path / "cpu.cfs_period_us").write_text(str(PERIOD_US))
            (self.path / "cpu.cfs_quota_us").write_text(str(quota))
        elif "cpu" in (V2 / "cgroup.subtree_control").read_text().split():
            self.path = V2 / name
            self.path.mkdir(exist_ok=True)
            (self.path / "cpu.max").write_text(f"{quota} {PERIOD_US}")
        else:
            raise SystemExit("--slices needs root and cgroup v1's cpu controller or cgroup v2's cpu")
        self.root: int | None = None  # the browser's own process

    def hold(self) -> None:
        """The browser's zygotes and renderers into the slice (what a zygote forks later
        follows it); what else it forked (the GPU process, the network service) out."""
        for pid in descendants(self.root) - {self.root}:
            command = _command(pid)
            inside = b"--type=zygote" in command or b"--type=renderer" in command
            try:
                ((self.path if inside else self.path.parent) / "cgroup.procs").write_text(str(pid))
            except OSError:  # gone meanwhile
                pass

    def remove(self) -> None:
        """The cgroup removed, once its processes have ended (the browser closed)."""
        for _ in range(100):
            try:
                self.path.rmdir()
                return
            except OSError:
                time.sleep(0.05)


def launch(playwright, rate: float, name: str, **options):
    """A Chromium of its own (``options`` as for ``launch``) whose renderers have a slice
    of ``rate``: (browser, slice)."""
    cpu = Slice(name, rate)
    ours = descendants(os.getpid())
    browser = playwright.chromium.launch(**options)
    new = descendants(os.getpid()) - ours
    parents = _parents()
    cpu.root = next(pid for pid in new if parents.get(pid) not in new  # the browser, under Playwright's driver
                    and _command(pid).startswith(CHROMIUM_BINARY) and b"--type=" not in _command(pid))
    cpu.hold()
    return browser, cpu
