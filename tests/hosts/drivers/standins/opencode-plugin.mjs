// `@opencode-ai/plugin`: `tool(definition)` returns the definition; `tool.schema` is a schema builder
// (zod in OpenCode). The automatic lifecycle never validates tool arguments, so any chain of builder
// calls yields another builder.
function builder() {
  const target = function schema() {}
  return new Proxy(target, {
    get: (_target, property) => (property === 'then' ? undefined : () => builder()),
    apply: () => builder(),
  })
}

export function tool(definition) {
  return definition
}
tool.schema = builder()
