// Generated from generated/ts/src/semantic-rules.ts by TypeScript 5.9.3 (tsc); do not edit. Regenerate with `nox -s generate`.
// @pcreceipt/contract: pcreceipt's contract bindings for PowerContext host plugins (docs/hosts.md).

// Python counterpart: src/pcreceipt/contract/semantics.py
// The contract rules JSON Schema cannot say, for prepare requests and PreparedContext responses.
// A line-for-line port of pcreceipt's Python semantic rules (src/pcreceipt/contract/semantics.py):
// same rule ids, same JSON Pointer paths, and the same "schema first, then semantics" order, so
// the TypeScript and Python verdicts agree (tests/contract/test_ts_parity.py holds them to it).
// Every function here assumes its input already passed the JSON Schema check. No I/O, no
// dependency beyond ES2020: the digests, UTF-8 and JSON sizes are computed here.
import { parseContent } from "./citations.js";
/** The semantic rule ids, with what each one says; identical to gate.SEMANTIC_RULES. */
export const SEMANTIC_RULES = {
    content_bytes_utf8: "content_bytes equals the UTF-8 length of content",
    content_within_max_bytes: "content_bytes does not exceed the request's max_bytes",
    reason_requires_explain: "reason appears only when the request set explain",
    receipt_requires_flag: "receipt appears only when the request set include_receipt to true",
    receipt_requested_max_bytes: "requested_max_bytes equals the request's max_bytes",
    receipt_used_bytes: "used_bytes equals content_bytes and does not exceed requested_max_bytes",
    receipt_content_digest: "content_digest is the sha256 of the UTF-8 bytes of content",
    receipt_truncated: "truncated is true iff a selected item is truncated",
    receipt_size: "the serialized Receipt is at most 8192 UTF-8 bytes",
    receipt_non_deterministic: "non_deterministic is true when a model-backed rerank configuration ran",
    selected_kind_family: "a history item's kind equals its artifact family",
    selected_identity_unique: "no identity is selected twice",
    code_line_range: "end_line is not before start_line",
    rounds_sequence: "rounds are numbered 0, 1, 2 in order; round 0 completed; only the last may have failed",
    round_reference: "every search and rerank group names a round that exists",
    searches_order: "search groups are unique and sorted by (round, family, mode, outcome, fallback_reason)",
    rerank_config_id: "config_id equals config_digest",
    rerank_configs_order: "rerank configs are unique and sorted by config_digest",
    rerank_config_resolves: "every rerank group's config_id resolves to exactly one config",
    rerank_config_used: "every rerank config is referenced by a rerank group",
    reranks_order: "rerank groups are unique and sorted by (round, config_id, outcome, fallback_reason)",
    rerank_prompt_version: "selected_version matches the built-in version or the prompt artifact revision",
    rerank_prompt_scope: "a prompt artifact lives in the Scope the prompt was resolved for",
    omitted_order: "omitted groups are unique and sorted by (family, reason)",
    not_retrieved_exclusive: "a family flagged not_retrieved has no selected item and no other omission",
    content_form: "a content with a Receipt is in a rendered form (JSON envelope or Markdown, code block)",
    selected_cited: "selected names, in order, exactly the items content cites",
    selected_rendered_bytes: "rendered_bytes is the UTF-8 size of the item's text in content",
    selected_truncated_cited: "truncated is the truncation content states for the item",
    stages_unique: "each stage appears once",
    assembly_unique_families: "assembly sections name distinct families",
    assembly_max_entries: "the sum of assembly section limits does not exceed the server's assembly_max_entries",
};
/** The most bytes a serialized Receipt may take. */
export const RECEIPT_MAX_BYTES = 8192;
/** The server's default assembly_max_entries (a server may raise it to 26). */
export const DEFAULT_ASSEMBLY_MAX_ENTRIES = 8;
/** A JSON Pointer (RFC 6901) of path parts; "" is the whole message. */
export function pointer(parts) {
    return parts.map((part) => "/" + String(part).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}
function violation(parts, rule) {
    return { path: pointer(parts), rule };
}
// -- UTF-8, SHA-256 and the wire serialisation ---------------------------------------------------
/** The UTF-8 bytes of a string; a lone surrogate becomes U+FFFD, as TextEncoder does. */
export function utf8Encode(text) {
    const bytes = [];
    for (let i = 0; i < text.length; i++) {
        let code = text.charCodeAt(i);
        if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
            const next = text.charCodeAt(i + 1);
            if (next >= 0xdc00 && next <= 0xdfff) {
                code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
                i++;
            }
        }
        if (code >= 0xd800 && code <= 0xdfff)
            code = 0xfffd;
        if (code < 0x80)
            bytes.push(code);
        else if (code < 0x800)
            bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
        else if (code < 0x10000)
            bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
        else
            bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    }
    return Uint8Array.from(bytes);
}
/** The UTF-8 length of a string, counted without encoding it. */
export function utf8Length(text) {
    let length = 0;
    for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (code < 0x80)
            length += 1;
        else if (code < 0x800)
            length += 2;
        else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
            const next = text.charCodeAt(i + 1);
            if (next >= 0xdc00 && next <= 0xdfff) {
                length += 4;
                i++;
            }
            else
                length += 3;
        }
        else
            length += 3;
    }
    return length;
}
const K = Uint32Array.from([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
/** SHA-256 of some bytes, as 64 lowercase hex digits (FIPS 180-4). */
export function sha256Hex(data) {
    const h = Uint32Array.from([
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]);
    const padded = new Uint8Array((((data.length + 9 + 63) >> 6) << 6) >>> 0);
    padded.set(data);
    padded[data.length] = 0x80;
    const view = new DataView(padded.buffer);
    const bits = data.length * 8;
    view.setUint32(padded.length - 8, Math.floor(bits / 0x100000000));
    view.setUint32(padded.length - 4, bits >>> 0);
    const w = new Uint32Array(64);
    const rotr = (x, n) => (x >>> n) | (x << (32 - n));
    for (let offset = 0; offset < padded.length; offset += 64) {
        for (let t = 0; t < 16; t++)
            w[t] = view.getUint32(offset + t * 4);
        for (let t = 16; t < 64; t++) {
            const w15 = w[t - 15];
            const w2 = w[t - 2];
            const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
            const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
            w[t] = (w[t - 16] + s0 + w[t - 7] + s1) >>> 0;
        }
        let [a, b, c, d, e, f, g, hh] = [h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]];
        for (let t = 0; t < 64; t++) {
            const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
            const ch = (e & f) ^ (~e & g);
            const t1 = (hh + s1 + ch + K[t] + w[t]) >>> 0;
            const s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
            const maj = (a & b) ^ (a & c) ^ (b & c);
            const t2 = (s0 + maj) >>> 0;
            hh = g;
            g = f;
            f = e;
            e = (d + t1) >>> 0;
            d = c;
            c = b;
            b = a;
            a = (t1 + t2) >>> 0;
        }
        const state = [a, b, c, d, e, f, g, hh];
        for (let i = 0; i < 8; i++)
            h[i] = (h[i] + state[i]) >>> 0;
    }
    return Array.from(h, (word) => word.toString(16).padStart(8, "0")).join("");
}
/** The prefixed digest form of the contract: "sha256:" + 64 lowercase hex. */
export function sha256Digest(text) {
    return "sha256:" + sha256Hex(utf8Encode(text));
}
/**
 * The compact JSON the server sends (no spaces, non-ASCII unescaped) as far as a parsed value can
 * tell: an integral float the server wrote as "1.0" is 1 here, so the count can come out up to
 * two bytes short per such number, never long.
 */
export function wireJson(value) {
    return JSON.stringify(value);
}
/** Strings by code point (as Python compares them), numbers numerically. */
function compareValues(a, b) {
    if (typeof a === "number" && typeof b === "number")
        return a < b ? -1 : a > b ? 1 : 0;
    if (typeof a === "string" && typeof b === "string") {
        const left = Array.from(a, (ch) => ch.codePointAt(0));
        const right = Array.from(b, (ch) => ch.codePointAt(0));
        for (let i = 0; i < Math.min(left.length, right.length); i++) {
            const diff = left[i] - right[i];
            if (diff !== 0)
                return diff < 0 ? -1 : 1;
        }
        return left.length - right.length < 0 ? -1 : left.length > right.length ? 1 : 0;
    }
    const order = (value) => (value === null ? "null" : typeof value);
    return compareValues(order(a), order(b));
}
function compareTuples(a, b) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
        const diff = compareValues(a[i], b[i]);
        if (diff !== 0)
            return diff;
    }
    return a.length - b.length < 0 ? -1 : a.length > b.length ? 1 : 0;
}
/** Every key strictly below the next one: sorted and without duplicates. */
function strictlySorted(keys) {
    for (let i = 1; i < keys.length; i++) {
        if (compareTuples(keys[i - 1], keys[i]) >= 0)
            return false;
    }
    return true;
}
/** A canonical text of a JSON value (keys sorted), for identity equality. */
function canonical(value) {
    if (Array.isArray(value))
        return "[" + value.map(canonical).join(",") + "]";
    if (value !== null && typeof value === "object") {
        const record = value;
        const keys = Object.keys(record).sort((a, b) => compareValues(a, b));
        return "{" + keys.map((key) => JSON.stringify(key) + ":" + canonical(record[key])).join(",") + "}";
    }
    return JSON.stringify(value);
}
// -- requests ------------------------------------------------------------------------------------
/** The request rules beyond the schema (gate.check_prepare_request). */
export function checkRequestSemantics(request, assemblyMaxEntries = DEFAULT_ASSEMBLY_MAX_ENTRIES) {
    const out = [];
    const sections = request.assembly?.sections ?? [];
    const seen = new Set();
    sections.forEach((section, i) => {
        if (seen.has(section.family))
            out.push(violation(["assembly", "sections", i, "family"], "assembly_unique_families"));
        seen.add(section.family);
    });
    if (sections.reduce((sum, section) => sum + section.limit, 0) > assemblyMaxEntries) {
        out.push(violation(["assembly", "sections"], "assembly_max_entries"));
    }
    return out;
}
/** The response rules beyond the schema (gate.check_prepared_context). */
export function checkResponseSemantics(response, facts) {
    const out = [];
    const { content, content_bytes: contentBytes } = response;
    const maxBytes = facts.maxBytes ?? null;
    if (content !== null && utf8Length(content) !== contentBytes)
        out.push(violation(["content_bytes"], "content_bytes_utf8"));
    if (maxBytes !== null && contentBytes > maxBytes)
        out.push(violation(["content_bytes"], "content_within_max_bytes"));
    if (facts.explain === false && "reason" in response)
        out.push(violation(["reason"], "reason_requires_explain"));
    if (facts.includeReceipt === false && "receipt" in response)
        out.push(violation(["receipt"], "receipt_requires_flag"));
    if (response.receipt !== undefined) {
        out.push(...checkReceiptSemantics(response.receipt, { content, contentBytes, maxBytes }, ["receipt"]));
        out.push(...checkCited(content, response.receipt.selected));
    }
    return out;
}
const CODE_CITED_FIELDS = [
    "scope_id",
    "fingerprint",
    "path",
    "file_sha256",
    "start_line",
    "end_line",
    "snippet_sha256",
];
/** Whether the content's item cites the selected entry (gate._cites). */
function cites(item, selected, currentScope) {
    if (!("artifact_address" in selected)) {
        const code = selected.code_evidence;
        const cited = item.code;
        return cited !== null && CODE_CITED_FIELDS.every((key) => cited[key] === code[key]);
    }
    const address = selected.artifact_address;
    const artifact = address.artifact;
    const reference = item.artifact;
    if (reference === null ||
        reference[0] !== artifact.family ||
        reference[1] !== artifact.artifact_id ||
        reference[2] !== artifact.revision) {
        return false;
    }
    if (item.scopeId === null)
        return address.scope_id === currentScope;
    return item.scopeId === address.scope_id && address.scope_id !== currentScope;
}
/** A Receipt's selected against the items its content cites, in order (gate.check_cited). */
export function checkCited(content, selected) {
    const cited = parseContent(content);
    if (cited === null)
        return [violation(["content"], "content_form")];
    if (cited.length !== selected.length)
        return [violation(["receipt", "selected"], "selected_cited")];
    let currentScope = null;
    for (let i = 0; i < cited.length; i++) {
        const entry = selected[i];
        if (cited[i].scopeId === null && "artifact_address" in entry) {
            currentScope = entry.artifact_address.scope_id;
            break;
        }
    }
    const out = [];
    cited.forEach((item, i) => {
        const entry = selected[i];
        if (!cites(item, entry, currentScope)) {
            out.push(violation(["receipt", "selected", i], "selected_cited"));
            return;
        }
        if (utf8Length(item.text) !== entry.rendered_bytes) {
            out.push(violation(["receipt", "selected", i, "rendered_bytes"], "selected_rendered_bytes"));
        }
        if (item.truncated !== entry.truncated) {
            out.push(violation(["receipt", "selected", i, "truncated"], "selected_truncated_cited"));
        }
    });
    return out;
}
function identityOf(address, code) {
    return canonical(address !== undefined ? address : code);
}
/** The Receipt rules beyond its schema (gate.check_receipt_semantics). */
export function checkReceiptSemantics(receipt, subject, base = []) {
    const out = [];
    const at = (parts, rule) => {
        out.push(violation([...base, ...parts], rule));
    };
    if (subject.maxBytes !== null && receipt.requested_max_bytes !== subject.maxBytes) {
        at(["requested_max_bytes"], "receipt_requested_max_bytes");
    }
    if (receipt.used_bytes !== subject.contentBytes || receipt.used_bytes > receipt.requested_max_bytes) {
        at(["used_bytes"], "receipt_used_bytes");
    }
    if (subject.content !== null && receipt.content_digest !== sha256Digest(subject.content)) {
        at(["content_digest"], "receipt_content_digest");
    }
    const selected = receipt.selected;
    if (receipt.truncated !== selected.some((item) => item.truncated))
        at(["truncated"], "receipt_truncated");
    if (utf8Length(wireJson(receipt)) > RECEIPT_MAX_BYTES)
        at([], "receipt_size");
    const identities = new Set();
    selected.forEach((item, i) => {
        const address = "artifact_address" in item ? item.artifact_address : undefined;
        const code = "code_evidence" in item ? item.code_evidence : undefined;
        if (address !== undefined && address.artifact.family !== item.kind)
            at(["selected", i, "kind"], "selected_kind_family");
        if (code !== undefined && code.end_line < code.start_line) {
            at(["selected", i, "code_evidence", "end_line"], "code_line_range");
        }
        const identity = identityOf(address, code);
        if (identities.has(identity))
            at(["selected", i], "selected_identity_unique");
        identities.add(identity);
    });
    const retrieval = receipt.retrieval;
    const rounds = retrieval.rounds;
    const numbers = rounds.map((round) => round.round);
    const failedNotLast = rounds.slice(0, -1).some((round) => round.outcome === "expansion_failed");
    if (numbers.some((number, i) => number !== i) || rounds[0].outcome !== "completed" || failedNotLast) {
        at(["retrieval", "rounds"], "rounds_sequence");
    }
    const knownRounds = new Set(numbers);
    const searches = retrieval.searches;
    searches.forEach((group, i) => {
        if (!knownRounds.has(group.round))
            at(["retrieval", "searches", i, "round"], "round_reference");
    });
    const searchKeys = searches.map((g) => [g.round, g.family, g.mode, g.outcome, g.fallback_reason]);
    if (!strictlySorted(searchKeys))
        at(["retrieval", "searches"], "searches_order");
    const configs = retrieval.rerank_configs;
    const digests = configs.map((config) => config.config_digest);
    configs.forEach((config, i) => {
        if (config.config_id !== config.config_digest)
            at(["retrieval", "rerank_configs", i, "config_id"], "rerank_config_id");
        const prompt = config.prompt;
        if (prompt !== null) {
            const address = prompt.artifact_address;
            const expected = address === null ? prompt.builtin_version : address.artifact.revision;
            if (prompt.selected_version !== expected) {
                at(["retrieval", "rerank_configs", i, "prompt", "selected_version"], "rerank_prompt_version");
            }
            if (address !== null && address.scope_id !== prompt.scope_id) {
                at(["retrieval", "rerank_configs", i, "prompt", "artifact_address"], "rerank_prompt_scope");
            }
        }
    });
    if (!strictlySorted(digests.map((digest) => [digest])))
        at(["retrieval", "rerank_configs"], "rerank_configs_order");
    if (configs.some((config) => config.non_deterministic) && !receipt.non_deterministic) {
        at(["non_deterministic"], "receipt_non_deterministic");
    }
    const reranks = retrieval.reranks;
    const referenced = new Set();
    reranks.forEach((group, i) => {
        if (!knownRounds.has(group.round))
            at(["retrieval", "reranks", i, "round"], "round_reference");
        if (digests.filter((digest) => digest === group.config_id).length !== 1) {
            at(["retrieval", "reranks", i, "config_id"], "rerank_config_resolves");
        }
        referenced.add(group.config_id);
    });
    configs.forEach((config, i) => {
        if (!referenced.has(config.config_digest))
            at(["retrieval", "rerank_configs", i], "rerank_config_used");
    });
    const rerankKeys = reranks.map((g) => [g.round, g.config_id, g.outcome, g.fallback_reason]);
    if (!strictlySorted(rerankKeys))
        at(["retrieval", "reranks"], "reranks_order");
    const omitted = receipt.omitted;
    if (!strictlySorted(omitted.map((g) => [g.family, g.reason])))
        at(["omitted"], "omitted_order");
    const flagged = new Set(omitted.filter((g) => g.reason === "not_retrieved").map((g) => g.family));
    if (flagged.size > 0) {
        const clash = omitted.some((g) => flagged.has(g.family) && g.reason !== "not_retrieved") ||
            selected.some((item) => flagged.has(item.kind));
        if (clash)
            at(["omitted"], "not_retrieved_exclusive");
    }
    const names = receipt.stages.map((stage) => stage.stage);
    if (new Set(names).size !== names.length)
        at(["stages"], "stages_unique");
    return out;
}
