// DOM helpers: every value ends up as a text node or a plain attribute, never parsed as markup.
// This file, and every other module of the Inspector, builds nodes with createElement,
// createTextNode, textContent and setAttribute only (tests/inspector/test_static.py checks
// that no HTML-parsing sink appears in the shipped JavaScript).

const SVG_NS = "http://www.w3.org/2000/svg";

// Attributes a caller may set. Event handlers (on*), style, src and href are not among them:
// behaviour is attached with addEventListener, looks come from the stylesheet.
const SAFE_ATTRIBUTES = new Set([
  "class", "id", "type", "value", "for", "hidden", "title", "role", "colspan", "scope",
  "tabindex", "data-index", "data-state", "data-verdict", "aria-label", "aria-live", "aria-selected",
  "x", "y", "width", "height", "viewBox", "rx", "text-anchor", "dominant-baseline",
]);

function setAttributes(node, attributes) {
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (!SAFE_ATTRIBUTES.has(name)) throw new Error(`attribute not allowed: ${name}`);
    node.setAttribute(name, value === true ? "" : String(value));
  }
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element with safe attributes; children are nodes or values rendered as text. */
export function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  setAttributes(node, attributes);
  return append(node, children);
}

/** An SVG element (for the stage chart). */
export function svg(tag, attributes, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttributes(node, attributes);
  return append(node, children);
}

/** Replace a container's children. */
export function show(container, ...children) {
  container.replaceChildren();
  return append(container, children);
}

/** Any JSON value as one line of text (strings as they are). */
export function asText(value) {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  return JSON.stringify(value);
}

/** A digest shortened for a table cell; the whole value is in the title. */
export function shortDigest(digest) {
  if (typeof digest !== "string") return el("span", {}, asText(digest));
  const bare = digest.startsWith("sha256:") ? digest.slice(7) : digest;
  return el("code", { title: digest }, bare.slice(0, 12) + "…");
}

/** A table from a header row and rows of cells (nodes or values). */
export function table(headers, rows, attributes = {}) {
  const head = el("thead", {}, el("tr", {}, headers.map((h) => el("th", { scope: "col" }, h))));
  const body = el("tbody", {}, rows.map((row) => (row instanceof Node ? row : el("tr", {}, row.map((c) => el("td", {}, c))))));
  return el("table", attributes, head, body);
}

/** A verdict badge: ok (true), failed (false) or not checked (null). */
export function badge(verdict, label) {
  const state = verdict === true ? "ok" : verdict === false ? "bad" : "none";
  const mark = verdict === true ? "✓ " : verdict === false ? "✗ " : "– ";
  return el("span", { class: "badge", "data-verdict": state }, mark + label);
}

/** A titled card. */
export function card(title, ...children) {
  return el("section", { class: "card" }, el("h2", {}, title), ...children);
}
