"""``flush_profile`` (registered in ``server.handlers.HANDLERS``): one bounded window of a Scope's
Sources past its Profile cursor, as PowerContext 1.4.1's Profile service processes it. Storage is
``store.profile_flush``; the model call is ``prepare.profile_generation``.

The flow (1.4.1's; decisions in ``docs/decisions.md``, "Profile flush"):

1. Read the snapshot (``Store.profile_window``): 404 ``scope_not_found`` for an unknown Scope.
2. No policy, or generation off: ``disabled``, nothing written. A pending Profile candidate:
   ``review_pending`` with its id (never here: this server creates no Profile candidate).
3. The window: the Sources past the cursor, at most ``WINDOW`` less one for a current Profile and
   one for a custom ``profile.generate`` prompt (1.4.1 reserves their places in the lineage's
   bound). Empty: ``noop``, nothing written.
4. Its evidence: captured content Sources (artifact lineage Sources, Working Notes and the other
   origins are passed, as extraction passes them). With evidence: without a generation provider
   503 ``generation_unavailable`` (details ``family: profile``), 1.4.1's answer; with a
   ``review_required`` policy the same 503 (a Profile candidate would need the review of a family
   this server does not review); else one model call (``ProfileGenerator``): a failing or late
   model is 503 ``inference_unavailable`` / ``inference_timeout``, a wrong answer
   ``inference_unavailable`` (pcreceipt's one rule for a model's bad answer), nothing written. An
   answer equal to the current Profile is no update.
5. The commit (``Store.commit_profile_flush``; the revision names the newest ``NAMED_SOURCES`` of
   its evidence Sources): ``updated`` with the revision written, or ``noop``
   when nothing was; ``conflict`` when another flush or write changed the state since step 1
   (nothing written; ``current_cursor`` the cursor as it now is).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from pcreceipt.errors import GenerationUnavailable, InferenceTimeout, InferenceUnavailable, ScopeNotFound
from pcreceipt.inference import InferenceError
from pcreceipt.models import bodies, limits
from pcreceipt.prepare.extraction import prompt_source_for
from pcreceipt.prepare.profile_generation import PROFILE_PROMPT_KEY, profile_prompt
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.server.http.store_errors import SCOPE_NOT_FOUND_MESSAGE
from pcreceipt.store.records import ArtifactRef, RecordNotFound, SourceRef

WINDOW: Final = 32
"""At most this many Sources per flush (1.4.1's ``profile_max_sources_per_window``, default and bound)."""
EVIDENCE_ORIGINS: Final = frozenset({"content"})
NAMED_SOURCES: Final = limits.ARTIFACT_REVISION_SOURCES_MAX_ITEMS
"""A Profile revision names at most this many of its evidence Sources, the newest (the contract's
bound on a revision's ``sources``; 1.4.1 names them all)."""
FAMILY: Final = {"family": "profile"}


def _body(
    status: str,
    previous: int,
    current: int,
    high: int,
    processed: int = 0,
    artifact: ArtifactRef | None = None,
    candidate_id: str | None = None,
) -> dict[str, Any]:
    return {
        "status": status,
        "previous_cursor": previous,
        "current_cursor": current,
        "high_watermark": high,
        "processed_source_count": processed,
        "artifact": None if artifact is None else artifact.reference(),
        "candidate_id": candidate_id,
    }


def _model_failure(error: InferenceError) -> Exception:
    if error.kind == "inference_timeout":
        return InferenceTimeout("The generation model did not answer in time; the Profile cursor stays.")
    return InferenceUnavailable("The generation model could not generate the Profile; the Profile cursor stays.")


def flush_profile(call: Call[bodies.FlushProfileRequest]) -> Reply:
    scope_id = call.body["scope_id"]
    store = call.services.store
    try:
        seen = store.profile_window(scope_id, WINDOW)
    except RecordNotFound:
        raise ScopeNotFound(SCOPE_NOT_FOUND_MESSAGE) from None
    after, high, policy = seen.cursor, seen.high_watermark, seen.policy
    if policy is None or not policy.generation_enabled:
        return Reply(200, _body("disabled", after, after, high))
    if policy.pending_candidate_id is not None:
        return Reply(200, _body("review_pending", after, after, high, candidate_id=policy.pending_candidate_id))
    prompt = profile_prompt(scope_id, prompt_source_for(store.find_prompt, PROFILE_PROMPT_KEY))
    parents = () if seen.head is None else (seen.head.ref,)
    lineage = (*parents, *(() if prompt.identity.artifact is None else (prompt.identity.artifact,)))
    window = seen.sources[: WINDOW - len(lineage)]
    if not window:
        return Reply(200, _body("noop", after, after, high))
    evidence = [source for source in window if source.origin in EVIDENCE_ORIGINS]
    content = None
    if evidence:
        generator = call.services.profile_generator
        if generator is None:
            raise GenerationUnavailable("Artifact generation is not configured.", FAMILY)
        if policy.activation_mode == "review_required":
            raise GenerationUnavailable("This server generates no Profile candidate for review.", FAMILY)
        try:
            content = generator.generate(prompt, None if seen.head is None else seen.head.content, evidence)
        except InferenceError as error:
            raise _model_failure(error) from None
        if seen.head is not None and content == seen.head.content:
            content = None
    commit = store.commit_profile_flush(
        scope_id,
        policy_version=policy.version,
        cursor=after,
        head=None if seen.head is None else seen.head.ref,
        through=window[-1].position,
        content=content,
        sources=[SourceRef("content", source.source_id) for source in evidence[-NAMED_SOURCES:]],
        artifacts=lineage,
    )
    if not commit.committed:
        return Reply(200, _body("conflict", after, commit.cursor, high, len(evidence)))
    status = "noop" if commit.artifact is None else "updated"
    return Reply(200, _body(status, after, commit.cursor, high, len(evidence), commit.artifact))


PROFILE_FLUSH_HANDLERS: Mapping[str, Handler] = {"flush_profile": flush_profile}
