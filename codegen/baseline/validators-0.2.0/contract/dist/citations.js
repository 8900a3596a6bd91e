// Generated from generated/ts/src/citations.ts by TypeScript 5.9.3 (tsc); do not edit. Regenerate with `nox -s generate`.
// @pcreceipt/contract: pcreceipt's contract bindings for PowerContext host plugins (docs/hosts.md).

// Python counterpart: src/pcreceipt/contract/content.py
// Reading a rendered content back: the items it cites, in order, each with its exact text.
// A port of pcreceipt's Python reader (src/pcreceipt/contract/content.py): the same three
// forms (the JSON envelope or the Markdown text, then optionally the code block; or the code
// block alone), the same canonical-JSON checks, the same items. It judges structure, not words:
// the sentences before each opening marker (trust text, top heading, code heading and caution)
// may be any server's prose, and prose a line of which could be taken for structure is refused
// (see PROSE below and docs/contract-rules.md). The marker and label strings are the protocol's
// (src/pcreceipt/contract/forms.py); the shared vectors hold both readers to the same verdicts.
// No I/O, no dependency beyond ES2020.
export const SEPARATOR = "\n\n";
export const CONTEXT_BEGIN = "BEGIN_POWERCONTEXT_PREPARED_CONTEXT_V1";
export const CONTEXT_END = "END_POWERCONTEXT_PREPARED_CONTEXT_V1";
export const TEXT_BEGIN = "BEGIN_POWERCONTEXT_PREPARED_TEXT_V1";
export const TEXT_END = "END_POWERCONTEXT_PREPARED_TEXT_V1";
export const CODE_BEGIN = "BEGIN_POWERCONTEXT_CODE_V1";
export const CODE_END = "END_POWERCONTEXT_CODE_V1";
export const METADATA_INDENT = "    ";
export const BODY_PREFIX = ">     ";
export const CODE_INDENT = "    ";
export const UNASSESSED_CONFIDENCE = "unknown (not assessed)";
export const SECTION_TITLES = {
    "atomic-memory": "Memory",
    "topic-memory": "Topic Memory",
    experience: "Experience",
    profile: "Profile",
};
export const CODE_CITATION_KEYS = [
    "scope_id",
    "fingerprint",
    "path",
    "file_sha256",
    "start_line",
    "end_line",
    "snippet_sha256",
    "checked_at",
    "truncated",
];
const HISTORY_FAMILIES = new Set(Object.keys(SECTION_TITLES));
const TITLE_FAMILY = new Map(Object.entries(SECTION_TITLES).map(([family, title]) => [title, family]));
const ASCII_STRING = String.raw `"(?:[^"\\]|\\.)*"`;
const SCOPE_LINE = new RegExp(`^Scope: (${ASCII_STRING})$`);
const ARTIFACT_LINE = new RegExp(`^Artifact: family=(${ASCII_STRING}), id=(${ASCII_STRING}), revision=([1-9][0-9]*)$`);
const RANK_LINE = /^Recall rank: [1-9][0-9]*$/;
const CONFIDENCE_LINE = `Confidence: ${UNASSESSED_CONFIDENCE}`;
const TRUNCATED_LINES = new Map([
    ["Truncated: yes", true],
    ["Truncated: no", false],
]);
// PROSE. What a block's preamble opens with, by its opening marker: nothing (the trust text at
// once), the Markdown form's top heading, the code block's heading.
const HEADING_PREFIXES = new Map([
    [CONTEXT_BEGIN, ""],
    [TEXT_BEGIN, "# "],
    [CODE_BEGIN, "## "],
]);
const MARKERS = [CONTEXT_BEGIN, CONTEXT_END, TEXT_BEGIN, TEXT_END, CODE_BEGIN, CODE_END];
// How a line of structure (a heading, a body line, the envelope) or an identity begins, and the
// characters that indent a line (metadata and code lines) or hide what follows (controls, spaces,
// zero-width, bidi and BOM): no line of prose may begin so.
const STRUCTURE_STARTS = ["#", ">", "{", "Scope:", "Artifact:"];
const BLANK_START = /^[\x00-\x20\x7f-\xa0\xad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/;
// The line boundaries other than LF (Python's str.splitlines' and a terminal's): never in prose.
const OTHER_LINE_BREAKS = /[\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]/;
class ContentFormError extends Error {
}
function fail() {
    throw new ContentFormError("content is not in a rendered form");
}
/** A lone surrogate anywhere in a parsed JSON value (Python's reader refuses those texts too). */
function hasLoneSurrogate(value) {
    if (typeof value === "string")
        return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value);
    if (Array.isArray(value))
        return value.some(hasLoneSurrogate);
    if (value !== null && typeof value === "object") {
        return Object.entries(value).some(([key, inner]) => hasLoneSurrogate(key) || hasLoneSurrogate(inner));
    }
    return false;
}
function parseJson(text) {
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        fail();
    }
    if (hasLoneSurrogate(value))
        fail();
    return value;
}
function isRecord(value) {
    return value !== null && typeof value === "object" && !Array.isArray(value);
}
function keysAre(value, keys) {
    const own = Object.keys(value);
    return own.length === keys.length && own.every((key, i) => key === keys[i]);
}
function isPositive(value) {
    return typeof value === "number" && Number.isInteger(value) && value >= 1;
}
/** The envelope's JSON: compact, raw UTF-8, the three line-boundary characters escaped. */
export function envelopeJson(value) {
    return JSON.stringify(value).replace(/[\u0085\u2028\u2029]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}
/** Compact JSON with every character outside space..~ escaped (Python's ensure_ascii). */
export function asciiJson(value) {
    return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}
/** The items of a rendered content in order ([] for null or ""), or null when it is not one. */
export function parseContent(content) {
    try {
        return readContent(content);
    }
    catch (error) {
        if (error instanceof ContentFormError)
            return null;
        throw error;
    }
}
function readContent(content) {
    if (content === null || content === "")
        return [];
    const parts = content.split(SEPARATOR);
    const [marker, k] = opening(parts, 0);
    let history = [];
    let rest = 0;
    if (marker === CONTEXT_BEGIN) {
        history = envelope(parts[k]);
        rest = k + 1;
    }
    else if (marker === TEXT_BEGIN) {
        [history, rest] = markdown(parts, k);
    }
    return rest < parts.length ? [...history, ...codeBlock(parts, rest)] : history;
}
// -- prose ---------------------------------------------------------------------------------------
/** Whether a paragraph is prose: non-empty lines joined by LF, none of which could be taken for
 * structure, and no marker anywhere. */
function isProse(paragraph) {
    if (OTHER_LINE_BREAKS.test(paragraph) || MARKERS.some((marker) => paragraph.includes(marker)))
        return false;
    return paragraph
        .split("\n")
        .every((line) => line !== "" && !STRUCTURE_STARTS.some((start) => line.startsWith(start)) && !BLANK_START.test(line));
}
function firstLine(part) {
    const end = part.indexOf("\n");
    return end < 0 ? part : part.slice(0, end);
}
/** The opening marker of the block whose preamble starts at parts[start], and the index of the
 * part it opens, once the preamble is a heading (where the form has one) and prose. */
function opening(parts, start) {
    let k = start;
    while (k < parts.length && !HEADING_PREFIXES.has(firstLine(parts[k])))
        k += 1;
    if (k === parts.length)
        fail();
    const marker = firstLine(parts[k]);
    let preamble = parts.slice(start, k);
    const prefix = HEADING_PREFIXES.get(marker);
    if (prefix !== "") {
        const heading = preamble.length > 0 ? preamble[0] : "";
        const title = heading.slice(prefix.length);
        if (!heading.startsWith(prefix) || title.includes("\n") || !isProse(title) || TITLE_FAMILY.has(title))
            fail();
        preamble = preamble.slice(1);
    }
    if (preamble.length === 0 || !preamble.every(isProse))
        fail();
    return [marker, k];
}
// -- the envelope --------------------------------------------------------------------------------
function envelope(part) {
    const lines = part.split("\n");
    if (lines.length !== 3 || lines[0] !== CONTEXT_BEGIN || lines[2] !== CONTEXT_END)
        fail();
    const line = lines[1];
    const value = parseJson(line);
    if (!isRecord(value) || !keysAre(value, ["trust", "items"]) || typeof value["trust"] !== "string")
        fail();
    const items = value["items"];
    if (!Array.isArray(items) || items.length === 0 || envelopeJson(value) !== line)
        fail();
    return items.map(envelopeItem);
}
function reference(value) {
    if (!isRecord(value) || !keysAre(value, ["family", "artifact_id", "revision"]))
        fail();
    const { family, artifact_id: artifactId, revision } = value;
    if (typeof family !== "string" || !HISTORY_FAMILIES.has(family))
        fail();
    if (typeof artifactId !== "string" || !isPositive(revision))
        fail();
    return [family, artifactId, revision];
}
function envelopeItem(item) {
    if (!isRecord(item) || !keysAre(item, ["citation", "content", "truncated", "kind"]))
        fail();
    const { citation, content, truncated, kind } = item;
    if (typeof content !== "string" || typeof truncated !== "boolean" || !isRecord(citation))
        fail();
    let scopeId;
    let artifact;
    if (keysAre(citation, ["artifact_ref"])) {
        scopeId = null;
        artifact = reference(citation["artifact_ref"]);
    }
    else if (keysAre(citation, ["artifact"]) && isRecord(citation["artifact"])) {
        const address = citation["artifact"];
        const scope = address["scope_id"];
        if (!keysAre(address, ["scope_id", "artifact"]) || typeof scope !== "string")
            fail();
        scopeId = scope;
        artifact = reference(address["artifact"]);
    }
    else
        fail();
    if (kind !== artifact[0])
        fail();
    return { form: "envelope", kind, scopeId, artifact, code: null, text: envelopeJson(item), truncated, body: content };
}
// -- Markdown ------------------------------------------------------------------------------------
function asciiString(literal) {
    const value = parseJson(literal);
    if (typeof value !== "string" || asciiJson(value) !== literal)
        fail();
    return value;
}
function markdown(parts, begin) {
    if (parts[begin] !== TEXT_BEGIN)
        fail();
    const items = [];
    const seen = new Set();
    let k = begin + 1;
    while (k < parts.length && parts[k] !== TEXT_END) {
        const heading = parts[k];
        const title = heading.startsWith("## ") ? heading.slice(3) : null;
        const family = title === null ? undefined : TITLE_FAMILY.get(title);
        if (title === null || family === undefined || seen.has(title))
            fail();
        seen.add(title);
        k += 1;
        let number = 1;
        while (k + 2 < parts.length && parts[k] === `### ${title} ${number}`) {
            items.push(markdownItem(family, parts[k], parts[k + 1], parts[k + 2]));
            k += 3;
            number += 1;
        }
        if (number === 1)
            fail();
    }
    if (k >= parts.length || items.length === 0)
        fail();
    return [items, k + 1];
}
function markdownItem(family, heading, metadata, body) {
    const indented = metadata.split("\n");
    if (indented.length < 3 || !indented.every((line) => line.startsWith(METADATA_INDENT)))
        fail();
    const lines = indented.map((line) => line.slice(METADATA_INDENT.length));
    const scope = SCOPE_LINE.exec(lines[0]);
    const artifact = ARTIFACT_LINE.exec(lines[1]);
    const truncated = TRUNCATED_LINES.get(lines[lines.length - 1]);
    if (scope === null || artifact === null || truncated === undefined)
        fail();
    let shown = lines.slice(2, -1);
    if (shown[0] === CONFIDENCE_LINE)
        shown = shown.slice(1);
    if (shown.length > 1 || (shown.length === 1 && !RANK_LINE.test(shown[0])))
        fail();
    const scopeId = asciiString(scope[1]);
    if (asciiString(artifact[1]) !== family)
        fail();
    const bodyLines = body.split("\n");
    if (!bodyLines.every((line) => line.startsWith(BODY_PREFIX)))
        fail();
    const reference = [family, asciiString(artifact[2]), Number(artifact[3])];
    return {
        form: "markdown",
        kind: family,
        scopeId,
        artifact: reference,
        code: null,
        text: [heading, metadata, body].join(SEPARATOR),
        truncated,
        body: bodyLines.map((line) => line.slice(BODY_PREFIX.length)).join("\n"),
    };
}
// -- code ----------------------------------------------------------------------------------------
function codeBlock(parts, start) {
    const [marker, k] = opening(parts, start);
    if (marker !== CODE_BEGIN || parts[k] !== CODE_BEGIN || parts[parts.length - 1] !== CODE_END)
        fail();
    const pairs = parts.slice(k + 1, -1);
    if (pairs.length === 0 || pairs.length % 2 !== 0)
        fail();
    const out = [];
    for (let i = 0; i < pairs.length; i += 2)
        out.push(codeItem(pairs[i], pairs[i + 1]));
    return out;
}
function codeCitation(line) {
    if (!line.startsWith(CODE_INDENT))
        fail();
    const citation = parseJson(line.slice(CODE_INDENT.length));
    if (!isRecord(citation) || !keysAre(citation, CODE_CITATION_KEYS))
        fail();
    const texts = ["scope_id", "fingerprint", "path", "file_sha256", "snippet_sha256", "checked_at"];
    if (!texts.every((key) => typeof citation[key] === "string") || typeof citation["truncated"] !== "boolean")
        fail();
    const { start_line: start, end_line: end } = citation;
    if (!isPositive(start) || !isPositive(end) || end < start)
        fail();
    if (CODE_INDENT + asciiJson(citation) !== line)
        fail();
    return citation;
}
function codeItem(head, block) {
    const citation = codeCitation(head);
    const strings = block.split("\n").map((line) => {
        if (!line.startsWith(CODE_INDENT))
            fail();
        const value = parseJson(line.slice(CODE_INDENT.length));
        if (typeof value !== "string" || CODE_INDENT + JSON.stringify(value) !== line)
            fail();
        return value;
    });
    if (strings.length !== citation["end_line"] - citation["start_line"] + 1)
        fail();
    return {
        form: "code",
        kind: "code",
        scopeId: citation["scope_id"],
        artifact: null,
        code: citation,
        text: head + SEPARATOR + block,
        truncated: citation["truncated"],
        body: strings.join(""),
    };
}
