"""The Profile, prompt and Topic Memory processing group of the official client check
(``official_client_check.py`` runs ``GROUPS``; ``test_official_client_coverage.py`` reads the
calls here too), each answer parsed by the official client's strict models.

A group takes the client and the check's two recorders (``check``, ``expect_error``), so this
module imports only the official client and the standard library. The compat server runs no
generation provider.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from powercontext.client import PowerContextClient
from powercontext.http import (
    CreateScopeRequest,
    FlushTopicMemoryRequest,
    GeneratePromptDemonstrationsRequest,
    GetTopicMemoryProcessingBlockRequest,
    PutProfilePolicyRequest,
    RetryTopicMemoryProcessingRequest,
    TopicMemoryProcessingStatusRequest,
)

Check = Callable[[str, bool], bool]
ExpectError = Callable[[str, int, "str | None", Callable[[], Awaitable[Any]]], Awaitable[Any]]


async def _scope(client: PowerContextClient, title: str) -> str:
    fields = {"title": title, "summary": f"{title} (profile check)", "idempotency_key": uuid.uuid4().hex}
    return (await client.create_scope(CreateScopeRequest.model_validate(fields))).scope_id


async def prompts(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    scope_id = await _scope(client, "Compat prompts")
    rerank = await client.get_prompt_configuration(scope_id, "memory.rerank")
    check(
        "get_prompt_configuration: auto, the built-in text in effect",
        rerank.mode.value == "auto"
        and rerank.artifact is None
        and rerank.effective is not None
        and rerank.builtin is not None
        and rerank.effective.instructions == rerank.builtin.instructions,
    )
    request = GeneratePromptDemonstrationsRequest.model_validate(
        {"instructions": "Prefer decisions.", "demonstration_count": 2}
    )
    await expect_error(
        "generate_prompt_demonstrations: no provider, 1.4.1's 422",
        422,
        "prompt_customization_unavailable",
        lambda: client.generate_prompt_demonstrations(scope_id, "memory.rerank", request),
    )
    probe = await client.get_prompt_configuration(scope_id, "topic_memory.probe")
    check("get_prompt_configuration: a prompt pcreceipt never runs has no text", probe.builtin is None)
    await expect_error(
        "get_prompt_configuration: an unknown Scope",
        404,
        "scope_not_found",
        lambda: client.get_prompt_configuration(f"scp_{uuid.uuid4().hex}", "memory.rerank"),
    )


async def profile(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    scope_id = await _scope(client, "Compat profile")
    await expect_error(
        "get_profile_policy: no policy yet",
        404,
        "profile_policy_not_found",
        lambda: client.get_profile_policy(scope_id),
    )
    first = PutProfilePolicyRequest.model_validate({"generation_enabled": True, "expected_version": 0})
    created = await client.put_profile_policy(scope_id, first)
    check(
        "put_profile_policy: version 1, automatic", (created.version, created.activation_mode.value) == (1, "automatic")
    )
    read = await client.get_profile_policy(scope_id)
    check("get_profile_policy: reads the put", read == created)
    await expect_error(
        "put_profile_policy: a stale version",
        409,
        "idempotency_conflict",
        lambda: client.put_profile_policy(scope_id, first),
    )


async def topic_memory_processing(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    scope_id = await _scope(client, "Compat topic processing")
    request = TopicMemoryProcessingStatusRequest.model_validate({"scope_id": scope_id})
    status = await client.get_topic_memory_processing_status(request)
    check(
        "get_topic_memory_processing_status: idle without Sources",
        status.state.value == "idle" and (status.source_cursor, status.source_head, status.block) == (0, 0, None),
    )
    block = GetTopicMemoryProcessingBlockRequest.model_validate({"scope_id": scope_id, "block_id": "blk_1"})
    await expect_error(
        "get_topic_memory_processing_block: no block is retained",
        404,
        "topic_memory_block_not_found",
        lambda: client.get_topic_memory_processing_block(block),
    )
    retry = RetryTopicMemoryProcessingRequest.model_validate({"scope_id": scope_id, "block_id": "blk_1"})
    await expect_error(
        "retry_topic_memory_processing: no block is retained",
        404,
        "topic_memory_block_not_found",
        lambda: client.retry_topic_memory_processing(retry),
    )
    flush = FlushTopicMemoryRequest.model_validate({"scope_id": scope_id})
    await expect_error(
        "flush_topic_memory: no Topic Memory processing",
        503,
        "topic_memory_processing_unavailable",
        lambda: client.flush_topic_memory(flush),
    )


GROUPS: list[tuple[str, Callable[[PowerContextClient, Check, ExpectError], Awaitable[None]]]] = [
    ("prompts", prompts),
    ("profile", profile),
    ("topic memory processing", topic_memory_processing),
]
