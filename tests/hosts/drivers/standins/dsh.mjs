// DeepSeek Harness peers the DSH plugin loads at run time: the message factory (`@deepseek-ai/dsh-llm`)
// and the native MCP client (`@deepseek-ai/dsh-mcp-client`), whose configuration is only recorded here.
export const mcpConfigurations = []

export function createUserMessage({ content, source }) {
  return { role: 'user', content, source }
}

export async function apply(_ctx, config) {
  mcpConfigurations.push(config)
}
