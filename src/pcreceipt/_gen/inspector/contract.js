// Generated from generated/ts/dist/index.js by esbuild (codegen/browser_bundle.py); do not edit. Regenerate with `nox -s generate`.

// citations.js
var SEPARATOR = "\n\n";
var CONTEXT_BEGIN = "BEGIN_POWERCONTEXT_PREPARED_CONTEXT_V1";
var CONTEXT_END = "END_POWERCONTEXT_PREPARED_CONTEXT_V1";
var TEXT_BEGIN = "BEGIN_POWERCONTEXT_PREPARED_TEXT_V1";
var TEXT_END = "END_POWERCONTEXT_PREPARED_TEXT_V1";
var CODE_BEGIN = "BEGIN_POWERCONTEXT_CODE_V1";
var CODE_END = "END_POWERCONTEXT_CODE_V1";
var METADATA_INDENT = "    ";
var BODY_PREFIX = ">     ";
var CODE_INDENT = "    ";
var UNASSESSED_CONFIDENCE = "unknown (not assessed)";
var SECTION_TITLES = {
  "atomic-memory": "Memory",
  "topic-memory": "Topic Memory",
  experience: "Experience",
  profile: "Profile"
};
var CODE_CITATION_KEYS = [
  "scope_id",
  "fingerprint",
  "path",
  "file_sha256",
  "start_line",
  "end_line",
  "snippet_sha256",
  "checked_at",
  "truncated"
];
var HISTORY_FAMILIES = new Set(Object.keys(SECTION_TITLES));
var TITLE_FAMILY = new Map(Object.entries(SECTION_TITLES).map(([family, title]) => [title, family]));
var ASCII_STRING = String.raw`"(?:[^"\\]|\\.)*"`;
var SCOPE_LINE = new RegExp(`^Scope: (${ASCII_STRING})$`);
var ARTIFACT_LINE = new RegExp(`^Artifact: family=(${ASCII_STRING}), id=(${ASCII_STRING}), revision=([1-9][0-9]*)$`);
var RANK_LINE = /^Recall rank: [1-9][0-9]*$/;
var CONFIDENCE_LINE = `Confidence: ${UNASSESSED_CONFIDENCE}`;
var TRUNCATED_LINES = /* @__PURE__ */ new Map([
  ["Truncated: yes", true],
  ["Truncated: no", false]
]);
var HEADING_PREFIXES = /* @__PURE__ */ new Map([
  [CONTEXT_BEGIN, ""],
  [TEXT_BEGIN, "# "],
  [CODE_BEGIN, "## "]
]);
var MARKERS = [CONTEXT_BEGIN, CONTEXT_END, TEXT_BEGIN, TEXT_END, CODE_BEGIN, CODE_END];
var STRUCTURE_STARTS = ["#", ">", "{", "Scope:", "Artifact:"];
var BLANK_START = /^[\x00-\x20\x7f-\xa0\xad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/;
var OTHER_LINE_BREAKS = /[\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]/;
var ContentFormError = class extends Error {
};
function fail() {
  throw new ContentFormError("content is not in a rendered form");
}
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
  } catch {
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
function envelopeJson(value) {
  return JSON.stringify(value).replace(/[\u0085\u2028\u2029]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}
function asciiJson(value) {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}
function parseContent(content) {
  try {
    return readContent(content);
  } catch (error) {
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
  } else if (marker === TEXT_BEGIN) {
    [history, rest] = markdown(parts, k);
  }
  return rest < parts.length ? [...history, ...codeBlock(parts, rest)] : history;
}
function isProse(paragraph) {
  if (OTHER_LINE_BREAKS.test(paragraph) || MARKERS.some((marker) => paragraph.includes(marker)))
    return false;
  return paragraph.split("\n").every((line) => line !== "" && !STRUCTURE_STARTS.some((start) => line.startsWith(start)) && !BLANK_START.test(line));
}
function firstLine(part) {
  const end = part.indexOf("\n");
  return end < 0 ? part : part.slice(0, end);
}
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
  } else if (keysAre(citation, ["artifact"]) && isRecord(citation["artifact"])) {
    const address = citation["artifact"];
    const scope = address["scope_id"];
    if (!keysAre(address, ["scope_id", "artifact"]) || typeof scope !== "string")
      fail();
    scopeId = scope;
    artifact = reference(address["artifact"]);
  } else
    fail();
  if (kind !== artifact[0])
    fail();
  return { form: "envelope", kind, scopeId, artifact, code: null, text: envelopeJson(item), truncated, body: content };
}
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
  const seen = /* @__PURE__ */ new Set();
  let k = begin + 1;
  while (k < parts.length && parts[k] !== TEXT_END) {
    const heading = parts[k];
    const title = heading.startsWith("## ") ? heading.slice(3) : null;
    const family = title === null ? void 0 : TITLE_FAMILY.get(title);
    if (title === null || family === void 0 || seen.has(title))
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
  if (scope === null || artifact === null || truncated === void 0)
    fail();
  let shown = lines.slice(2, -1);
  if (shown[0] === CONFIDENCE_LINE)
    shown = shown.slice(1);
  if (shown.length > 1 || shown.length === 1 && !RANK_LINE.test(shown[0]))
    fail();
  const scopeId = asciiString(scope[1]);
  if (asciiString(artifact[1]) !== family)
    fail();
  const bodyLines = body.split("\n");
  if (!bodyLines.every((line) => line.startsWith(BODY_PREFIX)))
    fail();
  const reference2 = [family, asciiString(artifact[2]), Number(artifact[3])];
  return {
    form: "markdown",
    kind: family,
    scopeId,
    artifact: reference2,
    code: null,
    text: [heading, metadata, body].join(SEPARATOR),
    truncated,
    body: bodyLines.map((line) => line.slice(BODY_PREFIX.length)).join("\n")
  };
}
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
    body: strings.join("")
  };
}

// semantic-rules.js
var SEMANTIC_RULES = {
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
  assembly_max_entries: "the sum of assembly section limits does not exceed the server's assembly_max_entries"
};
var RECEIPT_MAX_BYTES = 8192;
var DEFAULT_ASSEMBLY_MAX_ENTRIES = 8;
function pointer(parts) {
  return parts.map((part) => "/" + String(part).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}
function violation(parts, rule) {
  return { path: pointer(parts), rule };
}
function utf8Encode(text) {
  const bytes = [];
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code >= 55296 && code <= 56319 && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 56320 && next <= 57343) {
        code = 65536 + (code - 55296 << 10) + (next - 56320);
        i++;
      }
    }
    if (code >= 55296 && code <= 57343)
      code = 65533;
    if (code < 128)
      bytes.push(code);
    else if (code < 2048)
      bytes.push(192 | code >> 6, 128 | code & 63);
    else if (code < 65536)
      bytes.push(224 | code >> 12, 128 | code >> 6 & 63, 128 | code & 63);
    else
      bytes.push(240 | code >> 18, 128 | code >> 12 & 63, 128 | code >> 6 & 63, 128 | code & 63);
  }
  return Uint8Array.from(bytes);
}
function utf8Length(text) {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128)
      length += 1;
    else if (code < 2048)
      length += 2;
    else if (code >= 55296 && code <= 56319 && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 56320 && next <= 57343) {
        length += 4;
        i++;
      } else
        length += 3;
    } else
      length += 3;
  }
  return length;
}
var K = Uint32Array.from([
  1116352408,
  1899447441,
  3049323471,
  3921009573,
  961987163,
  1508970993,
  2453635748,
  2870763221,
  3624381080,
  310598401,
  607225278,
  1426881987,
  1925078388,
  2162078206,
  2614888103,
  3248222580,
  3835390401,
  4022224774,
  264347078,
  604807628,
  770255983,
  1249150122,
  1555081692,
  1996064986,
  2554220882,
  2821834349,
  2952996808,
  3210313671,
  3336571891,
  3584528711,
  113926993,
  338241895,
  666307205,
  773529912,
  1294757372,
  1396182291,
  1695183700,
  1986661051,
  2177026350,
  2456956037,
  2730485921,
  2820302411,
  3259730800,
  3345764771,
  3516065817,
  3600352804,
  4094571909,
  275423344,
  430227734,
  506948616,
  659060556,
  883997877,
  958139571,
  1322822218,
  1537002063,
  1747873779,
  1955562222,
  2024104815,
  2227730452,
  2361852424,
  2428436474,
  2756734187,
  3204031479,
  3329325298
]);
function sha256Hex(data) {
  const h = Uint32Array.from([
    1779033703,
    3144134277,
    1013904242,
    2773480762,
    1359893119,
    2600822924,
    528734635,
    1541459225
  ]);
  const padded = new Uint8Array(data.length + 9 + 63 >> 6 << 6 >>> 0);
  padded.set(data);
  padded[data.length] = 128;
  const view = new DataView(padded.buffer);
  const bits = data.length * 8;
  view.setUint32(padded.length - 8, Math.floor(bits / 4294967296));
  view.setUint32(padded.length - 4, bits >>> 0);
  const w = new Uint32Array(64);
  const rotr = (x, n) => x >>> n | x << 32 - n;
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let t = 0; t < 16; t++)
      w[t] = view.getUint32(offset + t * 4);
    for (let t = 16; t < 64; t++) {
      const w15 = w[t - 15];
      const w2 = w[t - 2];
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ w15 >>> 3;
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ w2 >>> 10;
      w[t] = w[t - 16] + s0 + w[t - 7] + s1 >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = [h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]];
    for (let t = 0; t < 64; t++) {
      const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const ch = e & f ^ ~e & g;
      const t1 = hh + s1 + ch + K[t] + w[t] >>> 0;
      const s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const maj = a & b ^ a & c ^ b & c;
      const t2 = s0 + maj >>> 0;
      hh = g;
      g = f;
      f = e;
      e = d + t1 >>> 0;
      d = c;
      c = b;
      b = a;
      a = t1 + t2 >>> 0;
    }
    const state = [a, b, c, d, e, f, g, hh];
    for (let i = 0; i < 8; i++)
      h[i] = h[i] + state[i] >>> 0;
  }
  return Array.from(h, (word) => word.toString(16).padStart(8, "0")).join("");
}
function sha256Digest(text) {
  return "sha256:" + sha256Hex(utf8Encode(text));
}
function wireJson(value) {
  return JSON.stringify(value);
}
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
  const order = (value) => value === null ? "null" : typeof value;
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
function strictlySorted(keys) {
  for (let i = 1; i < keys.length; i++) {
    if (compareTuples(keys[i - 1], keys[i]) >= 0)
      return false;
  }
  return true;
}
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
function checkRequestSemantics(request, assemblyMaxEntries = DEFAULT_ASSEMBLY_MAX_ENTRIES) {
  const out = [];
  const sections = request.assembly?.sections ?? [];
  const seen = /* @__PURE__ */ new Set();
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
function checkResponseSemantics(response, facts) {
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
  if (response.receipt !== void 0) {
    out.push(...checkReceiptSemantics(response.receipt, { content, contentBytes, maxBytes }, ["receipt"]));
    out.push(...checkCited(content, response.receipt.selected));
  }
  return out;
}
var CODE_CITED_FIELDS = [
  "scope_id",
  "fingerprint",
  "path",
  "file_sha256",
  "start_line",
  "end_line",
  "snippet_sha256"
];
function cites(item, selected, currentScope) {
  if (!("artifact_address" in selected)) {
    const code = selected.code_evidence;
    const cited = item.code;
    return cited !== null && CODE_CITED_FIELDS.every((key) => cited[key] === code[key]);
  }
  const address = selected.artifact_address;
  const artifact = address.artifact;
  const reference2 = item.artifact;
  if (reference2 === null || reference2[0] !== artifact.family || reference2[1] !== artifact.artifact_id || reference2[2] !== artifact.revision) {
    return false;
  }
  if (item.scopeId === null)
    return address.scope_id === currentScope;
  return item.scopeId === address.scope_id && address.scope_id !== currentScope;
}
function checkCited(content, selected) {
  const cited = parseContent(content);
  if (cited === null)
    return [violation(["content"], "content_form")];
  if (cited.length !== selected.length)
    return [violation(["receipt", "selected"], "selected_cited")];
  let currentScope = null;
  for (let i = 0; i < cited.length; i++) {
    const entry2 = selected[i];
    if (cited[i].scopeId === null && "artifact_address" in entry2) {
      currentScope = entry2.artifact_address.scope_id;
      break;
    }
  }
  const out = [];
  cited.forEach((item, i) => {
    const entry2 = selected[i];
    if (!cites(item, entry2, currentScope)) {
      out.push(violation(["receipt", "selected", i], "selected_cited"));
      return;
    }
    if (utf8Length(item.text) !== entry2.rendered_bytes) {
      out.push(violation(["receipt", "selected", i, "rendered_bytes"], "selected_rendered_bytes"));
    }
    if (item.truncated !== entry2.truncated) {
      out.push(violation(["receipt", "selected", i, "truncated"], "selected_truncated_cited"));
    }
  });
  return out;
}
function identityOf(address, code) {
  return canonical(address !== void 0 ? address : code);
}
function checkReceiptSemantics(receipt, subject, base = []) {
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
  const identities = /* @__PURE__ */ new Set();
  selected.forEach((item, i) => {
    const address = "artifact_address" in item ? item.artifact_address : void 0;
    const code = "code_evidence" in item ? item.code_evidence : void 0;
    if (address !== void 0 && address.artifact.family !== item.kind)
      at(["selected", i, "kind"], "selected_kind_family");
    if (code !== void 0 && code.end_line < code.start_line) {
      at(["selected", i, "code_evidence", "end_line"], "code_line_range");
    }
    const identity2 = identityOf(address, code);
    if (identities.has(identity2))
      at(["selected", i], "selected_identity_unique");
    identities.add(identity2);
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
  const referenced = /* @__PURE__ */ new Set();
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
    const clash = omitted.some((g) => flagged.has(g.family) && g.reason !== "not_retrieved") || selected.some((item) => flagged.has(item.kind));
    if (clash)
      at(["omitted"], "not_retrieved_exclusive");
  }
  const names = receipt.stages.map((stage) => stage.stage);
  if (new Set(names).size !== names.length)
    at(["stages"], "stages_unique");
  return out;
}

// schema-validators.js
var PreparedContext = validate21;
var schema32 = { "type": "object", "additionalProperties": false, "required": ["schema", "status", "content", "content_bytes"], "properties": { "schema": { "type": "string", "const": "powercontext.prepared-context.v1" }, "status": { "type": "string", "enum": ["ready", "empty"] }, "content": { "type": ["string", "null"], "maxLength": 32768 }, "content_bytes": { "type": "integer", "minimum": 0, "maximum": 32768 }, "reason": { "$ref": "#/$defs/DegradationReason" }, "receipt": { "$ref": "#/$defs/PreparedContextReceipt" } }, "allOf": [{ "if": { "properties": { "status": { "const": "empty" } }, "required": ["status"] }, "then": { "properties": { "content": { "type": "null" }, "content_bytes": { "const": 0 }, "receipt": { "properties": { "content_digest": { "type": "null" }, "used_bytes": { "const": 0 }, "selected": { "maxItems": 0 } } } } } }, { "if": { "properties": { "status": { "const": "ready" } }, "required": ["status"] }, "then": { "properties": { "content": { "type": "string", "minLength": 1, "pattern": "\\S" }, "content_bytes": { "minimum": 1 }, "receipt": { "properties": { "content_digest": { "type": "string" }, "selected": { "minItems": 1 } } } } } }] };
var schema33 = { "type": "string", "enum": ["inference_timeout", "inference_unavailable"] };
var func1 = (function ucs2length(str) {
  const len = str.length;
  let length = 0;
  let pos = 0;
  let value;
  while (pos < len) {
    length++;
    value = str.charCodeAt(pos++);
    if (value >= 55296 && value <= 56319 && pos < len) {
      value = str.charCodeAt(pos);
      if ((value & 64512) === 56320)
        pos++;
    }
  }
  return length;
});
var pattern4 = new RegExp("\\S", "u");
var schema34 = { "type": "object", "additionalProperties": false, "required": ["schema", "receipt_id", "policy_id", "query_digest", "content_digest", "requested_max_bytes", "used_bytes", "truncated", "non_deterministic", "retrieval", "selected", "omitted", "stages"], "properties": { "schema": { "type": "string", "const": "powercontext.prepared-context-receipt.v1" }, "receipt_id": { "type": "string", "pattern": "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$" }, "policy_id": { "type": "string", "const": "powercontext.prepared-context-receipt.v1" }, "query_digest": { "$ref": "#/$defs/Sha256Digest" }, "content_digest": { "anyOf": [{ "$ref": "#/$defs/Sha256Digest" }, { "type": "null" }] }, "requested_max_bytes": { "type": "integer", "minimum": 512, "maximum": 32768 }, "used_bytes": { "type": "integer", "minimum": 0, "maximum": 32768 }, "truncated": { "type": "boolean" }, "non_deterministic": { "type": "boolean" }, "retrieval": { "$ref": "#/$defs/Retrieval" }, "selected": { "type": "array", "maxItems": 32, "items": { "$ref": "#/$defs/SelectedItem" } }, "omitted": { "type": "array", "maxItems": 16, "items": { "$ref": "#/$defs/OmittedGroup" } }, "stages": { "type": "array", "maxItems": 8, "items": { "$ref": "#/$defs/StageTiming" } } } };
var func3 = Object.prototype.hasOwnProperty;
var pattern5 = new RegExp("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$", "u");
var pattern6 = new RegExp("^sha256:[0-9a-f]{64}$", "u");
var pattern24 = new RegExp("^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+$", "u");
var schema38 = { "type": "object", "additionalProperties": false, "required": ["round", "outcome", "retained"], "properties": { "round": { "type": "integer", "minimum": 0, "maximum": 2 }, "outcome": { "type": "string", "enum": ["completed", "expansion_failed"] }, "retained": { "type": "boolean" } }, "allOf": [{ "if": { "properties": { "outcome": { "const": "completed" } }, "required": ["outcome"] }, "then": { "properties": { "retained": { "const": true } } } }, { "if": { "properties": { "outcome": { "const": "expansion_failed" } }, "required": ["outcome"] }, "then": { "properties": { "retained": { "const": false }, "round": { "minimum": 1 } } } }] };
var schema39 = { "type": "object", "additionalProperties": false, "required": ["round", "family", "mode", "outcome", "fallback_reason", "count"], "properties": { "round": { "type": "integer", "minimum": 0, "maximum": 2 }, "family": { "$ref": "#/$defs/EvidenceFamily" }, "mode": { "$ref": "#/$defs/SearchMode" }, "outcome": { "type": "string", "enum": ["completed", "not_run", "failed"] }, "fallback_reason": { "type": "string", "enum": ["none", "inference_unavailable", "inference_timeout", "reused_fts_fallback"] }, "count": { "type": "integer", "minimum": 1, "maximum": 65535 } }, "allOf": [{ "if": { "properties": { "outcome": { "const": "not_run" } }, "required": ["outcome"] }, "then": { "properties": { "mode": { "const": "none" }, "fallback_reason": { "const": "none" } } } }, { "if": { "properties": { "mode": { "const": "none" } }, "required": ["mode"] }, "then": { "properties": { "outcome": { "const": "not_run" } } } }, { "if": { "properties": { "family": { "const": "profile" } }, "required": ["family"] }, "then": { "properties": { "mode": { "enum": ["snapshot", "none"] }, "round": { "const": 0 }, "fallback_reason": { "const": "none" } } } }, { "if": { "properties": { "family": { "const": "code" } }, "required": ["family"] }, "then": { "properties": { "mode": { "enum": ["code", "none"] }, "round": { "const": 0 }, "fallback_reason": { "const": "none" } } } }, { "if": { "properties": { "family": { "enum": ["atomic-memory", "topic-memory", "experience"] } }, "required": ["family"] }, "then": { "properties": { "mode": { "enum": ["fts", "vector", "hybrid", "none"] } } } }, { "if": { "properties": { "fallback_reason": { "const": "reused_fts_fallback" } }, "required": ["fallback_reason"] }, "then": { "properties": { "mode": { "const": "fts" }, "outcome": { "const": "completed" }, "round": { "minimum": 1 } } } }, { "if": { "properties": { "fallback_reason": { "enum": ["inference_unavailable", "inference_timeout"] }, "outcome": { "const": "completed" } }, "required": ["fallback_reason", "outcome"] }, "then": { "properties": { "mode": { "const": "fts" } } } }] };
var schema40 = { "type": "string", "enum": ["atomic-memory", "topic-memory", "experience", "profile", "code"] };
var schema41 = { "type": "string", "enum": ["fts", "vector", "hybrid", "snapshot", "code", "none"] };
function validate24(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate24.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  const _errs2 = errors;
  let valid1 = true;
  const _errs3 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    let missing0;
    if (data.outcome === void 0 && (missing0 = "outcome")) {
      const err0 = {};
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    } else {
      if (data.outcome !== void 0) {
        if ("not_run" !== data.outcome) {
          const err1 = {};
          if (vErrors === null) {
            vErrors = [err1];
          } else {
            vErrors.push(err1);
          }
          errors++;
        }
      }
    }
  }
  var _valid0 = _errs3 === errors;
  errors = _errs2;
  if (vErrors !== null) {
    if (_errs2) {
      vErrors.length = _errs2;
    } else {
      vErrors = null;
    }
  }
  if (_valid0) {
    const _errs5 = errors;
    if (data && typeof data == "object" && !Array.isArray(data)) {
      if (data.mode !== void 0) {
        if ("none" !== data.mode) {
          const err2 = { instancePath: instancePath + "/mode", schemaPath: "#/allOf/0/then/properties/mode/const", keyword: "const", params: { allowedValue: "none" } };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
      }
      if (data.fallback_reason !== void 0) {
        if ("none" !== data.fallback_reason) {
          const err3 = { instancePath: instancePath + "/fallback_reason", schemaPath: "#/allOf/0/then/properties/fallback_reason/const", keyword: "const", params: { allowedValue: "none" } };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
      }
    }
    var _valid0 = _errs5 === errors;
    valid1 = _valid0;
    if (valid1) {
      var props0 = {};
      props0.mode = true;
      props0.fallback_reason = true;
      props0.outcome = true;
    }
  }
  if (!valid1) {
    const err4 = { instancePath, schemaPath: "#/allOf/0/if", keyword: "if", params: { failingKeyword: "then" } };
    if (vErrors === null) {
      vErrors = [err4];
    } else {
      vErrors.push(err4);
    }
    errors++;
  }
  const _errs9 = errors;
  let valid4 = true;
  const _errs10 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    let missing1;
    if (data.mode === void 0 && (missing1 = "mode")) {
      const err5 = {};
      if (vErrors === null) {
        vErrors = [err5];
      } else {
        vErrors.push(err5);
      }
      errors++;
    } else {
      if (data.mode !== void 0) {
        if ("none" !== data.mode) {
          const err6 = {};
          if (vErrors === null) {
            vErrors = [err6];
          } else {
            vErrors.push(err6);
          }
          errors++;
        }
      }
    }
  }
  var _valid1 = _errs10 === errors;
  errors = _errs9;
  if (vErrors !== null) {
    if (_errs9) {
      vErrors.length = _errs9;
    } else {
      vErrors = null;
    }
  }
  if (_valid1) {
    const _errs12 = errors;
    if (data && typeof data == "object" && !Array.isArray(data)) {
      if (data.outcome !== void 0) {
        if ("not_run" !== data.outcome) {
          const err7 = { instancePath: instancePath + "/outcome", schemaPath: "#/allOf/1/then/properties/outcome/const", keyword: "const", params: { allowedValue: "not_run" } };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        }
      }
    }
    var _valid1 = _errs12 === errors;
    valid4 = _valid1;
    if (valid4) {
      var props1 = {};
      props1.outcome = true;
      props1.mode = true;
    }
  }
  if (!valid4) {
    const err8 = { instancePath, schemaPath: "#/allOf/1/if", keyword: "if", params: { failingKeyword: "then" } };
    if (vErrors === null) {
      vErrors = [err8];
    } else {
      vErrors.push(err8);
    }
    errors++;
  }
  if (props0 !== true && props1 !== void 0) {
    if (props1 === true) {
      props0 = true;
    } else {
      props0 = props0 || {};
      Object.assign(props0, props1);
    }
  }
  const _errs15 = errors;
  let valid7 = true;
  const _errs16 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    let missing2;
    if (data.family === void 0 && (missing2 = "family")) {
      const err9 = {};
      if (vErrors === null) {
        vErrors = [err9];
      } else {
        vErrors.push(err9);
      }
      errors++;
    } else {
      if (data.family !== void 0) {
        if ("profile" !== data.family) {
          const err10 = {};
          if (vErrors === null) {
            vErrors = [err10];
          } else {
            vErrors.push(err10);
          }
          errors++;
        }
      }
    }
  }
  var _valid2 = _errs16 === errors;
  errors = _errs15;
  if (vErrors !== null) {
    if (_errs15) {
      vErrors.length = _errs15;
    } else {
      vErrors = null;
    }
  }
  if (_valid2) {
    const _errs18 = errors;
    if (data && typeof data == "object" && !Array.isArray(data)) {
      if (data.mode !== void 0) {
        let data6 = data.mode;
        if (!(data6 === "snapshot" || data6 === "none")) {
          const err11 = { instancePath: instancePath + "/mode", schemaPath: "#/allOf/2/then/properties/mode/enum", keyword: "enum", params: { allowedValues: schema39.allOf[2].then.properties.mode.enum } };
          if (vErrors === null) {
            vErrors = [err11];
          } else {
            vErrors.push(err11);
          }
          errors++;
        }
      }
      if (data.round !== void 0) {
        if (0 !== data.round) {
          const err12 = { instancePath: instancePath + "/round", schemaPath: "#/allOf/2/then/properties/round/const", keyword: "const", params: { allowedValue: 0 } };
          if (vErrors === null) {
            vErrors = [err12];
          } else {
            vErrors.push(err12);
          }
          errors++;
        }
      }
      if (data.fallback_reason !== void 0) {
        if ("none" !== data.fallback_reason) {
          const err13 = { instancePath: instancePath + "/fallback_reason", schemaPath: "#/allOf/2/then/properties/fallback_reason/const", keyword: "const", params: { allowedValue: "none" } };
          if (vErrors === null) {
            vErrors = [err13];
          } else {
            vErrors.push(err13);
          }
          errors++;
        }
      }
    }
    var _valid2 = _errs18 === errors;
    valid7 = _valid2;
    if (valid7) {
      var props2 = {};
      props2.mode = true;
      props2.round = true;
      props2.fallback_reason = true;
      props2.family = true;
    }
  }
  if (!valid7) {
    const err14 = { instancePath, schemaPath: "#/allOf/2/if", keyword: "if", params: { failingKeyword: "then" } };
    if (vErrors === null) {
      vErrors = [err14];
    } else {
      vErrors.push(err14);
    }
    errors++;
  }
  if (props0 !== true && props2 !== void 0) {
    if (props2 === true) {
      props0 = true;
    } else {
      props0 = props0 || {};
      Object.assign(props0, props2);
    }
  }
  const _errs23 = errors;
  let valid10 = true;
  const _errs24 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    let missing3;
    if (data.family === void 0 && (missing3 = "family")) {
      const err15 = {};
      if (vErrors === null) {
        vErrors = [err15];
      } else {
        vErrors.push(err15);
      }
      errors++;
    } else {
      if (data.family !== void 0) {
        if ("code" !== data.family) {
          const err16 = {};
          if (vErrors === null) {
            vErrors = [err16];
          } else {
            vErrors.push(err16);
          }
          errors++;
        }
      }
    }
  }
  var _valid3 = _errs24 === errors;
  errors = _errs23;
  if (vErrors !== null) {
    if (_errs23) {
      vErrors.length = _errs23;
    } else {
      vErrors = null;
    }
  }
  if (_valid3) {
    const _errs26 = errors;
    if (data && typeof data == "object" && !Array.isArray(data)) {
      if (data.mode !== void 0) {
        let data10 = data.mode;
        if (!(data10 === "code" || data10 === "none")) {
          const err17 = { instancePath: instancePath + "/mode", schemaPath: "#/allOf/3/then/properties/mode/enum", keyword: "enum", params: { allowedValues: schema39.allOf[3].then.properties.mode.enum } };
          if (vErrors === null) {
            vErrors = [err17];
          } else {
            vErrors.push(err17);
          }
          errors++;
        }
      }
      if (data.round !== void 0) {
        if (0 !== data.round) {
          const err18 = { instancePath: instancePath + "/round", schemaPath: "#/allOf/3/then/properties/round/const", keyword: "const", params: { allowedValue: 0 } };
          if (vErrors === null) {
            vErrors = [err18];
          } else {
            vErrors.push(err18);
          }
          errors++;
        }
      }
      if (data.fallback_reason !== void 0) {
        if ("none" !== data.fallback_reason) {
          const err19 = { instancePath: instancePath + "/fallback_reason", schemaPath: "#/allOf/3/then/properties/fallback_reason/const", keyword: "const", params: { allowedValue: "none" } };
          if (vErrors === null) {
            vErrors = [err19];
          } else {
            vErrors.push(err19);
          }
          errors++;
        }
      }
    }
    var _valid3 = _errs26 === errors;
    valid10 = _valid3;
    if (valid10) {
      var props3 = {};
      props3.mode = true;
      props3.round = true;
      props3.fallback_reason = true;
      props3.family = true;
    }
  }
  if (!valid10) {
    const err20 = { instancePath, schemaPath: "#/allOf/3/if", keyword: "if", params: { failingKeyword: "then" } };
    if (vErrors === null) {
      vErrors = [err20];
    } else {
      vErrors.push(err20);
    }
    errors++;
  }
  if (props0 !== true && props3 !== void 0) {
    if (props3 === true) {
      props0 = true;
    } else {
      props0 = props0 || {};
      Object.assign(props0, props3);
    }
  }
  const _errs31 = errors;
  let valid13 = true;
  const _errs32 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    let missing4;
    if (data.family === void 0 && (missing4 = "family")) {
      const err21 = {};
      if (vErrors === null) {
        vErrors = [err21];
      } else {
        vErrors.push(err21);
      }
      errors++;
    } else {
      if (data.family !== void 0) {
        let data13 = data.family;
        if (!(data13 === "atomic-memory" || data13 === "topic-memory" || data13 === "experience")) {
          const err22 = {};
          if (vErrors === null) {
            vErrors = [err22];
          } else {
            vErrors.push(err22);
          }
          errors++;
        }
      }
    }
  }
  var _valid4 = _errs32 === errors;
  errors = _errs31;
  if (vErrors !== null) {
    if (_errs31) {
      vErrors.length = _errs31;
    } else {
      vErrors = null;
    }
  }
  if (_valid4) {
    const _errs34 = errors;
    if (data && typeof data == "object" && !Array.isArray(data)) {
      if (data.mode !== void 0) {
        let data14 = data.mode;
        if (!(data14 === "fts" || data14 === "vector" || data14 === "hybrid" || data14 === "none")) {
          const err23 = { instancePath: instancePath + "/mode", schemaPath: "#/allOf/4/then/properties/mode/enum", keyword: "enum", params: { allowedValues: schema39.allOf[4].then.properties.mode.enum } };
          if (vErrors === null) {
            vErrors = [err23];
          } else {
            vErrors.push(err23);
          }
          errors++;
        }
      }
    }
    var _valid4 = _errs34 === errors;
    valid13 = _valid4;
    if (valid13) {
      var props4 = {};
      props4.mode = true;
      props4.family = true;
    }
  }
  if (!valid13) {
    const err24 = { instancePath, schemaPath: "#/allOf/4/if", keyword: "if", params: { failingKeyword: "then" } };
    if (vErrors === null) {
      vErrors = [err24];
    } else {
      vErrors.push(err24);
    }
    errors++;
  }
  if (props0 !== true && props4 !== void 0) {
    if (props4 === true) {
      props0 = true;
    } else {
      props0 = props0 || {};
      Object.assign(props0, props4);
    }
  }
  const _errs37 = errors;
  let valid16 = true;
  const _errs38 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    let missing5;
    if (data.fallback_reason === void 0 && (missing5 = "fallback_reason")) {
      const err25 = {};
      if (vErrors === null) {
        vErrors = [err25];
      } else {
        vErrors.push(err25);
      }
      errors++;
    } else {
      if (data.fallback_reason !== void 0) {
        if ("reused_fts_fallback" !== data.fallback_reason) {
          const err26 = {};
          if (vErrors === null) {
            vErrors = [err26];
          } else {
            vErrors.push(err26);
          }
          errors++;
        }
      }
    }
  }
  var _valid5 = _errs38 === errors;
  errors = _errs37;
  if (vErrors !== null) {
    if (_errs37) {
      vErrors.length = _errs37;
    } else {
      vErrors = null;
    }
  }
  if (_valid5) {
    const _errs40 = errors;
    if (data && typeof data == "object" && !Array.isArray(data)) {
      if (data.mode !== void 0) {
        if ("fts" !== data.mode) {
          const err27 = { instancePath: instancePath + "/mode", schemaPath: "#/allOf/5/then/properties/mode/const", keyword: "const", params: { allowedValue: "fts" } };
          if (vErrors === null) {
            vErrors = [err27];
          } else {
            vErrors.push(err27);
          }
          errors++;
        }
      }
      if (data.outcome !== void 0) {
        if ("completed" !== data.outcome) {
          const err28 = { instancePath: instancePath + "/outcome", schemaPath: "#/allOf/5/then/properties/outcome/const", keyword: "const", params: { allowedValue: "completed" } };
          if (vErrors === null) {
            vErrors = [err28];
          } else {
            vErrors.push(err28);
          }
          errors++;
        }
      }
      if (data.round !== void 0) {
        let data18 = data.round;
        if (typeof data18 == "number" && isFinite(data18)) {
          if (data18 < 1 || isNaN(data18)) {
            const err29 = { instancePath: instancePath + "/round", schemaPath: "#/allOf/5/then/properties/round/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 } };
            if (vErrors === null) {
              vErrors = [err29];
            } else {
              vErrors.push(err29);
            }
            errors++;
          }
        }
      }
    }
    var _valid5 = _errs40 === errors;
    valid16 = _valid5;
    if (valid16) {
      var props5 = {};
      props5.mode = true;
      props5.outcome = true;
      props5.round = true;
      props5.fallback_reason = true;
    }
  }
  if (!valid16) {
    const err30 = { instancePath, schemaPath: "#/allOf/5/if", keyword: "if", params: { failingKeyword: "then" } };
    if (vErrors === null) {
      vErrors = [err30];
    } else {
      vErrors.push(err30);
    }
    errors++;
  }
  if (props0 !== true && props5 !== void 0) {
    if (props5 === true) {
      props0 = true;
    } else {
      props0 = props0 || {};
      Object.assign(props0, props5);
    }
  }
  const _errs45 = errors;
  let valid19 = true;
  const _errs46 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    let missing6;
    if (data.fallback_reason === void 0 && (missing6 = "fallback_reason") || data.outcome === void 0 && (missing6 = "outcome")) {
      const err31 = {};
      if (vErrors === null) {
        vErrors = [err31];
      } else {
        vErrors.push(err31);
      }
      errors++;
    } else {
      if (data.fallback_reason !== void 0) {
        let data19 = data.fallback_reason;
        const _errs47 = errors;
        if (!(data19 === "inference_unavailable" || data19 === "inference_timeout")) {
          const err32 = {};
          if (vErrors === null) {
            vErrors = [err32];
          } else {
            vErrors.push(err32);
          }
          errors++;
        }
        var valid20 = _errs47 === errors;
      } else {
        var valid20 = true;
      }
      if (valid20) {
        if (data.outcome !== void 0) {
          const _errs48 = errors;
          if ("completed" !== data.outcome) {
            const err33 = {};
            if (vErrors === null) {
              vErrors = [err33];
            } else {
              vErrors.push(err33);
            }
            errors++;
          }
          var valid20 = _errs48 === errors;
        } else {
          var valid20 = true;
        }
      }
    }
  }
  var _valid6 = _errs46 === errors;
  errors = _errs45;
  if (vErrors !== null) {
    if (_errs45) {
      vErrors.length = _errs45;
    } else {
      vErrors = null;
    }
  }
  if (_valid6) {
    const _errs49 = errors;
    if (data && typeof data == "object" && !Array.isArray(data)) {
      if (data.mode !== void 0) {
        if ("fts" !== data.mode) {
          const err34 = { instancePath: instancePath + "/mode", schemaPath: "#/allOf/6/then/properties/mode/const", keyword: "const", params: { allowedValue: "fts" } };
          if (vErrors === null) {
            vErrors = [err34];
          } else {
            vErrors.push(err34);
          }
          errors++;
        }
      }
    }
    var _valid6 = _errs49 === errors;
    valid19 = _valid6;
    if (valid19) {
      var props6 = {};
      props6.mode = true;
      props6.fallback_reason = true;
      props6.outcome = true;
    }
  }
  if (!valid19) {
    const err35 = { instancePath, schemaPath: "#/allOf/6/if", keyword: "if", params: { failingKeyword: "then" } };
    if (vErrors === null) {
      vErrors = [err35];
    } else {
      vErrors.push(err35);
    }
    errors++;
  }
  if (props0 !== true && props6 !== void 0) {
    if (props6 === true) {
      props0 = true;
    } else {
      props0 = props0 || {};
      Object.assign(props0, props6);
    }
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.round === void 0) {
      const err36 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "round" } };
      if (vErrors === null) {
        vErrors = [err36];
      } else {
        vErrors.push(err36);
      }
      errors++;
    }
    if (data.family === void 0) {
      const err37 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "family" } };
      if (vErrors === null) {
        vErrors = [err37];
      } else {
        vErrors.push(err37);
      }
      errors++;
    }
    if (data.mode === void 0) {
      const err38 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "mode" } };
      if (vErrors === null) {
        vErrors = [err38];
      } else {
        vErrors.push(err38);
      }
      errors++;
    }
    if (data.outcome === void 0) {
      const err39 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "outcome" } };
      if (vErrors === null) {
        vErrors = [err39];
      } else {
        vErrors.push(err39);
      }
      errors++;
    }
    if (data.fallback_reason === void 0) {
      const err40 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "fallback_reason" } };
      if (vErrors === null) {
        vErrors = [err40];
      } else {
        vErrors.push(err40);
      }
      errors++;
    }
    if (data.count === void 0) {
      const err41 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "count" } };
      if (vErrors === null) {
        vErrors = [err41];
      } else {
        vErrors.push(err41);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "round" || key0 === "family" || key0 === "mode" || key0 === "outcome" || key0 === "fallback_reason" || key0 === "count")) {
        const err42 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 } };
        if (vErrors === null) {
          vErrors = [err42];
        } else {
          vErrors.push(err42);
        }
        errors++;
      }
    }
    if (data.round !== void 0) {
      let data22 = data.round;
      if (!(typeof data22 == "number" && (!(data22 % 1) && !isNaN(data22)) && isFinite(data22))) {
        const err43 = { instancePath: instancePath + "/round", schemaPath: "#/properties/round/type", keyword: "type", params: { type: "integer" } };
        if (vErrors === null) {
          vErrors = [err43];
        } else {
          vErrors.push(err43);
        }
        errors++;
      }
      if (typeof data22 == "number" && isFinite(data22)) {
        if (data22 > 2 || isNaN(data22)) {
          const err44 = { instancePath: instancePath + "/round", schemaPath: "#/properties/round/maximum", keyword: "maximum", params: { comparison: "<=", limit: 2 } };
          if (vErrors === null) {
            vErrors = [err44];
          } else {
            vErrors.push(err44);
          }
          errors++;
        }
        if (data22 < 0 || isNaN(data22)) {
          const err45 = { instancePath: instancePath + "/round", schemaPath: "#/properties/round/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 } };
          if (vErrors === null) {
            vErrors = [err45];
          } else {
            vErrors.push(err45);
          }
          errors++;
        }
      }
    }
    if (data.family !== void 0) {
      let data23 = data.family;
      if (typeof data23 !== "string") {
        const err46 = { instancePath: instancePath + "/family", schemaPath: "#/$defs/EvidenceFamily/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err46];
        } else {
          vErrors.push(err46);
        }
        errors++;
      }
      if (!(data23 === "atomic-memory" || data23 === "topic-memory" || data23 === "experience" || data23 === "profile" || data23 === "code")) {
        const err47 = { instancePath: instancePath + "/family", schemaPath: "#/$defs/EvidenceFamily/enum", keyword: "enum", params: { allowedValues: schema40.enum } };
        if (vErrors === null) {
          vErrors = [err47];
        } else {
          vErrors.push(err47);
        }
        errors++;
      }
    }
    if (data.mode !== void 0) {
      let data24 = data.mode;
      if (typeof data24 !== "string") {
        const err48 = { instancePath: instancePath + "/mode", schemaPath: "#/$defs/SearchMode/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err48];
        } else {
          vErrors.push(err48);
        }
        errors++;
      }
      if (!(data24 === "fts" || data24 === "vector" || data24 === "hybrid" || data24 === "snapshot" || data24 === "code" || data24 === "none")) {
        const err49 = { instancePath: instancePath + "/mode", schemaPath: "#/$defs/SearchMode/enum", keyword: "enum", params: { allowedValues: schema41.enum } };
        if (vErrors === null) {
          vErrors = [err49];
        } else {
          vErrors.push(err49);
        }
        errors++;
      }
    }
    if (data.outcome !== void 0) {
      let data25 = data.outcome;
      if (typeof data25 !== "string") {
        const err50 = { instancePath: instancePath + "/outcome", schemaPath: "#/properties/outcome/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err50];
        } else {
          vErrors.push(err50);
        }
        errors++;
      }
      if (!(data25 === "completed" || data25 === "not_run" || data25 === "failed")) {
        const err51 = { instancePath: instancePath + "/outcome", schemaPath: "#/properties/outcome/enum", keyword: "enum", params: { allowedValues: schema39.properties.outcome.enum } };
        if (vErrors === null) {
          vErrors = [err51];
        } else {
          vErrors.push(err51);
        }
        errors++;
      }
    }
    if (data.fallback_reason !== void 0) {
      let data26 = data.fallback_reason;
      if (typeof data26 !== "string") {
        const err52 = { instancePath: instancePath + "/fallback_reason", schemaPath: "#/properties/fallback_reason/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err52];
        } else {
          vErrors.push(err52);
        }
        errors++;
      }
      if (!(data26 === "none" || data26 === "inference_unavailable" || data26 === "inference_timeout" || data26 === "reused_fts_fallback")) {
        const err53 = { instancePath: instancePath + "/fallback_reason", schemaPath: "#/properties/fallback_reason/enum", keyword: "enum", params: { allowedValues: schema39.properties.fallback_reason.enum } };
        if (vErrors === null) {
          vErrors = [err53];
        } else {
          vErrors.push(err53);
        }
        errors++;
      }
    }
    if (data.count !== void 0) {
      let data27 = data.count;
      if (!(typeof data27 == "number" && (!(data27 % 1) && !isNaN(data27)) && isFinite(data27))) {
        const err54 = { instancePath: instancePath + "/count", schemaPath: "#/properties/count/type", keyword: "type", params: { type: "integer" } };
        if (vErrors === null) {
          vErrors = [err54];
        } else {
          vErrors.push(err54);
        }
        errors++;
      }
      if (typeof data27 == "number" && isFinite(data27)) {
        if (data27 > 65535 || isNaN(data27)) {
          const err55 = { instancePath: instancePath + "/count", schemaPath: "#/properties/count/maximum", keyword: "maximum", params: { comparison: "<=", limit: 65535 } };
          if (vErrors === null) {
            vErrors = [err55];
          } else {
            vErrors.push(err55);
          }
          errors++;
        }
        if (data27 < 1 || isNaN(data27)) {
          const err56 = { instancePath: instancePath + "/count", schemaPath: "#/properties/count/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 } };
          if (vErrors === null) {
            vErrors = [err56];
          } else {
            vErrors.push(err56);
          }
          errors++;
        }
      }
    }
  } else {
    const err57 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" } };
    if (vErrors === null) {
      vErrors = [err57];
    } else {
      vErrors.push(err57);
    }
    errors++;
  }
  validate24.errors = vErrors;
  return errors === 0;
}
validate24.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
var schema42 = { "type": "object", "additionalProperties": false, "required": ["config_id", "policy_id", "model", "effective_settings", "timeout_seconds", "max_requests", "config_digest", "prompt", "non_deterministic"], "properties": { "config_id": { "$ref": "#/$defs/Sha256Digest" }, "policy_id": { "type": "string", "minLength": 1, "maxLength": 128, "pattern": "^[a-z0-9][a-z0-9._-]*$" }, "model": { "anyOf": [{ "type": "string", "minLength": 3, "maxLength": 200, "pattern": "^[A-Za-z0-9._-]+/[!-~]+$" }, { "type": "null" }] }, "effective_settings": { "$ref": "#/$defs/RerankSettings" }, "timeout_seconds": { "type": "number", "exclusiveMinimum": 0, "maximum": 600 }, "max_requests": { "type": "integer", "minimum": 1, "maximum": 1e3 }, "config_digest": { "$ref": "#/$defs/Sha256Digest" }, "prompt": { "anyOf": [{ "$ref": "#/$defs/RerankPromptIdentity" }, { "type": "null" }] }, "non_deterministic": { "type": "boolean" } }, "allOf": [{ "if": { "properties": { "model": { "type": "null" } }, "required": ["model"] }, "then": { "properties": { "prompt": { "type": "null" }, "non_deterministic": { "const": false } } } }, { "if": { "properties": { "model": { "type": "string" } }, "required": ["model"] }, "then": { "properties": { "prompt": { "type": "object" }, "non_deterministic": { "const": true } } } }] };
var schema44 = { "type": "object", "additionalProperties": false, "required": ["allowlist"], "properties": { "allowlist": { "type": "string", "const": "pcreceipt.rerank-settings.v1" }, "temperature": { "type": "number", "minimum": 0, "maximum": 2 }, "top_p": { "type": "number", "exclusiveMinimum": 0, "maximum": 1 }, "max_tokens": { "type": "integer", "minimum": 1, "maximum": 131072 }, "seed": { "type": "integer", "minimum": 0, "maximum": 4294967295 }, "candidate_limit": { "type": "integer", "minimum": 1, "maximum": 256 }, "keep": { "type": "integer", "minimum": 1, "maximum": 256 }, "response_format": { "type": "string", "enum": ["text", "json_object"] }, "on_failure": { "type": "string", "enum": ["coarse_order", "drop_family"] }, "algorithm_version": { "type": "integer", "minimum": 1, "maximum": 65535 } } };
var pattern9 = new RegExp("^[a-z0-9][a-z0-9._-]*$", "u");
var pattern10 = new RegExp("^[A-Za-z0-9._-]+/[!-~]+$", "u");
var schema46 = { "type": "object", "additionalProperties": false, "required": ["scope_id", "key", "definition_version", "builtin_version", "selection", "selected_version", "compiled_digest", "artifact_address"], "properties": { "scope_id": { "$ref": "#/$defs/ScopeId" }, "key": { "$ref": "#/$defs/ArtifactId" }, "definition_version": { "type": "integer", "minimum": 1, "maximum": 65535 }, "builtin_version": { "type": "integer", "minimum": 1, "maximum": 65535 }, "selection": { "type": "string", "enum": ["built_in", "artifact"] }, "selected_version": { "type": "integer", "minimum": 1, "maximum": 2147483647 }, "compiled_digest": { "$ref": "#/$defs/Sha256Digest" }, "artifact_address": { "anyOf": [{ "$ref": "#/$defs/ArtifactAddress" }, { "type": "null" }] } }, "allOf": [{ "if": { "properties": { "selection": { "const": "built_in" } }, "required": ["selection"] }, "then": { "properties": { "artifact_address": { "type": "null" } } } }, { "if": { "properties": { "selection": { "const": "artifact" } }, "required": ["selection"] }, "then": { "properties": { "artifact_address": { "type": "object", "properties": { "artifact": { "properties": { "family": { "const": "prompt" } } } } } } } }] };
var pattern13 = new RegExp("^[!-~]+$", "u");
var schema53 = { "type": "string", "enum": ["atomic-memory", "topic-memory", "experience", "profile", "prompt"] };
function validate29(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate29.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.family === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "family" } };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.artifact_id === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "artifact_id" } };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    if (data.revision === void 0) {
      const err2 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "revision" } };
      if (vErrors === null) {
        vErrors = [err2];
      } else {
        vErrors.push(err2);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "family" || key0 === "artifact_id" || key0 === "revision")) {
        const err3 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 } };
        if (vErrors === null) {
          vErrors = [err3];
        } else {
          vErrors.push(err3);
        }
        errors++;
      }
    }
    if (data.family !== void 0) {
      let data0 = data.family;
      if (typeof data0 !== "string") {
        const err4 = { instancePath: instancePath + "/family", schemaPath: "#/$defs/ArtifactFamily/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
      if (!(data0 === "atomic-memory" || data0 === "topic-memory" || data0 === "experience" || data0 === "profile" || data0 === "prompt")) {
        const err5 = { instancePath: instancePath + "/family", schemaPath: "#/$defs/ArtifactFamily/enum", keyword: "enum", params: { allowedValues: schema53.enum } };
        if (vErrors === null) {
          vErrors = [err5];
        } else {
          vErrors.push(err5);
        }
        errors++;
      }
    }
    if (data.artifact_id !== void 0) {
      let data1 = data.artifact_id;
      if (typeof data1 === "string") {
        if (func1(data1) > 128) {
          const err6 = { instancePath: instancePath + "/artifact_id", schemaPath: "#/$defs/ArtifactId/maxLength", keyword: "maxLength", params: { limit: 128 } };
          if (vErrors === null) {
            vErrors = [err6];
          } else {
            vErrors.push(err6);
          }
          errors++;
        }
        if (func1(data1) < 1) {
          const err7 = { instancePath: instancePath + "/artifact_id", schemaPath: "#/$defs/ArtifactId/minLength", keyword: "minLength", params: { limit: 1 } };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        }
        if (!pattern13.test(data1)) {
          const err8 = { instancePath: instancePath + "/artifact_id", schemaPath: "#/$defs/ArtifactId/pattern", keyword: "pattern", params: { pattern: "^[!-~]+$" } };
          if (vErrors === null) {
            vErrors = [err8];
          } else {
            vErrors.push(err8);
          }
          errors++;
        }
      } else {
        const err9 = { instancePath: instancePath + "/artifact_id", schemaPath: "#/$defs/ArtifactId/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err9];
        } else {
          vErrors.push(err9);
        }
        errors++;
      }
    }
    if (data.revision !== void 0) {
      let data2 = data.revision;
      if (!(typeof data2 == "number" && (!(data2 % 1) && !isNaN(data2)) && isFinite(data2))) {
        const err10 = { instancePath: instancePath + "/revision", schemaPath: "#/$defs/Revision/type", keyword: "type", params: { type: "integer" } };
        if (vErrors === null) {
          vErrors = [err10];
        } else {
          vErrors.push(err10);
        }
        errors++;
      }
      if (typeof data2 == "number" && isFinite(data2)) {
        if (data2 > 2147483647 || isNaN(data2)) {
          const err11 = { instancePath: instancePath + "/revision", schemaPath: "#/$defs/Revision/maximum", keyword: "maximum", params: { comparison: "<=", limit: 2147483647 } };
          if (vErrors === null) {
            vErrors = [err11];
          } else {
            vErrors.push(err11);
          }
          errors++;
        }
        if (data2 < 1 || isNaN(data2)) {
          const err12 = { instancePath: instancePath + "/revision", schemaPath: "#/$defs/Revision/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 } };
          if (vErrors === null) {
            vErrors = [err12];
          } else {
            vErrors.push(err12);
          }
          errors++;
        }
      }
    }
  } else {
    const err13 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" } };
    if (vErrors === null) {
      vErrors = [err13];
    } else {
      vErrors.push(err13);
    }
    errors++;
  }
  validate29.errors = vErrors;
  return errors === 0;
}
validate29.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
function validate28(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate28.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.scope_id === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "scope_id" } };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.artifact === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "artifact" } };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "scope_id" || key0 === "artifact")) {
        const err2 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 } };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
    }
    if (data.scope_id !== void 0) {
      let data0 = data.scope_id;
      if (typeof data0 === "string") {
        if (func1(data0) > 256) {
          const err3 = { instancePath: instancePath + "/scope_id", schemaPath: "#/$defs/ScopeId/maxLength", keyword: "maxLength", params: { limit: 256 } };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
        if (func1(data0) < 1) {
          const err4 = { instancePath: instancePath + "/scope_id", schemaPath: "#/$defs/ScopeId/minLength", keyword: "minLength", params: { limit: 1 } };
          if (vErrors === null) {
            vErrors = [err4];
          } else {
            vErrors.push(err4);
          }
          errors++;
        }
        if (!pattern4.test(data0)) {
          const err5 = { instancePath: instancePath + "/scope_id", schemaPath: "#/$defs/ScopeId/pattern", keyword: "pattern", params: { pattern: "\\S" } };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
      } else {
        const err6 = { instancePath: instancePath + "/scope_id", schemaPath: "#/$defs/ScopeId/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
    }
    if (data.artifact !== void 0) {
      if (!validate29(data.artifact, { instancePath: instancePath + "/artifact", parentData: data, parentDataProperty: "artifact", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate29.errors : vErrors.concat(validate29.errors);
        errors = vErrors.length;
      }
    }
  } else {
    const err7 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" } };
    if (vErrors === null) {
      vErrors = [err7];
    } else {
      vErrors.push(err7);
    }
    errors++;
  }
  validate28.errors = vErrors;
  return errors === 0;
}
validate28.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
function validate27(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate27.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  const _errs2 = errors;
  let valid1 = true;
  const _errs3 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    let missing0;
    if (data.selection === void 0 && (missing0 = "selection")) {
      const err0 = {};
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    } else {
      if (data.selection !== void 0) {
        if ("built_in" !== data.selection) {
          const err1 = {};
          if (vErrors === null) {
            vErrors = [err1];
          } else {
            vErrors.push(err1);
          }
          errors++;
        }
      }
    }
  }
  var _valid0 = _errs3 === errors;
  errors = _errs2;
  if (vErrors !== null) {
    if (_errs2) {
      vErrors.length = _errs2;
    } else {
      vErrors = null;
    }
  }
  if (_valid0) {
    const _errs5 = errors;
    if (data && typeof data == "object" && !Array.isArray(data)) {
      if (data.artifact_address !== void 0) {
        if (data.artifact_address !== null) {
          const err2 = { instancePath: instancePath + "/artifact_address", schemaPath: "#/allOf/0/then/properties/artifact_address/type", keyword: "type", params: { type: "null" } };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
      }
    }
    var _valid0 = _errs5 === errors;
    valid1 = _valid0;
    if (valid1) {
      var props0 = {};
      props0.artifact_address = true;
      props0.selection = true;
    }
  }
  if (!valid1) {
    const err3 = { instancePath, schemaPath: "#/allOf/0/if", keyword: "if", params: { failingKeyword: "then" } };
    if (vErrors === null) {
      vErrors = [err3];
    } else {
      vErrors.push(err3);
    }
    errors++;
  }
  const _errs9 = errors;
  let valid4 = true;
  const _errs10 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    let missing1;
    if (data.selection === void 0 && (missing1 = "selection")) {
      const err4 = {};
      if (vErrors === null) {
        vErrors = [err4];
      } else {
        vErrors.push(err4);
      }
      errors++;
    } else {
      if (data.selection !== void 0) {
        if ("artifact" !== data.selection) {
          const err5 = {};
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
      }
    }
  }
  var _valid1 = _errs10 === errors;
  errors = _errs9;
  if (vErrors !== null) {
    if (_errs9) {
      vErrors.length = _errs9;
    } else {
      vErrors = null;
    }
  }
  if (_valid1) {
    const _errs12 = errors;
    if (data && typeof data == "object" && !Array.isArray(data)) {
      if (data.artifact_address !== void 0) {
        let data3 = data.artifact_address;
        if (data3 && typeof data3 == "object" && !Array.isArray(data3)) {
          if (data3.artifact !== void 0) {
            let data4 = data3.artifact;
            if (data4 && typeof data4 == "object" && !Array.isArray(data4)) {
              if (data4.family !== void 0) {
                if ("prompt" !== data4.family) {
                  const err6 = { instancePath: instancePath + "/artifact_address/artifact/family", schemaPath: "#/allOf/1/then/properties/artifact_address/properties/artifact/properties/family/const", keyword: "const", params: { allowedValue: "prompt" } };
                  if (vErrors === null) {
                    vErrors = [err6];
                  } else {
                    vErrors.push(err6);
                  }
                  errors++;
                }
              }
            }
          }
        } else {
          const err7 = { instancePath: instancePath + "/artifact_address", schemaPath: "#/allOf/1/then/properties/artifact_address/type", keyword: "type", params: { type: "object" } };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        }
      }
    }
    var _valid1 = _errs12 === errors;
    valid4 = _valid1;
    if (valid4) {
      var props1 = {};
      props1.artifact_address = true;
      props1.selection = true;
    }
  }
  if (!valid4) {
    const err8 = { instancePath, schemaPath: "#/allOf/1/if", keyword: "if", params: { failingKeyword: "then" } };
    if (vErrors === null) {
      vErrors = [err8];
    } else {
      vErrors.push(err8);
    }
    errors++;
  }
  if (props0 !== true && props1 !== void 0) {
    if (props1 === true) {
      props0 = true;
    } else {
      props0 = props0 || {};
      Object.assign(props0, props1);
    }
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.scope_id === void 0) {
      const err9 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "scope_id" } };
      if (vErrors === null) {
        vErrors = [err9];
      } else {
        vErrors.push(err9);
      }
      errors++;
    }
    if (data.key === void 0) {
      const err10 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "key" } };
      if (vErrors === null) {
        vErrors = [err10];
      } else {
        vErrors.push(err10);
      }
      errors++;
    }
    if (data.definition_version === void 0) {
      const err11 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "definition_version" } };
      if (vErrors === null) {
        vErrors = [err11];
      } else {
        vErrors.push(err11);
      }
      errors++;
    }
    if (data.builtin_version === void 0) {
      const err12 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "builtin_version" } };
      if (vErrors === null) {
        vErrors = [err12];
      } else {
        vErrors.push(err12);
      }
      errors++;
    }
    if (data.selection === void 0) {
      const err13 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "selection" } };
      if (vErrors === null) {
        vErrors = [err13];
      } else {
        vErrors.push(err13);
      }
      errors++;
    }
    if (data.selected_version === void 0) {
      const err14 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "selected_version" } };
      if (vErrors === null) {
        vErrors = [err14];
      } else {
        vErrors.push(err14);
      }
      errors++;
    }
    if (data.compiled_digest === void 0) {
      const err15 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "compiled_digest" } };
      if (vErrors === null) {
        vErrors = [err15];
      } else {
        vErrors.push(err15);
      }
      errors++;
    }
    if (data.artifact_address === void 0) {
      const err16 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "artifact_address" } };
      if (vErrors === null) {
        vErrors = [err16];
      } else {
        vErrors.push(err16);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "scope_id" || key0 === "key" || key0 === "definition_version" || key0 === "builtin_version" || key0 === "selection" || key0 === "selected_version" || key0 === "compiled_digest" || key0 === "artifact_address")) {
        const err17 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 } };
        if (vErrors === null) {
          vErrors = [err17];
        } else {
          vErrors.push(err17);
        }
        errors++;
      }
    }
    if (data.scope_id !== void 0) {
      let data6 = data.scope_id;
      if (typeof data6 === "string") {
        if (func1(data6) > 256) {
          const err18 = { instancePath: instancePath + "/scope_id", schemaPath: "#/$defs/ScopeId/maxLength", keyword: "maxLength", params: { limit: 256 } };
          if (vErrors === null) {
            vErrors = [err18];
          } else {
            vErrors.push(err18);
          }
          errors++;
        }
        if (func1(data6) < 1) {
          const err19 = { instancePath: instancePath + "/scope_id", schemaPath: "#/$defs/ScopeId/minLength", keyword: "minLength", params: { limit: 1 } };
          if (vErrors === null) {
            vErrors = [err19];
          } else {
            vErrors.push(err19);
          }
          errors++;
        }
        if (!pattern4.test(data6)) {
          const err20 = { instancePath: instancePath + "/scope_id", schemaPath: "#/$defs/ScopeId/pattern", keyword: "pattern", params: { pattern: "\\S" } };
          if (vErrors === null) {
            vErrors = [err20];
          } else {
            vErrors.push(err20);
          }
          errors++;
        }
      } else {
        const err21 = { instancePath: instancePath + "/scope_id", schemaPath: "#/$defs/ScopeId/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err21];
        } else {
          vErrors.push(err21);
        }
        errors++;
      }
    }
    if (data.key !== void 0) {
      let data7 = data.key;
      if (typeof data7 === "string") {
        if (func1(data7) > 128) {
          const err22 = { instancePath: instancePath + "/key", schemaPath: "#/$defs/ArtifactId/maxLength", keyword: "maxLength", params: { limit: 128 } };
          if (vErrors === null) {
            vErrors = [err22];
          } else {
            vErrors.push(err22);
          }
          errors++;
        }
        if (func1(data7) < 1) {
          const err23 = { instancePath: instancePath + "/key", schemaPath: "#/$defs/ArtifactId/minLength", keyword: "minLength", params: { limit: 1 } };
          if (vErrors === null) {
            vErrors = [err23];
          } else {
            vErrors.push(err23);
          }
          errors++;
        }
        if (!pattern13.test(data7)) {
          const err24 = { instancePath: instancePath + "/key", schemaPath: "#/$defs/ArtifactId/pattern", keyword: "pattern", params: { pattern: "^[!-~]+$" } };
          if (vErrors === null) {
            vErrors = [err24];
          } else {
            vErrors.push(err24);
          }
          errors++;
        }
      } else {
        const err25 = { instancePath: instancePath + "/key", schemaPath: "#/$defs/ArtifactId/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err25];
        } else {
          vErrors.push(err25);
        }
        errors++;
      }
    }
    if (data.definition_version !== void 0) {
      let data8 = data.definition_version;
      if (!(typeof data8 == "number" && (!(data8 % 1) && !isNaN(data8)) && isFinite(data8))) {
        const err26 = { instancePath: instancePath + "/definition_version", schemaPath: "#/properties/definition_version/type", keyword: "type", params: { type: "integer" } };
        if (vErrors === null) {
          vErrors = [err26];
        } else {
          vErrors.push(err26);
        }
        errors++;
      }
      if (typeof data8 == "number" && isFinite(data8)) {
        if (data8 > 65535 || isNaN(data8)) {
          const err27 = { instancePath: instancePath + "/definition_version", schemaPath: "#/properties/definition_version/maximum", keyword: "maximum", params: { comparison: "<=", limit: 65535 } };
          if (vErrors === null) {
            vErrors = [err27];
          } else {
            vErrors.push(err27);
          }
          errors++;
        }
        if (data8 < 1 || isNaN(data8)) {
          const err28 = { instancePath: instancePath + "/definition_version", schemaPath: "#/properties/definition_version/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 } };
          if (vErrors === null) {
            vErrors = [err28];
          } else {
            vErrors.push(err28);
          }
          errors++;
        }
      }
    }
    if (data.builtin_version !== void 0) {
      let data9 = data.builtin_version;
      if (!(typeof data9 == "number" && (!(data9 % 1) && !isNaN(data9)) && isFinite(data9))) {
        const err29 = { instancePath: instancePath + "/builtin_version", schemaPath: "#/properties/builtin_version/type", keyword: "type", params: { type: "integer" } };
        if (vErrors === null) {
          vErrors = [err29];
        } else {
          vErrors.push(err29);
        }
        errors++;
      }
      if (typeof data9 == "number" && isFinite(data9)) {
        if (data9 > 65535 || isNaN(data9)) {
          const err30 = { instancePath: instancePath + "/builtin_version", schemaPath: "#/properties/builtin_version/maximum", keyword: "maximum", params: { comparison: "<=", limit: 65535 } };
          if (vErrors === null) {
            vErrors = [err30];
          } else {
            vErrors.push(err30);
          }
          errors++;
        }
        if (data9 < 1 || isNaN(data9)) {
          const err31 = { instancePath: instancePath + "/builtin_version", schemaPath: "#/properties/builtin_version/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 } };
          if (vErrors === null) {
            vErrors = [err31];
          } else {
            vErrors.push(err31);
          }
          errors++;
        }
      }
    }
    if (data.selection !== void 0) {
      let data10 = data.selection;
      if (typeof data10 !== "string") {
        const err32 = { instancePath: instancePath + "/selection", schemaPath: "#/properties/selection/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err32];
        } else {
          vErrors.push(err32);
        }
        errors++;
      }
      if (!(data10 === "built_in" || data10 === "artifact")) {
        const err33 = { instancePath: instancePath + "/selection", schemaPath: "#/properties/selection/enum", keyword: "enum", params: { allowedValues: schema46.properties.selection.enum } };
        if (vErrors === null) {
          vErrors = [err33];
        } else {
          vErrors.push(err33);
        }
        errors++;
      }
    }
    if (data.selected_version !== void 0) {
      let data11 = data.selected_version;
      if (!(typeof data11 == "number" && (!(data11 % 1) && !isNaN(data11)) && isFinite(data11))) {
        const err34 = { instancePath: instancePath + "/selected_version", schemaPath: "#/properties/selected_version/type", keyword: "type", params: { type: "integer" } };
        if (vErrors === null) {
          vErrors = [err34];
        } else {
          vErrors.push(err34);
        }
        errors++;
      }
      if (typeof data11 == "number" && isFinite(data11)) {
        if (data11 > 2147483647 || isNaN(data11)) {
          const err35 = { instancePath: instancePath + "/selected_version", schemaPath: "#/properties/selected_version/maximum", keyword: "maximum", params: { comparison: "<=", limit: 2147483647 } };
          if (vErrors === null) {
            vErrors = [err35];
          } else {
            vErrors.push(err35);
          }
          errors++;
        }
        if (data11 < 1 || isNaN(data11)) {
          const err36 = { instancePath: instancePath + "/selected_version", schemaPath: "#/properties/selected_version/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 } };
          if (vErrors === null) {
            vErrors = [err36];
          } else {
            vErrors.push(err36);
          }
          errors++;
        }
      }
    }
    if (data.compiled_digest !== void 0) {
      let data12 = data.compiled_digest;
      if (typeof data12 === "string") {
        if (!pattern6.test(data12)) {
          const err37 = { instancePath: instancePath + "/compiled_digest", schemaPath: "#/$defs/Sha256Digest/pattern", keyword: "pattern", params: { pattern: "^sha256:[0-9a-f]{64}$" } };
          if (vErrors === null) {
            vErrors = [err37];
          } else {
            vErrors.push(err37);
          }
          errors++;
        }
      } else {
        const err38 = { instancePath: instancePath + "/compiled_digest", schemaPath: "#/$defs/Sha256Digest/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err38];
        } else {
          vErrors.push(err38);
        }
        errors++;
      }
    }
    if (data.artifact_address !== void 0) {
      let data13 = data.artifact_address;
      const _errs36 = errors;
      let valid13 = false;
      const _errs37 = errors;
      if (!validate28(data13, { instancePath: instancePath + "/artifact_address", parentData: data, parentDataProperty: "artifact_address", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate28.errors : vErrors.concat(validate28.errors);
        errors = vErrors.length;
      }
      var _valid2 = _errs37 === errors;
      valid13 = valid13 || _valid2;
      const _errs38 = errors;
      if (data13 !== null) {
        const err39 = { instancePath: instancePath + "/artifact_address", schemaPath: "#/properties/artifact_address/anyOf/1/type", keyword: "type", params: { type: "null" } };
        if (vErrors === null) {
          vErrors = [err39];
        } else {
          vErrors.push(err39);
        }
        errors++;
      }
      var _valid2 = _errs38 === errors;
      valid13 = valid13 || _valid2;
      if (!valid13) {
        const err40 = { instancePath: instancePath + "/artifact_address", schemaPath: "#/properties/artifact_address/anyOf", keyword: "anyOf", params: {} };
        if (vErrors === null) {
          vErrors = [err40];
        } else {
          vErrors.push(err40);
        }
        errors++;
      } else {
        errors = _errs36;
        if (vErrors !== null) {
          if (_errs36) {
            vErrors.length = _errs36;
          } else {
            vErrors = null;
          }
        }
      }
    }
  } else {
    const err41 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" } };
    if (vErrors === null) {
      vErrors = [err41];
    } else {
      vErrors.push(err41);
    }
    errors++;
  }
  validate27.errors = vErrors;
  return errors === 0;
}
validate27.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
function validate26(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate26.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  const _errs2 = errors;
  let valid1 = true;
  const _errs3 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    let missing0;
    if (data.model === void 0 && (missing0 = "model")) {
      const err0 = {};
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    } else {
      if (data.model !== void 0) {
        if (data.model !== null) {
          const err1 = {};
          if (vErrors === null) {
            vErrors = [err1];
          } else {
            vErrors.push(err1);
          }
          errors++;
        }
      }
    }
  }
  var _valid0 = _errs3 === errors;
  errors = _errs2;
  if (vErrors !== null) {
    if (_errs2) {
      vErrors.length = _errs2;
    } else {
      vErrors = null;
    }
  }
  if (_valid0) {
    const _errs6 = errors;
    if (data && typeof data == "object" && !Array.isArray(data)) {
      if (data.prompt !== void 0) {
        if (data.prompt !== null) {
          const err2 = { instancePath: instancePath + "/prompt", schemaPath: "#/allOf/0/then/properties/prompt/type", keyword: "type", params: { type: "null" } };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
      }
      if (data.non_deterministic !== void 0) {
        if (false !== data.non_deterministic) {
          const err3 = { instancePath: instancePath + "/non_deterministic", schemaPath: "#/allOf/0/then/properties/non_deterministic/const", keyword: "const", params: { allowedValue: false } };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
      }
    }
    var _valid0 = _errs6 === errors;
    valid1 = _valid0;
    if (valid1) {
      var props0 = {};
      props0.prompt = true;
      props0.non_deterministic = true;
      props0.model = true;
    }
  }
  if (!valid1) {
    const err4 = { instancePath, schemaPath: "#/allOf/0/if", keyword: "if", params: { failingKeyword: "then" } };
    if (vErrors === null) {
      vErrors = [err4];
    } else {
      vErrors.push(err4);
    }
    errors++;
  }
  const _errs11 = errors;
  let valid4 = true;
  const _errs12 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    let missing1;
    if (data.model === void 0 && (missing1 = "model")) {
      const err5 = {};
      if (vErrors === null) {
        vErrors = [err5];
      } else {
        vErrors.push(err5);
      }
      errors++;
    } else {
      if (data.model !== void 0) {
        if (typeof data.model !== "string") {
          const err6 = {};
          if (vErrors === null) {
            vErrors = [err6];
          } else {
            vErrors.push(err6);
          }
          errors++;
        }
      }
    }
  }
  var _valid1 = _errs12 === errors;
  errors = _errs11;
  if (vErrors !== null) {
    if (_errs11) {
      vErrors.length = _errs11;
    } else {
      vErrors = null;
    }
  }
  if (_valid1) {
    const _errs15 = errors;
    if (data && typeof data == "object" && !Array.isArray(data)) {
      if (data.prompt !== void 0) {
        let data4 = data.prompt;
        if (!(data4 && typeof data4 == "object" && !Array.isArray(data4))) {
          const err7 = { instancePath: instancePath + "/prompt", schemaPath: "#/allOf/1/then/properties/prompt/type", keyword: "type", params: { type: "object" } };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        }
      }
      if (data.non_deterministic !== void 0) {
        if (true !== data.non_deterministic) {
          const err8 = { instancePath: instancePath + "/non_deterministic", schemaPath: "#/allOf/1/then/properties/non_deterministic/const", keyword: "const", params: { allowedValue: true } };
          if (vErrors === null) {
            vErrors = [err8];
          } else {
            vErrors.push(err8);
          }
          errors++;
        }
      }
    }
    var _valid1 = _errs15 === errors;
    valid4 = _valid1;
    if (valid4) {
      var props1 = {};
      props1.prompt = true;
      props1.non_deterministic = true;
      props1.model = true;
    }
  }
  if (!valid4) {
    const err9 = { instancePath, schemaPath: "#/allOf/1/if", keyword: "if", params: { failingKeyword: "then" } };
    if (vErrors === null) {
      vErrors = [err9];
    } else {
      vErrors.push(err9);
    }
    errors++;
  }
  if (props0 !== true && props1 !== void 0) {
    if (props1 === true) {
      props0 = true;
    } else {
      props0 = props0 || {};
      Object.assign(props0, props1);
    }
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.config_id === void 0) {
      const err10 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "config_id" } };
      if (vErrors === null) {
        vErrors = [err10];
      } else {
        vErrors.push(err10);
      }
      errors++;
    }
    if (data.policy_id === void 0) {
      const err11 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "policy_id" } };
      if (vErrors === null) {
        vErrors = [err11];
      } else {
        vErrors.push(err11);
      }
      errors++;
    }
    if (data.model === void 0) {
      const err12 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "model" } };
      if (vErrors === null) {
        vErrors = [err12];
      } else {
        vErrors.push(err12);
      }
      errors++;
    }
    if (data.effective_settings === void 0) {
      const err13 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "effective_settings" } };
      if (vErrors === null) {
        vErrors = [err13];
      } else {
        vErrors.push(err13);
      }
      errors++;
    }
    if (data.timeout_seconds === void 0) {
      const err14 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "timeout_seconds" } };
      if (vErrors === null) {
        vErrors = [err14];
      } else {
        vErrors.push(err14);
      }
      errors++;
    }
    if (data.max_requests === void 0) {
      const err15 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "max_requests" } };
      if (vErrors === null) {
        vErrors = [err15];
      } else {
        vErrors.push(err15);
      }
      errors++;
    }
    if (data.config_digest === void 0) {
      const err16 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "config_digest" } };
      if (vErrors === null) {
        vErrors = [err16];
      } else {
        vErrors.push(err16);
      }
      errors++;
    }
    if (data.prompt === void 0) {
      const err17 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "prompt" } };
      if (vErrors === null) {
        vErrors = [err17];
      } else {
        vErrors.push(err17);
      }
      errors++;
    }
    if (data.non_deterministic === void 0) {
      const err18 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "non_deterministic" } };
      if (vErrors === null) {
        vErrors = [err18];
      } else {
        vErrors.push(err18);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!func3.call(schema42.properties, key0)) {
        const err19 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 } };
        if (vErrors === null) {
          vErrors = [err19];
        } else {
          vErrors.push(err19);
        }
        errors++;
      }
    }
    if (data.config_id !== void 0) {
      let data6 = data.config_id;
      if (typeof data6 === "string") {
        if (!pattern6.test(data6)) {
          const err20 = { instancePath: instancePath + "/config_id", schemaPath: "#/$defs/Sha256Digest/pattern", keyword: "pattern", params: { pattern: "^sha256:[0-9a-f]{64}$" } };
          if (vErrors === null) {
            vErrors = [err20];
          } else {
            vErrors.push(err20);
          }
          errors++;
        }
      } else {
        const err21 = { instancePath: instancePath + "/config_id", schemaPath: "#/$defs/Sha256Digest/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err21];
        } else {
          vErrors.push(err21);
        }
        errors++;
      }
    }
    if (data.policy_id !== void 0) {
      let data7 = data.policy_id;
      if (typeof data7 === "string") {
        if (func1(data7) > 128) {
          const err22 = { instancePath: instancePath + "/policy_id", schemaPath: "#/properties/policy_id/maxLength", keyword: "maxLength", params: { limit: 128 } };
          if (vErrors === null) {
            vErrors = [err22];
          } else {
            vErrors.push(err22);
          }
          errors++;
        }
        if (func1(data7) < 1) {
          const err23 = { instancePath: instancePath + "/policy_id", schemaPath: "#/properties/policy_id/minLength", keyword: "minLength", params: { limit: 1 } };
          if (vErrors === null) {
            vErrors = [err23];
          } else {
            vErrors.push(err23);
          }
          errors++;
        }
        if (!pattern9.test(data7)) {
          const err24 = { instancePath: instancePath + "/policy_id", schemaPath: "#/properties/policy_id/pattern", keyword: "pattern", params: { pattern: "^[a-z0-9][a-z0-9._-]*$" } };
          if (vErrors === null) {
            vErrors = [err24];
          } else {
            vErrors.push(err24);
          }
          errors++;
        }
      } else {
        const err25 = { instancePath: instancePath + "/policy_id", schemaPath: "#/properties/policy_id/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err25];
        } else {
          vErrors.push(err25);
        }
        errors++;
      }
    }
    if (data.model !== void 0) {
      let data8 = data.model;
      const _errs26 = errors;
      let valid9 = false;
      const _errs27 = errors;
      if (typeof data8 === "string") {
        if (func1(data8) > 200) {
          const err26 = { instancePath: instancePath + "/model", schemaPath: "#/properties/model/anyOf/0/maxLength", keyword: "maxLength", params: { limit: 200 } };
          if (vErrors === null) {
            vErrors = [err26];
          } else {
            vErrors.push(err26);
          }
          errors++;
        }
        if (func1(data8) < 3) {
          const err27 = { instancePath: instancePath + "/model", schemaPath: "#/properties/model/anyOf/0/minLength", keyword: "minLength", params: { limit: 3 } };
          if (vErrors === null) {
            vErrors = [err27];
          } else {
            vErrors.push(err27);
          }
          errors++;
        }
        if (!pattern10.test(data8)) {
          const err28 = { instancePath: instancePath + "/model", schemaPath: "#/properties/model/anyOf/0/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9._-]+/[!-~]+$" } };
          if (vErrors === null) {
            vErrors = [err28];
          } else {
            vErrors.push(err28);
          }
          errors++;
        }
      } else {
        const err29 = { instancePath: instancePath + "/model", schemaPath: "#/properties/model/anyOf/0/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err29];
        } else {
          vErrors.push(err29);
        }
        errors++;
      }
      var _valid2 = _errs27 === errors;
      valid9 = valid9 || _valid2;
      const _errs29 = errors;
      if (data8 !== null) {
        const err30 = { instancePath: instancePath + "/model", schemaPath: "#/properties/model/anyOf/1/type", keyword: "type", params: { type: "null" } };
        if (vErrors === null) {
          vErrors = [err30];
        } else {
          vErrors.push(err30);
        }
        errors++;
      }
      var _valid2 = _errs29 === errors;
      valid9 = valid9 || _valid2;
      if (!valid9) {
        const err31 = { instancePath: instancePath + "/model", schemaPath: "#/properties/model/anyOf", keyword: "anyOf", params: {} };
        if (vErrors === null) {
          vErrors = [err31];
        } else {
          vErrors.push(err31);
        }
        errors++;
      } else {
        errors = _errs26;
        if (vErrors !== null) {
          if (_errs26) {
            vErrors.length = _errs26;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.effective_settings !== void 0) {
      let data9 = data.effective_settings;
      if (data9 && typeof data9 == "object" && !Array.isArray(data9)) {
        if (data9.allowlist === void 0) {
          const err32 = { instancePath: instancePath + "/effective_settings", schemaPath: "#/$defs/RerankSettings/required", keyword: "required", params: { missingProperty: "allowlist" } };
          if (vErrors === null) {
            vErrors = [err32];
          } else {
            vErrors.push(err32);
          }
          errors++;
        }
        for (const key1 in data9) {
          if (!func3.call(schema44.properties, key1)) {
            const err33 = { instancePath: instancePath + "/effective_settings", schemaPath: "#/$defs/RerankSettings/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key1 } };
            if (vErrors === null) {
              vErrors = [err33];
            } else {
              vErrors.push(err33);
            }
            errors++;
          }
        }
        if (data9.allowlist !== void 0) {
          let data10 = data9.allowlist;
          if (typeof data10 !== "string") {
            const err34 = { instancePath: instancePath + "/effective_settings/allowlist", schemaPath: "#/$defs/RerankSettings/properties/allowlist/type", keyword: "type", params: { type: "string" } };
            if (vErrors === null) {
              vErrors = [err34];
            } else {
              vErrors.push(err34);
            }
            errors++;
          }
          if ("pcreceipt.rerank-settings.v1" !== data10) {
            const err35 = { instancePath: instancePath + "/effective_settings/allowlist", schemaPath: "#/$defs/RerankSettings/properties/allowlist/const", keyword: "const", params: { allowedValue: "pcreceipt.rerank-settings.v1" } };
            if (vErrors === null) {
              vErrors = [err35];
            } else {
              vErrors.push(err35);
            }
            errors++;
          }
        }
        if (data9.temperature !== void 0) {
          let data11 = data9.temperature;
          if (typeof data11 == "number" && isFinite(data11)) {
            if (data11 > 2 || isNaN(data11)) {
              const err36 = { instancePath: instancePath + "/effective_settings/temperature", schemaPath: "#/$defs/RerankSettings/properties/temperature/maximum", keyword: "maximum", params: { comparison: "<=", limit: 2 } };
              if (vErrors === null) {
                vErrors = [err36];
              } else {
                vErrors.push(err36);
              }
              errors++;
            }
            if (data11 < 0 || isNaN(data11)) {
              const err37 = { instancePath: instancePath + "/effective_settings/temperature", schemaPath: "#/$defs/RerankSettings/properties/temperature/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 } };
              if (vErrors === null) {
                vErrors = [err37];
              } else {
                vErrors.push(err37);
              }
              errors++;
            }
          } else {
            const err38 = { instancePath: instancePath + "/effective_settings/temperature", schemaPath: "#/$defs/RerankSettings/properties/temperature/type", keyword: "type", params: { type: "number" } };
            if (vErrors === null) {
              vErrors = [err38];
            } else {
              vErrors.push(err38);
            }
            errors++;
          }
        }
        if (data9.top_p !== void 0) {
          let data12 = data9.top_p;
          if (typeof data12 == "number" && isFinite(data12)) {
            if (data12 > 1 || isNaN(data12)) {
              const err39 = { instancePath: instancePath + "/effective_settings/top_p", schemaPath: "#/$defs/RerankSettings/properties/top_p/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1 } };
              if (vErrors === null) {
                vErrors = [err39];
              } else {
                vErrors.push(err39);
              }
              errors++;
            }
            if (data12 <= 0 || isNaN(data12)) {
              const err40 = { instancePath: instancePath + "/effective_settings/top_p", schemaPath: "#/$defs/RerankSettings/properties/top_p/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 } };
              if (vErrors === null) {
                vErrors = [err40];
              } else {
                vErrors.push(err40);
              }
              errors++;
            }
          } else {
            const err41 = { instancePath: instancePath + "/effective_settings/top_p", schemaPath: "#/$defs/RerankSettings/properties/top_p/type", keyword: "type", params: { type: "number" } };
            if (vErrors === null) {
              vErrors = [err41];
            } else {
              vErrors.push(err41);
            }
            errors++;
          }
        }
        if (data9.max_tokens !== void 0) {
          let data13 = data9.max_tokens;
          if (!(typeof data13 == "number" && (!(data13 % 1) && !isNaN(data13)) && isFinite(data13))) {
            const err42 = { instancePath: instancePath + "/effective_settings/max_tokens", schemaPath: "#/$defs/RerankSettings/properties/max_tokens/type", keyword: "type", params: { type: "integer" } };
            if (vErrors === null) {
              vErrors = [err42];
            } else {
              vErrors.push(err42);
            }
            errors++;
          }
          if (typeof data13 == "number" && isFinite(data13)) {
            if (data13 > 131072 || isNaN(data13)) {
              const err43 = { instancePath: instancePath + "/effective_settings/max_tokens", schemaPath: "#/$defs/RerankSettings/properties/max_tokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 131072 } };
              if (vErrors === null) {
                vErrors = [err43];
              } else {
                vErrors.push(err43);
              }
              errors++;
            }
            if (data13 < 1 || isNaN(data13)) {
              const err44 = { instancePath: instancePath + "/effective_settings/max_tokens", schemaPath: "#/$defs/RerankSettings/properties/max_tokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 } };
              if (vErrors === null) {
                vErrors = [err44];
              } else {
                vErrors.push(err44);
              }
              errors++;
            }
          }
        }
        if (data9.seed !== void 0) {
          let data14 = data9.seed;
          if (!(typeof data14 == "number" && (!(data14 % 1) && !isNaN(data14)) && isFinite(data14))) {
            const err45 = { instancePath: instancePath + "/effective_settings/seed", schemaPath: "#/$defs/RerankSettings/properties/seed/type", keyword: "type", params: { type: "integer" } };
            if (vErrors === null) {
              vErrors = [err45];
            } else {
              vErrors.push(err45);
            }
            errors++;
          }
          if (typeof data14 == "number" && isFinite(data14)) {
            if (data14 > 4294967295 || isNaN(data14)) {
              const err46 = { instancePath: instancePath + "/effective_settings/seed", schemaPath: "#/$defs/RerankSettings/properties/seed/maximum", keyword: "maximum", params: { comparison: "<=", limit: 4294967295 } };
              if (vErrors === null) {
                vErrors = [err46];
              } else {
                vErrors.push(err46);
              }
              errors++;
            }
            if (data14 < 0 || isNaN(data14)) {
              const err47 = { instancePath: instancePath + "/effective_settings/seed", schemaPath: "#/$defs/RerankSettings/properties/seed/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 } };
              if (vErrors === null) {
                vErrors = [err47];
              } else {
                vErrors.push(err47);
              }
              errors++;
            }
          }
        }
        if (data9.candidate_limit !== void 0) {
          let data15 = data9.candidate_limit;
          if (!(typeof data15 == "number" && (!(data15 % 1) && !isNaN(data15)) && isFinite(data15))) {
            const err48 = { instancePath: instancePath + "/effective_settings/candidate_limit", schemaPath: "#/$defs/RerankSettings/properties/candidate_limit/type", keyword: "type", params: { type: "integer" } };
            if (vErrors === null) {
              vErrors = [err48];
            } else {
              vErrors.push(err48);
            }
            errors++;
          }
          if (typeof data15 == "number" && isFinite(data15)) {
            if (data15 > 256 || isNaN(data15)) {
              const err49 = { instancePath: instancePath + "/effective_settings/candidate_limit", schemaPath: "#/$defs/RerankSettings/properties/candidate_limit/maximum", keyword: "maximum", params: { comparison: "<=", limit: 256 } };
              if (vErrors === null) {
                vErrors = [err49];
              } else {
                vErrors.push(err49);
              }
              errors++;
            }
            if (data15 < 1 || isNaN(data15)) {
              const err50 = { instancePath: instancePath + "/effective_settings/candidate_limit", schemaPath: "#/$defs/RerankSettings/properties/candidate_limit/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 } };
              if (vErrors === null) {
                vErrors = [err50];
              } else {
                vErrors.push(err50);
              }
              errors++;
            }
          }
        }
        if (data9.keep !== void 0) {
          let data16 = data9.keep;
          if (!(typeof data16 == "number" && (!(data16 % 1) && !isNaN(data16)) && isFinite(data16))) {
            const err51 = { instancePath: instancePath + "/effective_settings/keep", schemaPath: "#/$defs/RerankSettings/properties/keep/type", keyword: "type", params: { type: "integer" } };
            if (vErrors === null) {
              vErrors = [err51];
            } else {
              vErrors.push(err51);
            }
            errors++;
          }
          if (typeof data16 == "number" && isFinite(data16)) {
            if (data16 > 256 || isNaN(data16)) {
              const err52 = { instancePath: instancePath + "/effective_settings/keep", schemaPath: "#/$defs/RerankSettings/properties/keep/maximum", keyword: "maximum", params: { comparison: "<=", limit: 256 } };
              if (vErrors === null) {
                vErrors = [err52];
              } else {
                vErrors.push(err52);
              }
              errors++;
            }
            if (data16 < 1 || isNaN(data16)) {
              const err53 = { instancePath: instancePath + "/effective_settings/keep", schemaPath: "#/$defs/RerankSettings/properties/keep/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 } };
              if (vErrors === null) {
                vErrors = [err53];
              } else {
                vErrors.push(err53);
              }
              errors++;
            }
          }
        }
        if (data9.response_format !== void 0) {
          let data17 = data9.response_format;
          if (typeof data17 !== "string") {
            const err54 = { instancePath: instancePath + "/effective_settings/response_format", schemaPath: "#/$defs/RerankSettings/properties/response_format/type", keyword: "type", params: { type: "string" } };
            if (vErrors === null) {
              vErrors = [err54];
            } else {
              vErrors.push(err54);
            }
            errors++;
          }
          if (!(data17 === "text" || data17 === "json_object")) {
            const err55 = { instancePath: instancePath + "/effective_settings/response_format", schemaPath: "#/$defs/RerankSettings/properties/response_format/enum", keyword: "enum", params: { allowedValues: schema44.properties.response_format.enum } };
            if (vErrors === null) {
              vErrors = [err55];
            } else {
              vErrors.push(err55);
            }
            errors++;
          }
        }
        if (data9.on_failure !== void 0) {
          let data18 = data9.on_failure;
          if (typeof data18 !== "string") {
            const err56 = { instancePath: instancePath + "/effective_settings/on_failure", schemaPath: "#/$defs/RerankSettings/properties/on_failure/type", keyword: "type", params: { type: "string" } };
            if (vErrors === null) {
              vErrors = [err56];
            } else {
              vErrors.push(err56);
            }
            errors++;
          }
          if (!(data18 === "coarse_order" || data18 === "drop_family")) {
            const err57 = { instancePath: instancePath + "/effective_settings/on_failure", schemaPath: "#/$defs/RerankSettings/properties/on_failure/enum", keyword: "enum", params: { allowedValues: schema44.properties.on_failure.enum } };
            if (vErrors === null) {
              vErrors = [err57];
            } else {
              vErrors.push(err57);
            }
            errors++;
          }
        }
        if (data9.algorithm_version !== void 0) {
          let data19 = data9.algorithm_version;
          if (!(typeof data19 == "number" && (!(data19 % 1) && !isNaN(data19)) && isFinite(data19))) {
            const err58 = { instancePath: instancePath + "/effective_settings/algorithm_version", schemaPath: "#/$defs/RerankSettings/properties/algorithm_version/type", keyword: "type", params: { type: "integer" } };
            if (vErrors === null) {
              vErrors = [err58];
            } else {
              vErrors.push(err58);
            }
            errors++;
          }
          if (typeof data19 == "number" && isFinite(data19)) {
            if (data19 > 65535 || isNaN(data19)) {
              const err59 = { instancePath: instancePath + "/effective_settings/algorithm_version", schemaPath: "#/$defs/RerankSettings/properties/algorithm_version/maximum", keyword: "maximum", params: { comparison: "<=", limit: 65535 } };
              if (vErrors === null) {
                vErrors = [err59];
              } else {
                vErrors.push(err59);
              }
              errors++;
            }
            if (data19 < 1 || isNaN(data19)) {
              const err60 = { instancePath: instancePath + "/effective_settings/algorithm_version", schemaPath: "#/$defs/RerankSettings/properties/algorithm_version/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 } };
              if (vErrors === null) {
                vErrors = [err60];
              } else {
                vErrors.push(err60);
              }
              errors++;
            }
          }
        }
      } else {
        const err61 = { instancePath: instancePath + "/effective_settings", schemaPath: "#/$defs/RerankSettings/type", keyword: "type", params: { type: "object" } };
        if (vErrors === null) {
          vErrors = [err61];
        } else {
          vErrors.push(err61);
        }
        errors++;
      }
    }
    if (data.timeout_seconds !== void 0) {
      let data20 = data.timeout_seconds;
      if (typeof data20 == "number" && isFinite(data20)) {
        if (data20 > 600 || isNaN(data20)) {
          const err62 = { instancePath: instancePath + "/timeout_seconds", schemaPath: "#/properties/timeout_seconds/maximum", keyword: "maximum", params: { comparison: "<=", limit: 600 } };
          if (vErrors === null) {
            vErrors = [err62];
          } else {
            vErrors.push(err62);
          }
          errors++;
        }
        if (data20 <= 0 || isNaN(data20)) {
          const err63 = { instancePath: instancePath + "/timeout_seconds", schemaPath: "#/properties/timeout_seconds/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 } };
          if (vErrors === null) {
            vErrors = [err63];
          } else {
            vErrors.push(err63);
          }
          errors++;
        }
      } else {
        const err64 = { instancePath: instancePath + "/timeout_seconds", schemaPath: "#/properties/timeout_seconds/type", keyword: "type", params: { type: "number" } };
        if (vErrors === null) {
          vErrors = [err64];
        } else {
          vErrors.push(err64);
        }
        errors++;
      }
    }
    if (data.max_requests !== void 0) {
      let data21 = data.max_requests;
      if (!(typeof data21 == "number" && (!(data21 % 1) && !isNaN(data21)) && isFinite(data21))) {
        const err65 = { instancePath: instancePath + "/max_requests", schemaPath: "#/properties/max_requests/type", keyword: "type", params: { type: "integer" } };
        if (vErrors === null) {
          vErrors = [err65];
        } else {
          vErrors.push(err65);
        }
        errors++;
      }
      if (typeof data21 == "number" && isFinite(data21)) {
        if (data21 > 1e3 || isNaN(data21)) {
          const err66 = { instancePath: instancePath + "/max_requests", schemaPath: "#/properties/max_requests/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1e3 } };
          if (vErrors === null) {
            vErrors = [err66];
          } else {
            vErrors.push(err66);
          }
          errors++;
        }
        if (data21 < 1 || isNaN(data21)) {
          const err67 = { instancePath: instancePath + "/max_requests", schemaPath: "#/properties/max_requests/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 } };
          if (vErrors === null) {
            vErrors = [err67];
          } else {
            vErrors.push(err67);
          }
          errors++;
        }
      }
    }
    if (data.config_digest !== void 0) {
      let data22 = data.config_digest;
      if (typeof data22 === "string") {
        if (!pattern6.test(data22)) {
          const err68 = { instancePath: instancePath + "/config_digest", schemaPath: "#/$defs/Sha256Digest/pattern", keyword: "pattern", params: { pattern: "^sha256:[0-9a-f]{64}$" } };
          if (vErrors === null) {
            vErrors = [err68];
          } else {
            vErrors.push(err68);
          }
          errors++;
        }
      } else {
        const err69 = { instancePath: instancePath + "/config_digest", schemaPath: "#/$defs/Sha256Digest/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err69];
        } else {
          vErrors.push(err69);
        }
        errors++;
      }
    }
    if (data.prompt !== void 0) {
      let data23 = data.prompt;
      const _errs63 = errors;
      let valid13 = false;
      const _errs64 = errors;
      if (!validate27(data23, { instancePath: instancePath + "/prompt", parentData: data, parentDataProperty: "prompt", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate27.errors : vErrors.concat(validate27.errors);
        errors = vErrors.length;
      }
      var _valid3 = _errs64 === errors;
      valid13 = valid13 || _valid3;
      const _errs65 = errors;
      if (data23 !== null) {
        const err70 = { instancePath: instancePath + "/prompt", schemaPath: "#/properties/prompt/anyOf/1/type", keyword: "type", params: { type: "null" } };
        if (vErrors === null) {
          vErrors = [err70];
        } else {
          vErrors.push(err70);
        }
        errors++;
      }
      var _valid3 = _errs65 === errors;
      valid13 = valid13 || _valid3;
      if (!valid13) {
        const err71 = { instancePath: instancePath + "/prompt", schemaPath: "#/properties/prompt/anyOf", keyword: "anyOf", params: {} };
        if (vErrors === null) {
          vErrors = [err71];
        } else {
          vErrors.push(err71);
        }
        errors++;
      } else {
        errors = _errs63;
        if (vErrors !== null) {
          if (_errs63) {
            vErrors.length = _errs63;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.non_deterministic !== void 0) {
      if (typeof data.non_deterministic !== "boolean") {
        const err72 = { instancePath: instancePath + "/non_deterministic", schemaPath: "#/properties/non_deterministic/type", keyword: "type", params: { type: "boolean" } };
        if (vErrors === null) {
          vErrors = [err72];
        } else {
          vErrors.push(err72);
        }
        errors++;
      }
    }
  } else {
    const err73 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" } };
    if (vErrors === null) {
      vErrors = [err73];
    } else {
      vErrors.push(err73);
    }
    errors++;
  }
  validate26.errors = vErrors;
  return errors === 0;
}
validate26.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
var schema56 = { "type": "object", "additionalProperties": false, "required": ["round", "config_id", "outcome", "fallback_reason", "count"], "properties": { "round": { "type": "integer", "minimum": 0, "maximum": 2 }, "config_id": { "$ref": "#/$defs/Sha256Digest" }, "outcome": { "type": "string", "enum": ["selected", "fallback", "failed"] }, "fallback_reason": { "type": "string", "enum": ["none", "empty_selection", "inference_unavailable", "inference_timeout", "invalid_output"] }, "count": { "type": "integer", "minimum": 1, "maximum": 65535 } }, "allOf": [{ "if": { "properties": { "outcome": { "const": "selected" } }, "required": ["outcome"] }, "then": { "properties": { "fallback_reason": { "const": "none" } } } }, { "if": { "properties": { "outcome": { "enum": ["fallback", "failed"] } }, "required": ["outcome"] }, "then": { "properties": { "fallback_reason": { "not": { "const": "none" } } } } }] };
function validate34(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate34.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  const _errs2 = errors;
  let valid1 = true;
  const _errs3 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    let missing0;
    if (data.outcome === void 0 && (missing0 = "outcome")) {
      const err0 = {};
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    } else {
      if (data.outcome !== void 0) {
        if ("selected" !== data.outcome) {
          const err1 = {};
          if (vErrors === null) {
            vErrors = [err1];
          } else {
            vErrors.push(err1);
          }
          errors++;
        }
      }
    }
  }
  var _valid0 = _errs3 === errors;
  errors = _errs2;
  if (vErrors !== null) {
    if (_errs2) {
      vErrors.length = _errs2;
    } else {
      vErrors = null;
    }
  }
  if (_valid0) {
    const _errs5 = errors;
    if (data && typeof data == "object" && !Array.isArray(data)) {
      if (data.fallback_reason !== void 0) {
        if ("none" !== data.fallback_reason) {
          const err2 = { instancePath: instancePath + "/fallback_reason", schemaPath: "#/allOf/0/then/properties/fallback_reason/const", keyword: "const", params: { allowedValue: "none" } };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
      }
    }
    var _valid0 = _errs5 === errors;
    valid1 = _valid0;
    if (valid1) {
      var props0 = {};
      props0.fallback_reason = true;
      props0.outcome = true;
    }
  }
  if (!valid1) {
    const err3 = { instancePath, schemaPath: "#/allOf/0/if", keyword: "if", params: { failingKeyword: "then" } };
    if (vErrors === null) {
      vErrors = [err3];
    } else {
      vErrors.push(err3);
    }
    errors++;
  }
  const _errs8 = errors;
  let valid4 = true;
  const _errs9 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    let missing1;
    if (data.outcome === void 0 && (missing1 = "outcome")) {
      const err4 = {};
      if (vErrors === null) {
        vErrors = [err4];
      } else {
        vErrors.push(err4);
      }
      errors++;
    } else {
      if (data.outcome !== void 0) {
        let data2 = data.outcome;
        if (!(data2 === "fallback" || data2 === "failed")) {
          const err5 = {};
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
      }
    }
  }
  var _valid1 = _errs9 === errors;
  errors = _errs8;
  if (vErrors !== null) {
    if (_errs8) {
      vErrors.length = _errs8;
    } else {
      vErrors = null;
    }
  }
  if (_valid1) {
    const _errs11 = errors;
    if (data && typeof data == "object" && !Array.isArray(data)) {
      if (data.fallback_reason !== void 0) {
        const _errs13 = errors;
        const _errs14 = errors;
        if ("none" !== data.fallback_reason) {
          const err6 = {};
          if (vErrors === null) {
            vErrors = [err6];
          } else {
            vErrors.push(err6);
          }
          errors++;
        }
        var valid7 = _errs14 === errors;
        if (valid7) {
          const err7 = { instancePath: instancePath + "/fallback_reason", schemaPath: "#/allOf/1/then/properties/fallback_reason/not", keyword: "not", params: {} };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        } else {
          errors = _errs13;
          if (vErrors !== null) {
            if (_errs13) {
              vErrors.length = _errs13;
            } else {
              vErrors = null;
            }
          }
        }
      }
    }
    var _valid1 = _errs11 === errors;
    valid4 = _valid1;
    if (valid4) {
      var props1 = {};
      props1.fallback_reason = true;
      props1.outcome = true;
    }
  }
  if (!valid4) {
    const err8 = { instancePath, schemaPath: "#/allOf/1/if", keyword: "if", params: { failingKeyword: "then" } };
    if (vErrors === null) {
      vErrors = [err8];
    } else {
      vErrors.push(err8);
    }
    errors++;
  }
  if (props0 !== true && props1 !== void 0) {
    if (props1 === true) {
      props0 = true;
    } else {
      props0 = props0 || {};
      Object.assign(props0, props1);
    }
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.round === void 0) {
      const err9 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "round" } };
      if (vErrors === null) {
        vErrors = [err9];
      } else {
        vErrors.push(err9);
      }
      errors++;
    }
    if (data.config_id === void 0) {
      const err10 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "config_id" } };
      if (vErrors === null) {
        vErrors = [err10];
      } else {
        vErrors.push(err10);
      }
      errors++;
    }
    if (data.outcome === void 0) {
      const err11 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "outcome" } };
      if (vErrors === null) {
        vErrors = [err11];
      } else {
        vErrors.push(err11);
      }
      errors++;
    }
    if (data.fallback_reason === void 0) {
      const err12 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "fallback_reason" } };
      if (vErrors === null) {
        vErrors = [err12];
      } else {
        vErrors.push(err12);
      }
      errors++;
    }
    if (data.count === void 0) {
      const err13 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "count" } };
      if (vErrors === null) {
        vErrors = [err13];
      } else {
        vErrors.push(err13);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "round" || key0 === "config_id" || key0 === "outcome" || key0 === "fallback_reason" || key0 === "count")) {
        const err14 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 } };
        if (vErrors === null) {
          vErrors = [err14];
        } else {
          vErrors.push(err14);
        }
        errors++;
      }
    }
    if (data.round !== void 0) {
      let data4 = data.round;
      if (!(typeof data4 == "number" && (!(data4 % 1) && !isNaN(data4)) && isFinite(data4))) {
        const err15 = { instancePath: instancePath + "/round", schemaPath: "#/properties/round/type", keyword: "type", params: { type: "integer" } };
        if (vErrors === null) {
          vErrors = [err15];
        } else {
          vErrors.push(err15);
        }
        errors++;
      }
      if (typeof data4 == "number" && isFinite(data4)) {
        if (data4 > 2 || isNaN(data4)) {
          const err16 = { instancePath: instancePath + "/round", schemaPath: "#/properties/round/maximum", keyword: "maximum", params: { comparison: "<=", limit: 2 } };
          if (vErrors === null) {
            vErrors = [err16];
          } else {
            vErrors.push(err16);
          }
          errors++;
        }
        if (data4 < 0 || isNaN(data4)) {
          const err17 = { instancePath: instancePath + "/round", schemaPath: "#/properties/round/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 } };
          if (vErrors === null) {
            vErrors = [err17];
          } else {
            vErrors.push(err17);
          }
          errors++;
        }
      }
    }
    if (data.config_id !== void 0) {
      let data5 = data.config_id;
      if (typeof data5 === "string") {
        if (!pattern6.test(data5)) {
          const err18 = { instancePath: instancePath + "/config_id", schemaPath: "#/$defs/Sha256Digest/pattern", keyword: "pattern", params: { pattern: "^sha256:[0-9a-f]{64}$" } };
          if (vErrors === null) {
            vErrors = [err18];
          } else {
            vErrors.push(err18);
          }
          errors++;
        }
      } else {
        const err19 = { instancePath: instancePath + "/config_id", schemaPath: "#/$defs/Sha256Digest/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err19];
        } else {
          vErrors.push(err19);
        }
        errors++;
      }
    }
    if (data.outcome !== void 0) {
      let data6 = data.outcome;
      if (typeof data6 !== "string") {
        const err20 = { instancePath: instancePath + "/outcome", schemaPath: "#/properties/outcome/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err20];
        } else {
          vErrors.push(err20);
        }
        errors++;
      }
      if (!(data6 === "selected" || data6 === "fallback" || data6 === "failed")) {
        const err21 = { instancePath: instancePath + "/outcome", schemaPath: "#/properties/outcome/enum", keyword: "enum", params: { allowedValues: schema56.properties.outcome.enum } };
        if (vErrors === null) {
          vErrors = [err21];
        } else {
          vErrors.push(err21);
        }
        errors++;
      }
    }
    if (data.fallback_reason !== void 0) {
      let data7 = data.fallback_reason;
      if (typeof data7 !== "string") {
        const err22 = { instancePath: instancePath + "/fallback_reason", schemaPath: "#/properties/fallback_reason/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err22];
        } else {
          vErrors.push(err22);
        }
        errors++;
      }
      if (!(data7 === "none" || data7 === "empty_selection" || data7 === "inference_unavailable" || data7 === "inference_timeout" || data7 === "invalid_output")) {
        const err23 = { instancePath: instancePath + "/fallback_reason", schemaPath: "#/properties/fallback_reason/enum", keyword: "enum", params: { allowedValues: schema56.properties.fallback_reason.enum } };
        if (vErrors === null) {
          vErrors = [err23];
        } else {
          vErrors.push(err23);
        }
        errors++;
      }
    }
    if (data.count !== void 0) {
      let data8 = data.count;
      if (!(typeof data8 == "number" && (!(data8 % 1) && !isNaN(data8)) && isFinite(data8))) {
        const err24 = { instancePath: instancePath + "/count", schemaPath: "#/properties/count/type", keyword: "type", params: { type: "integer" } };
        if (vErrors === null) {
          vErrors = [err24];
        } else {
          vErrors.push(err24);
        }
        errors++;
      }
      if (typeof data8 == "number" && isFinite(data8)) {
        if (data8 > 65535 || isNaN(data8)) {
          const err25 = { instancePath: instancePath + "/count", schemaPath: "#/properties/count/maximum", keyword: "maximum", params: { comparison: "<=", limit: 65535 } };
          if (vErrors === null) {
            vErrors = [err25];
          } else {
            vErrors.push(err25);
          }
          errors++;
        }
        if (data8 < 1 || isNaN(data8)) {
          const err26 = { instancePath: instancePath + "/count", schemaPath: "#/properties/count/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 } };
          if (vErrors === null) {
            vErrors = [err26];
          } else {
            vErrors.push(err26);
          }
          errors++;
        }
      }
    }
  } else {
    const err27 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" } };
    if (vErrors === null) {
      vErrors = [err27];
    } else {
      vErrors.push(err27);
    }
    errors++;
  }
  validate34.errors = vErrors;
  return errors === 0;
}
validate34.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
function validate23(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate23.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.rounds === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "rounds" } };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.searches === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "searches" } };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    if (data.rerank_configs === void 0) {
      const err2 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "rerank_configs" } };
      if (vErrors === null) {
        vErrors = [err2];
      } else {
        vErrors.push(err2);
      }
      errors++;
    }
    if (data.reranks === void 0) {
      const err3 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "reranks" } };
      if (vErrors === null) {
        vErrors = [err3];
      } else {
        vErrors.push(err3);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "rounds" || key0 === "searches" || key0 === "rerank_configs" || key0 === "reranks")) {
        const err4 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 } };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
    }
    if (data.rounds !== void 0) {
      let data0 = data.rounds;
      if (Array.isArray(data0)) {
        if (data0.length > 3) {
          const err5 = { instancePath: instancePath + "/rounds", schemaPath: "#/properties/rounds/maxItems", keyword: "maxItems", params: { limit: 3 } };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
        if (data0.length < 1) {
          const err6 = { instancePath: instancePath + "/rounds", schemaPath: "#/properties/rounds/minItems", keyword: "minItems", params: { limit: 1 } };
          if (vErrors === null) {
            vErrors = [err6];
          } else {
            vErrors.push(err6);
          }
          errors++;
        }
        const len0 = data0.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data1 = data0[i0];
          const _errs8 = errors;
          let valid5 = true;
          const _errs9 = errors;
          if (data1 && typeof data1 == "object" && !Array.isArray(data1)) {
            let missing0;
            if (data1.outcome === void 0 && (missing0 = "outcome")) {
              const err7 = {};
              if (vErrors === null) {
                vErrors = [err7];
              } else {
                vErrors.push(err7);
              }
              errors++;
            } else {
              if (data1.outcome !== void 0) {
                if ("completed" !== data1.outcome) {
                  const err8 = {};
                  if (vErrors === null) {
                    vErrors = [err8];
                  } else {
                    vErrors.push(err8);
                  }
                  errors++;
                }
              }
            }
          }
          var _valid0 = _errs9 === errors;
          errors = _errs8;
          if (vErrors !== null) {
            if (_errs8) {
              vErrors.length = _errs8;
            } else {
              vErrors = null;
            }
          }
          if (_valid0) {
            const _errs11 = errors;
            if (data1 && typeof data1 == "object" && !Array.isArray(data1)) {
              if (data1.retained !== void 0) {
                if (true !== data1.retained) {
                  const err9 = { instancePath: instancePath + "/rounds/" + i0 + "/retained", schemaPath: "#/$defs/RecallRound/allOf/0/then/properties/retained/const", keyword: "const", params: { allowedValue: true } };
                  if (vErrors === null) {
                    vErrors = [err9];
                  } else {
                    vErrors.push(err9);
                  }
                  errors++;
                }
              }
            }
            var _valid0 = _errs11 === errors;
            valid5 = _valid0;
            if (valid5) {
              var props0 = {};
              props0.retained = true;
              props0.outcome = true;
            }
          }
          if (!valid5) {
            const err10 = { instancePath: instancePath + "/rounds/" + i0, schemaPath: "#/$defs/RecallRound/allOf/0/if", keyword: "if", params: { failingKeyword: "then" } };
            if (vErrors === null) {
              vErrors = [err10];
            } else {
              vErrors.push(err10);
            }
            errors++;
          }
          const _errs14 = errors;
          let valid8 = true;
          const _errs15 = errors;
          if (data1 && typeof data1 == "object" && !Array.isArray(data1)) {
            let missing1;
            if (data1.outcome === void 0 && (missing1 = "outcome")) {
              const err11 = {};
              if (vErrors === null) {
                vErrors = [err11];
              } else {
                vErrors.push(err11);
              }
              errors++;
            } else {
              if (data1.outcome !== void 0) {
                if ("expansion_failed" !== data1.outcome) {
                  const err12 = {};
                  if (vErrors === null) {
                    vErrors = [err12];
                  } else {
                    vErrors.push(err12);
                  }
                  errors++;
                }
              }
            }
          }
          var _valid1 = _errs15 === errors;
          errors = _errs14;
          if (vErrors !== null) {
            if (_errs14) {
              vErrors.length = _errs14;
            } else {
              vErrors = null;
            }
          }
          if (_valid1) {
            const _errs17 = errors;
            if (data1 && typeof data1 == "object" && !Array.isArray(data1)) {
              if (data1.retained !== void 0) {
                if (false !== data1.retained) {
                  const err13 = { instancePath: instancePath + "/rounds/" + i0 + "/retained", schemaPath: "#/$defs/RecallRound/allOf/1/then/properties/retained/const", keyword: "const", params: { allowedValue: false } };
                  if (vErrors === null) {
                    vErrors = [err13];
                  } else {
                    vErrors.push(err13);
                  }
                  errors++;
                }
              }
              if (data1.round !== void 0) {
                let data6 = data1.round;
                if (typeof data6 == "number" && isFinite(data6)) {
                  if (data6 < 1 || isNaN(data6)) {
                    const err14 = { instancePath: instancePath + "/rounds/" + i0 + "/round", schemaPath: "#/$defs/RecallRound/allOf/1/then/properties/round/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 } };
                    if (vErrors === null) {
                      vErrors = [err14];
                    } else {
                      vErrors.push(err14);
                    }
                    errors++;
                  }
                }
              }
            }
            var _valid1 = _errs17 === errors;
            valid8 = _valid1;
            if (valid8) {
              var props1 = {};
              props1.retained = true;
              props1.round = true;
              props1.outcome = true;
            }
          }
          if (!valid8) {
            const err15 = { instancePath: instancePath + "/rounds/" + i0, schemaPath: "#/$defs/RecallRound/allOf/1/if", keyword: "if", params: { failingKeyword: "then" } };
            if (vErrors === null) {
              vErrors = [err15];
            } else {
              vErrors.push(err15);
            }
            errors++;
          }
          if (props0 !== true && props1 !== void 0) {
            if (props1 === true) {
              props0 = true;
            } else {
              props0 = props0 || {};
              Object.assign(props0, props1);
            }
          }
          if (data1 && typeof data1 == "object" && !Array.isArray(data1)) {
            if (data1.round === void 0) {
              const err16 = { instancePath: instancePath + "/rounds/" + i0, schemaPath: "#/$defs/RecallRound/required", keyword: "required", params: { missingProperty: "round" } };
              if (vErrors === null) {
                vErrors = [err16];
              } else {
                vErrors.push(err16);
              }
              errors++;
            }
            if (data1.outcome === void 0) {
              const err17 = { instancePath: instancePath + "/rounds/" + i0, schemaPath: "#/$defs/RecallRound/required", keyword: "required", params: { missingProperty: "outcome" } };
              if (vErrors === null) {
                vErrors = [err17];
              } else {
                vErrors.push(err17);
              }
              errors++;
            }
            if (data1.retained === void 0) {
              const err18 = { instancePath: instancePath + "/rounds/" + i0, schemaPath: "#/$defs/RecallRound/required", keyword: "required", params: { missingProperty: "retained" } };
              if (vErrors === null) {
                vErrors = [err18];
              } else {
                vErrors.push(err18);
              }
              errors++;
            }
            for (const key1 in data1) {
              if (!(key1 === "round" || key1 === "outcome" || key1 === "retained")) {
                const err19 = { instancePath: instancePath + "/rounds/" + i0, schemaPath: "#/$defs/RecallRound/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key1 } };
                if (vErrors === null) {
                  vErrors = [err19];
                } else {
                  vErrors.push(err19);
                }
                errors++;
              }
            }
            if (data1.round !== void 0) {
              let data7 = data1.round;
              if (!(typeof data7 == "number" && (!(data7 % 1) && !isNaN(data7)) && isFinite(data7))) {
                const err20 = { instancePath: instancePath + "/rounds/" + i0 + "/round", schemaPath: "#/$defs/RecallRound/properties/round/type", keyword: "type", params: { type: "integer" } };
                if (vErrors === null) {
                  vErrors = [err20];
                } else {
                  vErrors.push(err20);
                }
                errors++;
              }
              if (typeof data7 == "number" && isFinite(data7)) {
                if (data7 > 2 || isNaN(data7)) {
                  const err21 = { instancePath: instancePath + "/rounds/" + i0 + "/round", schemaPath: "#/$defs/RecallRound/properties/round/maximum", keyword: "maximum", params: { comparison: "<=", limit: 2 } };
                  if (vErrors === null) {
                    vErrors = [err21];
                  } else {
                    vErrors.push(err21);
                  }
                  errors++;
                }
                if (data7 < 0 || isNaN(data7)) {
                  const err22 = { instancePath: instancePath + "/rounds/" + i0 + "/round", schemaPath: "#/$defs/RecallRound/properties/round/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 } };
                  if (vErrors === null) {
                    vErrors = [err22];
                  } else {
                    vErrors.push(err22);
                  }
                  errors++;
                }
              }
            }
            if (data1.outcome !== void 0) {
              let data8 = data1.outcome;
              if (typeof data8 !== "string") {
                const err23 = { instancePath: instancePath + "/rounds/" + i0 + "/outcome", schemaPath: "#/$defs/RecallRound/properties/outcome/type", keyword: "type", params: { type: "string" } };
                if (vErrors === null) {
                  vErrors = [err23];
                } else {
                  vErrors.push(err23);
                }
                errors++;
              }
              if (!(data8 === "completed" || data8 === "expansion_failed")) {
                const err24 = { instancePath: instancePath + "/rounds/" + i0 + "/outcome", schemaPath: "#/$defs/RecallRound/properties/outcome/enum", keyword: "enum", params: { allowedValues: schema38.properties.outcome.enum } };
                if (vErrors === null) {
                  vErrors = [err24];
                } else {
                  vErrors.push(err24);
                }
                errors++;
              }
            }
            if (data1.retained !== void 0) {
              if (typeof data1.retained !== "boolean") {
                const err25 = { instancePath: instancePath + "/rounds/" + i0 + "/retained", schemaPath: "#/$defs/RecallRound/properties/retained/type", keyword: "type", params: { type: "boolean" } };
                if (vErrors === null) {
                  vErrors = [err25];
                } else {
                  vErrors.push(err25);
                }
                errors++;
              }
            }
          } else {
            const err26 = { instancePath: instancePath + "/rounds/" + i0, schemaPath: "#/$defs/RecallRound/type", keyword: "type", params: { type: "object" } };
            if (vErrors === null) {
              vErrors = [err26];
            } else {
              vErrors.push(err26);
            }
            errors++;
          }
        }
      } else {
        const err27 = { instancePath: instancePath + "/rounds", schemaPath: "#/properties/rounds/type", keyword: "type", params: { type: "array" } };
        if (vErrors === null) {
          vErrors = [err27];
        } else {
          vErrors.push(err27);
        }
        errors++;
      }
    }
    if (data.searches !== void 0) {
      let data10 = data.searches;
      if (Array.isArray(data10)) {
        if (data10.length > 32) {
          const err28 = { instancePath: instancePath + "/searches", schemaPath: "#/properties/searches/maxItems", keyword: "maxItems", params: { limit: 32 } };
          if (vErrors === null) {
            vErrors = [err28];
          } else {
            vErrors.push(err28);
          }
          errors++;
        }
        const len1 = data10.length;
        for (let i1 = 0; i1 < len1; i1++) {
          if (!validate24(data10[i1], { instancePath: instancePath + "/searches/" + i1, parentData: data10, parentDataProperty: i1, rootData, dynamicAnchors })) {
            vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
            errors = vErrors.length;
          }
        }
      } else {
        const err29 = { instancePath: instancePath + "/searches", schemaPath: "#/properties/searches/type", keyword: "type", params: { type: "array" } };
        if (vErrors === null) {
          vErrors = [err29];
        } else {
          vErrors.push(err29);
        }
        errors++;
      }
    }
    if (data.rerank_configs !== void 0) {
      let data12 = data.rerank_configs;
      if (Array.isArray(data12)) {
        if (data12.length > 8) {
          const err30 = { instancePath: instancePath + "/rerank_configs", schemaPath: "#/properties/rerank_configs/maxItems", keyword: "maxItems", params: { limit: 8 } };
          if (vErrors === null) {
            vErrors = [err30];
          } else {
            vErrors.push(err30);
          }
          errors++;
        }
        const len2 = data12.length;
        for (let i2 = 0; i2 < len2; i2++) {
          if (!validate26(data12[i2], { instancePath: instancePath + "/rerank_configs/" + i2, parentData: data12, parentDataProperty: i2, rootData, dynamicAnchors })) {
            vErrors = vErrors === null ? validate26.errors : vErrors.concat(validate26.errors);
            errors = vErrors.length;
          }
        }
      } else {
        const err31 = { instancePath: instancePath + "/rerank_configs", schemaPath: "#/properties/rerank_configs/type", keyword: "type", params: { type: "array" } };
        if (vErrors === null) {
          vErrors = [err31];
        } else {
          vErrors.push(err31);
        }
        errors++;
      }
    }
    if (data.reranks !== void 0) {
      let data14 = data.reranks;
      if (Array.isArray(data14)) {
        if (data14.length > 32) {
          const err32 = { instancePath: instancePath + "/reranks", schemaPath: "#/properties/reranks/maxItems", keyword: "maxItems", params: { limit: 32 } };
          if (vErrors === null) {
            vErrors = [err32];
          } else {
            vErrors.push(err32);
          }
          errors++;
        }
        const len3 = data14.length;
        for (let i3 = 0; i3 < len3; i3++) {
          if (!validate34(data14[i3], { instancePath: instancePath + "/reranks/" + i3, parentData: data14, parentDataProperty: i3, rootData, dynamicAnchors })) {
            vErrors = vErrors === null ? validate34.errors : vErrors.concat(validate34.errors);
            errors = vErrors.length;
          }
        }
      } else {
        const err33 = { instancePath: instancePath + "/reranks", schemaPath: "#/properties/reranks/type", keyword: "type", params: { type: "array" } };
        if (vErrors === null) {
          vErrors = [err33];
        } else {
          vErrors.push(err33);
        }
        errors++;
      }
    }
  } else {
    const err34 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" } };
    if (vErrors === null) {
      vErrors = [err34];
    } else {
      vErrors.push(err34);
    }
    errors++;
  }
  validate23.errors = vErrors;
  return errors === 0;
}
validate23.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
var schema59 = { "type": "string", "enum": ["atomic-memory", "topic-memory", "experience", "profile"] };
var pattern19 = new RegExp("^[0-9a-f]{64}$", "u");
var pattern20 = new RegExp("(^|/)\\.{1,2}(/|$)", "u");
var pattern21 = new RegExp("^[^/\\\\\\u0000-\\u001f]+(/[^/\\\\\\u0000-\\u001f]+)*$", "u");
function validate39(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate39.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.scope_id === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "scope_id" } };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.fingerprint === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "fingerprint" } };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    if (data.path === void 0) {
      const err2 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "path" } };
      if (vErrors === null) {
        vErrors = [err2];
      } else {
        vErrors.push(err2);
      }
      errors++;
    }
    if (data.file_sha256 === void 0) {
      const err3 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "file_sha256" } };
      if (vErrors === null) {
        vErrors = [err3];
      } else {
        vErrors.push(err3);
      }
      errors++;
    }
    if (data.start_line === void 0) {
      const err4 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "start_line" } };
      if (vErrors === null) {
        vErrors = [err4];
      } else {
        vErrors.push(err4);
      }
      errors++;
    }
    if (data.end_line === void 0) {
      const err5 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "end_line" } };
      if (vErrors === null) {
        vErrors = [err5];
      } else {
        vErrors.push(err5);
      }
      errors++;
    }
    if (data.snippet_sha256 === void 0) {
      const err6 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "snippet_sha256" } };
      if (vErrors === null) {
        vErrors = [err6];
      } else {
        vErrors.push(err6);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "scope_id" || key0 === "fingerprint" || key0 === "path" || key0 === "file_sha256" || key0 === "start_line" || key0 === "end_line" || key0 === "snippet_sha256")) {
        const err7 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 } };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
    }
    if (data.scope_id !== void 0) {
      let data0 = data.scope_id;
      if (typeof data0 === "string") {
        if (func1(data0) > 256) {
          const err8 = { instancePath: instancePath + "/scope_id", schemaPath: "#/$defs/ScopeId/maxLength", keyword: "maxLength", params: { limit: 256 } };
          if (vErrors === null) {
            vErrors = [err8];
          } else {
            vErrors.push(err8);
          }
          errors++;
        }
        if (func1(data0) < 1) {
          const err9 = { instancePath: instancePath + "/scope_id", schemaPath: "#/$defs/ScopeId/minLength", keyword: "minLength", params: { limit: 1 } };
          if (vErrors === null) {
            vErrors = [err9];
          } else {
            vErrors.push(err9);
          }
          errors++;
        }
        if (!pattern4.test(data0)) {
          const err10 = { instancePath: instancePath + "/scope_id", schemaPath: "#/$defs/ScopeId/pattern", keyword: "pattern", params: { pattern: "\\S" } };
          if (vErrors === null) {
            vErrors = [err10];
          } else {
            vErrors.push(err10);
          }
          errors++;
        }
      } else {
        const err11 = { instancePath: instancePath + "/scope_id", schemaPath: "#/$defs/ScopeId/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err11];
        } else {
          vErrors.push(err11);
        }
        errors++;
      }
    }
    if (data.fingerprint !== void 0) {
      let data1 = data.fingerprint;
      if (typeof data1 === "string") {
        if (!pattern19.test(data1)) {
          const err12 = { instancePath: instancePath + "/fingerprint", schemaPath: "#/$defs/Hex64/pattern", keyword: "pattern", params: { pattern: "^[0-9a-f]{64}$" } };
          if (vErrors === null) {
            vErrors = [err12];
          } else {
            vErrors.push(err12);
          }
          errors++;
        }
      } else {
        const err13 = { instancePath: instancePath + "/fingerprint", schemaPath: "#/$defs/Hex64/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err13];
        } else {
          vErrors.push(err13);
        }
        errors++;
      }
    }
    if (data.path !== void 0) {
      let data2 = data.path;
      const _errs11 = errors;
      const _errs12 = errors;
      if (typeof data2 === "string") {
        if (!pattern20.test(data2)) {
          const err14 = {};
          if (vErrors === null) {
            vErrors = [err14];
          } else {
            vErrors.push(err14);
          }
          errors++;
        }
      }
      var valid4 = _errs12 === errors;
      if (valid4) {
        const err15 = { instancePath: instancePath + "/path", schemaPath: "#/$defs/RepositoryPath/not", keyword: "not", params: {} };
        if (vErrors === null) {
          vErrors = [err15];
        } else {
          vErrors.push(err15);
        }
        errors++;
      } else {
        errors = _errs11;
        if (vErrors !== null) {
          if (_errs11) {
            vErrors.length = _errs11;
          } else {
            vErrors = null;
          }
        }
      }
      if (typeof data2 === "string") {
        if (func1(data2) > 1024) {
          const err16 = { instancePath: instancePath + "/path", schemaPath: "#/$defs/RepositoryPath/maxLength", keyword: "maxLength", params: { limit: 1024 } };
          if (vErrors === null) {
            vErrors = [err16];
          } else {
            vErrors.push(err16);
          }
          errors++;
        }
        if (func1(data2) < 1) {
          const err17 = { instancePath: instancePath + "/path", schemaPath: "#/$defs/RepositoryPath/minLength", keyword: "minLength", params: { limit: 1 } };
          if (vErrors === null) {
            vErrors = [err17];
          } else {
            vErrors.push(err17);
          }
          errors++;
        }
        if (!pattern21.test(data2)) {
          const err18 = { instancePath: instancePath + "/path", schemaPath: "#/$defs/RepositoryPath/pattern", keyword: "pattern", params: { pattern: "^[^/\\\\\\u0000-\\u001f]+(/[^/\\\\\\u0000-\\u001f]+)*$" } };
          if (vErrors === null) {
            vErrors = [err18];
          } else {
            vErrors.push(err18);
          }
          errors++;
        }
      } else {
        const err19 = { instancePath: instancePath + "/path", schemaPath: "#/$defs/RepositoryPath/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err19];
        } else {
          vErrors.push(err19);
        }
        errors++;
      }
    }
    if (data.file_sha256 !== void 0) {
      let data3 = data.file_sha256;
      if (typeof data3 === "string") {
        if (!pattern19.test(data3)) {
          const err20 = { instancePath: instancePath + "/file_sha256", schemaPath: "#/$defs/Hex64/pattern", keyword: "pattern", params: { pattern: "^[0-9a-f]{64}$" } };
          if (vErrors === null) {
            vErrors = [err20];
          } else {
            vErrors.push(err20);
          }
          errors++;
        }
      } else {
        const err21 = { instancePath: instancePath + "/file_sha256", schemaPath: "#/$defs/Hex64/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err21];
        } else {
          vErrors.push(err21);
        }
        errors++;
      }
    }
    if (data.start_line !== void 0) {
      let data4 = data.start_line;
      if (!(typeof data4 == "number" && (!(data4 % 1) && !isNaN(data4)) && isFinite(data4))) {
        const err22 = { instancePath: instancePath + "/start_line", schemaPath: "#/properties/start_line/type", keyword: "type", params: { type: "integer" } };
        if (vErrors === null) {
          vErrors = [err22];
        } else {
          vErrors.push(err22);
        }
        errors++;
      }
      if (typeof data4 == "number" && isFinite(data4)) {
        if (data4 > 2147483647 || isNaN(data4)) {
          const err23 = { instancePath: instancePath + "/start_line", schemaPath: "#/properties/start_line/maximum", keyword: "maximum", params: { comparison: "<=", limit: 2147483647 } };
          if (vErrors === null) {
            vErrors = [err23];
          } else {
            vErrors.push(err23);
          }
          errors++;
        }
        if (data4 < 1 || isNaN(data4)) {
          const err24 = { instancePath: instancePath + "/start_line", schemaPath: "#/properties/start_line/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 } };
          if (vErrors === null) {
            vErrors = [err24];
          } else {
            vErrors.push(err24);
          }
          errors++;
        }
      }
    }
    if (data.end_line !== void 0) {
      let data5 = data.end_line;
      if (!(typeof data5 == "number" && (!(data5 % 1) && !isNaN(data5)) && isFinite(data5))) {
        const err25 = { instancePath: instancePath + "/end_line", schemaPath: "#/properties/end_line/type", keyword: "type", params: { type: "integer" } };
        if (vErrors === null) {
          vErrors = [err25];
        } else {
          vErrors.push(err25);
        }
        errors++;
      }
      if (typeof data5 == "number" && isFinite(data5)) {
        if (data5 > 2147483647 || isNaN(data5)) {
          const err26 = { instancePath: instancePath + "/end_line", schemaPath: "#/properties/end_line/maximum", keyword: "maximum", params: { comparison: "<=", limit: 2147483647 } };
          if (vErrors === null) {
            vErrors = [err26];
          } else {
            vErrors.push(err26);
          }
          errors++;
        }
        if (data5 < 1 || isNaN(data5)) {
          const err27 = { instancePath: instancePath + "/end_line", schemaPath: "#/properties/end_line/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 } };
          if (vErrors === null) {
            vErrors = [err27];
          } else {
            vErrors.push(err27);
          }
          errors++;
        }
      }
    }
    if (data.snippet_sha256 !== void 0) {
      let data6 = data.snippet_sha256;
      if (typeof data6 === "string") {
        if (!pattern19.test(data6)) {
          const err28 = { instancePath: instancePath + "/snippet_sha256", schemaPath: "#/$defs/Hex64/pattern", keyword: "pattern", params: { pattern: "^[0-9a-f]{64}$" } };
          if (vErrors === null) {
            vErrors = [err28];
          } else {
            vErrors.push(err28);
          }
          errors++;
        }
      } else {
        const err29 = { instancePath: instancePath + "/snippet_sha256", schemaPath: "#/$defs/Hex64/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err29];
        } else {
          vErrors.push(err29);
        }
        errors++;
      }
    }
  } else {
    const err30 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" } };
    if (vErrors === null) {
      vErrors = [err30];
    } else {
      vErrors.push(err30);
    }
    errors++;
  }
  validate39.errors = vErrors;
  return errors === 0;
}
validate39.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
function validate37(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate37.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  const _errs1 = errors;
  let valid0 = false;
  let passing0 = null;
  const _errs2 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.artifact_address === void 0) {
      const err0 = { instancePath, schemaPath: "#/oneOf/0/required", keyword: "required", params: { missingProperty: "artifact_address" } };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.kind !== void 0) {
      let data0 = data.kind;
      if (typeof data0 !== "string") {
        const err1 = { instancePath: instancePath + "/kind", schemaPath: "#/$defs/HistoryFamily/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
      if (!(data0 === "atomic-memory" || data0 === "topic-memory" || data0 === "experience" || data0 === "profile")) {
        const err2 = { instancePath: instancePath + "/kind", schemaPath: "#/$defs/HistoryFamily/enum", keyword: "enum", params: { allowedValues: schema59.enum } };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
    }
    if (data.artifact_address !== void 0) {
      if (!validate28(data.artifact_address, { instancePath: instancePath + "/artifact_address", parentData: data, parentDataProperty: "artifact_address", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate28.errors : vErrors.concat(validate28.errors);
        errors = vErrors.length;
      }
    }
  }
  var _valid0 = _errs2 === errors;
  if (_valid0) {
    valid0 = true;
    passing0 = 0;
    var props0 = {};
    props0.kind = true;
    props0.artifact_address = true;
  }
  const _errs7 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.code_evidence === void 0) {
      const err3 = { instancePath, schemaPath: "#/oneOf/1/required", keyword: "required", params: { missingProperty: "code_evidence" } };
      if (vErrors === null) {
        vErrors = [err3];
      } else {
        vErrors.push(err3);
      }
      errors++;
    }
    if (data.kind !== void 0) {
      if ("code" !== data.kind) {
        const err4 = { instancePath: instancePath + "/kind", schemaPath: "#/oneOf/1/properties/kind/const", keyword: "const", params: { allowedValue: "code" } };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
    }
    if (data.code_evidence !== void 0) {
      if (!validate39(data.code_evidence, { instancePath: instancePath + "/code_evidence", parentData: data, parentDataProperty: "code_evidence", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate39.errors : vErrors.concat(validate39.errors);
        errors = vErrors.length;
      }
    }
  }
  var _valid0 = _errs7 === errors;
  if (_valid0 && valid0) {
    valid0 = false;
    passing0 = [passing0, 1];
  } else {
    if (_valid0) {
      valid0 = true;
      passing0 = 1;
      if (props0 !== true) {
        props0 = props0 || {};
        props0.kind = true;
        props0.code_evidence = true;
      }
    }
  }
  if (!valid0) {
    const err5 = { instancePath, schemaPath: "#/oneOf", keyword: "oneOf", params: { passingSchemas: passing0 } };
    if (vErrors === null) {
      vErrors = [err5];
    } else {
      vErrors.push(err5);
    }
    errors++;
  } else {
    errors = _errs1;
    if (vErrors !== null) {
      if (_errs1) {
        vErrors.length = _errs1;
      } else {
        vErrors = null;
      }
    }
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.kind === void 0) {
      const err6 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "kind" } };
      if (vErrors === null) {
        vErrors = [err6];
      } else {
        vErrors.push(err6);
      }
      errors++;
    }
    if (data.rendered_bytes === void 0) {
      const err7 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "rendered_bytes" } };
      if (vErrors === null) {
        vErrors = [err7];
      } else {
        vErrors.push(err7);
      }
      errors++;
    }
    if (data.truncated === void 0) {
      const err8 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "truncated" } };
      if (vErrors === null) {
        vErrors = [err8];
      } else {
        vErrors.push(err8);
      }
      errors++;
    }
    if (props0 !== true) {
      props0 = props0 || {};
      props0.kind = true;
      props0.rendered_bytes = true;
      props0.truncated = true;
    }
    if (data.kind !== void 0) {
      let data4 = data.kind;
      if (typeof data4 !== "string") {
        const err9 = { instancePath: instancePath + "/kind", schemaPath: "#/$defs/EvidenceFamily/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err9];
        } else {
          vErrors.push(err9);
        }
        errors++;
      }
      if (!(data4 === "atomic-memory" || data4 === "topic-memory" || data4 === "experience" || data4 === "profile" || data4 === "code")) {
        const err10 = { instancePath: instancePath + "/kind", schemaPath: "#/$defs/EvidenceFamily/enum", keyword: "enum", params: { allowedValues: schema40.enum } };
        if (vErrors === null) {
          vErrors = [err10];
        } else {
          vErrors.push(err10);
        }
        errors++;
      }
    }
    if (data.rendered_bytes !== void 0) {
      let data5 = data.rendered_bytes;
      if (!(typeof data5 == "number" && (!(data5 % 1) && !isNaN(data5)) && isFinite(data5))) {
        const err11 = { instancePath: instancePath + "/rendered_bytes", schemaPath: "#/properties/rendered_bytes/type", keyword: "type", params: { type: "integer" } };
        if (vErrors === null) {
          vErrors = [err11];
        } else {
          vErrors.push(err11);
        }
        errors++;
      }
      if (typeof data5 == "number" && isFinite(data5)) {
        if (data5 > 32768 || isNaN(data5)) {
          const err12 = { instancePath: instancePath + "/rendered_bytes", schemaPath: "#/properties/rendered_bytes/maximum", keyword: "maximum", params: { comparison: "<=", limit: 32768 } };
          if (vErrors === null) {
            vErrors = [err12];
          } else {
            vErrors.push(err12);
          }
          errors++;
        }
        if (data5 < 1 || isNaN(data5)) {
          const err13 = { instancePath: instancePath + "/rendered_bytes", schemaPath: "#/properties/rendered_bytes/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 } };
          if (vErrors === null) {
            vErrors = [err13];
          } else {
            vErrors.push(err13);
          }
          errors++;
        }
      }
    }
    if (data.truncated !== void 0) {
      if (typeof data.truncated !== "boolean") {
        const err14 = { instancePath: instancePath + "/truncated", schemaPath: "#/properties/truncated/type", keyword: "type", params: { type: "boolean" } };
        if (vErrors === null) {
          vErrors = [err14];
        } else {
          vErrors.push(err14);
        }
        errors++;
      }
    }
    if (props0 !== true) {
      for (const key0 in data) {
        if (!props0 || !props0[key0]) {
          const err15 = { instancePath, schemaPath: "#/unevaluatedProperties", keyword: "unevaluatedProperties", params: { unevaluatedProperty: key0 } };
          if (vErrors === null) {
            vErrors = [err15];
          } else {
            vErrors.push(err15);
          }
          errors++;
        }
      }
    }
  } else {
    const err16 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" } };
    if (vErrors === null) {
      vErrors = [err16];
    } else {
      vErrors.push(err16);
    }
    errors++;
  }
  validate37.errors = vErrors;
  return errors === 0;
}
validate37.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
var schema69 = { "type": "string", "enum": ["duplicate", "blank", "family_limit", "entry_limit", "below_min_bytes", "no_fitting_truncation", "rerank_not_selected", "not_retrieved"] };
function validate42(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate42.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  const _errs1 = errors;
  let valid0 = true;
  const _errs2 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    let missing0;
    if (data.reason === void 0 && (missing0 = "reason")) {
      const err0 = {};
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    } else {
      if (data.reason !== void 0) {
        if ("not_retrieved" !== data.reason) {
          const err1 = {};
          if (vErrors === null) {
            vErrors = [err1];
          } else {
            vErrors.push(err1);
          }
          errors++;
        }
      }
    }
  }
  var _valid0 = _errs2 === errors;
  errors = _errs1;
  if (vErrors !== null) {
    if (_errs1) {
      vErrors.length = _errs1;
    } else {
      vErrors = null;
    }
  }
  if (_valid0) {
    const _errs4 = errors;
    if (data && typeof data == "object" && !Array.isArray(data)) {
      if (data.count !== void 0) {
        if (1 !== data.count) {
          const err2 = { instancePath: instancePath + "/count", schemaPath: "#/then/properties/count/const", keyword: "const", params: { allowedValue: 1 } };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
      }
    }
    var _valid0 = _errs4 === errors;
    valid0 = _valid0;
    if (valid0) {
      var props0 = {};
      props0.count = true;
      props0.reason = true;
    }
  }
  if (!valid0) {
    const err3 = { instancePath, schemaPath: "#/if", keyword: "if", params: { failingKeyword: "then" } };
    if (vErrors === null) {
      vErrors = [err3];
    } else {
      vErrors.push(err3);
    }
    errors++;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.family === void 0) {
      const err4 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "family" } };
      if (vErrors === null) {
        vErrors = [err4];
      } else {
        vErrors.push(err4);
      }
      errors++;
    }
    if (data.reason === void 0) {
      const err5 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "reason" } };
      if (vErrors === null) {
        vErrors = [err5];
      } else {
        vErrors.push(err5);
      }
      errors++;
    }
    if (data.count === void 0) {
      const err6 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "count" } };
      if (vErrors === null) {
        vErrors = [err6];
      } else {
        vErrors.push(err6);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "family" || key0 === "reason" || key0 === "count")) {
        const err7 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 } };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
    }
    if (data.family !== void 0) {
      let data2 = data.family;
      if (typeof data2 !== "string") {
        const err8 = { instancePath: instancePath + "/family", schemaPath: "#/$defs/EvidenceFamily/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      }
      if (!(data2 === "atomic-memory" || data2 === "topic-memory" || data2 === "experience" || data2 === "profile" || data2 === "code")) {
        const err9 = { instancePath: instancePath + "/family", schemaPath: "#/$defs/EvidenceFamily/enum", keyword: "enum", params: { allowedValues: schema40.enum } };
        if (vErrors === null) {
          vErrors = [err9];
        } else {
          vErrors.push(err9);
        }
        errors++;
      }
    }
    if (data.reason !== void 0) {
      let data3 = data.reason;
      if (typeof data3 !== "string") {
        const err10 = { instancePath: instancePath + "/reason", schemaPath: "#/$defs/OmissionReason/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err10];
        } else {
          vErrors.push(err10);
        }
        errors++;
      }
      if (!(data3 === "duplicate" || data3 === "blank" || data3 === "family_limit" || data3 === "entry_limit" || data3 === "below_min_bytes" || data3 === "no_fitting_truncation" || data3 === "rerank_not_selected" || data3 === "not_retrieved")) {
        const err11 = { instancePath: instancePath + "/reason", schemaPath: "#/$defs/OmissionReason/enum", keyword: "enum", params: { allowedValues: schema69.enum } };
        if (vErrors === null) {
          vErrors = [err11];
        } else {
          vErrors.push(err11);
        }
        errors++;
      }
    }
    if (data.count !== void 0) {
      let data4 = data.count;
      if (!(typeof data4 == "number" && (!(data4 % 1) && !isNaN(data4)) && isFinite(data4))) {
        const err12 = { instancePath: instancePath + "/count", schemaPath: "#/properties/count/type", keyword: "type", params: { type: "integer" } };
        if (vErrors === null) {
          vErrors = [err12];
        } else {
          vErrors.push(err12);
        }
        errors++;
      }
      if (typeof data4 == "number" && isFinite(data4)) {
        if (data4 > 65535 || isNaN(data4)) {
          const err13 = { instancePath: instancePath + "/count", schemaPath: "#/properties/count/maximum", keyword: "maximum", params: { comparison: "<=", limit: 65535 } };
          if (vErrors === null) {
            vErrors = [err13];
          } else {
            vErrors.push(err13);
          }
          errors++;
        }
        if (data4 < 1 || isNaN(data4)) {
          const err14 = { instancePath: instancePath + "/count", schemaPath: "#/properties/count/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 } };
          if (vErrors === null) {
            vErrors = [err14];
          } else {
            vErrors.push(err14);
          }
          errors++;
        }
      }
    }
  } else {
    const err15 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" } };
    if (vErrors === null) {
      vErrors = [err15];
    } else {
      vErrors.push(err15);
    }
    errors++;
  }
  validate42.errors = vErrors;
  return errors === 0;
}
validate42.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
function validate22(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate22.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.schema === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "schema" } };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.receipt_id === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "receipt_id" } };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    if (data.policy_id === void 0) {
      const err2 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "policy_id" } };
      if (vErrors === null) {
        vErrors = [err2];
      } else {
        vErrors.push(err2);
      }
      errors++;
    }
    if (data.query_digest === void 0) {
      const err3 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "query_digest" } };
      if (vErrors === null) {
        vErrors = [err3];
      } else {
        vErrors.push(err3);
      }
      errors++;
    }
    if (data.content_digest === void 0) {
      const err4 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "content_digest" } };
      if (vErrors === null) {
        vErrors = [err4];
      } else {
        vErrors.push(err4);
      }
      errors++;
    }
    if (data.requested_max_bytes === void 0) {
      const err5 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "requested_max_bytes" } };
      if (vErrors === null) {
        vErrors = [err5];
      } else {
        vErrors.push(err5);
      }
      errors++;
    }
    if (data.used_bytes === void 0) {
      const err6 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "used_bytes" } };
      if (vErrors === null) {
        vErrors = [err6];
      } else {
        vErrors.push(err6);
      }
      errors++;
    }
    if (data.truncated === void 0) {
      const err7 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "truncated" } };
      if (vErrors === null) {
        vErrors = [err7];
      } else {
        vErrors.push(err7);
      }
      errors++;
    }
    if (data.non_deterministic === void 0) {
      const err8 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "non_deterministic" } };
      if (vErrors === null) {
        vErrors = [err8];
      } else {
        vErrors.push(err8);
      }
      errors++;
    }
    if (data.retrieval === void 0) {
      const err9 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "retrieval" } };
      if (vErrors === null) {
        vErrors = [err9];
      } else {
        vErrors.push(err9);
      }
      errors++;
    }
    if (data.selected === void 0) {
      const err10 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "selected" } };
      if (vErrors === null) {
        vErrors = [err10];
      } else {
        vErrors.push(err10);
      }
      errors++;
    }
    if (data.omitted === void 0) {
      const err11 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "omitted" } };
      if (vErrors === null) {
        vErrors = [err11];
      } else {
        vErrors.push(err11);
      }
      errors++;
    }
    if (data.stages === void 0) {
      const err12 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "stages" } };
      if (vErrors === null) {
        vErrors = [err12];
      } else {
        vErrors.push(err12);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!func3.call(schema34.properties, key0)) {
        const err13 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 } };
        if (vErrors === null) {
          vErrors = [err13];
        } else {
          vErrors.push(err13);
        }
        errors++;
      }
    }
    if (data.schema !== void 0) {
      let data0 = data.schema;
      if (typeof data0 !== "string") {
        const err14 = { instancePath: instancePath + "/schema", schemaPath: "#/properties/schema/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err14];
        } else {
          vErrors.push(err14);
        }
        errors++;
      }
      if ("powercontext.prepared-context-receipt.v1" !== data0) {
        const err15 = { instancePath: instancePath + "/schema", schemaPath: "#/properties/schema/const", keyword: "const", params: { allowedValue: "powercontext.prepared-context-receipt.v1" } };
        if (vErrors === null) {
          vErrors = [err15];
        } else {
          vErrors.push(err15);
        }
        errors++;
      }
    }
    if (data.receipt_id !== void 0) {
      let data1 = data.receipt_id;
      if (typeof data1 === "string") {
        if (!pattern5.test(data1)) {
          const err16 = { instancePath: instancePath + "/receipt_id", schemaPath: "#/properties/receipt_id/pattern", keyword: "pattern", params: { pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$" } };
          if (vErrors === null) {
            vErrors = [err16];
          } else {
            vErrors.push(err16);
          }
          errors++;
        }
      } else {
        const err17 = { instancePath: instancePath + "/receipt_id", schemaPath: "#/properties/receipt_id/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err17];
        } else {
          vErrors.push(err17);
        }
        errors++;
      }
    }
    if (data.policy_id !== void 0) {
      let data2 = data.policy_id;
      if (typeof data2 !== "string") {
        const err18 = { instancePath: instancePath + "/policy_id", schemaPath: "#/properties/policy_id/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err18];
        } else {
          vErrors.push(err18);
        }
        errors++;
      }
      if ("powercontext.prepared-context-receipt.v1" !== data2) {
        const err19 = { instancePath: instancePath + "/policy_id", schemaPath: "#/properties/policy_id/const", keyword: "const", params: { allowedValue: "powercontext.prepared-context-receipt.v1" } };
        if (vErrors === null) {
          vErrors = [err19];
        } else {
          vErrors.push(err19);
        }
        errors++;
      }
    }
    if (data.query_digest !== void 0) {
      let data3 = data.query_digest;
      if (typeof data3 === "string") {
        if (!pattern6.test(data3)) {
          const err20 = { instancePath: instancePath + "/query_digest", schemaPath: "#/$defs/Sha256Digest/pattern", keyword: "pattern", params: { pattern: "^sha256:[0-9a-f]{64}$" } };
          if (vErrors === null) {
            vErrors = [err20];
          } else {
            vErrors.push(err20);
          }
          errors++;
        }
      } else {
        const err21 = { instancePath: instancePath + "/query_digest", schemaPath: "#/$defs/Sha256Digest/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err21];
        } else {
          vErrors.push(err21);
        }
        errors++;
      }
    }
    if (data.content_digest !== void 0) {
      let data4 = data.content_digest;
      const _errs12 = errors;
      let valid2 = false;
      const _errs13 = errors;
      if (typeof data4 === "string") {
        if (!pattern6.test(data4)) {
          const err22 = { instancePath: instancePath + "/content_digest", schemaPath: "#/$defs/Sha256Digest/pattern", keyword: "pattern", params: { pattern: "^sha256:[0-9a-f]{64}$" } };
          if (vErrors === null) {
            vErrors = [err22];
          } else {
            vErrors.push(err22);
          }
          errors++;
        }
      } else {
        const err23 = { instancePath: instancePath + "/content_digest", schemaPath: "#/$defs/Sha256Digest/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err23];
        } else {
          vErrors.push(err23);
        }
        errors++;
      }
      var _valid0 = _errs13 === errors;
      valid2 = valid2 || _valid0;
      const _errs16 = errors;
      if (data4 !== null) {
        const err24 = { instancePath: instancePath + "/content_digest", schemaPath: "#/properties/content_digest/anyOf/1/type", keyword: "type", params: { type: "null" } };
        if (vErrors === null) {
          vErrors = [err24];
        } else {
          vErrors.push(err24);
        }
        errors++;
      }
      var _valid0 = _errs16 === errors;
      valid2 = valid2 || _valid0;
      if (!valid2) {
        const err25 = { instancePath: instancePath + "/content_digest", schemaPath: "#/properties/content_digest/anyOf", keyword: "anyOf", params: {} };
        if (vErrors === null) {
          vErrors = [err25];
        } else {
          vErrors.push(err25);
        }
        errors++;
      } else {
        errors = _errs12;
        if (vErrors !== null) {
          if (_errs12) {
            vErrors.length = _errs12;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.requested_max_bytes !== void 0) {
      let data5 = data.requested_max_bytes;
      if (!(typeof data5 == "number" && (!(data5 % 1) && !isNaN(data5)) && isFinite(data5))) {
        const err26 = { instancePath: instancePath + "/requested_max_bytes", schemaPath: "#/properties/requested_max_bytes/type", keyword: "type", params: { type: "integer" } };
        if (vErrors === null) {
          vErrors = [err26];
        } else {
          vErrors.push(err26);
        }
        errors++;
      }
      if (typeof data5 == "number" && isFinite(data5)) {
        if (data5 > 32768 || isNaN(data5)) {
          const err27 = { instancePath: instancePath + "/requested_max_bytes", schemaPath: "#/properties/requested_max_bytes/maximum", keyword: "maximum", params: { comparison: "<=", limit: 32768 } };
          if (vErrors === null) {
            vErrors = [err27];
          } else {
            vErrors.push(err27);
          }
          errors++;
        }
        if (data5 < 512 || isNaN(data5)) {
          const err28 = { instancePath: instancePath + "/requested_max_bytes", schemaPath: "#/properties/requested_max_bytes/minimum", keyword: "minimum", params: { comparison: ">=", limit: 512 } };
          if (vErrors === null) {
            vErrors = [err28];
          } else {
            vErrors.push(err28);
          }
          errors++;
        }
      }
    }
    if (data.used_bytes !== void 0) {
      let data6 = data.used_bytes;
      if (!(typeof data6 == "number" && (!(data6 % 1) && !isNaN(data6)) && isFinite(data6))) {
        const err29 = { instancePath: instancePath + "/used_bytes", schemaPath: "#/properties/used_bytes/type", keyword: "type", params: { type: "integer" } };
        if (vErrors === null) {
          vErrors = [err29];
        } else {
          vErrors.push(err29);
        }
        errors++;
      }
      if (typeof data6 == "number" && isFinite(data6)) {
        if (data6 > 32768 || isNaN(data6)) {
          const err30 = { instancePath: instancePath + "/used_bytes", schemaPath: "#/properties/used_bytes/maximum", keyword: "maximum", params: { comparison: "<=", limit: 32768 } };
          if (vErrors === null) {
            vErrors = [err30];
          } else {
            vErrors.push(err30);
          }
          errors++;
        }
        if (data6 < 0 || isNaN(data6)) {
          const err31 = { instancePath: instancePath + "/used_bytes", schemaPath: "#/properties/used_bytes/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 } };
          if (vErrors === null) {
            vErrors = [err31];
          } else {
            vErrors.push(err31);
          }
          errors++;
        }
      }
    }
    if (data.truncated !== void 0) {
      if (typeof data.truncated !== "boolean") {
        const err32 = { instancePath: instancePath + "/truncated", schemaPath: "#/properties/truncated/type", keyword: "type", params: { type: "boolean" } };
        if (vErrors === null) {
          vErrors = [err32];
        } else {
          vErrors.push(err32);
        }
        errors++;
      }
    }
    if (data.non_deterministic !== void 0) {
      if (typeof data.non_deterministic !== "boolean") {
        const err33 = { instancePath: instancePath + "/non_deterministic", schemaPath: "#/properties/non_deterministic/type", keyword: "type", params: { type: "boolean" } };
        if (vErrors === null) {
          vErrors = [err33];
        } else {
          vErrors.push(err33);
        }
        errors++;
      }
    }
    if (data.retrieval !== void 0) {
      if (!validate23(data.retrieval, { instancePath: instancePath + "/retrieval", parentData: data, parentDataProperty: "retrieval", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate23.errors : vErrors.concat(validate23.errors);
        errors = vErrors.length;
      }
    }
    if (data.selected !== void 0) {
      let data10 = data.selected;
      if (Array.isArray(data10)) {
        if (data10.length > 32) {
          const err34 = { instancePath: instancePath + "/selected", schemaPath: "#/properties/selected/maxItems", keyword: "maxItems", params: { limit: 32 } };
          if (vErrors === null) {
            vErrors = [err34];
          } else {
            vErrors.push(err34);
          }
          errors++;
        }
        const len0 = data10.length;
        for (let i0 = 0; i0 < len0; i0++) {
          if (!validate37(data10[i0], { instancePath: instancePath + "/selected/" + i0, parentData: data10, parentDataProperty: i0, rootData, dynamicAnchors })) {
            vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);
            errors = vErrors.length;
          }
        }
      } else {
        const err35 = { instancePath: instancePath + "/selected", schemaPath: "#/properties/selected/type", keyword: "type", params: { type: "array" } };
        if (vErrors === null) {
          vErrors = [err35];
        } else {
          vErrors.push(err35);
        }
        errors++;
      }
    }
    if (data.omitted !== void 0) {
      let data12 = data.omitted;
      if (Array.isArray(data12)) {
        if (data12.length > 16) {
          const err36 = { instancePath: instancePath + "/omitted", schemaPath: "#/properties/omitted/maxItems", keyword: "maxItems", params: { limit: 16 } };
          if (vErrors === null) {
            vErrors = [err36];
          } else {
            vErrors.push(err36);
          }
          errors++;
        }
        const len1 = data12.length;
        for (let i1 = 0; i1 < len1; i1++) {
          if (!validate42(data12[i1], { instancePath: instancePath + "/omitted/" + i1, parentData: data12, parentDataProperty: i1, rootData, dynamicAnchors })) {
            vErrors = vErrors === null ? validate42.errors : vErrors.concat(validate42.errors);
            errors = vErrors.length;
          }
        }
      } else {
        const err37 = { instancePath: instancePath + "/omitted", schemaPath: "#/properties/omitted/type", keyword: "type", params: { type: "array" } };
        if (vErrors === null) {
          vErrors = [err37];
        } else {
          vErrors.push(err37);
        }
        errors++;
      }
    }
    if (data.stages !== void 0) {
      let data14 = data.stages;
      if (Array.isArray(data14)) {
        if (data14.length > 8) {
          const err38 = { instancePath: instancePath + "/stages", schemaPath: "#/properties/stages/maxItems", keyword: "maxItems", params: { limit: 8 } };
          if (vErrors === null) {
            vErrors = [err38];
          } else {
            vErrors.push(err38);
          }
          errors++;
        }
        const len2 = data14.length;
        for (let i2 = 0; i2 < len2; i2++) {
          let data15 = data14[i2];
          if (data15 && typeof data15 == "object" && !Array.isArray(data15)) {
            if (data15.stage === void 0) {
              const err39 = { instancePath: instancePath + "/stages/" + i2, schemaPath: "#/$defs/StageTiming/required", keyword: "required", params: { missingProperty: "stage" } };
              if (vErrors === null) {
                vErrors = [err39];
              } else {
                vErrors.push(err39);
              }
              errors++;
            }
            if (data15.duration_ms === void 0) {
              const err40 = { instancePath: instancePath + "/stages/" + i2, schemaPath: "#/$defs/StageTiming/required", keyword: "required", params: { missingProperty: "duration_ms" } };
              if (vErrors === null) {
                vErrors = [err40];
              } else {
                vErrors.push(err40);
              }
              errors++;
            }
            if (data15.count === void 0) {
              const err41 = { instancePath: instancePath + "/stages/" + i2, schemaPath: "#/$defs/StageTiming/required", keyword: "required", params: { missingProperty: "count" } };
              if (vErrors === null) {
                vErrors = [err41];
              } else {
                vErrors.push(err41);
              }
              errors++;
            }
            for (const key1 in data15) {
              if (!(key1 === "stage" || key1 === "duration_ms" || key1 === "count")) {
                const err42 = { instancePath: instancePath + "/stages/" + i2, schemaPath: "#/$defs/StageTiming/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key1 } };
                if (vErrors === null) {
                  vErrors = [err42];
                } else {
                  vErrors.push(err42);
                }
                errors++;
              }
            }
            if (data15.stage !== void 0) {
              let data16 = data15.stage;
              if (typeof data16 === "string") {
                if (func1(data16) > 64) {
                  const err43 = { instancePath: instancePath + "/stages/" + i2 + "/stage", schemaPath: "#/$defs/StageTiming/properties/stage/maxLength", keyword: "maxLength", params: { limit: 64 } };
                  if (vErrors === null) {
                    vErrors = [err43];
                  } else {
                    vErrors.push(err43);
                  }
                  errors++;
                }
                if (func1(data16) < 3) {
                  const err44 = { instancePath: instancePath + "/stages/" + i2 + "/stage", schemaPath: "#/$defs/StageTiming/properties/stage/minLength", keyword: "minLength", params: { limit: 3 } };
                  if (vErrors === null) {
                    vErrors = [err44];
                  } else {
                    vErrors.push(err44);
                  }
                  errors++;
                }
                if (!pattern24.test(data16)) {
                  const err45 = { instancePath: instancePath + "/stages/" + i2 + "/stage", schemaPath: "#/$defs/StageTiming/properties/stage/pattern", keyword: "pattern", params: { pattern: "^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+$" } };
                  if (vErrors === null) {
                    vErrors = [err45];
                  } else {
                    vErrors.push(err45);
                  }
                  errors++;
                }
              } else {
                const err46 = { instancePath: instancePath + "/stages/" + i2 + "/stage", schemaPath: "#/$defs/StageTiming/properties/stage/type", keyword: "type", params: { type: "string" } };
                if (vErrors === null) {
                  vErrors = [err46];
                } else {
                  vErrors.push(err46);
                }
                errors++;
              }
            }
            if (data15.duration_ms !== void 0) {
              let data17 = data15.duration_ms;
              if (typeof data17 == "number" && isFinite(data17)) {
                if (data17 < 0 || isNaN(data17)) {
                  const err47 = { instancePath: instancePath + "/stages/" + i2 + "/duration_ms", schemaPath: "#/$defs/StageTiming/properties/duration_ms/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 } };
                  if (vErrors === null) {
                    vErrors = [err47];
                  } else {
                    vErrors.push(err47);
                  }
                  errors++;
                }
              } else {
                const err48 = { instancePath: instancePath + "/stages/" + i2 + "/duration_ms", schemaPath: "#/$defs/StageTiming/properties/duration_ms/type", keyword: "type", params: { type: "number" } };
                if (vErrors === null) {
                  vErrors = [err48];
                } else {
                  vErrors.push(err48);
                }
                errors++;
              }
            }
            if (data15.count !== void 0) {
              let data18 = data15.count;
              if (!(typeof data18 == "number" && (!(data18 % 1) && !isNaN(data18)) && isFinite(data18))) {
                const err49 = { instancePath: instancePath + "/stages/" + i2 + "/count", schemaPath: "#/$defs/StageTiming/properties/count/type", keyword: "type", params: { type: "integer" } };
                if (vErrors === null) {
                  vErrors = [err49];
                } else {
                  vErrors.push(err49);
                }
                errors++;
              }
              if (typeof data18 == "number" && isFinite(data18)) {
                if (data18 > 65535 || isNaN(data18)) {
                  const err50 = { instancePath: instancePath + "/stages/" + i2 + "/count", schemaPath: "#/$defs/StageTiming/properties/count/maximum", keyword: "maximum", params: { comparison: "<=", limit: 65535 } };
                  if (vErrors === null) {
                    vErrors = [err50];
                  } else {
                    vErrors.push(err50);
                  }
                  errors++;
                }
                if (data18 < 1 || isNaN(data18)) {
                  const err51 = { instancePath: instancePath + "/stages/" + i2 + "/count", schemaPath: "#/$defs/StageTiming/properties/count/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 } };
                  if (vErrors === null) {
                    vErrors = [err51];
                  } else {
                    vErrors.push(err51);
                  }
                  errors++;
                }
              }
            }
          } else {
            const err52 = { instancePath: instancePath + "/stages/" + i2, schemaPath: "#/$defs/StageTiming/type", keyword: "type", params: { type: "object" } };
            if (vErrors === null) {
              vErrors = [err52];
            } else {
              vErrors.push(err52);
            }
            errors++;
          }
        }
      } else {
        const err53 = { instancePath: instancePath + "/stages", schemaPath: "#/properties/stages/type", keyword: "type", params: { type: "array" } };
        if (vErrors === null) {
          vErrors = [err53];
        } else {
          vErrors.push(err53);
        }
        errors++;
      }
    }
  } else {
    const err54 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" } };
    if (vErrors === null) {
      vErrors = [err54];
    } else {
      vErrors.push(err54);
    }
    errors++;
  }
  validate22.errors = vErrors;
  return errors === 0;
}
validate22.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
function validate21(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate21.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  const _errs2 = errors;
  let valid1 = true;
  const _errs3 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    let missing0;
    if (data.status === void 0 && (missing0 = "status")) {
      const err0 = {};
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    } else {
      if (data.status !== void 0) {
        if ("empty" !== data.status) {
          const err1 = {};
          if (vErrors === null) {
            vErrors = [err1];
          } else {
            vErrors.push(err1);
          }
          errors++;
        }
      }
    }
  }
  var _valid0 = _errs3 === errors;
  errors = _errs2;
  if (vErrors !== null) {
    if (_errs2) {
      vErrors.length = _errs2;
    } else {
      vErrors = null;
    }
  }
  if (_valid0) {
    const _errs5 = errors;
    if (data && typeof data == "object" && !Array.isArray(data)) {
      if (data.content !== void 0) {
        if (data.content !== null) {
          const err2 = { instancePath: instancePath + "/content", schemaPath: "#/allOf/0/then/properties/content/type", keyword: "type", params: { type: "null" } };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
      }
      if (data.content_bytes !== void 0) {
        if (0 !== data.content_bytes) {
          const err3 = { instancePath: instancePath + "/content_bytes", schemaPath: "#/allOf/0/then/properties/content_bytes/const", keyword: "const", params: { allowedValue: 0 } };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
      }
      if (data.receipt !== void 0) {
        let data3 = data.receipt;
        if (data3 && typeof data3 == "object" && !Array.isArray(data3)) {
          if (data3.content_digest !== void 0) {
            if (data3.content_digest !== null) {
              const err4 = { instancePath: instancePath + "/receipt/content_digest", schemaPath: "#/allOf/0/then/properties/receipt/properties/content_digest/type", keyword: "type", params: { type: "null" } };
              if (vErrors === null) {
                vErrors = [err4];
              } else {
                vErrors.push(err4);
              }
              errors++;
            }
          }
          if (data3.used_bytes !== void 0) {
            if (0 !== data3.used_bytes) {
              const err5 = { instancePath: instancePath + "/receipt/used_bytes", schemaPath: "#/allOf/0/then/properties/receipt/properties/used_bytes/const", keyword: "const", params: { allowedValue: 0 } };
              if (vErrors === null) {
                vErrors = [err5];
              } else {
                vErrors.push(err5);
              }
              errors++;
            }
          }
          if (data3.selected !== void 0) {
            let data6 = data3.selected;
            if (Array.isArray(data6)) {
              if (data6.length > 0) {
                const err6 = { instancePath: instancePath + "/receipt/selected", schemaPath: "#/allOf/0/then/properties/receipt/properties/selected/maxItems", keyword: "maxItems", params: { limit: 0 } };
                if (vErrors === null) {
                  vErrors = [err6];
                } else {
                  vErrors.push(err6);
                }
                errors++;
              }
            }
          }
        }
      }
    }
    var _valid0 = _errs5 === errors;
    valid1 = _valid0;
    if (valid1) {
      var props0 = {};
      props0.content = true;
      props0.content_bytes = true;
      props0.receipt = true;
      props0.status = true;
    }
  }
  if (!valid1) {
    const err7 = { instancePath, schemaPath: "#/allOf/0/if", keyword: "if", params: { failingKeyword: "then" } };
    if (vErrors === null) {
      vErrors = [err7];
    } else {
      vErrors.push(err7);
    }
    errors++;
  }
  const _errs15 = errors;
  let valid5 = true;
  const _errs16 = errors;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    let missing1;
    if (data.status === void 0 && (missing1 = "status")) {
      const err8 = {};
      if (vErrors === null) {
        vErrors = [err8];
      } else {
        vErrors.push(err8);
      }
      errors++;
    } else {
      if (data.status !== void 0) {
        if ("ready" !== data.status) {
          const err9 = {};
          if (vErrors === null) {
            vErrors = [err9];
          } else {
            vErrors.push(err9);
          }
          errors++;
        }
      }
    }
  }
  var _valid1 = _errs16 === errors;
  errors = _errs15;
  if (vErrors !== null) {
    if (_errs15) {
      vErrors.length = _errs15;
    } else {
      vErrors = null;
    }
  }
  if (_valid1) {
    const _errs18 = errors;
    if (data && typeof data == "object" && !Array.isArray(data)) {
      if (data.content !== void 0) {
        let data8 = data.content;
        if (typeof data8 === "string") {
          if (func1(data8) < 1) {
            const err10 = { instancePath: instancePath + "/content", schemaPath: "#/allOf/1/then/properties/content/minLength", keyword: "minLength", params: { limit: 1 } };
            if (vErrors === null) {
              vErrors = [err10];
            } else {
              vErrors.push(err10);
            }
            errors++;
          }
          if (!pattern4.test(data8)) {
            const err11 = { instancePath: instancePath + "/content", schemaPath: "#/allOf/1/then/properties/content/pattern", keyword: "pattern", params: { pattern: "\\S" } };
            if (vErrors === null) {
              vErrors = [err11];
            } else {
              vErrors.push(err11);
            }
            errors++;
          }
        } else {
          const err12 = { instancePath: instancePath + "/content", schemaPath: "#/allOf/1/then/properties/content/type", keyword: "type", params: { type: "string" } };
          if (vErrors === null) {
            vErrors = [err12];
          } else {
            vErrors.push(err12);
          }
          errors++;
        }
      }
      if (data.content_bytes !== void 0) {
        let data9 = data.content_bytes;
        if (typeof data9 == "number" && isFinite(data9)) {
          if (data9 < 1 || isNaN(data9)) {
            const err13 = { instancePath: instancePath + "/content_bytes", schemaPath: "#/allOf/1/then/properties/content_bytes/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 } };
            if (vErrors === null) {
              vErrors = [err13];
            } else {
              vErrors.push(err13);
            }
            errors++;
          }
        }
      }
      if (data.receipt !== void 0) {
        let data10 = data.receipt;
        if (data10 && typeof data10 == "object" && !Array.isArray(data10)) {
          if (data10.content_digest !== void 0) {
            if (typeof data10.content_digest !== "string") {
              const err14 = { instancePath: instancePath + "/receipt/content_digest", schemaPath: "#/allOf/1/then/properties/receipt/properties/content_digest/type", keyword: "type", params: { type: "string" } };
              if (vErrors === null) {
                vErrors = [err14];
              } else {
                vErrors.push(err14);
              }
              errors++;
            }
          }
          if (data10.selected !== void 0) {
            let data12 = data10.selected;
            if (Array.isArray(data12)) {
              if (data12.length < 1) {
                const err15 = { instancePath: instancePath + "/receipt/selected", schemaPath: "#/allOf/1/then/properties/receipt/properties/selected/minItems", keyword: "minItems", params: { limit: 1 } };
                if (vErrors === null) {
                  vErrors = [err15];
                } else {
                  vErrors.push(err15);
                }
                errors++;
              }
            }
          }
        }
      }
    }
    var _valid1 = _errs18 === errors;
    valid5 = _valid1;
    if (valid5) {
      var props1 = {};
      props1.content = true;
      props1.content_bytes = true;
      props1.receipt = true;
      props1.status = true;
    }
  }
  if (!valid5) {
    const err16 = { instancePath, schemaPath: "#/allOf/1/if", keyword: "if", params: { failingKeyword: "then" } };
    if (vErrors === null) {
      vErrors = [err16];
    } else {
      vErrors.push(err16);
    }
    errors++;
  }
  if (props0 !== true && props1 !== void 0) {
    if (props1 === true) {
      props0 = true;
    } else {
      props0 = props0 || {};
      Object.assign(props0, props1);
    }
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.schema === void 0) {
      const err17 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "schema" } };
      if (vErrors === null) {
        vErrors = [err17];
      } else {
        vErrors.push(err17);
      }
      errors++;
    }
    if (data.status === void 0) {
      const err18 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "status" } };
      if (vErrors === null) {
        vErrors = [err18];
      } else {
        vErrors.push(err18);
      }
      errors++;
    }
    if (data.content === void 0) {
      const err19 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "content" } };
      if (vErrors === null) {
        vErrors = [err19];
      } else {
        vErrors.push(err19);
      }
      errors++;
    }
    if (data.content_bytes === void 0) {
      const err20 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "content_bytes" } };
      if (vErrors === null) {
        vErrors = [err20];
      } else {
        vErrors.push(err20);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "schema" || key0 === "status" || key0 === "content" || key0 === "content_bytes" || key0 === "reason" || key0 === "receipt")) {
        const err21 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 } };
        if (vErrors === null) {
          vErrors = [err21];
        } else {
          vErrors.push(err21);
        }
        errors++;
      }
    }
    if (data.schema !== void 0) {
      let data13 = data.schema;
      if (typeof data13 !== "string") {
        const err22 = { instancePath: instancePath + "/schema", schemaPath: "#/properties/schema/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err22];
        } else {
          vErrors.push(err22);
        }
        errors++;
      }
      if ("powercontext.prepared-context.v1" !== data13) {
        const err23 = { instancePath: instancePath + "/schema", schemaPath: "#/properties/schema/const", keyword: "const", params: { allowedValue: "powercontext.prepared-context.v1" } };
        if (vErrors === null) {
          vErrors = [err23];
        } else {
          vErrors.push(err23);
        }
        errors++;
      }
    }
    if (data.status !== void 0) {
      let data14 = data.status;
      if (typeof data14 !== "string") {
        const err24 = { instancePath: instancePath + "/status", schemaPath: "#/properties/status/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err24];
        } else {
          vErrors.push(err24);
        }
        errors++;
      }
      if (!(data14 === "ready" || data14 === "empty")) {
        const err25 = { instancePath: instancePath + "/status", schemaPath: "#/properties/status/enum", keyword: "enum", params: { allowedValues: schema32.properties.status.enum } };
        if (vErrors === null) {
          vErrors = [err25];
        } else {
          vErrors.push(err25);
        }
        errors++;
      }
    }
    if (data.content !== void 0) {
      let data15 = data.content;
      if (typeof data15 !== "string" && data15 !== null) {
        const err26 = { instancePath: instancePath + "/content", schemaPath: "#/properties/content/type", keyword: "type", params: { type: schema32.properties.content.type } };
        if (vErrors === null) {
          vErrors = [err26];
        } else {
          vErrors.push(err26);
        }
        errors++;
      }
      if (typeof data15 === "string") {
        if (func1(data15) > 32768) {
          const err27 = { instancePath: instancePath + "/content", schemaPath: "#/properties/content/maxLength", keyword: "maxLength", params: { limit: 32768 } };
          if (vErrors === null) {
            vErrors = [err27];
          } else {
            vErrors.push(err27);
          }
          errors++;
        }
      }
    }
    if (data.content_bytes !== void 0) {
      let data16 = data.content_bytes;
      if (!(typeof data16 == "number" && (!(data16 % 1) && !isNaN(data16)) && isFinite(data16))) {
        const err28 = { instancePath: instancePath + "/content_bytes", schemaPath: "#/properties/content_bytes/type", keyword: "type", params: { type: "integer" } };
        if (vErrors === null) {
          vErrors = [err28];
        } else {
          vErrors.push(err28);
        }
        errors++;
      }
      if (typeof data16 == "number" && isFinite(data16)) {
        if (data16 > 32768 || isNaN(data16)) {
          const err29 = { instancePath: instancePath + "/content_bytes", schemaPath: "#/properties/content_bytes/maximum", keyword: "maximum", params: { comparison: "<=", limit: 32768 } };
          if (vErrors === null) {
            vErrors = [err29];
          } else {
            vErrors.push(err29);
          }
          errors++;
        }
        if (data16 < 0 || isNaN(data16)) {
          const err30 = { instancePath: instancePath + "/content_bytes", schemaPath: "#/properties/content_bytes/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 } };
          if (vErrors === null) {
            vErrors = [err30];
          } else {
            vErrors.push(err30);
          }
          errors++;
        }
      }
    }
    if (data.reason !== void 0) {
      let data17 = data.reason;
      if (typeof data17 !== "string") {
        const err31 = { instancePath: instancePath + "/reason", schemaPath: "#/$defs/DegradationReason/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err31];
        } else {
          vErrors.push(err31);
        }
        errors++;
      }
      if (!(data17 === "inference_timeout" || data17 === "inference_unavailable")) {
        const err32 = { instancePath: instancePath + "/reason", schemaPath: "#/$defs/DegradationReason/enum", keyword: "enum", params: { allowedValues: schema33.enum } };
        if (vErrors === null) {
          vErrors = [err32];
        } else {
          vErrors.push(err32);
        }
        errors++;
      }
    }
    if (data.receipt !== void 0) {
      if (!validate22(data.receipt, { instancePath: instancePath + "/receipt", parentData: data, parentDataProperty: "receipt", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate22.errors : vErrors.concat(validate22.errors);
        errors = vErrors.length;
      }
    }
  } else {
    const err33 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" } };
    if (vErrors === null) {
      vErrors = [err33];
    } else {
      vErrors.push(err33);
    }
    errors++;
  }
  validate21.errors = vErrors;
  return errors === 0;
}
validate21.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
var PrepareContextRequest = validate45;
var schema71 = { "type": "object", "additionalProperties": false, "required": ["scope_id", "query"], "properties": { "scope_id": { "$ref": "#/$defs/ScopeId" }, "query": { "type": "string", "minLength": 1, "maxLength": 8192, "pattern": "\\S" }, "max_bytes": { "type": "integer", "minimum": 512, "maximum": 32768 }, "include_code": { "type": "boolean" }, "explain": { "type": "boolean" }, "assembly": { "$ref": "#/$defs/ContextAssembly" }, "include_receipt": { "type": ["boolean", "null"] }, "bootstrap_receipt_id": { "anyOf": [{ "type": "string", "minLength": 1, "maxLength": 64, "pattern": "^[\\x21-\\x7E]+$" }, { "type": "null" }] } } };
var pattern27 = new RegExp("^[\\x21-\\x7E]+$", "u");
var schema73 = { "type": "object", "additionalProperties": false, "properties": { "format": { "type": "string", "const": "markdown" }, "sections": { "type": "array", "maxItems": 4, "items": { "$ref": "#/$defs/AssemblySection" } }, "show": { "type": "array", "maxItems": 2, "uniqueItems": true, "items": { "type": "string", "enum": ["confidence", "recall_rank"] } } } };
var schema74 = { "type": "object", "additionalProperties": false, "required": ["family", "limit"], "properties": { "family": { "type": "string", "enum": ["memory", "topic-memory", "experience", "profile"] }, "limit": { "type": "integer", "minimum": 1, "maximum": 8 } }, "if": { "properties": { "family": { "const": "experience" } }, "required": ["family"] }, "then": { "properties": { "limit": { "maximum": 2 } } } };
function validate46(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate46.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "format" || key0 === "sections" || key0 === "show")) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 } };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.format !== void 0) {
      let data0 = data.format;
      if (typeof data0 !== "string") {
        const err1 = { instancePath: instancePath + "/format", schemaPath: "#/properties/format/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
      if ("markdown" !== data0) {
        const err2 = { instancePath: instancePath + "/format", schemaPath: "#/properties/format/const", keyword: "const", params: { allowedValue: "markdown" } };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
    }
    if (data.sections !== void 0) {
      let data1 = data.sections;
      if (Array.isArray(data1)) {
        if (data1.length > 4) {
          const err3 = { instancePath: instancePath + "/sections", schemaPath: "#/properties/sections/maxItems", keyword: "maxItems", params: { limit: 4 } };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
        const len0 = data1.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data2 = data1[i0];
          const _errs9 = errors;
          let valid4 = true;
          const _errs10 = errors;
          if (data2 && typeof data2 == "object" && !Array.isArray(data2)) {
            let missing0;
            if (data2.family === void 0 && (missing0 = "family")) {
              const err4 = {};
              if (vErrors === null) {
                vErrors = [err4];
              } else {
                vErrors.push(err4);
              }
              errors++;
            } else {
              if (data2.family !== void 0) {
                if ("experience" !== data2.family) {
                  const err5 = {};
                  if (vErrors === null) {
                    vErrors = [err5];
                  } else {
                    vErrors.push(err5);
                  }
                  errors++;
                }
              }
            }
          }
          var _valid0 = _errs10 === errors;
          errors = _errs9;
          if (vErrors !== null) {
            if (_errs9) {
              vErrors.length = _errs9;
            } else {
              vErrors = null;
            }
          }
          if (_valid0) {
            const _errs12 = errors;
            if (data2 && typeof data2 == "object" && !Array.isArray(data2)) {
              if (data2.limit !== void 0) {
                let data4 = data2.limit;
                if (typeof data4 == "number" && isFinite(data4)) {
                  if (data4 > 2 || isNaN(data4)) {
                    const err6 = { instancePath: instancePath + "/sections/" + i0 + "/limit", schemaPath: "#/$defs/AssemblySection/then/properties/limit/maximum", keyword: "maximum", params: { comparison: "<=", limit: 2 } };
                    if (vErrors === null) {
                      vErrors = [err6];
                    } else {
                      vErrors.push(err6);
                    }
                    errors++;
                  }
                }
              }
            }
            var _valid0 = _errs12 === errors;
            valid4 = _valid0;
            if (valid4) {
              var props0 = {};
              props0.limit = true;
              props0.family = true;
            }
          }
          if (!valid4) {
            const err7 = { instancePath: instancePath + "/sections/" + i0, schemaPath: "#/$defs/AssemblySection/if", keyword: "if", params: { failingKeyword: "then" } };
            if (vErrors === null) {
              vErrors = [err7];
            } else {
              vErrors.push(err7);
            }
            errors++;
          }
          if (data2 && typeof data2 == "object" && !Array.isArray(data2)) {
            if (data2.family === void 0) {
              const err8 = { instancePath: instancePath + "/sections/" + i0, schemaPath: "#/$defs/AssemblySection/required", keyword: "required", params: { missingProperty: "family" } };
              if (vErrors === null) {
                vErrors = [err8];
              } else {
                vErrors.push(err8);
              }
              errors++;
            }
            if (data2.limit === void 0) {
              const err9 = { instancePath: instancePath + "/sections/" + i0, schemaPath: "#/$defs/AssemblySection/required", keyword: "required", params: { missingProperty: "limit" } };
              if (vErrors === null) {
                vErrors = [err9];
              } else {
                vErrors.push(err9);
              }
              errors++;
            }
            for (const key1 in data2) {
              if (!(key1 === "family" || key1 === "limit")) {
                const err10 = { instancePath: instancePath + "/sections/" + i0, schemaPath: "#/$defs/AssemblySection/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key1 } };
                if (vErrors === null) {
                  vErrors = [err10];
                } else {
                  vErrors.push(err10);
                }
                errors++;
              }
            }
            if (data2.family !== void 0) {
              let data5 = data2.family;
              if (typeof data5 !== "string") {
                const err11 = { instancePath: instancePath + "/sections/" + i0 + "/family", schemaPath: "#/$defs/AssemblySection/properties/family/type", keyword: "type", params: { type: "string" } };
                if (vErrors === null) {
                  vErrors = [err11];
                } else {
                  vErrors.push(err11);
                }
                errors++;
              }
              if (!(data5 === "memory" || data5 === "topic-memory" || data5 === "experience" || data5 === "profile")) {
                const err12 = { instancePath: instancePath + "/sections/" + i0 + "/family", schemaPath: "#/$defs/AssemblySection/properties/family/enum", keyword: "enum", params: { allowedValues: schema74.properties.family.enum } };
                if (vErrors === null) {
                  vErrors = [err12];
                } else {
                  vErrors.push(err12);
                }
                errors++;
              }
            }
            if (data2.limit !== void 0) {
              let data6 = data2.limit;
              if (!(typeof data6 == "number" && (!(data6 % 1) && !isNaN(data6)) && isFinite(data6))) {
                const err13 = { instancePath: instancePath + "/sections/" + i0 + "/limit", schemaPath: "#/$defs/AssemblySection/properties/limit/type", keyword: "type", params: { type: "integer" } };
                if (vErrors === null) {
                  vErrors = [err13];
                } else {
                  vErrors.push(err13);
                }
                errors++;
              }
              if (typeof data6 == "number" && isFinite(data6)) {
                if (data6 > 8 || isNaN(data6)) {
                  const err14 = { instancePath: instancePath + "/sections/" + i0 + "/limit", schemaPath: "#/$defs/AssemblySection/properties/limit/maximum", keyword: "maximum", params: { comparison: "<=", limit: 8 } };
                  if (vErrors === null) {
                    vErrors = [err14];
                  } else {
                    vErrors.push(err14);
                  }
                  errors++;
                }
                if (data6 < 1 || isNaN(data6)) {
                  const err15 = { instancePath: instancePath + "/sections/" + i0 + "/limit", schemaPath: "#/$defs/AssemblySection/properties/limit/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 } };
                  if (vErrors === null) {
                    vErrors = [err15];
                  } else {
                    vErrors.push(err15);
                  }
                  errors++;
                }
              }
            }
          } else {
            const err16 = { instancePath: instancePath + "/sections/" + i0, schemaPath: "#/$defs/AssemblySection/type", keyword: "type", params: { type: "object" } };
            if (vErrors === null) {
              vErrors = [err16];
            } else {
              vErrors.push(err16);
            }
            errors++;
          }
        }
      } else {
        const err17 = { instancePath: instancePath + "/sections", schemaPath: "#/properties/sections/type", keyword: "type", params: { type: "array" } };
        if (vErrors === null) {
          vErrors = [err17];
        } else {
          vErrors.push(err17);
        }
        errors++;
      }
    }
    if (data.show !== void 0) {
      let data7 = data.show;
      if (Array.isArray(data7)) {
        if (data7.length > 2) {
          const err18 = { instancePath: instancePath + "/show", schemaPath: "#/properties/show/maxItems", keyword: "maxItems", params: { limit: 2 } };
          if (vErrors === null) {
            vErrors = [err18];
          } else {
            vErrors.push(err18);
          }
          errors++;
        }
        const len1 = data7.length;
        for (let i1 = 0; i1 < len1; i1++) {
          let data8 = data7[i1];
          if (typeof data8 !== "string") {
            const err19 = { instancePath: instancePath + "/show/" + i1, schemaPath: "#/properties/show/items/type", keyword: "type", params: { type: "string" } };
            if (vErrors === null) {
              vErrors = [err19];
            } else {
              vErrors.push(err19);
            }
            errors++;
          }
          if (!(data8 === "confidence" || data8 === "recall_rank")) {
            const err20 = { instancePath: instancePath + "/show/" + i1, schemaPath: "#/properties/show/items/enum", keyword: "enum", params: { allowedValues: schema73.properties.show.items.enum } };
            if (vErrors === null) {
              vErrors = [err20];
            } else {
              vErrors.push(err20);
            }
            errors++;
          }
        }
        let i2 = data7.length;
        let j0;
        if (i2 > 1) {
          const indices0 = {};
          for (; i2--; ) {
            let item0 = data7[i2];
            if (typeof item0 !== "string") {
              continue;
            }
            if (typeof indices0[item0] == "number") {
              j0 = indices0[item0];
              const err21 = { instancePath: instancePath + "/show", schemaPath: "#/properties/show/uniqueItems", keyword: "uniqueItems", params: { i: i2, j: j0 } };
              if (vErrors === null) {
                vErrors = [err21];
              } else {
                vErrors.push(err21);
              }
              errors++;
              break;
            }
            indices0[item0] = i2;
          }
        }
      } else {
        const err22 = { instancePath: instancePath + "/show", schemaPath: "#/properties/show/type", keyword: "type", params: { type: "array" } };
        if (vErrors === null) {
          vErrors = [err22];
        } else {
          vErrors.push(err22);
        }
        errors++;
      }
    }
  } else {
    const err23 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" } };
    if (vErrors === null) {
      vErrors = [err23];
    } else {
      vErrors.push(err23);
    }
    errors++;
  }
  validate46.errors = vErrors;
  return errors === 0;
}
validate46.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
function validate45(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate45.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.scope_id === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "scope_id" } };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.query === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "query" } };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(key0 === "scope_id" || key0 === "query" || key0 === "max_bytes" || key0 === "include_code" || key0 === "explain" || key0 === "assembly" || key0 === "include_receipt" || key0 === "bootstrap_receipt_id")) {
        const err2 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 } };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
    }
    if (data.scope_id !== void 0) {
      let data0 = data.scope_id;
      if (typeof data0 === "string") {
        if (func1(data0) > 256) {
          const err3 = { instancePath: instancePath + "/scope_id", schemaPath: "#/$defs/ScopeId/maxLength", keyword: "maxLength", params: { limit: 256 } };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
        if (func1(data0) < 1) {
          const err4 = { instancePath: instancePath + "/scope_id", schemaPath: "#/$defs/ScopeId/minLength", keyword: "minLength", params: { limit: 1 } };
          if (vErrors === null) {
            vErrors = [err4];
          } else {
            vErrors.push(err4);
          }
          errors++;
        }
        if (!pattern4.test(data0)) {
          const err5 = { instancePath: instancePath + "/scope_id", schemaPath: "#/$defs/ScopeId/pattern", keyword: "pattern", params: { pattern: "\\S" } };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
      } else {
        const err6 = { instancePath: instancePath + "/scope_id", schemaPath: "#/$defs/ScopeId/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
    }
    if (data.query !== void 0) {
      let data1 = data.query;
      if (typeof data1 === "string") {
        if (func1(data1) > 8192) {
          const err7 = { instancePath: instancePath + "/query", schemaPath: "#/properties/query/maxLength", keyword: "maxLength", params: { limit: 8192 } };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        }
        if (func1(data1) < 1) {
          const err8 = { instancePath: instancePath + "/query", schemaPath: "#/properties/query/minLength", keyword: "minLength", params: { limit: 1 } };
          if (vErrors === null) {
            vErrors = [err8];
          } else {
            vErrors.push(err8);
          }
          errors++;
        }
        if (!pattern4.test(data1)) {
          const err9 = { instancePath: instancePath + "/query", schemaPath: "#/properties/query/pattern", keyword: "pattern", params: { pattern: "\\S" } };
          if (vErrors === null) {
            vErrors = [err9];
          } else {
            vErrors.push(err9);
          }
          errors++;
        }
      } else {
        const err10 = { instancePath: instancePath + "/query", schemaPath: "#/properties/query/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err10];
        } else {
          vErrors.push(err10);
        }
        errors++;
      }
    }
    if (data.max_bytes !== void 0) {
      let data2 = data.max_bytes;
      if (!(typeof data2 == "number" && (!(data2 % 1) && !isNaN(data2)) && isFinite(data2))) {
        const err11 = { instancePath: instancePath + "/max_bytes", schemaPath: "#/properties/max_bytes/type", keyword: "type", params: { type: "integer" } };
        if (vErrors === null) {
          vErrors = [err11];
        } else {
          vErrors.push(err11);
        }
        errors++;
      }
      if (typeof data2 == "number" && isFinite(data2)) {
        if (data2 > 32768 || isNaN(data2)) {
          const err12 = { instancePath: instancePath + "/max_bytes", schemaPath: "#/properties/max_bytes/maximum", keyword: "maximum", params: { comparison: "<=", limit: 32768 } };
          if (vErrors === null) {
            vErrors = [err12];
          } else {
            vErrors.push(err12);
          }
          errors++;
        }
        if (data2 < 512 || isNaN(data2)) {
          const err13 = { instancePath: instancePath + "/max_bytes", schemaPath: "#/properties/max_bytes/minimum", keyword: "minimum", params: { comparison: ">=", limit: 512 } };
          if (vErrors === null) {
            vErrors = [err13];
          } else {
            vErrors.push(err13);
          }
          errors++;
        }
      }
    }
    if (data.include_code !== void 0) {
      if (typeof data.include_code !== "boolean") {
        const err14 = { instancePath: instancePath + "/include_code", schemaPath: "#/properties/include_code/type", keyword: "type", params: { type: "boolean" } };
        if (vErrors === null) {
          vErrors = [err14];
        } else {
          vErrors.push(err14);
        }
        errors++;
      }
    }
    if (data.explain !== void 0) {
      if (typeof data.explain !== "boolean") {
        const err15 = { instancePath: instancePath + "/explain", schemaPath: "#/properties/explain/type", keyword: "type", params: { type: "boolean" } };
        if (vErrors === null) {
          vErrors = [err15];
        } else {
          vErrors.push(err15);
        }
        errors++;
      }
    }
    if (data.assembly !== void 0) {
      if (!validate46(data.assembly, { instancePath: instancePath + "/assembly", parentData: data, parentDataProperty: "assembly", rootData, dynamicAnchors })) {
        vErrors = vErrors === null ? validate46.errors : vErrors.concat(validate46.errors);
        errors = vErrors.length;
      }
    }
    if (data.include_receipt !== void 0) {
      let data6 = data.include_receipt;
      if (typeof data6 !== "boolean" && data6 !== null) {
        const err16 = { instancePath: instancePath + "/include_receipt", schemaPath: "#/properties/include_receipt/type", keyword: "type", params: { type: schema71.properties.include_receipt.type } };
        if (vErrors === null) {
          vErrors = [err16];
        } else {
          vErrors.push(err16);
        }
        errors++;
      }
    }
    if (data.bootstrap_receipt_id !== void 0) {
      let data7 = data.bootstrap_receipt_id;
      const _errs17 = errors;
      let valid2 = false;
      const _errs18 = errors;
      if (typeof data7 === "string") {
        if (func1(data7) > 64) {
          const err17 = { instancePath: instancePath + "/bootstrap_receipt_id", schemaPath: "#/properties/bootstrap_receipt_id/anyOf/0/maxLength", keyword: "maxLength", params: { limit: 64 } };
          if (vErrors === null) {
            vErrors = [err17];
          } else {
            vErrors.push(err17);
          }
          errors++;
        }
        if (func1(data7) < 1) {
          const err18 = { instancePath: instancePath + "/bootstrap_receipt_id", schemaPath: "#/properties/bootstrap_receipt_id/anyOf/0/minLength", keyword: "minLength", params: { limit: 1 } };
          if (vErrors === null) {
            vErrors = [err18];
          } else {
            vErrors.push(err18);
          }
          errors++;
        }
        if (!pattern27.test(data7)) {
          const err19 = { instancePath: instancePath + "/bootstrap_receipt_id", schemaPath: "#/properties/bootstrap_receipt_id/anyOf/0/pattern", keyword: "pattern", params: { pattern: "^[\\x21-\\x7E]+$" } };
          if (vErrors === null) {
            vErrors = [err19];
          } else {
            vErrors.push(err19);
          }
          errors++;
        }
      } else {
        const err20 = { instancePath: instancePath + "/bootstrap_receipt_id", schemaPath: "#/properties/bootstrap_receipt_id/anyOf/0/type", keyword: "type", params: { type: "string" } };
        if (vErrors === null) {
          vErrors = [err20];
        } else {
          vErrors.push(err20);
        }
        errors++;
      }
      var _valid0 = _errs18 === errors;
      valid2 = valid2 || _valid0;
      const _errs20 = errors;
      if (data7 !== null) {
        const err21 = { instancePath: instancePath + "/bootstrap_receipt_id", schemaPath: "#/properties/bootstrap_receipt_id/anyOf/1/type", keyword: "type", params: { type: "null" } };
        if (vErrors === null) {
          vErrors = [err21];
        } else {
          vErrors.push(err21);
        }
        errors++;
      }
      var _valid0 = _errs20 === errors;
      valid2 = valid2 || _valid0;
      if (!valid2) {
        const err22 = { instancePath: instancePath + "/bootstrap_receipt_id", schemaPath: "#/properties/bootstrap_receipt_id/anyOf", keyword: "anyOf", params: {} };
        if (vErrors === null) {
          vErrors = [err22];
        } else {
          vErrors.push(err22);
        }
        errors++;
      } else {
        errors = _errs17;
        if (vErrors !== null) {
          if (_errs17) {
            vErrors.length = _errs17;
          } else {
            vErrors = null;
          }
        }
      }
    }
  } else {
    const err23 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" } };
    if (vErrors === null) {
      vErrors = [err23];
    } else {
      vErrors.push(err23);
    }
    errors++;
  }
  validate45.errors = vErrors;
  return errors === 0;
}
validate45.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };

// validators.js
function schemaViolations(validate, value) {
  if (validate(value))
    return [];
  const seen = /* @__PURE__ */ new Set();
  const out = [];
  for (const error of validate.errors ?? []) {
    if (error.keyword === "if")
      continue;
    const key = `${error.instancePath}\0${error.keyword}`;
    if (seen.has(key))
      continue;
    seen.add(key);
    out.push({ path: error.instancePath, rule: error.keyword });
  }
  return out;
}
function result(violations) {
  return { ok: violations.length === 0, violations };
}
function requireMaxBytes(maxBytes) {
  if (!Number.isInteger(maxBytes) || maxBytes < 0) {
    throw new TypeError("maxBytes must be the non-negative integer max_bytes the request sent");
  }
}
function validatePreparedContextFor(value, facts) {
  const violations = schemaViolations(PreparedContext, value);
  if (violations.length > 0)
    return result(violations);
  return result(checkResponseSemantics(value, facts));
}
function validatePreparedContext(value, maxBytes) {
  requireMaxBytes(maxBytes);
  return validatePreparedContextFor(value, { maxBytes, includeReceipt: false, explain: false });
}
function validatePreparedContextWithReceipt(value, maxBytes) {
  requireMaxBytes(maxBytes);
  return validatePreparedContextFor(value, { maxBytes, includeReceipt: true, explain: false });
}
function validatePrepareContextRequest(value, assemblyMaxEntries = DEFAULT_ASSEMBLY_MAX_ENTRIES) {
  const violations = schemaViolations(PrepareContextRequest, value);
  if (violations.length > 0)
    return result(violations);
  return result(checkRequestSemantics(value, assemblyMaxEntries));
}

// recall-diagnostic.js
function statedMaxBytes(request) {
  if (request === null || request === void 0)
    return null;
  const value = typeof request === "number" ? request : request.max_bytes;
  if (typeof request === "object" && value === void 0)
    return null;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw new TypeError("request must be the prepare request body sent, its max_bytes, or null");
  }
  return value;
}
function recallDiagnostic(value, request) {
  const stated = statedMaxBytes(request);
  if (!PreparedContext(value))
    return null;
  const response = value;
  const receipt = response.receipt;
  if (receipt === void 0) {
    if (response.status !== "empty")
      return null;
    return {
      receipt_id: null,
      content_digest: null,
      status: response.status,
      empty: true,
      truncated: false,
      selected: 0,
      used_bytes: response.content_bytes,
      requested_max_bytes: stated,
      omitted: [],
      fallbacks: null
    };
  }
  const empty = response.status === "empty" || receipt.selected.length === 0;
  if (!empty && !receipt.truncated)
    return null;
  const groups = [...receipt.retrieval.searches, ...receipt.retrieval.reranks];
  return {
    receipt_id: receipt.receipt_id,
    content_digest: receipt.content_digest,
    status: response.status,
    empty,
    truncated: receipt.truncated,
    selected: receipt.selected.length,
    used_bytes: receipt.used_bytes,
    requested_max_bytes: receipt.requested_max_bytes,
    omitted: receipt.omitted.map((g) => ({ family: g.family, reason: g.reason, count: g.count })),
    fallbacks: groups.filter((g) => g.fallback_reason !== "none").length
  };
}

// operations.js
var CONTRACT_VERSION = "3.1.0";
var OPERATIONS = [
  {
    operationId: "prepare_context",
    method: "POST",
    path: "/v1/context/prepare",
    parameters: [],
    requestBody: "PrepareContextRequest",
    success: [{ status: 200, model: "PreparedContext" }],
    scope: { access: "read", source: "body", references: true }
  },
  {
    operationId: "list_scopes",
    method: "GET",
    path: "/v1/scopes",
    parameters: [{ name: "query", location: "query", required: false }, { name: "query_field", location: "query", required: false }, { name: "parent_scope_id", location: "query", required: false }, { name: "external_reference_kind", location: "query", required: false }, { name: "binding_integration", location: "query", required: false }, { name: "binding_kind", location: "query", required: false }, { name: "limit", location: "query", required: false }, { name: "cursor", location: "query", required: false }],
    requestBody: null,
    success: [{ status: 200, model: "ScopePage" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "create_scope",
    method: "POST",
    path: "/v1/scopes",
    parameters: [],
    requestBody: "CreateScopeRequest",
    success: [{ status: 201, model: "ScopeDescriptor" }],
    scope: { access: "admin", source: "none", references: false }
  },
  {
    operationId: "get_default_scope",
    method: "GET",
    path: "/v1/scopes/default",
    parameters: [],
    requestBody: null,
    success: [{ status: 200, model: "ScopeDescriptor" }],
    scope: { access: "read", source: "resolved", references: false }
  },
  {
    operationId: "set_default_scope",
    method: "PUT",
    path: "/v1/scopes/default",
    parameters: [],
    requestBody: "SetDefaultScopeRequest",
    success: [{ status: 200, model: "ScopeDescriptor" }],
    scope: { access: "admin", source: "none", references: false }
  },
  {
    operationId: "get_scope",
    method: "GET",
    path: "/v1/scopes/{scope_id}",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: null,
    success: [{ status: 200, model: "ScopeDescriptor" }],
    scope: { access: "read", source: "path", references: false }
  },
  {
    operationId: "update_scope",
    method: "PUT",
    path: "/v1/scopes/{scope_id}",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: "UpdateScopeRequest",
    success: [{ status: 200, model: "ScopeDescriptor" }],
    scope: { access: "admin", source: "path", references: false }
  },
  {
    operationId: "create_artifact",
    method: "POST",
    path: "/v1/scopes/{scope_id}/artifacts",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: "CreateArtifactRequest",
    success: [{ status: 201, model: "ArtifactCreated" }],
    scope: { access: "write", source: "path", references: false }
  },
  {
    operationId: "import_artifacts",
    method: "POST",
    path: "/v1/scopes/{scope_id}/artifacts/import",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: "ImportArtifactsRequest",
    success: [{ status: 201, model: "ImportArtifactsResponse" }],
    scope: { access: "write", source: "path", references: false }
  },
  {
    operationId: "list_artifacts",
    method: "GET",
    path: "/v1/scopes/{scope_id}/artifacts/{family}",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "family", location: "path", required: true }, { name: "limit", location: "query", required: false }, { name: "cursor", location: "query", required: false }, { name: "tag", location: "query", required: false }, { name: "tag_match", location: "query", required: false }],
    requestBody: null,
    success: [{ status: 200, model: "ArtifactPage" }],
    scope: { access: "read", source: "path", references: false }
  },
  {
    operationId: "get_artifact",
    method: "GET",
    path: "/v1/scopes/{scope_id}/artifacts/{family}/{artifact_id}",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "family", location: "path", required: true }, { name: "artifact_id", location: "path", required: true }, { name: "If-None-Match", location: "header", required: false }],
    requestBody: null,
    success: [{ status: 200, model: "ArtifactRevision" }],
    scope: { access: "read", source: "path", references: false }
  },
  {
    operationId: "replace_artifact",
    method: "PUT",
    path: "/v1/scopes/{scope_id}/artifacts/{family}/{artifact_id}",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "family", location: "path", required: true }, { name: "artifact_id", location: "path", required: true }, { name: "If-Match", location: "header", required: true }],
    requestBody: "ReplaceArtifactRequest",
    success: [{ status: 200, model: "ArtifactRevision" }],
    scope: { access: "write", source: "path", references: false }
  },
  {
    operationId: "search_artifacts",
    method: "POST",
    path: "/v1/scopes/{scope_id}/artifacts/{family}/search",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "family", location: "path", required: true }],
    requestBody: "SearchArtifactsRequest",
    success: [{ status: 200, model: "SearchArtifactsResponse" }],
    scope: { access: "read", source: "path", references: false }
  },
  {
    operationId: "get_artifact_revision",
    method: "GET",
    path: "/v1/scopes/{scope_id}/artifacts/{family}/{artifact_id}/revisions/{revision}",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "family", location: "path", required: true }, { name: "artifact_id", location: "path", required: true }, { name: "revision", location: "path", required: true }],
    requestBody: null,
    success: [{ status: 200, model: "ArtifactRevision" }],
    scope: { access: "read", source: "path", references: false }
  },
  {
    operationId: "get_atomic_memory_state",
    method: "GET",
    path: "/v1/scopes/{scope_id}/artifacts/atomic-memory/{artifact_id}/state",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "artifact_id", location: "path", required: true }, { name: "If-None-Match", location: "header", required: false }],
    requestBody: null,
    success: [{ status: 200, model: "AtomicMemoryStateView" }],
    scope: { access: "read", source: "path", references: false }
  },
  {
    operationId: "change_atomic_memory_lifecycle",
    method: "POST",
    path: "/v1/atomic-memory/lifecycle",
    parameters: [],
    requestBody: "AtomicMemoryLifecycleRequest",
    success: [{ status: 200, model: "AtomicMemoryMutationResponse" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "merge_atomic_memories",
    method: "POST",
    path: "/v1/atomic-memory/merges",
    parameters: [],
    requestBody: "MergeAtomicMemoryRequest",
    success: [{ status: 200, model: "AtomicMemoryMutationResponse" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "preview_atomic_memory_restoration",
    method: "POST",
    path: "/v1/atomic-memory/restoration-previews",
    parameters: [],
    requestBody: "AtomicMemoryRestorationPreviewRequest",
    success: [{ status: 200, model: "AtomicMemoryRestorationPreview" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "restore_atomic_memory",
    method: "POST",
    path: "/v1/atomic-memory/restorations",
    parameters: [],
    requestBody: "AtomicMemoryRestorationRequest",
    success: [{ status: 200, model: "AtomicMemoryRestorationResponse" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "get_code_workspace",
    method: "GET",
    path: "/v1/scopes/{scope_id}/code",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: null,
    success: [{ status: 200, model: "CodeWorkspace" }],
    scope: { access: "read", source: "path", references: false }
  },
  {
    operationId: "index_code_workspace",
    method: "PUT",
    path: "/v1/scopes/{scope_id}/code",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: "IndexCodeRequest",
    success: [{ status: 200, model: "CodeWorkspace" }],
    scope: { access: "write", source: "path", references: false }
  },
  {
    operationId: "query_code",
    method: "POST",
    path: "/v1/scopes/{scope_id}/code/query",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: "CodeQueryRequest",
    success: [{ status: 200, model: "CodeQueryResponse" }],
    scope: { access: "read", source: "path", references: false }
  },
  {
    operationId: "read_code",
    method: "GET",
    path: "/v1/scopes/{scope_id}/code/{fingerprint}/files/{file_sha256}",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "fingerprint", location: "path", required: true }, { name: "file_sha256", location: "path", required: true }, { name: "path", location: "query", required: true }, { name: "start_line", location: "query", required: true }, { name: "end_line", location: "query", required: true }],
    requestBody: null,
    success: [{ status: 200, model: "CodeRange" }],
    scope: { access: "read", source: "path", references: false }
  },
  {
    operationId: "get_liveness",
    method: "GET",
    path: "/health/live",
    parameters: [],
    requestBody: null,
    success: [{ status: 200, model: "Health" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "get_readiness",
    method: "GET",
    path: "/health/ready",
    parameters: [],
    requestBody: null,
    success: [{ status: 200, model: "Health" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "resolve_scope_binding",
    method: "POST",
    path: "/v1/scope-bindings/resolve",
    parameters: [],
    requestBody: "ResolveScopeBindingRequest",
    success: [{ status: 200, model: "ScopeDescriptor" }],
    scope: { access: "read", source: "resolved", references: false }
  },
  {
    operationId: "set_scope_binding",
    method: "PUT",
    path: "/v1/scope-bindings",
    parameters: [],
    requestBody: "ScopeBinding",
    success: [{ status: 200, model: "ScopeBinding" }],
    scope: { access: "admin", source: "none", references: false }
  },
  {
    operationId: "clear_scope_binding",
    method: "POST",
    path: "/v1/scope-bindings/clear",
    parameters: [],
    requestBody: "ClearScopeBindingRequest",
    success: [{ status: 200, model: "ClearScopeBindingResponse" }],
    scope: { access: "admin", source: "none", references: false }
  },
  {
    operationId: "get_capabilities",
    method: "GET",
    path: "/v1/capabilities",
    parameters: [],
    requestBody: null,
    success: [{ status: 200, model: "Capabilities" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "get_server_info",
    method: "GET",
    path: "/v1/server-info",
    parameters: [],
    requestBody: null,
    success: [{ status: 200, model: "ServerInfo" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "prepare_bootstrap_context",
    method: "POST",
    path: "/v1/context/bootstrap",
    parameters: [],
    requestBody: "BootstrapContextRequest",
    success: [{ status: 200, model: "BootstrapContext" }],
    scope: { access: "read", source: "body", references: false }
  },
  {
    operationId: "record_bootstrap_delivery",
    method: "POST",
    path: "/v1/context/bootstrap/receipts",
    parameters: [],
    requestBody: "RecordBootstrapDeliveryRequest",
    success: [{ status: 200, model: "BootstrapDeliveryReceipt" }],
    scope: { access: "read", source: "body", references: false }
  },
  {
    operationId: "flush_memory",
    method: "POST",
    path: "/v1/memory/flush",
    parameters: [],
    requestBody: "FlushMemoryRequest",
    success: [{ status: 200, model: "FlushMemoryResponse" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "capture_content_source",
    method: "POST",
    path: "/v1/sources/content",
    parameters: [],
    requestBody: "CaptureContentSourceRequest",
    success: [{ status: 202, model: "CaptureContentSourceResponse" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "capture_working_note",
    method: "POST",
    path: "/v1/sources/working-notes",
    parameters: [],
    requestBody: "CaptureWorkingNoteRequest",
    success: [{ status: 202, model: "CaptureContentSourceResponse" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "get_stats",
    method: "POST",
    path: "/v1/stats",
    parameters: [],
    requestBody: "GetStatsRequest",
    success: [{ status: 200, model: "ScopedStats" }],
    scope: { access: "read", source: "selection", references: false }
  },
  {
    operationId: "resolve_scope_selection",
    method: "POST",
    path: "/v1/scopes/selection/resolve",
    parameters: [],
    requestBody: "ResolveScopeSelectionRequest",
    success: [{ status: 200, model: "ResolvedScopes" }],
    scope: { access: "read", source: "selection", references: false }
  },
  {
    operationId: "get_handoff_report",
    method: "POST",
    path: "/v1/handoff-reports/get",
    parameters: [],
    requestBody: "GetHandoffReportRequest",
    success: [{ status: 200, model: "HandoffReportResponse" }],
    scope: { access: "read", source: "selection", references: false }
  },
  {
    operationId: "remember_memory",
    method: "POST",
    path: "/v1/memory/remember",
    parameters: [],
    requestBody: "RememberMemoryRequest",
    success: [{ status: 200, model: "AtomicMemoryMutationResponse" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "search_memory",
    method: "POST",
    path: "/v1/memory/search",
    parameters: [],
    requestBody: "SearchMemoryRequest",
    success: [{ status: 200, model: "SearchMemoryResponse" }],
    scope: { access: "read", source: "body", references: false }
  },
  {
    operationId: "search_atomic_memory",
    method: "POST",
    path: "/v1/atomic-memory/search",
    parameters: [],
    requestBody: "SearchAtomicMemoryRequest",
    success: [{ status: 200, model: "SearchAtomicMemoryResponse" }],
    scope: { access: "read", source: "body", references: false }
  },
  {
    operationId: "list_atomic_memories",
    method: "POST",
    path: "/v1/atomic-memory/list",
    parameters: [],
    requestBody: "ListAtomicMemoryRequest",
    success: [{ status: 200, model: "ListAtomicMemoryResponse" }],
    scope: { access: "read", source: "body", references: false }
  },
  {
    operationId: "list_memory_entries",
    method: "POST",
    path: "/v1/memory/entries/list",
    parameters: [],
    requestBody: "ListMemoryEntriesRequest",
    success: [{ status: 200, model: "ListMemoryEntriesResponse" }],
    scope: { access: "read", source: "body", references: false }
  },
  {
    operationId: "get_memory_entry",
    method: "POST",
    path: "/v1/memory/entries/get",
    parameters: [],
    requestBody: "GetMemoryEntryRequest",
    success: [{ status: 200, model: "AtomicMemoryRecord" }],
    scope: { access: "read", source: "body", references: false }
  },
  {
    operationId: "search_topic_memory",
    method: "POST",
    path: "/v1/topic-memory/search",
    parameters: [],
    requestBody: "SearchTopicMemoryRequest",
    success: [{ status: 200, model: "SearchTopicMemoryResponse" }],
    scope: { access: "read", source: "body", references: false }
  },
  {
    operationId: "get_topic_memory",
    method: "POST",
    path: "/v1/topic-memory/get",
    parameters: [],
    requestBody: "GetTopicMemoryRequest",
    success: [{ status: 200, model: "TopicMemoryArtifact" }],
    scope: { access: "read", source: "body", references: false }
  },
  {
    operationId: "list_artifact_revisions",
    method: "GET",
    path: "/v1/scopes/{scope_id}/artifacts/{family}/{artifact_id}/revisions",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "family", location: "path", required: true }, { name: "artifact_id", location: "path", required: true }, { name: "limit", location: "query", required: false }, { name: "cursor", location: "query", required: false }],
    requestBody: null,
    success: [{ status: 200, model: "ArtifactRevisionPage" }],
    scope: { access: "read", source: "path", references: false }
  },
  {
    operationId: "get_artifact_tags",
    method: "GET",
    path: "/v1/scopes/{scope_id}/artifacts/{family}/{artifact_id}/tags",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "family", location: "path", required: true }, { name: "artifact_id", location: "path", required: true }, { name: "If-None-Match", location: "header", required: false }],
    requestBody: null,
    success: [{ status: 200, model: "ArtifactTagSet" }],
    scope: { access: "read", source: "path", references: false }
  },
  {
    operationId: "replace_artifact_tags",
    method: "PUT",
    path: "/v1/scopes/{scope_id}/artifacts/{family}/{artifact_id}/tags",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "family", location: "path", required: true }, { name: "artifact_id", location: "path", required: true }, { name: "If-Match", location: "header", required: true }],
    requestBody: "ReplaceArtifactTagsRequest",
    success: [{ status: 200, model: "ArtifactTagSet" }],
    scope: { access: "write", source: "path", references: false }
  },
  {
    operationId: "query_artifact_tags",
    method: "POST",
    path: "/v1/scopes/{scope_id}/artifact-tags/query",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: "QueryArtifactTagsRequest",
    success: [{ status: 200, model: "ArtifactTagPage" }],
    scope: { access: "read", source: "path", references: false }
  },
  {
    operationId: "publish_artifact",
    method: "POST",
    path: "/v1/artifact-publications",
    parameters: [],
    requestBody: "PublishArtifactRequest",
    success: [{ status: 201, model: "ArtifactPublication" }],
    scope: { access: "admin", source: "publication", references: false }
  },
  {
    operationId: "create_work_contract",
    method: "POST",
    path: "/v1/work/contracts/create",
    parameters: [],
    requestBody: "CreateWorkContractRequest",
    success: [{ status: 202, model: "WorkSourceReceipt" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "record_task_outcome",
    method: "POST",
    path: "/v1/work/outcomes/record",
    parameters: [],
    requestBody: "RecordTaskOutcomeRequest",
    success: [{ status: 202, model: "WorkSourceReceipt" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "finalize_handoff",
    method: "POST",
    path: "/v1/handoff/finalize",
    parameters: [],
    requestBody: "FinalizeHandoffRequest",
    success: [{ status: 200, model: "PreparedHandoff" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "prepare_handoff",
    method: "POST",
    path: "/v1/handoff/prepare",
    parameters: [],
    requestBody: "PrepareHandoffRequest",
    success: [{ status: 200, model: "HandoffDraft" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "activate_handoff",
    method: "POST",
    path: "/v1/handoff/activate",
    parameters: [],
    requestBody: "ActivateHandoffRequest",
    success: [{ status: 200, model: "HandoffActivation" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "commit_handoff",
    method: "POST",
    path: "/v1/handoff/commit",
    parameters: [],
    requestBody: "CommitHandoffRequest",
    success: [{ status: 200, model: "CommittedHandoff" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "continue_handoff",
    method: "POST",
    path: "/v1/handoff/continue",
    parameters: [],
    requestBody: "ContinueHandoffRequest",
    success: [{ status: 200, model: "HandoffResolution" }],
    scope: { access: "read", source: "body", references: false }
  },
  {
    operationId: "handoff_current_work",
    method: "POST",
    path: "/v1/work/handoffs/prepare-current",
    parameters: [],
    requestBody: "HandoffCurrentWorkRequest",
    success: [{ status: 200, model: "PreparedWorkHandoff" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "acknowledge_handoff",
    method: "POST",
    path: "/v1/work/handoffs/acknowledge",
    parameters: [],
    requestBody: "AcknowledgeHandoffRequest",
    success: [{ status: 200, model: "HandoffAcknowledgement" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "prepare_handoff_hint",
    method: "POST",
    path: "/v1/handoff/hint",
    parameters: [],
    requestBody: "PrepareHandoffHintRequest",
    success: [{ status: 200, model: "PreparedContext" }],
    scope: { access: "read", source: "body", references: false }
  },
  {
    operationId: "propose_experience",
    method: "POST",
    path: "/v1/experience/propose",
    parameters: [],
    requestBody: "ProposeExperienceRequest",
    success: [{ status: 201, model: "Candidate" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "get_experience",
    method: "POST",
    path: "/v1/experience/get",
    parameters: [],
    requestBody: "GetExperienceRequest",
    success: [{ status: 200, model: "ExperienceArtifact" }],
    scope: { access: "read", source: "body", references: false }
  },
  {
    operationId: "propose_skill",
    method: "POST",
    path: "/v1/skill/propose",
    parameters: [],
    requestBody: "ProposeSkillRequest",
    success: [{ status: 201, model: "Candidate" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "get_skill",
    method: "POST",
    path: "/v1/skill/get",
    parameters: [],
    requestBody: "GetSkillRequest",
    success: [{ status: 200, model: "SkillArtifact" }],
    scope: { access: "read", source: "body", references: false }
  },
  {
    operationId: "list_managed_skills",
    method: "POST",
    path: "/v1/skill/library",
    parameters: [],
    requestBody: "ListManagedSkillsRequest",
    success: [{ status: 200, model: "ListManagedSkillsResponse" }],
    scope: { access: "read", source: "body", references: false }
  },
  {
    operationId: "list_candidates",
    method: "POST",
    path: "/v1/candidates/list",
    parameters: [],
    requestBody: "ListCandidatesRequest",
    success: [{ status: 200, model: "CandidatePage" }],
    scope: { access: "read", source: "body", references: false }
  },
  {
    operationId: "get_candidate",
    method: "POST",
    path: "/v1/candidates/get",
    parameters: [],
    requestBody: "GetCandidateRequest",
    success: [{ status: 200, model: "Candidate" }],
    scope: { access: "read", source: "body", references: false }
  },
  {
    operationId: "get_candidate_history",
    method: "POST",
    path: "/v1/candidates/history",
    parameters: [],
    requestBody: "GetCandidateRequest",
    success: [{ status: 200, model: "CandidateHistory" }],
    scope: { access: "read", source: "body", references: false }
  },
  {
    operationId: "approve_candidate",
    method: "POST",
    path: "/v1/candidates/approve",
    parameters: [],
    requestBody: "ApproveCandidateRequest",
    success: [{ status: 200, model: "Candidate" }],
    scope: { access: "admin", source: "body", references: false }
  },
  {
    operationId: "reject_candidate",
    method: "POST",
    path: "/v1/candidates/reject",
    parameters: [],
    requestBody: "RejectCandidateRequest",
    success: [{ status: 200, model: "Candidate" }],
    scope: { access: "admin", source: "body", references: false }
  },
  {
    operationId: "revise_candidate",
    method: "POST",
    path: "/v1/candidates/revise",
    parameters: [],
    requestBody: "ReviseCandidateRequest",
    success: [{ status: 200, model: "Candidate" }],
    scope: { access: "admin", source: "body", references: false }
  },
  {
    operationId: "generate_experience",
    method: "POST",
    path: "/v1/experience/generate",
    parameters: [],
    requestBody: "GenerateExperienceRequest",
    success: [{ status: 200, model: "GeneratedCandidateResponse" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "generate_skill",
    method: "POST",
    path: "/v1/skill/generate",
    parameters: [],
    requestBody: "GenerateSkillRequest",
    success: [{ status: 200, model: "GeneratedCandidateResponse" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "get_memory_capacity",
    method: "POST",
    path: "/v1/memory/capacity",
    parameters: [],
    requestBody: "GetMemoryCapacityRequest",
    success: [{ status: 200, model: "MemoryCapacity" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "revise_memory_entry",
    method: "POST",
    path: "/v1/memory/entries/revise",
    parameters: [],
    requestBody: "ReviseMemoryEntryRequest",
    success: [{ status: 200, model: "AtomicMemoryMutationResponse" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "retire_memory_entry",
    method: "POST",
    path: "/v1/memory/entries/retire",
    parameters: [],
    requestBody: "RetireMemoryEntryRequest",
    success: [{ status: 200, model: "AtomicMemoryMutationResponse" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "list_memory_changes",
    method: "POST",
    path: "/v1/memory/changes",
    parameters: [],
    requestBody: "ListMemoryChangesRequest",
    success: [{ status: 200, model: "ListMemoryChangesResponse" }],
    scope: { access: "read", source: "body", references: false }
  },
  {
    operationId: "get_memory_entry_tags",
    method: "GET",
    path: "/v1/scopes/{scope_id}/artifacts/memory/{artifact_id}/entries/{entry_id}/tags",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "artifact_id", location: "path", required: true }, { name: "entry_id", location: "path", required: true }, { name: "If-None-Match", location: "header", required: false }],
    requestBody: null,
    success: [{ status: 200, model: "ArtifactTagSet" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "replace_memory_entry_tags",
    method: "PUT",
    path: "/v1/scopes/{scope_id}/artifacts/memory/{artifact_id}/entries/{entry_id}/tags",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "artifact_id", location: "path", required: true }, { name: "entry_id", location: "path", required: true }, { name: "If-Match", location: "header", required: false }],
    requestBody: "ReplaceArtifactTagsRequest",
    success: [{ status: 200, model: "ArtifactTagSet" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "resolve_artifact_handle",
    method: "GET",
    path: "/v1/scopes/{scope_id}/artifact-handles/{family}/{key}",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "family", location: "path", required: true }, { name: "key", location: "path", required: true }],
    requestBody: null,
    success: [{ status: 200, model: "ArtifactHandleBinding" }],
    scope: { access: "read", source: "path", references: false }
  },
  {
    operationId: "bind_artifact_handle",
    method: "PUT",
    path: "/v1/scopes/{scope_id}/artifact-handles/{family}/{key}",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "family", location: "path", required: true }, { name: "key", location: "path", required: true }],
    requestBody: "BindArtifactHandleRequest",
    success: [{ status: 200, model: "ArtifactHandleBinding" }],
    scope: { access: "admin", source: "path", references: false }
  },
  {
    operationId: "get_connector_checkpoint",
    method: "POST",
    path: "/v1/connector-checkpoints/get",
    parameters: [],
    requestBody: "GetConnectorCheckpointRequest",
    success: [{ status: 200, model: "ConnectorCheckpointState" }],
    scope: { access: "write", source: "binding", references: false }
  },
  {
    operationId: "commit_connector_checkpoint",
    method: "POST",
    path: "/v1/connector-checkpoints/commit",
    parameters: [],
    requestBody: "CommitConnectorCheckpointRequest",
    success: [{ status: 200, model: "ConnectorCheckpointState" }],
    scope: { access: "write", source: "binding", references: false }
  },
  {
    operationId: "get_prompt_configuration",
    method: "GET",
    path: "/v1/scopes/{scope_id}/prompts/{prompt_key}",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "prompt_key", location: "path", required: true }],
    requestBody: null,
    success: [{ status: 200, model: "PromptConfiguration" }],
    scope: { access: "read", source: "path", references: false }
  },
  {
    operationId: "get_profile_policy",
    method: "GET",
    path: "/v1/scopes/{scope_id}/profile-policy",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: null,
    success: [{ status: 200, model: "ProfilePolicy" }],
    scope: { access: "read", source: "path", references: false }
  },
  {
    operationId: "put_profile_policy",
    method: "PUT",
    path: "/v1/scopes/{scope_id}/profile-policy",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: "PutProfilePolicyRequest",
    success: [{ status: 200, model: "ProfilePolicy" }],
    scope: { access: "admin", source: "path", references: false }
  },
  {
    operationId: "flush_profile",
    method: "POST",
    path: "/v1/profile/flush",
    parameters: [],
    requestBody: "FlushProfileRequest",
    success: [{ status: 200, model: "FlushProfileResponse" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "get_topic_memory_processing_status",
    method: "POST",
    path: "/v1/topic-memory/processing/status",
    parameters: [],
    requestBody: "TopicMemoryProcessingStatusRequest",
    success: [{ status: 200, model: "TopicMemoryProcessingStatus" }],
    scope: { access: "read", source: "body", references: false }
  },
  {
    operationId: "get_topic_memory_processing_block",
    method: "POST",
    path: "/v1/topic-memory/processing/blocks/get",
    parameters: [],
    requestBody: "GetTopicMemoryProcessingBlockRequest",
    success: [{ status: 200, model: "TopicMemoryProcessingBlock" }],
    scope: { access: "read", source: "body", references: false }
  },
  {
    operationId: "generate_prompt_demonstrations",
    method: "POST",
    path: "/v1/scopes/{scope_id}/prompts/{prompt_key}/demonstrations",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "prompt_key", location: "path", required: true }],
    requestBody: "GeneratePromptDemonstrationsRequest",
    success: [{ status: 200, model: "PromptDemonstrationResult" }],
    scope: { access: "admin", source: "path", references: false }
  },
  {
    operationId: "flush_topic_memory",
    method: "POST",
    path: "/v1/topic-memory/flush",
    parameters: [],
    requestBody: "FlushTopicMemoryRequest",
    success: [{ status: 200, model: "FlushTopicMemoryResponse" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "retry_topic_memory_processing",
    method: "POST",
    path: "/v1/topic-memory/processing/retry",
    parameters: [],
    requestBody: "RetryTopicMemoryProcessingRequest",
    success: [{ status: 200, model: "RetryTopicMemoryProcessingResponse" }],
    scope: { access: "admin", source: "body", references: false }
  },
  {
    operationId: "list_sources",
    method: "GET",
    path: "/v1/scopes/{scope_id}/sources",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "limit", location: "query", required: false }, { name: "cursor", location: "query", required: false }],
    requestBody: null,
    success: [{ status: 200, model: "SourcePage" }],
    scope: { access: "read", source: "path", references: false }
  },
  {
    operationId: "create_source",
    method: "POST",
    path: "/v1/scopes/{scope_id}/sources",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: "CreateSourceRequest",
    success: [{ status: 201, model: "SourceRecord" }],
    scope: { access: "write", source: "path", references: false }
  },
  {
    operationId: "get_source",
    method: "GET",
    path: "/v1/scopes/{scope_id}/sources/{source_type}/{source_id}",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "source_type", location: "path", required: true }, { name: "source_id", location: "path", required: true }],
    requestBody: null,
    success: [{ status: 200, model: "SourceRecord" }],
    scope: { access: "read", source: "path", references: false }
  },
  {
    operationId: "create_subject_source",
    method: "POST",
    path: "/v1/scopes/{scope_id}/subject-sources",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: "CreateSubjectSourceRequest",
    success: [{ status: 201, model: "CreateSubjectSourceResponse" }],
    scope: { access: "write", source: "path", references: false }
  },
  {
    operationId: "register_source_definition",
    method: "POST",
    path: "/v1/source-definitions/register",
    parameters: [],
    requestBody: "RegisterSourceDefinitionRequest",
    success: [{ status: 200, model: "SourceDefinitionManifest" }],
    scope: { access: "admin", source: "none", references: false }
  },
  {
    operationId: "submit_source_observation",
    method: "POST",
    path: "/v1/source-observations",
    parameters: [],
    requestBody: "SubmitSourceObservationRequest",
    success: [{ status: 202, model: "SourceObservationReceipt" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "get_access_principal",
    method: "GET",
    path: "/v1/access/me",
    parameters: [],
    requestBody: null,
    success: [{ status: 200, model: "AccessMeResponse" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "list_access_roles",
    method: "POST",
    path: "/v1/access/roles/list",
    parameters: [],
    requestBody: "ListAccessRolesRequest",
    success: [{ status: 200, model: "AccessRolePage" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "list_access_resources",
    method: "POST",
    path: "/v1/access/resources/list",
    parameters: [],
    requestBody: "ListAccessResourcesRequest",
    success: [{ status: 200, model: "AccessResourcePage" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "list_access_bindings",
    method: "POST",
    path: "/v1/access/bindings/list",
    parameters: [],
    requestBody: "ListAccessBindingsRequest",
    success: [{ status: 200, model: "AccessBindingPage" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "create_access_binding",
    method: "POST",
    path: "/v1/access/bindings/create",
    parameters: [],
    requestBody: "CreateAccessBindingRequest",
    success: [{ status: 201, model: "AccessBinding" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "revoke_access_binding",
    method: "POST",
    path: "/v1/access/bindings/revoke",
    parameters: [],
    requestBody: "RevokeAccessBindingRequest",
    success: [{ status: 200, model: "AccessBinding" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "replace_access_binding",
    method: "POST",
    path: "/v1/access/bindings/replace",
    parameters: [],
    requestBody: "ReplaceAccessBindingRequest",
    success: [{ status: 200, model: "AccessBindingReplacement" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "list_access_audit",
    method: "POST",
    path: "/v1/access/audit/list",
    parameters: [],
    requestBody: "ListAccessAuditRequest",
    success: [{ status: 200, model: "AccessAuditPage" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "check_access",
    method: "POST",
    path: "/v1/access/check",
    parameters: [],
    requestBody: "AccessCheckRequest",
    success: [{ status: 200, model: "AccessCheckResponse" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "scan_external_skills",
    method: "POST",
    path: "/v1/external-skills/scan",
    parameters: [],
    requestBody: "ScanExternalSkillsRequest",
    success: [{ status: 200, model: "ScanExternalSkillsResponse" }],
    scope: { access: "admin", source: "none", references: false }
  },
  {
    operationId: "list_external_skills",
    method: "POST",
    path: "/v1/external-skills/list",
    parameters: [],
    requestBody: "ListExternalSkillsRequest",
    success: [{ status: 200, model: "ListExternalSkillsResponse" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "resolve_external_skill",
    method: "POST",
    path: "/v1/external-skills/resolve",
    parameters: [],
    requestBody: "ResolveExternalSkillRequest",
    success: [{ status: 200, model: "ExternalSkillResolution" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "import_external_skill",
    method: "POST",
    path: "/v1/external-skills/import",
    parameters: [],
    requestBody: "ImportExternalSkillRequest",
    success: [{ status: 200, model: "GeneratedCandidateResponse" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "propose_skill_package",
    method: "POST",
    path: "/v1/skill/package/propose",
    parameters: [],
    requestBody: "ProposeSkillPackageRequest",
    success: [{ status: 201, model: "Candidate" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "get_skill_package_manifest",
    method: "POST",
    path: "/v1/skill/package/manifest",
    parameters: [],
    requestBody: "GetSkillPackageRequest",
    success: [{ status: 200, model: "SkillPackageManifest" }],
    scope: { access: "read", source: "body", references: false }
  },
  {
    operationId: "download_skill_package",
    method: "POST",
    path: "/v1/skill/package/download",
    parameters: [],
    requestBody: "GetSkillPackageRequest",
    success: [{ status: 200, model: "SkillPackageDownload" }],
    scope: { access: "read", source: "body", references: false }
  },
  {
    operationId: "list_dream_runs",
    method: "GET",
    path: "/v1/scopes/{scope_id}/dream",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "status", location: "query", required: false }, { name: "operation", location: "query", required: false }, { name: "cursor", location: "query", required: false }, { name: "limit", location: "query", required: false }],
    requestBody: null,
    success: [{ status: 200, model: "DreamRunPage" }],
    scope: { access: "read", source: "path", references: false }
  },
  {
    operationId: "create_dream_run",
    method: "POST",
    path: "/v1/scopes/{scope_id}/dream",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: "CreateDreamRunRequest",
    success: [{ status: 200, model: "DreamRun" }, { status: 202, model: "DreamRun" }],
    scope: { access: "write", source: "path", references: false }
  },
  {
    operationId: "get_dream_run",
    method: "GET",
    path: "/v1/scopes/{scope_id}/dream/{run_id}",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "run_id", location: "path", required: true }],
    requestBody: null,
    success: [{ status: 200, model: "DreamRun" }],
    scope: { access: "read", source: "path", references: false }
  },
  {
    operationId: "update_skill_lifecycle",
    method: "POST",
    path: "/v1/skill/lifecycle",
    parameters: [],
    requestBody: "UpdateSkillLifecycleRequest",
    success: [{ status: 200, model: "SkillGovernance" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "record_skill_usage",
    method: "POST",
    path: "/v1/skill/usage",
    parameters: [],
    requestBody: "RecordSkillUsageRequest",
    success: [{ status: 201, model: "SkillUsageCaptureResponse" }],
    scope: { access: "write", source: "body", references: false }
  },
  {
    operationId: "list_remote_skill_targets",
    method: "POST",
    path: "/v1/skill/remote/targets",
    parameters: [],
    requestBody: "ListRemoteSkillTargetsRequest",
    success: [{ status: 200, model: "ListRemoteSkillTargetsResponse" }],
    scope: { access: "admin", source: "body", references: false }
  },
  {
    operationId: "create_remote_skill_target",
    method: "POST",
    path: "/v1/skill/remote/target/create",
    parameters: [],
    requestBody: "CreateRemoteSkillTargetRequest",
    success: [{ status: 201, model: "RemoteSkillTargetEnrollment" }],
    scope: { access: "admin", source: "body", references: false }
  },
  {
    operationId: "enroll_remote_skill_target",
    method: "POST",
    path: "/v1/skill/remote/target/enroll",
    parameters: [],
    requestBody: "EnrollRemoteSkillTargetRequest",
    success: [{ status: 200, model: "RemoteSkillTargetCredential" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "rename_remote_skill_target",
    method: "POST",
    path: "/v1/skill/remote/target/rename",
    parameters: [],
    requestBody: "RenameRemoteSkillTargetRequest",
    success: [{ status: 200, model: "RemoteSkillTarget" }],
    scope: { access: "admin", source: "body", references: false }
  },
  {
    operationId: "revoke_remote_skill_target",
    method: "POST",
    path: "/v1/skill/remote/target/revoke",
    parameters: [],
    requestBody: "RevokeRemoteSkillTargetRequest",
    success: [{ status: 200, model: "RemoteSkillTarget" }],
    scope: { access: "admin", source: "body", references: false }
  },
  {
    operationId: "publish_remote_skill",
    method: "POST",
    path: "/v1/skill/remote/publication/publish",
    parameters: [],
    requestBody: "PublishRemoteSkillRequest",
    success: [{ status: 200, model: "RemoteSkillPublication" }],
    scope: { access: "admin", source: "body", references: false }
  },
  {
    operationId: "unpublish_remote_skill",
    method: "POST",
    path: "/v1/skill/remote/publication/unpublish",
    parameters: [],
    requestBody: "UnpublishRemoteSkillRequest",
    success: [{ status: 200, model: "RemoteSkillPublication" }],
    scope: { access: "admin", source: "body", references: false }
  },
  {
    operationId: "reconcile_remote_skills",
    method: "POST",
    path: "/v1/skill/remote/reconcile",
    parameters: [],
    requestBody: "ReconcileRemoteSkillsRequest",
    success: [{ status: 200, model: "ReconcileRemoteSkillsResponse" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "download_remote_skill_package",
    method: "POST",
    path: "/v1/skill/remote/package/download",
    parameters: [],
    requestBody: "DownloadRemoteSkillPackageRequest",
    success: [{ status: 200, model: "SkillPackageDownload" }],
    scope: { access: "none", source: "none", references: false }
  },
  {
    operationId: "record_remote_skill_receipt",
    method: "POST",
    path: "/v1/skill/remote/receipt",
    parameters: [],
    requestBody: "RecordRemoteSkillReceiptRequest",
    success: [{ status: 200, model: "RemoteSkillReceiptResponse" }],
    scope: { access: "none", source: "none", references: false }
  }
];
var BY_ID = Object.fromEntries(OPERATIONS.map((operation) => [operation.operationId, operation]));

// receipt-diff.js
var ReceiptDiffError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "ReceiptDiffError";
  }
};
function obj(value) {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new ReceiptDiffError("not an object");
  return value;
}
function list(value) {
  if (!Array.isArray(value))
    throw new ReceiptDiffError("not a list");
  return value.map(obj);
}
function field(value, name) {
  if (!(name in value))
    throw new ReceiptDiffError(`missing ${name}`);
  return value[name];
}
function num(value, name) {
  const out = field(value, name);
  if (typeof out !== "number")
    throw new ReceiptDiffError(`${name} is not a number`);
  return out;
}
function compareKeys(x, y) {
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const [p, q] = [x[i], y[i]];
    if (p === q)
      continue;
    if (typeof p === "number" && typeof q === "number")
      return p - q;
    return String(p) < String(q) ? -1 : 1;
  }
  return x.length - y.length;
}
var keyText = (key) => JSON.stringify(key);
function sortedKeys(...maps) {
  const all = /* @__PURE__ */ new Map();
  for (const map of maps)
    for (const [text, key] of map)
      all.set(text, key);
  return [...all.values()].sort(compareKeys);
}
var CODE_FIELDS = ["scope_id", "fingerprint", "path", "file_sha256", "start_line", "end_line", "snippet_sha256"];
function identity(item) {
  const kind = field(item, "kind");
  if ("artifact_address" in item) {
    const address = obj(item["artifact_address"]);
    const artifact = obj(field(address, "artifact"));
    return {
      kind,
      artifact_address: {
        scope_id: field(address, "scope_id"),
        artifact: {
          family: field(artifact, "family"),
          artifact_id: field(artifact, "artifact_id"),
          revision: num(artifact, "revision")
        }
      }
    };
  }
  const code = obj(field(item, "code_evidence"));
  const out = {};
  for (const name of CODE_FIELDS)
    out[name] = field(code, name);
  return { kind, code_evidence: out };
}
function identityKey(item) {
  const id = identity(item);
  if (id.artifact_address !== void 0) {
    const a = id.artifact_address;
    return ["history", a.scope_id, a.artifact.family, a.artifact.artifact_id, a.artifact.revision];
  }
  const code = id.code_evidence;
  return ["code", ...CODE_FIELDS.map((name) => code[name])];
}
function ranked(selected) {
  const out = /* @__PURE__ */ new Map();
  const seen = /* @__PURE__ */ new Map();
  selected.forEach((item, index) => {
    const key = keyText(identityKey(item));
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    out.set(`${key}#${n}`, { rank: index + 1, item });
  });
  return out;
}
function entry({ rank, item }) {
  return {
    rank,
    ...identity(item),
    rendered_bytes: num(item, "rendered_bytes"),
    truncated: field(item, "truncated")
  };
}
function itemSide({ rank, item }) {
  return { rank, rendered_bytes: num(item, "rendered_bytes"), truncated: field(item, "truncated") };
}
function diffSelected(a, b) {
  const [rankedA, rankedB] = [ranked(a), ranked(b)];
  const removed = [...rankedA].filter(([key]) => !rankedB.has(key)).map(([, r]) => entry(r));
  const added = [...rankedB].filter(([key]) => !rankedA.has(key)).map(([, r]) => entry(r));
  const moved = [];
  const items = [];
  for (const [key, after] of rankedB) {
    const before = rankedA.get(key);
    if (before === void 0)
      continue;
    if (before.rank !== after.rank)
      moved.push({ ...identity(after.item), from: before.rank, to: after.rank });
    const [x, y] = [itemSide(before), itemSide(after)];
    if (x.rendered_bytes !== y.rendered_bytes || x.truncated !== y.truncated) {
      items.push({ ...identity(after.item), a: x, b: y });
    }
  }
  return [{ added, removed, moved }, items];
}
function counts(groups, fields) {
  const keys = /* @__PURE__ */ new Map();
  const out = /* @__PURE__ */ new Map();
  for (const group of groups) {
    const key = fields.map((name) => field(group, name));
    const text = keyText(key);
    keys.set(text, key);
    out.set(text, (out.get(text) ?? 0) + num(group, "count"));
  }
  return [keys, out];
}
function countDeltas(a, b, fields) {
  const [keysA, countsA] = counts(a, fields);
  const [keysB, countsB] = counts(b, fields);
  const out = [];
  for (const key of sortedKeys(keysA, keysB)) {
    const text = keyText(key);
    const [before, after] = [countsA.get(text) ?? 0, countsB.get(text) ?? 0];
    if (before === after)
      continue;
    const row = {};
    fields.forEach((name, i) => row[name] = key[i]);
    out.push({ ...row, a: before, b: after, delta: after - before });
  }
  return out;
}
var SEARCH_CELL = ["round", "family"];
var SEARCH_GROUP = ["mode", "outcome", "fallback_reason"];
function searchCells(searches) {
  const cellKeys = /* @__PURE__ */ new Map();
  const cells = /* @__PURE__ */ new Map();
  for (const group of searches) {
    const cell = SEARCH_CELL.map((name) => field(group, name));
    const text = keyText(cell);
    cellKeys.set(text, cell);
    cells.set(text, [...cells.get(text) ?? [], group]);
  }
  const out = /* @__PURE__ */ new Map();
  for (const [text, groups] of cells) {
    const [keys, totals] = counts(groups, SEARCH_GROUP);
    out.set(text, sortedKeys(keys).map((key) => ({
      mode: key[0],
      outcome: key[1],
      fallback_reason: key[2],
      count: totals.get(keyText(key)) ?? 0
    })));
  }
  return [cellKeys, out];
}
function diffSearches(a, b) {
  const [keysA, cellsA] = searchCells(a);
  const [keysB, cellsB] = searchCells(b);
  const out = [];
  for (const cell of sortedKeys(keysA, keysB)) {
    const text = keyText(cell);
    const [before, after] = [cellsA.get(text) ?? [], cellsB.get(text) ?? []];
    if (JSON.stringify(before) === JSON.stringify(after))
      continue;
    out.push({ round: cell[0], family: cell[1], a: before, b: after });
  }
  return out;
}
function diffRounds(a, b) {
  const byRound = (rounds) => new Map(rounds.map((r) => [
    num(r, "round"),
    { outcome: field(r, "outcome"), retained: field(r, "retained") }
  ]));
  const [roundsA, roundsB] = [byRound(a), byRound(b)];
  const all = [.../* @__PURE__ */ new Set([...roundsA.keys(), ...roundsB.keys()])].sort((x, y) => x - y);
  const out = [];
  for (const n of all) {
    const [x, y] = [roundsA.get(n) ?? null, roundsB.get(n) ?? null];
    if (JSON.stringify(x) !== JSON.stringify(y))
      out.push({ round: n, a: x, b: y });
  }
  return out;
}
function configSummary(config) {
  const prompt = field(config, "prompt");
  let summary = null;
  if (prompt !== null) {
    const p = obj(prompt);
    summary = {
      scope_id: field(p, "scope_id"),
      key: field(p, "key"),
      selection: field(p, "selection"),
      selected_version: num(p, "selected_version"),
      compiled_digest: field(p, "compiled_digest")
    };
  }
  return {
    config_id: field(config, "config_id"),
    policy_id: field(config, "policy_id"),
    model: field(config, "model"),
    prompt: summary
  };
}
function diffConfigs(a, b) {
  const byId = (configs) => new Map(configs.map((c) => [field(c, "config_id"), c]));
  const [configsA, configsB] = [byId(a), byId(b)];
  const only = (x, y) => [...x.keys()].filter((id) => !y.has(id)).sort((p, q) => compareKeys([p], [q])).map((id) => configSummary(x.get(id)));
  return { added: only(configsB, configsA), removed: only(configsA, configsB) };
}
function receiptOf(response, side) {
  const receipt = typeof response === "object" && response !== null && !Array.isArray(response) ? response["receipt"] : void 0;
  if (typeof receipt !== "object" || receipt === null || Array.isArray(receipt)) {
    throw new ReceiptDiffError(`${side}: the response carries no Receipt`);
  }
  return receipt;
}
function bytesSide(response, receipt) {
  return {
    content_bytes: num(response, "content_bytes"),
    requested_max_bytes: num(receipt, "requested_max_bytes"),
    truncated: field(receipt, "truncated")
  };
}
function diffReceipts(a, b) {
  const [receiptA, receiptB] = [receiptOf(a, "A"), receiptOf(b, "B")];
  try {
    const [selected, items] = diffSelected(list(field(receiptA, "selected")), list(field(receiptB, "selected")));
    const [retrievalA, retrievalB] = [obj(field(receiptA, "retrieval")), obj(field(receiptB, "retrieval"))];
    const part = (r, name) => list(field(r, name));
    const [sideA, sideB] = [bytesSide(a, receiptA), bytesSide(b, receiptB)];
    return {
      selected,
      omitted: countDeltas(part(receiptA, "omitted"), part(receiptB, "omitted"), [
        "family",
        "reason"
      ]),
      retrieval: {
        rounds: diffRounds(part(retrievalA, "rounds"), part(retrievalB, "rounds")),
        searches: diffSearches(part(retrievalA, "searches"), part(retrievalB, "searches")),
        rerank_configs: diffConfigs(part(retrievalA, "rerank_configs"), part(retrievalB, "rerank_configs")),
        reranks: countDeltas(part(retrievalA, "reranks"), part(retrievalB, "reranks"), [
          "round",
          "config_id",
          "outcome",
          "fallback_reason"
        ])
      },
      bytes: {
        a: sideA,
        b: sideB,
        delta: {
          content_bytes: sideB.content_bytes - sideA.content_bytes,
          requested_max_bytes: sideB.requested_max_bytes - sideA.requested_max_bytes
        },
        items
      }
    };
  } catch (error) {
    if (error instanceof ReceiptDiffError)
      throw new ReceiptDiffError(`a Receipt the diff cannot read (${error.message})`);
    throw error;
  }
}
function isEmptyDiff(diff) {
  const { selected, retrieval, bytes } = diff;
  return !(selected.added.length || selected.removed.length || selected.moved.length || diff.omitted.length || retrieval.rounds.length || retrieval.searches.length || retrieval.rerank_configs.added.length || retrieval.rerank_configs.removed.length || retrieval.reranks.length || bytes.delta.content_bytes || bytes.delta.requested_max_bytes || bytes.items.length || bytes.a.truncated !== bytes.b.truncated);
}
export {
  BY_ID,
  CONTRACT_VERSION,
  DEFAULT_ASSEMBLY_MAX_ENTRIES,
  OPERATIONS,
  RECEIPT_MAX_BYTES,
  ReceiptDiffError,
  SEMANTIC_RULES,
  checkCited,
  diffReceipts,
  isEmptyDiff,
  parseContent,
  recallDiagnostic,
  validatePrepareContextRequest,
  validatePreparedContext,
  validatePreparedContextFor,
  validatePreparedContextWithReceipt
};
