"""Remote Skill targets over HTTP on both engines, dated by the server's injected clock: a code's
ten minutes start at creation on that clock, an enrollment is checked and recorded at it, and a
Receiver's liveness is too (the clock moves only when the test moves it)."""

from __future__ import annotations

from datetime import timedelta

import httpx
from _support.clock import Clock
from _support.remote_skills import enrollment, pending_target
from _support.servers import assert_error, new_scope

ENROLL = "/v1/skill/remote/target/enroll"


def test_enrollment_codes_live_ten_minutes_on_the_server_clock(http: httpx.Client, clock: Clock) -> None:
    scope_id = new_scope(http, "clocked targets")
    lapsed = pending_target(http, scope_id, "lapsed")
    assert lapsed["enrollment_expires_at"] == "2026-03-01T12:10:00.000Z"  # the fixture's clock, plus ten minutes
    clock.now += timedelta(minutes=10)
    assert_error(http.post(ENROLL, json=enrollment(lapsed["enrollment_code"])), 409, "invalid_enrollment")

    live = pending_target(http, scope_id, "live")
    assert live["enrollment_expires_at"] == "2026-03-01T12:20:00.000Z"
    clock.now += timedelta(minutes=9, seconds=59)
    enrolled = http.post(ENROLL, json=enrollment(live["enrollment_code"]))
    assert enrolled.status_code == 200, enrolled.text
    listed = http.post("/v1/skill/remote/targets", json={"scope_id": scope_id}).json()["targets"]
    assert [(status["target"]["display_name"], status["target"]["last_seen_at"]) for status in listed] == [
        ("lapsed", None),
        ("live", "2026-03-01T12:19:59.000Z"),
    ]
