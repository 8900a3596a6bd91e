// Generated from generated/ts/src/index.ts by TypeScript 5.9.3 (tsc); do not edit. Regenerate with `nox -s generate`.
// @pcreceipt/contract: pcreceipt's contract bindings for PowerContext host plugins (docs/hosts.md).

export type { Violation, RequestFacts, SemanticRule } from "./semantic-rules.js";
export { SEMANTIC_RULES, RECEIPT_MAX_BYTES, DEFAULT_ASSEMBLY_MAX_ENTRIES, checkCited } from "./semantic-rules.js";
export type { CitedItem } from "./citations.js";
export { parseContent } from "./citations.js";
export type { ValidationResult } from "./validators.js";
export { validatePreparedContext, validatePreparedContextWithReceipt, validatePreparedContextFor, validatePrepareContextRequest, } from "./validators.js";
export type { RecallDiagnostic, RecallOmission } from "./recall-diagnostic.js";
export { recallDiagnostic } from "./recall-diagnostic.js";
export type * from "./types.js";
export type { Operation, OperationId, Parameter, Success } from "./operations.js";
export { OPERATIONS, BY_ID } from "./operations.js";
export type { ReceiptDiff, DiffIdentity, DiffSelectedEntry, DiffMovedEntry, DiffItemChange, DiffOmitted, DiffRound, DiffSearchCell, DiffRerankConfig, DiffRerankGroup, } from "./receipt-diff.js";
export { diffReceipts, isEmptyDiff, ReceiptDiffError } from "./receipt-diff.js";
