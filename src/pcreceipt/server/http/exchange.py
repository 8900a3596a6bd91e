"""What a handler receives (``Call``) and what it returns (``Reply``).

Handlers are plain synchronous functions run in a worker thread, because every store call is
synchronous. They never see the Starlette request: everything they may use is in the ``Call``,
already validated against the contract.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Generic

from typing_extensions import TypeVar

from pcreceipt.config import Settings
from pcreceipt.contract.gate import Violation
from pcreceipt.models import Operation
from pcreceipt.prepare.dream import DreamWorker
from pcreceipt.prepare.extraction import Extractor
from pcreceipt.prepare.generation import CandidateGenerator
from pcreceipt.prepare.handoff_generation import HandoffGenerator
from pcreceipt.prepare.profile_generation import ProfileGenerator
from pcreceipt.prepare.runtime import Preparer
from pcreceipt.server.http.credentials import LOCAL, Principal
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import Scope
from pcreceipt.store.writer import ArtifactWriter


def utc_clock() -> datetime:
    """The current time, timezone-aware UTC."""
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class Services:
    """What the handlers work with: one store, one prepare runtime, the settings (built by
    ``pcreceipt.compose``), and the clock that dates statistics and Working Note expiries
    (timezone-aware; tests hand in their own)."""

    store: Store
    runtime: Preparer
    settings: Settings
    writer: ArtifactWriter
    clock: Callable[[], datetime] = utc_clock
    extractor: Extractor | None = None
    """Memory extraction for ``flush_memory``; None when no generation provider is configured for it."""
    generator: CandidateGenerator | None = None
    """Experience and Skill generation for ``generate_*``; None when no generation provider is configured."""
    handoff_generator: HandoffGenerator | None = None
    """Handoff drafts for ``prepare_handoff`` and ``activate_handoff``; None without a generation provider."""
    dream: DreamWorker | None = None
    """The Dream run worker (``prepare.dream``); None without a generation provider."""
    profile_generator: ProfileGenerator | None = None
    """Profile generation for ``flush_profile``; None without a generation provider."""


B = TypeVar("B", default=Any)
"""The request body's type: the operation's generated ``TypedDict`` (``pcreceipt.models.bodies``)."""


@dataclass(frozen=True, slots=True)
class Call(Generic[B]):
    """One validated request to one operation.

    A handler names its body's shape as ``Call[bodies.X]``, X the operation's request model (a
    test holds every handler to its operation's), so mypy checks what it reads of the body; the
    body is the parsed JSON the gate validated against that schema, nothing converted.

    ``scope``: for an operation that reads its Scope's references (``scope_references``:
    prepare), the Scope as ``authorization.authorize`` read it, once, for the handler (None when
    it does not exist); for an operation whose Scope is resolved (source ``resolved``), the
    Scope it resolved to; None for every other operation. ``deferred_violations``: what the
    request gate found that the handler reports after its Scope lookup
    (``checks.DEFERRED_RULES``)."""

    operation: Operation
    request_id: str
    path: Mapping[str, Any]
    query: Mapping[str, Any]
    headers: Mapping[str, str]
    body: B
    services: Services
    principal: Principal = LOCAL
    scope: Scope | None = None
    transport: str = "http"
    """``mcp`` for a tool call (``tool_calls`` marks its request), else ``http`` (the access audit's)."""
    deferred_violations: tuple[Violation, ...] = ()
    target_credential: str | None = None
    """The remote Skill Receiver's operations: the bearer target credential presented (None: none or
    malformed), never logged; None for every other operation (``authorization.target_credential``)."""


@dataclass(frozen=True, slots=True)
class Reply:
    """A handler's answer: the status, a JSON body (None for an empty body) and extra headers.

    ``media_type``: set for a document answer (a text body of that type, e.g. get_handoff_report's
    ``text/markdown; charset=utf-8``); None for JSON."""

    status: int
    body: Any
    headers: Mapping[str, str] = field(default_factory=dict)
    media_type: str | None = None


Handler = Callable[[Call], Reply]
