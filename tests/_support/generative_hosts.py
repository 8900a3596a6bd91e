"""The hosts' generative tools against ``pcreceipt serve`` with a model and a Skill registry.

``generating_served`` starts ``pcreceipt serve`` as ``_support.hosts.served`` does, with the two
settings an operator gives for these tools: the generation provider (``FakeInference``, the
loopback OpenAI-compatible fake, at ``PCRECEIPT_GENERATION_BASE_URL``) and the external Skill
registry directory (``PCRECEIPT_EXTERNAL_SKILLS_DIR``, holding one package, ``REGISTRY_SKILL``).

``Script`` is a model's tool session written as data: each step a tool name and its parameters,
under a label; a later step quotes an earlier result with ``script.ref(label, path)`` (the drivers'
``$result:<i>.<path>``), and a test reads a result back by its label. ``generative_session`` is the
part Pi and OpenCode share (both name these tools alike): a Source captured by the tool, a Handoff
prepared from it, finalized, committed and continued; a boundary Source activated (generated), the
same boundary again (ignored), that draft finalized, committed on the first and continued exactly;
an Experience and a Skill generated from captured Sources, a Source with nothing to learn (the
model's ``no_op``); the review inbox listed and the Experience candidate read. The Source texts
spell out, line by line, what the fake drafts and proposes (``_support.fakes``).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _support.external_skills import registry_package
from _support.fakes import FakeInference
from _support.hosts import Served, served

MODEL = "fake/generator"
REGISTRY_SKILL = "deploy-check"
OBJECTIVE = "Finish the retry policy for the webhook sender."
HANDOFF_LOG = (
    "state: Retries back off exponentially up to five attempts.\n"
    "next: Add jitter to the backoff.\n"
    "omission: No load test was run."
)
BOUNDARY_LOG = "state: The sender now records each attempt.\ndisposition: blocked"
LESSON_LOG = (
    "situation: Webhook deliveries timed out during the nightly batch.\n"
    "action: Moved the sender onto its own worker pool.\n"
    "outcome: No delivery timed out the next night.\n"
    "lesson: Keep webhook delivery off the batch worker pool."
)
SKILL_LOG = (
    "name: webhook-replay\n"
    "description: Replay failed webhook deliveries from the dead-letter queue.\n"
    "instructions: List the dead letters, then replay them oldest first.\n"
    "validation: the dead-letter queue is empty"
)
ROUTINE_LOG = "The nightly batch finished on time."


@contextmanager
def generating_served(engine: str, workdir: Path, inference: FakeInference) -> Iterator[Served]:
    """``pcreceipt serve`` on ``engine`` with the fake as its model and a registry of one package."""
    registry = workdir / "registry"
    registry_package(registry, REGISTRY_SKILL)
    settings = {
        "PCRECEIPT_GENERATION_BASE_URL": inference.base_url,
        "PCRECEIPT_GENERATION_MODEL": MODEL,
        "PCRECEIPT_GENERATION_TIMEOUT_SECONDS": "20",  # a shared, busy machine; the fake answers at once
        "PCRECEIPT_EXTERNAL_SKILLS_DIR": str(registry),
    }
    with served(engine, workdir, settings) as server:
        yield server


@dataclass
class Script:
    """A model's tool calls by label, in order (``calls`` is what a driver's ``tool_calls`` takes)."""

    calls: list[dict[str, Any]] = field(default_factory=list)
    labels: dict[str, int] = field(default_factory=dict)

    def add(self, label: str, tool: str, **params: Any) -> None:
        assert label not in self.labels, label
        self.labels[label] = len(self.calls)
        self.calls.append({"name": tool, "params": params})

    def ref(self, label: str, path: str) -> str:
        """The earlier result ``label`` at ``path`` (dot-separated keys and list indexes)."""
        return f"$result:{self.labels[label]}.{path}"

    def result(self, results: list[dict[str, Any]], label: str) -> dict[str, Any]:
        assert len(results) == len(self.calls), "the host ran every call"
        return results[self.labels[label]]

    def capture(self, label: str, content: str) -> None:
        self.add(label, "pc_capture_source", source_id=f"{label}-{uuid.uuid4().hex[:12]}", content=content)

    def cited(self, label: str) -> dict[str, Any]:
        """Handoff evidence citing the Source the capture ``label`` returned."""
        return {"kind": "source", "source_ref": self.ref(label, "data.source")}


def generative_session() -> Script:
    """The Handoff, generation and review-inbox calls Pi and OpenCode both make (see the module doc)."""
    script = Script()
    script.capture("log", HANDOFF_LOG)
    script.add(
        "prepared",
        "pc_handoff_prepare",
        objective=OBJECTIVE,
        evidence=[script.cited("log")],
        rollover_reasons=["manual_checkpoint"],
    )
    script.add("finalized", "pc_handoff_finalize", draft=script.ref("prepared", "data"))
    script.add("committed", "pc_handoff_commit", handoff=script.ref("finalized", "data"))
    script.add("continued", "pc_handoff_continue", selection="latest")
    script.capture("boundary", BOUNDARY_LOG)
    activation = {"boundary_source": script.ref("boundary", "data.source"), "objective": OBJECTIVE}
    script.add("activated", "pc_handoff_activate", **activation, evidence=[script.cited("log")])
    script.add("ignored", "pc_handoff_activate", **activation)
    script.add("finalized_activation", "pc_handoff_finalize", draft=script.ref("activated", "data.draft"))
    script.add("committed_activation", "pc_handoff_commit", handoff=script.ref("finalized_activation", "data"))
    script.add(
        "continued_exact",
        "pc_handoff_continue",
        selection="exact",
        revision=script.ref("committed_activation", "data.reference"),
    )
    script.capture("lesson", LESSON_LOG)
    lesson = script.ref("lesson", "data.source")
    script.add("experience", "pc_experience_generate", source_refs=[lesson], artifact_refs=[], reason="From the log.")
    script.capture("routine", ROUTINE_LOG)
    script.add("no_op", "pc_experience_generate", source_refs=[script.ref("routine", "data.source")], artifact_refs=[])
    script.capture("skill_log", SKILL_LOG)
    skill_source = script.ref("skill_log", "data.source")
    script.add("skill", "pc_skill_generate", origin="source", source_refs=[skill_source], artifact_refs=[])
    script.add("pending", "pc_review_list", family="experience")
    script.add("read", "pc_review_get", candidate_id=script.ref("experience", "data.candidate.candidate_id"))
    return script


def reference(revision: int) -> dict[str, Any]:
    return {"family": "handoff", "artifact_id": "handoff", "revision": revision}
