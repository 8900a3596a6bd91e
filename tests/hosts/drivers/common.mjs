// Shared by the drivers: read the scenario (stdin), load a bundle, write the observations (argv[3]).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

export function scenario() {
  return JSON.parse(readFileSync(0, 'utf8'))
}

export async function load(bundleDir, name) {
  return import(pathToFileURL(join(bundleDir, `${name}.mjs`)).href)
}

export function finish(observations) {
  writeFileSync(process.argv[3], JSON.stringify(observations))
  // Plugins keep timers and sockets for a long-lived host; this run of the host ends here.
  process.exit(0)
}

export async function timed(work) {
  const started = performance.now()
  const value = await work()
  return { value, ms: Math.round(performance.now() - started) }
}

export async function until(predicate, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the plugin')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
