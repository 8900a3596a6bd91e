// Generated from generated/ts/src/receipt-diff.ts by TypeScript 5.9.3 (tsc); do not edit. Regenerate with `nox -s generate`.
// @pcreceipt/contract: pcreceipt's contract bindings for PowerContext host plugins (docs/hosts.md).

/** A side without a Receipt, or with one the diff cannot read. */
export class ReceiptDiffError extends Error {
    constructor(message) {
        super(message);
        this.name = "ReceiptDiffError";
    }
}
function obj(value) {
    if (typeof value !== "object" || value === null || Array.isArray(value))
        throw new ReceiptDiffError("not an object");
    return value;
}
function list(value) {
    if (!Array.isArray(value))
        throw new ReceiptDiffError("not a list");
    return value.map(obj);
}
function field(value, name) {
    if (!(name in value))
        throw new ReceiptDiffError(`missing ${name}`);
    return value[name];
}
function num(value, name) {
    const out = field(value, name);
    if (typeof out !== "number")
        throw new ReceiptDiffError(`${name} is not a number`);
    return out;
}
// Python's tuple order over the values the diff sorts by: numbers by value, strings by code unit
// (the same as Python's code point order for the ASCII enums and digests compared here).
function compareKeys(x, y) {
    const n = Math.min(x.length, y.length);
    for (let i = 0; i < n; i++) {
        const [p, q] = [x[i], y[i]];
        if (p === q)
            continue;
        if (typeof p === "number" && typeof q === "number")
            return p - q;
        return String(p) < String(q) ? -1 : 1;
    }
    return x.length - y.length;
}
const keyText = (key) => JSON.stringify(key);
function sortedKeys(...maps) {
    const all = new Map();
    for (const map of maps)
        for (const [text, key] of map)
            all.set(text, key);
    return [...all.values()].sort(compareKeys);
}
const CODE_FIELDS = ["scope_id", "fingerprint", "path", "file_sha256", "start_line", "end_line", "snippet_sha256"];
function identity(item) {
    const kind = field(item, "kind");
    if ("artifact_address" in item) {
        const address = obj(item["artifact_address"]);
        const artifact = obj(field(address, "artifact"));
        return {
            kind,
            artifact_address: {
                scope_id: field(address, "scope_id"),
                artifact: {
                    family: field(artifact, "family"),
                    artifact_id: field(artifact, "artifact_id"),
                    revision: num(artifact, "revision"),
                },
            },
        };
    }
    const code = obj(field(item, "code_evidence"));
    const out = {};
    for (const name of CODE_FIELDS)
        out[name] = field(code, name);
    return { kind, code_evidence: out };
}
function identityKey(item) {
    const id = identity(item);
    if (id.artifact_address !== undefined) {
        const a = id.artifact_address;
        return ["history", a.scope_id, a.artifact.family, a.artifact.artifact_id, a.artifact.revision];
    }
    const code = id.code_evidence;
    return ["code", ...CODE_FIELDS.map((name) => code[name])];
}
// Identity (with its occurrence number, should one repeat) -> rank and item, in rank order.
function ranked(selected) {
    const out = new Map();
    const seen = new Map();
    selected.forEach((item, index) => {
        const key = keyText(identityKey(item));
        const n = (seen.get(key) ?? 0) + 1;
        seen.set(key, n);
        out.set(`${key}#${n}`, { rank: index + 1, item });
    });
    return out;
}
function entry({ rank, item }) {
    return {
        rank,
        ...identity(item),
        rendered_bytes: num(item, "rendered_bytes"),
        truncated: field(item, "truncated"),
    };
}
function itemSide({ rank, item }) {
    return { rank, rendered_bytes: num(item, "rendered_bytes"), truncated: field(item, "truncated") };
}
function diffSelected(a, b) {
    const [rankedA, rankedB] = [ranked(a), ranked(b)];
    const removed = [...rankedA].filter(([key]) => !rankedB.has(key)).map(([, r]) => entry(r));
    const added = [...rankedB].filter(([key]) => !rankedA.has(key)).map(([, r]) => entry(r));
    const moved = [];
    const items = [];
    for (const [key, after] of rankedB) {
        const before = rankedA.get(key);
        if (before === undefined)
            continue;
        if (before.rank !== after.rank)
            moved.push({ ...identity(after.item), from: before.rank, to: after.rank });
        const [x, y] = [itemSide(before), itemSide(after)];
        if (x.rendered_bytes !== y.rendered_bytes || x.truncated !== y.truncated) {
            items.push({ ...identity(after.item), a: x, b: y });
        }
    }
    return [{ added, removed, moved }, items];
}
function counts(groups, fields) {
    const keys = new Map();
    const out = new Map();
    for (const group of groups) {
        const key = fields.map((name) => field(group, name));
        const text = keyText(key);
        keys.set(text, key);
        out.set(text, (out.get(text) ?? 0) + num(group, "count"));
    }
    return [keys, out];
}
function countDeltas(a, b, fields) {
    const [keysA, countsA] = counts(a, fields);
    const [keysB, countsB] = counts(b, fields);
    const out = [];
    for (const key of sortedKeys(keysA, keysB)) {
        const text = keyText(key);
        const [before, after] = [countsA.get(text) ?? 0, countsB.get(text) ?? 0];
        if (before === after)
            continue;
        const row = {};
        fields.forEach((name, i) => (row[name] = key[i]));
        out.push({ ...row, a: before, b: after, delta: after - before });
    }
    return out;
}
const SEARCH_CELL = ["round", "family"];
const SEARCH_GROUP = ["mode", "outcome", "fallback_reason"];
function searchCells(searches) {
    const cellKeys = new Map();
    const cells = new Map();
    for (const group of searches) {
        const cell = SEARCH_CELL.map((name) => field(group, name));
        const text = keyText(cell);
        cellKeys.set(text, cell);
        cells.set(text, [...(cells.get(text) ?? []), group]);
    }
    const out = new Map();
    for (const [text, groups] of cells) {
        const [keys, totals] = counts(groups, SEARCH_GROUP);
        out.set(text, sortedKeys(keys).map((key) => ({
            mode: key[0],
            outcome: key[1],
            fallback_reason: key[2],
            count: totals.get(keyText(key)) ?? 0,
        })));
    }
    return [cellKeys, out];
}
function diffSearches(a, b) {
    const [keysA, cellsA] = searchCells(a);
    const [keysB, cellsB] = searchCells(b);
    const out = [];
    for (const cell of sortedKeys(keysA, keysB)) {
        const text = keyText(cell);
        const [before, after] = [cellsA.get(text) ?? [], cellsB.get(text) ?? []];
        if (JSON.stringify(before) === JSON.stringify(after))
            continue;
        out.push({ round: cell[0], family: cell[1], a: before, b: after });
    }
    return out;
}
function diffRounds(a, b) {
    const byRound = (rounds) => new Map(rounds.map((r) => [
        num(r, "round"),
        { outcome: field(r, "outcome"), retained: field(r, "retained") },
    ]));
    const [roundsA, roundsB] = [byRound(a), byRound(b)];
    const all = [...new Set([...roundsA.keys(), ...roundsB.keys()])].sort((x, y) => x - y);
    const out = [];
    for (const n of all) {
        const [x, y] = [roundsA.get(n) ?? null, roundsB.get(n) ?? null];
        if (JSON.stringify(x) !== JSON.stringify(y))
            out.push({ round: n, a: x, b: y });
    }
    return out;
}
function configSummary(config) {
    const prompt = field(config, "prompt");
    let summary = null;
    if (prompt !== null) {
        const p = obj(prompt);
        summary = {
            scope_id: field(p, "scope_id"),
            key: field(p, "key"),
            selection: field(p, "selection"),
            selected_version: num(p, "selected_version"),
            compiled_digest: field(p, "compiled_digest"),
        };
    }
    return {
        config_id: field(config, "config_id"),
        policy_id: field(config, "policy_id"),
        model: field(config, "model"),
        prompt: summary,
    };
}
function diffConfigs(a, b) {
    const byId = (configs) => new Map(configs.map((c) => [field(c, "config_id"), c]));
    const [configsA, configsB] = [byId(a), byId(b)];
    const only = (x, y) => [...x.keys()]
        .filter((id) => !y.has(id))
        .sort((p, q) => compareKeys([p], [q]))
        .map((id) => configSummary(x.get(id)));
    return { added: only(configsB, configsA), removed: only(configsA, configsB) };
}
function receiptOf(response, side) {
    const receipt = typeof response === "object" && response !== null && !Array.isArray(response)
        ? response["receipt"]
        : undefined;
    if (typeof receipt !== "object" || receipt === null || Array.isArray(receipt)) {
        throw new ReceiptDiffError(`${side}: the response carries no Receipt`);
    }
    return receipt;
}
function bytesSide(response, receipt) {
    return {
        content_bytes: num(response, "content_bytes"),
        requested_max_bytes: num(receipt, "requested_max_bytes"),
        truncated: field(receipt, "truncated"),
    };
}
/** The diff from response `a` to response `b`, both saved prepare responses with a Receipt.
 * Throws ReceiptDiffError when a side has no Receipt or one the diff cannot read. */
export function diffReceipts(a, b) {
    const [receiptA, receiptB] = [receiptOf(a, "A"), receiptOf(b, "B")];
    try {
        const [selected, items] = diffSelected(list(field(receiptA, "selected")), list(field(receiptB, "selected")));
        const [retrievalA, retrievalB] = [obj(field(receiptA, "retrieval")), obj(field(receiptB, "retrieval"))];
        const part = (r, name) => list(field(r, name));
        const [sideA, sideB] = [bytesSide(a, receiptA), bytesSide(b, receiptB)];
        return {
            selected,
            omitted: countDeltas(part(receiptA, "omitted"), part(receiptB, "omitted"), [
                "family",
                "reason",
            ]),
            retrieval: {
                rounds: diffRounds(part(retrievalA, "rounds"), part(retrievalB, "rounds")),
                searches: diffSearches(part(retrievalA, "searches"), part(retrievalB, "searches")),
                rerank_configs: diffConfigs(part(retrievalA, "rerank_configs"), part(retrievalB, "rerank_configs")),
                reranks: countDeltas(part(retrievalA, "reranks"), part(retrievalB, "reranks"), [
                    "round",
                    "config_id",
                    "outcome",
                    "fallback_reason",
                ]),
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
    }
    catch (error) {
        if (error instanceof ReceiptDiffError)
            throw new ReceiptDiffError(`a Receipt the diff cannot read (${error.message})`);
        throw error;
    }
}
/** True when nothing changed but the Receipts' ids and timings. */
export function isEmptyDiff(diff) {
    const { selected, retrieval, bytes } = diff;
    return !(selected.added.length ||
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
        bytes.a.truncated !== bytes.b.truncated);
}
