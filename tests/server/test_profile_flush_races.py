"""flush_profile raced with a generation provider (the fake OpenAI-compatible one, answering slowly
so the flushes overlap their model calls), on one SQLite server and on three ``pcreceipt serve``
processes over one OceanBase database: of K flushes of one window exactly one commits, writing the
Profile's revision once; the others are 1.4.1's ``conflict`` or find no window
(``_support.profile_races``)."""

from __future__ import annotations

from _support.profile_races import race_flush_profile_with_provider
from _support.racers import Racers


def test_flushes_of_one_window_commit_once(provider_racers: Racers) -> None:
    race_flush_profile_with_provider(provider_racers)
