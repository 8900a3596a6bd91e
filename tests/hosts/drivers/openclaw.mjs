// Plays the OpenClaw gateway for the memory-powercontext plugin (index.ts of the sdist, bundled): the
// plugin registers with the plugin API (its config holds the one setting a user gives, `endpoint`),
// its service starts, and one private session runs — for every prompt `before_prompt_build` (its
// `prependContext` goes before the prompt) and, after the model answered, `agent_end`; then
// `before_compaction` and `session_end`; then the `/pc` command. The logger records what it reports.
// Last, the model's tool calls (`tool_calls`): each tool is made by the plugin's own factory for the
// session's context and run through its `execute`; the `details` of each result are reported.
// usage: node openclaw.mjs <bundle dir> <result file>   (scenario JSON on stdin)
import { finish, load, resolveParameters, scenario, timed } from './common.mjs'

const input = scenario()
const entry = (await load(process.argv[2], 'plugin')).default

const logs = []
const handlers = new Map()
const commands = new Map()
const services = []
const toolFactories = []
const config = { plugins: { entries: { 'memory-powercontext': { enabled: true, config: input.plugin_config } } } }
const api = {
  id: entry.id,
  config,
  pluginConfig: input.plugin_config,
  runtime: {
    config: { current: () => config },
    agent: { session: { getSessionEntry: () => ({ chatType: 'direct' }) } },
  },
  logger: Object.fromEntries(['debug', 'info', 'warn', 'error'].map((level) => [level, (message) => logs.push({ level, message })])),
  on: (event, handler) => handlers.set(event, [...(handlers.get(event) ?? []), handler]),
  registerCommand: (command) => commands.set(command.name, command),
  registerMemoryCapability: () => undefined,
  registerTool: (factory) => toolFactories.push(factory),
  registerService: (service) => services.push(service),
}

async function fire(event, payload, ctx) {
  let result
  for (const handler of handlers.get(event) ?? []) result = (await handler(payload, ctx)) ?? result
  return result
}

entry.register(api)
for (const service of services) await service.start?.()

const ctx = {
  agentId: input.agent_id,
  sessionId: input.session_id,
  sessionKey: input.session_key,
  activeProjectKeys: [],
  channel: 'webchat',
}
const history = []
const turns = []
for (const prompt of input.prompts) {
  history.push({ role: 'user', content: [{ type: 'text', text: prompt }] })
  const { value, ms } = await timed(() => fire('before_prompt_build', { prompt, messages: [...history] }, ctx))
  turns.push({ prompt, prepend: value?.prependContext ?? null, ms })
  history.push({ role: 'assistant', content: [{ type: 'text', text: 'Done.' }] })
  await fire('agent_end', { success: true, messages: [...history] }, ctx)
}
await fire('before_compaction', { messages: [...history] }, ctx)
await fire('session_end', { sessionId: input.session_id, sessionKey: input.session_key }, ctx)

const results = {}
for (const args of input.commands ?? []) {
  results[args] = await commands.get('pc').handler({ args, agentId: input.agent_id, sessionKey: input.session_key })
}
const toolResults = []
for (const [index, { name, params }] of (input.tool_calls ?? []).entries()) {
  const tool = toolFactories.map((factory) => factory(ctx)).find((made) => made?.name === name)
  const result = await tool.execute(`call-${index}`, resolveParameters(params, toolResults), undefined)
  toolResults.push(result.details)
}
for (const service of services) await service.stop?.()
finish({ turns, logs, commands: results, tool_results: toolResults })
