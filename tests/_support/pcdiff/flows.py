"""The official client check's flows, run against both servers and compared response by response.

``tests/compat/official_client_check.py --trace`` (run with the peer's own Python, which has the
official client) writes, per check group, every response's request line, status, error code and
body shape (``tests/compat/client_trace.py``). ``differences`` walks the two traces group by group:
the same requests in the same order, each with the same status, the same code and the same shape.
A list's shape is its items' shapes merged (every key any item has, each leaf as the kinds it
took; ``_merged``): how many Scopes a listing holds, which of them a page shows and in which order
random ids sort depend on the run, not on the server. An empty list, and null beside a value in a
list's items, are no evidence of a difference; an object's keys and types outside lists are
compared exactly.

``EXPECTED`` names every difference allowed, each with its reason; the test fails on any other and
on an entry no difference needs any more (so the list shrinks as pcreceipt catches up). A
difference is named by its group, its request line and what differs, list positions left out.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

_POSITION = re.compile(r"\[\d+\]")


class Kinds(frozenset[str]):
    """The kinds a leaf took across a list's items (``str``, ``number``, ``null``, ...)."""


def _merged(shapes: list[Any]) -> Any:
    """One shape for a list's items: objects merged key by key (a key any item has), lists merged
    item by item, leaves as the set of kinds they took. An empty list merges to nothing (``None``)."""
    present = [shape for shape in shapes if shape is not None]
    if not present:
        return None
    values = [shape for shape in present if shape != "null"]  # null beside an object or a list: nullable
    if values and all(isinstance(shape, dict | list) for shape in values):
        present = values
    if all(isinstance(shape, dict) for shape in present):
        keys = sorted({key for shape in present for key in shape})
        return {key: _merged([shape.get(key) for shape in present if key in shape]) for key in keys}
    if all(isinstance(shape, list) for shape in present):
        return [_merged([item for shape in present for item in shape])]
    kinds: set[str] = set()
    for shape in present:
        kinds |= shape if isinstance(shape, Kinds) else {json.dumps(shape, sort_keys=True, default=sorted)}
    return Kinds(kinds)


def _distinct(shape: Any) -> Any:
    """A response's shape with every list merged into the shape of its items (``_merged``)."""
    if isinstance(shape, dict):
        return {key: _distinct(value) for key, value in shape.items()}
    if isinstance(shape, list):
        return [_merged([_distinct(item) for item in shape])]
    return shape


def _same_kinds(peer: Kinds, ours: Kinds) -> bool:
    """Which kinds a listing's items took depends on the run's data: null beside a value, or a value
    only one side's page held, is no difference; two different non-null kinds are."""
    null = '"null"'
    return peer == ours or {null} in (set(peer), set(ours)) or set(peer) - {null} == set(ours) - {null}


def _shape_differences(peer: Any, ours: Any, path: str = "") -> Iterator[str]:
    if isinstance(peer, dict) and isinstance(ours, dict):
        for key in sorted(set(peer) | set(ours)):
            if key not in ours:
                yield f"{path}.{key}: only the peer"
            elif key not in peer:
                yield f"{path}.{key}: only ours"
            else:
                yield from _shape_differences(peer[key], ours[key], f"{path}.{key}")
    elif isinstance(peer, list) and isinstance(ours, list):
        if None not in (peer[0], ours[0]):  # an empty list is no evidence either way
            yield from _shape_differences(peer[0], ours[0], f"{path}[0]")
    elif isinstance(peer, Kinds) and isinstance(ours, Kinds):
        if not _same_kinds(peer, ours):
            yield f"{path}: {sorted(peer)} vs {sorted(ours)}"
    elif peer != ours:
        yield f"{path}: {json.dumps(peer, default=sorted)[:80]} vs {json.dumps(ours, default=sorted)[:80]}"


@dataclass(frozen=True)
class Difference:
    group: str
    request: str
    what: str  # the path and what differs, list positions as [*]
    detail: str  # for the report: the response's position and the values

    @property
    def key(self) -> tuple[str, str, str]:
        return self.group, self.request, self.what


def differences(peer: dict[str, list[dict[str, Any]]], ours: dict[str, list[dict[str, Any]]]) -> list[Difference]:
    """Every difference between two traces, in group order."""
    found: list[Difference] = []
    for group in dict.fromkeys([*peer, *ours]):
        one, other = peer.get(group, []), ours.get(group, [])
        for position in range(max(len(one), len(other))):
            if position >= len(one) or position >= len(other):
                extra = (other if position >= len(one) else one)[position]
                side = "ours" if position >= len(one) else "the peer"
                found.append(Difference(group, extra["request"], f"only {side} goes on", f"#{position}"))
                break
            a, b = one[position], other[position]
            if a["request"] != b["request"]:
                found.append(Difference(group, a["request"], f"then {b['request']}", f"#{position}"))
                break
            if (a["status"], a["code"]) != (b["status"], b["code"]):
                what = f"{a['status']} {a['code']} vs {b['status']} {b['code']}"
                found.append(Difference(group, a["request"], what, f"#{position}"))
                continue
            for text in _shape_differences(_distinct(a["shape"]), _distinct(b["shape"])):
                where, _, values = text.partition(": ")
                what = f"{_POSITION.sub('[*]', where)}: {values if values.startswith('only') else 'shape'}"
                found.append(Difference(group, a["request"], what, f"#{position} {text}"))
    return found
