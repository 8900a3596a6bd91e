// The recall diagnostic through the compiled TypeScript package (node --test): on every shared
// case of tests/_support/recall_diagnostic.json it gives exactly the record the Python hosts' file
// (generated/python/pcreceipt_host_validators.py) gives; a planted body never reaches it.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { recallDiagnostic, type PrepareContextRequest } from "../../generated/ts/dist/index.js";
import { loadVectors } from "./harness.js";

interface Case {
  readonly id: string;
  readonly vector?: string;
  readonly data?: unknown;
  readonly request: PrepareContextRequest | number | null;
  readonly expected: unknown;
}

const SHARED = JSON.parse(
  readFileSync(join(process.cwd(), "tests", "_support", "recall_diagnostic.json"), "utf8"),
) as { planted: string; cases: Case[] };
const VECTORS = new Map(loadVectors().map((v) => [v.id, v]));

function dataOf(c: Case): unknown {
  if (c.vector === undefined) return c.data;
  const vector = VECTORS.get(c.vector);
  if (vector === undefined) throw new Error(`no vector ${c.vector}`);
  return vector.data;
}

test("the shared cases are there", () => {
  assert.ok(SHARED.cases.length >= 50, `only ${SHARED.cases.length} cases`);
  assert.ok(SHARED.cases.filter((c) => c.expected !== null).length >= 10);
});

test("TypeScript gives the Python record on every shared case", () => {
  for (const c of SHARED.cases) {
    assert.deepStrictEqual(recallDiagnostic(dataOf(c), c.request), c.expected, c.id);
  }
});

test("a planted body never reaches a diagnostic", () => {
  const planted = SHARED.cases.filter((c) => c.id.startsWith("planted/"));
  assert.equal(planted.length, 2);
  for (const c of planted) {
    const record = recallDiagnostic(dataOf(c), c.request);
    assert.notEqual(record, null, c.id);
    assert.ok(!JSON.stringify(record).includes(SHARED.planted), c.id);
  }
});

test("a wrong request is refused, an invalid response gives null", () => {
  assert.throws(() => recallDiagnostic({}, -1), TypeError);
  assert.equal(recallDiagnostic({ schema: "x" }), null);
  assert.equal(recallDiagnostic("not an object"), null);
});
