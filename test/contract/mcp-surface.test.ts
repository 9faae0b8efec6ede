/**
 * Who may use the MCP server (server/mcp/http.ts, stdio.ts; app.ts mounts /mcp under /_emulator's rules): a token
 * when one is needed, per-token workspaces with --isolate, no other site's page (a cross-origin POST, a rebound
 * Host), POST only; and the stdio command's own surface: its options, its help, and an emulator it cannot reach.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, useEmulator } from '../support/emulator-process.js';
import { apiClient, ok, rawRequest } from '../support/http.js';
import { connectMcp, MCP_TRANSPORTS, type McpConnection } from '../support/mcp-client.js';

const CROSS_SITE =
  "Cross-site requests cannot change the emulator: send it from the emulator's own pages or from a non-browser client.";

/** A JSON-RPC request to /mcp as a client sends it. */
const rpc = (method: string, params: Record<string, unknown> = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

const searchTotal = async (mcp: McpConnection, query: string) =>
  ((await mcp.call('search_messages', { query })).result.structuredContent as { meta: { total: number } }).meta.total;

describe('with --isolate', () => {
  const emulator = useEmulator({ args: ['--isolate', '--any-token'] });
  beforeAll(async () => {
    ok(
      await apiClient(emulator().url, 'token-a').post('/api/transactional-mails/send', {
        json: { from: 'app@example.com', to: 'isolated@example.com', subject: 'For A only', text: 'Hi' },
      }),
    );
  });

  describe.each(MCP_TRANSPORTS)('over %s', (kind) => {
    it("a token sees its own workspace's mail, another token's sees nothing", async () => {
      const a = await connectMcp(kind, emulator().url, 'token-a');
      const b = await connectMcp(kind, emulator().url, 'token-b');
      try {
        expect(await searchTotal(a, 'to:isolated@example.com')).toBe(1);
        expect(await searchTotal(b, 'to:isolated@example.com')).toBe(0);
        expect(await searchTotal(b, '')).toBe(0);
        const wait = await b.call('wait_for_message', { query: 'to:isolated@example.com', timeout_ms: 0 });
        expect(wait.result.isError).toBe(true);
        expect(wait.text).toContain('The inbox is empty.');
      } finally {
        await a.close();
        await b.close();
      }
      expect([...a.errors, ...b.errors]).toEqual([]);
    });
  });
});

describe('when a token is required (--ui-token required)', () => {
  const emulator = useEmulator({ args: ['--ui-token', 'required'] });

  it('refuses /mcp without the token, and answers with it', async () => {
    const refused = await rawRequest(emulator().url, {
      method: 'POST',
      path: '/mcp',
      headers: MCP_HEADERS,
      body: rpc('tools/list'),
    });
    expect(refused.status).toBe(401);
    expect(refused.json().message).toContain('need an accepted token');

    const wrong = await rawRequest(emulator().url, {
      method: 'POST',
      path: '/mcp',
      headers: { ...MCP_HEADERS, authorization: 'Bearer not-a-token' },
      body: rpc('tools/list'),
    });
    expect(wrong.status).toBe(401);

    const mcp = await connectMcp('http', emulator().url, emulator().token);
    expect((await mcp.client.listTools()).tools.length).toBe(11);
    await mcp.close();
  });

  it('over stdio without the token, each tool answers the refusal as a tool error', async () => {
    const mcp = await connectMcp('stdio', emulator().url, null);
    try {
      const { result, text } = await mcp.call('search_messages');
      expect(result.isError).toBe(true);
      expect(text).toContain('answered 401');
    } finally {
      await mcp.close();
    }
  });
});

describe('on loopback (the default)', () => {
  const emulator = useEmulator({ args: [] });
  let mcp: McpConnection;
  beforeAll(async () => {
    mcp = await connectMcp('http', emulator().url, null);
    ok(
      await apiClient(emulator().url, emulator().token).post('/api/transactional-mails/send', {
        json: { from: 'app@example.com', to: 'kept@example.com', subject: 'Kept', text: 'Hi' },
      }),
    );
  });
  afterAll(async () => {
    await mcp.close();
  });

  it('refuses a cross-origin browser POST, which changes nothing', async () => {
    const reset = rpc('tools/call', { name: 'reset_workspace', arguments: {} });
    const foreign: Array<Record<string, string>> = [
      { origin: 'http://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const res = await rawRequest(emulator().url, {
        method: 'POST',
        path: '/mcp',
        headers: { ...MCP_HEADERS, ...headers },
        body: reset,
      });
      expect(res.status).toBe(403);
      expect(res.json().message).toBe(CROSS_SITE);
    }
    expect(await searchTotal(mcp, 'to:kept@example.com')).toBe(1);

    // The same call from a local page (or no browser at all) resets.
    const local = await rawRequest(emulator().url, {
      method: 'POST',
      path: '/mcp',
      headers: { ...MCP_HEADERS, origin: 'http://localhost:3000' },
      body: reset,
    });
    expect(local.status).toBe(200);
    expect(local.json().result.content[0].text).toContain('The workspace is reset');
    expect(await searchTotal(mcp, 'to:kept@example.com')).toBe(0);
  });

  it('refuses a Host that names another machine (DNS rebinding)', async () => {
    const res = await rawRequest(emulator().url, {
      method: 'POST',
      path: '/mcp',
      headers: { ...MCP_HEADERS, host: 'evil.example' },
      body: rpc('tools/list'),
    });
    expect(res.status).toBe(403);
    expect(res.json().message).toContain('The host "evil.example" is not allowed.');
  });

  it('answers only POST: a stateless server has no stream to GET and no session to DELETE', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await rawRequest(emulator().url, { method, path: '/mcp', headers: { accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('POST');
    }
  });
});

describe('mailcoach-emulator mcp', () => {
  const run = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI, 'mcp', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.stdin.end();
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });

  it("is named in the command's --help", async () => {
    const help = await new Promise<string>((resolve) => {
      const child = spawn(process.execPath, [CLI, '--help'], { stdio: ['ignore', 'pipe', 'inherit'] });
      let stdout = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.on('exit', () => resolve(stdout));
    });
    expect(help).toContain(
      '\n       mailcoach-emulator mcp [--url <emulator>] [--token <token>]: MCP over stdio for a running emulator\n',
    );
  });

  it('prints its usage for --help, and refuses a bad option on stderr with exit code 2', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: mailcoach-emulator mcp \[--url <emulator>\] \[--token <token>\]\n/);

    const unknown = await run(['--port', '1']);
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toContain("mailcoach-emulator: mcp: Unknown option '--port'");

    const badUrl = await run(['--url', 'localhost:8088']);
    expect(badUrl).toMatchObject({ code: 2, stdout: '' });
    expect(badUrl.stderr).toContain(`mcp: --url must be the emulator's base URL, such as http://127.0.0.1:8088`);
  });

  it('starts before the emulator does: a tool then says it cannot reach it', async () => {
    const port = await closedPort();
    const mcp = await connectMcp('stdio', `http://127.0.0.1:${port}`, null);
    try {
      const { result, text } = await mcp.call('search_messages');
      expect(result.isError).toBe(true);
      expect(text).toBe(
        `Cannot reach the emulator at http://127.0.0.1:${port} (ECONNREFUSED): start it (npx mailcoach-emulator), or give its address with --url.`,
      );
      expect(mcp.stderr()).toContain(`mailcoach-emulator mcp: serving MCP on stdio for http://127.0.0.1:${port}`);
    } finally {
      await mcp.close();
    }
    expect(mcp.errors).toEqual([]);
  });
});

/** A port nothing listens on: one the system just handed out and that was closed again. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
