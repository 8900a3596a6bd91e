"""A remote Skill target end to end, as issue 29 asks: two ``pcreceipt serve`` processes on loopback,
the publisher (requiring tokens) and the receiver side's own server, and PowerContext 1.4.1's own
Receiver between them: its CLI (``powercontext skill remote-enroll`` / ``remote-sync``, from the
1.4.1 sdist fetched at run time, ``_support.powercontext``) run as a user runs it in the receiver's
workspace.

The publisher approves a managed Skill with a package and publishes it to a target the Receiver
enrolled; 1.4.1's Receiver reconciles, downloads the package (its own code checks every digest of
the archive and of the tree it writes), installs it and records its Receipt; the publisher's
publication then shows the observed state. The receiver side's server reads the installed
directory as a package of its own and finds the same tree digest. Then the publisher unpublishes,
the Receiver removes its copy and reports it, and a last sync has nothing to do; a revoked
target's Receiver is refused. The credential is in no log of the publisher and not in its database
(only its SHA-256).
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import httpx
import pytest
from _support.ports import free_port
from _support.tokens import clean_environment, serve_subprocess

pytestmark = pytest.mark.long  # few tests that take long: handed out first (_support/xdist_scheduler.py)

SKILL_MD = b"---\nname: release-check\ndescription: Check a release branch before tagging it.\n---\n\nRun the tests.\n"
SCRIPT = b"#!/bin/sh\necho checked\n"
RECEIVER = "import sys; from powercontext.cli.app import main; sys.argv[0] = 'powercontext'; main()"


def _package() -> str:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("SKILL.md", SKILL_MD)
        script = zipfile.ZipInfo("scripts/check.sh")
        script.external_attr = 0o100755 << 16
        archive.writestr(script, SCRIPT)
    return base64.b64encode(out.getvalue()).decode("ascii")


def _directory_package(folder: Path) -> str:
    """The installed directory as a ZIP, as a user would upload it again."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            info = zipfile.ZipInfo(path.relative_to(folder).as_posix())
            info.external_attr = (path.stat().st_mode & 0o777 | 0o100000) << 16
            archive.writestr(info, path.read_bytes())
    return base64.b64encode(out.getvalue()).decode("ascii")


def _ok(response: httpx.Response, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def _approved(http: httpx.Client, scope_id: str, archive: str) -> dict[str, Any]:
    proposed = _ok(http.post("/v1/skill/package/propose", json={"scope_id": scope_id, "archive_base64": archive}), 201)
    decision = {"scope_id": scope_id, "candidate_id": proposed["candidate_id"], "expected_version": 1}
    return dict(_ok(http.post("/v1/candidates/approve", json=decision))["result_artifact"])


def _scope(http: httpx.Client, title: str) -> str:
    body = {"title": title, "summary": title, "idempotency_key": title}
    return str(_ok(http.post("/v1/scopes", json=body), 201)["scope_id"])


class Receiver:
    """PowerContext 1.4.1's Receiver CLI from the sdist, in the receiver's workspace."""

    def __init__(self, sdist: Path, workspace: Path, home: Path, url: str) -> None:
        self.workspace, self.url = workspace, url
        self.env = clean_environment(home) | {"PYTHONPATH": str(sdist / "src")}
        self.env = {k: v for k, v in self.env.items() if not k.startswith("POWERCONTEXT_")}

    def run(self, *arguments: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-c", RECEIVER, "--server-url", self.url, "--json", "skill", *arguments]
        return subprocess.run(command, cwd=self.workspace, env=self.env, capture_output=True, text=True, timeout=120)

    def sync(self) -> dict[str, int]:
        done = self.run("remote-sync")
        assert done.returncode == 0, done.stderr
        return dict(json.loads(done.stdout))


def test_a_published_skill_reaches_1_4_1s_receiver_and_comes_back_as_observed_state(
    tmp_path: Path, powercontext_sdist: Path
) -> None:
    publisher_dir, receiver_dir = tmp_path / "publisher" / "data", tmp_path / "receiver" / "data"
    for folder in (publisher_dir, receiver_dir, tmp_path / "receiver" / "workspace", tmp_path / "home"):
        folder.mkdir(parents=True)
    env = clean_environment(tmp_path / "home")
    made = subprocess.run(
        [sys.executable, "-m", "pcreceipt", "token", "create", "--data-dir", str(publisher_dir),
         "--scope", "*", "--grant", "admin", "--name", "publisher"],
        env=env, capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    token = made.stdout.strip()
    publisher_port, receiver_port = free_port(), free_port()
    with (
        serve_subprocess(publisher_dir, publisher_port, "--require-tokens", env=env) as publisher_process,
        serve_subprocess(receiver_dir, receiver_port, env=env),
        httpx.Client(base_url=f"http://127.0.0.1:{publisher_port}", headers={"Authorization": f"Bearer {token}"},
                     timeout=60) as publisher,
        httpx.Client(base_url=f"http://127.0.0.1:{receiver_port}", timeout=60) as receiving_side,
    ):  # fmt: skip
        scope_id = _scope(publisher, "published skills")
        artifact = _approved(publisher, scope_id, _package())
        created = {"scope_id": scope_id, "agent_kind": "codex", "display_name": "receiver workstation"}
        pending = _ok(publisher.post("/v1/skill/remote/target/create", json=created), 201)
        target_id = pending["target"]["target_id"]

        workspace = tmp_path / "receiver" / "workspace"
        receiver = Receiver(powercontext_sdist, workspace, tmp_path / "home", str(publisher.base_url).rstrip("/"))
        enrolled = receiver.run("remote-enroll", "--workspace", str(workspace),
                                "--enrollment-code", pending["enrollment_code"])  # fmt: skip
        assert enrolled.returncode == 0, enrolled.stderr
        config = json.loads((workspace / ".powercontext" / "remote-skill-target.json").read_text())
        assert (config["target_id"], config["agent_kind"]) == (target_id, "codex")
        assert receiver.sync() == {"requested": 0, "succeeded": 0, "failed": 0, "receipt_pending": 0}

        publish = {"scope_id": scope_id, "target_id": target_id, "artifact": artifact, "expected_generation": None}
        desired = _ok(publisher.post("/v1/skill/remote/publication/publish", json=publish))
        assert (desired["state"], desired["generation"]) == ("pending", 0)
        assert receiver.sync() == {"requested": 1, "succeeded": 1, "failed": 0, "receipt_pending": 0}

        installed = workspace / ".agents" / "skills" / "release-check"
        assert (installed / "SKILL.md").read_bytes() == SKILL_MD
        assert (installed / "scripts" / "check.sh").read_bytes() == SCRIPT
        assert os.access(installed / "scripts" / "check.sh", os.X_OK)
        listing = {"scope_id": scope_id, "target_id": target_id}
        [status] = _ok(publisher.post("/v1/skill/remote/targets", json=listing))["targets"]
        [observed] = status["publications"]
        assert (observed["state"], observed["observed_generation"], observed["generation"]) == ("current", 0, 0)
        assert observed["observed_revision"] == artifact["revision"] and observed["observed_at"] is not None
        assert observed["observed_tree_digest"] == desired["desired_tree_digest"]
        assert status["target"]["receiver_version"] == config["receiver_version"]
        assert status["target"]["environment_fingerprint"] == config["environment_fingerprint"]

        # the receiver side's own server reads the installed directory and finds the published tree
        local_scope = _scope(receiving_side, "received skills")
        local = _approved(receiving_side, local_scope, _directory_package(installed))
        manifest = _ok(
            receiving_side.post("/v1/skill/package/manifest", json={"scope_id": local_scope, "artifact": local})
        )
        assert manifest["package"]["tree_digest"] == desired["desired_tree_digest"]

        assert receiver.sync() == {"requested": 0, "succeeded": 0, "failed": 0, "receipt_pending": 0}

        unpublish = {**listing, "artifact_id": artifact["artifact_id"], "expected_generation": 0}
        assert _ok(publisher.post("/v1/skill/remote/publication/unpublish", json=unpublish))["generation"] == 1
        assert receiver.sync() == {"requested": 1, "succeeded": 1, "failed": 0, "receipt_pending": 0}
        assert not installed.exists()
        [status] = _ok(publisher.post("/v1/skill/remote/targets", json=listing))["targets"]
        [removed] = status["publications"]
        assert (removed["state"], removed["observed_generation"], removed["generation"]) == ("unpublished", 1, 1)
        assert (removed["observed_revision"], removed["observed_tree_digest"]) == (None, None)
        assert receiver.sync() == {"requested": 0, "succeeded": 0, "failed": 0, "receipt_pending": 0}

        revoke = {**listing, "expected_generation": status["target"]["generation"]}
        _ok(publisher.post("/v1/skill/remote/target/revoke", json=revoke))
        refused = receiver.run("remote-sync")
        assert refused.returncode == 1 and "invalid_target_credential" in refused.stderr + refused.stdout
        assert config["credential"] not in publisher_process.output()  # the credential is never logged
    stored = b"".join(path.read_bytes() for path in publisher_dir.glob("*.db*"))
    assert stored and config["credential"].encode() not in stored  # nor stored: only its SHA-256
    assert hashlib.sha256(config["credential"].encode()).hexdigest().encode() in stored
