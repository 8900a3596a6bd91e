"""``pcreceipt eval`` end to end, as a user runs it: ``pcreceipt serve`` with no flag but a free
``--port`` in a fresh HOME; then README.md's two eval commands exactly as written (the server's
URL in ``PCRECEIPT_URL``, since the port is not 8000): the shipped sample, and a comparison of two
``max_bytes`` variants on it; the CI gate both ways. Then the failures: a port nobody listens
on, a server that stops answering mid-run, and an HTTP error that is recorded, not retried.
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _support.commands import PCRECEIPT, ServerProcess, run, user_environment
from _support.ports import free_port

from pcreceipt.client import TransportError
from pcreceipt.evaluation.run import BACKOFF_SECONDS, with_retries
from pcreceipt.evaluation.sample import sample_set

pytestmark = pytest.mark.long  # few tests that take long: handed out first (_support/xdist_scheduler.py)

PNG = b"\x89PNG\r\n\x1a\n"
README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def readme_eval_lines() -> list[str]:
    """The shell lines of README.md's "Evaluating recall" section."""
    section = README.split("## Evaluating recall", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```sh\n(.*?)^```", section, flags=re.MULTILINE | re.DOTALL)
    lines = [line for block in blocks for line in block.splitlines() if line and not line.startswith("#")]
    assert [line.split()[:3] for line in lines] == [
        ["pcreceipt", "eval", "sample"],
        ["pcreceipt", "eval", "eval-sample/sample.jsonl"],
    ]
    return lines


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str], Path]]:
    home = tmp_path_factory.mktemp("eval-home")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    # README.md's commands say `pcreceipt`: on PATH as its install line puts it, the server in PCRECEIPT_URL
    env = user_environment(home, {"PCRECEIPT_URL": url})
    env["PATH"] = f"{Path(PCRECEIPT).parent}:{env['PATH']}"
    server = ServerProcess([PCRECEIPT, "serve", "--port", str(port)], env, cwd=home)
    try:
        assert server.wait_ready(url, timeout=60), server.stop()
        yield url, env, home
    finally:
        server.stop()


@pytest.fixture(scope="module")
def sample(served: tuple[str, dict[str, str], Path]) -> Path:
    _, env, home = served
    result = run(readme_eval_lines()[0], env, cwd=home)
    assert result.returncode == 0, result.stderr
    path = home / "eval-sample" / "sample.jsonl"
    lines = [json.loads(text) for text in path.read_text().splitlines()]
    assert [line["id"] for line in lines] == [q["id"] for q in sample_set()["queries"]]
    assert len({line["scope_id"] for line in lines}) == 1
    assert all(isinstance(e, dict) or e.startswith("art_") for line in lines for e in line["expected"])
    return path


def test_the_readme_comparison_of_two_budgets_on_the_shipped_set(
    served: tuple[str, dict[str, str], Path], sample: Path
) -> None:
    _, env, home = served
    line = readme_eval_lines()[1]
    variants = re.findall(r"--variant max_bytes=(\d+)", line)
    assert len(variants) == 2 and int(variants[0]) < int(variants[1]), line
    result = run(line, env, cwd=home, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    out = home / "eval-report"
    report = json.loads((out / "report.json").read_text())
    small, large = report["runs"]
    assert (small["name"], large["name"]) == tuple(f"max_bytes={v}" for v in variants)
    assert report["summary"] == small["summary"] and report["queries"] == small["queries"]
    for entry in (small, large):
        summary = entry["summary"]
        recall = summary["recall_at_injected"]
        assert recall["ci"][0] <= recall["mean"] <= recall["ci"][1]
        assert summary["errors"] == {} and summary["receipt_missing"] == 0  # the default builder's Receipts fit
        assert f"{entry['name']}: recall at injection {recall['mean']:.3f}" in result.stdout
        for query in entry["queries"]:
            assert {"id", "expected", "selected_expected", "recall", "omitted", "receipt"} <= set(query)
            assert query["receipt"]["requested_max_bytes"] == int(entry["name"].split("=")[1])
            assert query["bytes"]["used"] <= query["bytes"]["requested"]
            assert query["recall"] is None or len(query["selected_expected"]) == query["recall"] * len(
                query["expected"]
            )
            assert all(1 <= f["rank"] <= len(query["receipt"]["selected"]) for f in query["selected_expected"])
    assert any(q["classes"]["budget_omission"] for q in small["queries"])
    (comparison,) = report["comparisons"]
    assert comparison["pairs"] == len([q for q in small["queries"] if q["recall"] is not None])
    small_by_id = {q["id"]: q for q in small["queries"]}
    large_by_id = {q["id"]: q for q in large["queries"]}
    for row in comparison["queries"]:
        a, b = small_by_id[row["id"]], large_by_id[row["id"]]
        assert row["recall_diff"] == b["recall"] - a["recall"]
        if not a["classes"]["budget_omission"]:
            # nothing left out for the small budget: the larger one injects the same items
            assert [s["identity"] for s in a["selected"]] == [s["identity"] for s in b["selected"]], row["id"]
    assert comparison["better"] >= 1  # the sample's multi-item queries need room
    markdown = (out / "report.md").read_text()
    for text in (small["name"], large["name"], "recall at injection", "## Comparisons", "## Omission classes"):
        assert text in markdown
    mean = small["summary"]["recall_at_injected"]
    assert f"{mean['mean']:.3f} [{mean['ci'][0]:.3f}, {mean['ci'][1]:.3f}]" in markdown
    for plot in ("recall.png", "omission_classes.png", "paired_diff.png"):
        assert (out / plot).read_bytes().startswith(PNG)
        assert f"]({plot})" in markdown


def _eval(env: dict[str, str], home: Path, source: Path, out: str, *extra: str) -> Any:
    command = ["pcreceipt", "eval", str(source), "--variant", "max_bytes=1000", "--out", out, *extra]
    return run(command, env, cwd=home, timeout=120)


def test_the_ci_gate(served: tuple[str, dict[str, str], Path], sample: Path) -> None:
    _, env, home = served
    gated = sample.with_name("gated.jsonl")
    gated.write_text("".join(sample.read_text().splitlines(keepends=True)[:12]))
    failing = _eval(env, home, gated, "gated", "--fail-under", "recall=1.01")
    assert failing.returncode == 1, failing.stderr
    assert "Traceback" not in failing.stderr
    assert failing.stderr.strip().splitlines()[-1].startswith("fail-under: max_bytes=1000: recall ")
    assert failing.stderr.strip().endswith("is below 1.01")
    report = json.loads((home / "gated" / "report.json").read_text())
    reached = report["summary"]["recall_at_injected"]["mean"]
    passing = _eval(env, home, gated, "gated", "--fail-under", f"recall={reached - 0.001:.3f}")
    assert passing.returncode == 0, passing.stderr
    assert "fail-under" not in passing.stderr


def test_a_query_on_a_scope_the_server_lacks_is_one_error_line(
    served: tuple[str, dict[str, str], Path], sample: Path
) -> None:
    """Exit 2 after the report is written (decisions: "eval: refused prepares"), not 0."""
    _, env, home = served
    unknown = {"id": "unknown-scope", "scope_id": "scp_nobody_made_this", "query": "anything", "expected": ["art_x"]}
    mixed = sample.with_name("mixed.jsonl")
    mixed.write_text("".join(sample.read_text().splitlines(keepends=True)[:3]) + json.dumps(unknown) + "\n")
    result = _eval(env, home, mixed, "mixed", "--fail-under", "recall=0")
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    (line,) = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert line == (
        "error: the server refused 1 prepare(s) (scope_not_found ×1); no such Scope on the server: "
        "scp_nobody_made_this; the report counts them as errors"
    )
    report = json.loads((home / "mixed" / "report.json").read_text())
    # the unknown Scope is an HTTP error: recorded once, never retried, counted as injecting nothing
    assert report["summary"]["errors"] == {"http_404": 1}
    (failed,) = [q for q in report["queries"] if q["error"] is not None]
    assert failed["id"] == "unknown-scope" and failed["attempts"] == 1 and failed["recall"] == 0.0
    assert failed["error"]["status"] == 404 and failed["error"]["kind"] == "http"
    assert "unknown-scope" in (home / "mixed" / "report.md").read_text()


def test_a_port_nobody_listens_on_is_one_error_after_bounded_retries(tmp_path: Path, sample: Path) -> None:
    port = free_port()
    started = time.monotonic()
    result = run(
        [PCRECEIPT, "eval", str(sample), "--url", f"127.0.0.1:{port}", "--retries", "2"],
        user_environment(tmp_path),
        cwd=tmp_path,
    )
    elapsed = time.monotonic() - started
    assert result.returncode == 2
    assert result.stderr.strip() == (
        f"error: cannot reach the server at http://127.0.0.1:{port} (3 attempt(s)); is `pcreceipt serve` running there?"
    )
    assert elapsed >= BACKOFF_SECONDS * (1 + 2)  # two backoffs: 0.25 s, then 0.5 s
    assert not (tmp_path / "eval-report" / "report.json").exists()


@pytest.mark.anyio
async def test_only_transport_failures_are_retried_and_boundedly() -> None:
    calls = 0

    async def never() -> None:
        nonlocal calls
        calls += 1
        raise TransportError("prepare_context")

    with pytest.raises(TransportError):
        await with_retries(never, 2)
    assert calls == 3

    async def refused() -> None:
        nonlocal calls
        calls += 1
        raise ValueError("an answer, not a transport failure")

    calls = 0
    with pytest.raises(ValueError):
        await with_retries(refused, 5)
    assert calls == 1


class HalfServer:
    """Answers ``/health/live`` and then drops every other request unanswered (a server that dies)."""

    def __init__(self) -> None:
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.dropped = 0
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            with connection:
                request = connection.recv(65536)
                if request.startswith(b"GET /health/live"):
                    body = b'{"status":"ok"}'
                    connection.sendall(
                        b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: "
                        + str(len(body)).encode()
                        + b"\r\nconnection: close\r\n\r\n"
                        + body
                    )
                else:
                    self.dropped += 1

    def close(self) -> None:
        self.listener.close()


def test_a_server_that_stops_answering_is_counted_and_exits_2(tmp_path: Path, sample: Path) -> None:
    lines = sample.read_text().splitlines()[:3]
    short = tmp_path / "short.jsonl"
    short.write_text("\n".join(lines) + "\n")
    server = HalfServer()
    try:
        result = run(
            [PCRECEIPT, "eval", str(short), "--url", server.url, "--retries", "1", "--out", "r"],
            user_environment(tmp_path),
            cwd=tmp_path,
        )
    finally:
        server.close()
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines()[-1] == (
        "error: 3 prepare(s) did not complete after 2 attempt(s) each (the report counts them as errors)"
    )
    report: dict[str, Any] = json.loads((tmp_path / "r" / "report.json").read_text())
    assert report["summary"]["errors"] == {"transport": 3}
    assert all(q["error"]["kind"] == "transport" and q["attempts"] == 2 for q in report["queries"])
    assert server.dropped >= 3 * 2  # every prepare was tried twice (plus the family look-ups)
