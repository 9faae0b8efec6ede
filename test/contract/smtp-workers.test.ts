/**
 * SMTP mail is parsed on the capture worker when there is one (mail/capture/jobs.ts, the receive and parse jobs): with a
 * database file the worker also stores it through its own connection; with `:memory:`, which no other connection
 * can open, it hands the parsed mail back and the main thread stores it. Either way every accepted mail is stored
 * whole: fields, envelope, attachment bytes, raw bytes as sent.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { smtpTransport } from '../support/smtp.js';

const MAILS = 24;

for (const [name, dbArgs] of [
  ['a database file', []],
  ['an in-memory database', ['--db', ':memory:']],
] as const) {
  describe(`SMTP intake on a capture worker, with ${name}`, () => {
    const emulator = useEmulator({ args: ['--smtp-port', '0', '--render-workers', '1', ...dbArgs], fixtures: null });

    it('stores every mail of a concurrent burst whole', async () => {
      // Four connections at once: the burst reaches the worker while it parses the ones before.
      const transport = smtpTransport(emulator().smtpPort!, { pool: true, maxConnections: 4 } as Parameters<
        typeof smtpTransport
      >[1]);
      const infos = await Promise.all(
        Array.from({ length: MAILS }, (_, i) =>
          transport.sendMail({
            from: 'App <app@example.com>',
            to: `user${i}@example.com`,
            bcc: 'audit@example.com',
            subject: `Worker burst ${i}`,
            html: `<p>Hello ${i} <a href="https://app.test/${i}">open</a></p>`,
            text: `Hello ${i}`,
            attachments: [{ filename: `r${i}.bin`, content: Buffer.from([0, 255, i, 10, 13]) }],
          }),
        ),
      );
      transport.close();
      expect(infos.every((info) => info.response.startsWith('250 '))).toBe(true);
      const wait = await fetch(
        `${emulator().url}/_emulator/wait-for?query=${encodeURIComponent('via:smtp')}&count=${MAILS}&timeout_ms=20000`,
      );
      expect(wait.status).toBe(200);
      const list: any = await (await fetch(`${emulator().url}/_emulator/messages?per_page=100`)).json();
      expect(list.meta.total).toBe(MAILS);
      for (const summary of list.data) {
        const message: any = await (await fetch(`${emulator().url}/_emulator/messages/${summary.uuid}`)).json();
        const i = Number(/Worker burst (\d+)/.exec(message.subject)![1]);
        expect(message.envelope).toEqual({
          from: 'app@example.com',
          to: [`user${i}@example.com`, 'audit@example.com'],
        });
        expect(message.bcc).toEqual([{ name: '', email: 'audit@example.com' }]);
        expect(message.link_details).toEqual([{ url: `https://app.test/${i}`, text: 'open' }]);
        const attachment = await fetch(`${emulator().url}${message.attachments[0].url}`);
        expect(Buffer.from(await attachment.arrayBuffer())).toEqual(Buffer.from([0, 255, i, 10, 13]));
        const raw = await (await fetch(`${emulator().url}/_emulator/messages/${summary.uuid}/raw`)).text();
        expect(raw).toContain(`Subject: Worker burst ${i}\r\n`);
      }
    }, 60_000);
  });
}
