"""The official client check's whole run, against PowerContext 1.4.1 and against pcreceipt, compared.

``tests/compat/official_client_check.py`` drives every operation both servers share through
PowerContext's own client (about 40 groups: Scopes, artifacts, prepare, capture, work and
Handoffs, review, Sources, access, Skills, ...). Here it runs once against each server of the
session's pair, with the peer's Python (which has the client), each run recording its responses
(``--trace``); ``_support.pcdiff.flows`` compares the two traces request by request: the same
requests in the same order, the same status and error code, the same response structure.

``EXPECTED`` in ``_support.pcdiff.flow_differences`` holds every difference that remains, each with
its reason: a deliberate one, a PowerContext inconsistency, or a gap still open. The test fails on
a difference not listed there and on a listed one that no longer occurs, so the list only shrinks.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from _support.pcdiff.flow_differences import EXPECTED
from _support.pcdiff.flows import Difference, differences
from _support.pcdiff.processes import Side, peer_executable

CHECK = Path(__file__).resolve().parents[1] / "official_client_check.py"
RUN_TIMEOUT_S = 900


def _trace(side: Side, directory: Path) -> dict[str, list[dict[str, Any]]]:
    """Run the check against one server; its trace (the check's own verdict is not this test's)."""
    out = directory / f"{side.name}.json"
    python = peer_executable().with_name("python")
    run = subprocess.run(
        [str(python), str(CHECK), side.url, "--trace", str(out)],
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT_S,
        check=False,
    )
    assert out.exists(), f"the check wrote no trace for {side.name}:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}"
    traced: dict[str, list[dict[str, Any]]] = json.loads(out.read_text(encoding="utf-8"))
    return traced


@pytest.fixture(scope="module")
def found(pair: tuple[Side, Side], tmp_path_factory: pytest.TempPathFactory) -> list[Difference]:
    directory = tmp_path_factory.mktemp("client-flows")
    peer, ours = pair
    return differences(_trace(peer, directory), _trace(ours, directory))


def test_the_same_flows_answer_alike(found: list[Difference]) -> None:
    unexpected = [d for d in found if d.key not in EXPECTED]
    assert not unexpected, "differences from PowerContext 1.4.1 not in EXPECTED:\n" + "\n".join(
        f"  {d.group} | {d.request} | {d.what}\n      {d.detail}" for d in unexpected
    )


def test_every_expected_difference_still_occurs(found: list[Difference]) -> None:
    """An entry no run needs any more is removed (the gap closed, or the peer changed)."""
    stale = sorted(set(EXPECTED) - {d.key for d in found})
    assert not stale, "EXPECTED entries that no longer occur:\n" + "\n".join(f"  {key}" for key in stale)
