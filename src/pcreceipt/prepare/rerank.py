"""Rerankers for the Atomic Memory coarse pool, each supplying complete configuration evidence.

Two kinds behind one interface:

- ``ModelReranker``: listwise rerank over an OpenAI-compatible chat endpoint. Temperature is
  forced to 0; model and settings are its own or inherited from the generation settings; the
  prompt is resolved per Scope (the built-in prompt, or that Scope's ``memory.rerank`` prompt
  artifact in custom mode) and bound to the invocation. Always non-deterministic, even at
  temperature 0 and even when the call fails.
- ``LexicalReranker``: a declared deterministic, non-model reranker (query-term overlap,
  algorithm version 1); no prompt, no model.

Failures (timeout, unavailable, invalid or empty output) fall back to the coarse order, or with
``on_failure = "drop_family"`` drop the family for that Scope and round (outcome ``failed``).
A reranker that cannot describe its configuration returns ``config=None``; the Receipt then
fails open rather than guess.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pcreceipt.config import GenerationSettings, RerankSettings
from pcreceipt.contract.digests import sha256_digest
from pcreceipt.inference import ChatClient, InferenceError
from pcreceipt.models import limits
from pcreceipt.prepare.evidence import PromptIdentity, RerankConfigEvidence, RerankFallback, RerankOutcome
from pcreceipt.store.records import ArtifactRef

SETTINGS_ALLOWLIST = limits.RERANK_SETTINGS_ALLOWLIST_CONST
RERANK_PROMPT_KEY = "memory.rerank"
PROMPT_DEFINITION_VERSION = 1
BUILTIN_PROMPT_VERSION = 1
BUILTIN_RERANK_PROMPT = (
    "You rank remembered project notes by how useful each is for answering the query.\n"
    'Reply with only a JSON object {"ranking": [ids]} listing the ids of the candidates worth '
    "keeping, most useful first. Use only ids from the candidate list."
)
LISTWISE_POLICY = "pcreceipt.rerank.listwise.v1"
LEXICAL_POLICY = "pcreceipt.rerank.lexical-overlap.v1"


@dataclass(frozen=True, slots=True)
class RerankResult:
    """``order`` lists the kept candidates' indexes, best first (None: keep the coarse order)."""

    order: list[int] | None
    outcome: RerankOutcome
    fallback_reason: RerankFallback
    config: RerankConfigEvidence | None


class Reranker(Protocol):
    def rerank(self, query: str, scope_id: str, bodies: Sequence[str], keep: int) -> RerankResult: ...


@dataclass(frozen=True, slots=True)
class ResolvedPrompt:
    identity: PromptIdentity
    text: str


PromptSource = Callable[[str], tuple[ArtifactRef, Mapping[str, Any]] | None]
"""Returns the current prompt artifact of a Scope under one key (its exact revision and content)."""


def resolve_prompt(
    scope_id: str, source: PromptSource, *, key: str = RERANK_PROMPT_KEY, builtin: str = BUILTIN_RERANK_PROMPT
) -> ResolvedPrompt:
    """Bind the prompt ``key`` for one Scope: its custom prompt artifact (``source`` reads the
    Scope's artifact under that key), else the built-in text ``builtin``."""
    found = source(scope_id)
    if found is not None:
        ref, content = found
        if content.get("mode") == "custom" and str(content.get("instructions", "")).strip():
            text = str(content["instructions"]).strip()
            for demo in content.get("demonstrations", []):
                text += f"\n\nExample input:\n{demo['input']}\nExample output:\n{demo['expected_output']}"
            identity = PromptIdentity(
                scope_id=scope_id,
                key=key,
                definition_version=PROMPT_DEFINITION_VERSION,
                builtin_version=BUILTIN_PROMPT_VERSION,
                selection="artifact",
                selected_version=ref.revision,
                compiled_digest=sha256_digest(text.encode("utf-8")),
                artifact=ref,
            )
            return ResolvedPrompt(identity, text)
    identity = PromptIdentity(
        scope_id=scope_id,
        key=key,
        definition_version=PROMPT_DEFINITION_VERSION,
        builtin_version=BUILTIN_PROMPT_VERSION,
        selection="built_in",
        selected_version=BUILTIN_PROMPT_VERSION,
        compiled_digest=sha256_digest(builtin.encode("utf-8")),
        artifact=None,
    )
    return ResolvedPrompt(identity, builtin)


def effective_model_settings(generation: GenerationSettings, rerank: RerankSettings, keep: int) -> dict[str, Any]:
    """The non-content settings actually sent: rerank overrides over inherited generation settings,
    temperature forced to 0, only allowlisted names, explicit values only (plus the forced ones)."""
    settings: dict[str, Any] = {"allowlist": SETTINGS_ALLOWLIST, "temperature": 0}
    max_tokens = rerank.max_tokens if rerank.max_tokens is not None else generation.max_tokens
    top_p = rerank.top_p if rerank.top_p is not None else generation.top_p
    seed = rerank.seed if rerank.seed is not None else generation.seed
    if max_tokens is not None:
        settings["max_tokens"] = max_tokens
    if top_p is not None:
        settings["top_p"] = top_p
    if seed is not None:
        settings["seed"] = seed
    settings["response_format"] = "json_object"
    settings["candidate_limit"] = rerank.candidate_limit
    settings["keep"] = keep
    settings["on_failure"] = rerank.on_failure
    return settings


def _parse_ranking(reply: str, count: int) -> list[int]:
    try:
        data = json.loads(reply)
    except ValueError:
        raise InferenceError("invalid_output", "the rerank reply is not JSON") from None
    ranking = data.get("ranking") if isinstance(data, dict) else None
    if not isinstance(ranking, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in ranking):
        raise InferenceError("invalid_output", "the rerank reply has no list of integer ids")
    if not ranking:
        raise InferenceError("empty_selection", "the rerank reply selected nothing")
    if len(set(ranking)) != len(ranking) or any(not 0 <= i < count for i in ranking):
        raise InferenceError("invalid_output", "the rerank reply names unknown or repeated ids")
    return ranking


class ModelReranker:
    """Listwise rerank over a chat model; see the module docstring."""

    def __init__(
        self,
        chat: ChatClient,
        generation: GenerationSettings,
        settings: RerankSettings,
        prompt_source: PromptSource,
    ) -> None:
        model = settings.model or generation.model
        if model is None:
            raise ValueError("a model reranker needs a model")
        self.chat = chat
        self.model = model
        self.generation = generation
        self.settings = settings
        self.timeout_seconds = settings.timeout_seconds or generation.timeout_seconds
        self.prompt_source = prompt_source

    def rerank(self, query: str, scope_id: str, bodies: Sequence[str], keep: int) -> RerankResult:
        prompt = resolve_prompt(scope_id, self.prompt_source)
        effective = effective_model_settings(self.generation, self.settings, keep)
        config = RerankConfigEvidence(
            policy_id=LISTWISE_POLICY,
            model=self.model,
            effective_settings=effective,
            timeout_seconds=self.timeout_seconds,
            max_requests=self.settings.max_requests,
            prompt=prompt.identity,
            non_deterministic=True,
        )
        payload = {
            "task": "rerank",
            "query": query,
            "keep": keep,
            "candidates": [{"id": i, "text": body} for i, body in enumerate(bodies)],
        }
        messages = [
            {"role": "system", "content": prompt.text},
            {"role": "user", "content": json.dumps(payload, ensure_ascii=False)},
        ]
        wire_settings = {k: v for k, v in effective.items() if k in {"temperature", "max_tokens", "top_p", "seed"}}
        wire_settings["response_format"] = {"type": "json_object"}
        try:
            reply = self.chat.complete(
                messages, model=self.model, settings=wire_settings, timeout_seconds=self.timeout_seconds
            )
            order = _parse_ranking(reply, len(bodies))[:keep]
        except InferenceError as exc:
            outcome: RerankOutcome = "failed" if self.settings.on_failure == "drop_family" else "fallback"
            return RerankResult(None, outcome, exc.kind, config)
        return RerankResult(order, "selected", "none", config)


_WORD = re.compile(r"\w+", re.UNICODE)


def _terms(text: str) -> set[str]:
    return {w.casefold() for w in _WORD.findall(text)}


class LexicalReranker:
    """Deterministic: orders candidates by the number of distinct query terms they contain,
    ties kept in coarse order. Algorithm version 1; no model, no prompt."""

    ALGORITHM = "lexical-overlap@1"

    def __init__(self, settings: RerankSettings) -> None:
        self.settings = settings

    def rerank(self, query: str, scope_id: str, bodies: Sequence[str], keep: int) -> RerankResult:
        config = RerankConfigEvidence(
            policy_id=LEXICAL_POLICY,
            model=None,
            effective_settings={
                "allowlist": SETTINGS_ALLOWLIST,
                "candidate_limit": self.settings.candidate_limit,
                "keep": keep,
                "algorithm_version": 1,
            },
            timeout_seconds=self.settings.timeout_seconds or 1.0,
            max_requests=1,
            prompt=None,
            non_deterministic=False,
            algorithm=self.ALGORITHM,
        )
        wanted = _terms(query)
        scored = sorted(range(len(bodies)), key=lambda i: (-len(wanted & _terms(bodies[i])), i))
        return RerankResult(scored[:keep], "selected", "none", config)
