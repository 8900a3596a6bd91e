// Prints every vector's verdict from each host's bindings as one JSON document, for
// tests/contract/test_ts_parity.py:
//   {"semantic_rules": {...}, "hosts": {host: {id: {"valid", "violations"}}},
//    "default": {id: ok of validatePreparedContext}}   (response vectors only)

import { HOSTS, loadVectors, verdict } from "./harness.js";

const vectors = loadVectors();
const first = Object.values(HOSTS)[0];
if (first === undefined) throw new Error("no host bindings");

const hosts: Record<string, Record<string, { valid: boolean; violations: readonly unknown[] }>> = {};
for (const [name, host] of Object.entries(HOSTS)) {
  const verdicts: Record<string, { valid: boolean; violations: readonly unknown[] }> = {};
  for (const vector of vectors) {
    const result = verdict(host, vector);
    verdicts[vector.id] = { valid: result.ok, violations: result.violations };
  }
  hosts[name] = verdicts;
}

const defaults: Record<string, boolean> = {};
for (const vector of vectors) {
  if (vector.kind === "response") {
    defaults[vector.id] = first.validatePreparedContext(vector.data, vector.context.max_bytes ?? 32768).ok;
  }
}

process.stdout.write(JSON.stringify({ semantic_rules: first.SEMANTIC_RULES, hosts, default: defaults }) + "\n");
