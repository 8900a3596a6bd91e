"""Recall: bounded rounds of per-family, per-Scope retrieval that record what really happened.

Round 0 searches every requested family in every Scope of ``[scope_id, *context_references]``
(current Scope first), except Topic Memory, which is searched in the current Scope only (as
PowerContext 1.4.1 does). While some requested family with searchable heads is thin — fewer than
``min_candidates`` distinct candidates so far — up to two expansion rounds follow, each searching
only the thin families (a family that already has enough is not searched again):

- ``relaxed`` expansion (deterministic): round 0 matches documents containing every query term,
  round 1 any term, round 2 any term or a term prefix;
- ``model`` expansion: a chat model rewrites the query (the rewritten text never leaves this
  process), searched with any-term matching. Non-deterministic.

Completed rounds accumulate; an exception in an expansion round marks it ``expansion_failed``,
drops its partial pool and ends expansion. Profile and code are read once, in round 0.

Mode per (Scope, family) under the ``auto`` policy: hybrid (weighted reciprocal rank fusion,
k = 60) when an embedder is configured and the store has vector search, else fts. An embedding
timeout or outage drops the vector channel for that Scope (fts, reason recorded); later rounds
for that Scope reuse the fallback without calling the embedder again. An explicitly configured
``vector``/``hybrid`` policy that cannot embed (no embedder, or a dead one) fails that family
softly: it returns nothing. A successful query embedding is reused for every Scope and family
searching the same query text.

A failed channel (vector or full text) is also logged as a warning on ``pcreceipt.recall``, at
most once per channel and cause every ``CHANNEL_WARNING_SECONDS``, with the mode and the error
class only: never the query, a Scope id, a provider URL or its answer. The Receipt, when asked
for, records every failed call anyway; the log is what an operator sees without one.

Per Scope and round each family retrieves at most its cap (atomic memory 16 — or the coarse pool
of 30 when a reranker runs, cut to 16 by it — topic memory 8, experience 8); Scope lists are
then merged round-robin to the same cap, and what the merge cuts counts as ``family_limit``.
"""

from __future__ import annotations

import json
import logging
import threading
import time
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import zip_longest
from typing import Literal

from pcreceipt.config import EmbeddingSettings, ExpansionSettings, GenerationSettings, RerankSettings
from pcreceipt.errors import PcreceiptError
from pcreceipt.inference import ChatClient, Embedder, InferenceError
from pcreceipt.prepare.build_types import HistoryCandidate
from pcreceipt.prepare.evidence import Evidence, FallbackReason, RerankCall, SearchMode
from pcreceipt.prepare.rerank import Reranker
from pcreceipt.prepare.snippet import topic_snippets
from pcreceipt.store.protocol import RecallReads
from pcreceipt.store.records import ArtifactRef, CodeHit, HistoryFamily, Hit, StoreUnavailable, TextSearch

MatchMode = Literal["all", "any", "prefix"]
ROUND_MATCH: tuple[MatchMode, ...] = ("all", "any", "prefix")
FAMILY_CAPS: Mapping[HistoryFamily, int] = {"atomic-memory": 16, "topic-memory": 8, "experience": 8, "profile": 1}
STAGE: Mapping[str, str] = {
    "atomic-memory": "memory.search",
    "topic-memory": "topic_memory.search",
    "experience": "experience.search",
    "profile": "profile.read",
    "code": "code.query",
}
CODE_QUERY_LIMIT = 8
CHANNEL_WARNING_SECONDS = 60.0
log = logging.getLogger("pcreceipt.recall")
RRF_K = 60
EXPANSION_PROMPT = (
    "Rewrite the user's query for a keyword search over project notes: keep its meaning, add "
    'close synonyms and key terms. Reply with only a JSON object {"query": "..."}.'
)


@dataclass(frozen=True, slots=True)
class RecallPlan:
    query: str
    scope_ids: tuple[str, ...]
    families: tuple[HistoryFamily, ...]
    include_code: bool
    excluded: frozenset[tuple[str, str, int]] = frozenset()
    """Atomic Memory revisions (scope_id, artifact_id, revision) a bootstrap package delivered
    untruncated: each Scope's search reads one more per excluded revision of it, and a hit among
    them is dropped and counted as a ``duplicate`` omission (the host already holds it)."""


@dataclass(slots=True)
class RecallResult:
    """The candidates, the code hits with when their index was made, and the evidence."""

    history: dict[HistoryFamily, list[HistoryCandidate]]
    code: list[CodeHit]
    evidence: Evidence
    code_checked_at: str = ""


def family_scopes(family: HistoryFamily, scope_ids: Sequence[str]) -> Sequence[str]:
    """The Scopes a family is searched in: Topic Memory only in the current Scope."""
    return scope_ids[:1] if family == "topic-memory" else scope_ids


@dataclass(slots=True)
class _RequestState:
    """Per-request memo: head checks, the query embedding, and Scopes whose vector channel failed
    (with the error class and the round it failed in)."""

    has_heads: dict[tuple[str, str], bool] = field(default_factory=dict)
    vectors: dict[str, list[float]] = field(default_factory=dict)
    failed_scopes: dict[str, tuple[FallbackReason, int]] = field(default_factory=dict)
    text_hits: dict[tuple[str, str], list[Hit]] = field(default_factory=dict)
    """This round's full-text hits per (family, Scope), read in one call; each taken once."""


class ChannelWarnings:
    """Rate-limited, content-free warnings for failed retrieval channels: at most one per
    (channel, cause) every ``interval`` seconds, per runtime."""

    def __init__(self, interval: float = CHANNEL_WARNING_SECONDS) -> None:
        self.interval = interval
        self._last: dict[tuple[str, str], float] = {}
        self._lock = threading.Lock()

    def failed(self, channel: Literal["vector", "fts"], cause: str, consequence: str) -> None:
        now = time.monotonic()
        with self._lock:
            last = self._last.get((channel, cause))
            if last is not None and now - last < self.interval:
                return
            self._last[channel, cause] = now
        log.warning(
            "retrieval channel %s failed (%s); %s (logged at most once per %d s)",
            channel,
            cause,
            consequence,
            int(self.interval),
        )


class ExpansionFailed(PcreceiptError):
    """An expansion round could not run; its pool is dropped."""


def rrf_merge(ranked: Sequence[Sequence[Hit]], limit: int) -> list[Hit]:
    """Weighted reciprocal rank fusion (equal weights, k = 60); ties keep the earlier list's order."""
    scores: dict[ArtifactRef, float] = {}
    first_seen: dict[ArtifactRef, tuple[int, int]] = {}
    hits: dict[ArtifactRef, Hit] = {}
    for list_index, hits_list in enumerate(ranked):
        for rank, hit in enumerate(hits_list):
            scores[hit.ref] = scores.get(hit.ref, 0.0) + 1.0 / (RRF_K + rank + 1)
            first_seen.setdefault(hit.ref, (rank, list_index))
            hits.setdefault(hit.ref, hit)
    order = sorted(scores, key=lambda ref: (-scores[ref], first_seen[ref]))
    return [hits[ref] for ref in order[:limit]]


def round_robin(lists: Sequence[Sequence[HistoryCandidate]], cap: int) -> tuple[list[HistoryCandidate], int]:
    """Merge per-Scope lists A0, B0, A1, B1, … up to ``cap``; returns the merged list and how many were cut."""
    merged = [c for group in zip_longest(*lists) for c in group if c is not None]
    return merged[:cap], max(0, len(merged) - cap)


def _excluded_in(plan: RecallPlan, family: HistoryFamily, scope_id: str) -> int:
    if family != "atomic-memory" or not plan.excluded:
        return 0
    return sum(1 for excluded_scope, _, _ in plan.excluded if excluded_scope == scope_id)


class Recall:
    """Runs recall for one request at a time; holds only provider handles and settings."""

    def __init__(
        self,
        store: RecallReads,
        *,
        embedder: Embedder | None,
        embedding: EmbeddingSettings,
        reranker: Reranker | None,
        rerank: RerankSettings,
        expansion: ExpansionSettings,
        chat: ChatClient | None = None,
        generation: GenerationSettings | None = None,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.embedding = embedding
        self.reranker = reranker
        self.rerank_settings = rerank
        self.expansion = expansion
        self.chat = chat
        self.generation = generation or GenerationSettings()
        self.warnings = ChannelWarnings()

    # ------------------------------------------------------------------ rounds

    def run(self, plan: RecallPlan) -> RecallResult:
        evidence = Evidence()
        evidence.requested = [*plan.families, *(["code"] if plan.include_code else [])]  # type: ignore[list-item]
        state = _RequestState()
        pool: dict[HistoryFamily, list[HistoryCandidate]] = {f: [] for f in plan.families}
        searchable = [f for f in plan.families if f != "profile"]
        self._probe_heads(plan, searchable, state)
        code: list[CodeHit] = []
        checked_at = ""

        round_pool = self._search_round(0, plan.query, "all", plan, searchable, evidence, state)
        if "profile" in plan.families:
            round_pool["profile"] = self._read_profiles(plan, evidence)
        if plan.include_code:
            code, checked_at = self._query_code(plan, evidence)
        evidence.commit_round(0)
        self._accumulate(pool, round_pool)

        for round_ in range(1, self.expansion.max_rounds + 1):
            thin = self._thin_families(pool, searchable, plan, state)
            if not thin:
                break
            try:
                query, match = self._expansion_query(round_, plan.query, evidence)
                round_pool = self._search_round(round_, query, match, plan, thin, evidence, state)
            except StoreUnavailable:
                raise
            except Exception:  # an abandoned round: its calls stay recorded, its pool is dropped
                evidence.abandon_round(round_)
                break
            evidence.commit_round(round_)
            self._accumulate(pool, round_pool)
        return RecallResult(pool, code, evidence, checked_at)

    @staticmethod
    def _accumulate(
        pool: dict[HistoryFamily, list[HistoryCandidate]], round_pool: Mapping[HistoryFamily, list[HistoryCandidate]]
    ) -> None:
        for family, candidates in round_pool.items():
            pool[family].extend(candidates)

    def _thin_families(
        self,
        pool: Mapping[HistoryFamily, list[HistoryCandidate]],
        searchable: Sequence[HistoryFamily],
        plan: RecallPlan,
        state: _RequestState,
    ) -> list[HistoryFamily]:
        """Requested families with a searchable head somewhere but fewer than ``min_candidates``
        distinct candidates so far: the ones an expansion round searches again."""
        return [
            f
            for f in searchable
            if len({c.ref for c in pool[f]}) < self.expansion.min_candidates
            and any(self._has_heads(s, f, state) for s in family_scopes(f, plan.scope_ids))
        ]

    def _expansion_query(self, round_: int, query: str, evidence: Evidence) -> tuple[str, MatchMode]:
        if self.expansion.kind != "model" or self.chat is None or self.generation.model is None:
            return query, ROUND_MATCH[round_]
        evidence.expansion_model_invoked = True
        with evidence.stage("query.expand"):
            messages = [
                {"role": "system", "content": EXPANSION_PROMPT},
                {"role": "user", "content": json.dumps({"task": "expand_query", "query": query}, ensure_ascii=False)},
            ]
            settings: dict[str, object] = {"temperature": self.generation.temperature or 0}
            if self.generation.max_tokens is not None:
                settings["max_tokens"] = self.generation.max_tokens
            try:
                reply = self.chat.complete(
                    messages,
                    model=self.generation.model,
                    settings=settings,
                    timeout_seconds=self.generation.timeout_seconds,
                )
                rewritten = json.loads(reply).get("query")
            except (InferenceError, ValueError, AttributeError):
                raise ExpansionFailed("query expansion failed") from None
        if not isinstance(rewritten, str) or not rewritten.strip():
            raise ExpansionFailed("query expansion returned no query")
        return unicodedata.normalize("NFC", rewritten).strip(), "any"

    # ------------------------------------------------------------------ one round

    def _search_round(
        self,
        round_: int,
        query: str,
        match: MatchMode,
        plan: RecallPlan,
        families: Sequence[HistoryFamily],
        evidence: Evidence,
        state: _RequestState,
    ) -> dict[HistoryFamily, list[HistoryCandidate]]:
        out: dict[HistoryFamily, list[HistoryCandidate]] = {}
        for position, family in enumerate(families):
            cap = FAMILY_CAPS[family]
            per_scope: list[list[HistoryCandidate]] = []
            with evidence.stage(STAGE[family]):
                if position == 0:  # the round's one full-text read, timed in its first family's stage
                    state.text_hits = self._read_text_round(query, match, plan, families, state)
                for scope_id in family_scopes(family, plan.scope_ids):
                    extra = _excluded_in(plan, family, scope_id)
                    hits = self._search_one(round_, family, scope_id, query, match, evidence, state, extra)
                    evidence.candidates(family, len(hits))
                    if extra:
                        kept = [h for h in hits if (scope_id, h.ref.artifact_id, h.ref.revision) not in plan.excluded]
                        evidence.omit(family, "duplicate", len(hits) - len(kept))
                        hits = kept
                    per_scope.append(self._admit(round_, family, scope_id, (query, match), hits, evidence))
            merged, cut = round_robin(per_scope, cap)
            evidence.omit(family, "family_limit", cut)
            out[family] = merged
        return out

    def _fts_only(self) -> bool:
        """Whether every search runs on full text alone (the policy, or ``auto`` with no vectors)."""
        policy = self.embedding.mode
        vector_possible = self.embedder is not None and self.store.vector_search_available
        return policy == "fts" or (policy == "auto" and not vector_possible)

    def _read_text_round(
        self,
        query: str,
        match: MatchMode,
        plan: RecallPlan,
        families: Sequence[HistoryFamily],
        state: _RequestState,
    ) -> dict[tuple[str, str], list[Hit]]:
        """When the round runs on full text alone, every (family, Scope) search it will run, read
        in one ``search_text_many`` call (one round trip on a networked engine instead of one per
        family and Scope). Empty when there is nothing to share, or when that call fails: then each
        search runs on its own, so a failure is still the one family's (``_fts``)."""
        if not self._fts_only():
            return {}
        keys = [
            (family, scope_id)
            for family in families
            for scope_id in family_scopes(family, plan.scope_ids)
            if family == "atomic-memory" or self._has_heads(scope_id, family, state)
        ]
        if len(keys) < 2:
            return {}
        limits = [self._search_limit(family) + _excluded_in(plan, family, scope_id) for family, scope_id in keys]
        searches = [
            TextSearch(scope_id, family, query, limit, match)
            for (family, scope_id), limit in zip(keys, limits, strict=True)
        ]
        try:
            found = self.store.search_text_many(searches)
        except StoreUnavailable:
            raise
        except Exception:
            return {}
        return dict(zip(keys, found, strict=True))

    def _probe_heads(self, plan: RecallPlan, searchable: Sequence[HistoryFamily], state: _RequestState) -> None:
        """Which (Scope, family) pairs the request may search have a searchable head: asked of the
        store once, in one read, instead of once per pair as the rounds reach it."""
        keys = list(dict.fromkeys((s, f) for f in searchable for s in family_scopes(f, plan.scope_ids)))
        state.has_heads.update(zip(keys, self.store.has_searchable_many(keys), strict=True))

    def _has_heads(self, scope_id: str, family: HistoryFamily, state: _RequestState) -> bool:
        key = (scope_id, family)
        if key not in state.has_heads:
            state.has_heads[key] = self.store.has_searchable(scope_id, family)
        return state.has_heads[key]

    def _search_one(
        self,
        round_: int,
        family: HistoryFamily,
        scope_id: str,
        query: str,
        match: MatchMode,
        evidence: Evidence,
        state: _RequestState,
        extra: int = 0,
    ) -> list[Hit]:
        """One family in one Scope: choose the mode, run it, record the call (``extra`` more hits
        read, one per revision the plan excludes in this Scope)."""
        if family != "atomic-memory" and not self._has_heads(scope_id, family, state):
            evidence.search(round_, family, "none", "not_run")
            return []
        limit = self._search_limit(family) + extra
        if self._fts_only():
            read = state.text_hits.pop((family, scope_id), None)
            if read is not None:
                evidence.search(round_, family, "fts", "completed", "none")
                return read
            return self._fts(round_, family, scope_id, query, match, limit, evidence, "none")
        policy = self.embedding.mode
        vector_possible = self.embedder is not None and self.store.vector_search_available
        mode: SearchMode = "vector" if policy == "vector" else "hybrid"
        if not vector_possible:  # an explicit vector/hybrid policy with nothing to run it on
            no_embedder = self.embedder is None
            cause = "no embedder configured" if no_embedder else "the store has no vector search"
            self.warnings.failed("vector", cause, f"embedding.mode = {policy} returns nothing")
            evidence.search(round_, family, mode, "failed", "inference_unavailable" if no_embedder else "none")
            return []
        failed = scope_id in state.failed_scopes
        vector = None if failed else self._query_vector(round_, scope_id, query, state)
        if vector is None:  # the Scope's vector channel failed, in this round or an earlier one
            reason, failed_round = state.failed_scopes[scope_id]
            if policy != "auto":
                self.warnings.failed("vector", reason, f"embedding.mode = {policy} returns nothing")
                evidence.search(round_, family, mode, "failed", reason)
                return []
            self.warnings.failed("vector", reason, "embedding.mode = auto falls back to full text")
            fallback: FallbackReason = "reused_fts_fallback" if failed_round < round_ else reason
            return self._fts(round_, family, scope_id, query, match, limit, evidence, fallback)
        try:
            vector_hits = self.store.search_vector(scope_id, family, vector, self.embedding.profile, limit)
            if mode == "vector":
                hits = vector_hits
            else:
                text_hits = self.store.search_text(scope_id, family, query, limit, match=match)
                hits = rrf_merge([text_hits, vector_hits], limit)
        except StoreUnavailable:
            raise
        except Exception as exc:
            self.warnings.failed("vector", type(exc).__name__, f"embedding.mode = {policy}: the family returns nothing")
            evidence.search(round_, family, mode, "failed")
            return []
        evidence.search(round_, family, mode)
        return hits

    def _fts(
        self,
        round_: int,
        family: HistoryFamily,
        scope_id: str,
        query: str,
        match: MatchMode,
        limit: int,
        evidence: Evidence,
        reason: FallbackReason,
    ) -> list[Hit]:
        try:
            hits = self.store.search_text(scope_id, family, query, limit, match=match)
        except StoreUnavailable:
            raise
        except Exception as exc:
            self.warnings.failed("fts", type(exc).__name__, "the family returns nothing")
            evidence.search(round_, family, "fts", "failed", reason)
            return []
        evidence.search(round_, family, "fts", "completed", reason)
        return hits

    def _query_vector(self, round_: int, scope_id: str, query: str, state: _RequestState) -> list[float] | None:
        if query in state.vectors:
            return state.vectors[query]
        assert self.embedder is not None
        try:
            vector = self.embedder.embed([query])[0]
        except InferenceError as exc:
            reason: FallbackReason = "inference_timeout" if exc.kind == "inference_timeout" else "inference_unavailable"
            state.failed_scopes[scope_id] = (reason, round_)
            return None
        state.vectors[query] = vector
        return vector

    def _search_limit(self, family: HistoryFamily) -> int:
        if family == "atomic-memory" and self.reranker is not None:
            return max(self.rerank_settings.candidate_limit, FAMILY_CAPS[family])
        return FAMILY_CAPS[family]

    def _admit(
        self,
        round_: int,
        family: HistoryFamily,
        scope_id: str,
        searched: tuple[str, MatchMode],
        hits: list[Hit],
        evidence: Evidence,
    ) -> list[HistoryCandidate]:
        """Hits → candidates (a Topic Memory with the snippet of its detail the query matched, if
        any); for Atomic Memory with a reranker, rerank the coarse pool to the cap."""
        query, match = searched
        if family == "topic-memory":
            details = [text if isinstance(text := h.content.get("detail"), str) else "" for h in hits]
            snippets = topic_snippets(query, match, details)
            return [HistoryCandidate(h.ref, family, h.content, s) for h, s in zip(hits, snippets, strict=True)]
        candidates = [HistoryCandidate(h.ref, family, h.content) for h in hits]
        cap = FAMILY_CAPS[family]
        if family != "atomic-memory" or self.reranker is None or not candidates:
            return candidates
        texts = [text if isinstance(text := c.content.get("text"), str) else "" for c in candidates]
        with evidence.stage("memory.rerank"):
            result = self.reranker.rerank(query, scope_id, texts, cap)
        evidence.rerank(RerankCall(round_, result.config, result.outcome, result.fallback_reason))
        if result.outcome == "failed":
            evidence.omit(family, "rerank_not_selected", len(candidates))
            return []
        if result.order is None:  # fallback: the coarse order, cut to the cap
            kept = candidates[:cap]
            evidence.omit(family, "family_limit", len(candidates) - len(kept))
            return kept
        kept = [candidates[i] for i in result.order]
        evidence.omit(family, "rerank_not_selected", len(candidates) - len(kept))
        return kept

    # ------------------------------------------------------------------ snapshot and code

    def _read_profiles(self, plan: RecallPlan, evidence: Evidence) -> list[HistoryCandidate]:
        found: list[HistoryCandidate] = []
        missing = 0
        with evidence.stage(STAGE["profile"]):
            for scope_id in plan.scope_ids:
                hit = self.store.read_profile(scope_id)
                if hit is None:
                    missing += 1
                    continue
                evidence.search(0, "profile", "snapshot")
                found.append(HistoryCandidate(hit.ref, "profile", hit.content))
        for _ in range(missing):
            evidence.search(0, "profile", "none", "not_run")
        evidence.candidates("profile", len(found))
        return found

    def _query_code(self, plan: RecallPlan, evidence: Evidence) -> tuple[list[CodeHit], str]:
        """The code hits of the current Scope's workspace, and when that workspace was indexed."""
        scope_id = plan.scope_ids[0]
        with evidence.stage(STAGE["code"]):
            try:
                workspace, hits = self.store.query_current_code(scope_id, plan.query, CODE_QUERY_LIMIT)
            except StoreUnavailable:
                raise
            except Exception:
                evidence.search(0, "code", "code", "failed")
                return [], ""
            if workspace is None:
                evidence.search(0, "code", "none", "not_run")
                return [], ""
        evidence.search(0, "code", "code")
        evidence.candidates("code", len(hits))
        return hits, workspace.indexed_at
