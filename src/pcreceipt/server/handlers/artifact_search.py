"""The handler of ``search_artifacts`` (POST ``/v1/scopes/{scope_id}/artifacts/{family}/search``,
registered in ``server.handlers.HANDLERS``): one Artifact Family searched in one Scope, answered
as PowerContext 1.4.1 answers it (complete exact revisions, best first, scores on request).

Decisions (``docs/decisions.md``, "Artifact search"):
- The Family: one PowerContext 1.4.1 does not know is 404 ``artifact_family_not_found``; a known
  one it cannot search (handoff, profile, prompt) is 422 ``artifact_search_not_supported``
  (``details.field`` ``family``). Then the Family's own request rules (``FAMILY_RULES``): a field
  it does not take, a mode, a bound; each refusal 422 ``invalid_request`` at the field.
- Retrieval is the store's, as prepare and the other searches read it: full text (``any`` term)
  per family, Atomic Memory's vectors when asked and possible, Topic Memory's two full-text
  channels (``topic_fts``: title and summary; ``detail_fts``: detail) as ``search_topic_memory``
  splits them, managed Skills by the same in-process full-text match over their text. A text hit
  is admitted by 1.4.1's lexical floor (``admission``); the admitted hits of each channel are
  ranked from 1 in the store's order.
- Scores: the store reports ranks, not engine scores. A channel's value is the rank (metric
  ``rank``, lower is better); ``retrieval`` is the weighted reciprocal rank fusion of the hit's
  channels (``fusion``: rrf, ``rank_constant`` 60 and weights 1 unless given) divided by the best
  fusion possible, so 1 is best. ``min_score`` compares ``retrieval``; best first, ties by
  artifact id.
"""

from __future__ import annotations

import io
import math
import zipfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from pcreceipt.contract import gate
from pcreceipt.errors import ArtifactFamilyNotFound, ArtifactSearchNotSupported
from pcreceipt.models import bodies, limits
from pcreceipt.server.handlers import records
from pcreceipt.server.handlers.common import invalid, require_i_json
from pcreceipt.server.handlers.memory import ATOMIC_MEMORY, RRF_K, filtered_hits, query_vector, tagged_ids
from pcreceipt.server.handlers.review import library_window
from pcreceipt.server.handlers.topic_memory import TOPIC_MEMORY, topic_channels
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store.lexical import distinct_words, matched_terms
from pcreceipt.store.records import ArtifactRef, HistoryFamily, Hit, SkillRevision, served_content
from pcreceipt.store.text import searchable_text

#: The Families PowerContext 1.4.1's Artifact repository knows (its candidate Families, every one
#: of its built-in Artifact types); the others are 404.
KNOWN_FAMILIES: Final = frozenset(limits.CANDIDATE_FAMILY_ENUM)
EXPERIENCE: Final = "experience"
SKILL: Final = "skill"
TEXT, VECTOR, HYBRID = limits.ATOMIC_MEMORY_SEARCH_MODE_ENUM
LEXICAL: Final = frozenset({"lexical_coverage", "lexical_min_matched_terms"})
SEMANTIC: Final = "min_semantic_similarity"
DEFAULT_COVERAGE = limits.ARTIFACT_SEARCH_ADMISSION_LEXICAL_COVERAGE_DEFAULT
DEFAULT_MIN_MATCHED = limits.ARTIFACT_SEARCH_ADMISSION_LEXICAL_MIN_MATCHED_TERMS_DEFAULT
SHORT_QUERY_TERMS = limits.ARTIFACT_SEARCH_ADMISSION_SHORT_QUERY_TERMS_MAXIMUM
RANK_METRIC: Final = "rank"
MAX_LIMIT = limits.SEARCH_ARTIFACTS_REQUEST_LIMIT_MAXIMUM
MAX_QUERY = limits.SEARCH_ARTIFACTS_REQUEST_QUERY_MAX_LENGTH
TOPIC_CHANNELS: Final = limits.TOPIC_MEMORY_MATCHED_BY_ENUM
TOPIC_FTS, TOPIC_VECTOR, DETAIL_FTS, DETAIL_VECTOR = TOPIC_CHANNELS
MAX_TOPIC_TERMS = limits.SEARCH_ARTIFACTS_REQUEST_TOPIC_MEMORY_QUERY_TERMS_MAXIMUM
MAX_PACKAGE_FILE_BYTES = limits.SEARCH_ARTIFACTS_REQUEST_SKILL_PACKAGE_FILE_BYTES_MAXIMUM


@dataclass(frozen=True, slots=True)
class FamilyRules:
    """What one Family's search takes (1.4.1's per-Family request model)."""

    max_limit: int
    max_query: int
    modes: Mapping[str, tuple[str, ...]]
    """Mode to the channels it enables."""
    default_mode: str
    filters: frozenset[str]
    admission: frozenset[str]
    fusion: bool


_TEXT_ONLY: Final[Mapping[str, tuple[str, ...]]] = {TEXT: (TEXT,)}
FAMILY_RULES: Final[Mapping[str, FamilyRules]] = {
    EXPERIENCE: FamilyRules(MAX_LIMIT, MAX_QUERY, _TEXT_ONLY, TEXT, frozenset(), LEXICAL, False),
    SKILL: FamilyRules(
        MAX_LIMIT, limits.SEARCH_ARTIFACTS_REQUEST_SKILL_QUERY_MAX_LENGTH, _TEXT_ONLY, TEXT, frozenset(), LEXICAL, False
    ),
    TOPIC_MEMORY: FamilyRules(
        limits.SEARCH_ARTIFACTS_REQUEST_TOPIC_MEMORY_LIMIT_MAXIMUM,
        MAX_QUERY,
        {TEXT: (TOPIC_FTS, DETAIL_FTS), VECTOR: (TOPIC_VECTOR, DETAIL_VECTOR), HYBRID: TOPIC_CHANNELS},
        TEXT,
        frozenset(),
        LEXICAL | {SEMANTIC},
        True,
    ),
    ATOMIC_MEMORY: FamilyRules(
        limits.SEARCH_ARTIFACTS_REQUEST_ATOMIC_MEMORY_LIMIT_MAXIMUM,
        MAX_QUERY,
        {TEXT: (TEXT,), VECTOR: (VECTOR,), HYBRID: (TEXT, VECTOR)},
        TEXT,
        frozenset({"kind", "tags", "tag_match"}),
        LEXICAL | {SEMANTIC},
        True,
    ),
}
COMMON_FIELDS: Final = frozenset({"query", "limit", "include_scores", "mode", "filters", "admission", "min_score"})


@dataclass(frozen=True, slots=True)
class Plan:
    """A request the Family's rules admitted: what to search and how to fuse."""

    query: str
    limit: int
    mode: str
    channels: tuple[str, ...]
    rank_constant: int
    weights: Mapping[str, float]
    coverage: float
    min_matched: int
    min_score: float | None
    include_scores: bool


def _family_rules(family: str) -> FamilyRules:
    if family not in KNOWN_FAMILIES:
        raise ArtifactFamilyNotFound("The Artifact Family is not one this server knows.")
    rules = FAMILY_RULES.get(family)
    if rules is None:
        raise ArtifactSearchNotSupported("This Artifact Family cannot be searched.", {"field": "family"})
    return rules


def _check_fields(body: Mapping[str, Any], rules: FamilyRules) -> None:
    """Fields the Family does not take, and its bounds (1.4.1's strict per-Family model)."""
    taken = COMMON_FIELDS | ({"fusion"} if rules.fusion else set())
    for name in body:
        if name not in taken:
            raise invalid(f"/{name}", "additionalProperties", f"This Family's search does not take {name}.")
    for group, allowed in (("filters", rules.filters), ("admission", rules.admission)):
        for name in body.get(group, {}):
            if name not in allowed:
                raise invalid(f"/{group}/{name}", "additionalProperties", f"This Family's search does not take {name}.")
    if len(body["query"].strip()) > rules.max_query:
        raise invalid("/query", "maxLength", f"This Family's query is at most {rules.max_query} characters.")
    if int(body.get("limit", limits.SEARCH_ARTIFACTS_REQUEST_LIMIT_DEFAULT)) > rules.max_limit:
        raise invalid("/limit", "maximum", f"This Family answers at most {rules.max_limit} results.")
    mode = body.get("mode")
    if mode is not None and mode not in rules.modes:
        raise invalid("/mode", "enum", f"This Family's modes are {', '.join(rules.modes)}.")
    filters = body.get("filters", {})
    if "tag_match" in filters and "tags" not in filters:
        raise invalid("/filters/tag_match", "tag_match_requires_tags", "tag_match needs tags.")


def _fusion(body: Mapping[str, Any], channels: Sequence[str]) -> tuple[int, dict[str, float]]:
    """The rrf parameters: a method other than rrf, a weight of a channel the mode does not enable
    (every Family's modes enable only its own channels, so that covers one the Family does not
    have), or no positive weight is refused at the field."""
    fusion = body.get("fusion")
    if fusion is None:
        return RRF_K, {}
    # a weight or rank constant past what a float holds would overflow the fusion (a 500)
    require_i_json(body, ("fusion",), "Fusion parameters are I-JSON: integers within ±(2**53 - 1).")
    if fusion["method"].strip() != "rrf":
        raise invalid("/fusion/method", "enum", "The supported fusion method is rrf.")
    params = fusion.get("params", {})
    weights = {str(name): float(weight) for name, weight in params.get("weights", {}).items()}
    for name in weights:
        if name not in channels:
            raise invalid(
                gate.pointer(["fusion", "params", "weights", name]),
                "enabled_channel",
                "Weight only the enabled channels.",
            )
    if not any(weights.get(name, 1.0) > 0 for name in channels):
        raise invalid("/fusion/params/weights", "positive_weight", "An enabled channel needs a positive weight.")
    return int(params.get("rank_constant", RRF_K)), weights


def _plan(call: Call[bodies.SearchArtifactsRequest], family: str, rules: FamilyRules) -> Plan:
    body = call.body
    _check_fields(body, rules)
    admission = body.get("admission", {})
    asked = body.get("mode")
    mode = asked or rules.default_mode
    if mode == TEXT and SEMANTIC in admission:
        raise invalid(f"/admission/{SEMANTIC}", "semantic_admission_mode", "Semantic admission needs vectors.")
    if mode == VECTOR and LEXICAL & admission.keys():
        field = sorted(LEXICAL & admission.keys())[0]
        raise invalid(f"/admission/{field}", "lexical_admission_mode", "Lexical admission needs text.")
    if family == TOPIC_MEMORY:
        fusion = body.get("fusion")
        weighted = fusion.get("params", {}).get("weights", {}) if fusion is not None else {}
        vector_weight = any(name.endswith("_vector") for name in weighted)
        if mode != TEXT or SEMANTIC in admission or vector_weight:
            # 1.4.1 without Topic vector indexes or an embedder: pcreceipt searches Topic Memory by text only.
            raise invalid("/mode", "topic_vector_unavailable", "Topic Memory is searched by text only here.")
    channels = rules.modes[mode]
    rank_constant, weights = _fusion(body, channels)
    if family == ATOMIC_MEMORY and mode != TEXT:
        services = call.services
        if services.writer.embedder is None or not services.store.vector_search_available:
            raise ArtifactSearchNotSupported("This server cannot run that search mode.", {"field": "mode"})
        if SEMANTIC in admission:
            raise invalid(f"/admission/{SEMANTIC}", "semantic_admission_unsupported", "No similarity floor here.")
    query = body["query"].strip()
    if family == TOPIC_MEMORY and distinct_words(query) > MAX_TOPIC_TERMS:
        raise invalid("/query", "topic_query_terms", f"A Topic Memory query has at most {MAX_TOPIC_TERMS} terms.")
    return Plan(
        query=query,
        limit=int(body.get("limit", limits.SEARCH_ARTIFACTS_REQUEST_LIMIT_DEFAULT)),
        mode=mode,
        channels=channels,
        rank_constant=rank_constant,
        weights=weights,
        coverage=float(admission.get("lexical_coverage", DEFAULT_COVERAGE)),
        min_matched=int(admission.get("lexical_min_matched_terms", DEFAULT_MIN_MATCHED)),
        min_score=body.get("min_score"),
        include_scores=bool(body.get("include_scores", False)),
    )


def admitted(plan: Plan, texts: Sequence[str]) -> list[bool]:
    """1.4.1's lexical floor over each text (``floor`` of its matched terms)."""
    return floor(plan, *matched_terms(plan.query, texts))


def floor(plan: Plan, terms: int, counts: Sequence[int]) -> list[bool]:
    """1.4.1's lexical floor: a query of ``terms`` terms, at most two, needs one of them in the text
    (``counts``: each text's matched terms), a longer one max(lexical_min_matched_terms,
    ceil(terms x lexical_coverage))."""
    needed = 1 if terms <= SHORT_QUERY_TERMS else max(plan.min_matched, math.ceil(terms * plan.coverage))
    return [count >= needed and count > 0 for count in counts]


# -- one channel list per enabled channel, each best first


Channels = dict[str, list[Hit]]


def _index_text(hit: Hit) -> str:
    text = searchable_text(hit.ref.family, hit.content)
    return f"{text.title}\n{text.body}"


def _text_hits(call: Call, scope_id: str, family: HistoryFamily, query: str) -> list[Hit]:
    store = call.services.store
    depth = store.count_searchable(scope_id, family)
    return store.search_text(scope_id, family, query, depth, match="any") if depth else []


def _experience(call: Call, scope_id: str, plan: Plan) -> Channels:
    hits = _text_hits(call, scope_id, EXPERIENCE, plan.query)
    keep = admitted(plan, [_index_text(h) for h in hits])
    return {TEXT: [h for h, ok in zip(hits, keep, strict=True) if ok]}


def _topic(call: Call, scope_id: str, plan: Plan) -> Channels:
    hits = _text_hits(call, scope_id, TOPIC_MEMORY, plan.query)
    matched, _snippets, texts = topic_channels(plan.query, hits)
    out: Channels = {}
    for name in plan.channels:
        keep = admitted(plan, texts[name])
        out[name] = [h for h, m, ok in zip(hits, matched[name], keep, strict=True) if m and ok]
    return out


def _atomic(call: Call, scope_id: str, plan: Plan) -> Channels:
    filters = call.body.get("filters", {})
    kind = filters.get("kind")
    tagged: set[str] | None = None
    if "tags" in filters:
        match = filters.get("tag_match", limits.TAG_FILTER_MATCH_DEFAULT)
        tagged = tagged_ids(call, scope_id, filters["tags"], match, "/filters/tags")

    store = call.services.store
    out: Channels = {}
    if TEXT in plan.channels:
        hits = filtered_hits(_text_hits(call, scope_id, ATOMIC_MEMORY, plan.query), kind, tagged)
        keep = admitted(plan, [_index_text(h) for h in hits])
        out[TEXT] = [h for h, ok in zip(hits, keep, strict=True) if ok]
    if VECTOR in plan.channels:
        embedder = call.services.writer.embedder
        vector = query_vector(call, plan.query, required=True)
        assert vector is not None and embedder is not None  # _plan refused a vector mode without them
        depth = store.count_searchable(scope_id, ATOMIC_MEMORY)
        out[VECTOR] = (
            filtered_hits(store.search_vector(scope_id, ATOMIC_MEMORY, vector, embedder.profile, depth), kind, tagged)
            if depth
            else []
        )
    return out


def _package_texts(call: Call, scope_id: str, content: Mapping[str, Any]) -> list[str]:
    """A package-backed Skill's package as 1.4.1 searches it: every file's path, and the UTF-8 text
    of ``SKILL.md`` and ``references/*.md|*.txt`` up to the size bound."""
    reference = content.get("package")
    stored = None
    if isinstance(reference, Mapping):
        stored = call.services.store.skill_package(scope_id, str(reference["archive_digest"]))
    if stored is None:
        return []
    manifest, archive = stored
    texts: list[str] = []
    with zipfile.ZipFile(io.BytesIO(archive)) as package:
        for entry in manifest["files"]:
            path = str(entry["path"])
            texts.append(path)
            indexed = path == "SKILL.md" or (path.startswith("references/") and path.endswith((".md", ".txt")))
            if indexed and int(entry["size"]) <= MAX_PACKAGE_FILE_BYTES:
                try:
                    texts.append(package.read(path).decode("utf-8"))
                except UnicodeDecodeError:
                    continue
    return texts


def skill_text(content: Mapping[str, Any], package: Sequence[str] = ()) -> str:
    """A managed Skill's searchable text: its authored fields and its package (1.4.1's projection)."""
    metadata = dict(content.get("metadata") or {})
    values = [
        content.get("name"),
        content.get("description"),
        content.get("instructions"),
        *(content.get("validation") or []),
        *(f"{key} {value}" for key, value in sorted(metadata.items())),
        content.get("license"),
        content.get("compatibility"),
        content.get("allowed_tools"),
        *package,
    ]
    return "\n".join(str(value) for value in values if isinstance(value, str))


def _skills(call: Call, scope_id: str, plan: Plan) -> tuple[Channels, dict[ArtifactRef, SkillRevision]]:
    """Active managed Skill heads whose text the query matches (admitted by the lexical floor),
    most query terms matched first, then by artifact id."""
    store = call.services.store
    active = library_window(store.managed_skill_heads(scope_id), store.skill_governance(scope_id), "", False)
    texts = [skill_text(s.content, _package_texts(call, scope_id, s.content)) for s in active]
    terms, counts = matched_terms(plan.query, texts)  # matched once: the floor and the order both take it
    keep = floor(plan, terms, counts)
    chosen = sorted((i for i, ok in enumerate(keep) if ok), key=lambda i: (-counts[i], active[i].ref.artifact_id))
    by_ref = {active[i].ref: active[i] for i in chosen}
    return {TEXT: [Hit(active[i].ref, active[i].content) for i in chosen]}, by_ref


# -- fusion and the answer


@dataclass(frozen=True, slots=True)
class Scored:
    hit: Hit
    retrieval: float
    ranks: dict[str, int]


def fuse(plan: Plan, channels: Channels) -> list[Scored]:
    """Weighted reciprocal rank fusion over the enabled channels, normalised by the best fusion
    possible (rank 1 in every channel of positive weight): best first, ties by artifact id. A
    channel of weight 0 adds nothing and finds nothing on its own, but a result it ranked still
    names it (1.4.1 keeps every channel's evidence of a result)."""
    k = plan.rank_constant
    weights = {name: plan.weights.get(name, 1.0) for name in plan.channels}
    best = 0.0  # summed as a result's own sum is, so rank 1 everywhere is exactly 1
    for weight in weights.values():
        if weight > 0:
            best += weight / (k + 1)
    hits: dict[ArtifactRef, Hit] = {}
    ranks: dict[ArtifactRef, dict[str, int]] = {}
    sums: dict[ArtifactRef, float] = {}
    for name in plan.channels:
        for rank, hit in enumerate(channels.get(name, []), start=1):
            hits.setdefault(hit.ref, hit)
            ranks.setdefault(hit.ref, {})[name] = rank
            if weights[name] > 0:
                sums[hit.ref] = sums.get(hit.ref, 0.0) + weights[name] / (k + rank)
    scored = [Scored(hits[ref], min(1.0, sums[ref] / best), ranks[ref]) for ref in sums]
    scored.sort(key=lambda s: (-s.retrieval, s.hit.ref.artifact_id, -s.hit.ref.revision))
    if plan.min_score is not None:
        scored = [s for s in scored if s.retrieval >= plan.min_score]
    return scored[: plan.limit]


def _scores(found: Scored) -> dict[str, Any]:
    return {
        "retrieval": found.retrieval,
        "channels": {
            name: {"raw": rank, "metric": RANK_METRIC, "higher_is_better": False} for name, rank in found.ranks.items()
        },
    }


def _lineage(sources: list[Any], artifacts: list[Any]) -> dict[str, Any]:
    return {"sources": sources, "artifacts": artifacts, "publication_source": None, "publication_digest": None}


def _revision_items(call: Call, scope_id: str, plan: Plan, found: Sequence[Scored]) -> list[dict[str, Any]]:
    """The complete revisions of the results, read together (one the store no longer holds is left out)."""
    store = call.services.store
    refs = [replace(s.hit.ref, scope_id=scope_id) for s in found]
    revisions = store.get_revisions(refs)
    lineage = store.lineage_sources([ref for ref in refs if ref in revisions])
    items = []
    for scored, ref in zip(found, refs, strict=True):
        record = revisions.get(ref)
        if record is None:
            continue
        sources, artifacts = records.source_references(record, lineage), records.lineage_artifacts(record)
        items.append(_item(plan, scored, served_content(record), _lineage(sources, artifacts)))
    return items


def _item(plan: Plan, scored: Scored, content: Mapping[str, Any], lineage: dict[str, Any]) -> dict[str, Any]:
    ref = scored.hit.ref
    item = {
        "family": ref.family,
        "artifact_id": ref.artifact_id,
        "revision": ref.revision,
        "content": dict(content),
        "lineage": lineage,
    }
    return item | {"scores": _scores(scored)} if plan.include_scores else item


SEARCHERS: Final[Mapping[str, Callable[[Call, str, Plan], Channels]]] = {
    EXPERIENCE: _experience,
    TOPIC_MEMORY: _topic,
    ATOMIC_MEMORY: _atomic,
}


def search_artifacts(call: Call[bodies.SearchArtifactsRequest]) -> Reply:
    scope_id, family = call.path["scope_id"], call.path["family"]
    rules = _family_rules(family)
    plan = _plan(call, family, rules)
    if family == SKILL:
        channels, skills = _skills(call, scope_id, plan)
        found = fuse(plan, channels)
        items = [
            _item(
                plan,
                s,
                skills[s.hit.ref].content,
                _lineage(
                    [{"source_type": r.source_type, "source_id": r.source_id} for r in skills[s.hit.ref].source_refs],
                    [r.reference() for r in skills[s.hit.ref].artifact_refs],
                ),
            )
            for s in found
        ]
    else:
        found = fuse(plan, SEARCHERS[family](call, scope_id, plan))
        items = _revision_items(call, scope_id, plan, found)
    return Reply(200, {"results": items})


ARTIFACT_SEARCH_HANDLERS: Mapping[str, Handler] = {"search_artifacts": search_artifacts}
