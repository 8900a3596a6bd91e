// A prepare response rendered: verdicts, the injected content as text, and the Receipt's parts
// (selected items, omitted groups, retrieval grid, rerank configurations, stage timings).
// Every value is rendered as text (dom.js).

import { asText, badge, card, el, shortDigest, svg, table } from "./dom.js";
import { checkDigests, validateResponse } from "./verify.js";

const FAMILY_ORDER = ["atomic-memory", "topic-memory", "experience", "profile", "prompt", "code"];

function familyRank(family) {
  const index = FAMILY_ORDER.indexOf(family);
  return index === -1 ? FAMILY_ORDER.length : index;
}

/** Scope and identity of a selected item, as text parts. */
export function identityOf(item) {
  if (item?.artifact_address) {
    const address = item.artifact_address;
    const artifact = address.artifact ?? {};
    return { scope: address.scope_id, identity: `${artifact.artifact_id}@${artifact.revision}` };
  }
  if (item?.code_evidence) {
    const code = item.code_evidence;
    return { scope: code.scope_id, identity: `${code.path}:${code.start_line}-${code.end_line}` };
  }
  return { scope: "", identity: "" };
}

function digestLabel(name, verdict) {
  return `${name} ${verdict === true ? "verified" : verdict === false ? "differs" : "not checked"}`;
}

function verdicts(validation, digests) {
  const violations = validation.violations.map((v) => el("li", {}, el("code", {}, v.rule), " at ", el("code", {}, v.path || "/")));
  return el(
    "div",
    { class: "verdicts", id: "verdicts" },
    el(
      "div",
      { class: "badges" },
      el("span", { id: "verdict-contract" }, badge(validation.ok, validation.ok ? "contract: valid" : `contract: ${validation.violations.length} violation(s)`)),
      el("span", { id: "verdict-content-digest" }, badge(digests.content.verdict, digestLabel("content_digest", digests.content.verdict))),
      el("span", { id: "verdict-query-digest" }, badge(digests.query.verdict, digestLabel("query_digest", digests.query.verdict))),
    ),
    el(
      "dl",
      { class: "digest-notes" },
      el("dt", {}, "content_digest (recomputed)"),
      el("dd", {}, el("code", {}, digests.content.note)),
      el("dt", {}, "query_digest (recomputed)"),
      el("dd", {}, el("code", {}, digests.query.note)),
    ),
    violations.length > 0 ? el("ul", { class: "violations", id: "violations" }, violations) : null,
  );
}

function summary(response, maxBytes) {
  const receipt = response.receipt;
  const facts = [
    ["status", response.status],
    ["content_bytes", `${response.content_bytes} of ${maxBytes ?? receipt?.requested_max_bytes ?? "?"}`],
    ["receipt", receipt ? receipt.receipt_id : "none (not asked for, or dropped by the server)"],
  ];
  if (receipt) {
    facts.push(["truncated", String(receipt.truncated)], ["non_deterministic", String(receipt.non_deterministic)]);
  }
  return el("dl", { class: "summary" }, facts.map(([name, value]) => [el("dt", {}, name), el("dd", {}, asText(value))]));
}

function selectedTable(receipt, onSelect) {
  const rows = (receipt.selected ?? []).map((item, index) => {
    const { scope, identity } = identityOf(item);
    const row = el(
      "tr",
      onSelect ? { class: "selectable", tabindex: 0, "data-index": index, title: "Read this exact revision or range" } : { "data-index": index },
      el("td", {}, String(index + 1)),
      el("td", {}, asText(item.kind)),
      el("td", {}, el("code", {}, asText(scope))),
      el("td", {}, el("code", {}, identity)),
      el("td", { class: "num" }, asText(item.rendered_bytes)),
      el("td", {}, item.truncated ? "yes" : "no"),
    );
    if (onSelect) {
      const pick = () => onSelect(item, row);
      row.addEventListener("click", pick);
      row.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          pick();
        }
      });
    }
    return row;
  });
  if (rows.length === 0) return el("p", { class: "hint" }, "Nothing was injected.");
  return table(["#", "family", "Scope", "identity", "bytes", "truncated"], rows, { id: "selected-table", class: "selected" });
}

function omittedTable(receipt) {
  const rows = (receipt.omitted ?? []).map((group) => [asText(group.family), asText(group.reason), asText(group.count)]);
  if (rows.length === 0) return el("p", { class: "hint" }, "No candidate was left out.");
  return table(["family", "reason", "count"], rows, { id: "omitted-table" });
}

function retrievalGrid(retrieval) {
  const rounds = retrieval.rounds ?? [];
  const searches = retrieval.searches ?? [];
  const families = [...new Set(searches.map((s) => s.family))].sort((a, b) => familyRank(a) - familyRank(b));
  const header = ["round", ...families];
  const rows = rounds.map((round) => {
    const label = el("div", {}, el("strong", {}, `round ${round.round}`), el("div", { class: "sub" }, `${round.outcome}${round.retained ? "" : ", not retained"}`));
    const cells = families.map((family) => {
      const groups = searches.filter((s) => s.round === round.round && s.family === family);
      if (groups.length === 0) return el("span", { class: "sub" }, "—");
      return el(
        "ul",
        { class: "cell-list" },
        groups.map((g) =>
          el(
            "li",
            { "data-state": g.outcome },
            el("strong", {}, asText(g.mode)),
            ` · ${g.outcome}`,
            g.fallback_reason !== "none" ? el("span", { class: "fallback" }, ` · fallback: ${g.fallback_reason}`) : null,
            ` · ×${g.count}`,
          ),
        ),
      );
    });
    return [label, ...cells];
  });
  const reranks = (retrieval.reranks ?? []).map((g) => [asText(g.round), shortDigest(g.config_id), asText(g.outcome), asText(g.fallback_reason), asText(g.count)]);
  return el(
    "div",
    {},
    table(header, rows, { id: "retrieval-grid", class: "grid" }),
    reranks.length > 0 ? el("h3", {}, "Rerank calls") : null,
    reranks.length > 0 ? table(["round", "config", "outcome", "fallback", "count"], reranks, { id: "rerank-groups" }) : null,
  );
}

function promptIdentity(prompt) {
  if (prompt === null || prompt === undefined) return el("span", { class: "sub" }, "none (deterministic)");
  const address = prompt.artifact_address
    ? `${prompt.artifact_address.scope_id} ${prompt.artifact_address.artifact?.artifact_id}@${prompt.artifact_address.artifact?.revision}`
    : "built-in";
  return el(
    "dl",
    { class: "compact" },
    [
      ["key", prompt.key],
      ["selection", `${prompt.selection} v${prompt.selected_version} (definition v${prompt.definition_version}, built-in v${prompt.builtin_version})`],
      ["Scope", prompt.scope_id],
      ["artifact", address],
    ].map(([name, value]) => [el("dt", {}, name), el("dd", {}, asText(value))]),
    el("dt", {}, "compiled"),
    el("dd", {}, shortDigest(prompt.compiled_digest)),
  );
}

function rerankConfigs(retrieval) {
  const configs = retrieval.rerank_configs ?? [];
  if (configs.length === 0) return el("p", { class: "hint" }, "No reranker was invoked.");
  const rows = configs.map((c) => [
    shortDigest(c.config_id),
    asText(c.policy_id),
    asText(c.model ?? "none"),
    el("code", {}, asText(c.effective_settings)),
    `${asText(c.timeout_seconds)} s, ≤${asText(c.max_requests)} req`,
    promptIdentity(c.prompt),
    c.non_deterministic ? "yes" : "no",
  ]);
  return table(["config", "policy", "model", "settings", "limits", "prompt identity", "non-deterministic"], rows, { id: "rerank-configs" });
}

function stageChart(stages) {
  if (!stages || stages.length === 0) return el("p", { class: "hint" }, "No stage timings.");
  const longest = Math.max(...stages.map((s) => s.duration_ms), 0.001);
  const rowHeight = 22;
  const labelWidth = 190;
  const barWidth = 360;
  const chart = svg("svg", {
    class: "stages",
    id: "stage-chart",
    role: "img",
    "aria-label": "Stage timings",
    width: labelWidth + barWidth + 110,
    height: stages.length * rowHeight + 4,
    viewBox: `0 0 ${labelWidth + barWidth + 110} ${stages.length * rowHeight + 4}`,
  });
  stages.forEach((stage, i) => {
    const y = i * rowHeight + 2;
    const width = Math.max(1, (stage.duration_ms / longest) * barWidth);
    chart.append(
      svg("text", { x: 0, y: y + 14, class: "label" }, asText(stage.stage)),
      svg("rect", { x: labelWidth, y: y + 3, width: width.toFixed(1), height: 14, rx: 2, class: "bar" }),
      svg("text", { x: labelWidth + width + 6, y: y + 14, class: "value" }, `${stage.duration_ms} ms ×${stage.count}`),
    );
  });
  return chart;
}

/**
 * Render one response into `container`. options: {maxBytes, query, onSelect, drillPanel}.
 * Returns the contract validation result.
 */
export async function renderResponse(container, response, options = {}) {
  const validation = validateResponse(response, options.maxBytes ?? null);
  const digests = await checkDigests(response, options.query ?? null);
  container.replaceChildren();
  const receipt = response && typeof response === "object" ? response.receipt : undefined;
  const content = typeof response?.content === "string" ? response.content : null;
  container.append(
    card("Result", summary(response ?? {}, options.maxBytes ?? null), verdicts(validation, digests)),
    card(
      "Injected content",
      el("p", { class: "hint" }, "Exactly as a host would inject it (shown as text)."),
      content === null ? el("p", { class: "hint", id: "content-empty" }, "No content (status empty).") : el("pre", { class: "content", id: "content" }, content),
    ),
  );
  if (!receipt || typeof receipt !== "object") {
    container.append(card("Receipt", el("p", { class: "hint" }, "This response has no Receipt.")));
    return validation;
  }
  const drill = options.drillPanel ?? null;
  try {
    container.append(
      card(
        "Selected, in injection order",
        el("div", { class: drill ? "split" : "" }, el("div", {}, selectedTable(receipt, options.onSelect)), drill),
      ),
      card("Omitted", omittedTable(receipt)),
      card("Retrieval path", retrievalGrid(receipt.retrieval ?? {})),
      card("Rerank configurations", rerankConfigs(receipt.retrieval ?? {})),
      card("Stage timings", stageChart(receipt.stages)),
    );
  } catch {
    // a Receipt of another shape (a broken or hostile file): its violations above say what is wrong
    container.append(card("Receipt", el("p", { class: "error", id: "receipt-unreadable" }, "This Receipt does not have the contract's shape, so it is not shown.")));
  }
  return validation;
}
