"""An HTTP answer reduced to what the two servers must agree on.

For every answer: the status, the media type and whether ``X-PowerContext-Request-ID`` (16 lowercase
hex) is there. For an error also: whether the body is PowerContext's error envelope
(``{"error": {"code", "message", "details"}}``) or a framework body without one (the hosts tell
"no such route here" from an error by the missing ``error.code``), the code, the ``Allow`` header
of a 405 and, where a case asks for it, the keys of ``details``. The message is each server's
own words. Validation ``details`` (Pydantic's ``errors`` list on PowerContext) are left out on
purpose: issue 14 asks for the same statuses and codes, and no host reads them.

For a success: the status, the body's keys in order and the fields the case names.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

import httpx

from _support.pcdiff.corpus import relabel

REQUEST_ID_HEADER = "X-PowerContext-Request-ID"
REQUEST_ID = re.compile(r"[0-9a-f]{16}")


def body_of(response: httpx.Response) -> Any:
    try:
        return response.json()
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None


def outcome(
    response: httpx.Response,
    *,
    details: bool = False,
    fields: Sequence[str] = (),
    ids: dict[str, str] | None = None,
) -> dict[str, Any]:
    body = body_of(response)
    result: dict[str, Any] = {
        "status": response.status_code,
        "content_type": response.headers.get("content-type", "").split(";")[0],
        "request_id_header": bool(REQUEST_ID.fullmatch(response.headers.get(REQUEST_ID_HEADER, ""))),
    }
    if response.status_code == 405:
        result["allow"] = response.headers.get("allow")
    if response.status_code >= 400:
        error = body.get("error") if isinstance(body, dict) and list(body) == ["error"] else None
        if isinstance(error, dict):
            result["envelope"] = True
            result["error_keys"] = list(error)
            result["code"] = error.get("code")
            if details:
                value = error.get("details")
                result["details_keys"] = sorted(value) if isinstance(value, dict) else value
        else:
            result["envelope"] = False
            result["body"] = body if body is not None else response.text[:200]
        return result
    if isinstance(body, dict):
        result["keys"] = list(body)
        if fields:
            result["fields"] = {name: relabel(_field(body, name), ids or {}) for name in fields}
    else:
        result["body"] = body if body is not None else response.text[:200]
    return result


def _field(body: dict[str, Any], name: str) -> Any:
    """``a.b`` is ``body["a"]["b"]``; a missing step is ``"(absent)"``."""
    value: Any = body
    for part in name.split("."):
        value = value.get(part, "(absent)") if isinstance(value, dict) else "(absent)"
    return value
