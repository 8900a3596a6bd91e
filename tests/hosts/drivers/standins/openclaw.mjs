// The `openclaw/plugin-sdk/*` functions the memory plugin calls. OpenClaw's own helpers are richer;
// these keep their observable contract for the inputs the tests give (plain objects, `agent:<id>:<rest>`
// session keys).
export function definePluginEntry(entry) {
  return entry
}

export function asOptionalRecord(value) {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined
}

export function parseAgentSessionKey(key) {
  const match = /^agent:([^:]+):(.+)$/u.exec(key ?? '')
  return match ? { agentId: match[1], rest: match[2] } : undefined
}

export function isIncognitoSessionKey(key) {
  return typeof key === 'string' && key.split(':').includes('incognito')
}

export function asToolParamsRecord(value) {
  return asOptionalRecord(value) ?? {}
}

export function jsonResult(value) {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], details: value }
}

export function readStringParam(params, name, options = {}) {
  const value = params?.[name]
  if (typeof value === 'string' && value.trim()) return options.trim === false ? value : value.trim()
  if (options.required) throw new Error(`${name} required`)
  return undefined
}

export function readFiniteNumberParam(params, name) {
  const value = params?.[name]
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

export function readPositiveIntegerParam(params, name) {
  const value = params?.[name]
  return Number.isInteger(value) && value > 0 ? value : undefined
}
