/**
 * Nothing escapes the one error formatter: an exception thrown by any route of the real app becomes
 * Laravel's 500, `{"message": "Server Error"}` pretty-printed for a JSON client or the HTML error page for a
 * browser-style one, never the exception's text, and the exception is logged with its stack.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.js';
import { parseCli } from '../../server/config.js';
import { createDeps } from '../../server/deps.js';
import type { Logger } from '../../server/logger.js';

const logged: Array<{ message: string; error: unknown }> = [];
const logger: Logger = { info: () => {}, warn: () => {}, error: (message, error) => logged.push({ message, error }) };
const request = parseCli(['--db', ':memory:', '--no-fixtures', '--render-workers', '0', '--token', 't'], {});
if (request.kind !== 'run') throw new Error('unexpected CLI request');
const deps = createDeps(request.config, logger);
const app = createApp(deps);
const secret = 'secret detail: /var/lib/db.sqlite';
for (const path of ['/api/boom', '/_emulator/boom']) {
  app.get(path, () => {
    throw new TypeError(secret);
  });
}
afterAll(() => deps.store.close());

const call = (path: string, accept: string) => app.request(path, { headers: { authorization: 'Bearer t', accept } });

describe('an exception thrown by a route', () => {
  it.each(['/api/boom', '/_emulator/boom'])(
    '%s answers a pretty JSON 500 "Server Error" and logs the stack',
    async (path) => {
      logged.length = 0;
      const res = await call(path, 'application/json');
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(await res.text()).toBe('{\n    "message": "Server Error"\n}');
      expect(logged).toHaveLength(1);
      expect(logged[0]?.message).toBe(`GET ${path} failed`);
      expect((logged[0]?.error as Error | undefined)?.stack).toContain(`TypeError: ${secret}`);
    },
  );

  it('answers a browser-style request on the Mailcoach surface with the HTML 500 page', async () => {
    const res = await call('/api/boom', 'text/html');
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    const page = await res.text();
    expect(page).toContain('Server Error');
    expect(page).not.toContain(secret);
  });
});
