// Generated from codegen/ts/templates/receipt-diff.ts by codegen/generate.py; do not edit. Regenerate with `nox -s generate`.
// @pcreceipt/contract: pcreceipt's contract bindings for PowerContext host plugins (docs/hosts.md).

// Python counterpart: src/pcreceipt/contract/diff.py
// The diff of two saved prepare responses that carry a Receipt: what was added, removed or moved
// in `selected` (by exact identity), the omitted count deltas by (family, reason), the retrieval
// path and rerank configuration changes, and byte use. A port of pcreceipt's Python
// `pcreceipt.contract.diff.diff_responses` (docs/receipt-diff.md): the shared vectors in
// tests/vectors/diff/ hold both to the same output, and `JSON.stringify(diff, null, 2)` is byte
// for byte Python's `json.dumps(diff, indent=2, ensure_ascii=False)` (no floats in the output;
// every list in a stated order over integers and the contract's ASCII enums and digests).
// No I/O, no dependency beyond ES2020.

type Obj = Record<string, unknown>;
type Key = readonly (string | number | boolean | null)[];

/** An identity as the Receipt states it, keys in the contract's order. */
export interface DiffIdentity {
  kind: string;
  artifact_address?: { scope_id: string; artifact: { family: string; artifact_id: string; revision: number } };
  code_evidence?: {
    scope_id: string;
    fingerprint: string;
    path: string;
    file_sha256: string;
    start_line: number;
    end_line: number;
    snippet_sha256: string;
  };
}
export type DiffSelectedEntry = { rank: number } & DiffIdentity & { rendered_bytes: number; truncated: boolean };
export type DiffMovedEntry = DiffIdentity & { from: number; to: number };
export interface DiffItemSide {
  rank: number;
  rendered_bytes: number;
  truncated: boolean;
}
export type DiffItemChange = DiffIdentity & { a: DiffItemSide; b: DiffItemSide };
export interface DiffOmitted {
  family: string;
  reason: string;
  a: number;
  b: number;
  delta: number;
}
export interface DiffRound {
  round: number;
  a: { outcome: string; retained: boolean } | null;
  b: { outcome: string; retained: boolean } | null;
}
export interface DiffSearchGroup {
  mode: string;
  outcome: string;
  fallback_reason: string;
  count: number;
}
export interface DiffSearchCell {
  round: number;
  family: string;
  a: DiffSearchGroup[];
  b: DiffSearchGroup[];
}
export interface DiffRerankConfig {
  config_id: string;
  policy_id: string;
  model: string | null;
  prompt: {
    scope_id: string;
    key: string;
    selection: string;
    selected_version: number;
    compiled_digest: string;
  } | null;
}
export interface DiffRerankGroup {
  round: number;
  config_id: string;
  outcome: string;
  fallback_reason: string;
  a: number;
  b: number;
  delta: number;
}
export interface DiffBytesSide {
  content_bytes: number;
  requested_max_bytes: number;
  truncated: boolean;
}
export interface ReceiptDiff {
  selected: { added: DiffSelectedEntry[]; removed: DiffSelectedEntry[]; moved: DiffMovedEntry[] };
  omitted: DiffOmitted[];
  retrieval: {
    rounds: DiffRound[];
    searches: DiffSearchCell[];
    rerank_configs: { added: DiffRerankConfig[]; removed: DiffRerankConfig[] };
    reranks: DiffRerankGroup[];
  };
  bytes: {
    a: DiffBytesSide;
    b: DiffBytesSide;
    delta: { content_bytes: number; requested_max_bytes: number };
    items: DiffItemChange[];
  };
}

/** A side without a Receipt, or with one the diff cannot read. */
export class ReceiptDiffError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReceiptDiffError";
  }
}

function obj(value: unknown): Obj {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ReceiptDiffError("not an object");
  return value as Obj;
}

function list(value: unknown): Obj[] {
  if (!Array.isArray(value)) throw new ReceiptDiffError("not a list");
  return value.map(obj);
}

function field(value: Obj, name: string): unknown {
  if (!(name in value)) throw new ReceiptDiffError(`missing ${name}`);
  return value[name];
}

function num(value: Obj, name: string): number {
  const out = field(value, name);
  if (typeof out !== "number") throw new ReceiptDiffError(`${name} is not a number`);
  return out;
}

// Python's tuple order over the values the diff sorts by: numbers by value, strings by code unit
// (the same as Python's code point order for the ASCII enums and digests compared here).
function compareKeys(x: Key, y: Key): number {
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const [p, q] = [x[i], y[i]];
    if (p === q) continue;
    if (typeof p === "number" && typeof q === "number") return p - q;
    return String(p) < String(q) ? -1 : 1;
  }
  return x.length - y.length;
}

const keyText = (key: Key): string => JSON.stringify(key);

function sortedKeys(...maps: Map<string, Key>[]): Key[] {
  const all = new Map<string, Key>();
  for (const map of maps) for (const [text, key] of map) all.set(text, key);
  return [...all.values()].sort(compareKeys);
}

const CODE_FIELDS = ["scope_id", "fingerprint", "path", "file_sha256", "start_line", "end_line", "snippet_sha256"] as const;

function identity(item: Obj): DiffIdentity {
  const kind = field(item, "kind") as string;
  if ("artifact_address" in item) {
    const address = obj(item["artifact_address"]);
    const artifact = obj(field(address, "artifact"));
    return {
      kind,
      artifact_address: {
        scope_id: field(address, "scope_id") as string,
        artifact: {
          family: field(artifact, "family") as string,
          artifact_id: field(artifact, "artifact_id") as string,
          revision: num(artifact, "revision"),
        },
      },
    };
  }
  const code = obj(field(item, "code_evidence"));
  const out: Obj = {};
  for (const name of CODE_FIELDS) out[name] = field(code, name);
  return { kind, code_evidence: out as unknown as NonNullable<DiffIdentity["code_evidence"]> };
}

function identityKey(item: Obj): Key {
  const id = identity(item);
  if (id.artifact_address !== undefined) {
    const a = id.artifact_address;
    return ["history", a.scope_id, a.artifact.family, a.artifact.artifact_id, a.artifact.revision];
  }
  const code = id.code_evidence as unknown as Obj;
  return ["code", ...CODE_FIELDS.map((name) => code[name] as string | number)];
}

interface Ranked {
  rank: number;
  item: Obj;
}

// Identity (with its occurrence number, should one repeat) -> rank and item, in rank order.
function ranked(selected: Obj[]): Map<string, Ranked> {
  const out = new Map<string, Ranked>();
  const seen = new Map<string, number>();
  selected.forEach((item, index) => {
    const key = keyText(identityKey(item));
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    out.set(`${key}#${n}`, { rank: index + 1, item });
  });
  return out;
}

function entry({ rank, item }: Ranked): DiffSelectedEntry {
  return {
    rank,
    ...identity(item),
    rendered_bytes: num(item, "rendered_bytes"),
    truncated: field(item, "truncated") as boolean,
  };
}

function itemSide({ rank, item }: Ranked): DiffItemSide {
  return { rank, rendered_bytes: num(item, "rendered_bytes"), truncated: field(item, "truncated") as boolean };
}

function diffSelected(a: Obj[], b: Obj[]): [ReceiptDiff["selected"], DiffItemChange[]] {
  const [rankedA, rankedB] = [ranked(a), ranked(b)];
  const removed = [...rankedA].filter(([key]) => !rankedB.has(key)).map(([, r]) => entry(r));
  const added = [...rankedB].filter(([key]) => !rankedA.has(key)).map(([, r]) => entry(r));
  const moved: DiffMovedEntry[] = [];
  const items: DiffItemChange[] = [];
  for (const [key, after] of rankedB) {
    const before = rankedA.get(key);
    if (before === undefined) continue;
    if (before.rank !== after.rank) moved.push({ ...identity(after.item), from: before.rank, to: after.rank });
    const [x, y] = [itemSide(before), itemSide(after)];
    if (x.rendered_bytes !== y.rendered_bytes || x.truncated !== y.truncated) {
      items.push({ ...identity(after.item), a: x, b: y });
    }
  }
  return [{ added, removed, moved }, items];
}

function counts(groups: Obj[], fields: readonly string[]): [Map<string, Key>, Map<string, number>] {
  const keys = new Map<string, Key>();
  const out = new Map<string, number>();
  for (const group of groups) {
    const key = fields.map((name) => field(group, name) as string | number);
    const text = keyText(key);
    keys.set(text, key);
    out.set(text, (out.get(text) ?? 0) + num(group, "count"));
  }
  return [keys, out];
}

function countDeltas(a: Obj[], b: Obj[], fields: readonly string[]): Obj[] {
  const [keysA, countsA] = counts(a, fields);
  const [keysB, countsB] = counts(b, fields);
  const out: Obj[] = [];
  for (const key of sortedKeys(keysA, keysB)) {
    const text = keyText(key);
    const [before, after] = [countsA.get(text) ?? 0, countsB.get(text) ?? 0];
    if (before === after) continue;
    const row: Obj = {};
    fields.forEach((name, i) => (row[name] = key[i]));
    out.push({ ...row, a: before, b: after, delta: after - before });
  }
  return out;
}

const SEARCH_CELL = ["round", "family"] as const;
const SEARCH_GROUP = ["mode", "outcome", "fallback_reason"] as const;

function searchCells(searches: Obj[]): [Map<string, Key>, Map<string, DiffSearchGroup[]>] {
  const cellKeys = new Map<string, Key>();
  const cells = new Map<string, Obj[]>();
  for (const group of searches) {
    const cell = SEARCH_CELL.map((name) => field(group, name) as string | number);
    const text = keyText(cell);
    cellKeys.set(text, cell);
    cells.set(text, [...(cells.get(text) ?? []), group]);
  }
  const out = new Map<string, DiffSearchGroup[]>();
  for (const [text, groups] of cells) {
    const [keys, totals] = counts(groups, SEARCH_GROUP);
    out.set(
      text,
      sortedKeys(keys).map((key) => ({
        mode: key[0] as string,
        outcome: key[1] as string,
        fallback_reason: key[2] as string,
        count: totals.get(keyText(key)) ?? 0,
      })),
    );
  }
  return [cellKeys, out];
}

function diffSearches(a: Obj[], b: Obj[]): DiffSearchCell[] {
  const [keysA, cellsA] = searchCells(a);
  const [keysB, cellsB] = searchCells(b);
  const out: DiffSearchCell[] = [];
  for (const cell of sortedKeys(keysA, keysB)) {
    const text = keyText(cell);
    const [before, after] = [cellsA.get(text) ?? [], cellsB.get(text) ?? []];
    if (JSON.stringify(before) === JSON.stringify(after)) continue;
    out.push({ round: cell[0] as number, family: cell[1] as string, a: before, b: after });
  }
  return out;
}

function diffRounds(a: Obj[], b: Obj[]): DiffRound[] {
  const byRound = (rounds: Obj[]): Map<number, { outcome: string; retained: boolean }> =>
    new Map(
      rounds.map((r) => [
        num(r, "round"),
        { outcome: field(r, "outcome") as string, retained: field(r, "retained") as boolean },
      ]),
    );
  const [roundsA, roundsB] = [byRound(a), byRound(b)];
  const all = [...new Set([...roundsA.keys(), ...roundsB.keys()])].sort((x, y) => x - y);
  const out: DiffRound[] = [];
  for (const n of all) {
    const [x, y] = [roundsA.get(n) ?? null, roundsB.get(n) ?? null];
    if (JSON.stringify(x) !== JSON.stringify(y)) out.push({ round: n, a: x, b: y });
  }
  return out;
}

function configSummary(config: Obj): DiffRerankConfig {
  const prompt = field(config, "prompt");
  let summary: DiffRerankConfig["prompt"] = null;
  if (prompt !== null) {
    const p = obj(prompt);
    summary = {
      scope_id: field(p, "scope_id") as string,
      key: field(p, "key") as string,
      selection: field(p, "selection") as string,
      selected_version: num(p, "selected_version"),
      compiled_digest: field(p, "compiled_digest") as string,
    };
  }
  return {
    config_id: field(config, "config_id") as string,
    policy_id: field(config, "policy_id") as string,
    model: field(config, "model") as string | null,
    prompt: summary,
  };
}

function diffConfigs(a: Obj[], b: Obj[]): ReceiptDiff["retrieval"]["rerank_configs"] {
  const byId = (configs: Obj[]): Map<string, Obj> => new Map(configs.map((c) => [field(c, "config_id") as string, c]));
  const [configsA, configsB] = [byId(a), byId(b)];
  const only = (x: Map<string, Obj>, y: Map<string, Obj>): DiffRerankConfig[] =>
    [...x.keys()]
      .filter((id) => !y.has(id))
      .sort((p, q) => compareKeys([p], [q]))
      .map((id) => configSummary(x.get(id) as Obj));
  return { added: only(configsB, configsA), removed: only(configsA, configsB) };
}

function receiptOf(response: unknown, side: string): Obj {
  const receipt =
    typeof response === "object" && response !== null && !Array.isArray(response)
      ? (response as Obj)["receipt"]
      : undefined;
  if (typeof receipt !== "object" || receipt === null || Array.isArray(receipt)) {
    throw new ReceiptDiffError(`${side}: the response carries no Receipt`);
  }
  return receipt as Obj;
}

function bytesSide(response: Obj, receipt: Obj): DiffBytesSide {
  return {
    content_bytes: num(response, "content_bytes"),
    requested_max_bytes: num(receipt, "requested_max_bytes"),
    truncated: field(receipt, "truncated") as boolean,
  };
}

/** The diff from response `a` to response `b`, both saved prepare responses with a Receipt.
 * Throws ReceiptDiffError when a side has no Receipt or one the diff cannot read. */
export function diffReceipts(a: unknown, b: unknown): ReceiptDiff {
  const [receiptA, receiptB] = [receiptOf(a, "A"), receiptOf(b, "B")];
  try {
    const [selected, items] = diffSelected(list(field(receiptA, "selected")), list(field(receiptB, "selected")));
    const [retrievalA, retrievalB] = [obj(field(receiptA, "retrieval")), obj(field(receiptB, "retrieval"))];
    const part = (r: Obj, name: string): Obj[] => list(field(r, name));
    const [sideA, sideB] = [bytesSide(a as Obj, receiptA), bytesSide(b as Obj, receiptB)];
    return {
      selected,
      omitted: countDeltas(part(receiptA, "omitted"), part(receiptB, "omitted"), [
        "family",
        "reason",
      ]) as unknown as DiffOmitted[],
      retrieval: {
        rounds: diffRounds(part(retrievalA, "rounds"), part(retrievalB, "rounds")),
        searches: diffSearches(part(retrievalA, "searches"), part(retrievalB, "searches")),
        rerank_configs: diffConfigs(part(retrievalA, "rerank_configs"), part(retrievalB, "rerank_configs")),
        reranks: countDeltas(part(retrievalA, "reranks"), part(retrievalB, "reranks"), [
          "round",
          "config_id",
          "outcome",
          "fallback_reason",
        ]) as unknown as DiffRerankGroup[],
      },
      bytes: {
        a: sideA,
        b: sideB,
        delta: {
          content_bytes: sideB.content_bytes - sideA.content_bytes,
          requested_max_bytes: sideB.requested_max_bytes - sideA.requested_max_bytes,
        },
        items,
      },
    };
  } catch (error) {
    if (error instanceof ReceiptDiffError) throw new ReceiptDiffError(`a Receipt the diff cannot read (${error.message})`);
    throw error;
  }
}

/** True when nothing changed but the Receipts' ids and timings. */
export function isEmptyDiff(diff: ReceiptDiff): boolean {
  const { selected, retrieval, bytes } = diff;
  return !(
    selected.added.length ||
    selected.removed.length ||
    selected.moved.length ||
    diff.omitted.length ||
    retrieval.rounds.length ||
    retrieval.searches.length ||
    retrieval.rerank_configs.added.length ||
    retrieval.rerank_configs.removed.length ||
    retrieval.reranks.length ||
    bytes.delta.content_bytes ||
    bytes.delta.requested_max_bytes ||
    bytes.items.length ||
    bytes.a.truncated !== bytes.b.truncated
  );
}
