// The TypeScript test runner.
//
//   node tests/ts/run.mjs              tsc --strict --noEmit over the package's src/ and dist/*.d.ts
//                                      (generated/ts/), then compile tests/ts/*.ts (tsc --strict)
//                                      against the compiled package (generated/ts/dist/) and run
//                                      them with node --test (one summary line unless a test fails)
//   node tests/ts/run.mjs --verdicts   compile, then print every vector's verdict from the package
//                                      as JSON (tests/contract/test_ts_parity.py reads it)
//
// PCRECEIPT_VECTORS (folders separated like PATH) replaces tests/vectors as the vector source.
//
// Needs the pinned tools: `npm ci --prefix codegen/ts` (nox -s ts and nox -s ci run it). The
// compiled output goes to a temporary directory that is removed afterwards.

import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const TSC = join(ROOT, "codegen", "ts", "node_modules", "typescript", "bin", "tsc");
const DIST = join("generated", "ts", "dist");
const TESTS = ["vectors.test.js", "diff.test.js"];

function run(args, options = {}) {
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: "inherit", ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

// node --test with its TAP report kept back: one summary line when every test passes, the
// whole report when one fails (or when the counts cannot be read).
function runTests(files, env) {
  const result = spawnSync(process.execPath, ["--test", "--test-reporter=tap", ...files], {
    cwd: ROOT,
    env,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  const count = (name) => Number((result.stdout.match(new RegExp(`^# ${name} (\\d+)$`, "m")) || [])[1]);
  const [passed, failed] = [count("pass"), count("fail")];
  const status = result.status ?? 1;
  if (status !== 0 || !Number.isInteger(passed) || failed !== 0) {
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
    return status || 1;
  }
  process.stdout.write(`typescript vectors: ${passed} passed, ${failed} failed\n`);
  return 0;
}

function main() {
  const verdicts = process.argv.includes("--verdicts");
  if (!existsSync(TSC)) {
    process.stderr.write("tests/ts/run.mjs: TypeScript is not installed; run `npm ci --prefix codegen/ts` first\n");
    return 2;
  }
  if (!verdicts) {
    // The package alone, with no ambient types, as a host that vendors src/ compiles it.
    const status = run([TSC, "--strict", "--noEmit", "-p", join("codegen", "ts", "tsconfig.json")]);
    if (status !== 0) return status;
  }
  const out = mkdtempSync(join(tmpdir(), "pcreceipt-ts-"));
  try {
    const compiled = run([TSC, "--strict", "-p", join("tests", "ts", "tsconfig.json"), "--outDir", out], {
      stdio: verdicts ? ["ignore", process.stderr, "inherit"] : "inherit",
    });
    if (compiled !== 0) return compiled;
    writeFileSync(join(out, "package.json"), '{"type": "module"}\n');
    // The compiled tests import ../../generated/ts/dist/*.js relative to themselves.
    cpSync(join(ROOT, DIST), join(out, DIST), { recursive: true });
    const env = { ...process.env, PCRECEIPT_VECTORS: process.env.PCRECEIPT_VECTORS || join(ROOT, "tests", "vectors") };
    if (verdicts) return run([join(out, "tests", "ts", "verdicts.js")], { env });
    return runTests(TESTS.map((name) => join(out, "tests", "ts", name)), env);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

process.exitCode = main();
