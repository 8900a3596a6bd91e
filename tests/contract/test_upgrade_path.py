"""The previous release's vendored validators against this release's server (docs/hosts.md, "Upgrading").

A host that has not upgraded still runs the validators it vendored from the previous release:
the Python host kit and the TypeScript package as recorded in
codegen/baseline/validators-<previous>/. Every default four-key prepare answer of this server must
pass every one of them, and so must every request a host sends; whatever an old validator refuses
in an answer with a Receipt must be listed as breaking in docs/contract-changelog.md for the
release that made it so (its "refused by the validators of <previous>" line). Nothing is skipped:
when no previous release's validators are recorded, the first test fails.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess
import sys
import uuid
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.servers import running

from pcreceipt.config import Settings
from pcreceipt.server.app import create_app
from pcreceipt.store.protocol import Store

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "codegen"))

import contract_diff as cd

ROOT = cd.ROOT
CHANGELOG = ROOT / "docs" / "contract-changelog.md"
MEMORIES = [
    "We store data in SQLite, in WAL mode: one writer, many readers.",
    "A Receipt is validated before it is attached; one that fails is dropped (fail-open).",
    "Hosts send max_bytes and check content_bytes against it.",
]
QUERIES = ["SQLite", "Receipt validated", "no such words anywhere", "max_bytes hosts"]
BUDGETS = [1000, 8000]


def previous_release() -> str:
    """The newest release before this one whose validators are recorded."""
    current = cd.project_version()
    versions = sorted(
        (tuple(int(p) for p in d.name.removeprefix("validators-").split(".")), d.name.removeprefix("validators-"))
        for d in cd.BASELINES.glob("validators-*")
        if d.is_dir()
    )
    earlier = [name for key, name in versions if key < tuple(int(p) for p in current.split("."))]
    assert earlier, f"no validators of a release before {current} in codegen/baseline/"
    return earlier[-1]


def old_kit() -> ModuleType:
    folder = cd.BASELINES / f"validators-{previous_release()}"
    spec = importlib.util.spec_from_file_location("previous_host_kit", folder / cd.HOST_KIT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def old_ts_verdicts(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each case {kind, value, facts} judged by the previous release's compiled TypeScript package."""
    node = shutil.which("node")
    assert node is not None, "node is needed for the TypeScript package"
    index = (cd.BASELINES / f"validators-{previous_release()}" / cd.TS_SNAPSHOT / "dist" / "index.js").as_uri()
    script = (
        f"import * as c from {json.dumps(index)};\n"
        "let input = '';\n"
        "for await (const chunk of process.stdin) input += chunk;\n"
        "const out = JSON.parse(input).map(({kind, value, facts}) => kind === 'request'\n"
        "  ? c.validatePrepareContextRequest(value)\n"
        "  : c.validatePreparedContextFor(value, facts));\n"
        "process.stdout.write(JSON.stringify(out));\n"
    )
    done = subprocess.run(
        [node, "--input-type=module", "-e", script],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    verdicts: list[dict[str, Any]] = json.loads(done.stdout)
    return verdicts


@pytest.fixture
def answers(engine_store: Store, tmp_path: Path) -> list[dict[str, Any]]:
    """Requests and this server's answers, on each engine: default prepares (four keys) and prepares
    with a Receipt, over an empty Scope and a Scope with memories, at two budgets."""
    out = []
    app = create_app(Settings(data_dir=tmp_path), store=engine_store)
    with running(app) as server_url, httpx.Client(base_url=server_url, timeout=30) as http:
        scopes = []
        for title in ("upgrade-empty", "upgrade-memories"):
            created = http.post(
                "/v1/scopes", json={"title": title, "summary": "s", "idempotency_key": uuid.uuid4().hex}
            )
            scopes.append(created.json()["scope_id"])
        for text in MEMORIES:
            memory = {"family": "atomic-memory", "content": {"kind": "decision", "text": text}}
            assert http.post(f"/v1/scopes/{scopes[1]}/artifacts", json=memory).status_code == 201
        for scope in scopes:
            for query in QUERIES:
                for budget in BUDGETS:
                    for receipt in (False, True):
                        request: dict[str, Any] = {"scope_id": scope, "query": query, "max_bytes": budget}
                        if receipt:
                            request["include_receipt"] = True
                        response = http.post("/v1/context/prepare", json=request)
                        assert response.status_code == 200, response.text
                        out.append({"request": request, "response": response.json(), "receipt": receipt})
    assert any(a["response"]["status"] == "ready" for a in out) and any(a["response"]["status"] == "empty" for a in out)
    assert any("receipt" in a["response"] for a in out)
    return out


def _refused_in_changelog(release: str) -> set[str]:
    """The rule ids the changelog lists as refused by the previous release's validators."""
    text = CHANGELOG.read_text(encoding="utf-8")
    section = text.split(f"## {release}:", 1)[1].split("\n## ", 1)[0]
    line = next(line for line in section.splitlines() if "refused by the validators of" in line)
    if line.endswith("none."):
        return set()
    listed = section.split(line, 1)[1]
    return set(re.findall(r"` (\w+)", listed))


def test_every_default_answer_and_request_passes_the_previous_releases_validators(
    answers: list[dict[str, Any]],
) -> None:
    kit = old_kit()
    defaults = [a for a in answers if not a["receipt"]]
    assert defaults and all(set(a["response"]) == {"schema", "status", "content", "content_bytes"} for a in defaults)
    cases = []
    for a in answers:
        assert kit.validate_prepare_context_request(a["request"])["ok"], a["request"]
        cases.append({"kind": "request", "value": a["request"], "facts": {}})
    for a in defaults:
        budget = a["request"]["max_bytes"]
        assert kit.validate_prepared_context(a["response"], a["request"]) == {"ok": True, "violations": []}
        cases.append(
            {"kind": "response", "value": a["response"], "facts": {"maxBytes": budget, "includeReceipt": False}}
        )
    for case, verdict in zip(cases, old_ts_verdicts(cases), strict=True):
        assert verdict["ok"], (case, verdict)


def test_what_the_previous_receipt_validators_refuse_is_listed_as_breaking(answers: list[dict[str, Any]]) -> None:
    kit = old_kit()
    listed = _refused_in_changelog(cd.project_version())
    with_receipt = [a for a in answers if a["receipt"]]
    cases = [
        {
            "kind": "response",
            "value": a["response"],
            "facts": {"maxBytes": a["request"]["max_bytes"], "includeReceipt": True},
        }
        for a in with_receipt
    ]
    refused: set[str] = set()
    for a in with_receipt:
        refused |= {
            v["rule"] for v in kit.validate_prepared_context_with_receipt(a["response"], a["request"])["violations"]
        }
    for verdict in old_ts_verdicts(cases):
        refused |= {v["rule"] for v in verdict["violations"]}
    assert refused <= listed, (
        f"refused by the validators of {previous_release()} but not in the changelog: {refused - listed}"
    )
