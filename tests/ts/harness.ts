// The TypeScript executor of the shared contract vectors (tests/vectors/**.json): the mirror of
// tests/_support/vectors.py, run against the compiled TypeScript package (generated/ts/dist/, what a
// host gets from `npm install`).

import { readdirSync, readFileSync } from "node:fs";
import { delimiter, join } from "node:path";

import {
  DEFAULT_ASSEMBLY_MAX_ENTRIES,
  type RequestFacts,
  type ValidationResult,
  validatePreparedContext,
  validatePreparedContextFor,
  validatePreparedContextWithReceipt,
  validatePrepareContextRequest,
} from "../../generated/ts/dist/index.js";

export interface Expected {
  readonly path: string;
  readonly rule: string;
}

export interface Vector {
  readonly id: string;
  readonly description: string;
  readonly kind: "request" | "response";
  readonly context: {
    readonly max_bytes?: number;
    readonly include_receipt?: boolean | null;
    readonly explain?: boolean | null;
    readonly assembly_max_entries?: number;
  };
  readonly data: unknown;
  readonly valid: boolean;
  readonly violations: readonly Expected[];
}

/**
 * The vector folders: PCRECEIPT_VECTORS (one or more, separated like PATH; tests/ts/run.mjs sets
 * it to tests/vectors unless it is already set), else tests/vectors under the cwd.
 */
export function vectorRoots(): string[] {
  const configured = process.env["PCRECEIPT_VECTORS"];
  return configured ? configured.split(delimiter) : [join(process.cwd(), "tests", "vectors")];
}

export function loadVectors(roots: readonly string[] = vectorRoots()): Vector[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      // diff/ holds the receipt diff vectors (diff.test.ts), not contract vectors.
      if (entry.isDirectory()) {
        if (entry.name !== "diff") walk(path);
      } else if (entry.name.endsWith(".json")) files.push(path);
    }
  };
  roots.forEach(walk);
  return files.sort().map((file) => JSON.parse(readFileSync(file, "utf8")) as Vector);
}

/** What the request said, as tests/_support/vectors.py passes it to the gate (missing: unknown). */
export function factsOf(vector: Vector): RequestFacts {
  const { max_bytes: maxBytes, include_receipt: includeReceipt, explain } = vector.context;
  return { maxBytes: maxBytes ?? null, includeReceipt: includeReceipt ?? null, explain: explain ?? null };
}

/**
 * The verdict of one vector, through the entry point a host would use: requests through
 * validatePrepareContextRequest; responses through validatePreparedContextWithReceipt when the
 * request sent include_receipt: true, validatePreparedContext when it sent neither flag, and the
 * general validatePreparedContextFor otherwise (explain: true, or an unknown flag).
 */
export function verdict(vector: Vector): ValidationResult {
  if (vector.kind === "request") {
    return validatePrepareContextRequest(vector.data, vector.context.assembly_max_entries ?? DEFAULT_ASSEMBLY_MAX_ENTRIES);
  }
  const facts = factsOf(vector);
  if (typeof facts.maxBytes === "number" && facts.explain === false) {
    if (facts.includeReceipt === true) return validatePreparedContextWithReceipt(vector.data, facts.maxBytes);
    if (facts.includeReceipt === false) return validatePreparedContext(vector.data, facts.maxBytes);
  }
  return validatePreparedContextFor(vector.data, facts);
}

/** Whether a response message carries a receipt or reason key (the default check must refuse it). */
export function hasOptionalKey(data: unknown): boolean {
  return data !== null && typeof data === "object" && ("receipt" in data || "reason" in data);
}
