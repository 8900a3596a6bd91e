// Plays Pi for the PowerContext extension (extensions/powercontext.ts of the sdist, bundled):
// loads it with an ExtensionAPI, then runs a session the way Pi's agent loop does — for every prompt
// `before_agent_start` (its result becomes the system prompt), the user message joins the branch,
// `agent_end`; at exit `session_shutdown`. Then the user's `/pc` commands, reported through `ui.notify`.
// Last, the model's tool calls (`tool_calls`: name + parameters), each through the tool's own
// `prepareArguments` and `execute`, as Pi's agent loop runs them; their `details` are reported, and the
// text content the model reads with the error flag (`tool_texts`).
// usage: node pi.mjs <bundle dir> <result file>   (scenario JSON on stdin)
import { finish, load, resolveParameters, scenario, timed } from './common.mjs'

const input = scenario()
const handlers = new Map()
const commands = new Map()
const tools = new Map()
const pi = {
  on(event, handler) {
    handlers.set(event, [...(handlers.get(event) ?? []), handler])
  },
  registerTool(tool) {
    tools.set(tool.name, tool)
  },
  registerCommand(name, definition) {
    commands.set(name, definition)
  },
}

async function fire(event, payload, ctx) {
  let result
  for (const handler of handlers.get(event) ?? []) result = (await handler(payload, ctx)) ?? result
  return result
}

const { default: extension } = await load(process.argv[2], 'extension')
extension(pi)

const branch = []
let notes = []
const ctx = {
  cwd: input.cwd,
  hasUI: true,
  signal: undefined,
  sessionManager: { getSessionId: () => input.session_id, getBranch: () => [...branch] },
  ui: {
    confirm: async () => true,
    notify: (message, level) => notes.push({ message, level }),
  },
}

const turns = []
for (const prompt of input.prompts) {
  const systemPrompt = input.system_prompt
  const { value, ms } = await timed(() => fire('before_agent_start', { type: 'before_agent_start', prompt, systemPrompt }, ctx))
  turns.push({ prompt, system_prompt: value?.systemPrompt ?? systemPrompt, ms })
  branch.push({ type: 'message', message: { role: 'user', content: [{ type: 'text', text: prompt }] } })
  branch.push({ type: 'message', message: { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] } })
  await fire('agent_end', { type: 'agent_end', messages: [] }, ctx)
}
await fire('session_shutdown', { type: 'session_shutdown' }, ctx)

const results = {}
for (const command of input.commands ?? []) {
  notes = []
  await commands.get('pc').handler(command, ctx)
  results[command] = notes
}
const toolResults = []
const toolTexts = []
for (const [index, { name, params }] of (input.tool_calls ?? []).entries()) {
  const tool = tools.get(name)
  let args = resolveParameters(params, toolResults)
  if (tool.prepareArguments) args = tool.prepareArguments(args)
  const result = await tool.execute(`call-${index}`, args, undefined, undefined, ctx)
  toolResults.push(result.details)
  toolTexts.push({ text: result.content.map((part) => part.text).join(''), is_error: result.isError })
}
finish({ turns, commands: results, tools: [...tools.keys()].sort(), tool_results: toolResults, tool_texts: toolTexts })
