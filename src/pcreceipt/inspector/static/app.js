// The Context Inspector's entry point: views, the prepare form, the token prompt.

import { ApiError, listScopes, prepare, setTokenPrompt, usingToken } from "./api.js";
import { renderComparison } from "./compare.js";
import { asText, card, el, show, table } from "./dom.js";
import { drillPanel, showItem } from "./drill.js";
import { readJsonFile } from "./files.js";
import { renderResponse } from "./receipt-view.js";
import { savedMaxBytes } from "./verify.js";

const $ = (id) => document.getElementById(id);

// the last prepare result (what "Use the current result as A" compares)
let current = null;
const compared = { a: null, b: null };

function describeError(error) {
  if (error instanceof ApiError) return `${error.status}${error.code ? ` ${error.code}` : ""}: ${error.message}`;
  return String(error?.message ?? error);
}

/** The violations an error envelope carries (a 422), one row each: path, rule, and any other member. */
function violationsTable(violations) {
  const rows = violations.map((v) => (v !== null && typeof v === "object" && !Array.isArray(v) ? v : { rule: v }));
  const extra = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) => key !== "path" && key !== "rule");
  const columns = ["path", "rule", ...extra];
  const cells = rows.map((row) => columns.map((c) => el("code", {}, c === "path" ? asText(row.path ?? "") || "/" : asText(row[c] ?? ""))));
  return table(columns, cells, { id: "prepare-violations", class: "violations-table" });
}

/** What a failed prepare leaves on screen: the error (each violation's path and rule), never the previous result. */
function failureCard(error) {
  const violations = error instanceof ApiError ? error.violations : [];
  return card(
    "Prepare failed",
    el("p", { class: "error", id: "prepare-error" }, describeError(error)),
    violations.length > 0 ? violationsTable(violations) : null,
    error instanceof ApiError && error.requestId ? el("p", { class: "hint" }, "request id ", el("code", {}, asText(error.requestId))) : null,
    el("p", { class: "hint" }, "No result is shown: the previous one was cleared."),
  );
}

// ---- views

function selectView(name) {
  for (const tab of document.querySelectorAll(".tab")) {
    const active = tab.getAttribute("data-view") === name;
    tab.setAttribute("aria-selected", active ? "true" : "false");
    $(`view-${tab.getAttribute("data-view")}`).hidden = !active;
  }
}

// ---- token prompt (api.js asks; the token stays in api.js's memory)

let pendingToken = null;

function promptForToken(refused) {
  $("token-message").textContent = refused
    ? "The token was refused (401). Enter a valid token."
    : "This server requires a bearer token.";
  $("token-panel").hidden = false;
  $("token-input").value = "";
  $("token-input").focus();
  $("auth-state").textContent = "token needed";
  return new Promise((resolve) => {
    pendingToken = resolve;
  });
}

function submitToken(event) {
  event.preventDefault();
  const value = $("token-input").value.trim();
  if (!value || pendingToken === null) return;
  $("token-input").value = "";
  $("token-panel").hidden = true;
  $("auth-state").textContent = "token mode";
  const resolve = pendingToken;
  pendingToken = null;
  resolve(value);
}

// ---- prepare

async function loadScopes() {
  const select = $("scope");
  try {
    const scopes = await listScopes();
    show(select, scopes.map((scope) => el("option", { value: scope.scope_id }, `${scope.title} (${scope.scope_id})`)));
    $("prepare-status").textContent = scopes.length === 0 ? "No readable Scope." : "";
    if (!usingToken()) $("auth-state").textContent = "local mode (no token)";
  } catch (error) {
    $("prepare-status").textContent = `Scopes could not be listed: ${describeError(error)}`;
  }
}

function prepareRequest() {
  const request = {
    scope_id: $("scope").value,
    query: $("query").value,
    max_bytes: Number($("max-bytes").value),
    include_code: $("include-code").checked,
    include_receipt: true,
  };
  const assembly = $("assembly").value.trim();
  if (assembly) request.assembly = JSON.parse(assembly);
  return request;
}

async function submitPrepare(event) {
  event.preventDefault();
  const status = $("prepare-status");
  let request;
  try {
    request = prepareRequest();
  } catch {
    status.textContent = "The assembly is not valid JSON.";
    return;
  }
  status.textContent = "Preparing…";
  $("prepare-submit").disabled = true;
  // the previous result is not this query's: it stays only until the answer comes, marked as previous
  $("prepare-result").setAttribute("data-state", "previous");
  try {
    const { body } = await prepare(request);
    current = body;
    const panel = drillPanel();
    const onSelect = (item, row) => {
      for (const other of document.querySelectorAll("#selected-table tr.active")) other.classList.remove("active");
      row.classList.add("active");
      showItem(panel, item);
    };
    const validation = await renderResponse($("prepare-result"), body, { maxBytes: request.max_bytes, query: request.query, onSelect, drillPanel: panel });
    status.textContent = validation.ok ? "Prepared." : "Prepared, but the response breaks the contract (see below).";
    $("prepare-result").setAttribute("data-state", "current");
  } catch (error) {
    current = null;
    show($("prepare-result"), failureCard(error));
    $("prepare-result").setAttribute("data-state", "failed");
    status.textContent = `Prepare failed: ${describeError(error)}`;
  } finally {
    $("prepare-submit").disabled = false;
  }
}

// ---- saved file

async function verifyFile() {
  const file = $("file-input").files[0];
  if (!file) return;
  const status = $("file-status");
  const read = await readJsonFile(file);
  if (read.error) {
    status.textContent = `${file.name}: ${read.error}`;
    $("file-result").replaceChildren();
    return;
  }
  const query = $("file-query").value;
  try {
    const validation = await renderResponse($("file-result"), read.value, { maxBytes: savedMaxBytes(read.value), query: query || null });
    status.textContent = `${file.name}: ${validation.ok ? "valid" : "NOT valid"} (checked offline in this page)`;
  } catch (error) {
    status.textContent = `${file.name}: could not be checked: ${describeError(error)}`;
  }
}

// ---- compare

async function loadCompared(side) {
  const file = $(`compare-${side}`).files[0];
  if (!file) return;
  const read = await readJsonFile(file);
  compared[side] = read.error ? null : read.value;
  $(`compare-${side}-name`).textContent = read.error ? `${file.name}: ${read.error}` : file.name;
  refreshComparison();
}

function refreshComparison() {
  const status = $("compare-status");
  if (compared.a === null || compared.b === null) {
    status.textContent = "Choose A and B.";
    return;
  }
  status.textContent = "";
  renderComparison($("compare-result"), compared.a, compared.b);
}

function useCurrent() {
  if (current === null) {
    $("compare-a-name").textContent = "No prepare result yet.";
    return;
  }
  compared.a = current;
  $("compare-a-name").textContent = "the current Prepare result";
  refreshComparison();
}

// ---- wiring

function start() {
  for (const tab of document.querySelectorAll(".tab")) {
    tab.addEventListener("click", () => selectView(tab.getAttribute("data-view")));
  }
  setTokenPrompt(promptForToken);
  $("token-form").addEventListener("submit", submitToken);
  $("prepare-form").addEventListener("submit", submitPrepare);
  $("file-input").addEventListener("change", verifyFile);
  $("file-query").addEventListener("change", verifyFile);
  $("compare-a").addEventListener("change", () => loadCompared("a"));
  $("compare-b").addEventListener("change", () => loadCompared("b"));
  $("compare-use-current").addEventListener("click", useCurrent);
  document.body.setAttribute("data-state", "ready");
  loadScopes();
}

start();
