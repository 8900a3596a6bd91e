"""flush_profile over real HTTP on every engine, as PowerContext 1.4.1's Profile service answers it:
disabled without a policy, noop without a window, 503 generation_unavailable without a provider
when the window holds evidence, one bounded model call otherwise (right, slow, down, wrong), the
Profile's next revision and the cursor committed together with the policy's version, and one
winner among flushes of one state. Every answer is parsed with 1.4.1's own closed model."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.fakes import FakeInference, Invalid, Mode
from _support.servers import assert_error, running

from pcreceipt.config import GenerationSettings, Settings
from pcreceipt.prepare.profile_generation import BUILTIN_PROFILE_PROMPT
from pcreceipt.server.app import create_app
from pcreceipt.store.protocol import Store

FLUSH = "/v1/profile/flush"
CONTENT = "/v1/sources/content"


@pytest.fixture
def fake() -> Iterator[FakeInference]:
    with FakeInference() as inference:
        yield inference


def with_model(tmp_path: Path, fake: FakeInference, timeout: float = 2.0) -> Settings:
    generation = GenerationSettings(base_url=fake.base_url, model="fake/profile", timeout_seconds=timeout)
    return Settings(data_dir=tmp_path, generation=generation)


@contextmanager
def serving(store: Store, settings: Settings) -> Iterator[httpx.Client]:
    """A running server over ``store`` with ``settings`` and a client of it."""
    with running(create_app(settings, store=store)) as url, httpx.Client(base_url=url, timeout=30) as client:
        yield client


def new_scope(http: httpx.Client, key: str = "profile-flush") -> str:
    response = http.post("/v1/scopes", json={"title": "profile", "summary": "profile", "idempotency_key": key})
    assert response.status_code == 201, response.text
    return str(response.json()["scope_id"])


def put_policy(
    http: httpx.Client, scope_id: str, version: int, *, enabled: bool = True, mode: str = "automatic"
) -> int:
    body = {"generation_enabled": enabled, "activation_mode": mode, "expected_version": version}
    response = http.put(f"/v1/scopes/{scope_id}/profile-policy", json=body)
    assert response.status_code == 200, response.text
    return int(response.json()["version"])


def policy_version(http: httpx.Client, scope_id: str) -> int:
    return int(http.get(f"/v1/scopes/{scope_id}/profile-policy").json()["version"])


def capture(http: httpx.Client, scope_id: str, source_id: str, content: str) -> int:
    response = http.post(CONTENT, json={"scope_id": scope_id, "source_id": source_id, "content": content})
    assert response.status_code == 202, response.text
    return int(response.json()["position"])


def flush(http: httpx.Client, scope_id: str, models: ModuleType) -> dict[str, Any]:
    response = http.post(FLUSH, json={"scope_id": scope_id})
    assert response.status_code == 200, response.text
    models.FlushProfileResponse.model_validate_json(response.content)
    body: dict[str, Any] = response.json()
    assert set(body) == {
        "status",
        "previous_cursor",
        "current_cursor",
        "high_watermark",
        "processed_source_count",
        "artifact",
        "candidate_id",
    }
    assert body["candidate_id"] is None
    return body


def outcome(body: dict[str, Any]) -> tuple[Any, ...]:
    keys = ("status", "previous_cursor", "current_cursor", "high_watermark", "processed_source_count")
    return tuple(body[key] for key in keys)


def profile(http: httpx.Client, scope_id: str) -> dict[str, Any] | None:
    listed = http.get(f"/v1/scopes/{scope_id}/artifacts/profile").json()["items"]
    if not listed:
        return None
    got = http.get(f"/v1/scopes/{scope_id}/artifacts/profile/{listed[0]['artifact_id']}")
    assert got.status_code == 200, got.text
    return dict(got.json())


def test_without_a_provider(http_plain: httpx.Client, powercontext_models: ModuleType) -> None:
    http = http_plain
    assert_error(http.post(FLUSH, json={"scope_id": "scp_missing"}), 404, "scope_not_found")
    scope_id = new_scope(http)
    # no policy: disabled, nothing read or written
    assert outcome(flush(http, scope_id, powercontext_models)) == ("disabled", 0, 0, 0, 0)
    version = put_policy(http, scope_id, 0)
    # no Source past the cursor: noop, nothing written (the policy keeps its version)
    assert outcome(flush(http, scope_id, powercontext_models)) == ("noop", 0, 0, 0, 0)
    assert policy_version(http, scope_id) == version
    # a window without evidence (an artifact's lineage Source, a Working Note) is passed
    created = http.post(
        f"/v1/scopes/{scope_id}/artifacts",
        json={"family": "atomic-memory", "content": {"kind": "fact", "text": "lineage only"}},
    )
    assert created.status_code == 201, created.text
    note = {
        "scope_id": scope_id,
        "source_id": "note-1",
        "session_id": "s",
        "note_kind": "abandoned_approach",
        "content": "n",
    }
    assert http.post("/v1/sources/working-notes", json=note).status_code == 202
    assert outcome(flush(http, scope_id, powercontext_models)) == ("noop", 0, 2, 2, 0)
    assert policy_version(http, scope_id) == version + 1  # the commit replaced the policy row
    # evidence without a provider: 1.4.1's 503, the cursor stays, nothing written
    capture(http, scope_id, "c-1", "profile: Prefers Python")
    for _ in range(2):
        error = assert_error(http.post(FLUSH, json={"scope_id": scope_id}), 503, "generation_unavailable")
        assert error["details"] == {"family": "profile"}
    assert policy_version(http, scope_id) == version + 1 and profile(http, scope_id) is None
    # generation off: disabled, whatever is pending
    put_policy(http, scope_id, version + 1, enabled=False)
    assert outcome(flush(http, scope_id, powercontext_models)) == ("disabled", 2, 2, 3, 0)


@pytest.fixture
def http_plain(engine_store: Store, tmp_path: Path) -> Iterator[httpx.Client]:
    with serving(engine_store, Settings(data_dir=tmp_path)) as client:
        yield client


def test_a_flush_writes_the_next_profile_once(
    engine_store: Store, tmp_path: Path, fake: FakeInference, powercontext_models: ModuleType
) -> None:
    with serving(engine_store, with_model(tmp_path, fake)) as http:
        scope_id = new_scope(http)
        version = put_policy(http, scope_id, 0)
        capture(http, scope_id, "c-1", "profile: Prefers Python\nsomething else")
        capture(http, scope_id, "c-2", "profile: Works on pcreceipt")
        body = flush(http, scope_id, powercontext_models)
        assert outcome(body) == ("updated", 0, 2, 2, 2)
        assert body["artifact"] == {"family": "profile", "artifact_id": "profile", "revision": 1}
        assert fake.chat.calls == 1
        sent = json.loads(fake.requests_to("/v1/chat/completions")[-1].json["messages"][-1]["content"])
        assert sent["task"] == "generate_profile" and sent["previous_content"] is None
        assert [s["source_id"] for s in sent["sources"]] == ["c-1", "c-2"]
        system = fake.requests_to("/v1/chat/completions")[-1].json["messages"][0]["content"]
        assert system == BUILTIN_PROFILE_PROMPT
        stored = profile(http, scope_id)
        assert stored is not None and stored["content"]["content"] == "Prefers Python\nWorks on pcreceipt\n"
        assert stored["sources"] == [
            {"source_type": "content", "source_id": "c-1"},
            {"source_type": "content", "source_id": "c-2"},
        ]
        assert policy_version(http, scope_id) == version + 1
        # idempotent: nothing past the cursor now, no call, nothing written
        assert outcome(flush(http, scope_id, powercontext_models)) == ("noop", 2, 2, 2, 0)
        assert fake.chat.calls == 1 and policy_version(http, scope_id) == version + 1
        # the model finds nothing new (null), then repeats the profile as it is: noop, the cursor moves
        capture(http, scope_id, "c-3", "just chatter")
        assert outcome(flush(http, scope_id, powercontext_models)) == ("noop", 2, 3, 3, 1)
        capture(http, scope_id, "c-4", "profile: Prefers Python")
        assert outcome(flush(http, scope_id, powercontext_models)) == ("noop", 3, 4, 4, 1)
        # something new: revision 2, derived from revision 1, given the previous profile
        capture(http, scope_id, "c-5", "profile: Answers in English")
        body = flush(http, scope_id, powercontext_models)
        assert outcome(body) == ("updated", 4, 5, 5, 1) and body["artifact"]["revision"] == 2
        sent = json.loads(fake.requests_to("/v1/chat/completions")[-1].json["messages"][-1]["content"])
        assert sent["previous_content"] == "Prefers Python\nWorks on pcreceipt\n"
        stored = profile(http, scope_id)
        assert stored is not None and stored["artifacts"] == [
            {"family": "profile", "artifact_id": "profile", "revision": 1}
        ]
        assert fake.chat.calls == 4


def test_review_required_generates_no_candidate(
    engine_store: Store, tmp_path: Path, fake: FakeInference, powercontext_models: ModuleType
) -> None:
    with serving(engine_store, with_model(tmp_path, fake)) as http:
        scope_id = new_scope(http)
        put_policy(http, scope_id, 0, mode="review_required")
        capture(http, scope_id, "c-1", "profile: Prefers Python")
        error = assert_error(http.post(FLUSH, json={"scope_id": scope_id}), 503, "generation_unavailable")
        assert error["details"] == {"family": "profile"}
        assert fake.chat.calls == 0 and profile(http, scope_id) is None
        assert http.get(f"/v1/scopes/{scope_id}/profile-policy").json()["pending_candidate_id"] is None


FAILURES: list[tuple[Mode, Invalid, str]] = [
    ("down", "json", "inference_unavailable"),
    ("invalid", "content", "inference_unavailable"),
    ("slow", "json", "inference_timeout"),
]


@pytest.mark.parametrize(("mode", "invalid", "code"), FAILURES)
def test_a_failing_model_writes_nothing(
    engine_store: Store,
    tmp_path: Path,
    fake: FakeInference,
    powercontext_models: ModuleType,
    mode: Mode,
    invalid: Invalid,
    code: str,
) -> None:
    with serving(engine_store, with_model(tmp_path, fake, timeout=0.3)) as http:
        scope_id = new_scope(http)
        version = put_policy(http, scope_id, 0)
        capture(http, scope_id, "c-1", "profile: Prefers Python")
        fake.configure("chat", mode, invalid=invalid, delay=1.0)
        error = assert_error(http.post(FLUSH, json={"scope_id": scope_id}), 503, code)
        assert error["details"] is None
        assert fake.chat.calls == 1  # one call, no retry
        assert profile(http, scope_id) is None and policy_version(http, scope_id) == version
        fake.configure("chat", "ok")
        assert outcome(flush(http, scope_id, powercontext_models)) == ("updated", 0, 1, 1, 1)


@pytest.mark.parametrize("answer", ['{"content": "   "}', '{"content": 7}', '{"content": "x", "extra": 1}', "[]"])
def test_an_answer_outside_the_shape_is_refused(answer: str) -> None:
    from pcreceipt.inference import InferenceError
    from pcreceipt.prepare.profile_generation import parse_profile

    with pytest.raises(InferenceError) as refused:
        parse_profile(answer)
    assert refused.value.kind == "invalid_output"


def test_normalised_as_1_4_1_normalises_a_profile() -> None:
    from pcreceipt.prepare.profile_generation import parse_profile

    assert parse_profile('{"content": "\\ufeffCafe\\u0301\\r\\nline\\n\\n"}') == "Caf\u00e9\nline\n"
    assert parse_profile('{"content": null}') is None


def test_the_window_is_bounded(
    engine_store: Store, tmp_path: Path, fake: FakeInference, powercontext_models: ModuleType
) -> None:
    with serving(engine_store, with_model(tmp_path, fake)) as http:
        scope_id = new_scope(http)
        put_policy(http, scope_id, 0)
        for i in range(40):
            capture(http, scope_id, f"c-{i}", f"profile: item {i}")
        # 32 Sources without a Profile; 31 once a Profile holds a place in the lineage's bound
        assert outcome(flush(http, scope_id, powercontext_models)) == ("updated", 0, 32, 40, 32)
        stored = profile(http, scope_id)  # the revision names the newest 16 of its 32 evidence Sources
        assert stored is not None and [s["source_id"] for s in stored["sources"]] == [f"c-{i}" for i in range(16, 32)]
        assert outcome(flush(http, scope_id, powercontext_models)) == ("updated", 32, 40, 40, 8)
        assert fake.chat.calls == 2


def test_flushes_of_one_state_have_one_winner(
    engine_store: Store, tmp_path: Path, fake: FakeInference, powercontext_models: ModuleType
) -> None:
    with serving(engine_store, with_model(tmp_path, fake)) as http:
        scope_id = new_scope(http)
        version = put_policy(http, scope_id, 0)
        capture(http, scope_id, "c-1", "profile: Prefers Python")
        fake.configure("chat", "slow", delay=0.5)
        answers: list[httpx.Response] = []
        barrier = threading.Barrier(3)

        def run() -> None:
            barrier.wait()
            answers.append(http.post(FLUSH, json={"scope_id": scope_id}))

        threads = [threading.Thread(target=run) for _ in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for answer in answers:
            powercontext_models.FlushProfileResponse.model_validate_json(answer.content)
        statuses = sorted(a.json()["status"] for a in answers)
        assert statuses.count("updated") + statuses.count("noop") == 1, statuses
        assert all(s == "conflict" for s in statuses if s not in ("updated", "noop"))
        for answer in answers:
            if answer.json()["status"] == "conflict":
                assert answer.json()["current_cursor"] in (0, 1)
        stored = profile(http, scope_id)
        assert stored is not None and stored["revision"] == 1
        assert policy_version(http, scope_id) == version + 1


def test_a_custom_prompt_and_capabilities(
    engine_store: Store, tmp_path: Path, fake: FakeInference, powercontext_models: ModuleType
) -> None:
    """profile.generate is supported while a provider runs it (provider_not_configured without one);
    a Scope's custom prompt is the system message and, like the current Profile, holds a place in
    the window's lineage bound (1.4.1's)."""
    with serving(engine_store, Settings(data_dir=tmp_path / "plain")) as http:
        raw = http.get("/v1/capabilities")
        powercontext_models.Capabilities.model_validate_json(raw.content)
        plain = raw.json()["prompts"]["profile.generate"]
        assert (plain["status"], plain["reason"]) == ("disabled", "provider_not_configured")
    with serving(engine_store, with_model(tmp_path, fake)) as http:
        capabilities = http.get("/v1/capabilities").json()["prompts"]["profile.generate"]
        assert (capabilities["status"], capabilities["reason"]) == ("supported", None)
        scope_id = new_scope(http, "custom-profile")
        demonstrations = http.post(
            f"/v1/scopes/{scope_id}/prompts/profile.generate/demonstrations",
            json={"instructions": "Keep it short.", "demonstration_count": 1},
        )
        assert_error(demonstrations, 422, "prompt_customization_unavailable")
        put_policy(http, scope_id, 0)
        custom = {
            "schema_version": "powercontext.prompt.v1",
            "mode": "custom",
            "instructions": "Keep the profile in one line.",
            "demonstrations": [{"input": "profile: a", "expected_output": '{"content": "a"}'}],
        }
        prompt = http.post(
            f"/v1/scopes/{scope_id}/artifacts",
            json={"family": "prompt", "prompt_key": "profile.generate", "content": custom},
        )
        assert prompt.status_code == 201, prompt.text
        for i in range(40):
            capture(http, scope_id, f"c-{i}", f"profile: item {i}")
        # the prompt's own lineage Source is position 1 (no evidence); 31 places left, then 30
        assert outcome(flush(http, scope_id, powercontext_models)) == ("updated", 0, 31, 41, 30)
        system = fake.requests_to("/v1/chat/completions")[-1].json["messages"][0]["content"]
        assert system.startswith("Keep the profile in one line.\n\nExample input:\nprofile: a")
        stored = profile(http, scope_id)
        assert stored is not None and stored["artifacts"] == [
            {"family": "prompt", "artifact_id": prompt.json()["artifact_id"], "revision": 1}
        ]
        assert outcome(flush(http, scope_id, powercontext_models)) == ("updated", 31, 41, 41, 10)
