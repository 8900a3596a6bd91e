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


def test_a_validator_carries_exactly_the_definitions_its_definition_reaches() -> None:
    """Every definition compiles with only what it reaches, and that set is closed: no ``$ref``
    inside it leads outside it (a missing one would make the validator fail to compile)."""
    definitions = gate.contract_document()["$defs"]
    for name in definitions:
        reached = gate.reachable_definitions(name)
        assert name in reached
        for other in reached:
            assert set(gate._referenced(definitions[other])) <= reached, (name, other)
        assert gate.validator(name) is not None
    # a Receipt reaches its parts; an error envelope does not reach the Receipt
    assert {"PreparedContextReceipt", "SelectedItem", "Sha256Digest"} <= gate.reachable_definitions("PreparedContext")
    assert "PreparedContextReceipt" not in gate.reachable_definitions("ErrorEnvelope")
    assert set(gate.definitions_reached({"items": {"$ref": "#/$defs/ErrorEnvelope/properties/error"}})) == set(
        gate.reachable_definitions("ErrorEnvelope")
    )
