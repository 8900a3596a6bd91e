// The Node half of codegen/generate.py: compiles the bundled contract into the TypeScript
// bindings' two tool-made parts. Run by generate.py, never by hand:
//
//   node codegen/ts/build.mjs CONTRACT_SCHEMA_JSON OUT_DIR
//
// writes, without any header (generate.py adds the per-host headers):
//   OUT_DIR/schema-validators.js  ajv standalone ESM validators (JSON Schema 2020-12), one per
//                                 message, with ajv's runtime helpers inlined so the file
//                                 imports nothing
//   OUT_DIR/types.ts              json-schema-to-typescript types of the prepare messages
// and prints {"generators": {name: version}} on stdout. Output depends only on the input file
// and the versions pinned in package-lock.json.

import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

import Ajv2020Module from "ajv/dist/2020.js";
import standaloneModule from "ajv/dist/standalone/index.js";
import { compile } from "json-schema-to-typescript";

const require = createRequire(import.meta.url);
const Ajv2020 = Ajv2020Module.default;
const standaloneCode = standaloneModule.default;

// The messages that get a compiled validator, by export name.
const VALIDATED = ["PreparedContext", "PrepareContextRequest"];
// The definitions that get TypeScript types (with everything they reference).
const TYPED = ["PrepareContextRequest", "PreparedContext", "PreparedContextReceipt"];
// Annotation keywords that never change a verdict; dropped before compiling validators so the
// embedded schema constants stay small.
const ANNOTATIONS = new Set(["description", "title", "default", "examples", "$comment"]);

function fail(message) {
  process.stderr.write(`codegen/ts/build.mjs: ${message}\n`);
  process.exit(1);
}

function versionOf(name) {
  return JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")).version;
}

function stripKeys(node, drop, inProperties = false) {
  if (Array.isArray(node)) return node.map((item) => stripKeys(item, drop));
  if (node === null || typeof node !== "object") return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    // Inside "properties" / "$defs" the keys are names, not keywords.
    if (!inProperties && drop.has(key)) continue;
    const names = !inProperties && (key === "properties" || key === "$defs");
    out[key] = stripKeys(value, drop, names);
  }
  return out;
}

// ajv standalone code `require`s its runtime helpers even in ESM mode. Inline each helper that is
// a self-contained function (its source taken from the pinned ajv), and refuse anything else.
const INLINABLE = new Set(["ajv/dist/runtime/ucs2length"]);

function inlineRuntime(source) {
  return source.replace(/require\("([^"]+)"\)\.default/g, (_, module) => {
    if (!INLINABLE.has(module)) fail(`ajv standalone code needs ${module}, which is not inlined`);
    return `(${require(module).default.toString()})`;
  });
}

function validators(contract) {
  const ajv = new Ajv2020({
    code: { source: true, esm: true, lines: true },
    allErrors: true,
    messages: false,
    strict: true,
    // if/then branches constrain properties without repeating "type": "object"; that is fine.
    strictTypes: false,
  });
  ajv.addSchema(stripKeys(contract, ANNOTATIONS));
  const refs = Object.fromEntries(VALIDATED.map((name) => [name, `${contract.$id}#/$defs/${name}`]));
  const source = inlineRuntime(standaloneCode(ajv, refs));
  if (/\brequire\(|\bimport\s*[({]|\bimport\s+["'\w]/.test(source)) fail("standalone code still imports a module");
  return source.replace(/^"use strict";\n?/, "");
}

function closure(defs, roots) {
  const need = new Set();
  const walk = (node) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "$ref") {
          const name = value.split("/").pop();
          if (!need.has(name)) {
            need.add(name);
            walk(defs[name]);
          }
        } else walk(value);
      }
    }
  };
  for (const root of roots) {
    need.add(root);
    walk(defs[root]);
  }
  return [...need].sort();
}

// The shape the types describe. Conditional keywords (if/then/else, not) narrow values without
// changing the static shape, and json-schema-to-typescript would turn each if/then into a
// duplicated intersection, so they go. A description beside a $ref to an object definition would
// make a second, numbered copy of that type, so it goes too. An object whose oneOf branches add
// properties becomes a union of complete branch objects (SelectedItem: History | Code).
function shapeOnly(node, defs) {
  if (Array.isArray(node)) return node.map((item) => shapeOnly(item, defs));
  if (node === null || typeof node !== "object") return node;
  if (typeof node.$ref === "string" && defs[node.$ref.split("/").pop()]?.type === "object") {
    return { $ref: node.$ref };
  }
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "if" || key === "then" || key === "else" || key === "not") continue;
    if (key === "allOf") {
      const kept = value.map((branch) => shapeOnly(branch, defs)).filter((branch) => Object.keys(branch).length > 0);
      if (kept.length > 0) out[key] = kept;
      continue;
    }
    out[key] = shapeOnly(value, defs);
  }
  return distributeOneOf(out);
}

function distributeOneOf(node) {
  if (!Array.isArray(node.oneOf) || node.properties === undefined) return node;
  const { oneOf, properties, required = [], unevaluatedProperties, additionalProperties, ...rest } = node;
  return {
    ...rest,
    oneOf: oneOf.map((branch) => ({
      ...branch,
      type: "object",
      additionalProperties: false,
      required: [...new Set([...required, ...(branch.required ?? [])])],
      properties: { ...properties, ...(branch.properties ?? {}) },
    })),
  };
}

async function types(contract) {
  const defs = contract.$defs;
  const names = closure(defs, TYPED);
  const schema = {
    $schema: contract.$schema,
    title: "PrepareMessage",
    description: "Any of the prepare messages: the request, the response, or a Receipt on its own.",
    anyOf: TYPED.map((name) => ({ $ref: `#/$defs/${name}` })),
    $defs: Object.fromEntries(names.map((name) => [name, shapeOnly(defs[name], defs)])),
  };
  return compile(schema, "PrepareMessage", {
    bannerComment: "",
    additionalProperties: false,
    strictIndexSignatures: true,
    unreachableDefinitions: false,
    maxItems: -1,
    format: true,
    cwd: process.cwd(),
  });
}

async function main() {
  const [contractPath, outDir] = process.argv.slice(2);
  if (!contractPath || !outDir) fail("usage: node codegen/ts/build.mjs CONTRACT_SCHEMA_JSON OUT_DIR");
  const contract = JSON.parse(readFileSync(contractPath, "utf8"));
  writeFileSync(join(outDir, "schema-validators.js"), validators(contract));
  writeFileSync(join(outDir, "types.ts"), await types(contract));
  const generators = Object.fromEntries(
    ["ajv", "json-schema-to-typescript", "prettier"].map((name) => [name, versionOf(name)]),
  );
  process.stdout.write(JSON.stringify({ generators }) + "\n");
}

await main();
