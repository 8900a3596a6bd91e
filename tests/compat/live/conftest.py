"""The session's two servers (PowerContext 1.4.1 and ``pcreceipt serve``), started once, with the
corpus loaded into both; and prepares sent to both, remembered per request so the structure and
selection tests share them."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from _support.pcdiff.corpus import load
from _support.pcdiff.processes import Side, running_pair

Body = Callable[[dict[str, str]], dict[str, Any]]


@pytest.fixture(scope="session")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Side, Side]]:
    with running_pair(tmp_path_factory.mktemp("pcdiff")) as (peer, ours):
        for side in (peer, ours):
            side.ids = load(side)
        yield peer, ours


@pytest.fixture(scope="session")
def prepare(pair: tuple[Side, Side]) -> Callable[[Side, dict[str, Any]], httpx.Response]:
    """``prepare(side, body)``: POST /v1/context/prepare, once per side and body in the session."""
    answers: dict[tuple[str, str], httpx.Response] = {}

    def send(side: Side, body: dict[str, Any]) -> httpx.Response:
        key = (side.name, json.dumps(body, sort_keys=True))
        if key not in answers:
            answers[key] = side.http.post("/v1/context/prepare", json=body)
        return answers[key]

    return send
