/**
 * MCP's streamable HTTP transport at /mcp on the running emulator, stateless: each POST gets a server of its own
 * (no session to keep, nothing to expire), answered as JSON. app.ts puts /mcp behind /_emulator's rules first (the
 * local surface's Host and cross-site checks, the token and its workspace); the tools then call /_emulator in this
 * process with the same token, so they see that workspace only.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { methodNotAllowed } from '../errors.js';
import { emulatorConnection } from './connection.js';
import { createMcpServer } from './server.js';
import { packageVersion } from './version.js';

export interface McpRequestContext {
  /** The request's token (bearer or `?token=`), or null for the default workspace. */
  token: string | null;
  /** The emulator's own app: the tools' requests to /_emulator go through it, in this process. */
  fetchEmulator: typeof fetch;
}

/**
 * Answers a request to /mcp. Only POST: a stateless server has no stream to offer on GET and no session to end on
 * DELETE, and the MCP spec lets it answer those with 405.
 */
export async function answerMcpRequest(request: Request, body: Uint8Array, context: McpRequestContext) {
  if (request.method !== 'POST') throw methodNotAllowed(request.method, '/mcp', ['POST']);
  // The request's own origin: the tools' links and checks resolve this emulator's pages against it.
  const url = new URL(request.url).origin;
  const connection = emulatorConnection({ ...context, url, outer: request.signal });
  const server = createMcpServer(connection, packageVersion());
  const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
  await server.connect(transport);
  try {
    // The body was read once already (the size limit and the token's middleware): handed over as it came.
    const copy = new Request(request.url, {
      method: 'POST',
      headers: request.headers,
      body: body as Uint8Array<ArrayBuffer>,
    });
    return await transport.handleRequest(copy);
  } finally {
    await server.close();
  }
}
