/**
 * Hostile SMTP input, spoken to a running emulator over raw SMTP and nodemailer: 10,000 RCPT TO,
 * a silent client and a trickling one, a never-ending DATA, bare LF line endings, invalid UTF-8 and broken MIME, a
 * 60 MB message. Each gets its exact reply (or a closed connection), nothing half-received is stored, and the HTTP
 * side answers /healthz all the while. The timeouts and the memory bound are smtp-hostile.slow.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { smtpDialog, smtpTransport } from '../support/smtp.js';
import { hostileSmtpHelpers } from '../support/smtp-hostile.js';

describe('hostile SMTP input, default limits (40 MB, 100 recipients)', () => {
  const emulator = useEmulator({ args: ['--smtp-port', '0'] });
  const { port, getJson, stored, whileHealthy, startData } = hostileSmtpHelpers(emulator);

  it('10,000 RCPT TO in one transaction: 250 for the first 100, 452 for the rest; the mail keeps 100, the connection stays usable', async () => {
    await whileHealthy(async () => {
      const dialog = await smtpDialog(port());
      const rcpts = Array.from({ length: 10_000 }, (_, i) => `RCPT TO:<r${i}@example.com>\r\n`).join('');
      dialog.write(`EHLO test\r\nMAIL FROM:<app@example.com>\r\n${rcpts}DATA\r\n`);
      expect(await dialog.reply()).toMatch(/^250-/);
      expect(await dialog.reply()).toMatch(/^250 /);
      const replies: string[] = [];
      for (let i = 0; i < 10_000; i++) replies.push(await dialog.reply());
      expect(replies.slice(0, 100).every((reply) => reply.startsWith('250 '))).toBe(true);
      expect(new Set(replies.slice(100))).toEqual(new Set(['452 Error: too many recipients']));
      expect(await dialog.reply()).toMatch(/^354 /);
      dialog.write('Subject: Ten thousand recipients\r\nTo: r0@example.com\r\n\r\nhi\r\n.\r\n');
      expect(await dialog.reply()).toMatch(/^250 /);
      // The same connection takes the next transaction.
      dialog.write('MAIL FROM:<app@example.com>\r\nRCPT TO:<jane@example.com>\r\nDATA\r\n');
      expect(await dialog.reply()).toMatch(/^250 /);
      expect(await dialog.reply()).toMatch(/^250 /);
      expect(await dialog.reply()).toMatch(/^354 /);
      dialog.write('Subject: After ten thousand\r\n\r\nhi\r\n.\r\nQUIT\r\n');
      expect(await dialog.reply()).toMatch(/^250 /);
      expect(await dialog.reply()).toMatch(/^221 /);
      await dialog.closed;
    });
    const { data } = await getJson(
      `/_emulator/wait-for?query=${encodeURIComponent('subject:"Ten thousand recipients"')}&timeout_ms=10000`,
    );
    const message = await getJson(`/_emulator/messages/${data[0].uuid}`);
    expect(message.envelope.to).toHaveLength(100);
    expect(message.envelope.to.at(-1)).toBe('r99@example.com');
    await getJson(`/_emulator/wait-for?query=${encodeURIComponent('subject:"After ten thousand"')}&timeout_ms=10000`);
  });

  it('a 60 MB message: 552 (SIZE on MAIL FROM, or at the limit without it), nothing stored', async () => {
    const before = await stored();
    await whileHealthy(async () => {
      // Announced: refused at MAIL FROM, before a byte of it.
      const announced = await smtpDialog(port());
      announced.write(`EHLO test\r\nMAIL FROM:<app@example.com> SIZE=${60 * 1024 * 1024}\r\n`);
      expect(await announced.reply()).toMatch(/^250-/);
      expect(await announced.reply()).toMatch(/^552 Error: message exceeds fixed maximum message size 41943040$/);
      announced.write('QUIT\r\n');
      expect(await announced.reply()).toMatch(/^221 /);
      // Unannounced: read and dropped past 40 MB, 552 after its final dot, and the session goes on (a DATA still
      // going at twice the limit is cut off: smtp-parity.test.ts).
      const dialog = await smtpDialog(port());
      await startData(dialog);
      const line = `${'m'.repeat(998)}\r\n`.repeat(1024); // ~1 MB
      let sent = 0;
      while (sent < 60 && (await dialog.flood(sent === 0 ? `Subject: Sixty megabytes\r\n\r\n${line}` : line))) sent++;
      expect(sent).toBe(60);
      dialog.write('.\r\nNOOP\r\nQUIT\r\n');
      expect(await dialog.reply()).toBe(
        '552 5.3.4 The message exceeds the size limit of 41943040 bytes (--max-body-mb)',
      );
      expect(await dialog.reply()).toMatch(/^250 /);
      expect(await dialog.reply()).toMatch(/^221 /);
      await dialog.closed;
      // nodemailer, which announces no SIZE here, is answered 552 too.
      const big = Buffer.alloc(60 * 1024 * 1024, 'n');
      const mail = smtpTransport(port()).sendMail({
        from: 'app@example.com',
        to: 'jane@example.com',
        subject: 'Sixty megabytes by nodemailer',
        text: 'x',
        attachments: [{ filename: 'big.bin', content: big }],
      });
      await expect(mail).rejects.toMatchObject({ responseCode: 552 });
    });
    expect(await stored()).toBe(before);
  }, 60_000);

  it('bare LF line endings: accepted, stored byte for byte as sent, parsed (the end is still CRLF.CRLF)', async () => {
    const raw =
      'From: app@example.com\nTo: bare-lf@example.com\nSubject: Bare lf endings\n\nfirst line\n.dot line\nsecond line\r\n';
    await whileHealthy(async () => {
      const dialog = await smtpDialog(port());
      await startData(dialog, 'bare-lf@example.com');
      dialog.write(`${raw}.\r\nQUIT\r\n`);
      expect(await dialog.reply()).toBe('250 Captured by mailcoach-emulator (never delivered)');
      expect(await dialog.reply()).toMatch(/^221 /);
    });
    const { data } = await getJson(
      `/_emulator/wait-for?query=${encodeURIComponent('subject:"Bare lf endings"')}&timeout_ms=10000`,
    );
    const message = await getJson(`/_emulator/messages/${data[0].uuid}`);
    expect(message.text).toContain('second line');
    expect(message.to).toEqual([{ name: '', email: 'bare-lf@example.com' }]);
    const bytes = Buffer.from(
      await (await fetch(`${emulator().url}/_emulator/messages/${data[0].uuid}/raw`)).arrayBuffer(),
    );
    expect(bytes.toString('latin1')).toBe(raw);
  });

  it('invalid UTF-8 in headers and body, and broken MIME: stored as received, shown without a crash', async () => {
    const cases: Array<{ to: string; raw: Buffer }> = [
      {
        to: 'bad-utf8@example.com',
        raw: Buffer.concat([
          Buffer.from('From: app@example.com\r\nTo: bad-utf8@example.com\r\nSubject: Bad utf8 '),
          Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xe2, 0x82]),
          Buffer.from('\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nbody '),
          Buffer.from([0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xf8]),
          Buffer.from('\r\n'),
        ]),
      },
      {
        to: 'broken-mime@example.com',
        raw: Buffer.from(
          [
            'From: app@example.com',
            'To: broken-mime@example.com',
            'Subject: Broken mime',
            'MIME-Version: 1.0',
            'Content-Type: multipart/mixed; boundary="never-closed',
            '',
            '--never-closed',
            'Content-Type: text/html; charset=nonsense-charset',
            'Content-Transfer-Encoding: base64',
            '',
            '!!!not base64===',
            '--other-boundary',
            'Content-Type: message/rfc822',
            '',
            'garbage without headers',
            '=?utf-8?B?broken?= =?x?Q?=ZZ?=',
            '',
          ].join('\r\n'),
        ),
      },
    ];
    for (const { to, raw } of cases) {
      await whileHealthy(async () => {
        const dialog = await smtpDialog(port());
        await startData(dialog, to);
        dialog.write(Buffer.concat([raw, Buffer.from('.\r\nQUIT\r\n')]));
        expect(await dialog.reply()).toBe('250 Captured by mailcoach-emulator (never delivered)');
        expect(await dialog.reply()).toMatch(/^221 /);
      });
      const { data } = await getJson(`/_emulator/wait-for?query=${encodeURIComponent(`to:${to}`)}&timeout_ms=10000`);
      const message = await getJson(`/_emulator/messages/${data[0].uuid}`);
      expect(message.via).toBe('smtp');
      const bytes = Buffer.from(
        await (await fetch(`${emulator().url}/_emulator/messages/${data[0].uuid}/raw`)).arrayBuffer(),
      );
      expect(bytes.equals(raw), to).toBe(true);
      // The inbox's HTML view of it answers too.
      expect((await fetch(`${emulator().url}/_emulator/messages/${data[0].uuid}/html`)).status).toBeLessThan(500);
    }
  });
});
