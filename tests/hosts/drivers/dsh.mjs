// Plays DeepSeek Harness (a Cordis context) for the PowerContext DSH plugin (src/index.ts of the sdist,
// bundled): validates the plugin config with the plugin's own `Config`, applies the plugin with the
// services it injects, then for every prompt runs the `agent/pre-step` middleware the way DSH's agent
// does before a model step (the downstream step enters with the request's messages; the plugin may
// append its own). Then the user's `/pc` commands. The logger records what the plugin reports.
// usage: node dsh.mjs <bundle dir> <result file>   (scenario JSON on stdin)
import { finish, load, scenario, timed } from './common.mjs'

const input = scenario()
const plugin = await load(process.argv[2], 'plugin')

const logs = []
const handlers = new Map()
const commands = new Map()
const disposers = []
const services = {
  tools: { schemas: () => [] },
  agents: {},
  commands: { register: (definition) => commands.set(definition.name, definition) },
  skills: { register: () => undefined },
  systemPrompt: { section: () => undefined },
}
const ctx = {
  get: (name) => services[name],
  on: (event, handler) => handlers.set(event, handler),
  effect: (setup) => disposers.push(setup()),
  logger: {
    warn: (line) => logs.push({ level: 'warn', line }),
    info: (line) => logs.push({ level: 'info', line }),
    debug: (line) => logs.push({ level: 'debug', line }),
  },
}

const checked = plugin.Config['~standard'].validate(input.config)
if (checked.issues) throw new Error(`plugin config rejected: ${JSON.stringify(checked.issues)}`)
await plugin.apply(ctx, checked.value)

const header = { id: input.session_id, cwd: input.cwd }
const systemSnapshot = {
  role: 'user',
  content: [{ type: 'text', text: input.system_prompt }],
  source: { kind: 'plugin', plugin: '@deepseek-ai/dsh-system-prompt', form: 'snapshot' },
}
const turns = []
let turn = 0
for (const prompt of input.prompts) {
  turn += 1
  const messages = [systemSnapshot, { role: 'user', content: [{ type: 'text', text: prompt }], source: { kind: 'user' } }]
  const next = async () => ({ kind: 'enter', messages })
  const controller = new AbortController()
  const { value, ms } = await timed(() => handlers.get('agent/pre-step')(
    { agent: { session: { header } }, messages, turn, signal: controller.signal }, next))
  const appended = (value.messages ?? []).slice(messages.length).map((message) => ({
    section: message.source?.sections?.[0]?.name,
    text: message.content.map((block) => block.text).join(''),
  }))
  turns.push({ prompt, kind: value.kind, appended, ms })
}

const results = {}
for (const command of input.commands ?? []) {
  const controller = new AbortController()
  results[command] = await commands.get('pc').handler({
    rawInput: command, signal: controller.signal, agent: { session: { header } },
  })
}
for (const dispose of disposers) await dispose?.()
finish({ turns, commands: results, logs })
