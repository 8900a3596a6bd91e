"""Running ``pcreceipt eval``: every labelled query, once per run, with a Receipt.

A *run* is one server URL with one variant (request-field overrides such as ``max_bytes=4000``).
Prepares run with bounded concurrency over one ``AsyncClient`` per URL. Only transport failures
(the request did not complete) are retried, a bounded number of times with exponential backoff;
an HTTP error answer (4xx, 5xx) or a body that breaks the contract is recorded for that query and
never retried. Before the queries, each server must answer ``/health/live`` (with the same
retries), so a wrong URL is one clear error instead of a report of failures.
"""

from __future__ import annotations

import asyncio
import functools
import json
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pcreceipt.client import ApiResponseError, AsyncClient, ClientError, InvalidResponseError, TransportError
from pcreceipt.contract.forms import HISTORY_FAMILIES
from pcreceipt.contract.gate import check_schema, format_violation
from pcreceipt.errors import PcreceiptError
from pcreceipt.evaluation.load import ArtifactExpectation, Case

T = TypeVar("T")
VARIANT_KEYS = frozenset({"max_bytes", "include_code", "assembly", "explain"})
BACKOFF_SECONDS = 0.25
_SPLIT = re.compile(r",(?=\s*[a-z_]+=)")


class Unreachable(PcreceiptError):
    """A server did not answer at all after every retry."""

    def __init__(self, url: str, attempts: int) -> None:
        super().__init__(f"cannot reach the server at {url} ({attempts} attempt(s))")
        self.url = url
        self.attempts = attempts


@dataclass(frozen=True, slots=True)
class Run:
    """One server URL with one variant."""

    name: str
    url: str
    overrides: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Outcome:
    """One prepare of one case in one run: the response's JSON, or an error record."""

    case: Case
    response: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    attempts: int = 0


def parse_variant(text: str) -> dict[str, Any]:
    """``max_bytes=4000`` or ``max_bytes=4000,include_code=true``: request-field overrides. A value
    is read as JSON when it parses (numbers, true/false, objects), else taken as a string.
    ValueError names the problem."""
    overrides: dict[str, Any] = {}
    for part in _SPLIT.split(text.strip()):
        key, sep, raw = part.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ValueError(f"{part!r} is not KEY=VALUE")
        if key not in VARIANT_KEYS:
            raise ValueError(f"{key!r} is not a request field a variant may set ({', '.join(sorted(VARIANT_KEYS))})")
        try:
            overrides[key] = json.loads(raw)
        except ValueError:
            overrides[key] = raw
    _check_against_contract(overrides)
    return overrides


def _check_against_contract(overrides: dict[str, Any]) -> None:
    """A value the contract refuses (``max_bytes=99999``, ``include_code=maybe``) is refused now, not
    answered 422 once per query. Only the request schema is checked: the assembly's entry cap is
    the server's setting, so the server judges that."""
    probe = {"scope_id": "scp_variantprobe", "query": "variant probe", **overrides}
    for violation in check_schema("PrepareContextRequest", probe):
        if violation.path.split("/")[1] in overrides:
            raise ValueError(format_violation(violation.path, violation.rule, violation.message))


def plan_runs(urls: Sequence[str], variants: Sequence[str]) -> list[Run]:
    """Every URL with every variant (a run with no overrides when there is no variant)."""
    parsed = [(text, parse_variant(text)) for text in variants] or [("default", {})]
    runs: list[Run] = []
    for url in urls:
        for text, overrides in parsed:
            if len(urls) > 1 and variants:
                name = f"{url} {text}"
            elif len(urls) > 1:
                name = url
            else:
                name = text
            runs.append(Run(name, url, overrides))
    if len({run.name for run in runs}) != len(runs):
        raise ValueError("two runs would be the same (a --url or --variant is repeated)")
    return runs


async def with_retries(call: Callable[[], Awaitable[T]], retries: int) -> tuple[T, int]:
    """The call's result and how many attempts it took; a TransportError after ``retries`` retries."""
    attempt = 0
    while True:
        attempt += 1
        try:
            return await call(), attempt
        except TransportError:
            if attempt > retries:
                raise
            await asyncio.sleep(BACKOFF_SECONDS * 2 ** (attempt - 1))


def _error(exc: ClientError, attempts: int) -> dict[str, Any]:
    if isinstance(exc, ApiResponseError):
        return {"kind": "http", "status": exc.status, "code": exc.code, "message": exc.message, "attempts": attempts}
    if isinstance(exc, InvalidResponseError):
        return {
            "kind": "invalid_response",
            "status": exc.status,
            "code": None,
            "message": str(exc),
            "attempts": attempts,
        }
    return {"kind": "transport", "status": None, "code": None, "message": str(exc), "attempts": attempts}


async def _families(client: AsyncClient, cases: Sequence[Case], retries: int) -> dict[str, str]:
    """The family of each expected artifact found in its query's Scope (for the not_retrieved class)."""
    wanted = {(c.scope_id, e.artifact_id) for c in cases for e in c.expected if isinstance(e, ArtifactExpectation)}
    found: dict[str, str] = {}
    for scope_id, artifact_id in sorted(wanted):
        for family in HISTORY_FAMILIES:
            try:
                await with_retries(functools.partial(client.get_artifact, scope_id, family, artifact_id), retries)
            except ApiResponseError:
                continue
            except ClientError:
                break
            found[artifact_id] = family
            break
    return found


async def execute(
    runs: Sequence[Run],
    cases: Sequence[Case],
    *,
    token: str | None = None,
    concurrency: int = 4,
    retries: int = 3,
    timeout: float = 30.0,
    on_done: Callable[[], None] | None = None,
) -> tuple[dict[str, list[Outcome]], dict[str, str]]:
    """Every case in every run: outcomes by run name (in case order), and expected artifacts' families.
    Raises Unreachable when a server does not answer its liveness check."""
    clients = {url: AsyncClient(url, token=token, timeout=timeout) for url in dict.fromkeys(r.url for r in runs)}
    try:
        for url, client in clients.items():
            try:
                await with_retries(client.get_liveness, retries)
            except TransportError:
                raise Unreachable(url, retries + 1) from None
            except ClientError:
                pass  # it answered: that is all this check asks
        families = await _families(clients[runs[0].url], cases, retries)
        gate = asyncio.Semaphore(concurrency)

        async def one(run: Run, case: Case) -> Outcome:
            outcome = Outcome(case)
            async with gate:
                client = clients[run.url]
                try:
                    body = case.prepare_request(run.overrides)
                    answer, outcome.attempts = await with_retries(
                        functools.partial(client.prepare_context, body), retries
                    )
                    outcome.response = answer.model_dump(mode="json", by_alias=True, exclude_unset=True)
                except ClientError as exc:
                    outcome.attempts = retries + 1 if isinstance(exc, TransportError) else max(outcome.attempts, 1)
                    outcome.error = _error(exc, outcome.attempts)
            if on_done is not None:
                on_done()
            return outcome

        results = await asyncio.gather(*(one(run, case) for run in runs for case in cases))
    finally:
        for client in clients.values():
            await client.aclose()
    outcomes: dict[str, list[Outcome]] = {run.name: [] for run in runs}
    for index, outcome in enumerate(results):
        outcomes[runs[index // len(cases)].name].append(outcome)
    return outcomes, families
