// The receipt diff vectors (tests/vectors/diff/) through the compiled package's diffReceipts: the
// same JSON text as pcreceipt's Python diff (tests/contract/test_diff.py), byte for byte.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";

import { diffReceipts, isEmptyDiff, ReceiptDiffError } from "../../generated/ts/dist/index.js";
import { vectorRoots } from "./harness.js";

interface DiffVector {
  id: string;
  source: string;
  a: unknown;
  b: unknown;
  expected: unknown;
}

function loadDiffVectors(): DiffVector[] {
  const folder = join(vectorRoots()[0] ?? "", "diff");
  return readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(folder, name), "utf8")) as DiffVector);
}

const VECTORS = loadDiffVectors();

test("there is a vector for every kind of change", () => {
  const kinds = VECTORS.map((v) => v.id.replace(/^diff\//, "")).sort();
  assert.deepEqual(kinds, [
    "added",
    "bytes",
    "code",
    "identical",
    "moved",
    "omitted",
    "removed",
    "rerank",
    "revision",
    "rounds",
    "search",
    "truncation",
  ]);
});

describe("every diff vector", () => {
  for (const vector of VECTORS) {
    test(vector.id, () => {
      const got = diffReceipts(vector.a, vector.b);
      assert.deepEqual(Object.keys(got), ["selected", "omitted", "retrieval", "bytes"]);
      assert.equal(JSON.stringify(got, null, 2), JSON.stringify(vector.expected, null, 2));
      assert.equal(isEmptyDiff(got), vector.id === "diff/identical");
    });
  }
});

test("a side without a Receipt is an error naming the side", () => {
  const some = VECTORS[0];
  assert.ok(some !== undefined);
  assert.throws(() => diffReceipts({ content_bytes: 0 }, some.b), (e: unknown) => e instanceof ReceiptDiffError && /^A: /.test(e.message));
  assert.throws(() => diffReceipts(some.a, { receipt: null }), (e: unknown) => e instanceof ReceiptDiffError && /^B: /.test(e.message));
  assert.throws(() => diffReceipts({ receipt: {}, content_bytes: 0 }, some.b), ReceiptDiffError);
});

test("swapping the sides swaps added and removed", () => {
  for (const vector of VECTORS) {
    const [forward, backward] = [diffReceipts(vector.a, vector.b), diffReceipts(vector.b, vector.a)];
    assert.deepEqual(forward.selected.added, backward.selected.removed);
    assert.deepEqual(forward.selected.removed, backward.selected.added);
    assert.equal(forward.selected.moved.length, backward.selected.moved.length);
  }
});
