"""``pcreceipt verify RESPONSE.json``: check a saved prepare response that carries a Receipt.

Offline (always):

1. the gate: the PreparedContext schema and every semantic rule (content and Receipt digests,
   byte counts, ordering, identity uniqueness, the 8192-byte budget), with ``--max-bytes`` as the
   request's max_bytes when given;
2. the rendered content: its envelope parses, and each item's fragment has the UTF-8 size
   (``rendered_bytes``) and truncation flag its selected entry records;
3. the citations: the ordered identities cited in ``content`` (``render.parse_citations``) equal
   ``selected`` exactly: kind, Scope-qualified identity, order, and for code the line range.

With ``--server URL`` also, for each selected identity:

4. history: the exact read ``GET /v1/scopes/{scope}/artifacts/{family}/{id}/revisions/{rev}``
   still answers that revision, and its body renders to the fragment in ``content`` (a truncated
   fragment must be a prefix of it, ending with the truncation mark);
5. code: ``read_code`` of the path and line range still answers, its lines hash to
   ``snippet_sha256``, and they render to the fragment in ``content``.

Every problem is one line, printed as ``validate`` prints a violation (``gate.format_violation``):
``path: check — what failed``, with a JSON Pointer into the response, never a value from the
response or the store. Exit status 0 when everything holds, 1 otherwise.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, cast

import typer

from pcreceipt import gate
from pcreceipt.cli.common import MAX_BYTES_RANGE, Token, check_max_bytes, checked_server_url, read_problem, wire
from pcreceipt.client import ApiResponseError, AsyncClient, ClientError, TransportError
from pcreceipt.digests import sha256_hex
from pcreceipt.models import limits
from pcreceipt.prepare.build_types import ENTRY_BODY_CAP_BYTES, TRUNCATION_MARK
from pcreceipt.prepare.render import (
    BODY_PREFIX,
    PREAMBLE,
    SECTION_TITLES,
    TRUNCATED_SUFFIX,
    CodeCitation,
    HistoryCitation,
    body_of,
    clean_body,
    code_fragment,
    history_fragment,
    parse_citations,
    section_heading,
    utf8_size,
)
from pcreceipt.store.protocol import HISTORY_FAMILIES, ArtifactFamily, ArtifactRef, HistoryFamily

READ_CODE_MAX_LINES = limits.CODE_RANGE_LINES_MAX_ITEMS
_HEADINGS = frozenset(section_heading(section).rstrip("\n") for section in SECTION_TITLES)

Identity = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class Finding:
    """One failed check: where (a JSON Pointer into the response), which check, and a content-free why."""

    path: str
    check: str
    message: str

    def __str__(self) -> str:
        return gate.format_violation(self.path, self.check, self.message)


@dataclass(frozen=True, slots=True)
class Fragment:
    """One item's rendered text in ``content``: the citation line, an optional annotation, the body lines."""

    text: str
    annotation: str | None

    @property
    def truncated(self) -> bool:
        return self.text.split("\n", 1)[0].endswith(TRUNCATED_SUFFIX)


def _item_path(index: int, *rest: str) -> str:
    return gate.pointer(["receipt", "selected", index, *rest])


# -- offline -------------------------------------------------------------------------------------


def split_fragments(content: str) -> list[Fragment]:
    """The item fragments of a rendered content, in order (call after ``parse_citations`` accepted it).

    Inside the envelope, fragments are separated by one blank line; a markdown section heading
    may open a fragment's lead and is overhead, not part of the fragment.
    """
    lines = content.split("\n")
    inner = lines[len(PREAMBLE) + 1 : -1]
    groups: list[list[str]] = []
    current: list[str] | None = None
    for line in inner:
        if line == "":
            current = None
        elif current is None and line in _HEADINGS:
            continue
        else:
            if current is None:
                current = []
                groups.append(current)
            current.append(line)
    out = []
    for group in groups:
        annotation = group[1] if len(group) > 1 and not group[1].startswith(BODY_PREFIX) else None
        out.append(Fragment("\n".join(group), annotation))
    return out


def _cited(citation: HistoryCitation | CodeCitation) -> Identity:
    if isinstance(citation, HistoryCitation):
        family = citation.family
        return ("history", family, family, citation.scope_id, citation.artifact_id, citation.revision)
    return ("code", "code", citation.scope_id, citation.path, citation.start_line, citation.end_line)


def _selected(item: Mapping[str, Any]) -> Identity:
    address = item.get("artifact_address")
    if address is not None:
        artifact = address["artifact"]
        return (
            "history",
            item["kind"],
            artifact["family"],
            address["scope_id"],
            artifact["artifact_id"],
            artifact["revision"],
        )
    code = item["code_evidence"]
    return ("code", item["kind"], code["scope_id"], code["path"], code["start_line"], code["end_line"])


def _citation_findings(cited: Sequence[Identity], selected: Sequence[Identity]) -> list[Finding]:
    out = []
    if len(cited) != len(selected):
        out.append(
            Finding(
                "/receipt/selected",
                "citation_count",
                f"content cites {len(cited)} item(s), selected lists {len(selected)}",
            )
        )
    mismatched = [i for i, (c, s) in enumerate(zip(cited, selected, strict=False)) if c != s]
    reordered = len(cited) == len(selected) and sorted(map(repr, cited)) == sorted(map(repr, selected))
    for i in mismatched:
        what = "is selected at another position" if reordered else "names a different kind, identity or range"
        out.append(Finding(_item_path(i), "citation_identity", f"the item cited as [{i + 1}] in content {what}"))
    return out


def _fragment_findings(fragments: Sequence[Fragment], selected: Sequence[Mapping[str, Any]]) -> list[Finding]:
    out = []
    if len(fragments) != len(selected):
        return [Finding("/content", "fragments", f"content holds {len(fragments)} fragment(s), not {len(selected)}")]
    for i, (fragment, item) in enumerate(zip(fragments, selected, strict=True)):
        if utf8_size(fragment.text) != item["rendered_bytes"]:
            message = "differs from the UTF-8 size of the item's fragment in content"
            out.append(Finding(_item_path(i, "rendered_bytes"), "fragment_bytes", message))
        if fragment.truncated != item["truncated"]:
            message = "differs from the truncation mark on the item's citation in content"
            out.append(Finding(_item_path(i, "truncated"), "fragment_truncated", message))
    return out


@dataclass(frozen=True, slots=True)
class Offline:
    """The offline verdict, and what the server checks need when the content could be read."""

    findings: list[Finding]
    selected: list[Mapping[str, Any]]
    fragments: list[Fragment] | None


def verify_offline(response: Any, *, max_bytes: int | None) -> Offline:
    """Checks 1–3 of the module docstring."""
    violations = gate.check_schema("PreparedContext", response)
    if violations:
        return Offline([Finding(v.path, v.rule, v.message) for v in violations], [], None)
    if "receipt" not in response:
        return Offline([Finding("/receipt", "receipt_missing", "the response carries no Receipt to verify")], [], None)
    findings = [
        Finding(v.path, v.rule, v.message)
        for v in gate.check_prepared_context(response, max_bytes=max_bytes, include_receipt=True)
    ]
    selected: list[Mapping[str, Any]] = list(response["receipt"]["selected"])
    content = response["content"]
    try:
        citations = parse_citations(content)
    except ValueError:
        findings.append(Finding("/content", "citations", "content is not a well-formed rendered pcreceipt context"))
        return Offline(findings, selected, None)
    findings += _citation_findings([_cited(c) for c in citations], [_selected(item) for item in selected])
    fragments = split_fragments(content) if content else []
    findings += _fragment_findings(fragments, selected)
    usable = len(fragments) == len(selected)
    return Offline(findings, selected, fragments if usable else None)


# -- against a server ----------------------------------------------------------------------------


def _capped(body: str) -> tuple[str, bool]:
    """A cleaned body cut to the entry cap the way the builder cuts it (without the mark)."""
    text = clean_body(body)
    if utf8_size(text) <= ENTRY_BODY_CAP_BYTES:
        return text, False
    keep = ENTRY_BODY_CAP_BYTES - utf8_size(TRUNCATION_MARK)
    return text.encode("utf-8")[:keep].decode("utf-8", "ignore"), True


def _history_body_matches(fragment: Fragment, item: Mapping[str, Any], index: int, content: Mapping[str, Any]) -> bool:
    address = item["artifact_address"]
    artifact = address["artifact"]
    family = cast(HistoryFamily, item["kind"])
    ref = ArtifactRef(
        address["scope_id"], cast(ArtifactFamily, artifact["family"]), artifact["artifact_id"], artifact["revision"]
    )
    body, capped = _capped(body_of(family, content))
    number = index + 1
    if not item["truncated"]:
        expected = history_fragment(number, family, ref, body, truncated=False, annotation=fragment.annotation)
        return not capped and fragment.text == expected.text
    whole = history_fragment(number, family, ref, body, truncated=True, annotation=fragment.annotation)
    return fragment.text.endswith(TRUNCATION_MARK) and whole.text.startswith(fragment.text[: -len(TRUNCATION_MARK)])


async def _check_history(
    client: AsyncClient, index: int, item: Mapping[str, Any], fragment: Fragment | None
) -> list[Finding]:
    address = item["artifact_address"]
    artifact = address["artifact"]
    wanted = (address["scope_id"], artifact["family"], artifact["artifact_id"], artifact["revision"])
    path = _item_path(index, "artifact_address")
    try:
        revision = await client.get_artifact_revision(*wanted)
    except ApiResponseError as error:
        if error.status == 404:
            return [Finding(path, "exact_read", "the exact revision no longer exists (HTTP 404)")]
        return [Finding(path, "exact_read", f"the exact read failed: HTTP {error.status} {error.code or ''}".strip())]
    read = wire(revision)
    if (read["scope_id"], read["family"], read["artifact_id"], read["revision"]) != wanted:
        return [Finding(path, "exact_read", "the exact read answered another identity")]
    if (
        fragment is not None
        and item["kind"] in HISTORY_FAMILIES
        and not _history_body_matches(fragment, item, index, read["content"])
    ):
        return [Finding(path, "body", "the stored revision does not render to the item's fragment in content")]
    return []


async def _check_code(
    client: AsyncClient, index: int, item: Mapping[str, Any], fragment: Fragment | None
) -> list[Finding]:
    code = item["code_evidence"]
    path = _item_path(index, "code_evidence")
    lines: list[str] = []
    start, end = code["start_line"], code["end_line"]
    for first in range(start, end + 1, READ_CODE_MAX_LINES):
        last = min(end, first + READ_CODE_MAX_LINES - 1)
        try:
            chunk = await client.read_code(
                code["scope_id"],
                code["fingerprint"],
                code["file_sha256"],
                path=code["path"],
                start_line=first,
                end_line=last,
            )
        except ApiResponseError as error:
            status = "no longer exists (HTTP 404)" if error.status == 404 else f"failed: HTTP {error.status}"
            return [Finding(path, "exact_read", f"the exact code read {status}")]
        evidence = chunk.evidence
        same = (evidence.scope_id, evidence.fingerprint, evidence.path, evidence.file_sha256) == (
            code["scope_id"],
            code["fingerprint"],
            code["path"],
            code["file_sha256"],
        )
        if not same or len(chunk.lines) != last - first + 1:
            return [Finding(path, "exact_read", "the exact code read answered another file or range")]
        lines += chunk.lines
    out = []
    if sha256_hex("\n".join(lines).encode("utf-8", "surrogatepass")) != code["snippet_sha256"]:
        where = _item_path(index, "code_evidence", "snippet_sha256")
        out.append(Finding(where, "snippet_sha256", "the lines read back hash differently"))
    if fragment is not None:
        expected = code_fragment(
            index + 1,
            code["scope_id"],
            code["path"],
            start,
            lines,
            truncated=bool(item["truncated"]),
            annotation=fragment.annotation,
        )
        if expected.text != fragment.text:
            out.append(Finding(path, "body", "the lines read back do not render to the item's fragment in content"))
    return out


async def verify_against_server(client: AsyncClient, offline: Offline) -> list[Finding]:
    """Checks 4–5 of the module docstring, one selected item at a time."""
    findings: list[Finding] = []
    for index, item in enumerate(offline.selected):
        fragment = offline.fragments[index] if offline.fragments is not None else None
        if "artifact_address" in item:
            findings += await _check_history(client, index, item, fragment)
        else:
            findings += await _check_code(client, index, item, fragment)
    return findings


# -- the command ---------------------------------------------------------------------------------


def _read(source: str) -> Any:
    text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    return json.loads(text)


def _fail(findings: Sequence[Finding]) -> None:
    for finding in findings:
        typer.echo(str(finding))
    typer.echo(f"verify: FAILED ({len(findings)} problem(s))")
    raise typer.Exit(1)


def verify(
    response_file: Annotated[
        str, typer.Argument(metavar="RESPONSE.json", help="A saved prepare response, or - for standard input.")
    ],
    max_bytes: Annotated[
        int | None,
        typer.Option(
            "--max-bytes",
            help=f"The max_bytes the request sent, {MAX_BYTES_RANGE} (checked when given).",
            show_default=False,
        ),
    ] = None,
    server: Annotated[
        str | None,
        typer.Option(
            "--server",
            help="Also exact-read every selected identity from this server (http://HOST:PORT; HOST:PORT works too).",
            show_default=False,
        ),
    ] = None,
    token: Token = None,
) -> None:
    """Verify a saved prepare response with a Receipt: gate, digests, byte counts and citations (offline), and
    with --server that every selected identity still reads back to the injected content. Exit 1 on any problem."""
    check_max_bytes(max_bytes)
    if server is not None:
        server = checked_server_url(server, "--server")
    try:
        response = _read(response_file)
    except (OSError, ValueError) as exc:
        typer.echo(f"verify: cannot read {response_file}: {read_problem(exc)}", err=True)
        raise typer.Exit(1) from None
    offline = verify_offline(response, max_bytes=max_bytes)
    findings = list(offline.findings)
    if server is not None and offline.selected:

        async def against_server() -> list[Finding]:
            async with AsyncClient(server, token=token) as client:
                return await verify_against_server(client, offline)

        try:
            findings += asyncio.run(against_server())
        except TransportError:
            findings.append(Finding("", "server", f"cannot reach the server at {server}"))
        except ClientError as error:
            findings.append(Finding("", "server", f"the server's answer does not fit the contract: {error}"))
    if findings:
        _fail(findings)
    where = " and against the server" if server is not None else " (offline)"
    typer.echo(f"verify: OK: {len(offline.selected)} selected item(s) match the content{where}")
