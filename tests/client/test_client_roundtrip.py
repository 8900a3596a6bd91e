"""A response saved from the Python client the obvious way passes ``pcreceipt verify``, and the
README's "Python client" example runs as written against a live loopback server."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shlex
import subprocess
import sys
import uuid
from pathlib import Path

from typer.testing import CliRunner

from pcreceipt.cli.main import app
from pcreceipt.client import AsyncClient

README = Path(__file__).resolve().parents[2] / "README.md"


def _verify(path: Path, *extra: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["verify", str(path), *extra])
    return result.exit_code, result.stdout + result.stderr


def test_a_response_saved_with_model_dump_json_verifies(server_url: str, tmp_path: Path) -> None:
    saved = tmp_path / "response.json"

    async def prepare_and_save() -> None:
        async with AsyncClient(server_url) as client:
            scope = await client.create_scope({"title": "t", "summary": "s", "idempotency_key": uuid.uuid4().hex})
            for text in ("SQLite is the embedded default store.", "SQLite runs in WAL mode."):
                memory = {"family": "atomic-memory", "content": {"kind": "fact", "text": text}}
                await client.create_artifact(scope.scope_id, memory)
            request = {"scope_id": scope.scope_id, "query": "SQLite"}
            response = await client.prepare_context(request, include_receipt=True)
        assert response.receipt is not None
        saved.write_text(response.model_dump_json(), encoding="utf-8")
        # model_dump() is the same wire form, for callers that serialise themselves.
        assert json.loads(json.dumps(response.model_dump(mode="json"))) == json.loads(response.model_dump_json())

    asyncio.run(prepare_and_save())
    written = json.loads(saved.read_text(encoding="utf-8"))
    assert "schema" in written and "schema_" not in written and "reason" not in written
    code, output = _verify(saved)
    assert code == 0, output
    code, output = _verify(saved, "--server", server_url)
    assert code == 0, output


def _readme_blocks(language: str) -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Python client", 1)[1].split("\n## ", 1)[0]
    return re.findall(rf"```{language}\n(.*?)```", section, flags=re.DOTALL)


def test_the_readme_python_client_example_runs_and_verifies(server_url: str, tmp_path: Path) -> None:
    [example] = _readme_blocks("python")
    [commands] = _readme_blocks("sh")
    assert len(example.strip().splitlines()) <= 16
    env = {**os.environ, "PCRECEIPT_URL": server_url}
    ran = subprocess.run(
        [sys.executable, "-c", example], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert ran.returncode == 0, ran.stderr
    saved = json.loads((tmp_path / "response.json").read_text(encoding="utf-8"))
    assert saved["status"] == "ready" and "receipt" in saved
    for line in commands.strip().splitlines():
        program, *arguments = shlex.split(line)
        assert program == "pcreceipt"
        result = CliRunner().invoke(app, [a if not a.endswith(".json") else str(tmp_path / a) for a in arguments])
        assert result.exit_code == 0, result.output
