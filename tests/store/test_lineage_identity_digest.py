"""The lineage Source's identity digest written out (``lineage_identity_digest``) is the generic
``identity_digest`` of the same payload, for any family, id and revision."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pcreceipt.store.sources import identity_digest, lineage_identity_digest

ANY_TEXT = st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF), max_size=40)


def _outcome(function: Any, *args: Any) -> tuple[str, Any]:
    try:
        return "ok", function(*args)
    except ValueError:  # a lone surrogate cannot be hashed as UTF-8, either way
        return "refused", None


@settings(max_examples=300, deadline=None)
@given(ANY_TEXT | st.sampled_from(["atomic-memory", "topic-memory"]), ANY_TEXT, st.integers(-(2**70), 2**70))
def test_the_written_out_digest_is_the_generic_one(family: str, artifact_id: str, revision: int) -> None:
    generic = _outcome(identity_digest, "lineage", "", {"target": [family, artifact_id, revision]})
    assert _outcome(lineage_identity_digest, family, artifact_id, revision) == generic


def test_examples() -> None:
    ref = ("atomic-memory", "art_0123456789abcdef0123456789abcdef", 3)
    assert lineage_identity_digest(*ref) == identity_digest("lineage", "", {"target": list(ref)})
    odd = ['a"\\\n', "é数😀", 1]
    assert lineage_identity_digest(*odd) == identity_digest("lineage", "", {"target": odd})
    assert lineage_identity_digest("f", "a", True) == identity_digest("lineage", "", {"target": ["f", "a", True]})  # type: ignore[arg-type]
