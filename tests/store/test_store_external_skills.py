"""External Skills in the store (``store.external_skills``, migration 18) on every engine: a scan
replaces a Scope's registry of its host whole, a stored package reads back byte for byte, an import
writes the package and snapshot Source once however often it runs, and a candidate may cite the
snapshot Source only when the Scope holds it."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest

from pcreceipt.store import skill_package
from pcreceipt.store.external_skills import SNAPSHOT_SOURCE
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import InvalidCandidate, RecordNotFound, SourceRef

MANIFEST = b"---\nname: release-check\ndescription: Check a release branch.\n---\n\nRun the tests.\n"


def scope(store: Store) -> str:
    created, _ = store.create_scope(
        title="skills", summary="s", idempotency_key=uuid.uuid4().hex, parent_scope_id=None,
        context_references=[], external_references=[],
    )  # fmt: skip
    return created.scope_id


def registration(name: str, host: str = "local-workspace") -> dict[str, Any]:
    return {
        "external_skill_id": f"codex:user:registry/{name}", "provider": "codex", "agent_kind": "codex",
        "host_id": host, "installation_scope": "user", "locator": f"/skills/{name}", "fingerprint": "a" * 64,
        "name": name, "description": "d",
    }  # fmt: skip


def test_a_scan_replaces_the_scopes_registry_of_its_host(store: Store) -> None:
    scope_id = scope(store)
    store.replace_external_skills(scope_id, "local-workspace", [registration("b"), registration("a")])
    assert [r["name"] for r in store.external_skills(scope_id)] == ["a", "b"]
    store.replace_external_skills(scope_id, "other-host", [registration("c", "other-host")])
    store.replace_external_skills(scope_id, "local-workspace", [registration("z")])
    assert [r["name"] for r in store.external_skills(scope_id)] == ["c", "z"]
    assert store.external_skill(scope_id, "codex:user:registry/z") == registration("z")
    assert store.external_skill(scope_id, "codex:user:registry/a") is None
    with pytest.raises(RecordNotFound):
        store.replace_external_skills("scp_missing", "local-workspace", [])


def test_an_import_stores_package_and_snapshot_once(store: Store) -> None:
    scope_id = scope(store)
    package = skill_package.canonical([skill_package.PackageFile("SKILL.md", MANIFEST, 0o644)])
    snapshot = {"registration": registration("release-check"), "package": package.reference,
                "manifest": MANIFEST.decode(), "mode": "import"}  # fmt: skip
    made = []
    for _ in range(2):
        made.append(
            store.propose_package_candidate(
                scope_id, source=SourceRef(SNAPSHOT_SOURCE, "ext_skill_x"), evidence=snapshot,
                manifest=package.manifest(), archive=package.archive, proposal=package.skill_content(), reason=None,
            )
        )  # fmt: skip
    first, second = made
    assert first is not None and second is not None and first.candidate_id != second.candidate_id
    assert first.source_refs == (SourceRef(SNAPSHOT_SOURCE, "ext_skill_x"),)
    stored = store.skill_package(scope_id, package.reference["archive_digest"])
    assert stored == (package.manifest(), package.archive)
    assert store.package_source(scope_id, SourceRef(SNAPSHOT_SOURCE, "ext_skill_x")) == snapshot
    assert store.skill_package(scope(store), package.reference["archive_digest"]) is None
    with pytest.raises(InvalidCandidate):  # a snapshot Source the Scope does not hold is not evidence
        store.create_candidate(
            scope_id, "skill", package.skill_content(), source_refs=[SourceRef(SNAPSHOT_SOURCE, "ext_skill_y")],
            artifact_refs=[], target=None, reason=None,
        )  # fmt: skip


def test_a_directory_capture_reads_the_tree_it_was_given(tmp_path: Path) -> None:
    folder = tmp_path / "release-check"
    (folder / "docs").mkdir(parents=True)
    (folder / "SKILL.md").write_bytes(MANIFEST)
    (folder / "docs" / "a.md").write_text("a")
    captured = skill_package.from_directory(folder, expected_name="release-check")
    assert [f["path"] for f in captured.files] == ["SKILL.md", "docs/a.md"]
    assert skill_package.from_archive(captured.archive).reference == captured.reference
