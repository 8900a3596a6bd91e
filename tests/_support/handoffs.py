"""A committed Handoff made the way a host makes one: a captured Source, ``finalize_handoff`` of a
draft citing it, then ``commit_handoff`` of what finalize prepared (real HTTP)."""

from __future__ import annotations

import httpx

CONTENT = "/v1/sources/content"


def commit_handoff(
    http: httpx.Client, scope_id: str, disposition: str = "complete", objective: str = "Ship it."
) -> int:
    """Commit a Handoff citing a Source captured for it; the committed revision."""
    source = {"scope_id": scope_id, "source_id": f"log-{disposition}", "content": f"the {disposition} log"}
    assert http.post(CONTENT, json=source).status_code == 202
    cited = [{"kind": "source", "source_ref": {"name": "content", "source_id": source["source_id"]}}]
    draft = {
        "objective": objective,
        "state": [{"text": "Two of three steps are done.", "citations": cited}],
        "disposition": disposition,
        "next_action": {"text": "Run the last step.", "citations": cited},
        "omissions": [{"text": "Timings were not kept.", "citation": None}],
    }
    prepared = http.post("/v1/handoff/finalize", json={"scope_id": scope_id, "draft": draft})
    assert prepared.status_code == 200, prepared.text
    committed = http.post("/v1/handoff/commit", json={"scope_id": scope_id, "handoff": prepared.json()})
    assert committed.status_code == 200, committed.text
    return int(committed.json()["reference"]["revision"])
