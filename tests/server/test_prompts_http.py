"""get_prompt_configuration over real HTTP on every engine, as PowerContext 1.4.1 answers it: the
saved head of a key (mode, artifact, artifact_etag) with the built-in instructions, auto or none
taking effect as the built-in text, custom as saved; builtin and effective null for a key
pcreceipt has no instructions for; status and reason as get_capabilities says; no-store; 404 for
a Scope that does not exist, 422 for a key outside 1.4.1's sixteen. Each answer is parsed with
1.4.1's own closed model."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.fakes import FakeInference
from _support.servers import assert_error, running

from pcreceipt.config import GenerationSettings, RerankSettings, Settings
from pcreceipt.models import limits
from pcreceipt.prepare.extraction import BUILTIN_EXTRACT_PROMPT
from pcreceipt.prepare.handoff_generation import BUILTIN_HANDOFF_PROMPT
from pcreceipt.prepare.profile_generation import BUILTIN_PROFILE_PROMPT
from pcreceipt.prepare.rerank import BUILTIN_RERANK_PROMPT
from pcreceipt.server.app import create_app
from pcreceipt.store.protocol import Store

CUSTOM = {
    "schema_version": "powercontext.prompt.v1",
    "mode": "custom",
    "instructions": "Rank decisions first.",
    "demonstrations": [{"input": "query: db", "expected_output": '{"ranking": [1]}'}],
}


@pytest.fixture
def fake() -> Iterator[FakeInference]:
    with FakeInference() as inference:
        yield inference


def serve(store: Store, settings: Settings) -> Any:
    return running(create_app(settings, store=store))


def new_scope(http: httpx.Client, key: str = "prompts") -> str:
    response = http.post("/v1/scopes", json={"title": "prompts", "summary": "prompts", "idempotency_key": key})
    assert response.status_code == 201, response.text
    return str(response.json()["scope_id"])


def configuration(http: httpx.Client, scope_id: str, key: str, models: ModuleType) -> dict[str, Any]:
    response = http.get(f"/v1/scopes/{scope_id}/prompts/{key}")
    assert response.status_code == 200, response.text
    assert response.headers["Cache-Control"] == "no-store"
    models.PromptConfiguration.model_validate_json(response.content)
    body: dict[str, Any] = response.json()
    return body


BUILTINS = {
    "memory.rerank": BUILTIN_RERANK_PROMPT,
    "atomic_memory.extract": BUILTIN_EXTRACT_PROMPT,
    "handoff.generate": BUILTIN_HANDOFF_PROMPT,
    "profile.generate": BUILTIN_PROFILE_PROMPT,
}
"""The prompts pcreceipt runs whose text a Scope's custom prompt replaces (their built-in text shown)."""


def test_every_key_reads_without_a_provider(
    engine_store: Store, tmp_path: Path, powercontext_models: ModuleType
) -> None:
    with serve(engine_store, Settings(data_dir=tmp_path)) as url, httpx.Client(base_url=url) as http:
        scope_id = new_scope(http)
        capabilities = http.get("/v1/capabilities").json()["prompts"]
        for key in limits.PROMPT_CATALOGUE_KEY_ENUM:
            body = configuration(http, scope_id, key, powercontext_models)
            assert (body["status"], body["reason"]) == (capabilities[key]["status"], capabilities[key]["reason"])
            assert (body["scope_id"], body["prompt_key"], body["mode"]) == (scope_id, key, "auto")
            assert body["artifact"] is None and body["artifact_etag"] is None
            builtin = BUILTINS.get(key)
            if builtin is None:
                assert body["builtin"] is None and body["effective"] is None
            else:
                assert body["builtin"] == {"version": f"pcreceipt.{key}.v1", "profile": None, "instructions": builtin}
                assert body["effective"] == {"instructions": builtin, "demonstrations": []}


def test_a_saved_custom_head_takes_effect(
    engine_store: Store, tmp_path: Path, fake: FakeInference, powercontext_models: ModuleType
) -> None:
    settings = Settings(
        data_dir=tmp_path,
        generation=GenerationSettings(base_url=fake.base_url, model="fake/chat"),
        rerank=RerankSettings(kind="model"),
    )
    with serve(engine_store, settings) as url, httpx.Client(base_url=url) as http:
        scope_id = new_scope(http, "custom")
        created = http.post(
            f"/v1/scopes/{scope_id}/artifacts",
            json={"family": "prompt", "prompt_key": "memory.rerank", "content": CUSTOM},
        )
        assert created.status_code == 201, created.text
        body = configuration(http, scope_id, "memory.rerank", powercontext_models)
        assert (body["status"], body["reason"], body["mode"]) == ("supported", None, "custom")
        artifact_id = created.json()["artifact_id"]
        assert body["artifact"] == {"family": "prompt", "artifact_id": artifact_id, "revision": 1}
        assert body["artifact_etag"] == created.headers["ETag"]
        assert body["effective"] == {"instructions": CUSTOM["instructions"], "demonstrations": CUSTOM["demonstrations"]}
        assert body["builtin"]["instructions"] == BUILTIN_RERANK_PROMPT
        # back to auto: the built-in text takes effect again, the head stays named
        auto = {**CUSTOM, "mode": "auto", "instructions": "", "demonstrations": []}
        replaced = http.put(
            f"/v1/scopes/{scope_id}/artifacts/prompt/{artifact_id}",
            json={"content": auto},
            headers={"If-Match": created.headers["ETag"]},
        )
        assert replaced.status_code == 200, replaced.text
        again = configuration(http, scope_id, "memory.rerank", powercontext_models)
        assert again["mode"] == "auto" and again["artifact"]["revision"] == 2
        assert again["effective"] == {"instructions": BUILTIN_RERANK_PROMPT, "demonstrations": []}
        # generation runs its fixed prompts: unsupported, nothing to show
        skill = configuration(http, scope_id, "skill.generate", powercontext_models)
        assert (skill["status"], skill["reason"], skill["builtin"], skill["effective"]) == (
            "unsupported",
            "injected_component",
            None,
            None,
        )
        # another Scope has no head
        other = new_scope(http, "other")
        assert configuration(http, other, "memory.rerank", powercontext_models)["artifact"] is None


def test_refusals(engine_store: Store, tmp_path: Path) -> None:
    with serve(engine_store, Settings(data_dir=tmp_path)) as url, httpx.Client(base_url=url) as http:
        scope_id = new_scope(http)
        assert_error(http.get("/v1/scopes/scp_missing/prompts/memory.rerank"), 404, "scope_not_found")
        for key in ("query.expand", "memory", "MEMORY.RERANK"):
            response = http.get(f"/v1/scopes/{scope_id}/prompts/{key}")
            assert response.status_code in (400, 422), response.text
            assert response.json()["error"]["code"] == "invalid_request"


def demonstrate(http: httpx.Client, scope_id: str, key: str, count: int = 2) -> httpx.Response:
    return http.post(
        f"/v1/scopes/{scope_id}/prompts/{key}/demonstrations",
        json={"instructions": "Prefer decisions with their reasons.", "demonstration_count": count},
    )


def provider_settings(tmp_path: Path, fake: FakeInference, **rerank: Any) -> Settings:
    return Settings(
        data_dir=tmp_path,
        # 1.5 s: room for a loaded CI machine to answer in time (0.5 s timed out once on OceanBase)
        generation=GenerationSettings(base_url=fake.base_url, model="fake/chat", timeout_seconds=1.5),
        rerank=RerankSettings(kind="model", **rerank),
    )


def test_demonstrations_without_a_provider_are_refused(engine_store: Store, tmp_path: Path) -> None:
    with serve(engine_store, Settings(data_dir=tmp_path)) as url, httpx.Client(base_url=url) as http:
        scope_id = new_scope(http)
        for key in limits.PROMPT_CATALOGUE_KEY_ENUM:
            assert_error(demonstrate(http, scope_id, key), 422, "prompt_customization_unavailable")
        assert_error(demonstrate(http, "scp_missing", "memory.rerank"), 404, "scope_not_found")
        for body in ({"instructions": " ", "demonstration_count": 1}, {"instructions": "x", "demonstration_count": 21}):
            refused = http.post(f"/v1/scopes/{scope_id}/prompts/memory.rerank/demonstrations", json=body)
            assert_error(refused, 422, "invalid_request")


def test_demonstrations_come_from_one_model_call(
    engine_store: Store, tmp_path: Path, fake: FakeInference, powercontext_models: ModuleType
) -> None:
    with serve(engine_store, provider_settings(tmp_path, fake)) as url, httpx.Client(base_url=url) as http:
        scope_id = new_scope(http)
        for key, count in (("memory.rerank", 3), ("atomic_memory.extract", 1)):
            calls = fake.chat.calls
            answered = demonstrate(http, scope_id, key, count)
            assert answered.status_code == 200, answered.text
            powercontext_models.PromptDemonstrationResult.model_validate_json(answered.content)
            body = answered.json()
            assert body["prompt_key"] == key and len(body["demonstrations"]) == count
            assert fake.chat.calls == calls + 1
            # nothing was saved; the suggestions save as a custom prompt as they are
            assert configuration(http, scope_id, key, powercontext_models)["artifact"] is None
            content = {**CUSTOM, "instructions": "Prefer decisions.", "demonstrations": body["demonstrations"]}
            saved = http.post(
                f"/v1/scopes/{scope_id}/artifacts", json={"family": "prompt", "prompt_key": key, "content": content}
            )
            assert saved.status_code == 201, saved.text
        sent = fake.requests_to("/v1/chat/completions")[-1].json
        assert sent["messages"][0]["content"].endswith(BUILTIN_EXTRACT_PROMPT)
        # prompts pcreceipt does not run, and generation's fixed ones, take no demonstrations
        for key in ("skill.generate", "topic_memory.probe", "profile.generate"):
            assert_error(demonstrate(http, scope_id, key), 422, "prompt_customization_unavailable")


@pytest.mark.parametrize(
    ("mode", "invalid", "code"),
    [
        ("down", "json", "inference_unavailable"),
        ("invalid", "json", "inference_unavailable"),
        ("invalid", "shape", "inference_unavailable"),
        ("invalid", "content", "inference_unavailable"),
        ("empty", "json", "inference_unavailable"),
        ("slow", "json", "inference_timeout"),
    ],
)
def test_a_failing_provider_is_503_and_nothing_is_saved(
    engine_store: Store, tmp_path: Path, fake: FakeInference, mode: Any, invalid: Any, code: str
) -> None:
    with serve(engine_store, provider_settings(tmp_path, fake)) as url, httpx.Client(base_url=url) as http:
        scope_id = new_scope(http)
        fake.configure("chat", mode, invalid=invalid, delay=4.0)  # "slow" answers well past the 1.5 s timeout
        calls = fake.chat.calls
        error = assert_error(demonstrate(http, scope_id, "memory.rerank"), 503, code)
        assert error["details"] is None
        assert fake.chat.calls == calls + 1  # one bounded call, no retry
        assert http.get(f"/v1/scopes/{scope_id}/artifacts/prompt").json()["items"] == []
