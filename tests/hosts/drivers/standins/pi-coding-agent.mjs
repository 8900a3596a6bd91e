// Pi's extension API module: the extension only uses `defineTool` at run time.
export function defineTool(definition) {
  return definition
}
