"""create_dream_run raced with a generation provider (the fake OpenAI-compatible one, answering
slowly so the runs overlap their claims), on one SQLite server and on three ``pcreceipt serve``
processes over one OceanBase database: K creates of one key leave one run that every racer is
answered with; K creates of distinct keys leave K runs; each run is executed exactly once (one
attempt, one model call), the store's lease deciding which server runs it
(``_support.dream_races``)."""

from __future__ import annotations

from _support.dream_races import race_create_dream_run_many_keys, race_create_dream_run_one_key
from _support.racers import Racers


def test_creates_of_one_key_leave_one_run_executed_once(provider_racers: Racers) -> None:
    race_create_dream_run_one_key(provider_racers)


def test_creates_of_distinct_keys_each_run_once(provider_racers: Racers) -> None:
    race_create_dream_run_many_keys(provider_racers)
