"""The authorisation matrix's rows for the remote Skill Receiver's operations (PowerContext 1.4.1's
``TargetBearerAuth``), on a server that requires tokens: every API token, valid or not, admin on
``*`` too, is refused as a target credential (401 ``invalid_target_credential``: 1.4.1 takes none
there); a target's credential is accepted for its own target only; a revoked target's is refused.
The other operations' matrix is ``test_authz_matrix.py``, which lists these three as its
exceptions."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from pathlib import Path

import httpx
from _support.remote_skills import RECEIVER_OPERATIONS, receiver_requests, reconcile, seeded_receiver
from _support.tokens import assert_error, make_scope, token_server

from pcreceipt.store.sqlite import SQLiteStore

OWN, OTHER = "own", "other"


@dataclass
class _World:
    store: SQLiteStore
    ids: dict[str, str]


def _refused(response: httpx.Response) -> None:
    assert_error(response, 401, "invalid_target_credential")
    assert response.headers["www-authenticate"] == 'Bearer realm="pcreceipt"'


def test_only_the_targets_own_credential_is_accepted(tmp_path: Path) -> None:
    with token_server(tmp_path) as server:
        w = _World(server.store, {name: make_scope(server.store, name).scope_id for name in (OWN, OTHER)})
        own_credential, own = seeded_receiver(w, OWN)
        other_credential, other = seeded_receiver(w, OTHER)
        revoked = server.issue([("*", "admin")], "revoked")
        server.store.revoke_token(revoked.split("_")[1])
        tokens = {
            "anonymous": None,
            "invalid": "pcr_0123456789abcdef_" + "x" * 43,
            "revoked": revoked,
            "admin on OWN": server.issue([(w.ids[OWN], "admin")]),
            "write on OWN": server.issue([(w.ids[OWN], "write")]),
            "admin on *": server.issue([("*", "admin")]),
        }
        for role, token in tokens.items():
            with server.client(token) as http:
                answers = receiver_requests(http, own)
            assert set(answers) == set(RECEIVER_OPERATIONS), role
            for response in answers.values():
                _refused(response)
        with server.client(own_credential) as http:
            [action] = reconcile(http, None, []).json()["actions"]
            assert action["artifact"] == own["artifact"]  # its own publication, not OTHER's
            answered = receiver_requests(http, own)
            assert {name: r.status_code for name, r in answered.items()} == dict.fromkeys(RECEIVER_OPERATIONS, 200)
            theirs = receiver_requests(http, other)
            _refused(theirs["download_remote_skill_package"])
            assert_error(theirs["record_remote_skill_receipt"], 409, "invalid_target_state")
        with server.client(other_credential) as http:
            [untouched] = reconcile(http, None, []).json()["actions"]
            target_id = http.post("/v1/skill/remote/reconcile", json={"observations": [], "receiver_version": "1"})
        assert untouched == other | {"expected_local": None, "blocked_error_code": None}
        server.store.revoke_remote_skill_target(w.ids[OTHER], target_id.json()["target_id"], 1)
        with server.client(other_credential) as http:
            for response in receiver_requests(http, other).values():
                _refused(response)
        with server.client(f"pct_{uuid.uuid4().hex}") as http:
            for response in receiver_requests(http, own).values():
                _refused(response)
