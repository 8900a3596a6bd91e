"""The handler of ``register_source_definition`` (registered in ``server.handlers.HANDLERS``), in
PowerContext 1.4.1's shapes; ``store.source_definitions`` keeps the manifests.

Decisions (``docs/decisions.md``, "Source records"), checked in 1.4.1's order before anything is
written:
- What 1.4.1's request model refuses is 422 ``invalid_request`` with a violation: a name or
  version (the Definition's or a projection key's) with leading or trailing white space (rule
  ``trimmed``), a ``$ref``/``$dynamicRef`` that is not local (``#...``) in any schema (rule
  ``local_reference``), a projection key twice (rule ``unique_keys``), a value outside I-JSON
  (rule ``i_json``), and a fingerprint that is not ``sha256:`` + the SHA-256 hex of the RFC 8785
  JSON of ``{name, version, source_schema, projections}`` (rule ``fingerprint``).
- What 1.4.1's manifest validation refuses is 422 ``invalid_source_ingestion`` (details null):
  more than 64 KiB of manifest JSON, a schema that is not a valid draft 2020-12 JSON Schema, and a
  name the server defines itself (content, external-skill-snapshot, skill-package-upload,
  skill-usage: 1.4.1's built-in Definitions, which a manifest may not replace).
- Not checked: 1.4.1 also requires a ``powercontext.text-evidence`` projection to declare its
  exact built-in schema, which is the JSON Schema its own model generates; pcreceipt has no such
  model and accepts any valid schema there.
- The same manifest again answers 200 with it; another under the same name and version is 409
  ``source_conflict`` (1.4.1's code, "The Source identity has different content.", no details).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import jsonschema_rs
import rfc8785

from pcreceipt.contract.digests import canonical_digest, wire_bytes
from pcreceipt.errors import InvalidSourceIngestion, SourceConflict
from pcreceipt.models import bodies
from pcreceipt.server.handlers.common import invalid, store_of
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store.source_definitions import DefinitionConflict

BUILT_IN_SOURCE_TYPES = frozenset({"content", "external-skill-snapshot", "skill-package-upload", "skill-usage"})
DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"  # the draft 1.4.1 checks every schema against
MANIFEST_LIMIT_BYTES = 64 * 1024  # not a contract limit: 1.4.1's bound on a manifest's JSON
CONFLICT_MESSAGE = "The Source identity has different content."
INVALID_MESSAGE = "Source ingestion is invalid."


def _references(value: Any) -> Iterator[str]:
    """Every ``$ref`` and ``$dynamicRef`` string in a JSON value (iteratively)."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            for key, nested in item.items():
                if key in ("$ref", "$dynamicRef") and isinstance(nested, str):
                    yield nested
                pending.append(nested)
        elif isinstance(item, list):
            pending.extend(item)


def _check_request(manifest: Mapping[str, Any]) -> None:
    named = [("/manifest/name", manifest["name"]), ("/manifest/version", manifest["version"])]
    for index, projection in enumerate(manifest["projections"]):
        named += [
            (f"/manifest/projections/{index}/key/{part}", projection["key"][part]) for part in ("name", "version")
        ]
    for path, value in named:
        if value != value.strip():
            raise invalid(path, "trimmed", "A name or version has leading or trailing white space.")
    schemas = [("/manifest/source_schema", manifest["source_schema"])]
    schemas += [(f"/manifest/projections/{i}/schema", p["schema"]) for i, p in enumerate(manifest["projections"])]
    for path, schema in schemas:
        if any(not reference.startswith("#") for reference in _references(schema)):
            raise invalid(path, "local_reference", "Remote schema references are not allowed.")
    keys = [(p["key"]["name"], p["key"]["version"]) for p in manifest["projections"]]
    if len(set(keys)) != len(keys):
        raise invalid("/manifest/projections", "unique_keys", "Projection keys must be unique.")
    declaration = {key: manifest[key] for key in ("name", "version", "source_schema", "projections")}
    try:
        expected = canonical_digest(declaration)
    except rfc8785.CanonicalizationError:
        raise invalid("/manifest", "i_json", "A manifest is I-JSON: integers within ±(2**53 - 1).") from None
    if manifest["fingerprint"] != expected:
        raise invalid("/manifest/fingerprint", "fingerprint", "The fingerprint does not match the declaration.")


def _check_manifest(manifest: Mapping[str, Any]) -> None:
    if len(wire_bytes(manifest)) > MANIFEST_LIMIT_BYTES:
        raise InvalidSourceIngestion(INVALID_MESSAGE)
    for schema in [manifest["source_schema"], *(p["schema"] for p in manifest["projections"])]:
        if not jsonschema_rs.meta.is_valid({**schema, "$schema": DRAFT_2020_12}):
            raise InvalidSourceIngestion(INVALID_MESSAGE)
    if manifest["name"] in BUILT_IN_SOURCE_TYPES:
        raise InvalidSourceIngestion(INVALID_MESSAGE)


def register_source_definition(call: Call[bodies.RegisterSourceDefinitionRequest]) -> Reply:
    manifest = call.body["manifest"]
    _check_request(manifest)
    _check_manifest(manifest)
    try:
        stored = store_of(call).register_source_definition(manifest)
    except DefinitionConflict:
        raise SourceConflict(CONFLICT_MESSAGE) from None
    return Reply(200, stored)


SOURCE_DEFINITION_HANDLERS: Mapping[str, Handler] = {
    "register_source_definition": register_source_definition,
}
