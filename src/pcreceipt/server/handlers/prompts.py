"""The prompt operations (registered in ``server.handlers.HANDLERS``): ``get_prompt_configuration``
and ``generate_prompt_demonstrations``, in PowerContext 1.4.1's shapes. The catalogue and each
key's availability are ``prepare.prompts``; the model call is ``prepare.demonstrations``.

Decisions (``docs/decisions.md``, "Profile, prompts and Topic Memory processing"):
- A configuration reads the Scope's saved prompt head for the key (``Store.find_prompt``; only
  the keys pcreceipt's prompt artifacts take can have one) and never writes or calls a model.
  Without a head, or with an auto head, the built-in instructions take effect with no
  demonstrations; a custom head's instructions and demonstrations take effect as saved.
- ``builtin`` and ``effective`` are null for a key pcreceipt has no built-in instructions for:
  1.4.1 nulls them for components it does not own, and pcreceipt owns only the rerank and
  extraction prompts (Experience and Skill generation run fixed prompts no Scope replaces).
- Demonstrations are generated only for a ``supported`` key (1.4.1's ``require_customization``),
  else 422 ``prompt_customization_unavailable`` before any model call (so without a provider);
  a provider failure, a late answer or one outside the closed shape is 503 (``inference_timeout``
  for a late one, else ``inference_unavailable``), as ``flush_memory`` answers; nothing is saved.
- ``status`` / ``reason`` are ``get_capabilities``' for the key; ``artifact_etag`` is the head
  artifact's ETag (its If-Match); the answer is ``Cache-Control: no-store``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pcreceipt.errors import InferenceTimeout, InferenceUnavailable, PromptCustomizationUnavailable
from pcreceipt.inference import InferenceError
from pcreceipt.models import bodies
from pcreceipt.prepare import demonstrations, prompts
from pcreceipt.server.handlers import records
from pcreceipt.server.handlers.service import prompt_availability
from pcreceipt.server.http.exchange import Call, Handler, Reply

NO_STORE = {"Cache-Control": "no-store"}


def _demonstrations(content: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [
        {"input": item["input"], "expected_output": item["expected_output"]}
        for item in content.get("demonstrations", [])
    ]


def prompt_configuration(call: Call, scope_id: str, key: str) -> dict[str, Any]:
    """The combined view of one key in one Scope (module docstring)."""
    state = prompts.key_status(key, prompt_availability(call))
    head = call.services.store.find_prompt(scope_id, key)
    content: Mapping[str, Any] = {} if head is None else head.content
    mode = "custom" if content.get("mode") == "custom" else "auto"
    text = prompts.BUILTIN_TEXTS.get(key)
    builtin = effective = None
    if text is not None and state.reason != "injected_component":
        builtin = {"version": prompts.builtin_version(key), "profile": None, "instructions": text}
        if mode == "custom":
            instructions = str(content.get("instructions", ""))
            effective = {"instructions": instructions, "demonstrations": _demonstrations(content)}
        else:
            effective = {"instructions": text, "demonstrations": []}
    return {
        "scope_id": scope_id,
        "prompt_key": key,
        "status": state.status,
        "reason": state.reason,
        "mode": mode,
        "artifact": None if head is None else records.artifact_reference(head.ref),
        "artifact_etag": None if head is None else records.artifact_etag(head.ref.revision),
        "effective": effective,
        "builtin": builtin,
    }


def get_prompt_configuration(call: Call[None]) -> Reply:
    body = prompt_configuration(call, str(call.path["scope_id"]), str(call.path["prompt_key"]))
    return Reply(200, body, dict(NO_STORE))


def generate_prompt_demonstrations(call: Call[bodies.GeneratePromptDemonstrationsRequest]) -> Reply:
    key = str(call.path["prompt_key"])
    supported = prompts.key_status(key, prompt_availability(call)).status == "supported"
    if not supported or key not in demonstrations.DEMONSTRABLE:
        raise PromptCustomizationUnavailable("The effective component cannot honor a custom Prompt.")
    body = call.body
    try:
        found = demonstrations.generate(
            call.services.settings, key, body["instructions"], int(body["demonstration_count"])
        )
    except InferenceError as error:
        if error.kind == "inference_timeout":
            raise InferenceTimeout("The model did not answer in time; nothing was generated.") from None
        raise InferenceUnavailable("The model could not generate the demonstrations.") from None
    return Reply(200, {"prompt_key": key, "demonstrations": found})


PROMPT_HANDLERS: Mapping[str, Handler] = {
    "get_prompt_configuration": get_prompt_configuration,
    "generate_prompt_demonstrations": generate_prompt_demonstrations,
}
