"""The legacy Memory collection operations Atomic Memory cannot serve: ``get_memory_capacity``,
``revise_memory_entry``, ``retire_memory_entry``, ``list_memory_changes``,
``get_memory_entry_tags`` and ``replace_memory_entry_tags`` (registered in ``server.handlers.HANDLERS``).

PowerContext 1.4.1 answers every one of them 422 ``legacy_memory_operation_unsupported`` once the
request has passed validation (and, for ``list_memory_changes``, its read grant); it looks up no
Scope and writes nothing. pcreceipt does the same, with 1.4.1's details per operation:
``{kind: artifact_family, name: memory, operation, alternatives, instruction}`` — the operation
in 1.4.1's words, the Atomic Memory routes to rebuild the request with (METHOD and path template,
as 1.4.1 lists them), and an instruction in our words.

Decisions (``docs/decisions.md``, "Legacy Memory collection operations"): the five operations
1.4.1 authorises with no grant are access ``none`` (any valid token; no Scope is read);
``list_memory_changes`` needs read on its Scope as in 1.4.1, and like every Scope-bound operation
here answers 404 ``scope_not_found`` for an unknown Scope before the 422.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from pcreceipt.errors import LegacyMemoryOperationUnsupported
from pcreceipt.models import bodies
from pcreceipt.server.http.exchange import Call, Handler, Reply

MESSAGE: Final = (
    "Legacy Memory collections are not served here: rebuild the request with Atomic Memory operations "
    "(details.alternatives), keeping their preconditions; retrying this request cannot succeed."
)


@dataclass(frozen=True)
class Refusal:
    """What 1.4.1 says about one refused legacy operation."""

    operation: str
    alternatives: tuple[str, ...]
    instruction: str

    def error(self) -> LegacyMemoryOperationUnsupported:
        details: dict[str, Any] = {
            "kind": "artifact_family",
            "name": "memory",
            "operation": self.operation,
            "alternatives": list(self.alternatives),
            "instruction": self.instruction,
        }
        return LegacyMemoryOperationUnsupported(MESSAGE, details)


#: Per operation id: 1.4.1's operation name and alternative routes; the instruction is ours.
REFUSALS: Final[Mapping[str, Refusal]] = {
    "get_memory_capacity": Refusal(
        "collection capacity",
        (),
        "Atomic Memory keeps no collection and so no capacity budget; there is nothing to ask instead.",
    ),
    "revise_memory_entry": Refusal(
        "citation revise",
        ("PUT /v1/scopes/{scope_id}/artifacts/atomic-memory/{artifact_id}",),
        "Read the Atomic Memory and replace its content with its ETag as If-Match.",
    ),
    "retire_memory_entry": Refusal(
        "citation retire",
        ("POST /v1/atomic-memory/lifecycle",),
        "Change the Atomic Memory's lifecycle to forgotten with its exact reference and current state_version.",
    ),
    "list_memory_changes": Refusal(
        "continuous collection changes",
        (),
        "Legacy collection history has no continuous stream; read exact Atomic Memory revisions instead.",
    ),
    "get_memory_entry_tags": Refusal(
        "entry tags",
        ("POST /v1/scopes/{scope_id}/artifacts", "POST /v1/atomic-memory/list"),
        "Work with independent Atomic Memory artifacts and tag them with the artifact tag operations.",
    ),
    "replace_memory_entry_tags": Refusal(
        "entry tags",
        ("POST /v1/scopes/{scope_id}/artifacts", "POST /v1/atomic-memory/list"),
        "Work with independent Atomic Memory artifacts and tag them with the artifact tag operations.",
    ),
}


def _refuse(operation_id: str) -> LegacyMemoryOperationUnsupported:
    return REFUSALS[operation_id].error()


def get_memory_capacity(call: Call[bodies.GetMemoryCapacityRequest]) -> Reply:
    raise _refuse("get_memory_capacity")


def revise_memory_entry(call: Call[bodies.ReviseMemoryEntryRequest]) -> Reply:
    raise _refuse("revise_memory_entry")


def retire_memory_entry(call: Call[bodies.RetireMemoryEntryRequest]) -> Reply:
    raise _refuse("retire_memory_entry")


def list_memory_changes(call: Call[bodies.ListMemoryChangesRequest]) -> Reply:
    raise _refuse("list_memory_changes")


def get_memory_entry_tags(call: Call[None]) -> Reply:
    raise _refuse("get_memory_entry_tags")


def replace_memory_entry_tags(call: Call[bodies.ReplaceArtifactTagsRequest]) -> Reply:
    raise _refuse("replace_memory_entry_tags")


LEGACY_MEMORY_HANDLERS: Mapping[str, Handler] = {
    "get_memory_capacity": get_memory_capacity,
    "revise_memory_entry": revise_memory_entry,
    "retire_memory_entry": retire_memory_entry,
    "list_memory_changes": list_memory_changes,
    "get_memory_entry_tags": get_memory_entry_tags,
    "replace_memory_entry_tags": replace_memory_entry_tags,
}
