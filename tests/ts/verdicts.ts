// Prints every vector's verdict from the compiled TypeScript package as one JSON document, for
// tests/contract/test_ts_parity.py:
//   {"semantic_rules": [...], "verdicts": {id: {"valid", "violations"}},
//    "default": {id: ok of validatePreparedContext}}   (response vectors only)

import { SEMANTIC_RULES, validatePreparedContext } from "../../generated/ts/dist/index.js";
import { loadVectors, verdict } from "./harness.js";

const vectors = loadVectors();

const verdicts: Record<string, { valid: boolean; violations: readonly unknown[] }> = {};
for (const vector of vectors) {
  const result = verdict(vector);
  verdicts[vector.id] = { valid: result.ok, violations: result.violations };
}

const defaults: Record<string, boolean> = {};
for (const vector of vectors) {
  if (vector.kind === "response") {
    defaults[vector.id] = validatePreparedContext(vector.data, vector.context.max_bytes ?? 32768).ok;
  }
}

process.stdout.write(JSON.stringify({ semantic_rules: SEMANTIC_RULES, verdicts, default: defaults }) + "\n");
