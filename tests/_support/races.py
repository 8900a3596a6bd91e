"""Calls released together: each in its own thread, all waiting on one barrier, so the store or the
servers see them at the same moment (``at_once``)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")
RELEASE_SECONDS = 60.0


def at_once(
    calls: Sequence[Callable[[], T]], *, caught: tuple[type[BaseException], ...] = ()
) -> list[T | BaseException]:
    """Run ``calls`` in threads released together by a barrier; their results in call order. An
    exception of a ``caught`` type is returned in its call's place; any other is raised."""
    barrier = threading.Barrier(len(calls))

    def released(call: Callable[[], T]) -> T | BaseException:
        barrier.wait(timeout=RELEASE_SECONDS)
        try:
            return call()
        except caught as error:
            return error

    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        return list(pool.map(released, calls))
