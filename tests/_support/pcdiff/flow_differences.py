"""Every difference the official client's flows still show against PowerContext 1.4.1
(``tests/compat/live/test_client_flows.py``), keyed by (check group, request line, what differs),
each with its reason. Four kinds:

- ``DETAILS``: the same status and error code; pcreceipt's ``details`` name the rule or state that
  refused the request (docs/decisions.md, "Error details"), where 1.4.1 sends null or its own keys.
  Hosts act on the status and the code (HOSTS.md §3.6).
- ``PEER``: a PowerContext 1.4.1 inconsistency or failure pcreceipt does not copy; the request
  after it in the same group is then not sent to the peer, so "only ours goes on".
- ``OURS``: a deliberate pcreceipt answer, with its decision.
- ``OPEN``: a gap not closed yet (the closing note of the issue says which); remove the entry
  with the fix.
"""

from __future__ import annotations

DETAILS = "error details: the same status and code; pcreceipt's details name the refusing rule or state"


def _all(group: str, request: str, whats: tuple[str, ...], reason: str) -> dict[tuple[str, str, str], str]:
    return {(group, request, what): reason for what in whats}


EXPECTED: dict[tuple[str, str, str], str] = {
    ("artifacts", "POST /v1/atomic-memory/lifecycle", ".error.details: shape"): DETAILS,
    ("artifacts", "POST /v1/atomic-memory/merges", "422 invalid_request vs 200 None"): (
        "PEER: 1.4.1's server asks source_refs[].source_type where its OpenAPI (SourceReference) and its "
        "own client send name; pcreceipt follows the OpenAPI"
    ),
    ("artifacts", "GET /v1/scopes/{scp}/artifacts/atomic-memory/{art}/revisions/1", "only ours goes on"): (
        "PEER: after the merge 1.4.1 refused"
    ),
    **_all(
        "artifact search",
        "POST /v1/scopes/{scp}/artifacts/experience/search",
        (".error.details.errors: only the peer", ".error.details.violations: only ours"),
        DETAILS + " (1.4.1's Family request model lists its validation errors; pcreceipt names the refused field)",
    ),
    ("bootstrap", "POST /v1/context/bootstrap/receipts", ".error.details: shape"): DETAILS,
    **_all(
        "capabilities and server info",
        "GET /v1/capabilities",
        (".prompts.atomic_memory.extract.builtin_profile: shape", ".prompts.memory.extract.builtin_profile: shape"),
        "OURS: pcreceipt has one built-in extraction prompt, for no profile (1.4.1 names its coding profile)",
    ),
    ("code", "POST /v1/scopes/{scp}/code/query", "only ours goes on"): (
        "OURS: the group indexes a workspace with index_code_workspace, pcreceipt's own operation, "
        "which 1.4.1 does not serve"
    ),
    ("handoffs", "POST /v1/work/handoffs/acknowledge", ".error.details: shape"): DETAILS,
    **_all(
        "memory lists",
        "POST /v1/memory/entries/get",
        (
            ".error.details.alternatives: only the peer",
            ".error.details.instruction: only the peer",
            ".error.details.kind: only the peer",
            ".error.details.name: only the peer",
            ".error.details.operation: only the peer",
            ".error.details.violations: only ours",
        ),
        DETAILS,
    ),
    ("memory tools", "POST /v1/memory/search", "500 internal_error vs 422 invalid_request"): (
        "PEER: hybrid search without an embedder is 1.4.1's unhandled 500 (HOSTS.md §2.8); pcreceipt says "
        "422 embedder_required (tests/_support/pcdiff/allowances.py has the same case)"
    ),
    ("memory tools", "POST /v1/memory/remember", "only ours goes on"): (
        "PEER: after that 500, 1.4.1 drops the connection and the client's next call fails in transport"
    ),
    **_all(
        "prompts",
        "GET /v1/scopes/{scp}/prompts/topic_memory.probe",
        (".builtin: shape", ".effective: shape"),
        "OURS: pcreceipt never runs the Topic Memory probe prompt, so it shows no built-in text for it "
        "(docs/decisions.md, prompt configuration)",
    ),
    ("scopes", "POST /v1/scopes", ".error.details: shape"): DETAILS,
    **_all(
        "dream",
        "POST /v1/scopes/{scp}/dream",
        (".error.details.errors: only the peer", ".error.details.field: only ours", ".error.details.reason: only ours"),
        DETAILS + " (1.4.1's request model lists its validation errors; pcreceipt names the selection rule)",
    ),
    **_all(
        "source records",
        "POST /v1/scopes/{scp}/sources",
        (
            ".error.details.field: only the peer",
            ".error.details.reason: only the peer",
            ".error.details.violations: only ours",
        ),
        DETAILS,
    ),
    ("tags", "POST /v1/atomic-memory/search", "422 invalid_request vs 200 None"): (
        "PEER: 1.4.1's client sends tags its own server refuses (tags[n] must be a string there); pcreceipt "
        "takes the OpenAPI's string tags"
    ),
    ("work records", "POST /v1/work/outcomes/record", ".error.details: shape"): DETAILS,
}
