// Verification in the browser: the contract package's validators (the same rule ids as the
// server's gate) and digests recomputed with WebCrypto. Nothing here talks to the network.
//
// Reproducible here:
// - content_digest: sha256 over the UTF-8 bytes of content (null iff content is null);
// - query_digest: sha256 over the UTF-8 bytes of the query after Unicode NFC and Python's
//   str.strip() (the whitespace set below), when the query is known (the Prepare view sent it;
//   a saved file does not carry it, the user may type it);
// - an exact revision's content_digest: sha256 over the RFC 8785 canonical JSON of its content;
// - a code range's snippet_sha256: sha256 over its lines joined with LF.
// Not reproducible: a rerank config_digest (its digested record also holds the reranker's
// algorithm version, which the Receipt names only inside policy_id); it is checked to equal
// config_id and to be referenced, as the semantic rules say.

import { validatePreparedContextFor, validatePreparedContextWithReceipt } from "./contract.js";

// Python's str.isspace() characters: what normalize_query's strip() removes.
const PY_SPACE = "\\u0009-\\u000d\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const STRIP = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, "gu");

export function normalizeQuery(query) {
  return query.normalize("NFC").replace(STRIP, "");
}

export function webCryptoAvailable() {
  return typeof crypto !== "undefined" && crypto.subtle !== undefined;
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** sha256 hex of a string's UTF-8 bytes (lone surrogates become U+FFFD, as the server counts them). */
export async function sha256Hex(text) {
  return hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** RFC 8785 canonical JSON: keys sorted by UTF-16 code units, numbers and strings as ECMAScript prints them. */
export function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * The contract's verdict on a prepare response: validatePreparedContextWithReceipt with the
 * request's max_bytes (for a saved file: the Receipt's requested_max_bytes, or unchecked when
 * there is none usable).
 */
export function validateResponse(value, maxBytes) {
  if (Number.isInteger(maxBytes) && maxBytes >= 0) return validatePreparedContextWithReceipt(value, maxBytes);
  return validatePreparedContextFor(value, { maxBytes: null, includeReceipt: true, explain: false });
}

/** The max_bytes a saved response says it was prepared with, if it says so validly. */
export function savedMaxBytes(value) {
  const requested = value?.receipt?.requested_max_bytes;
  return Number.isInteger(requested) && requested >= 0 ? requested : null;
}

/**
 * Both Receipt digests recomputed: {content, query}, each {verdict: true|false|null, note}.
 * verdict null means not checked, with the reason in note.
 */
export async function checkDigests(response, query) {
  const receipt = response?.receipt;
  if (receipt === undefined || receipt === null || typeof receipt !== "object") {
    const none = { verdict: null, note: "no Receipt in this response" };
    return { content: none, query: none };
  }
  if (!webCryptoAvailable()) {
    const none = { verdict: null, note: "not recomputed: WebCrypto needs a secure context (loopback or HTTPS)" };
    return { content: none, query: none };
  }
  let content;
  if (typeof response.content === "string") {
    const digest = `sha256:${await sha256Hex(response.content)}`;
    content = { verdict: digest === receipt.content_digest, note: digest };
  } else {
    const ok = response.content === null && receipt.content_digest === null;
    content = { verdict: ok, note: ok ? "no content, and the digest is null" : "content and digest disagree" };
  }
  let queryVerdict;
  if (typeof query === "string" && query.length > 0) {
    const digest = `sha256:${await sha256Hex(normalizeQuery(query))}`;
    queryVerdict = { verdict: digest === receipt.query_digest, note: digest };
  } else {
    queryVerdict = { verdict: null, note: "not checked: the query is not part of the response" };
  }
  return { content, query: queryVerdict };
}

/** An exact revision's content_digest, recomputed: true, false, or null when not possible. */
export async function checkRevisionDigest(revision) {
  if (!webCryptoAvailable()) return null;
  return `sha256:${await sha256Hex(canonicalJson(revision.content))}` === revision.content_digest;
}

/** Whether the lines read back hash to the Receipt's snippet_sha256 (null when not possible). */
export async function checkSnippet(lines, snippetSha256) {
  if (!webCryptoAvailable()) return null;
  return (await sha256Hex(lines.join("\n"))) === snippetSha256;
}
