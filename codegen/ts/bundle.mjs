// The Node half of codegen/browser_bundle.py: bundles the compiled contract package into one
// browser ES module with the pinned esbuild (its JS API, which finds esbuild's platform binary
// whether or not npm ran esbuild's install script). Run by generate.py, never by hand:
//
//   node codegen/ts/bundle.mjs DIST_DIR
//
// prints the bundle on stdout. Relative paths only, so no absolute path can reach the output (esbuild's comments name
// files relative to absWorkingDir).

import { resolve } from "node:path";

import { build } from "esbuild";

const [dist] = process.argv.slice(2);
if (!dist) {
  process.stderr.write("usage: node codegen/ts/bundle.mjs DIST_DIR\n");
  process.exit(1);
}
const result = await build({
  absWorkingDir: resolve(dist),
  entryPoints: ["./index.js"],
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "es2020",
  charset: "utf8",
  legalComments: "none",
  logLevel: "warning",
  write: false,
});
process.stdout.write(result.outputFiles[0].text);
