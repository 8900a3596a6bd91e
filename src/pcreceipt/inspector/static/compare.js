// Two prepare responses compared with the contract package's diffReceipts (the TypeScript twin
// of `pcreceipt receipt diff`; docs/receipt-diff.md). The diff is rendered generically (any
// JSON value as text), so the view follows the diff's shape without restating it.

import * as contract from "./contract.js";
import { asText, card, el, table } from "./dom.js";
import { identityOf } from "./receipt-view.js";
import { validateResponse, savedMaxBytes } from "./verify.js";

export function diffAvailable() {
  return typeof contract.diffReceipts === "function";
}

function isPlainObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function describe(value) {
  if (isPlainObject(value) && (value.artifact_address || value.code_evidence)) {
    const { scope, identity } = identityOf(value);
    return `${value.kind ?? ""} ${scope} ${identity}`.trim();
  }
  if (Array.isArray(value)) return value.map(describe).join("; ");
  return asText(value);
}

/** A row of a diff list with its identity spelled out (Scope, identity) instead of nested objects. */
function flatten(row) {
  const out = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === "artifact_address" || key === "code_evidence") {
      const { scope, identity } = identityOf(row);
      out.Scope = scope;
      out.identity = identity;
    } else {
      out[key] = isPlainObject(value) || Array.isArray(value) ? describe(value) : asText(value);
    }
  }
  return out;
}

function rowsTable(rows) {
  const flat = rows.map(flatten);
  const columns = [...new Set(flat.flatMap((row) => Object.keys(row)))];
  return table(columns, flat.map((row) => columns.map((c) => row[c] ?? "")));
}

/** Any JSON value as nodes: arrays of objects as tables, objects of objects as one table, else definition lists. */
function render(value) {
  if (Array.isArray(value)) {
    if (value.length === 0) return el("p", { class: "hint" }, "none");
    if (value.every(isPlainObject)) return rowsTable(value);
    return el("ul", {}, value.map((item) => el("li", {}, describe(item))));
  }
  if (isPlainObject(value)) {
    const nested = Object.entries(value).filter(([, inner]) => isPlainObject(inner));
    const columns = [...new Set(nested.flatMap(([, inner]) => Object.keys(inner)))];
    const others = Object.entries(value).filter(([, inner]) => !isPlainObject(inner));
    const grid = nested.length > 0 && nested.every(([, inner]) => Object.values(inner).every((v) => !isPlainObject(v) && !Array.isArray(v)));
    return el(
      "div",
      {},
      grid ? table(["", ...columns], nested.map(([name, inner]) => [el("strong", {}, name), ...columns.map((c) => asText(inner[c] ?? ""))])) : null,
      el(
        "dl",
        { class: "compact" },
        (grid ? others : Object.entries(value)).map(([name, inner]) => [el("dt", {}, name), el("dd", {}, isPlainObject(inner) || Array.isArray(inner) ? render(inner) : asText(inner))]),
      ),
    );
  }
  return el("span", {}, asText(value));
}

/** bytes.items: one row per item on both sides, its identity spelled out and each measure as "A → B". */
function bytesItems(items) {
  if (!Array.isArray(items) || items.length === 0) return el("p", { class: "hint" }, "none");
  const sides = (item) => [item?.a, item?.b].map((side) => (isPlainObject(side) ? side : {}));
  const measures = [...new Set(items.flatMap((item) => sides(item).flatMap((side) => Object.keys(side))))];
  const rest = (item) => Object.keys(isPlainObject(item) ? item : {}).filter((k) => !["a", "b", "kind", "artifact_address", "code_evidence"].includes(k));
  const others = [...new Set(items.flatMap(rest))];
  const rows = items.map((item) => {
    const { scope, identity } = identityOf(item);
    const [a, b] = sides(item);
    const change = (name) => `${asText(a[name] ?? "–")} → ${asText(b[name] ?? "–")}`;
    return [asText(item?.kind ?? ""), scope, identity, ...measures.map(change), ...others.map((k) => describe(item[k]))];
  });
  return table(["kind", "Scope", "identity", ...measures.map((m) => `${m} (A → B)`), ...others], rows, { class: "bytes-items" });
}

function summaryLine(selected) {
  const count = (list) => (Array.isArray(list) ? list.length : 0);
  return `From A to B: ${count(selected.added)} added, ${count(selected.removed)} removed, ${count(selected.moved)} moved (by exact identity).`;
}

function problems(label, value) {
  const validation = validateResponse(value, savedMaxBytes(value));
  if (validation.ok && value?.receipt) return null;
  const why = value?.receipt ? `${validation.violations.length} contract violation(s)` : "no Receipt";
  return el("p", { class: "error" }, `${label}: ${why}`);
}

/** Render the comparison of responses a and b into container. */
export function renderComparison(container, a, b) {
  container.replaceChildren();
  if (!diffAvailable()) {
    container.append(card("Comparison", el("p", { class: "error", id: "compare-unavailable" }, "This build's contract bundle has no diffReceipts.")));
    return null;
  }
  const warnings = [problems("A", a), problems("B", b)].filter(Boolean);
  let diff;
  try {
    diff = contract.diffReceipts(a, b);
  } catch (error) {
    container.append(card("Comparison", ...warnings, el("p", { class: "error", id: "compare-error" }, `Not comparable: ${error?.message ?? error}`)));
    return null;
  }
  const selected = diff.selected ?? {};
  const { items: _items, ...totals } = isPlainObject(diff.bytes) ? diff.bytes : {};
  container.append(
    card("Comparison", ...warnings, el("p", { id: "compare-summary" }, summaryLine(selected))),
    el(
      "div",
      { id: "compare-diff" },
      card("Selected: added in B", el("div", { id: "diff-added" }, render(selected.added ?? []))),
      card("Selected: removed from A", el("div", { id: "diff-removed" }, render(selected.removed ?? []))),
      card("Selected: moved", el("div", { id: "diff-moved" }, render(selected.moved ?? []))),
      el(
        "div",
        { class: "compare-grid" },
        card("Omitted", el("div", { id: "diff-omitted" }, render(diff.omitted ?? []))),
        card("Bytes", el("div", { id: "diff-bytes" }, render(totals))),
        el("div", { class: "span-all" }, card("Bytes: items on both sides whose size changed", el("div", { id: "diff-bytes-items" }, bytesItems(diff.bytes?.items)))),
        el("div", { class: "span-all" }, card("Retrieval", el("div", { id: "diff-retrieval" }, render(diff.retrieval ?? {})))),
      ),
    ),
  );
  return diff;
}
