"""The official client check's flows, run against both servers and compared response by response.

``tests/compat/official_client_check.py --trace`` (run with the peer's own Python, which has the
official client) writes, per check group, every response's request line, status, error code and
body shape (``tests/compat/client_trace.py``). ``differences`` walks the two traces group by group:
the same requests in the same order, each with the same status, the same code and the same shape.
A list's shape is the set of its items' shapes, in no order (how many Scopes a listing holds, and
in which order random ids sort, depends on the run, not on the server); an object's is its keys,
each with its value's shape.

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


def _distinct(shape: Any) -> Any:
    if isinstance(shape, dict):
        return {key: _distinct(value) for key, value in shape.items()}
    if isinstance(shape, list):
        distinct = {json.dumps(item, sort_keys=True): item for item in map(_distinct, shape)}
        return [distinct[key] for key in sorted(distinct)]
    return shape


def _shape_differences(peer: Any, ours: Any, path: str = "") -> Iterator[str]:
    if isinstance(peer, dict) and isinstance(ours, dict):
        for key in sorted(set(peer) | set(ours)):
            if key not in ours:
                yield f"{path}.{key}: only the peer"
            elif key not in peer:
                yield f"{path}.{key}: only ours"
            else:
                yield from _shape_differences(peer[key], ours[key], f"{path}.{key}")
    elif isinstance(peer, list) and isinstance(ours, list) and len(peer) == len(ours):
        for position, (one, other) in enumerate(zip(peer, ours, strict=True)):
            yield from _shape_differences(one, other, f"{path}[{position}]")
    elif peer != ours:
        yield f"{path}: {json.dumps(peer)[:80]} vs {json.dumps(ours)[:80]}"


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
