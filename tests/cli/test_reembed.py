"""`pcreceipt reembed` backfills vectors written without an embedder, against a real provider on loopback."""

from __future__ import annotations

from pathlib import Path

import pytest
from _support.fakes import FakeInference
from typer.testing import CliRunner

from pcreceipt.cli.main import app
from pcreceipt.store.sqlite import SQLiteStore


def _seed(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "pcreceipt.db")
    scope, _ = store.create_scope(
        title="t", summary="s", idempotency_key="k", parent_scope_id=None, context_references=[], external_references=[]
    )
    for text in ("SQLite is the default", "Bazel builds everything", "Vectors are backfilled"):
        store.create_artifact(scope.scope_id, "atomic-memory", {"kind": "fact", "text": text})
    store.close()


def _env(fake: FakeInference) -> dict[str, str]:
    return {
        "PCRECEIPT_EMBEDDING_BASE_URL": fake.base_url,
        "PCRECEIPT_EMBEDDING_MODEL": "fake-embed",
        "PCRECEIPT_EMBEDDING_DIMENSIONS": "32",
    }


def test_reembed_backfills_missing_vectors(tmp_path: Path) -> None:
    _seed(tmp_path)
    store = SQLiteStore(tmp_path / "pcreceipt.db")
    profile = "fake-embed@32"
    assert len(store.artifacts_missing_embedding(profile, 100)) == 3
    store.close()

    with FakeInference() as fake:
        env = _env(fake)
        result = CliRunner().invoke(app, ["reembed", "--data-dir", str(tmp_path)], env=env)
        assert result.exit_code == 0, result.output
        assert "embedded 3 artifact(s) under profile fake-embed@32" in result.output
        again = CliRunner().invoke(app, ["reembed", "--data-dir", str(tmp_path)], env=env)
        assert "embedded 0 artifact(s)" in again.output
        assert fake.embeddings.calls == 1

    store = SQLiteStore(tmp_path / "pcreceipt.db")
    try:
        assert store.artifacts_missing_embedding(profile, 100) == []
    finally:
        store.close()


def test_reembed_without_an_embedder_says_so(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["reembed", "--data-dir", str(tmp_path)], env={})
    assert result.exit_code == 2 and "no embedder is configured" in result.output


@pytest.mark.parametrize(
    ("mode", "options", "cause"),
    [
        ("down", {}, "the embedder is unreachable or answered with an error"),
        ("refuse", {}, "the embedder is unreachable or answered with an error"),
        ("slow", {"delay": 1.0}, "the embedder did not answer within embedding.timeout_seconds"),
        ("invalid", {"invalid": "dimensions"}, "the embedder's answer was not usable vectors"),
    ],
)
def test_reembed_fails_loudly_when_the_embedder_cannot_answer(
    tmp_path: Path, mode: str, options: dict[str, object], cause: str
) -> None:
    _seed(tmp_path)
    with FakeInference() as fake:
        fake.configure("embeddings", mode=mode, **options)  # type: ignore[arg-type]
        result = CliRunner().invoke(app, ["reembed", "--data-dir", str(tmp_path)], env=_env(fake))
    assert result.exit_code == 1, result.output
    assert "embedded 0 artifact(s)" in result.stdout
    assert f"error: {cause}" in result.stderr
    assert "3 artifact(s) were not embedded" in result.stderr
    assert fake.base_url not in result.output and "Traceback" not in result.output


def test_reembed_counts_what_a_failure_midway_left_out(tmp_path: Path) -> None:
    _seed(tmp_path)
    with FakeInference() as fake:
        result = CliRunner().invoke(app, ["reembed", "--data-dir", str(tmp_path), "--limit", "1"], env=_env(fake))
        assert result.exit_code == 0 and "embedded 1 artifact(s)" in result.stdout
        fake.configure("embeddings", mode="down")
        result = CliRunner().invoke(app, ["reembed", "--data-dir", str(tmp_path)], env=_env(fake))
    assert result.exit_code == 1
    assert "2 artifact(s) were not embedded" in result.stderr
