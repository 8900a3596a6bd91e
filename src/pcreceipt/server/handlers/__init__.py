"""One handler per operation of the contract, one module per resource, keyed by operation id
(``HANDLERS``, the registry ``create_app`` serves).

Handlers run in a worker thread with a validated ``Call`` (parameters and body already checked
against the contract, ``server.http``) and return a ``Reply`` whose body the server gates before
sending. They speak to the store in contract terms and let store errors propagate
(``server.http.store_errors`` maps them). Checks that need the stored state or one operation's
parameters live next to the operation they belong to; body and reply checks are in
``server.http.checks``. Each module's ``…HANDLERS`` lists its operations; an operation id in two
modules is refused here.
"""

from __future__ import annotations

from collections.abc import Mapping

from pcreceipt.server.handlers import artifacts, code, code_query, context, health, scopes
from pcreceipt.server.handlers.access import ACCESS_HANDLERS
from pcreceipt.server.handlers.artifact_handles import ARTIFACT_HANDLE_HANDLERS
from pcreceipt.server.handlers.artifact_search import ARTIFACT_SEARCH_HANDLERS
from pcreceipt.server.handlers.connectors import CONNECTOR_HANDLERS
from pcreceipt.server.handlers.dream import DREAM_HANDLERS
from pcreceipt.server.handlers.external_skills import EXTERNAL_SKILL_HANDLERS
from pcreceipt.server.handlers.handoff_generation import HANDOFF_GENERATION_HANDLERS
from pcreceipt.server.handlers.handoff_receivers import RECEIVER_HANDLERS
from pcreceipt.server.handlers.handoff_report import HANDOFF_REPORT_HANDLERS
from pcreceipt.server.handlers.handoffs import HANDOFF_HANDLERS
from pcreceipt.server.handlers.legacy_memory import LEGACY_MEMORY_HANDLERS
from pcreceipt.server.handlers.memory import MEMORY_HANDLERS
from pcreceipt.server.handlers.profile import PROFILE_HANDLERS
from pcreceipt.server.handlers.profile_flush import PROFILE_FLUSH_HANDLERS
from pcreceipt.server.handlers.prompts import PROMPT_HANDLERS
from pcreceipt.server.handlers.publications import PUBLICATION_HANDLERS
from pcreceipt.server.handlers.remote_skill_receiver import REMOTE_RECEIVER_HANDLERS
from pcreceipt.server.handlers.remote_skills import REMOTE_SKILL_HANDLERS
from pcreceipt.server.handlers.restoration import RESTORATION_HANDLERS
from pcreceipt.server.handlers.review import REVIEW_HANDLERS
from pcreceipt.server.handlers.scope_selection import SCOPE_SELECTION_HANDLERS
from pcreceipt.server.handlers.service import SERVICE_HANDLERS
from pcreceipt.server.handlers.skill_governance import SKILL_GOVERNANCE_HANDLERS
from pcreceipt.server.handlers.skill_packages import SKILL_PACKAGE_HANDLERS
from pcreceipt.server.handlers.source_definitions import SOURCE_DEFINITION_HANDLERS
from pcreceipt.server.handlers.source_observations import SOURCE_OBSERVATION_HANDLERS
from pcreceipt.server.handlers.source_records import SOURCE_RECORD_HANDLERS
from pcreceipt.server.handlers.sources import SOURCE_HANDLERS
from pcreceipt.server.handlers.statistics import STATISTICS_HANDLERS
from pcreceipt.server.handlers.tag_query import TAG_QUERY_HANDLERS
from pcreceipt.server.handlers.tags import TAG_HANDLERS
from pcreceipt.server.handlers.topic_memory import TOPIC_MEMORY_HANDLERS
from pcreceipt.server.handlers.topic_memory_processing import TOPIC_MEMORY_PROCESSING_HANDLERS
from pcreceipt.server.handlers.work import WORK_HANDLERS
from pcreceipt.server.http.exchange import Handler

_PARTS: tuple[Mapping[str, Handler], ...] = (
    context.HANDLERS,
    scopes.HANDLERS,
    artifacts.HANDLERS,
    code.HANDLERS,
    {"query_code": code_query.query_code},
    health.HANDLERS,
    SERVICE_HANDLERS,
    SOURCE_HANDLERS,
    MEMORY_HANDLERS,
    TOPIC_MEMORY_HANDLERS,
    TAG_HANDLERS,
    STATISTICS_HANDLERS,
    RESTORATION_HANDLERS,
    PUBLICATION_HANDLERS,
    WORK_HANDLERS,
    HANDOFF_HANDLERS,
    RECEIVER_HANDLERS,
    REVIEW_HANDLERS,
    LEGACY_MEMORY_HANDLERS,
    ARTIFACT_HANDLE_HANDLERS,
    CONNECTOR_HANDLERS,
    SOURCE_RECORD_HANDLERS,
    SOURCE_DEFINITION_HANDLERS,
    SOURCE_OBSERVATION_HANDLERS,
    HANDOFF_REPORT_HANDLERS,
    HANDOFF_GENERATION_HANDLERS,
    SCOPE_SELECTION_HANDLERS,
    TAG_QUERY_HANDLERS,
    ARTIFACT_SEARCH_HANDLERS,
    PROMPT_HANDLERS,
    PROFILE_FLUSH_HANDLERS,
    PROFILE_HANDLERS,
    TOPIC_MEMORY_PROCESSING_HANDLERS,
    ACCESS_HANDLERS,
    EXTERNAL_SKILL_HANDLERS,
    SKILL_PACKAGE_HANDLERS,
    DREAM_HANDLERS,
    SKILL_GOVERNANCE_HANDLERS,
    REMOTE_SKILL_HANDLERS,
    REMOTE_RECEIVER_HANDLERS,
)


def _registry(parts: tuple[Mapping[str, Handler], ...]) -> dict[str, Handler]:
    merged: dict[str, Handler] = {}
    for part in parts:
        twice = set(merged) & set(part)
        if twice:
            raise RuntimeError(f"operations with two handlers: {sorted(twice)}")
        merged.update(part)
    return merged


HANDLERS: Mapping[str, Handler] = _registry(_PARTS)
