/**
 * The MCP SDK's own client, as an agent's host connects it to the emulator: over stdio (spawning
 * `mailcoach-emulator mcp --url ... --token ...`, server/mcp/stdio.ts) or over streamable HTTP to `/mcp`
 * (server/mcp/http.ts). Every protocol error the client sees (a line on stdout that is no JSON-RPC, a broken
 * answer) is kept in `errors`, which a test expects empty.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CLI } from './emulator-process.js';

export type McpTransportKind = 'stdio' | 'http';

export const MCP_TRANSPORTS: McpTransportKind[] = ['stdio', 'http'];

export interface McpConnection {
  client: Client;
  errors: Error[];
  /** What the stdio process wrote to stderr (empty over HTTP). */
  stderr(): string;
  /** Calls a tool: its whole result, and its text content joined. */
  call(name: string, args?: Record<string, unknown>): Promise<{ result: CallToolResult; text: string }>;
  close(): Promise<void>;
}

export async function connectMcp(kind: McpTransportKind, url: string, token: string | null): Promise<McpConnection> {
  let stderr = '';
  const transport =
    kind === 'stdio'
      ? new StdioClientTransport({
          command: process.execPath,
          args: [CLI, 'mcp', '--url', url, ...(token === null ? [] : ['--token', token])],
          stderr: 'pipe',
        })
      : new StreamableHTTPClientTransport(new URL('/mcp', url), {
          requestInit: { headers: token === null ? {} : { authorization: `Bearer ${token}` } },
        });
  if (transport instanceof StdioClientTransport) transport.stderr?.on('data', (chunk) => (stderr += chunk));
  const client = new Client({ name: 'mailcoach-emulator-tests', version: '1.0.0' });
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  return {
    client,
    errors,
    stderr: () => stderr,
    call: async (name, args = {}) => {
      const result = (await client.callTool({ name, arguments: args }, undefined, {
        timeout: 150_000,
      })) as CallToolResult;
      const text = result.content
        .filter((item) => item.type === 'text')
        .map((item) => item.text)
        .join('\n');
      return { result, text };
    },
    close: () => client.close(),
  };
}
