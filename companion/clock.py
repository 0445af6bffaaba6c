"""The time of day, corrected from the host's browser when this machine has no clock.

A Raspberry Pi has no battery-backed clock: switched on at a game night without
internet, it believes it is whenever it was last shut down. Browsers run on phones
and laptops whose clocks are right, so every page tells the server the browser's
time (``static/js/clock.js``), and the server keeps the difference as an offset for
the dates it records: when tables were started, when each move was made.

The server's own clock wins when the system says it is synchronised (systemd's
timesyncd marks that with a file). Otherwise the host's browser (one holding a host
link of any table) sets the offset whenever it tells; any other browser only while
no offset has been learned yet, so a phone with a wrong clock cannot move the dates
of a night a host has set. Differences under ``TOLERANCE`` are network delay, not a
wrong clock, and are ignored.
"""

import os
import threading
import time
from datetime import datetime, timedelta, timezone

SYNCHRONISED_MARK = "/run/systemd/timesync/synchronized"
TOLERANCE = 60.0  # seconds
MAX_UTC_OFFSET = 18 * 60  # minutes; the widest real time zone is +14:00


class Clock:
    def __init__(self, system=time.time, synchronised=None):
        self._system = system
        self.synchronised = synchronised or (lambda: os.path.exists(SYNCHRONISED_MARK))
        self._lock = threading.Lock()
        self.offset = 0.0  # seconds to add to the system clock
        self.learned = False
        self.utc_offset: int | None = None  # the browser's time zone, minutes east of UTC

    def now(self) -> float:
        return self._system() + self.offset

    def learn(self, browser_ms, utc_offset_minutes=None, from_host: bool = False) -> bool:
        """Take a browser's clock (milliseconds since the epoch) and time zone into
        account; returns whether the offset changed. Bad numbers are ignored."""
        try:
            browser = float(browser_ms) / 1000
            zone = None if utc_offset_minutes in (None, "") else int(utc_offset_minutes)
        except (TypeError, ValueError):
            return False
        if browser != browser or browser <= 0 or browser > 1e11:  # NaN, or nowhere near now
            return False
        with self._lock:
            if zone is not None and abs(zone) <= MAX_UTC_OFFSET and (from_host or self.utc_offset is None):
                self.utc_offset = zone
            if self.synchronised() or (self.learned and not from_host):
                return False
            offset = browser - self._system()
            self.learned = True
            if abs(offset) < TOLERANCE:
                changed, self.offset = self.offset != 0.0, 0.0
            else:
                changed, self.offset = True, offset
            return changed

    def local(self, timestamp: float) -> datetime:
        """``timestamp`` as a date and time where the host is (else this machine's zone)."""
        if self.utc_offset is None:
            return datetime.fromtimestamp(timestamp)
        return datetime.fromtimestamp(timestamp, timezone(timedelta(minutes=self.utc_offset)))
