/**
 * The emulator's own surface (the web UI and /_emulator) on a developer's machine (server/http/local-surface.ts,
 * server/http/web-ui.ts): the UI's files and cache rules, a foreign Host refused (DNS rebinding), cross-site
 * state changes refused (CSRF), a token needed when bound beyond loopback; the Mailcoach API unchanged.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, useEmulator } from '../support/emulator-process.js';
import { rawRequest } from '../support/http.js';

const UI_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https: http:; connect-src 'self'; " +
  "frame-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
const HOST_REFUSED = (host: string) =>
  `The host "${host}" is not allowed. The emulator's UI and /_emulator answer requests for localhost, 127.0.0.1 and [::1]; start it with --allowed-hosts to add a name.`;
const CROSS_SITE =
  "Cross-site requests cannot change the emulator: send it from the emulator's own pages or from a non-browser client.";

describe('on loopback (the default)', () => {
  const emulator = useEmulator({ args: ['--allowed-hosts', 'mail.test'] });
  const get = (path: string, headers: Record<string, string> = {}) => rawRequest(emulator().url, { path, headers });
  const messageCount = async () =>
    (await get('/_emulator/messages', { accept: 'application/json' })).json().meta.total as number;

  it('serves the UI at /: never cached, with a strict CSP', async () => {
    const res = await get('/', { accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toBe(UI_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.text).toContain('<div id="root"></div>');
  });

  it('serves hashed assets for a year, and the page itself for the UI’s own URLs', async () => {
    const script = readdirSync(join(ROOT, 'dist/web/assets')).find((name) => name.endsWith('.js'))!;
    const asset = await get(`/assets/${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const permalink = await get('/messages/00000000-0000-4000-8000-000000000001', { accept: 'text/html,*/*' });
    expect(permalink.status).toBe(200);
    expect(permalink.text).toContain('<div id="root"></div>');
  });

  it('answers what is not the UI’s as before: JSON 404s, the APIs untouched', async () => {
    const json = await get('/messages/x', { accept: 'application/json' });
    expect(json.status).toBe(404);
    expect(json.json()).toEqual({ message: 'The route messages/x could not be found.' });
    expect((await get('/assets/nothing.js', { accept: 'text/html' })).status).toBe(404);
    expect((await get('/../package.json', { accept: 'text/html' })).text).not.toContain('"name"');
    const api = await get('/api/nothing', { accept: 'text/html', authorization: `Bearer ${emulator().token}` });
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toMatch(/^text\/html/);
    expect(api.text).not.toContain('<div id="root">');
    expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
  });

  it.each(['evil.test', 'evil.test:8088', '192.168.1.20:8088', '2130706433', 'evil.test.'])(
    'refuses the UI and /_emulator for Host %s (DNS rebinding)',
    async (host) => {
      for (const path of ['/', '/_emulator/messages', '/messages/x']) {
        const res = await get(path, { host, accept: 'text/html' });
        expect(res.status, path).toBe(403);
        expect(res.json()).toEqual({ message: HOST_REFUSED(host) });
      }
    },
  );

  // A compose service name has one label, which no public DNS name has, so no rebinding page can use it.
  it.each([
    'localhost',
    'localhost:1234',
    '127.0.0.1',
    '[::1]:8088',
    'app.localhost',
    'mail.test:8088',
    'mailpit:8025',
    'mailcoach-emulator',
  ])('answers Host %s', async (host) => {
    expect((await get('/_emulator/messages', { host, accept: 'application/json' })).status).toBe(200);
  });

  it('leaves the Mailcoach API to any Host, as Mailcoach does', async () => {
    const res = await get('/api/suppressions', {
      host: 'evil.test',
      accept: 'application/json',
      authorization: `Bearer ${emulator().token}`,
    });
    expect(res.status).toBe(200);
  });

  it.each([[{ origin: 'http://evil.test' }], [{ origin: 'null' }], [{ 'sec-fetch-site': 'cross-site' }]])(
    'refuses a cross-site state change %j, and changes nothing',
    async (headers) => {
      const send = await rawRequest(emulator().url, {
        method: 'POST',
        path: '/api/transactional-mails/send',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Bearer ${emulator().token}`,
          ...headers,
        },
        body: JSON.stringify({ from: 'a@example.com', to: 'b@example.com', subject: 'Kept', text: 'x' }),
      });
      expect(send.status, 'the Mailcoach API takes any origin').toBe(200);
      const before = await messageCount();
      for (const [method, path] of [
        ['POST', '/_emulator/reset'],
        ['DELETE', '/_emulator/messages'],
        ['POST', '/_emulator/clock'],
      ]) {
        const res = await rawRequest(emulator().url, {
          method: method!,
          path: path!,
          headers: { accept: 'application/json', ...headers },
        });
        expect(res.status, path).toBe(403);
        expect(res.json()).toEqual({ message: CROSS_SITE });
      }
      expect(await messageCount()).toBe(before);
    },
  );

  it('lets this machine’s pages (any port) and non-browser clients change it', async () => {
    const allowed: Array<Record<string, string>> = [
      { origin: 'http://localhost:3000' },
      { origin: emulator().url, 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-site' },
      {},
    ];
    for (const headers of allowed) {
      const res = await rawRequest(emulator().url, {
        method: 'DELETE',
        path: '/_emulator/messages',
        headers: { accept: 'application/json', ...headers },
      });
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('tells the UI the settings it needs', async () => {
    expect((await get('/_emulator/settings', { accept: 'application/json' })).json()).toMatchObject({
      isolate: false,
      any_token: false,
      tokens: [emulator().token],
      token_required: false,
    });
  });
});

describe('bound beyond loopback', () => {
  const emulator = useEmulator({ args: ['--host', '0.0.0.0'] });
  const url = () => emulator().url.replace('0.0.0.0', '127.0.0.1');

  it('needs an accepted token for /_emulator, as a header or ?token=', async () => {
    const without = await rawRequest(url(), {
      path: '/_emulator/messages',
      headers: { accept: 'application/json', host: 'mail.example.net' },
    });
    expect(without.status).toBe(401);
    expect(without.json()).toEqual({
      message:
        'This emulator is reachable from other machines, so its UI, /_emulator and /mcp need an accepted token: send Authorization: Bearer <token>, or ?token=<token>.',
    });
    const wrong = await rawRequest(url(), {
      path: '/_emulator/messages?token=nope',
      headers: { accept: 'application/json' },
    });
    expect(wrong.status).toBe(401);
    const header = await rawRequest(url(), {
      path: '/_emulator/messages',
      headers: { accept: 'application/json', host: 'mail.example.net', authorization: `Bearer ${emulator().token}` },
    });
    expect(header.status).toBe(200);
    const query = await rawRequest(url(), {
      path: `/_emulator/settings?token=${emulator().token}`,
      headers: { accept: 'application/json' },
    });
    expect(query.json()).toMatchObject({ isolate: false, any_token: false, tokens: [], token_required: true });
  });

  it('serves the UI’s files (they hold no data) to any host; the page asks for the token', async () => {
    const page = await rawRequest(url(), { path: '/', headers: { accept: 'text/html', host: 'mail.example.net' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root"></div>');
  });
});
