"""`pcreceipt validate` as a host's CI pipeline would run it: a process of its own (a forked child of
the tests' ``forked_cli`` server, which paid the import once), exit codes, stdout."""

from __future__ import annotations

import json
import os
import subprocess
import tracemalloc
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from _support import forked_cli, receipts
from _support.engines import open_sqlite
from _support.vectors import VECTOR_ROOT
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pcreceipt.cli import validate
from pcreceipt.cli.main import app
from pcreceipt.contract.digests import wire_bytes


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return forked_cli.run_one(["validate", *args], os.environ, stdin=stdin)


def test_valid_response_file_exits_zero(tmp_path: Path) -> None:
    data = json.loads((VECTOR_ROOT / "response" / "full" / "receipt.json").read_text(encoding="utf-8"))["data"]
    path = tmp_path / "response.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run(str(path), "--max-bytes", "32768", "--include-receipt")
    assert result.returncode == 0, result.stdout
    assert "valid response" in result.stdout


def test_invalid_request_on_stdin_exits_one_without_echoing_content() -> None:
    canary = "CANARY-7f3a-never-echo"
    result = run("-", stdin=json.dumps({"scope_id": "s", "query": canary, "max_bytes": 40000}))
    assert result.returncode == 1
    assert "/max_bytes: maximum — must be at most 32768" in result.stdout
    assert canary not in result.stdout + result.stderr


def test_unreadable_input_exits_two(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    assert run(str(path)).returncode == 2


def test_receipt_without_the_flag_is_rejected(tmp_path: Path) -> None:
    data = json.loads((VECTOR_ROOT / "response" / "ready" / "receipt.json").read_text(encoding="utf-8"))["data"]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run(str(path), "--no-include-receipt")
    assert result.returncode == 1 and "receipt_requires_flag" in result.stdout


# -- many messages: a JSON Lines file, a directory (a host's recorded CI fixtures) -----------------
#
# The messages are real: prepared by the real runtime (recall, builder, renderer, Receipt assembler)
# over a SQLite store, written as the bytes the server sends.

RECEIPT_FLAG = "receipt appears only when the request set include_receipt to true"
OVER_BUDGET = "content_bytes does not exceed the request's max_bytes"
NOT_UTF8 = "content_bytes equals the UTF-8 length of content"


@dataclass(frozen=True)
class Recorded:
    """A request and the response the real runtime answered it with."""

    request: dict[str, Any]
    response: dict[str, Any]

    def pair(self, **request_changes: Any) -> dict[str, Any]:
        return {"request": {**self.request, **request_changes}, "response": self.response}


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Recorded]]:
    store = open_sqlite(tmp_path_factory.mktemp("store"))
    rt = receipts.runtime(store)
    scope = receipts.scope(store)
    receipts.corpus(store, scope.scope_id)
    requests = {
        "receipt": {"scope_id": scope.scope_id, "query": "SQLite", "include_receipt": True, "max_bytes": 2000},
        "plain": {"scope_id": scope.scope_id, "query": "SQLite WAL"},
        "empty": {"scope_id": scope.scope_id, "query": "Bazel"},
    }
    made = {name: Recorded(request, receipts.prepare(rt, **request)) for name, request in requests.items()}
    rt.close()
    store.close()
    assert made["receipt"].response["status"] == "ready" and "receipt" in made["receipt"].response
    assert made["plain"].response["content_bytes"] > 512 and "receipt" not in made["plain"].response
    assert made["empty"].response["status"] == "empty"
    yield made


def line(value: Any) -> str:
    """One JSON Lines line, as the server's bytes (compact, UTF-8)."""
    return wire_bytes(value).decode("utf-8") + "\n"


def write_json(path: Path, value: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(wire_bytes(value))
    return path


def test_a_jsonl_file_reports_every_violation_with_its_line(tmp_path: Path, recorded: dict[str, Recorded]) -> None:
    receipt, plain, empty = recorded["receipt"], recorded["plain"], recorded["empty"]
    path = tmp_path / "fixtures.jsonl"
    path.write_text(
        line(receipt.pair())  # 1: valid
        + "\n  \t\n"  # 2, 3: blank lines are skipped
        + line(plain.pair(max_bytes=512))  # 4: the response is over the budget this request set
        + line({"scope_id": "s", "query": "q", "max_bytes": 40000})  # 5: a bare request out of range
        + line(receipt.pair(include_receipt=False))  # 6: a Receipt nobody asked for
        + line(empty.response)  # 7: a bare response, valid
        + line({"request": receipt.request, "response": {**plain.response, "content_bytes": 1}})  # 8
        + line({"scope_id": "s", "query": "a\u2028b\x85c"}),  # 9: valid; JSON Lines end at \n only
        encoding="utf-8",
    )
    result = run(str(path))
    assert result.returncode == 1, result.stderr
    assert result.stderr == ""
    assert result.stdout.splitlines() == [
        f"{path}:4: /response/content_bytes: content_within_max_bytes — {OVER_BUDGET}",
        f"{path}:5: /max_bytes: maximum — must be at most 32768",
        f"{path}:6: /response/receipt: receipt_requires_flag — {RECEIPT_FLAG}",
        f"{path}:8: /response/content_bytes: content_bytes_utf8 — {NOT_UTF8}",
        "1 file(s), 7 message(s) checked: 4 invalid, 4 violation(s)",
    ]


def test_a_directory_is_walked_recursively_in_path_order(tmp_path: Path, recorded: dict[str, Recorded]) -> None:
    receipt, plain = recorded["receipt"], recorded["plain"]
    root = tmp_path / "fixtures"
    write_json(root / "b.json", receipt.pair(include_receipt=False))
    write_json(root / "a" / "z.json", plain.pair(max_bytes=512))
    (root / "a" / "y.jsonl").write_text(line(plain.pair()) + line(receipt.pair(max_bytes=512)), encoding="utf-8")
    write_json(root / "B.JSON", {"scope_id": "s"})  # upper case sorts first (code points); the suffix in any case
    write_json(root / ".hidden.json", {"broken": True})  # hidden: skipped
    write_json(root / ".git" / "x.json", {"broken": True})  # in a hidden directory: skipped
    (root / "notes.txt").write_text("not a fixture", encoding="utf-8")  # not .json/.jsonl: skipped
    (root / "linked").symlink_to(root / "a", target_is_directory=True)  # a link to a directory: not followed
    result = run(str(root) + "/", "--include-receipt")  # the flag is for bare responses: no pair here has one
    assert result.returncode == 1, result.stderr
    assert result.stdout.splitlines() == [
        f"{root}/B.JSON: /: required — missing required property 'query'",
        f"{root}/a/y.jsonl:2: /response/content_bytes: content_within_max_bytes — {OVER_BUDGET}",
        f"{root}/a/y.jsonl:2: /response/receipt/requested_max_bytes: receipt_requested_max_bytes — "
        "requested_max_bytes equals the request's max_bytes",
        f"{root}/a/z.json: /response/content_bytes: content_within_max_bytes — {OVER_BUDGET}",
        f"{root}/b.json: /response/receipt: receipt_requires_flag — {RECEIPT_FLAG}",
        "4 file(s), 5 message(s) checked: 4 invalid, 5 violation(s)",
    ]


def test_lines_and_files_that_are_not_json_are_exit_two_and_the_rest_is_still_checked(
    tmp_path: Path, recorded: dict[str, Recorded]
) -> None:
    root = tmp_path / "fixtures"
    root.mkdir()
    (root / "a.jsonl").write_bytes(
        b"{not json\n"  # 1
        + line(recorded["plain"].pair(max_bytes=512)).encode()  # 2: still checked
        + '{"query": "caf\u00e9"}\n'.encode("latin-1")  # 3: not UTF-8
        + line(recorded["empty"].pair()).encode()  # 4: valid
    )
    (root / "b.json").write_text('{"scope_id": "s",', encoding="utf-8")
    (root / "c.json").symlink_to(root / "gone.json")  # a broken link is read, and says so
    result = run(str(root))
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        f"error: cannot read {root}/a.jsonl:1: it is not JSON (column 2: Expecting property name enclosed in "
        "double quotes)",
        f"error: cannot read {root}/a.jsonl:3: it is not UTF-8 text",
        f"error: cannot read {root}/b.json: it is not JSON (line 1, column 18: Expecting property name enclosed "
        "in double quotes)",
        f"error: cannot read {root}/c.json: no such file",
    ]
    assert result.stdout.splitlines() == [
        f"{root}/a.jsonl:2: /response/content_bytes: content_within_max_bytes — {OVER_BUDGET}",
        "3 file(s), 2 message(s) checked: 1 invalid, 1 violation(s), 4 unreadable",
    ]
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("layout", "expected"),
    [
        ({}, "{source} holds no .json or .jsonl file"),
        ({".x.json": "{}", "notes.txt": "{}", ".cache/y.json": "{}"}, "{source} holds no .json or .jsonl file"),
        ({"a.jsonl": "", "b/c.jsonl": "\n \n\r\n"}, "{source} holds no message"),
        ({"only.jsonl": "\n\n"}, "{source}/only.jsonl holds no message"),
    ],
    ids=["empty directory", "nothing visible", "blank files", "a blank .jsonl file"],
)
def test_nothing_to_check_is_one_line_and_exit_two(tmp_path: Path, layout: dict[str, str], expected: str) -> None:
    source = tmp_path / "fixtures"
    source.mkdir()
    for name, text in layout.items():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_text(text, encoding="utf-8")
    given = source / "only.jsonl" if "only.jsonl" in layout else source
    result = run(str(given))
    assert result.returncode == 2
    assert result.stderr == f"error: nothing to check: {expected.format(source=source)}\n"
    assert result.stdout == ""


def test_the_flags_judge_bare_responses_and_a_pair_is_judged_by_its_request(
    tmp_path: Path, recorded: dict[str, Recorded]
) -> None:
    receipt, plain = recorded["receipt"], recorded["plain"]
    path = tmp_path / "mixed.jsonl"
    path.write_text(
        line(receipt.response) + line(receipt.pair()) + line(plain.response) + line(plain.pair()), encoding="utf-8"
    )
    assert run(str(path)).returncode == 0  # nothing said: the bare responses' flags are not checked
    result = run(str(path), "--no-include-receipt", "--max-bytes", "512")
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"{path}:1: /content_bytes: content_within_max_bytes — {OVER_BUDGET}",
        f"{path}:1: /receipt: receipt_requires_flag — {RECEIPT_FLAG}",
        f"{path}:1: /receipt/requested_max_bytes: receipt_requested_max_bytes — "
        "requested_max_bytes equals the request's max_bytes",
        f"{path}:3: /content_bytes: content_within_max_bytes — {OVER_BUDGET}",
        "1 file(s), 4 message(s) checked: 2 invalid, 4 violation(s)",
    ]


def test_a_request_without_max_bytes_means_the_contracts_default(tmp_path: Path, recorded: dict[str, Recorded]) -> None:
    big = {**recorded["empty"].response, "status": "ready", "content": "x" * 8001, "content_bytes": 8001}
    path = tmp_path / "default.jsonl"
    path.write_text(line({"request": recorded["empty"].request, "response": big}), encoding="utf-8")
    result = run(str(path))
    assert result.returncode == 1
    assert (
        result.stdout.splitlines()[0] == f"{path}:1: /response/content_bytes: content_within_max_bytes — {OVER_BUDGET}"
    )


def test_kind_auto_guesses_each_message_and_a_kind_given_holds_for_every_bare_one(
    tmp_path: Path, recorded: dict[str, Recorded]
) -> None:
    plain = recorded["plain"]
    path = tmp_path / "both.jsonl"
    path.write_text(line(plain.request) + line(plain.response) + line(plain.pair()), encoding="utf-8")
    assert run(str(path)).stdout.splitlines() == ["1 file(s), 3 message(s) checked: 0 invalid, 0 violation(s)"]
    forced = run(str(path), "--kind", "request")
    assert forced.returncode == 1
    flagged = {entry.split(": ", 1)[0] for entry in forced.stdout.splitlines()[:-1]}
    assert flagged == {f"{path}:2"}  # the response read as a request; the pair is still a pair
    assert f"{path}:2: /: required — missing required property 'scope_id'" in forced.stdout.splitlines()


def test_one_json_file_holding_a_pair_prints_as_one_message_did(tmp_path: Path, recorded: dict[str, Recorded]) -> None:
    good = write_json(tmp_path / "good.json", recorded["receipt"].pair())
    result = run(str(good))
    assert (result.returncode, result.stdout) == (0, "valid request/response pair\n")
    bad = write_json(tmp_path / "bad.json", recorded["receipt"].pair(include_receipt=None))
    result = run(str(bad))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"/response/receipt: receipt_requires_flag — {RECEIPT_FLAG}",
        "invalid request/response pair: 1 violation(s)",
    ]


def test_a_jsonl_file_is_read_a_line_at_a_time(tmp_path: Path, recorded: dict[str, Recorded]) -> None:
    text = line(recorded["receipt"].pair())
    path = tmp_path / "big.jsonl"
    with path.open("w", encoding="utf-8") as out:
        for _ in range(4_000):
            out.write(text)
    size = path.stat().st_size
    assert size > 8_000_000  # eight times the bound on what reading it may hold
    tracemalloc.start()
    try:
        count = sum(1 for message in validate.jsonl_messages(path, "big.jsonl") if message.problem is None)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == 4_000
    assert peak < 1_000_000, f"{peak} bytes held reading a {size}-byte file"


# -- a property: N valid responses and k broken ones report exactly the k -----------------------------

BREAKS = {
    "content_bytes": lambda r: {**r, "content_bytes": r["content_bytes"] + 1},
    "schema": lambda r: {key: value for key, value in r.items() if key != "schema"},
    "status": lambda r: {**r, "status": "done"},
    "extra key": lambda r: {**r, "note": "recorded"},
}


@settings(max_examples=25, deadline=None)
@given(
    layout=st.lists(
        st.tuples(st.sampled_from(["receipt", "plain", "empty"]), st.sampled_from([None, *BREAKS]), st.booleans()),
        min_size=1,
        max_size=12,
    )
)
def test_a_fixture_set_reports_exactly_its_broken_messages(
    tmp_path_factory: pytest.TempPathFactory, recorded: dict[str, Recorded], layout: list[tuple[str, str | None, bool]]
) -> None:
    root = tmp_path_factory.mktemp("fixtures")
    broken: set[str] = set()
    lines: list[str] = []
    for index, (name, change, in_jsonl) in enumerate(layout):
        response = recorded[name].response if change is None else BREAKS[change](recorded[name].response)
        message = {"request": recorded[name].request, "response": response}
        if in_jsonl:
            lines.append(line(message))
            where = f"{root}/recorded.jsonl:{len(lines)}"
        else:
            where = str(write_json(root / f"{index:02d}.json", message))
        if change is not None:
            broken.add(where)
    if lines:
        (root / "recorded.jsonl").write_text("".join(lines), encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(root)])
    assert result.exit_code == (1 if broken else 0), result.output
    *reported, summary = result.stdout.splitlines()
    assert {entry.split(": ", 1)[0] for entry in reported} == broken
    files = len(layout) - len(lines) + bool(lines)
    assert summary.startswith(f"{files} file(s), {len(layout)} message(s) checked: {len(broken)} invalid, ")
    assert summary.endswith(f" {len(reported)} violation(s)")
