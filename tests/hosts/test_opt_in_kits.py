"""The Python hosts' own prompt hooks (PowerContext 1.4.1's sdist) with docs/hosts.md's opt-in kit applied.

The change is read out of docs/hosts.md (the host's section's diff) and applied to the fetched
hook (Codex ``hooks/recall.py``, Claude Code ``hooks/user_prompt_submit.py``, WorkBuddy
``hooks/workbuddy_powercontext_hook.py``) at the places its hunk headers name; ``hooks/pcreceipt_host_validators.py``
is what ``pcreceipt host-validators`` writes. Then the hook runs as its host runs it against
``pcreceipt serve`` (through the recording relay): it must send ``include_receipt: true``, inject
exactly the server's ``content`` (never the Receipt), and write one body-free
``recall_diagnostic`` line for an empty recall and for a truncated one, and none otherwise.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from _support.hosts import Served
from _support.pyhost_sessions import install_claude_code, install_codex, install_workbuddy
from _support.pyhosts import PREPARE, Oracle, only, word
from _support.relay import Relay

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "hosts.md"
HOST_FILE = ROOT / "generated" / "python" / "pcreceipt_host_validators.py"
CODEX_MAX_BYTES = 8000  # what the three hooks send (HOSTS.md §1.2-1.4); asserted on the wire below


# host -> (docs/hosts.md section, plugin folder, the prompt hook, installer, its log component)
HOSTS: dict[str, tuple[str, str, str, Callable[[Path, Path, Relay], Any], str]] = {
    "codex": ("Codex", "codex", "recall.py", install_codex, "powercontext.codex.recall"),
    "claude-code": (
        "Claude Code",
        "claude-code",
        "user_prompt_submit.py",
        install_claude_code,
        "powercontext.claude_code.recall",
    ),
    "workbuddy": (
        "WorkBuddy",
        "workbuddy",
        "workbuddy_powercontext_hook.py",
        install_workbuddy,
        "powercontext.workbuddy.recall",
    ),
}


def documented_diff(host: str) -> dict[str, list[str]]:
    """The host's section's diff in docs/hosts.md: {hunk header: added lines} for its prompt hook."""
    section_name, folder, script, _, _ = HOSTS[host]
    section = DOC.read_text(encoding="utf-8").split(f"\n## {section_name}\n", 1)[1].split("\n## ", 1)[0]
    diff = section.split("```diff\n", 1)[1].split("```", 1)[0]
    recall = diff.split(f"+++ b/integrations/{folder}/plugins/powercontext/hooks/{script}\n", 1)[1]
    hunks: dict[str, list[str]] = {}
    header = ""
    for line in recall.splitlines():
        if line.startswith("@@"):
            header = line.strip("@ ")
            hunks[header] = []
        else:
            assert line.startswith("+"), line
            hunks[header].append(line[1:])
    return hunks


def _once(text: str, pattern: str) -> re.Match[str]:
    found = list(re.finditer(pattern, text, flags=re.MULTILINE))
    assert len(found) == 1, (pattern, len(found))
    return found[0]


def apply_opt_in(host: str, plugin: Path) -> None:
    """docs/hosts.md's change for ``host``, applied to the installed plugin."""
    (plugin / "hooks" / "pcreceipt_host_validators.py").write_text(
        HOST_FILE.read_text(encoding="utf-8"), encoding="utf-8"
    )
    hunks = documented_diff(host)
    places = [h.split(":")[0] for h in hunks]
    assert places[0].startswith("after the") and places[1:] == ["_prepare_context", "_recall_context"], places
    path = plugin / "hooks" / HOSTS[host][2]
    text = path.read_text(encoding="utf-8")
    imports, body, check = (hunks[h] for h in hunks)
    anchor = _once(text, r"^(from hooks )?import prepared_context as _prepared_context.*\n")
    text = text[: anchor.end()] + "\n".join(imports) + "\n" + text[anchor.end() :]
    function = _once(text, r"^def _prepare_context\(")
    entry = _once(text[function.start() :], r'^ *"max_bytes": _MAX_CONTEXT_BYTES,\n')
    at = function.start() + entry.end()
    text = text[:at] + "\n".join(body) + "\n" + text[at:]
    validation = _once(text, r"^ *prepared = _validate_prepared_context\(.*\)\n")
    text = text[: validation.start()] + "\n".join(check) + "\n" + text[validation.end() :]
    path.write_text(text, encoding="utf-8")


def host_validators() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pcreceipt_host_validators", HOST_FILE)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    written, sys.dont_write_bytecode = sys.dont_write_bytecode, True
    try:
        spec.loader.exec_module(module)
    finally:
        sys.dont_write_bytecode = written
    return module


def recall_lines(stderr: str) -> list[dict[str, Any]]:
    events = [json.loads(line) for line in stderr.splitlines() if line.strip()]
    return [e for e in events if e.get("event") == "recall_diagnostic"]


@pytest.fixture(scope="module", params=sorted(HOSTS))
def opted(
    request: pytest.FixtureRequest,
    pcreceipt_server: Served,
    powercontext_sdist: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Any, Oracle, str]]:
    """(the installed host with the opt-in applied, the server's API, the host's log component)."""
    name = request.param
    with Relay(pcreceipt_server.url) as relay:
        root = tmp_path_factory.mktemp(f"{name}-receipts-{pcreceipt_server.engine}")
        host = HOSTS[name][3](powercontext_sdist, root, relay)
        apply_opt_in(name, host.plugin)
        yield host, Oracle(pcreceipt_server.url), HOSTS[name][4]


def test_the_documented_change_applies_to_the_real_hook(opted: tuple[Any, Oracle, str]) -> None:
    host, _, component = opted
    script = next(v[2] for v in HOSTS.values() if v[4] == component)
    text = (host.plugin / "hooks" / script).read_text(encoding="utf-8")
    assert '"include_receipt": True,' in text and "= _validate_prepared_context(" not in text
    compile(text, "recall.py", "exec")


def test_a_ready_recall_injects_the_content_and_logs_nothing(opted: tuple[Any, Oracle, str]) -> None:
    host, oracle, _ = opted
    scope = oracle.default_scope_id()
    service = word()
    oracle.remember(scope, f"The {service} service deploys on Tuesdays only.")
    run, calls = host.prompt(str(uuid.uuid4()), f"When does the {service} service deploy?")
    assert run.returncode == 0, run.stderr
    prepare = only(calls, PREPARE)
    assert prepare.request["include_receipt"] is True
    assert prepare.request["max_bytes"] == CODEX_MAX_BYTES
    answer = prepare.answer
    assert answer["status"] == "ready" and "receipt" in answer and not answer["receipt"]["truncated"]
    assert run.output["hookSpecificOutput"]["additionalContext"] == answer["content"]
    assert answer["receipt"]["receipt_id"] not in run.stdout  # the Receipt is never injected
    assert recall_lines(run.stderr) == []


def test_an_empty_recall_is_injected_as_nothing_and_logged_without_a_body(opted: tuple[Any, Oracle, str]) -> None:
    host, _, component = opted
    prompt = f"{word()} {word()} {word()}?"
    run, calls = host.prompt(str(uuid.uuid4()), prompt)
    assert run.returncode == 0, run.stderr
    answer = only(calls, PREPARE).answer
    assert answer["status"] == "empty" and "receipt" in answer
    assert not (run.output or {}).get("hookSpecificOutput", {}).get("additionalContext")  # nothing injected
    [line] = recall_lines(run.stderr)
    assert line["component"] == component
    assert line["recall"] == host_validators().recall_diagnostic(answer, CODEX_MAX_BYTES)
    assert line["recall"]["receipt_id"] == answer["receipt"]["receipt_id"] and line["recall"]["empty"]
    assert all(part not in run.stderr for part in prompt.rstrip("?").split())


def test_a_truncated_recall_is_logged_with_its_counts(opted: tuple[Any, Oracle, str]) -> None:
    host, oracle, _ = opted
    scope = oracle.default_scope_id()
    topic = word()
    filler = " ".join(word() for _ in range(700))  # ~7.7 KB each: the second cannot fit whole
    for _ in range(2):
        oracle.remember(scope, f"About {topic}: {filler}")
    run, calls = host.prompt(str(uuid.uuid4()), f"What about {topic}?")
    assert run.returncode == 0, run.stderr
    answer = only(calls, PREPARE).answer
    assert answer["status"] == "ready" and answer["receipt"]["truncated"]
    assert run.output["hookSpecificOutput"]["additionalContext"] == answer["content"]
    [line] = recall_lines(run.stderr)
    record = line["recall"]
    assert record == host_validators().recall_diagnostic(answer, CODEX_MAX_BYTES)
    assert record["truncated"] and record["selected"] == len(answer["receipt"]["selected"])
    assert record["used_bytes"] == answer["content_bytes"] and record["requested_max_bytes"] == CODEX_MAX_BYTES
    assert topic not in run.stderr and filler[:40] not in run.stderr
