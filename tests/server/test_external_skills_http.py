"""External Skills over real HTTP on both engines: the registry directory the operator configures
scanned into a Scope, listed and resolved at exact fingerprints, and imported (the package as it is)
or forked (the model over the snapshot) into review; answers parsed with PowerContext 1.4.1's own
closed models. Hostile trees: links in and out of the directory, ``..`` locators, special names and
oversized packages never leave the directory and never break a scan (they are skipped)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.external_skills import registry_package as package
from _support.fakes import FakeInference
from _support.servers import assert_error, running

from pcreceipt.config import ExternalSkillsSettings, GenerationSettings, Settings
from pcreceipt.server.app import create_app
from pcreceipt.store.protocol import Store


@pytest.fixture
def registry(tmp_path: Path) -> Path:
    root = tmp_path / "registry"
    root.mkdir()
    return root


def _client(store: Store, settings: Settings) -> Iterator[httpx.Client]:
    with running(create_app(settings, store=store)) as url, httpx.Client(base_url=url, timeout=20) as client:
        yield client


@pytest.fixture
def fake() -> Iterator[FakeInference]:
    with FakeInference() as inference:
        yield inference


@pytest.fixture
def http(engine_store: Store, tmp_path: Path, registry: Path, fake: FakeInference) -> Iterator[httpx.Client]:
    generation = GenerationSettings(base_url=fake.base_url, model="fake/generator", timeout_seconds=2.0)
    settings = Settings(data_dir=tmp_path, generation=generation, external_skills=ExternalSkillsSettings(dir=registry))
    yield from _client(engine_store, settings)


@pytest.fixture
def bare(engine_store: Store, tmp_path: Path) -> Iterator[httpx.Client]:
    yield from _client(engine_store, Settings(data_dir=tmp_path))


def new_scope(http: httpx.Client) -> str:
    body = {"title": "skills", "summary": "skills", "idempotency_key": uuid.uuid4().hex}
    response = http.post("/v1/scopes", json=body)
    assert response.status_code == 201
    return str(response.json()["scope_id"])


def scan(http: httpx.Client, scope_id: str) -> dict[str, Any]:
    response = http.post("/v1/external-skills/scan", json={"scope_id": scope_id})
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_scan_list_resolve_and_import(http: httpx.Client, registry: Path, powercontext_models: ModuleType) -> None:
    package(registry, "release-check")
    package(registry, "lint-fix")
    scope_id = new_scope(http)
    response = http.post("/v1/external-skills/scan", json={"scope_id": scope_id})
    powercontext_models.ScanExternalSkillsResponse.model_validate_json(response.content)
    body = response.json()
    assert body["skipped"] == 0
    ids = [r["external_skill_id"] for r in body["registrations"]]
    assert ids == ["codex:user:registry/lint-fix", "codex:user:registry/release-check"]
    first = body["registrations"][1]
    assert first["locator"] == str(registry.resolve() / "release-check") and first["host_id"] == "local-workspace"

    listed = http.post("/v1/external-skills/list", json={"scope_id": scope_id})
    powercontext_models.ListExternalSkillsResponse.model_validate_json(listed.content)
    assert [s["status"] for s in listed.json()["skills"]] == ["available", "available"]
    assert listed.json()["skills"][1]["entrypoint"] == str(registry.resolve() / "release-check" / "SKILL.md")

    ask = {"scope_id": scope_id, "external_skill_id": first["external_skill_id"], "fingerprint": first["fingerprint"]}
    resolved = http.post("/v1/external-skills/resolve", json=ask)
    powercontext_models.ExternalSkillResolution.model_validate_json(resolved.content)
    assert resolved.json()["status"] == "available"
    wrong = http.post("/v1/external-skills/resolve", json=ask | {"fingerprint": "0" * 64})
    assert wrong.json() == {"registration": first, "status": "unavailable", "entrypoint": None}

    imported = http.post("/v1/external-skills/import", json=ask | {"mode": "import", "reason": "We use it."})
    assert imported.status_code == 200, imported.text
    powercontext_models.GeneratedCandidateResponse.model_validate_json(imported.content)
    candidate = imported.json()["candidate"]
    proposal = candidate["proposal"]
    assert (proposal["name"], proposal["license"], proposal["metadata"]) == (
        "release-check",
        "Apache-2.0",
        {"owner": "release-team"},
    )
    assert proposal["instructions"].startswith("name: release-check") and proposal["validation"] == []
    package_ref = proposal["package"]
    assert package_ref["file_count"] == 2 and package_ref["archive_size"] > 0
    [source] = candidate["source_refs"]
    assert source["name"] == "external-skill-snapshot" and source["source_id"].startswith("ext_skill_")

    approve = {"scope_id": scope_id, "candidate_id": candidate["candidate_id"], "expected_version": 1}
    approved = http.post("/v1/candidates/approve", json=approve)
    assert approved.status_code == 200, approved.text
    skill = http.post("/v1/skill/get", json={"scope_id": scope_id, "artifact": approved.json()["result_artifact"]})
    assert skill.status_code == 200 and skill.json()["content"]["package"] == package_ref


def test_an_import_of_a_changed_package_is_409_and_stores_nothing(http: httpx.Client, registry: Path) -> None:
    folder = package(registry, "release-check")
    scope_id = new_scope(http)
    [registration] = scan(http, scope_id)["registrations"]
    (folder / "notes.txt").write_text("changed after the scan")
    ask = {"scope_id": scope_id, "external_skill_id": registration["external_skill_id"]}
    ask["fingerprint"] = registration["fingerprint"]
    assert_error(http.post("/v1/external-skills/import", json=ask | {"mode": "import"}), 409,
                 "external_skill_snapshot_unavailable")  # fmt: skip
    listed = http.post("/v1/external-skills/list", json={"scope_id": scope_id, "include_unavailable": True})
    assert [s["status"] for s in listed.json()["skills"]] == ["unavailable"]
    assert http.post("/v1/external-skills/list", json={"scope_id": scope_id}).json() == {"skills": []}
    pending = http.post("/v1/candidates/list", json={"scope_id": scope_id}).json()
    assert pending["candidates"] == []


def test_unknown_identities_are_404(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    ask = {"scope_id": scope_id, "external_skill_id": "codex:user:registry/nope", "fingerprint": "a" * 64}
    assert_error(http.post("/v1/external-skills/resolve", json=ask), 404, "external_skill_not_found")
    imported = http.post("/v1/external-skills/import", json=ask | {"mode": "import"})
    assert_error(imported, 404, "external_skill_not_found")
    missing = {"scope_id": "scp_missing"}
    assert_error(http.post("/v1/external-skills/scan", json=missing), 404, "scope_not_found")


def test_hostile_trees_are_skipped_and_never_left(http: httpx.Client, registry: Path, tmp_path: Path) -> None:
    outside = package(tmp_path / "outside", "secret-skill")
    package(registry, "good-skill")
    os.symlink(outside, registry / "linked-skill")  # a package that is a link: not a package
    inner = package(registry, "inner-link")
    os.symlink(outside / "SKILL.md", inner / "leak.md")  # a link inside a package: skipped
    package(registry, "huge-skill", extra={"blob.bin": b"x" * (4 * 1024 * 1024 + 1)})
    (registry / "no-manifest").mkdir()
    (registry / "stray-file.md").write_text("not a folder")
    scope_id = new_scope(http)
    body = scan(http, scope_id)
    assert [r["name"] for r in body["registrations"]] == ["good-skill"] and body["skipped"] == 3

    # a registration whose locator walks out of the directory never resolves
    [good] = body["registrations"]
    escape = dict(good, locator=str(registry / ".." / "outside" / "secret-skill"))
    from pcreceipt.store.skill_registry import ExternalRegistry, RegistryConfig

    config = RegistryConfig(registry, "codex", "user", "local-workspace", "registry")
    assert ExternalRegistry(config).resolve(escape) == ("unavailable", None)


def test_fork_asks_the_model_once_over_the_snapshot(
    http: httpx.Client, registry: Path, fake: FakeInference, powercontext_models: ModuleType
) -> None:
    package(registry, "release-check")
    scope_id = new_scope(http)
    [registration] = scan(http, scope_id)["registrations"]
    ask = {"scope_id": scope_id, "external_skill_id": registration["external_skill_id"]}
    ask |= {"fingerprint": registration["fingerprint"], "mode": "fork"}
    response = http.post("/v1/external-skills/import", json=ask)
    assert response.status_code == 200, response.text
    powercontext_models.GeneratedCandidateResponse.model_validate_json(response.content)
    candidate = response.json()["candidate"]
    assert candidate["proposal"]["instructions"].endswith("## Validation\n\n- the packaging check passes")
    assert candidate["proposal"]["package"]["file_count"] == 1 and fake.chat.calls == 1  # its own text's package
    assert candidate["source_refs"][0]["name"] == "external-skill-snapshot"


def test_without_a_directory_the_registry_is_empty(bare: httpx.Client) -> None:
    scope_id = new_scope(bare)
    assert scan(bare, scope_id) == {"registrations": [], "skipped": 0}
    assert bare.post("/v1/external-skills/list", json={"scope_id": scope_id}).json() == {"skills": []}
    ask = {"scope_id": scope_id, "external_skill_id": "codex:user:registry/x", "fingerprint": "a" * 64}
    assert_error(bare.post("/v1/external-skills/import", json=ask | {"mode": "fork"}), 503, "generation_unavailable")
    assert bare.get("/v1/capabilities").json()["external_skill_registry"] is True
