"""A settable clock for a server under test (``create_app(..., clock=clock)``): it answers ``now``
until a test moves it (``clock.now += timedelta(...)``)."""

from __future__ import annotations

from datetime import datetime


class Clock:
    """A settable, timezone-aware clock: calling it answers ``now``."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now
