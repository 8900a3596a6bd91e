"""The Receipt view keeps identities and Scope ids whole, so they can be copied to read an item:
at 80 columns (where the Selected table cannot fit) the items are stacked, one value a line, with
a hint about ``--json``; on a wide terminal the table is kept. ``pcreceipt context prepare`` runs
as a user runs it, against a real server over the demo's sample project (two Scopes and code)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _support.commands import PCRECEIPT, run, user_environment
from _support.engines import open_engine_store
from _support.servers import running

from pcreceipt.cli.demo import DEMO_QUERY, seed
from pcreceipt.cli.receipt_view import JSON_HINT
from pcreceipt.config import Settings
from pcreceipt.server.app import create_app


@pytest.fixture
def sample(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """(server URL, the sample project's current Scope)."""
    store = open_engine_store("sqlite", tmp_path)
    try:
        scope_id = seed(store)
        with running(create_app(Settings(data_dir=tmp_path), store=store)) as url:
            yield url, scope_id
    finally:
        store.close()


def _whole_values(response: dict[str, Any]) -> set[str]:
    """Every selected item's Scope id and identity, spelled from the JSON response."""
    values: set[str] = set()
    for item in response["receipt"]["selected"]:
        if "artifact_address" in item:
            address = item["artifact_address"]
            artifact = address["artifact"]
            values |= {address["scope_id"], f"{artifact['artifact_id']}@{artifact['revision']}"}
        else:
            code = item["code_evidence"]
            values |= {code["scope_id"], f"{code['path']}:{code['start_line']}-{code['end_line']}"}
    return values


@pytest.mark.parametrize("columns", [80, 200])
def test_selected_identities_and_scope_ids_are_printed_whole(
    sample: tuple[str, str], tmp_path: Path, columns: int
) -> None:
    url, scope_id = sample
    env = user_environment(tmp_path, {"COLUMNS": str(columns)})
    prepare = [PCRECEIPT, "context", "prepare", "--scope", scope_id, "--query", DEMO_QUERY, "--include-code"]
    prepare += ["--include-receipt", "--url", url]
    answer = run([*prepare, "--json"], env)
    assert answer.returncode == 0, answer.stderr
    wanted = _whole_values(json.loads(answer.stdout))
    assert any(":" in value for value in wanted) and any("@" in value for value in wanted)  # code and history

    shown = run(prepare, env)
    assert shown.returncode == 0, shown.stderr
    words = set(shown.stdout.split())
    assert wanted <= words, wanted - words
    narrow = columns == 80
    assert (JSON_HINT in shown.stdout) is narrow
    assert ("┃ identity" in shown.stdout) is not narrow
