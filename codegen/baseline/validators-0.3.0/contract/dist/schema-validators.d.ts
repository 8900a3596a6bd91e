// Generated from codegen/ts/templates/schema-validators.d.ts by codegen/generate.py; do not edit. Regenerate with `nox -s generate`.
// @pcreceipt/contract: pcreceipt's contract bindings for PowerContext host plugins (docs/hosts.md).

// Types of ./schema-validators.js: ajv standalone validators (JSON Schema 2020-12, all errors
// collected, no messages). A validator returns whether the value is valid and leaves the errors
// of its last call in `errors` (null after a valid value).

/** One JSON Schema error: the instance location (a JSON Pointer) and the failed keyword. */
export interface SchemaError {
  readonly instancePath: string;
  readonly schemaPath: string;
  readonly keyword: string;
  readonly params: Readonly<Record<string, unknown>>;
}

export interface SchemaValidator {
  (value: unknown): boolean;
  errors?: readonly SchemaError[] | null;
}

/** schemas/prepare.schema.json#/$defs/PreparedContext (the Receipt included). */
export declare const PreparedContext: SchemaValidator;
/** schemas/prepare.schema.json#/$defs/PrepareContextRequest. */
export declare const PrepareContextRequest: SchemaValidator;
