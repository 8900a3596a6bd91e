// Generated from generated/ts/src/receipt-diff.ts by TypeScript 5.9.3 (tsc); do not edit. Regenerate with `nox -s generate`.
// @pcreceipt/contract: pcreceipt's contract bindings for PowerContext host plugins (docs/hosts.md).

/** An identity as the Receipt states it, keys in the contract's order. */
export interface DiffIdentity {
    kind: string;
    artifact_address?: {
        scope_id: string;
        artifact: {
            family: string;
            artifact_id: string;
            revision: number;
        };
    };
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
export type DiffSelectedEntry = {
    rank: number;
} & DiffIdentity & {
    rendered_bytes: number;
    truncated: boolean;
};
export type DiffMovedEntry = DiffIdentity & {
    from: number;
    to: number;
};
export interface DiffItemSide {
    rank: number;
    rendered_bytes: number;
    truncated: boolean;
}
export type DiffItemChange = DiffIdentity & {
    a: DiffItemSide;
    b: DiffItemSide;
};
export interface DiffOmitted {
    family: string;
    reason: string;
    a: number;
    b: number;
    delta: number;
}
export interface DiffRound {
    round: number;
    a: {
        outcome: string;
        retained: boolean;
    } | null;
    b: {
        outcome: string;
        retained: boolean;
    } | null;
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
    selected: {
        added: DiffSelectedEntry[];
        removed: DiffSelectedEntry[];
        moved: DiffMovedEntry[];
    };
    omitted: DiffOmitted[];
    retrieval: {
        rounds: DiffRound[];
        searches: DiffSearchCell[];
        rerank_configs: {
            added: DiffRerankConfig[];
            removed: DiffRerankConfig[];
        };
        reranks: DiffRerankGroup[];
    };
    bytes: {
        a: DiffBytesSide;
        b: DiffBytesSide;
        delta: {
            content_bytes: number;
            requested_max_bytes: number;
        };
        items: DiffItemChange[];
    };
}
/** A side without a Receipt, or with one the diff cannot read. */
export declare class ReceiptDiffError extends Error {
    constructor(message: string);
}
/** The diff from response `a` to response `b`, both saved prepare responses with a Receipt.
 * Throws ReceiptDiffError when a side has no Receipt or one the diff cannot read. */
export declare function diffReceipts(a: unknown, b: unknown): ReceiptDiff;
/** True when nothing changed but the Receipts' ids and timings. */
export declare function isEmptyDiff(diff: ReceiptDiff): boolean;
