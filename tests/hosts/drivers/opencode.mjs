// Plays OpenCode for the PowerContext plugin (src/index.ts and src/tui.tsx of the sdist, bundled).
// Server plugin: `session.created` (the plugin resolves and binds the session's Scope), then for every
// prompt `chat.message` (prepare + validator, capture) and `experimental.chat.messages.transform`
// (the plugin adds its synthetic context part to the user message). `app.log` records what it reports.
// TUI plugin: the `session_prompt_right` status slot is rendered (statistics for today and 30 days)
// and the `/pc` command is run through its prompt dialog for each scenario command (which may quote a
// tool result: `resolveText`); each command's alert is reported under the command as written.
// Then the model's tool calls (`tool_calls`), each through the plugin's own tool `execute` in the
// session (permission asks are granted); the JSON each returns is reported.
// usage: node opencode.mjs <bundle dir> <result file>   (scenario JSON on stdin)
import { finish, load, resolveParameters, resolveText, scenario, timed, until } from './common.mjs'
import { disposeAll, textOf } from './standins/solid.mjs'

const input = scenario()
const bundleDir = process.argv[2]
const logs = []
const pluginInput = {
  directory: input.cwd,
  worktree: input.cwd,
  client: {
    app: { log: async ({ body }) => { logs.push(body) } },
    session: { get: async ({ path }) => ({ data: { id: path.id, directory: input.cwd } }) },
  },
}

const server = (await load(bundleDir, 'server')).default
const hooks = await server.server(pluginInput)
const sessionID = input.session_id
await hooks.event({ event: { type: 'session.created', properties: { info: { id: sessionID, directory: input.cwd } } } })

const turns = []
let sequence = 0
for (const prompt of input.prompts) {
  sequence += 1
  const messageID = `msg_${String(sequence).padStart(4, '0')}`
  const parts = [{ type: 'text', text: prompt, messageID, sessionID }]
  const { ms } = await timed(() => hooks['chat.message'](
    { sessionID, messageID, agent: 'build' }, { message: { id: messageID, sessionID, role: 'user' }, parts }))
  const messages = [{ info: { id: messageID, sessionID, role: 'user' }, parts: parts.map((part) => ({ ...part })) }]
  await hooks['experimental.chat.messages.transform']({}, { messages })
  turns.push({ prompt, parts: messages[0].parts, ms })
}

const toolResults = []
const toolContext = { sessionID, messageID: 'msg_tools', agent: 'build', abort: new AbortController().signal, ask: async () => undefined }
for (const { name, params } of input.tool_calls ?? []) {
  const output = await hooks.tool[name].execute(resolveParameters(params, toolResults), toolContext)
  toolResults.push(JSON.parse(output))
}

const tui = (await load(bundleDir, 'tui')).default
const layers = []
const slots = []
let dialog
const api = {
  ui: {
    toast: (toast) => logs.push({ level: 'toast', message: JSON.stringify(toast) }),
    dialog: { clear: () => { dialog = undefined }, setSize: () => undefined, replace: (render) => { dialog = render() } },
    DialogAlert: (props) => ({ kind: 'alert', ...props }),
    DialogPrompt: (props) => ({ kind: 'prompt', ...props }),
  },
  keymap: { registerLayer: (layer) => layers.push(layer) },
  slots: { register: (registration) => slots.push(registration) },
  state: { session: { get: () => ({ directory: input.cwd }) }, path: { directory: input.cwd } },
  route: { current: { name: 'session', params: { sessionID } } },
  lifecycle: { signal: new AbortController().signal },
  theme: { current: { success: 'success', error: 'error', textMuted: 'muted' } },
}
await tui.tui(api)

const view = slots[0].slots.session_prompt_right({}, { session_id: sessionID })
const initial = textOf(view)
await until(() => textOf(view) !== initial)
const status = textOf(view)

const results = {}
const command = layers.flatMap((layer) => layer.commands).find((entry) => entry.slashName === 'pc')
for (const rawInput of input.commands ?? []) {
  command.run()
  const prompt = dialog
  prompt.onConfirm(resolveText(rawInput, toolResults))
  await until(() => dialog?.kind === 'alert')
  results[rawInput] = { title: dialog.title, message: dialog.message }
  dialog = undefined
}
disposeAll()
finish({ turns, logs, status: { initial, loaded: status }, commands: results, tool_results: toolResults })
