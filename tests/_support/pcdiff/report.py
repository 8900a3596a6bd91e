"""The readable diff a failing comparison prints: one line per differing leaf, by path."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from _support.pcdiff.processes import OURS, PEER

MAX_VALUE_CHARS = 400


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= MAX_VALUE_CHARS else text[: MAX_VALUE_CHARS - 1] + "…"


_MISSING = object()


def differences(peer: Any, ours: Any, path: str = "") -> Iterator[str]:
    """``path: powercontext=<value>  pcreceipt=<value>`` for every leaf that differs."""
    if isinstance(peer, dict) and isinstance(ours, dict):
        if list(peer) != list(ours) and set(peer) == set(ours):
            yield f"{path or '.'} key order: {PEER}={list(peer)}  {OURS}={list(ours)}"
        for key in [*peer, *[k for k in ours if k not in peer]]:
            yield from differences(peer.get(key, _MISSING), ours.get(key, _MISSING), f"{path}.{key}")
        return
    if isinstance(peer, list) and isinstance(ours, list):
        if peer != ours and all(isinstance(v, str | int | bool | None) for v in [*peer, *ours]):
            only_peer = [v for v in peer if v not in ours]
            only_ours = [v for v in ours if v not in peer]
            how = (
                f"only in {PEER}: {_show(only_peer)}; only in {OURS}: {_show(only_ours)}"
                if only_peer or only_ours
                else "order"
            )
            yield f"{path or '.'} ({how}):\n      {PEER:>12} = {_show(peer)}\n      {OURS:>12} = {_show(ours)}"
            return
        for index in range(max(len(peer), len(ours))):
            left = peer[index] if index < len(peer) else _MISSING
            right = ours[index] if index < len(ours) else _MISSING
            yield from differences(left, right, f"{path}[{index}]")
        return
    if peer is _MISSING or ours is _MISSING or type(peer) is not type(ours) or peer != ours:
        left = "(absent)" if peer is _MISSING else _show(peer)
        right = "(absent)" if ours is _MISSING else _show(ours)
        yield f"{path or '.'}:\n      {PEER:>12} = {left}\n      {OURS:>12} = {right}"


def require_same(what: str, peer: Any, ours: Any, *, note: str = "") -> None:
    """Fail with the differences (no traceback noise) unless ``peer == ours`` structurally."""
    found = list(differences(peer, ours))
    if found:
        lines = [f"{what}: {len(found)} difference(s) between {PEER} 1.4.1 and {OURS}"]
        if note:
            lines.append(f"  ({note})")
        lines += [f"  - {line}" for line in found]
        pytest.fail("\n".join(lines), pytrace=False)
