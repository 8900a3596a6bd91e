// Generated from generated/ts/src/index.ts by TypeScript 5.9.3 (tsc); do not edit. Regenerate with `nox -s generate`.
// @pcreceipt/contract: pcreceipt's contract bindings for PowerContext host plugins (docs/hosts.md).

export { SEMANTIC_RULES, RECEIPT_MAX_BYTES, DEFAULT_ASSEMBLY_MAX_ENTRIES, checkCited } from "./semantic-rules.js";
export { parseContent } from "./citations.js";
export { validatePreparedContext, validatePreparedContextWithReceipt, validatePreparedContextFor, validatePrepareContextRequest, } from "./validators.js";
export { recallDiagnostic } from "./recall-diagnostic.js";
export { OPERATIONS, BY_ID, CONTRACT_VERSION } from "./operations.js";
export { diffReceipts, isEmptyDiff, ReceiptDiffError } from "./receipt-diff.js";
