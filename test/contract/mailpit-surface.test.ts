/**
 * The Mailpit surface's own rules (server/mailpit/surface.ts, index.ts; docs/spec/mailpit-api.md#21-global-behaviour-applies-to-every-endpoint-below):
 * Mailpit's Origin rule and its 403, our DNS-rebinding guard with a compose service name let through, the 301 for
 * paths with `//`, /livez and /readyz, the 404 of an unknown /api/v1 path, and a token needed (HTTP Basic, as Mailpit's
 * --ui-auth-file) when the emulator is reachable from other machines.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { rawRequest } from '../support/http.js';

describe('on loopback, no token needed (the default, and Docker with --ui-token off)', () => {
  const emulator = useEmulator({ fixtures: null });
  const get = (path: string, headers: Record<string, string> = {}) => rawRequest(emulator().url, { path, headers });

  it('answers /livez and /readyz 200 with an empty body', async () => {
    for (const path of ['/livez', '/readyz']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toBe('');
    }
  });

  it('answers an unknown /api/v1 path as Mailpit’s file handler: 404 "File not found"', async () => {
    const res = await get('/api/v1/nothing');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe('File not found\n');
  });

  it('redirects a path with // to the cleaned one, query kept, as Go’s ServeMux (cypress-mailpit asks for //view/…)', async () => {
    const res = await get('//view/abc.html?embed=1');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/view/abc.html?embed=1');
    const api = await get('//api/v1/messages');
    expect(api.status).toBe(301);
    expect(api.headers.location).toBe('/api/v1/messages');
    // Not ours to clean: the Mailcoach API and the UI keep their own answers.
    expect((await get('//api/suppressions', { accept: 'application/json' })).status).not.toBe(301);
  });

  it('refuses an Origin other than the Host with Mailpit’s 403, and echoes an allowed one', async () => {
    const refused = await get('/livez', { origin: 'http://evil.example' });
    expect(refused.status).toBe(200); // livez answers before the caller check, as Mailpit's
    const res = await get('/api/v1/nothing', { origin: 'http://evil.example' });
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe('Blocked due to CORS violation\n');
    const host = new URL(emulator().url).host;
    const same = await get('/api/v1/nothing', { origin: `http://${host}` });
    expect(same.status).toBe(404);
    expect(same.headers['access-control-allow-origin']).toBe(`http://${host}`);
    expect(same.headers['access-control-allow-methods']).toBe('GET, POST, DELETE, PUT, OPTIONS');
  });

  it('answers a compose service name as Host, and refuses another site’s name (DNS rebinding)', async () => {
    expect((await get('/api/v1/nothing', { host: 'mailpit:8025' })).status).toBe(404);
    const res = await get('/api/v1/nothing', { host: 'evil.test' });
    expect(res.status).toBe(403);
    expect(res.text).toMatch(/^The host "evil\.test" is not allowed\./);
  });

  it('ignores credentials it does not need, as Mailpit without --ui-auth-file', async () => {
    const basic = `Basic ${Buffer.from('admin:admin').toString('base64')}`;
    expect((await get('/api/v1/nothing', { authorization: basic })).status).toBe(404);
    expect((await get('/api/v1/nothing', { authorization: 'Bearer wrong' })).status).toBe(404);
  });
});

describe('reachable from other machines (--ui-token required)', () => {
  const emulator = useEmulator({ fixtures: null, args: ['--ui-token', 'required'] });
  const get = (path: string, headers: Record<string, string> = {}) => rawRequest(emulator().url, { path, headers });

  it('answers 401 with Mailpit’s Basic challenge without an accepted token', async () => {
    for (const authorization of [undefined, `Basic ${Buffer.from('admin:wrong').toString('base64')}`, 'Bearer wrong']) {
      const res = await get('/api/v1/nothing', authorization === undefined ? {} : { authorization });
      expect(res.status, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Basic realm="Login"');
      expect(res.text).toBe('Unauthorized.\n');
    }
  });

  it('accepts the token as the Basic password (any user), or as a Bearer token', async () => {
    const basic = `Basic ${Buffer.from(`admin:${emulator().token}`).toString('base64')}`;
    expect((await get('/api/v1/nothing', { authorization: basic })).status).toBe(404);
    expect((await get('/api/v1/nothing', { authorization: `Bearer ${emulator().token}` })).status).toBe(404);
  });
});
