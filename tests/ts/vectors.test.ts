// The shared contract vectors through the compiled TypeScript package, generated/ts/dist/ (node --test).
// Run with `node tests/ts/run.mjs` (or `nox -s ts`), which compiles with tsc --strict first.

import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { describe, test } from "node:test";

import {
  BY_ID,
  parseContent,
  validatePreparedContext,
  validatePreparedContextFor,
  validatePreparedContextWithReceipt,
} from "../../generated/ts/dist/index.js";
// Internal helpers, not part of the package's entry point.
import { sha256Hex, utf8Encode, utf8Length } from "../../generated/ts/dist/semantic-rules.js";
import { factsOf, hasOptionalKey, loadVectors, verdict, type Vector } from "./harness.js";

const VECTORS = loadVectors();

function byId(id: string): Vector {
  const vector = VECTORS.find((v) => v.id === id);
  if (vector === undefined) throw new Error(`no vector ${id}`);
  return vector;
}

test("the vectors are there", () => {
  assert.ok(VECTORS.length >= 150, `only ${VECTORS.length} vectors`);
  assert.ok(VECTORS.filter((v) => !v.valid).length >= 60);
});

describe("every vector", () => {
  for (const vector of VECTORS) {
    test(vector.id, () => {
      const result = verdict(vector);
      const got = result.violations.map((v) => `${v.path} ${v.rule}`);
      assert.equal(result.ok, vector.valid, `verdict; got ${JSON.stringify(got)}`);
      assert.equal(result.ok, result.violations.length === 0);
      for (const expected of vector.violations) {
        assert.ok(got.includes(`${expected.path} ${expected.rule}`), `missing ${expected.path} ${expected.rule} in ${JSON.stringify(got)}`);
      }
      if (vector.kind === "response") {
        // The host entry point and the general form agree.
        assert.deepEqual(validatePreparedContextFor(vector.data, factsOf(vector)), result);
      }
    });
  }
});

describe("the default validator", () => {
  const host = { validatePreparedContext, validatePreparedContextWithReceipt };

  test("rejects every response vector that carries a receipt or a reason key", () => {
    const carrying = VECTORS.filter((v) => v.kind === "response" && hasOptionalKey(v.data));
    assert.ok(carrying.length >= 20);
    for (const vector of carrying) {
      const result = host.validatePreparedContext(vector.data, vector.context.max_bytes ?? 32768);
      assert.equal(result.ok, false, vector.id);
    }
  });

  test("rejects a receipt or a reason added to a valid four-key response", () => {
    const base = byId("response/ready/default").data as Record<string, unknown>;
    const receipt = (byId("response/ready/receipt").data as Record<string, unknown>)["receipt"];
    assert.equal(host.validatePreparedContext(base, 8000).ok, true);
    const withReason = host.validatePreparedContext({ ...base, reason: "inference_timeout" }, 8000);
    assert.deepEqual(withReason.violations, [{ path: "/reason", rule: "reason_requires_explain" }]);
    const withReceipt = { ...(byId("response/ready/receipt").data as Record<string, unknown>) };
    assert.deepEqual(host.validatePreparedContext(withReceipt, 8000).violations, [
      { path: "/receipt", rule: "receipt_requires_flag" },
    ]);
    assert.equal(host.validatePreparedContextWithReceipt(withReceipt, 8000).ok, true);
    assert.equal(host.validatePreparedContext({ ...base, receipt: null }, 8000).ok, false);
    assert.equal(host.validatePreparedContext({ ...base, receipt }, 8000).ok, false);
    assert.equal(host.validatePreparedContext({ ...base, extra: 1 }, 8000).ok, false);
  });

  test("a response without a receipt is valid for a host that asked for one", () => {
    const base = byId("response/ready/default").data;
    assert.equal(host.validatePreparedContextWithReceipt(base, 8000).ok, true);
  });

  test("enforces the host's max_bytes", () => {
    const base = byId("response/ready/default").data as { content_bytes: number };
    assert.equal(host.validatePreparedContext(base, base.content_bytes).ok, true);
    assert.deepEqual(host.validatePreparedContext(base, base.content_bytes - 1).violations, [
      { path: "/content_bytes", rule: "content_within_max_bytes" },
    ]);
  });

  test("refuses a maxBytes that is not a non-negative integer", () => {
    const base = byId("response/ready/default").data;
    assert.throws(() => host.validatePreparedContext(base, Number.NaN), TypeError);
    assert.throws(() => host.validatePreparedContextWithReceipt(base, 1.5), TypeError);
  });
});

describe("the bindings' own parts", () => {
  test("SHA-256 known answers", () => {
    const cases: [string, string][] = [
      ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
      ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
      ["a".repeat(55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"],
      ["a".repeat(56), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"],
      ["a".repeat(63), "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"],
      ["a".repeat(64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"],
      ["a".repeat(119), "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"],
      ["naïve 日本 😀", "cb7466fa2ca9c9fb4599eab0f98177aa4ee729b159f8ee138963189cdb4cffe8"],
      ["a".repeat(1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"],
    ];
    for (const [text, hex] of cases) assert.equal(sha256Hex(utf8Encode(text)), hex, `length ${text.length}`);
  });

  test("UTF-8 lengths and bytes match node's encoder", () => {
    for (const text of ["", "ascii", "é", "日本語", "😀x😀", "\u0000\u007f\u0080\u07ff\u0800\uffff", "a\ud800b", "\udc00"]) {
      assert.equal(utf8Length(text), Buffer.byteLength(text, "utf8"), JSON.stringify(text));
      assert.deepEqual(Buffer.from(utf8Encode(text)), Buffer.from(text, "utf8"), JSON.stringify(text));
    }
  });

  test("the operation table", () => {
    const prepare = BY_ID.prepare_context;
    assert.equal(prepare.method, "POST");
    assert.equal(prepare.path, "/v1/context/prepare");
    assert.equal(prepare.requestBody, "PrepareContextRequest");
    assert.deepEqual(prepare.success, [{ status: 200, model: "PreparedContext" }]);
    assert.deepEqual(prepare.scope, { access: "read", source: "body", references: true });
    const read = BY_ID.get_artifact_revision;
    assert.deepEqual(
      read.parameters.map((p) => [p.name, p.location]),
      [["scope_id", "path"], ["family", "path"], ["artifact_id", "path"], ["revision", "path"]],
    );
  });
});

describe("the content reader", () => {
  const content = (id: string): string => (byId(id).data as { content: string }).content;

  test("reads the envelope: a short artifact_ref, a referenced Scope's item, a code item", () => {
    const items = parseContent(content("response/cross_scope/receipt"));
    assert.ok(items !== null);
    assert.deepEqual(
      items.map((item) => [item.form, item.kind, item.scopeId]),
      [
        ["envelope", "atomic-memory", null],
        ["envelope", "experience", "project:shared-infra"],
        ["code", "code", "project:payments"],
      ],
    );
    assert.deepEqual(items[0]?.artifact, ["atomic-memory", "am-1", 2]);
    assert.ok(items[0]?.body.includes("\u2028"));
  });

  test("reads Markdown with its sections and code", () => {
    const items = parseContent(content("response/full/receipt"));
    assert.ok(items !== null && items.length === 30);
    assert.deepEqual(items[0]?.artifact, ["atomic-memory", "am-00", 1]);
    assert.equal(items.filter((item) => item.form === "markdown").length, 26);
  });

  test("refuses what the renderer never writes, reads nothing from nothing", () => {
    assert.equal(parseContent("[1] atomic-memory am-1@2"), null);
    assert.equal(parseContent(content("response/ready/receipt").replace('"items":[', '"items": [')), null);
    assert.deepEqual(parseContent(null), []);
  });
});
