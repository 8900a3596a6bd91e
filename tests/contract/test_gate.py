"""Gate behaviour beyond the vectors: content-free messages and text that is not well-formed."""

from __future__ import annotations

from pcreceipt.contract import gate

READY = {"schema": "powercontext.prepared-context.v1", "status": "ready", "content": "ab", "content_bytes": 2}


def test_violation_messages_never_echo_submitted_values() -> None:
    canary = "CANARY 3b9e: some text"
    request = {"scope_id": 7, "query": canary, "max_bytes": canary, canary: 1, "top_k": canary}
    violations = gate.check_prepare_request(request)
    assert {v.rule for v in violations} >= {"type", "additionalProperties"}
    assert all(canary not in v.message and canary not in v.path for v in violations)
    assert any("'top_k'" in v.message for v in violations)  # an identifier-like unknown key is named


def test_a_lone_surrogate_counts_as_u_fffd_instead_of_crashing() -> None:
    content = "ab\ud800"  # JSON can carry "\ud800"; UTF-8 cannot, so it is measured as U+FFFD (3 bytes)
    assert gate.check_prepared_context({**READY, "content": content, "content_bytes": 5}, max_bytes=8000) == []
    wrong = gate.check_prepared_context({**READY, "content": content, "content_bytes": 4}, max_bytes=8000)
    assert [(v.path, v.rule) for v in wrong] == [("/content_bytes", "content_bytes_utf8")]


def test_a_lone_surrogate_in_a_key_is_an_unknown_key() -> None:
    violations = gate.check_prepared_context({**READY, "x\udc00": 1})
    assert [(v.path, v.rule) for v in violations] == [("", "additionalProperties")]


def test_validators_are_compiled_once() -> None:
    assert gate.validator("PreparedContext") is gate.validator("PreparedContext")
