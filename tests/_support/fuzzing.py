"""How the two schemathesis tiers (fuzz and bad input) load the served document.

``load(url)`` is ``schemathesis.openapi.from_url`` with one change to how schemathesis prepares a
string schema for generation: it folds ``minLength``/``maxLength`` into the ``pattern``'s
quantifiers (``\\S`` with ``maxLength`` 8192 becomes ``^\\S{1,8192}$``). For the contract's long
texts that costs more than the whole test: each folded pattern is compiled as a regular expression
with an 8192- or 125000-fold repetition, then canonicalised again for every strategy and negation:
``create_artifact``'s bad-input test took 76 s with folding and 11 s without, in one run on a loaded
machine (load average about 10). Bounds above
:data:`FOLD_AT_MOST` stay as they are written; hypothesis then draws from the pattern and keeps what
fits the length, which for a "has a non-blank character" pattern is nearly every draw. Short bounds
(identifiers, keys) are folded as before.
"""

from __future__ import annotations

from typing import Any

import schemathesis
import schemathesis.specs.openapi.converter as converter

FOLD_AT_MOST = 512
"""The longest ``maxLength`` still folded into a pattern's quantifiers."""

_fold = converter.update_pattern_in_schema


def _fold_short_bounds(schema: dict[str, Any]) -> None:
    if isinstance(schema.get("maxLength"), int) and schema["maxLength"] > FOLD_AT_MOST:
        return
    _fold(schema)


def load(url: str) -> Any:
    """The served OpenAPI document at ``url`` as a schemathesis schema, long bounds unfolded."""
    converter.update_pattern_in_schema = _fold_short_bounds
    return schemathesis.openapi.from_url(url)
