"""Reading a JSON request body: bounded, strictly decoded, and safe to validate.

Decisions:
- The size limit (``Settings.max_body_bytes``) is enforced before the body is read: a declared
  ``Content-Length`` over the limit is refused at once, and a body without one (chunked) is
  counted while streaming and refused as soon as it passes the limit, so an oversized body is
  never held in memory.
- Only ``application/json`` (any parameters, e.g. ``charset=utf-8``) is accepted. Besides being
  the contract's only media type, it makes a cross-origin browser request need a CORS preflight,
  which this server never grants: a web page cannot post memories to a loopback server.
- The bytes must be strict UTF-8 (no BOM), else 400 ``invalid_request`` (rule ``utf8``): bytes
  that are not text are refused before any JSON is parsed, with the status PowerContext 1.4.1
  answers a body it cannot decode. The JSON must be RFC 8259 (no NaN/Infinity) with
  no duplicate keys (two parsers could otherwise disagree on the value), no nesting deeper than
  ``MAX_DEPTH`` (the contract's deepest message is far shallower) and no lone surrogate
  escapes (``"\\ud800"`` decodes to a string that is not Unicode text and cannot be stored,
  hashed or echoed as UTF-8). Its violation points at the whole body (""):
  the path down to it may run through keys the client made up, and keys are never echoed.
- Every refusal is a content-free ``ApiError``: a JSON Pointer and a rule id, never a value.
"""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.requests import Request

from pcreceipt.errors import BadRequest, InvalidRequest, PcreceiptError, RequestTooLarge

_SURROGATE = re.compile("[\ud800-\udfff]")
_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89abcdefABCDEF]")
MAX_DEPTH = 32
_UTF8 = {"violations": [{"path": "", "rule": "utf8"}]}

BODY_RULES = {
    "content_type": "the body is application/json",
    "utf8": "the body is UTF-8 without a byte order mark",
    "json_syntax": "the body is one JSON value (RFC 8259)",
    "duplicate_key": "no object repeats a key",
    "lone_surrogate": "strings are Unicode text (no lone surrogate escapes)",
    "max_depth": f"arrays and objects nest at most {MAX_DEPTH} deep",
}


def invalid(path: str, rule: str, message: str) -> InvalidRequest:
    """A 422 with one violation."""
    return InvalidRequest(message, {"violations": [{"path": path, "rule": rule}]})


async def read_json_body(request: Request, max_bytes: int) -> Any:
    """The request's JSON body, or an ``ApiError`` (413 over the limit, 400 not UTF-8, 422 otherwise)."""
    media_type = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if media_type != "application/json":
        raise invalid("", "content_type", "The request body must be application/json.")
    return decode_json_body(await _read_bounded(request, max_bytes))


_EXACT_INTEGERS = 2**53 - 1


def _number(text: str) -> int | float:
    """A JSON number written with a fraction or an exponent (``20.0``, ``2e1``): the integer when its
    value is one within ±(2**53 - 1), else the float. JSON Schema counts ``20.0`` as an integer, so a
    request may send any integer field so, and every handler then reads an ``int``; RFC 8785 writes
    both alike, so no digest changes."""
    value = float(text)
    return int(value) if value.is_integer() and abs(value) <= _EXACT_INTEGERS else value


def decode_json_body(data: bytes) -> Any:
    """A body's bytes as the JSON value they hold, or a 400 (not UTF-8) or 422 ``ApiError``
    (``read_json_body``'s checks after reading)."""
    if data.startswith(b"\xef\xbb\xbf"):
        raise BadRequest("The request body must be UTF-8 without a byte order mark.", _UTF8)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadRequest("The request body is not valid UTF-8.", _UTF8) from None
    try:
        value = json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constants, parse_float=_number)
    except _DuplicateKey:
        raise invalid("", "duplicate_key", "An object in the request body repeats a key.") from None
    except (ValueError, RecursionError):
        raise invalid("", "json_syntax", "The request body is not valid JSON.") from None
    # Strict UTF-8 cannot carry a surrogate: only a \\u escape of one (\\uD800 to \\uDFFF, either
    # case) can put one in a decoded string, so without one only the depth is checked.
    surrogates = _ESCAPED_SURROGATE.search(text) is not None
    broken = _scan(value) if surrogates else ("max_depth" if _too_deep(value) else None)
    if broken is not None:
        raise invalid("", broken, BODY_RULES[broken][0].upper() + BODY_RULES[broken][1:] + ".")
    return value


async def read_bounded(request: Request, max_bytes: int) -> bytes:
    """The request's body bytes; 413 ``request_too_large`` past ``max_bytes`` (declared or streamed)."""
    return await _read_bounded(request, max_bytes)


async def _read_bounded(request: Request, max_bytes: int) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isdigit():
            raise invalid("", "json_syntax", "The Content-Length header is not a number.")
        if int(declared) > max_bytes:
            raise _too_large(max_bytes)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > max_bytes:
            raise _too_large(max_bytes)
        chunks.append(chunk)
    return b"".join(chunks)


def _too_large(max_bytes: int) -> RequestTooLarge:
    return RequestTooLarge(f"The request body exceeds the limit of {max_bytes} bytes.")


class _DuplicateKey(PcreceiptError, ValueError):
    pass


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):  # a repeated key collapsed into one entry
        raise _DuplicateKey
    return out


def _no_constants(name: str) -> Any:
    raise ValueError(name)


def _scan(value: Any) -> str | None:
    """The rule a decoded body breaks beyond JSON syntax (nesting depth, lone surrogates), or None.

    Iterative, so a deeply nested body cannot exhaust the interpreter's stack.
    """
    pending: list[tuple[Any, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return "lone_surrogate"
        elif isinstance(item, dict | list):
            if depth >= MAX_DEPTH:
                return "max_depth"
            if isinstance(item, dict):
                if any(_SURROGATE.search(key) for key in item):
                    return "lone_surrogate"
                pending.extend((child, depth + 1) for child in item.values())
            else:
                pending.extend((child, depth + 1) for child in item)
    return None


def _too_deep(value: Any) -> bool:
    """Whether arrays and objects in a decoded body nest ``MAX_DEPTH`` deep or more: ``_scan``
    without the strings (the decoder makes plain dicts and lists), for a text that cannot hold
    a lone surrogate."""
    if type(value) is not dict and type(value) is not list:
        return False
    pending: list[tuple[Any, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if depth >= MAX_DEPTH:
            return True
        for child in item.values() if type(item) is dict else item:
            if type(child) is dict or type(child) is list:
                pending.append((child, depth + 1))
    return False
