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

// A tool call's parameters may quote an earlier call's result: the string "$result:<i>.<path>"
// stands for that value (path segments split on "."; numbers index arrays), so a scripted session
// can revise what it just remembered, as a model would.
export function resolveParameters(value, results) {
  if (typeof value === 'string' && value.startsWith('$result:')) {
    const [index, ...path] = value.slice('$result:'.length).split('.')
    let found = results[Number(index)]
    for (const segment of path) {
      if (found === undefined || found === null) throw new Error(`no value at ${value}`)
      found = found[segment]
    }
    if (found === undefined) throw new Error(`no value at ${value}`)
    return found
  }
  if (Array.isArray(value)) return value.map((item) => resolveParameters(item, results))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveParameters(item, results)]))
  }
  return value
}

// A typed command may quote an earlier tool result the same way, inside braces: "{$result:<i>.<path>}"
// is replaced by that value (a user typing back an id the model's tool returned).
export function resolveText(text, results) {
  return text.replace(/\{(\$result:[^}]+)\}/g, (_, reference) => String(resolveParameters(reference, results)))
}
