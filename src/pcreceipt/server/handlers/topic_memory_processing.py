"""The Topic Memory processing operations (registered in ``server.handlers.HANDLERS``):
``get_topic_memory_processing_status``, ``get_topic_memory_processing_block``,
``flush_topic_memory`` and ``retry_topic_memory_processing``, in PowerContext 1.4.1's shapes.

pcreceipt stores Topic Memory artifacts and recalls them, but runs no Topic Memory processing (the
probe/planner/evolve/reduce pipeline that turns Sources into Topic Memory). These operations answer
what 1.4.1 answers in a deployment without a processing model (its recovery service reads the
durable state, which such a deployment never advances):

- status: ``source_cursor`` 0 (nothing was ever processed), ``source_head`` the Scope's highest
  Source position, ``target_source_through`` null (only a flush with processing retains a
  target), ``block`` null, ``state`` idle without Sources and pending with them;
- a block read: 404 ``topic_memory_block_not_found`` for every id, since no block is ever retained;
- a retry: the same 404 (1.4.1 reads the block first); nothing is written;
- a flush: 503 ``topic_memory_processing_unavailable`` (1.4.1's answer when processing is not
  available), nothing written.

Decisions: ``docs/decisions.md``, "Profile, prompts and Topic Memory processing".
"""

from __future__ import annotations

from collections.abc import Mapping

from pcreceipt.errors import ScopeNotFound, TopicMemoryBlockNotFound, TopicMemoryProcessingUnavailable
from pcreceipt.models import bodies
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.server.http.store_errors import SCOPE_NOT_FOUND_MESSAGE
from pcreceipt.store.records import RecordNotFound

BLOCK_NOT_FOUND_MESSAGE = "The requested Topic Memory processing block was not found."


def source_head(call: Call, scope_id: str) -> int:
    """The Scope's highest Source position (0 without Sources)."""
    try:
        return call.services.store.pending_sources(scope_id, 1).high_watermark
    except RecordNotFound:
        raise ScopeNotFound(SCOPE_NOT_FOUND_MESSAGE) from None


def get_topic_memory_processing_status(call: Call[bodies.TopicMemoryProcessingStatusRequest]) -> Reply:
    head = source_head(call, call.body["scope_id"])
    body = {
        "state": "pending" if head > 0 else "idle",
        "source_cursor": 0,
        "source_head": head,
        "target_source_through": None,
        "block": None,
    }
    return Reply(200, body)


def get_topic_memory_processing_block(call: Call[bodies.GetTopicMemoryProcessingBlockRequest]) -> Reply:
    raise TopicMemoryBlockNotFound(BLOCK_NOT_FOUND_MESSAGE)


def retry_topic_memory_processing(call: Call[bodies.RetryTopicMemoryProcessingRequest]) -> Reply:
    raise TopicMemoryBlockNotFound(BLOCK_NOT_FOUND_MESSAGE)


def flush_topic_memory(call: Call[bodies.FlushTopicMemoryRequest]) -> Reply:
    raise TopicMemoryProcessingUnavailable("Topic Memory processing is unavailable.")


TOPIC_MEMORY_PROCESSING_HANDLERS: Mapping[str, Handler] = {
    "get_topic_memory_processing_status": get_topic_memory_processing_status,
    "get_topic_memory_processing_block": get_topic_memory_processing_block,
    "retry_topic_memory_processing": retry_topic_memory_processing,
    "flush_topic_memory": flush_topic_memory,
}
