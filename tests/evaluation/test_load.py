"""``pcreceipt eval``'s input: each bad line is one clear line naming the file and line, exit 2, no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _support.commands import PCRECEIPT, run, user_environment
from typer.testing import CliRunner

from pcreceipt.cli.main import app
from pcreceipt.evaluation.load import ArtifactExpectation, CodeExpectation, InputError, parse_lines
from pcreceipt.evaluation.run import parse_variant, plan_runs

GOOD = {"id": "q1", "scope_id": "scp_1", "query": "why sqlite", "expected": ["art_a", "art_b@3"]}


def line(**changes: object) -> str:
    data = {**GOOD, **changes}
    return json.dumps({k: v for k, v in data.items() if v is not ...})


def test_a_good_line_becomes_a_case() -> None:
    (case,) = parse_lines(
        [
            line(
                max_bytes=4000,
                include_code=True,
                score=0.5,
                expected=["art_a", "art_b@3", {"path": "a.py", "start_line": 2, "end_line": 4}],
            )
        ],
        "in.jsonl",
    )
    assert case.expected == (
        ArtifactExpectation("art_a"),
        ArtifactExpectation("art_b", 3),
        CodeExpectation("a.py", 2, 4),
    )
    assert case.score == 0.5
    assert case.prepare_request({"max_bytes": 8000}) == {
        "scope_id": "scp_1",
        "query": "why sqlite",
        "max_bytes": 8000,
        "include_code": True,
        "include_receipt": True,
    }


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{not json", "not JSON"),
        ("[1, 2]", "a line must be a JSON object"),
        (line(id=...), "missing 'id'"),
        (line(expect=["art_a"]), "unknown key 'expect'"),
        (line(query="  "), "'query' must be a non-empty string"),
        (line(expected="art_a"), "'expected' must be a list"),
        (line(expected=["art_a@x"]), 'expected[0]: "art_a@x" is not an artifact id'),
        (line(expected=[{"path": "a.py", "start_line": 5, "end_line": 2}]), "end_line 2 is before start_line 5"),
        (line(expected=[{"path": "a.py", "start_line": 0, "end_line": 2}]), "integers ≥ 1"),
        (line(expected=[{"path": "a.py"}]), "exactly path, start_line and end_line"),
        (line(expected=[3]), "an expectation is an artifact id string"),
        (line(max_bytes="4000"), "'max_bytes' must be an integer"),
        (line(include_code="yes"), "'include_code' must be true or false"),
        (line(score=True), "'score' must be a finite number"),
        (line(assembly=[]), "'assembly' must be a JSON object"),
    ],
)
def test_each_bad_line_is_named_with_its_reason(text: str, reason: str) -> None:
    with pytest.raises(InputError) as raised:
        parse_lines(["", line(id="ok"), text], "in.jsonl")
    assert len(raised.value.problems) == 1
    assert raised.value.problems[0].startswith("in.jsonl:3: ")
    assert reason in raised.value.problems[0]


def test_repeated_ids_and_empty_files_are_refused() -> None:
    with pytest.raises(InputError, match=r"in.jsonl:2: id 'q1' repeats line 1"):
        parse_lines([line(), line()], "in.jsonl")
    with pytest.raises(InputError, match="no queries"):
        parse_lines(["", "  "], "in.jsonl")


def test_variants_parse_as_request_overrides() -> None:
    assert parse_variant("max_bytes=4000") == {"max_bytes": 4000}
    assert parse_variant("max_bytes=4000,include_code=true") == {"max_bytes": 4000, "include_code": True}
    assert parse_variant('assembly={"sections": [{"family": "memory", "limit": 2}]}') == {
        "assembly": {"sections": [{"family": "memory", "limit": 2}]}
    }
    with pytest.raises(ValueError, match="'query' is not a request field"):
        parse_variant("query=x")
    with pytest.raises(ValueError, match="is not KEY=VALUE"):
        parse_variant("max_bytes")
    # values the contract refuses are refused before any prepare, with the rule that refuses them
    with pytest.raises(ValueError, match=r"^/max_bytes: maximum"):
        parse_variant("max_bytes=99999")
    with pytest.raises(ValueError, match=r"^/include_code: type"):
        parse_variant("include_code=maybe")
    with pytest.raises(ValueError, match=r"^/assembly"):
        parse_variant('assembly={"sections": [{"family": "nonsense", "limit": 2}]}')
    names = [r.name for r in plan_runs(["http://a", "http://b"], ["max_bytes=1000"])]
    assert names == ["http://a max_bytes=1000", "http://b max_bytes=1000"]
    with pytest.raises(ValueError, match="repeated"):
        plan_runs(["http://a"], ["max_bytes=1000", "max_bytes=1000"])


def test_the_command_prints_one_line_per_bad_line_and_exits_2(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join([line(id="a"), "{oops", line(id="b", expected=["x y"]), line(id="a")]) + "\n")
    # nothing listens on port 9: the input is refused before any request
    result = run([PCRECEIPT, "eval", str(source), "--url", "127.0.0.1:9"], user_environment(tmp_path))
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert [text.split(": ")[1] for text in lines] == [f"{source}:2", f"{source}:3", f"{source}:4"], lines
    assert all(text.startswith("error: ") for text in lines)


def test_a_missing_file_and_a_bad_gate_are_one_line_each(tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(app, ["eval", str(tmp_path / "nope.jsonl"), "--url", "127.0.0.1:9"])
    assert (missing.exit_code == 2 and missing.exception is None) or isinstance(missing.exception, SystemExit)
    assert missing.stderr.startswith(
        f"error: Invalid value for 'INPUT.jsonl': {tmp_path / 'nope.jsonl'} does not exist"
    )
    source = tmp_path / "in.jsonl"
    source.write_text(line() + "\n")
    for gate in ("recall", "recall=high", "speed=0.5"):
        bad = runner.invoke(app, ["eval", str(source), "--fail-under", gate])
        assert bad.exit_code == 2
        assert bad.stderr.strip().splitlines() == [
            f"error: --fail-under {gate!r}: give recall=X or precision=X, X a number such as 0.8"
        ]
    bad_variant = runner.invoke(app, ["eval", str(source), "--variant", "scope_id=x"])
    assert bad_variant.exit_code == 2 and bad_variant.stderr.startswith("error: --variant: 'scope_id' is not")
    in_the_way = tmp_path / "a-file"
    in_the_way.write_text("")
    blocked = runner.invoke(app, ["eval", str(source), "--out", str(in_the_way / "report")])
    assert blocked.exit_code == 2
    (blocked_line,) = blocked.stderr.strip().splitlines()
    assert blocked_line.startswith(f"error: Invalid value for '--out': {in_the_way} is a file, not a directory")
