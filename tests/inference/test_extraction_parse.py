"""The extraction answer is parsed strictly: exactly ``{"memories": [{"kind", "text"}]}`` with a known
kind and a non-empty text of at most 8192 UTF-8 bytes after NFC and strip; anything else is
``invalid_output``. Also: settings bounds, and the composition makes an extractor only when a
generation provider is configured for it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pcreceipt.compose import compose
from pcreceipt.config import ExtractionSettings, GenerationSettings, Settings, SettingsError
from pcreceipt.inference import InferenceError
from pcreceipt.prepare.extraction import MEMORY_KINDS, ExtractedMemory, parse_memories

KINDS = st.sampled_from(MEMORY_KINDS)
TEXTS = st.text(min_size=1, max_size=40).filter(lambda t: t.strip() != "")


@given(items=st.lists(st.tuples(KINDS, TEXTS), max_size=8))
def test_a_well_formed_answer_parses_to_its_memories(items: list[tuple[str, str]]) -> None:
    reply = json.dumps({"memories": [{"kind": k, "text": t} for k, t in items]})
    parsed = parse_memories(reply, 8)
    assert [m.kind for m in parsed] == [k for k, _ in items]
    assert all(m.text == m.text.strip() and m.text for m in parsed)


def invalid(reply: str, max_memories: int = 8) -> None:
    with pytest.raises(InferenceError) as caught:
        parse_memories(reply, max_memories)
    assert caught.value.kind == "invalid_output"


@pytest.mark.parametrize(
    "value",
    [
        [],
        {},
        {"memories": {}},
        {"memories": [], "note": "extra key"},
        {"ranking": [1]},
        {"memories": [{"kind": "fact"}]},
        {"memories": [{"kind": "fact", "text": "t", "evidence": ["x"]}]},
        {"memories": [{"kind": "rumour", "text": "t"}]},
        {"memories": [{"kind": "fact", "text": 3}]},
        {"memories": [{"kind": "fact", "text": "   "}]},
        {"memories": [{"kind": "fact", "text": "x" * 8193}]},
        {"memories": ["fact: t"]},
    ],
)
def test_anything_outside_the_closed_shape_is_invalid_output(value: Any) -> None:
    invalid(json.dumps(value))


def test_prose_fences_and_too_many_memories_are_invalid_output() -> None:
    invalid("Sure, here are the memories.")
    invalid('```json\n{"memories": []}\n```')
    invalid(json.dumps({"memories": [{"kind": "fact", "text": str(n)} for n in range(3)]}), max_memories=2)


def test_text_is_normalised_like_every_atomic_memory() -> None:
    assert parse_memories(json.dumps({"memories": [{"kind": "fact", "text": "  Cafe\u0301  "}]}), 1) == [
        ExtractedMemory("fact", "Caf\u00e9")
    ]
    assert parse_memories('{"memories": []}', 1) == []


@given(
    value=st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=5),
        lambda c: st.lists(c) | st.dictionaries(st.text(max_size=5), c),
    )
)
def test_arbitrary_json_never_raises_anything_but_invalid_output(value: Any) -> None:
    try:
        parse_memories(json.dumps(value), 4)
    except InferenceError as error:
        assert error.kind == "invalid_output"


@pytest.mark.parametrize(
    "extraction",
    [
        ExtractionSettings(max_sources=0),
        ExtractionSettings(max_sources=101),
        ExtractionSettings(max_memories=0),
        ExtractionSettings(deadline_seconds=0),
        ExtractionSettings(timeout_seconds=-1),
    ],
)
def test_out_of_range_settings_are_refused(extraction: ExtractionSettings) -> None:
    with pytest.raises(SettingsError, match="extraction"):
        Settings(extraction=extraction).validate()


def test_an_extractor_is_made_only_for_a_configured_generation_provider(tmp_path: Path) -> None:
    configured = GenerationSettings(base_url="http://127.0.0.1:9", model="p/m")
    cases = [
        (Settings(data_dir=tmp_path, generation=configured), True),
        (Settings(data_dir=tmp_path, generation=configured, extraction=ExtractionSettings(enabled=False)), False),
        (Settings(data_dir=tmp_path, generation=GenerationSettings(base_url="http://127.0.0.1:9")), False),
        (Settings(data_dir=tmp_path), False),
    ]
    for settings, expected in cases:
        assert settings.extraction_configured is expected
        parts = compose(settings)
        try:
            assert (parts.extractor is not None) is expected
            assert parts.extractor is parts.extractor
        finally:
            parts.close()
