// Progressive disclosure: a selected item read back exactly, beside the list, under the same
// authorisation as the prepare (api.js carries the token). A history item is read at the exact
// revision the Receipt records (get_artifact_revision never follows a newer head or a merge);
// an atomic memory's lifecycle state is read too, so a forgotten, merged or retired memory
// says so. A code item is read as its exact line range (read_code).

import { ApiError, memoryState, readCode, readRevision } from "./api.js";
import { asText, badge, el, shortDigest } from "./dom.js";
import { identityOf } from "./receipt-view.js";
import { checkRevisionDigest, checkSnippet } from "./verify.js";

export function drillPanel() {
  return el("aside", { class: "drill", id: "drill", "aria-live": "polite" }, el("p", { class: "hint" }, "Click a selected item to read it exactly."));
}

function fields(content) {
  if (content === null || typeof content !== "object") return el("pre", { class: "body" }, asText(content));
  return el(
    "dl",
    { class: "fields" },
    Object.entries(content).map(([name, value]) => [
      el("dt", {}, name),
      el("dd", {}, typeof value === "string" ? el("pre", { class: "body" }, value) : el("code", {}, asText(value))),
    ]),
  );
}

function lifecycleNote(state, recorded) {
  if (state === null) return null;
  const notes = [];
  if (state.state !== "active") {
    const into = state.merged_into_id ? ` into ${state.merged_into_id}` : "";
    notes.push(`This memory is now ${state.state}${into}. Shown is the revision the Receipt recorded (${recorded}), read exactly.`);
  }
  if (state.artifact && state.artifact.revision !== recorded) {
    notes.push(`Its head is revision ${state.artifact.revision}; shown is revision ${recorded}, the one injected.`);
  }
  if (notes.length === 0) return el("p", { class: "state", "data-state": "active", id: "drill-state" }, "Active; this is its head revision.");
  return el("p", { class: "state", "data-state": state.state, id: "drill-state" }, notes.join(" "));
}

async function historyView(item) {
  const address = item.artifact_address;
  const artifact = address.artifact;
  const isMemory = artifact.family === "atomic-memory";
  const [revision, state] = await Promise.all([
    readRevision(address.scope_id, artifact.family, artifact.artifact_id, artifact.revision),
    isMemory ? memoryState(address.scope_id, artifact.artifact_id) : Promise.resolve(null),
  ]);
  const digestOk = await checkRevisionDigest(revision);
  return [
    lifecycleNote(state, artifact.revision),
    el(
      "dl",
      { class: "compact" },
      el("dt", {}, "family"),
      el("dd", {}, asText(revision.family)),
      el("dt", {}, "revision"),
      el("dd", {}, asText(revision.revision)),
      el("dt", {}, "created"),
      el("dd", {}, asText(revision.created_at ?? "unknown")),
      el("dt", {}, "content_digest"),
      el("dd", {}, shortDigest(revision.content_digest), " ", badge(digestOk, "recomputed")),
    ),
    fields(revision.content),
  ];
}

async function codeView(item) {
  const evidence = item.code_evidence;
  const range = await readCode(evidence);
  const matches = await checkSnippet(range.lines, evidence.snippet_sha256);
  const numbered = range.lines.map((line, i) => `${String(evidence.start_line + i).padStart(5, " ")}  ${line}`).join("\n");
  return [
    el(
      "dl",
      { class: "compact" },
      el("dt", {}, "file"),
      el("dd", {}, el("code", {}, `${evidence.path} @ ${evidence.file_sha256.slice(0, 12)}…`)),
      el("dt", {}, "snippet_sha256"),
      el("dd", {}, shortDigest(evidence.snippet_sha256), " ", badge(matches, matches === false ? "differs from the lines read" : "the lines read hash to it")),
    ),
    el("pre", { class: "body code" }, numbered),
  ];
}

/** Read `item` exactly and show it in `panel`. */
export async function showItem(panel, item) {
  const { scope, identity } = identityOf(item);
  const title = el("h3", {}, `${item.kind} `, el("code", {}, identity));
  panel.replaceChildren(title, el("p", { class: "sub" }, `Scope ${scope}`), el("p", { class: "hint" }, "Reading…"));
  try {
    const parts = item.code_evidence ? await codeView(item) : await historyView(item);
    panel.replaceChildren(title, el("p", { class: "sub" }, `Scope ${scope}`), ...parts.filter(Boolean));
  } catch (error) {
    const message = error instanceof ApiError ? `${error.status} ${error.code ?? ""}: ${error.message}` : String(error);
    panel.replaceChildren(title, el("p", { class: "error", id: "drill-error" }, `Could not read it: ${message}`));
  }
}
