"""The Source ingestion group of the official client check (``official_client_check.py`` runs
``GROUPS``; ``test_official_client_coverage.py`` reads the calls here too).

A group takes the client and the check's two recorders (``check``, ``expect_error``), so this
module imports only the official client and the standard library, and its checks land in the one
report the main program prints.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from powercontext.client import PowerContextClient
from powercontext.http import CommitConnectorCheckpointRequest, GetConnectorCheckpointRequest

Check = Callable[[str, bool], bool]
ExpectError = Callable[[str, int, "str | None", Callable[[], Awaitable[Any]]], Awaitable[Any]]


async def connector_checkpoints(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    binding = {
        "scope_id": f"compat-connector-{uuid.uuid4().hex}",
        "binding_id": "issues",
        "connector_name": "compat-connector",
        "connector_version": "1",
    }
    read = GetConnectorCheckpointRequest.model_validate({"binding": binding})
    initial = await client.get_connector_checkpoint(read)
    check("get_connector_checkpoint: a new binding reads null", initial.checkpoint is None)
    first = {"cursor": "a", "seen": [1, 2]}
    committed = await client.commit_connector_checkpoint(
        CommitConnectorCheckpointRequest.model_validate({"binding": binding, "expected": None, "checkpoint": first})
    )
    check("commit_connector_checkpoint: answers the new checkpoint", committed.checkpoint == first)
    again = await client.get_connector_checkpoint(read)
    check("get_connector_checkpoint: reads the committed value", again.checkpoint == first)
    stale = CommitConnectorCheckpointRequest.model_validate({"binding": binding, "expected": None, "checkpoint": 2})
    await expect_error(
        "commit_connector_checkpoint from a stale expected value",
        409,
        "connector_checkpoint_conflict",
        lambda: client.commit_connector_checkpoint(stale),
    )
    other = GetConnectorCheckpointRequest.model_validate({"binding": {**binding, "connector_version": "2"}})
    await expect_error(
        "get_connector_checkpoint of a binding id another Connector owns",
        409,
        "connector_checkpoint_conflict",
        lambda: client.get_connector_checkpoint(other),
    )


GROUPS: list[tuple[str, Callable[[PowerContextClient, Check, ExpectError], Awaitable[None]]]] = [
    ("connector checkpoints", connector_checkpoints),
]
