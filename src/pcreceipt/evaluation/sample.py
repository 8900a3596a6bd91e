"""The shipped sample set: written through the API into a new Scope, with its labels.

``sample_set.json`` (beside this module, written by ``bench/eval_sample.py`` from the benchmark
corpus) holds artifacts named by keys, a small code workspace and labelled queries whose
expectations name those keys. ``load_sample`` creates a Scope, imports the artifacts (one
request per run of one family, in order), indexes the workspace, and returns the queries as
``pcreceipt eval`` input lines with the server's real artifact ids.
"""

from __future__ import annotations

import json
import uuid
from importlib import resources
from itertools import groupby
from typing import Any

from pcreceipt.client import AsyncClient

SAMPLE_FILE = "sample_set.json"


def sample_set() -> dict[str, Any]:
    """The shipped sample set."""
    text = resources.files("pcreceipt.evaluation").joinpath(SAMPLE_FILE).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _line(query: dict[str, Any], scope_id: str, ids: dict[str, str]) -> dict[str, Any]:
    expected = [ids[item] if isinstance(item, str) else item for item in query["expected"]]
    line: dict[str, Any] = {"id": query["id"], "scope_id": scope_id, "query": query["query"]}
    if query.get("include_code"):
        line["include_code"] = True
    line["expected"] = expected
    return line


async def load_sample(client: AsyncClient, data: dict[str, Any] | None = None) -> tuple[str, list[dict[str, Any]]]:
    """Write the sample into a new Scope; its id and the input lines for ``pcreceipt eval``."""
    data = data or sample_set()
    scope = await client.create_scope(
        {
            "title": data["scope"]["title"],
            "summary": data["scope"]["summary"],
            "idempotency_key": f"pcreceipt-eval-sample-{uuid.uuid4().hex}",
        }
    )
    ids: dict[str, str] = {}
    for family, group in groupby(data["artifacts"], key=lambda a: a["family"]):
        batch = list(group)
        created = await client.import_artifacts(
            scope.scope_id, {"items": [{"family": family, "content": a["content"]} for a in batch]}
        )
        for artifact, reference in zip(batch, created.created, strict=True):
            ids[artifact["key"]] = reference.artifact_id
    if data["workspace"]:
        await client.index_code_workspace(scope.scope_id, {"files": data["workspace"]})
    return scope.scope_id, [_line(query, scope.scope_id, ids) for query in data["queries"]]
