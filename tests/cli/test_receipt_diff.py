"""``pcreceipt receipt diff``: every kind of change on the shared vectors' saved responses, --json,
and files that are not prepare responses with a Receipt (one line, exit 2, no traceback)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from pcreceipt.cli.main import app

DIFF_VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "diff"
VECTORS = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted(DIFF_VECTORS.glob("*.json"))}


def run(*args: str, columns: int = 200) -> Result:
    return CliRunner(env={"COLUMNS": str(columns)}).invoke(app, ["receipt", "diff", *args])


def saved(tmp_path: Path, name: str) -> tuple[str, str]:
    paths = []
    for side in ("a", "b"):
        path = tmp_path / f"{name}-{side}.json"
        path.write_text(json.dumps(VECTORS[name][side]), encoding="utf-8")
        paths.append(str(path))
    return paths[0], paths[1]


@pytest.mark.parametrize("name", sorted(VECTORS))
def test_json_is_the_core_diff(tmp_path: Path, name: str) -> None:
    result = run(*saved(tmp_path, name), "--json")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == json.dumps(VECTORS[name]["expected"], indent=2, ensure_ascii=False) + "\n"
    assert list(json.loads(result.stdout)) == ["selected", "omitted", "retrieval", "bytes"]


def _cells(stdout: str) -> list[list[str]]:
    return [[c.strip() for c in line.split("│")[1:-1]] for line in stdout.splitlines() if line.startswith("│")]


def _short(entry: dict[str, Any]) -> str:
    if "artifact_address" in entry:
        artifact = entry["artifact_address"]["artifact"]
        return f"{artifact['artifact_id']}@{artifact['revision']}"
    code = entry["code_evidence"]
    return f"{code['path']}:{code['start_line']}-{code['end_line']}"


@pytest.mark.parametrize("name", ["added", "removed", "moved", "revision", "code"])
def test_the_view_lists_each_selected_change(tmp_path: Path, name: str) -> None:
    result = run(*saved(tmp_path, name))
    assert result.exit_code == 0, result.stderr
    rows = _cells(result.stdout)
    selected = VECTORS[name]["expected"]["selected"]
    want = [("-", str(e["rank"]), "", _short(e)) for e in selected["removed"]]
    want += [("+", "", str(e["rank"]), _short(e)) for e in selected["added"]]
    want += [("~", str(e["from"]), str(e["to"]), _short(e)) for e in selected["moved"]]
    got = [(r[0], r[1], r[2], r[5].split(" #")[0]) for r in rows if len(r) == 7]
    assert got == want


@pytest.mark.parametrize("name", ["added", "removed", "moved", "revision", "code"])
def test_at_80_columns_the_view_keeps_identities_and_scope_ids_whole(tmp_path: Path, name: str) -> None:
    result = run(*saved(tmp_path, name), columns=80)
    assert result.exit_code == 0, result.stderr
    selected = VECTORS[name]["expected"]["selected"]
    entries = [*selected["removed"], *selected["added"], *selected["moved"]]
    scopes = {(e.get("artifact_address") or e.get("code_evidence") or {})["scope_id"] for e in entries}
    words = set(result.stdout.split())
    assert {_short(e) for e in entries} | scopes <= words
    assert "--json prints the whole diff" in result.stdout


def test_the_view_shows_omitted_deltas(tmp_path: Path) -> None:
    rows = _cells(run(*saved(tmp_path, "omitted")).stdout)
    want = [
        [g["family"], g["reason"], str(g["a"]), str(g["b"]), f"{g['delta']:+d}"]
        for g in VECTORS["omitted"]["expected"]["omitted"]
    ]
    assert want and all(row in rows for row in want)


def test_the_view_shows_search_and_rerank_changes(tmp_path: Path) -> None:
    search = run(*saved(tmp_path, "search")).stdout
    assert "Searches (round x family)" in search and "fts completed (inference_unavailable) x2" in search
    rerank = run(*saved(tmp_path, "rerank")).stdout
    assert "Rerank configurations" in rerank and "Rerank calls" in rerank
    rows = _cells(rerank)
    configs = VECTORS["rerank"]["expected"]["retrieval"]["rerank_configs"]
    assert sum(row[0] == "+" for row in rows) == len(configs["added"]) > 0
    assert sum(row[0] == "-" for row in rows) == len(configs["removed"]) > 0


def test_the_view_shows_bytes_and_an_empty_diff(tmp_path: Path) -> None:
    out = run(*saved(tmp_path, "bytes")).stdout
    assert "B 1603/32768" in out and "max_bytes +16768" in out
    same = run(*saved(tmp_path, "identical")).stdout
    assert "no change" in same and "│" not in same


def test_the_view_renders_values_as_text_not_markup(tmp_path: Path) -> None:
    a = VECTORS["identical"]["a"]
    b = copy.deepcopy(a)
    b["receipt"]["omitted"].append({"family": "profile", "reason": "not_retrieved", "count": 1})
    b["receipt"]["omitted"].sort(key=lambda g: (g["family"], g["reason"]))
    (tmp_path / "a.json").write_text(json.dumps(a))
    (tmp_path / "b.json").write_text(json.dumps(b))
    result = run(str(tmp_path / "a.json"), str(tmp_path / "b.json"))
    # The file names are values too: a markup-looking one is printed as it is.
    weird = tmp_path / "[bold]x[red]:smile:.json"
    weird.write_text(json.dumps(a))
    named = run(str(weird), str(tmp_path / "b.json"))
    assert result.exit_code == 0 and named.exit_code == 0, named.stderr
    assert "[bold]x[red]:smile:.json" in named.stdout
    assert ["profile", "not_retrieved", "0", "1", "+1"] in _cells(result.stdout)


def _one_line_error(result: Result, *needles: str) -> None:
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: receipt diff: ")
    for needle in needles:
        assert needle in lines[0]


def test_a_missing_file(tmp_path: Path) -> None:
    a, _ = saved(tmp_path, "added")
    result = run(a, str(tmp_path / "nope.json"))
    assert result.exit_code == 2 and "Traceback" not in result.stdout + result.stderr
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"error: Invalid value for 'B.json': {tmp_path / 'nope.json'} does not exist; see ")


def test_a_file_that_is_not_json(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    _one_line_error(run(str(bad), saved(tmp_path, "added")[1]), "A (", "not JSON")


@pytest.mark.parametrize("receipt", ["absent", None])
def test_a_response_without_a_receipt(tmp_path: Path, receipt: Any) -> None:
    response = copy.deepcopy(VECTORS["added"]["a"])
    if receipt == "absent":
        del response["receipt"]
    else:
        response["receipt"] = receipt
    path = tmp_path / "plain.json"
    path.write_text(json.dumps(response))
    _one_line_error(run(saved(tmp_path, "added")[0], str(path), "--json"), "B (", "no Receipt")


def test_a_response_the_gate_refuses(tmp_path: Path) -> None:
    response = copy.deepcopy(VECTORS["added"]["a"])
    response["receipt"]["selected"][0]["rendered_bytes"] = "many"
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(response))
    _one_line_error(run(str(path), saved(tmp_path, "added")[1]), "A (", "not a valid prepare response")


def test_the_view_shows_round_and_rendering_changes(tmp_path: Path) -> None:
    rounds = _cells(run(*saved(tmp_path, "rounds")).stdout)
    assert ["2", "completed", "-"] in rounds
    truncation = run(*saved(tmp_path, "truncation")).stdout
    assert "Same identity, other rendering" in truncation
    [item] = VECTORS["truncation"]["expected"]["bytes"]["items"]
    a, b = item["a"], item["b"]
    row = [r for r in _cells(truncation) if len(r) == 5]
    assert row[0][3:] == [f"#{a['rank']} {a['rendered_bytes']} truncated", f"#{b['rank']} {b['rendered_bytes']}"]
