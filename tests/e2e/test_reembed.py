"""`pcreceipt reembed` backfills vectors written without an embedder, against a real provider on loopback."""

from __future__ import annotations

from pathlib import Path

from fakes.inference_server import FakeInference
from typer.testing import CliRunner

from pcreceipt.cli.main import app
from pcreceipt.store.sqlite import SQLiteStore


def test_reembed_backfills_missing_vectors(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "pcreceipt.db")
    scope, _ = store.create_scope(
        title="t", summary="s", idempotency_key="k", parent_scope_id=None, context_references=[], external_references=[]
    )
    for text in ("SQLite is the default", "Bazel builds everything", "Vectors are backfilled"):
        store.create_artifact(scope.scope_id, "atomic-memory", {"kind": "fact", "text": text})
    profile = "fake-embed@32"
    assert len(store.artifacts_missing_embedding(profile, 100)) == 3
    store.close()

    with FakeInference() as fake:
        env = {
            "PCRECEIPT_EMBEDDING_BASE_URL": fake.base_url,
            "PCRECEIPT_EMBEDDING_MODEL": "fake-embed",
            "PCRECEIPT_EMBEDDING_DIMENSIONS": "32",
        }
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
