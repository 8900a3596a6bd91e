"""The access group of the official client check (``official_client_check.py`` runs ``GROUPS``;
``test_official_client_coverage.py`` reads the calls here too).

``nox -s compat`` serves pcreceipt in local single-user mode, which has no Principal: every access
operation answers 503 ``runtime_not_ready``, as PowerContext 1.4.1 answers them with access control
disabled, and the official client must report exactly that. (Token mode's answers are parsed with
1.4.1's own models in ``tests/server/test_access_http.py``.)

A group takes the client and the check's two recorders (``check``, ``expect_error``), so this
module imports only the official client and the standard library.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from powercontext.client import PowerContextClient
from powercontext.http import (
    AccessCheckRequest,
    CreateAccessBindingRequest,
    ListAccessAuditRequest,
    ListAccessBindingsRequest,
    ListAccessResourcesRequest,
    ListAccessRolesRequest,
    ReplaceAccessBindingRequest,
    RevokeAccessBindingRequest,
)

Check = Callable[[str, bool], bool]
ExpectError = Callable[[str, int, "str | None", Callable[[], Awaitable[Any]]], Awaitable[Any]]
NOT_READY = (503, "runtime_not_ready")


async def access_reads(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    await expect_error("get_access_principal in local mode", *NOT_READY, lambda: client.get_access_principal())
    roles = ListAccessRolesRequest.model_validate({"resource_type": "scope"})
    await expect_error("list_access_roles in local mode", *NOT_READY, lambda: client.list_access_roles(roles))
    resources = ListAccessResourcesRequest.model_validate({"action": "scope.read", "resource_type": "scope"})
    await expect_error(
        "list_access_resources in local mode", *NOT_READY, lambda: client.list_access_resources(resources)
    )
    bindings = ListAccessBindingsRequest.model_validate(
        {"management_resource": {"type": "server", "deployment_id": "pcreceipt"}}
    )
    await expect_error("list_access_bindings in local mode", *NOT_READY, lambda: client.list_access_bindings(bindings))
    audit = ListAccessAuditRequest.model_validate(
        {"resource": {"type": "scope", "scope_id": "compat"}, "result": "denied"}
    )
    await expect_error("list_access_audit in local mode", *NOT_READY, lambda: client.list_access_audit(audit))
    requirement = {"action": "scope.read", "resource": {"type": "scope", "scope_id": "compat"}}
    check_request = AccessCheckRequest.model_validate({"match": "all", "requirements": [requirement]})
    await expect_error("check_access in local mode", *NOT_READY, lambda: client.check_access(check_request))


async def access_changes(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    subject = {"type": "service", "id": "0123456789abcdef"}
    create = CreateAccessBindingRequest.model_validate(
        {
            "subject": subject,
            "resource": {"type": "scope", "scope_id": "compat"},
            "role": "scope.viewer",
            "idempotency_key": "compat-create",
        }
    )
    await expect_error("create_access_binding in local mode", *NOT_READY, lambda: client.create_access_binding(create))
    revoke = RevokeAccessBindingRequest.model_validate(
        {"binding_id": "bnd_compat", "expected_version": 1, "idempotency_key": "compat-revoke"}
    )
    await expect_error("revoke_access_binding in local mode", *NOT_READY, lambda: client.revoke_access_binding(revoke))
    replace = ReplaceAccessBindingRequest.model_validate(
        {
            "binding_id": "bnd_compat",
            "expected_version": 1,
            "replacement": {"subject": subject},
            "idempotency_key": "compat-replace",
        }
    )
    await expect_error(
        "replace_access_binding in local mode", *NOT_READY, lambda: client.replace_access_binding(replace)
    )


GROUPS: list[tuple[str, Callable[[PowerContextClient, Check, ExpectError], Awaitable[None]]]] = [
    ("access reads", access_reads),
    ("access changes", access_changes),
]
