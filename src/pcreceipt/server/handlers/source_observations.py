"""The handler of ``submit_source_observation`` (registered in ``server.handlers.HANDLERS``), in
PowerContext 1.4.1's shapes; ``store.source_observations`` keeps the observed Sources.

Decisions (``docs/decisions.md``, "Source observations"), checked in 1.4.1's order, before
anything is written:
- What 1.4.1's observation model refuses is 422 ``invalid_request`` with a violation: a name,
  source type or definition version with leading or trailing white space (rule ``trimmed``), a
  payload whose ``name``, ``definition_version``, ``materialization`` or ``description`` is not
  the envelope's (an absent description is null; rule ``envelope`` at the payload's member), a
  projection key twice (rule ``unique_keys``) and a value outside I-JSON (rule ``i_json``: the
  stored form is RFC 8785 JSON).
- No manifest under (source_type, definition_version) is 404 ``source_definition_not_found``.
- What 1.4.1 checks against the manifest is 422 ``invalid_source_ingestion`` (details null):
  another fingerprint, more than 4 MiB of observation JSON, a payload its ``source_schema``
  refuses, projections other than exactly the declared keys, a projection value its schema
  refuses, and a ``powercontext.text-evidence`` value that is not ``{source_type, source_id,
  content, metadata?}`` naming this observation (its ``source_type`` and its name). Schemas are
  draft 2020-12, formats not asserted (1.4.1's validator), local references only (registration
  refused the others).
- Then the Scope (404 ``scope_not_found``) and the store: 202 with ``{source: {name: source_type,
  source_id: name}, position}``; the same observation again answers the first position, another
  under the same identity is 409 ``source_conflict`` (1.4.1's code and message).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import jsonschema_rs
import rfc8785

from pcreceipt.contract.digests import canonical_json
from pcreceipt.errors import InvalidSourceIngestion, ScopeNotFound, SourceConflict, SourceDefinitionNotFound
from pcreceipt.models import bodies
from pcreceipt.server.handlers.common import invalid, store_of
from pcreceipt.server.handlers.source_definitions import CONFLICT_MESSAGE, INVALID_MESSAGE
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store.records import RecordNotFound, SourceIdentityConflict

OBSERVATION_LIMIT_BYTES = 4 * 1024 * 1024  # not a contract limit: 1.4.1's bound on an observation's JSON
TEXT_EVIDENCE_KEY = ("powercontext.text-evidence", "1")
ENVELOPE = ("name", "definition_version", "materialization", "description")
DEFINITION_NOT_FOUND_MESSAGE = "The Source Definition is not registered."


def _check_request(observation: Mapping[str, Any]) -> None:
    for field in ("name", "source_type", "definition_version"):
        if observation[field] != observation[field].strip():
            raise invalid(f"/observation/{field}", "trimmed", "A name or version has leading or trailing white space.")
    payload = observation["payload"]
    for field in ENVELOPE:
        if payload.get(field) != observation.get(field):
            raise invalid(
                f"/observation/payload/{field}", "envelope", "The payload's identity fields must equal the envelope's."
            )
    keys = [(p["key"]["name"], p["key"]["version"]) for p in observation["projections"]]
    if len(set(keys)) != len(keys):
        raise invalid("/observation/projections", "unique_keys", "Projection keys must be unique.")


def _conforms(schema: Mapping[str, Any], value: Any) -> bool:
    try:
        validator = jsonschema_rs.Draft202012Validator(dict(schema), validate_formats=False)
    except ValueError:  # a local reference that resolves to nothing
        return False
    return bool(validator.is_valid(value))


def _names_this_observation(value: Any, observation: Mapping[str, Any]) -> bool:
    """Whether a text-evidence value is 1.4.1's ``TextEvidence`` of this observation."""
    if not isinstance(value, dict) or not {"source_type", "source_id", "content"} <= value.keys():
        return False
    if not all(isinstance(value[key], str) for key in ("source_type", "source_id", "content")):
        return False
    if not isinstance(value.get("metadata", {}), dict):
        return False
    return bool(value["source_type"] == observation["source_type"] and value["source_id"] == observation["name"])


def _check_against(observation: Mapping[str, Any], manifest: Mapping[str, Any], size: int) -> None:
    declared = {(p["key"]["name"], p["key"]["version"]): p["schema"] for p in manifest["projections"]}
    supplied = {(p["key"]["name"], p["key"]["version"]): p["value"] for p in observation["projections"]}
    refused = (
        observation["definition_fingerprint"] != manifest["fingerprint"]
        or size > OBSERVATION_LIMIT_BYTES
        or not _conforms(manifest["source_schema"], observation["payload"])
        or declared.keys() != supplied.keys()
        or any(not _conforms(schema, supplied[key]) for key, schema in declared.items())
        or (TEXT_EVIDENCE_KEY in supplied and not _names_this_observation(supplied[TEXT_EVIDENCE_KEY], observation))
    )
    if refused:
        raise InvalidSourceIngestion(INVALID_MESSAGE)


def submit_source_observation(call: Call[bodies.SubmitSourceObservationRequest]) -> Reply:
    scope_id, observation = call.body["scope_id"], call.body["observation"]
    _check_request(observation)
    try:
        size = len(canonical_json(dict(observation)))
    except rfc8785.CanonicalizationError:
        raise invalid("/observation", "i_json", "An observation is I-JSON: integers within ±(2**53 - 1).") from None
    store = store_of(call)
    manifest = store.source_definition(observation["source_type"], observation["definition_version"])
    if manifest is None:
        raise SourceDefinitionNotFound(DEFINITION_NOT_FOUND_MESSAGE)
    _check_against(observation, manifest, size)
    try:
        position = store.submit_source_observation(scope_id, observation)
    except RecordNotFound:
        raise ScopeNotFound("The Scope does not exist.") from None
    except SourceIdentityConflict:
        raise SourceConflict(CONFLICT_MESSAGE) from None
    source = {"name": observation["source_type"], "source_id": observation["name"]}
    return Reply(202, {"source": source, "position": position})


SOURCE_OBSERVATION_HANDLERS: Mapping[str, Handler] = {
    "submit_source_observation": submit_source_observation,
}
