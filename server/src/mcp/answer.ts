// A tool's answer: its structured content, and the same as JSON text for clients that read only text.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export function answer<T extends Record<string, unknown>>(structured: T): CallToolResult & { structuredContent: T } {
  return { content: [{ type: 'text', text: JSON.stringify(structured, null, 2) }], structuredContent: structured };
}
