"""The remote Skill Receiver's operations answer as PowerContext 1.4.1 answers them, on both servers
of the live diff: the same status and error code for each refusal in 1.4.1's order (a missing
credential, a malformed scheme, repeated observations, a contradicting Receipt, a later generation,
a mismatched digest, an unpublished Skill, another generation's or family's package), the same
blocked actions and recorded observations for refused checkpoints, and the same Receipt outcomes
(success, the same Receipt again, a failure after a success). The one difference is the 401's
challenge: pcreceipt's contract says ``Bearer realm="pcreceipt"`` where 1.4.1 sends a bare ``Bearer``
(docs/decisions.md, "The remote Skill Receiver"), so the header is not compared.
"""

from __future__ import annotations

import uuid
from typing import Any

import httpx
from _support.external_skills import approved_package
from _support.pcdiff.processes import Side
from _support.remote_skills import checkpoint, download, enrolled_target, receipt, reconcile, record


def _answer(response: httpx.Response) -> tuple[int, str | None]:
    body = response.json()
    return response.status_code, body["error"]["code"] if "error" in body else None


def _scenario(http: httpx.Client) -> dict[str, Any]:
    made = http.post(
        "/v1/scopes", json={"title": "receiver", "summary": "receiver", "idempotency_key": uuid.uuid4().hex}
    )
    scope_id = made.json()["scope_id"]
    target, credential = enrolled_target(http, scope_id)
    artifact = approved_package(http, scope_id)
    publish = {
        "scope_id": scope_id,
        "target_id": target["target_id"],
        "artifact": artifact,
        "expected_generation": None,
    }
    assert http.post("/v1/skill/remote/publication/publish", json=publish).status_code == 200
    [action] = reconcile(http, credential, []).json()["actions"]
    unknown = "pct_" + "u" * 43
    seen: dict[str, Any] = {
        "no credential": _answer(reconcile(http, None, [])),
        "another scheme": _answer(
            http.post(
                "/v1/skill/remote/reconcile",
                json={"observations": [], "receiver_version": "1"},
                headers={"Authorization": "Basic abc"},
            )
        ),
        "repeated ids, no credential": _answer(reconcile(http, None, [checkpoint(action)] * 2)),
        "repeated ids, unknown credential": _answer(reconcile(http, unknown, [checkpoint(action)] * 2)),
        "contradicting Receipt, no credential": _answer(record(http, None, receipt(action) | {"error_code": "x"})),
        "later generation": _answer(record(http, credential, receipt(action) | {"generation": 1})),
        "another digest": _answer(record(http, credential, receipt(action) | {"observed_tree_digest": "0" * 64})),
        "unpublished Skill": _answer(
            record(http, credential, receipt(action) | {"artifact": action["artifact"] | {"artifact_id": "skill_x"}})
        ),
        "another family's package": _answer(
            download(http, credential, action | {"artifact": action["artifact"] | {"family": "experience"}})
        ),
        "another generation's package": _answer(download(http, credential, action | {"generation": 3})),
        "the package": _answer(download(http, credential, action)),
    }
    for label, observation in (
        ("drifted", checkpoint(action, "0" * 64)),
        ("unknown revision", checkpoint(action) | {"artifact": action["artifact"] | {"revision": 9}}),
        ("another family", checkpoint(action) | {"artifact": action["artifact"] | {"family": "experience"}}),
    ):
        actions = reconcile(http, credential, [observation]).json()["actions"]
        seen[f"checkpoint {label}"] = [(a["operation"], a["blocked_error_code"], a["expected_local"]) for a in actions]
        listed = http.post("/v1/skill/remote/targets", json={"scope_id": scope_id}).json()
        [publication] = listed["targets"][0]["publications"]
        seen[f"recorded {label}"] = [publication[k] for k in ("state", "last_error_code", "observed_generation")]
    taken = record(http, credential, receipt(action)).json()
    again = record(http, credential, receipt(action)).json()
    failed = record(http, credential, receipt(action, "conflict")).json()
    for label, answer in (("success", taken), ("again", again), ("failure after success", failed)):
        publication = answer["publication"]
        seen[label] = (answer["accepted"], answer["stale"], publication["state"], publication["last_error_code"])
    seen["again unchanged"] = again["publication"] == taken["publication"] == failed["publication"]
    seen["with checkpoint"] = reconcile(http, credential, [checkpoint(action)]).json()["actions"]
    seen["without checkpoint"] = [a["operation"] for a in reconcile(http, credential, []).json()["actions"]]
    return seen


def test_the_receiver_answers_as_1_4_1(pair: tuple[Side, Side]) -> None:
    peer, ours = pair
    with peer.fresh_client() as peer_http, ours.fresh_client() as our_http:
        expected, actual = _scenario(peer_http), _scenario(our_http)
    assert {k: v for k, v in actual.items() if v != expected[k]} == {}, expected
