"""Digests and the one wire serialisation used everywhere a byte count matters."""

from __future__ import annotations

import hashlib
import json
import unicodedata
from typing import Any

import rfc8785


def utf8(text: str) -> bytes:
    """UTF-8 bytes of ``text``; a lone surrogate (possible in JSON as ``"\\ud800"``) counts as
    U+FFFD, as every WHATWG TextEncoder does, so Python and TypeScript validators agree."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace").encode("utf-8")


def sha256_digest(data: bytes) -> str:
    """The prefixed digest form used throughout the contract: ``sha256:`` + 64 lowercase hex."""
    return "sha256:" + hashlib.sha256(data).hexdigest()


def sha256_hex(data: bytes) -> str:
    """The bare form used inside CodeEvidenceRef."""
    return hashlib.sha256(data).hexdigest()


def normalize_query(query: str) -> str:
    """Unicode NFC, then strip surrounding whitespace (the normalisation Memory search uses)."""
    return unicodedata.normalize("NFC", query).strip()


def query_digest(query: str) -> str:
    return sha256_digest(normalize_query(query).encode("utf-8"))


_SAFE_INTEGER = 2**53 - 1  # RFC 8785 integers: what an IEEE 754 double holds exactly
_SORTED_COMPACT = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def canonical_json(value: Any) -> bytes:
    """RFC 8785 (JSON Canonicalization Scheme) bytes of a JSON value.

    A value made only of strings, safe integers, booleans, null, lists and objects with ASCII
    keys (every stored content and digest input of the contract but one holding a float) has the
    same canonical form as the standard library's sorted, compact, non-ASCII-preserving JSON:
    RFC 8785 escapes exactly ``"``, ``\\`` and the C0 controls (the short forms, else ``\\u00xx``
    in lowercase hex), as ``json.dumps`` does; it sorts keys by UTF-16 code units, which for
    ASCII keys is the code point order ``sort_keys`` uses; integers are their decimal digits.
    That form is computed in C; anything else (floats, non-ASCII keys, other types, lone
    surrogates, which both refuse) goes through the ``rfc8785`` package.
    """
    if _plain(value):
        text = _SORTED_COMPACT.encode(value)
        try:
            return text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: rfc8785 raises its own error for it
            pass
    return rfc8785.dumps(value)


def _plain(value: Any) -> bool:
    """Whether ``value`` is in the subset where ``canonical_json``'s C form equals RFC 8785's."""
    kind = type(value)
    if kind is str or kind is bool or value is None:
        return True
    if kind is int:
        return bool(-_SAFE_INTEGER <= value <= _SAFE_INTEGER)
    if kind is dict:
        return all(type(k) is str and k.isascii() and _plain(v) for k, v in value.items())
    if kind is list or kind is tuple:
        return all(_plain(v) for v in value)
    return False


def canonical_digest(value: Any) -> str:
    return sha256_digest(canonical_json(value))


def wire_dumps(value: Any) -> str:
    """The exact JSON text the server sends: compact, UTF-8, keys in insertion order.

    Receipt byte budgets are measured on this serialisation, so a Receipt embedded in a response
    occupies exactly ``len(wire_dumps(receipt).encode())`` bytes of the body. The values sent are
    trees built for the reply, never cyclic, so the encoder skips its cycle bookkeeping (a quarter
    to a third of the time of a Receipt's many small objects; the text is the same).
    """
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False, check_circular=False)


def wire_bytes(value: Any) -> bytes:
    return wire_dumps(value).encode("utf-8")
