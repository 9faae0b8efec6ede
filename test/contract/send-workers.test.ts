/**
 * The suppression check of POST /api/transactional-mails/send with a capture worker: the thread that stores a
 * capture checks its recipients, on its own connection (mail/capture/write-records.ts). With a database file that
 * is the worker; with `:memory:` the worker only renders and the main thread checks. Either way a suppressed
 * recipient gets Mailcoach's 406 and nothing is stored, a suppression added a moment before counts, and a fake
 * send or another recipient is captured.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';

/** Fixtures with a template MJML cannot parse, and one suppression. */
function brokenTemplateFixtures(): string {
  const dir = mkdtempSync(join(tmpdir(), 'send-workers-'));
  mkdirSync(join(dir, 'templates'));
  writeFileSync(join(dir, 'templates', 'broken.mjml'), '<mjml><<<>>>');
  writeFileSync(
    join(dir, 'templates.json'),
    JSON.stringify({ templates: [{ name: 'broken', type: 'mjml', subject: 'x', body_file: 'templates/broken.mjml' }] }),
  );
  writeFileSync(
    join(dir, 'suppressions.json'),
    JSON.stringify({ suppressions: [{ email: 'jane@example.com', reason: 'manual' }] }),
  );
  return dir;
}

const PLAIN = { from: 'app@example.com', to: 'bob@example.com', subject: 'Hello', html: '<p>Hi</p>' };
const TEMPLATED = {
  mail_name: 'Order-Shipped',
  from: 'shop@example.com',
  to: 'bob@example.com',
  replacements: { order: '7' },
};

for (const [name, dbArgs] of [
  ['a database file', []],
  ['an in-memory database', ['--db', ':memory:']],
] as const) {
  describe(`the suppression check on a capture worker, with ${name}`, () => {
    const emulator = useEmulator({ args: ['--render-workers', '1', ...dbArgs] });
    const headers = () => ({
      authorization: `Bearer ${emulator().token}`,
      accept: 'application/json',
      'content-type': 'application/json',
    });
    const send = (json: object) =>
      fetch(`${emulator().url}/api/transactional-mails/send`, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify(json),
      });
    const captured = async (): Promise<number> =>
      ((await (await fetch(`${emulator().url}/_emulator/messages`)).json()) as any).meta.total;
    const logItems = async (): Promise<number> =>
      ((await (await fetch(`${emulator().url}/api/transactional-mails`, { headers: headers() })).json()) as any).meta
        .total;
    const expectRefused = async (res: Response, email: string) => {
      expect(res.status).toBe(406);
      expect(await res.text()).toBe(`The email \`${email}\` is on the suppression list.`);
    };

    it('refuses a suppressed recipient of an inline or a template send, storing nothing', async () => {
      // A first send starts the worker, so that the refusals below are the worker's.
      expect((await send(PLAIN)).status).toBe(200);
      const before = { captured: await captured(), logItems: await logItems() };
      await expectRefused(await send({ ...PLAIN, to: 'jane@example.com' }), 'jane@example.com');
      await expectRefused(await send({ ...TEMPLATED, cc: 'Jane <JANE@example.com>' }), 'jane@example.com');
      await expectRefused(await send({ ...PLAIN, bcc: 'bounced@example.com', store: false }), 'bounced@example.com');
      expect({ captured: await captured(), logItems: await logItems() }).toEqual(before);
    });

    it('counts a suppression added just before the send, and not once it is deleted', async () => {
      const added = await fetch(`${emulator().url}/api/suppressions`, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify({ email: 'new.bounce@example.com' }),
      });
      expect(added.status).toBe(201);
      await expectRefused(await send({ ...TEMPLATED, to: 'new.bounce@example.com' }), 'new.bounce@example.com');
      const deleted = await fetch(`${emulator().url}/api/suppressions/new.bounce@example.com`, {
        method: 'DELETE',
        headers: headers(),
      });
      expect(deleted.status).toBe(204);
      const before = await captured();
      expect((await send({ ...TEMPLATED, to: 'new.bounce@example.com' })).status).toBe(200);
      expect(await captured()).toBe(before + 1);
    });

    it('captures a fake send to a suppressed address, and a send to others', async () => {
      const before = await captured();
      expect((await send({ ...PLAIN, to: 'jane@example.com', fake: true })).status).toBe(200);
      expect((await send({ ...TEMPLATED, to: 'carol@example.com' })).status).toBe(200);
      expect(await captured()).toBe(before + 2);
    });
  });
}

describe('a template that cannot be rendered, on a capture worker', () => {
  const emulator = useEmulator({ args: ['--render-workers', '1'], fixtures: brokenTemplateFixtures() });

  it('is still refused with the 406 for a suppressed recipient, as Mailcoach checks before it renders', async () => {
    const send = (to: string) =>
      fetch(`${emulator().url}/api/transactional-mails/send`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${emulator().token}`,
          accept: 'application/json',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ mail_name: 'broken', from: 'app@example.com', to }),
      });
    const refused = await send('jane@example.com');
    expect(refused.status).toBe(406);
    expect(await refused.text()).toBe('The email `jane@example.com` is on the suppression list.');
    // The template does fail to render (a send to anyone else would be a 500, which the server logs as an error).
    const rendered = await fetch(`${emulator().url}/_emulator/templates/broken/render`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(((await rendered.json()) as any).errors[0].message).toContain('Malformed MJML');
  });
});
