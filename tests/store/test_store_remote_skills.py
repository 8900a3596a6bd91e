"""Remote Agent Skill targets in the store (``store.remote_skills``) on every engine: a pending
target keeps only its code's digest; an enrollment consumes a live code once and binds one
installation per Scope and Agent kind; a rename or revoke is compare-and-swap on the generation;
racing enrollments with one code, and racing renames or revokes at one generation, have exactly
one winner."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import pytest
from _support.races import at_once
from _support.statements import recorded, touching

from pcreceipt.store.protocol import Store
from pcreceipt.store.records import RecordNotFound
from pcreceipt.store.remote_skill_records import (
    INVALID_ENROLLMENT,
    INVALID_TARGET_STATE,
    Installation,
    RemoteSkillTarget,
    RemoteTargetRefused,
)

LATER = "2999-01-01T00:00:00.000Z"
NOW = "2026-01-01T00:00:00.000Z"
EXPIRED = "2026-01-01T00:10:00.000Z"  # the moment the code of ``pending`` stops working


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def pending(store: Store, scope_id: str, code: str, target_id: str = "codex-0123456789ab") -> RemoteSkillTarget:
    return store.create_remote_skill_target(scope_id, target_id, "codex", "Build box", digest(code), EXPIRED)


def enroll(store: Store, code: str, credential: str, installation: str = "install-1") -> RemoteSkillTarget:
    return store.enroll_remote_skill_target(
        digest(code), digest(credential), Installation(installation, "1.4.1", None, "host", "repo"), NOW
    )


def refused(code: str, call: Callable[[], object]) -> None:
    with pytest.raises(RemoteTargetRefused) as caught:
        call()
    assert caught.value.code == code


def test_create_then_enroll_activates_the_target_once(store: Store, scope_id: str) -> None:
    created = pending(store, scope_id, "code-1")
    assert (created.state, created.generation, created.installation_id) == ("pending", 0, None)
    assert created.enrollment_expires_at == EXPIRED
    active = enroll(store, "code-1", "credential-1")
    assert (active.state, active.generation, active.installation_id) == ("active", 1, "install-1")
    assert (active.receiver_version, active.machine_hostname, active.workspace_name) == ("1.4.1", "host", "repo")
    assert active.last_seen_at == NOW and active.enrollment_expires_at is None
    refused(INVALID_ENROLLMENT, lambda: enroll(store, "code-1", "credential-2", "install-2"))
    [(listed, publications)] = store.list_remote_skill_targets(scope_id, None, 100)
    assert listed == active and publications == []


def test_an_unknown_expired_or_bound_enrollment_is_refused(store: Store, scope_id: str) -> None:
    refused(INVALID_ENROLLMENT, lambda: enroll(store, "never-made", "c"))
    pending(store, scope_id, "late")
    refused(
        INVALID_ENROLLMENT,
        lambda: store.enroll_remote_skill_target(digest("late"), digest("c"), Installation("i", "v"), EXPIRED),
    )
    pending(store, scope_id, "first", "codex-aaaaaaaaaaaa")
    pending(store, scope_id, "second", "codex-bbbbbbbbbbbb")
    enroll(store, "first", "c1", "same-installation")
    refused(INVALID_ENROLLMENT, lambda: enroll(store, "second", "c2", "same-installation"))
    assert [t.state for t, _ in store.list_remote_skill_targets(scope_id, None, 100)] == [
        "pending",
        "active",
        "pending",
    ]


def test_rename_and_revoke_are_compare_and_swap_on_the_generation(store: Store, scope_id: str) -> None:
    target = pending(store, scope_id, "code")
    renamed = store.rename_remote_skill_target(scope_id, target.target_id, 0, "Release box")
    assert (renamed.display_name, renamed.generation, renamed.state) == ("Release box", 1, "pending")
    same = store.rename_remote_skill_target(scope_id, target.target_id, 1, "Release box")
    assert same == renamed
    refused(INVALID_TARGET_STATE, lambda: store.rename_remote_skill_target(scope_id, target.target_id, 0, "x"))
    refused(INVALID_TARGET_STATE, lambda: store.revoke_remote_skill_target(scope_id, "codex-missing", 0))
    # renaming changed the generation, so the pending code no longer enrolls (1.4.1: generation 0 only)
    refused(INVALID_ENROLLMENT, lambda: enroll(store, "code", "c"))
    revoked = store.revoke_remote_skill_target(scope_id, target.target_id, 1)
    assert (revoked.state, revoked.generation, revoked.display_name) == ("revoked", 2, "Release box")
    assert store.revoke_remote_skill_target(scope_id, target.target_id, 2) == revoked
    refused(INVALID_TARGET_STATE, lambda: store.revoke_remote_skill_target(scope_id, target.target_id, 1))
    with pytest.raises(RecordNotFound):
        store.rename_remote_skill_target("scp_missing", target.target_id, 2, "x")
    with pytest.raises(RecordNotFound):
        pending(store, "scp_missing", "other")


def test_a_rename_or_revoke_reads_the_target_once(store: Store, scope_id: str) -> None:
    target = pending(store, scope_id, "code")
    with recorded(store) as renaming:
        renamed = store.rename_remote_skill_target(scope_id, target.target_id, 0, "Release box")
    with recorded(store) as again:
        assert store.rename_remote_skill_target(scope_id, target.target_id, 1, "Release box") == renamed
    with recorded(store) as revoking:
        revoked = store.revoke_remote_skill_target(scope_id, target.target_id, 1)
    assert [len(touching(sent, "remote_skill_targets")) for sent in (renaming, again, revoking)] == [2, 1, 2]
    [(stored, _)] = store.list_remote_skill_targets(scope_id, None, 100)
    assert stored == revoked and (revoked.display_name, revoked.generation) == ("Release box", 2)
    assert (revoked.state, revoked.enrollment_expires_at) == ("revoked", None)


def test_listing_is_bounded_and_can_name_one_target(store: Store, scope_id: str) -> None:
    for number in range(3):
        pending(store, scope_id, f"code-{number}", f"codex-00000000000{number}")
    assert len(store.list_remote_skill_targets(scope_id, None, 2)) == 2
    [(one, _)] = store.list_remote_skill_targets(scope_id, "codex-000000000001", 100)
    assert one.target_id == "codex-000000000001"
    assert store.list_remote_skill_targets(scope_id, "codex-ffffffffffff", 100) == []


def test_a_listing_reads_every_target_s_publications_in_one_statement(store: Store, scope_id: str) -> None:
    targets = []
    for number in range(3):
        pending(store, scope_id, f"code-{number}", f"codex-00000000000{number}")
        targets.append(enroll(store, f"code-{number}", f"credential-{number}", f"install-{number}"))
    for target, artifacts in zip(targets, (["skill_b", "skill_a"], [], ["skill_c"]), strict=True):
        for artifact_id in artifacts:
            store.publish_remote_skill(scope_id, target.target_id, artifact_id, 1, "a" * 64, None)
    with recorded(store) as sent:
        listed = store.list_remote_skill_targets(scope_id, None, 100)
    assert [(t.target_id, [p["artifact_id"] for p in publications]) for t, publications in listed] == [
        ("codex-000000000000", ["skill_a", "skill_b"]),
        ("codex-000000000001", []),
        ("codex-000000000002", ["skill_c"]),
    ]
    assert all(p["target_id"] == t.target_id for t, publications in listed for p in publications)
    assert (len(touching(sent, "remote_skill_targets")), len(touching(sent, "remote_skill_publications"))) == (1, 1)
    [(named, publications)] = store.list_remote_skill_targets(scope_id, "codex-000000000002", 100)
    assert named == targets[2] and [p["artifact_id"] for p in publications] == ["skill_c"]


def test_racing_enrollments_with_one_code_have_one_winner(store: Store, scope_id: str) -> None:
    pending(store, scope_id, "raced")
    results = at_once(
        [lambda n=n: enroll(store, "raced", f"credential-{n}", f"install-{n}") for n in range(4)],
        caught=(RemoteTargetRefused,),
    )
    winners = [r for r in results if isinstance(r, RemoteSkillTarget)]
    assert len(winners) == 1
    assert all(isinstance(r, RemoteTargetRefused) and r.code == INVALID_ENROLLMENT for r in results if r not in winners)


def test_racing_renames_and_revokes_at_one_generation_have_one_winner(store: Store, scope_id: str) -> None:
    target = pending(store, scope_id, "code")
    calls: list[Callable[[], RemoteSkillTarget]] = [
        lambda: store.rename_remote_skill_target(scope_id, target.target_id, 0, "A"),
        lambda: store.rename_remote_skill_target(scope_id, target.target_id, 0, "B"),
        lambda: store.revoke_remote_skill_target(scope_id, target.target_id, 0),
    ]
    results = at_once(calls, caught=(RemoteTargetRefused,))
    winners = [r for r in results if isinstance(r, RemoteSkillTarget)]
    assert len(winners) == 1 and winners[0].generation == 1
    [(stored, _)] = store.list_remote_skill_targets(scope_id, None, 100)
    assert stored == winners[0]


def active(store: Store, scope_id: str) -> RemoteSkillTarget:
    pending(store, scope_id, "publish-code")
    return enroll(store, "publish-code", "publish-credential")


def test_publish_and_unpublish_set_desired_state_with_generation_cas(store: Store, scope_id: str) -> None:
    target = active(store, scope_id)
    publish = store.publish_remote_skill
    conflict = "publication_generation_conflict"
    refused(conflict, lambda: publish(scope_id, target.target_id, "skill_a", 1, "a" * 64, 0))
    first = publish(scope_id, target.target_id, "skill_a", 1, "a" * 64, None)
    assert (first["desired_state"], first["state"], first["generation"], first["observed_generation"]) == (
        "published", "pending", 0, None,
    )  # fmt: skip
    refused(conflict, lambda: publish(scope_id, target.target_id, "skill_a", 1, "a" * 64, None))
    assert publish(scope_id, target.target_id, "skill_a", 1, "a" * 64, 0) == first
    second = publish(scope_id, target.target_id, "skill_a", 2, "b" * 64, 0)
    assert (second["desired_revision"], second["desired_tree_digest"], second["generation"]) == (2, "b" * 64, 1)
    refused(conflict, lambda: store.unpublish_remote_skill(scope_id, target.target_id, "skill_a", 0))
    gone = store.unpublish_remote_skill(scope_id, target.target_id, "skill_a", 1)
    assert (gone["desired_state"], gone["desired_revision"], gone["generation"]) == ("unpublished", 2, 2)
    assert store.unpublish_remote_skill(scope_id, target.target_id, "skill_a", 2) == gone
    refused(INVALID_TARGET_STATE, lambda: store.unpublish_remote_skill(scope_id, target.target_id, "skill_b", 0))
    [(_, publications)] = store.list_remote_skill_targets(scope_id, None, 100)
    assert publications == [gone]


def test_only_an_active_target_takes_publications(store: Store, scope_id: str) -> None:
    waiting = pending(store, scope_id, "not-yet", "codex-aaaaaaaaaaaa")
    refused(
        INVALID_TARGET_STATE, lambda: store.publish_remote_skill(scope_id, waiting.target_id, "s", 1, "a" * 64, None)
    )
    refused(INVALID_TARGET_STATE, lambda: store.publish_remote_skill(scope_id, "codex-missing", "s", 1, "a" * 64, None))
    target = active(store, scope_id)
    store.revoke_remote_skill_target(scope_id, target.target_id, 1)
    refused(
        INVALID_TARGET_STATE, lambda: store.publish_remote_skill(scope_id, target.target_id, "s", 1, "a" * 64, None)
    )
    with pytest.raises(RecordNotFound):
        store.publish_remote_skill("scp_missing", target.target_id, "s", 1, "a" * 64, None)


def test_racing_publications_at_one_generation_have_one_winner(store: Store, scope_id: str) -> None:
    target = active(store, scope_id)
    calls = [
        lambda n=n: store.publish_remote_skill(scope_id, target.target_id, "skill_a", n + 1, f"{n:064x}", None)
        for n in range(4)
    ]
    results = at_once(calls, caught=(RemoteTargetRefused,))
    winners = [r for r in results if isinstance(r, dict)]
    assert len(winners) == 1
    [(_, publications)] = store.list_remote_skill_targets(scope_id, None, 100)
    assert publications == winners
