"""Who is asking (``authenticate``) and whether they may touch every Scope the request touches (``authorize``).

Modes (``Settings.tokens_required``): a loopback-bound server without ``require_tokens`` is in
local single-user mode: no token is needed and an ``Authorization`` header is ignored. Any
other server requires a bearer token on every operation whose OpenAPI entry declares security
(all but the health probes and ``enroll_remote_skill_target``, whose ``security`` is empty: a
Receiver's one-time enrollment code is its credential); ``GET /openapi.json`` is open too. The
remote Skill Receiver's operations (``reconcile_remote_skills``, ``download_remote_skill_package``,
``record_remote_skill_receipt``) declare the target credential's scheme instead: no API token is
asked or accepted there, in any mode; ``target_credential`` hands the bearer to the handler, which
authenticates it against the stored SHA-256 of an active target's credential.

Decisions (``docs/security.md``):
- Authentication comes first, before parameters or the body are read: a client without a
  valid token learns nothing but 401 (``WWW-Authenticate: Bearer``), and its body is never
  parsed. The 401 message is fixed; the token is never logged or echoed.
- Which Scopes a request touches comes from ``x-pcreceipt-scope`` (the operation table's
  ``scope_access``, ``scope_source`` and ``scope_references``): the path or body Scope with the
  operation's access; for prepare also every Scope its Scope references (read), so a prepare
  over a graph with one unreadable reference is refused, never silently narrowed, with a
  message that says so (the token may read the own Scope, so it already knows its references). Creating a
  Scope needs admin on ``*`` (a new Scope's id does not exist before it is created, so no
  narrower grant could cover it) and read on its parent and every Scope it references. Updating
  a Scope needs admin on it (access ``admin``, source ``path``) and read on the parent and every
  Scope the update links it to, checked like creation's before any lookup.
- Grants are checked before existence: a token without the grant gets 403 whether or not the
  Scope exists, so 403 reveals nothing, and 404 is only ever answered to a token that may read
  the Scope. The own Scope is checked before its references are looked up.
- Operations whose Scope comes out of a lookup (``x-pcreceipt-scope`` source ``resolved``:
  ``resolve_scope_binding``, ``get_default_scope``) need read on the Scope they resolve to,
  checked before the lookup for an explicit id and after it for a bound or default one
  (``server.http.resolution``). Setting or clearing a binding and setting the default need admin on
  ``*`` (access ``admin``, source ``none``, like creating a Scope): bindings and the default are
  shared server state that routes every host's prepares and captures, so no per-Scope grant may
  change them.
- The Connector checkpoint operations (source ``binding``) need write on ``binding.scope_id``, as
  PowerContext 1.4.1's ``scope.contribute`` on the nested Scope; the Scope is not looked up.
- ``publish_artifact`` (source ``publication``) needs admin on both Scopes it names, the
  source's and the target's, checked before any lookup.
- ``list_scopes`` needs no grant; it lists only the Scopes the caller can read
  (``Principal.readable``), and the handler filters by it.
- ``get_stats`` takes a Scope selection (``x-pcreceipt-scope`` source ``selection``): read on
  every Scope an exact selection names and on a subtree's root, checked before any lookup; an
  ``all`` selection needs no grant. The handler then counts only readable Scopes (``all``, a
  subtree's descendants), as ``list_scopes`` lists them.
- A prepare reads its Scope once, here: ``authorize`` returns the Scope it read (in local mode
  too, where no grant is checked) and the endpoint hands it to the handler in ``Call.scope``; the
  runtime does not read it again. A store outage on that read answers as it did when the runtime
  read it in local mode (``the store is unavailable``) and as every other store error in token
  mode (``store_errors.api_error``), so no reply changed when the read moved here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from starlette.datastructures import Headers

from pcreceipt.contract import gate
from pcreceipt.errors import Forbidden, Unauthorized
from pcreceipt.models import Operation
from pcreceipt.server.http import access_audit, resolution
from pcreceipt.server.http.credentials import LOCAL, Principal, verify_token
from pcreceipt.server.http.exchange import Call, Services
from pcreceipt.store.records import ALL_SCOPES, GrantAccess, Scope

BEARER_CHALLENGE = 'Bearer realm="pcreceipt"'
INVALID_TOKEN_CHALLENGE = 'Bearer realm="pcreceipt", error="invalid_token"'


API_TOKEN_SCHEME, TARGET_SCHEME = "bearer", "target_bearer"
"""The document's security schemes: an API token, and a remote Skill target's credential."""


@cache
def _schemes(operation: Operation) -> tuple[frozenset[str], ...]:
    """The operation's security requirements (its own, else the document's), each as its schemes."""
    document = gate.openapi_document()
    entry = document["paths"][operation.path][operation.method.lower()]
    return tuple(frozenset(requirement) for requirement in entry.get("security", document.get("security", [])))


def requires_token(operation: Operation) -> bool:
    """Whether every security requirement the OpenAPI document declares for the operation names the
    API token scheme (the Receiver's operations name the target credential's instead)."""
    requirements = _schemes(operation)
    return bool(requirements) and all(API_TOKEN_SCHEME in requirement for requirement in requirements)


def target_credential(operation: Operation, headers: Headers) -> str | None:
    """The bearer credential of an operation authenticated by a remote Skill target's credential
    (``TARGET_SCHEME``), in every mode; None for every other operation and for a missing or
    malformed header (the handler answers 401 ``invalid_target_credential``). Never logged."""
    if not any(TARGET_SCHEME in requirement for requirement in _schemes(operation)):
        return None
    return _bearer(headers) or None


def _bearer(headers: Headers) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header (scheme case-insensitive), or None."""
    value = headers.get("authorization")
    if value is None:
        return None
    scheme, _, token = value.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or " " in token:
        return ""
    return token


def authenticate(operation: Operation, headers: Headers, services: Services) -> Principal:
    """The caller of ``operation``; ``Unauthorized`` when a token is required and missing or not valid.

    Runs in a worker thread (the token is read from the store).
    """
    if not services.settings.tokens_required or not requires_token(operation):
        return LOCAL
    return authenticate_bearer(headers, services)


def authenticate_bearer(headers: Headers, services: Services) -> Principal:
    """The stored token an ``Authorization: Bearer`` header presents; ``Unauthorized`` when it is
    missing or not valid (the MCP transport checks it once per request with this, before any
    JSON-RPC is read; each tool call is then authorised as its HTTP operation). Runs in a worker thread."""
    token = _bearer(headers)
    if token is None:
        raise Unauthorized("A bearer token is required.", headers={"WWW-Authenticate": BEARER_CHALLENGE})
    record = verify_token(services.store, token) if token else None
    if record is None:
        raise Unauthorized("The bearer token is not valid.", headers={"WWW-Authenticate": INVALID_TOKEN_CHALLENGE})
    return Principal(token=record)


def _forbidden() -> Forbidden:
    return Forbidden("The token lacks the grant this request needs on a Scope it touches.")


def _unreadable_reference() -> Forbidden:
    """Only ever raised after the own Scope's grant passed: a token that may read a Scope may read
    its descriptor, which lists its references, so saying one of them is unreadable tells it
    nothing new (and no reference is named)."""
    return Forbidden(
        "The token may read this Scope but not every Scope it references; "
        "a prepare reads all of them, so it needs read on each."
    )


def _require(call: Call, scope_ids: Iterable[str], access: GrantAccess, refuse: Forbidden | None = None) -> None:
    """``Forbidden`` unless the caller holds ``access`` on every Scope. The access audit records
    the refusal (the first Scope refused) and, for write and admin, the Scopes granted."""
    principal = call.principal
    wanted = list(scope_ids)
    refused = next((scope_id for scope_id in wanted if not principal.may(scope_id, access)), None)
    if refused is not None:
        access_audit.record_checks(call, [refused], access, allowed=False)
        raise refuse or _forbidden()
    if access != "read" and wanted:
        access_audit.record_checks(call, wanted, access, allowed=True)


def own_scope(call: Call) -> str | None:
    """The Scope id the operation names in its path or body, per ``x-pcreceipt-scope``."""
    operation = call.operation
    if operation.scope_source == "path":
        return str(call.path["scope_id"])
    if operation.scope_source == "body":
        return str(call.body["scope_id"])
    if operation.scope_source == "binding":  # the Connector checkpoint operations
        return str(call.body["binding"]["scope_id"])
    return None


def named_scopes(selection: Mapping[str, Any]) -> list[str]:
    """The Scopes a selection names: an exact selection's ids, a subtree's root, none for all."""
    if selection["mode"] == "exact":
        return list(selection["scope_ids"])
    if selection["mode"] == "subtree":
        return [selection["root_scope_id"]]
    return []


def _scope_creation_links(body: Mapping[str, Any]) -> list[str]:
    parent = body.get("parent_scope_id")
    return [*([parent] if parent is not None else []), *body.get("context_references", [])]


def _local_scope(call: Call, scope_id: str) -> Scope | None:
    return call.services.store.get_scope(scope_id)  # StoreUnavailable: answered by store_errors.api_error


def authorize(principal: Principal, call: Call) -> Scope | None:
    """``Forbidden`` unless the caller holds the needed grant on every Scope the call touches.

    Returns the Scope of an operation that reads its Scope's references (prepare), read once
    (None when it does not exist), and the Scope an operation of source ``resolved`` resolved to
    (``resolution``: 404/409 when it does not exist); None for every other operation. Runs in a worker thread,
    after the body is validated and before the handler.
    """
    operation = call.operation
    if operation.scope_source == "selection":
        if not principal.local and operation.scope_access != "none":
            _require(call, named_scopes(call.body["selection"]), operation.scope_access)
        return None
    if operation.scope_source == "publication":  # publish_artifact: the source's and the target's Scope
        if not principal.local and operation.scope_access != "none":
            _require(call, [call.body["source"]["scope_id"], call.body["target_scope_id"]], operation.scope_access)
        return None
    if operation.scope_source == "resolved":
        scope_id, explicit = resolution.target(call)
        needed = operation.scope_access
        if not principal.local and needed != "none":
            _require(call, [scope_id], needed)
        return resolution.read(call, scope_id, explicit=explicit)
    own = own_scope(call)
    if principal.local:
        return _local_scope(call, own) if operation.scope_references and own is not None else None
    access = operation.scope_access
    if own is None:
        if access == "admin":  # create_scope: a new Scope can only be covered by a grant on *
            _require(call, [ALL_SCOPES], "admin")
            _require(call, _scope_creation_links(call.body), "read")
        return None
    if access == "none":
        return None
    _require(call, [own], access)
    if access == "admin":  # update_scope: admin on the Scope, read on every Scope it will link to
        _require(call, _scope_creation_links(call.body), "read")
    if not operation.scope_references:
        return None
    scope = call.services.store.get_scope(own)
    references = scope.context_references if scope is not None else ()
    _require(call, references, "read", _unreadable_reference())
    return scope
