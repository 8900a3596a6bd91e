"""A bounded soak on loopback: concurrent clients mixing writes and prepares with Receipts on a
token-mode server, then everything checked that can be checked exactly.

Per prepare: no 5xx; the response and its Receipt pass the gate (which reads the content's items
back, ``contract.content``, and holds each to its selected entry: identity, order,
``rendered_bytes``, truncation); the Receipt is present. Per selected item n:
- history: the exact revision the Receipt names is read back (it must exist), and the item's text
  in ``content`` is what the renderer makes of that revision (``render.envelope_item`` or
  ``render.markdown_item``): its body equal to the revision's rendered body when not truncated;
  when truncated, a prefix of it plus the truncation mark, the whole item re-rendered identically;
- code: the exact range is read back with ``read_code``; its snippet hash is the Receipt's and
  the item's lines in ``content`` are those lines.
Every acknowledged write is read back too.

``PCRECEIPT_SOAK_SECONDS`` (default 4) and ``PCRECEIPT_SOAK_CLIENTS`` (default 4) size it; CI
can run e.g. 4 clients × 20 s. Figures are printed (``-s``).
"""

from __future__ import annotations

import json
import os
import random
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
from _support.tokens import TokenServer, make_scope, token_server

from pcreceipt.contract import gate
from pcreceipt.contract.content import CitedItem, parse_content
from pcreceipt.prepare.build_types import TRUNCATION_MARK
from pcreceipt.prepare.render import (
    envelope_content,
    envelope_item,
    markdown_body,
    markdown_item,
    markdown_units,
)
from pcreceipt.prepare.verify import history_findings
from pcreceipt.store.records import ArtifactRef

pytestmark = pytest.mark.long  # few tests that take long: handed out first (_support/xdist_scheduler.py)

SECONDS = float(os.environ.get("PCRECEIPT_SOAK_SECONDS", "4"))
CLIENTS = int(os.environ.get("PCRECEIPT_SOAK_CLIENTS", "4"))
WORDS = [
    "sqlite",
    "storage",
    "decision",
    "wal",
    "mode",
    "index",
    "search",
    "receipt",
    "token",
    "scope",
    "merge",
    "cache",
    "latency",
    "build",
    "test",
    "deploy",
    "schema",
    "vector",
    "bm25",
    "rerank",
    "budget",
    "café",
    "naïve",
    "数据库",
    "检索",
    "🙂",
    "payments",
    "ledger",
    "retry",
    "timeout",
]
CODE_FILES = {
    "src/storage.py": "".join(f"def storage_{i}():\n    return 'sqlite wal index {i}'\n" for i in range(60)),
    "src/search.py": "".join(f"# search ranking note {i}: bm25 rerank budget\nvalue_{i} = {i}\n" for i in range(60)),
}


@dataclass
class Tally:
    lock: threading.Lock = field(default_factory=threading.Lock)
    requests: Counter[str] = field(default_factory=Counter)
    statuses: Counter[int] = field(default_factory=Counter)
    acknowledged: dict[tuple[str, str, str, int], dict[str, Any]] = field(default_factory=dict)
    prepares: list[tuple[dict[str, Any], dict[str, Any]]] = field(default_factory=list)

    def note(self, kind: str, response: httpx.Response) -> None:
        with self.lock:
            self.requests[kind] += 1
            self.statuses[response.status_code] += 1


def _text(rng: random.Random) -> str:
    count = rng.choice([6, 10, 14]) if rng.random() < 0.9 else 700  # some bodies exceed the 2000-byte cap
    return " ".join(rng.choice(WORDS) for _ in range(count))


def client(number: int, server: TokenServer, token: str, scopes: list[str], tally: Tally, until: float) -> None:
    rng = random.Random(number)
    mine: list[tuple[str, str, str, int]] = []
    with server.client(token, timeout=30) as http:
        while time.monotonic() < until:
            roll = rng.random()
            scope = rng.choice(scopes)
            if roll < 0.35:
                family, content = (
                    ("atomic-memory", {"kind": rng.choice(["fact", "decision"]), "text": _text(rng)})
                    if rng.random() < 0.7
                    else ("topic-memory", {"title": _text(rng)[:80], "summary": _text(rng), "detail": _text(rng)})
                )
                response = http.post(f"/v1/scopes/{scope}/artifacts", json={"family": family, "content": content})
                tally.note("write", response)
                if response.status_code == 201:
                    key = (scope, family, response.json()["artifact_id"], 1)
                    mine.append(key)
                    tally.acknowledged[key] = content
            elif roll < 0.45 and mine:
                scope, family, artifact_id, revision = mine.pop(rng.randrange(len(mine)))
                content = (
                    {"kind": "fact", "text": _text(rng)}
                    if family == "atomic-memory"
                    else {"title": "replaced", "summary": _text(rng), "detail": "d"}
                )
                response = http.put(
                    f"/v1/scopes/{scope}/artifacts/{family}/{artifact_id}",
                    json={"content": content},
                    headers={"If-Match": f'"revision:{revision}"'},
                )
                tally.note("replace", response)
                if response.status_code == 200:
                    key = (scope, family, artifact_id, revision + 1)
                    mine.append(key)
                    tally.acknowledged[key] = content
            else:
                request: dict[str, Any] = {
                    "scope_id": scope,
                    "query": " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3))),
                    "max_bytes": rng.choice([512, 2000, 8000, 32768]),
                    "include_receipt": True,
                    "include_code": rng.random() < 0.4,
                }
                if rng.random() < 0.3:
                    request["assembly"] = {
                        "format": "markdown",
                        "sections": [{"family": "memory", "limit": 5}, {"family": "topic-memory", "limit": 3}],
                    }
                response = http.post("/v1/context/prepare", json=request)
                tally.note("prepare", response)
                if response.status_code == 200:
                    with tally.lock:
                        tally.prepares.append((request, response.json()))


class ExactReads:
    def __init__(self, http: httpx.Client) -> None:
        self.http = http
        self.cache: dict[str, Any] = {}
        self.count = 0

    def get(self, url: str, **params: Any) -> Any:
        key = url + json.dumps(params, sort_keys=True)
        if key not in self.cache:
            response = self.http.get(url, params=params)
            assert response.status_code == 200, (url, response.status_code)
            self.cache[key] = response.json()
            self.count += 1
        return self.cache[key]


def verify_history(reads: ExactReads, scope_id: str, item: dict[str, Any], cited: CitedItem) -> None:
    address = item["artifact_address"]
    a = address["artifact"]
    ref = ArtifactRef(address["scope_id"], a["family"], a["artifact_id"], a["revision"])
    revision = reads.get(f"/v1/scopes/{ref.scope_id}/artifacts/{ref.family}/{ref.artifact_id}/revisions/{ref.revision}")
    if cited.form == "envelope":
        body = envelope_content(a["family"], revision["content"])
        text = envelope_item(a["family"], ref, cited.body, truncated=item["truncated"], current_scope_id=scope_id).text
    else:
        body = "".join(markdown_units(markdown_body(a["family"], revision["content"])))
        number = int(cited.text.split("\n", 1)[0].rsplit(" ", 1)[1])
        text = markdown_item(
            a["family"], number, ref, cited.body, truncated=item["truncated"], show=(), recall_rank=number
        ).text
    assert cited.text == text
    if a["family"] == "topic-memory":  # may show a detail snippet the query chose: verify's own rule
        assert history_findings(0, item, cited, revision) == []
    elif item["truncated"]:
        assert cited.body.endswith(TRUNCATION_MARK) and body.startswith(cited.body[: -len(TRUNCATION_MARK)])
    else:
        assert cited.body == body


def verify_code(reads: ExactReads, item: dict[str, Any], cited: CitedItem) -> None:
    e = item["code_evidence"]
    exact = reads.get(
        f"/v1/scopes/{e['scope_id']}/code/{e['fingerprint']}/files/{e['file_sha256']}",
        path=e["path"],
        start_line=e["start_line"],
        end_line=e["end_line"],
    )
    assert exact["evidence"]["snippet_sha256"] == e["snippet_sha256"]
    assert cited.body == "\n".join(exact["lines"])


@pytest.fixture(scope="module")
def soak_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TokenServer, str, list[str]]]:
    with token_server(tmp_path_factory.mktemp("soak"), assembly_max_entries=8) as server:
        shared = make_scope(server.store, "shared")
        project = make_scope(server.store, "project", refs=[shared.scope_id])
        for scope in (shared, project):
            files = [(path, text.encode()) for path, text in CODE_FILES.items()]
            server.store.index_workspace(scope.scope_id, files, 0)
        token = server.issue([(project.scope_id, "write"), (shared.scope_id, "write")], "soak")
        yield server, token, [project.scope_id, shared.scope_id]


def test_soak(soak_server: tuple[TokenServer, str, list[str]]) -> None:
    server, token, scopes = soak_server
    tally = Tally()
    until = time.monotonic() + SECONDS
    threads = [threading.Thread(target=client, args=(n, server, token, scopes, tally, until)) for n in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(SECONDS + 60)
    assert not any(thread.is_alive() for thread in threads)
    served = sum(tally.statuses.values())
    assert not [s for s in tally.statuses if s >= 500], tally.statuses
    assert set(tally.statuses) <= {200, 201, 409, 412}, tally.statuses

    items = Counter[str]()
    with server.client(token) as http:
        reads = ExactReads(http)
        for request, body in tally.prepares:
            violations = gate.check_prepared_context(
                body, max_bytes=request["max_bytes"], include_receipt=True, explain=False
            )
            assert violations == [], violations
            assert "receipt" in body, "a Receipt was dropped"
            selected = body["receipt"]["selected"]
            if body["status"] == "empty":
                assert selected == []
                continue
            cited = parse_content(body["content"])
            assert len(cited) == len(selected)
            for item, read in zip(selected, cited, strict=True):
                assert len(read.text.encode()) == item["rendered_bytes"]
                if "artifact_address" in item:
                    verify_history(reads, request["scope_id"], item, read)
                    items["history"] += 1
                else:
                    verify_code(reads, item, read)
                    items["code"] += 1
                items["truncated"] += item["truncated"]
        for (scope, family, artifact_id, revision), content in tally.acknowledged.items():
            stored = reads.get(f"/v1/scopes/{scope}/artifacts/{family}/{artifact_id}/revisions/{revision}")
            atomic = {"schema": "powercontext.atomic-memory.v1", **content, "creation": None}  # served, never sent
            sent = atomic if family == "atomic-memory" else content
            assert stored["content"] == sent
    assert tally.requests["prepare"] > 0 and tally.requests["write"] > 0 and items["history"] > 0
    print(
        f"\nsoak figures: {CLIENTS} clients x {SECONDS:g} s: {served} requests served "
        f"({dict(tally.requests)}), statuses {dict(sorted(tally.statuses.items()))}, "
        f"{len(tally.acknowledged)} writes acknowledged and read back, "
        f"{len(tally.prepares)} prepares with valid Receipts, selected items verified {dict(items)}, "
        f"{reads.count} exact reads"
    )
