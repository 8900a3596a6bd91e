"""The remote Skill Receiver's operations over HTTP on both engines (PowerContext 1.4.1's
reconcile, package download and Receipt): the target credential is the only authentication, the
actions follow each publication's generation, the Receipt records the observed state with 1.4.1's
rules (stale, later, mismatched, success precedence), and every refusal writes nothing."""

from __future__ import annotations

import base64
import hashlib
from typing import Any

import httpx
import pytest
from _support.remote_skills import checkpoint, download, enrolled_target, receipt, receiving, reconcile, record
from _support.servers import assert_error, new_scope

from pcreceipt.store import skill_package
from pcreceipt.store.protocol import Store


def _publication(http: httpx.Client, scope_id: str, target_id: str) -> dict[str, Any]:
    listed = http.post("/v1/skill/remote/targets", json={"scope_id": scope_id, "target_id": target_id})
    [status] = listed.json()["targets"]
    [publication] = status["publications"]
    return dict(publication) | {"target": status["target"]}


def _unpublish(http: httpx.Client, publication: dict[str, Any]) -> None:
    keys = {key: publication[key] for key in ("scope_id", "target_id", "artifact_id")}
    gone = http.post("/v1/skill/remote/publication/unpublish", json=keys | {"expected_generation": 0})
    assert gone.status_code == 200, gone.text


def test_install_then_unpublish_through_receipts(http: httpx.Client) -> None:
    scope_id = new_scope(http, "receiver")
    published, credential = receiving(http, scope_id)
    answer = reconcile(http, credential, [])
    assert answer.status_code == 200, answer.text
    assert (answer.json()["scope_id"], answer.json()["target_id"]) == (scope_id, published["target_id"])
    [action] = answer.json()["actions"]
    assert (action["operation"], action["generation"], action["skill_name"]) == ("install", 0, "release-check")
    assert action["artifact"]["revision"] == published["desired_revision"]
    assert (action["expected_local"], action["blocked_error_code"]) == (None, None)
    assert action["package"]["tree_digest"] == action["tree_digest"] == published["desired_tree_digest"]
    seen = _publication(http, scope_id, published["target_id"])["target"]
    assert (seen["receiver_version"], seen["environment_fingerprint"], seen["generation"]) == ("0.1.0", "f" * 64, 1)

    fetched = download(http, credential, action)
    assert fetched.status_code == 200, fetched.text
    archive = base64.b64decode(fetched.json()["archive_base64"])
    assert hashlib.sha256(archive).hexdigest() == action["package"]["archive_digest"]
    assert skill_package.from_archive(archive).reference == action["package"] == fetched.json()["package"]

    taken = record(http, credential, receipt(action))
    assert taken.status_code == 200, taken.text
    body = taken.json()
    assert (body["accepted"], body["stale"]) == (True, False)
    current = body["publication"]
    assert (current["state"], current["observed_revision"], current["observed_generation"]) == (
        "current", action["artifact"]["revision"], 0,
    )  # fmt: skip
    assert current["observed_tree_digest"] == action["tree_digest"] and current["generation"] == 0
    assert current == {k: v for k, v in _publication(http, scope_id, published["target_id"]).items() if k != "target"}
    again = record(http, credential, receipt(action)).json()
    assert (again["accepted"], again["publication"]) == (True, current)  # the same Receipt changes nothing
    late_failure = record(http, credential, receipt(action, "delivery_failed")).json()
    assert (late_failure["accepted"], late_failure["publication"]) == (True, current)  # the success stands
    assert reconcile(http, credential, [checkpoint(action)]).json()["actions"] == []

    _unpublish(http, published)
    [removal] = reconcile(http, credential, [checkpoint(action)]).json()["actions"]
    assert (removal["operation"], removal["generation"], removal["package"]) == ("unpublish", 1, None)
    assert removal["expected_local"] == checkpoint(action)
    stale = record(http, credential, receipt(action)).json()
    assert (stale["accepted"], stale["stale"], stale["publication"]["generation"]) == (False, True, 1)
    removed = record(http, credential, receipt(removal)).json()["publication"]
    assert (removed["state"], removed["observed_revision"], removed["observed_tree_digest"]) == (
        "unpublished", None, None,
    )  # fmt: skip
    assert reconcile(http, credential, []).json()["actions"] == []


def test_a_confirmed_publication_needs_no_skill_read(
    http: httpx.Client, engine_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    scope_id = new_scope(http, "confirmed")
    published, credential = receiving(http, scope_id)
    [action] = reconcile(http, credential, []).json()["actions"]
    assert record(http, credential, receipt(action)).status_code == 200
    reads: list[tuple[str, str, int]] = []
    read = engine_store.get_managed_skill
    monkeypatch.setattr(engine_store, "get_managed_skill", lambda *ref: reads.append(ref) or read(*ref))
    assert reconcile(http, credential, [checkpoint(action)]).json()["actions"] == []
    assert len(reads) == 1  # the checkpoint's own check against the Scope; none for the confirmed publication
    _unpublish(http, published)
    [removal] = reconcile(http, credential, []).json()["actions"]
    assert (removal["operation"], removal["skill_name"]) == ("unpublish", "release-check")  # an action reads it
    assert record(http, credential, receipt(removal)).status_code == 200
    reads.clear()
    assert reconcile(http, credential, []).json()["actions"] == [] and reads == []


def test_checkpoints_the_scope_does_not_hold_block_the_action(http: httpx.Client) -> None:
    scope_id = new_scope(http, "checkpoints")
    published, credential = receiving(http, scope_id)
    [action] = reconcile(http, credential, []).json()["actions"]
    other_skill = action["artifact"] | {"revision": 99}
    cases = [
        (checkpoint(action, "0" * 64), "drifted", "drifted"),
        (checkpoint(action) | {"tree_digest": "0" * 64, "actual_tree_digest": "0" * 64},
         "invalid_checkpoint_digest", "conflict"),
        (checkpoint(action) | {"skill_name": "another-name"}, "invalid_checkpoint_digest", "conflict"),
        (checkpoint(action) | {"artifact": other_skill}, "unknown_checkpoint_package", "conflict"),
        (checkpoint(action) | {"artifact": action["artifact"] | {"family": "experience"}},
         "invalid_checkpoint_identity", "conflict"),
    ]  # fmt: skip
    for observation, code, state in cases:
        [blocked] = reconcile(http, credential, [observation]).json()["actions"]
        assert (blocked["operation"], blocked["blocked_error_code"], blocked["expected_local"]) == (
            "install",
            code,
            None,
        )
        recorded = _publication(http, scope_id, published["target_id"])
        assert (recorded["state"], recorded["last_error_code"], recorded["observed_generation"]) == (state, code, 0)
        assert recorded["generation"] == 0  # an observation never moves the desired generation


def test_refusals_answer_as_1_4_1_and_write_nothing(http: httpx.Client) -> None:
    scope_id = new_scope(http, "refusals")
    published, credential = receiving(http, scope_id)
    [action] = reconcile(http, credential, []).json()["actions"]
    before = _publication(http, scope_id, published["target_id"])
    for wrong in (None, "pct_" + "x" * 43, "pcr_0123456789abcdef_" + "y" * 43):
        refused = reconcile(http, wrong, [])
        assert_error(refused, 401, "invalid_target_credential")
        assert refused.headers["www-authenticate"] == 'Bearer realm="pcreceipt"'
        assert_error(download(http, wrong, action), 401, "invalid_target_credential")
        assert_error(record(http, wrong, receipt(action)), 401, "invalid_target_credential")
    twice = [checkpoint(action), checkpoint(action)]
    assert_error(reconcile(http, None, twice), 401, "invalid_target_credential")  # the credential first
    assert_error(reconcile(http, "pct_unknown", twice), 409, "invalid_target_state")  # then repeated ids
    contradicting = [
        receipt(action) | {"error_code": "x"},
        receipt(action) | {"observed_tree_digest": None},
        receipt(action, "conflict") | {"error_code": None},
        receipt(action, "conflict") | {"failure_state": None},
    ]
    for body in contradicting:
        assert_error(record(http, None, body), 422, "invalid_request")  # before the credential
    assert_error(record(http, credential, receipt(action) | {"generation": 1}), 409, "publication_generation_conflict")
    for mismatch in (
        {"expected_tree_digest": "0" * 64, "observed_tree_digest": "0" * 64},
        {"observed_tree_digest": "0" * 64},
        {"artifact": action["artifact"] | {"revision": 99}},
        {"operation": "unpublish", "observed_tree_digest": None},
    ):
        assert_error(record(http, credential, receipt(action) | mismatch), 409, "invalid_target_state")
    unknown = receipt(action) | {"artifact": action["artifact"] | {"artifact_id": "skill_unknown"}}
    assert_error(record(http, credential, unknown), 409, "invalid_target_state")
    for other in ({"generation": 1}, {"artifact": action["artifact"] | {"revision": 99}},
                  {"package": action["package"] | {"archive_digest": "0" * 64}}):  # fmt: skip
        assert_error(download(http, credential, action | other), 401, "invalid_target_credential")
    experience = action | {"artifact": action["artifact"] | {"family": "experience"}}
    assert_error(download(http, credential, experience), 404, "not_found")  # 1.4.1 reads that family's revision
    after = _publication(http, scope_id, published["target_id"])
    assert {k: v for k, v in after.items() if k != "target"} == {k: v for k, v in before.items() if k != "target"}


def test_a_credential_reaches_only_its_own_target(http: httpx.Client) -> None:
    scope_id = new_scope(http, "two targets")
    published, credential = receiving(http, scope_id)
    [action] = reconcile(http, credential, []).json()["actions"]
    other, other_credential = enrolled_target(http, scope_id)
    answer = reconcile(http, other_credential, []).json()
    assert (answer["target_id"], answer["actions"]) == (other["target_id"], [])
    assert_error(download(http, other_credential, action), 401, "invalid_target_credential")
    assert_error(record(http, other_credential, receipt(action)), 409, "invalid_target_state")
    revoke = {"scope_id": scope_id, "target_id": published["target_id"], "expected_generation": 1}
    assert http.post("/v1/skill/remote/target/revoke", json=revoke).status_code == 200
    for call in (reconcile(http, credential, []), download(http, credential, action)):
        assert_error(call, 401, "invalid_target_credential")  # a revoked target's credential is refused
    assert_error(record(http, credential, receipt(action)), 401, "invalid_target_credential")
