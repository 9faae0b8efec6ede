/**
 * SMTP on the wire as Mailpit and RFC 5321 have it (server/smtp/wire-parity.ts, listener.ts;
 * docs/spec/mailpit-api.md#25-derivations-and-smtp-side-behaviour-helpers-rely-on), spoken to a running emulator
 * over raw SMTP: the greeting at once, a command line over the limit answered 500 with the session going on, the
 * leading dot of a line removed, a 552 after which the next message goes through (and a never-ending DATA that is
 * cut off), and a part's text without the line break that belongs to the boundary after it.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { smtpDialog } from '../support/smtp.js';
import { hostileSmtpHelpers } from '../support/smtp-hostile.js';

const LIMIT = 1024 * 1024;

describe('SMTP parity on the wire', () => {
  const emulator = useEmulator({ args: ['--smtp-port', '0', '--max-body-mb', '1'] });
  const { port, getJson, startData } = hostileSmtpHelpers(emulator);

  const stored = async (subject: string) => {
    const query = encodeURIComponent(`subject:"${subject}"`);
    const { data } = await getJson(`/_emulator/wait-for?query=${query}&timeout_ms=10000`);
    return getJson(`/_emulator/messages/${data[0].uuid}`);
  };
  const raw = async (uuid: string) =>
    Buffer.from(await (await fetch(`${emulator().url}/_emulator/messages/${uuid}/raw`)).arrayBuffer()).toString(
      'latin1',
    );

  it('greets at once: a client that talks before the greeting gets the greeting, then its answer', async () => {
    // EHLO is written with the connection attempt: it arrives before the server could have said anything.
    const socket = connect(port(), '127.0.0.1');
    socket.write('EHLO early\r\nQUIT\r\n');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const lines = received.trimEnd().split('\r\n');
    expect(lines[0]).toBe('220 mailcoach-emulator ESMTP mailcoach-emulator ESMTP: mail is captured, never delivered');
    expect(lines[1]).toBe('250-mailcoach-emulator Nice to meet you, [127.0.0.1]');
    expect(lines.at(-1)).toMatch(/^221 /);
    expect(received).not.toContain('421');
  });

  it('greets before the client sends anything', async () => {
    const socket = connect(port(), '127.0.0.1');
    const greeting = await new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(String(chunk))));
    socket.destroy();
    expect(greeting).toMatch(/^220 mailcoach-emulator /);
  });

  it('answers a command line over 4 KB with 500 and goes on with the session', async () => {
    const dialog = await smtpDialog(port());
    dialog.write(`EHLO test\r\nMAIL FROM:<${'a'.repeat(5000)}@example.com>\r\nNOOP\r\n`);
    expect(await dialog.reply()).toMatch(/^250-/);
    expect(await dialog.reply()).toBe('500 5.5.2 Line too long: a command line has at most 4096 bytes');
    expect(await dialog.reply()).toMatch(/^250 /);
    // Over several writes, with no line end for a while: dropped as it comes, answered when it ends.
    dialog.write(`RCPT TO:<${'b'.repeat(3000)}`);
    dialog.write(`${'b'.repeat(3000)}@example.com>`);
    dialog.write('\r\nNOOP\r\n');
    expect(await dialog.reply()).toBe('500 5.5.2 Line too long: a command line has at most 4096 bytes');
    expect(await dialog.reply()).toMatch(/^250 /);
    dialog.write('MAIL FROM:<app@example.com>\r\nRCPT TO:<jane@example.com>\r\nDATA\r\n');
    expect(await dialog.reply()).toMatch(/^250 /);
    expect(await dialog.reply()).toMatch(/^250 /);
    expect(await dialog.reply()).toMatch(/^354 /);
    dialog.write('Subject: After a long line\r\n\r\nhi\r\n.\r\nQUIT\r\n');
    expect(await dialog.reply()).toBe('250 Captured by mailcoach-emulator (never delivered)');
    expect(await dialog.reply()).toMatch(/^221 /);
    expect((await stored('After a long line')).subject).toBe('After a long line');
  });

  it('removes the leading dot of every line (RFC 5321 section 4.5.2), the first line of the data too', async () => {
    const dialog = await smtpDialog(port());
    await startData(dialog);
    // After a bare LF, which ends no SMTP line, a dot is kept unless doubled, as it always was (README "SMTP").
    dialog.write(
      '.X-First: dotted\r\nSubject: Leading dots\r\n\r\n.foo\r\n..bar\r\n.\tbaz\r\n...\r\nbare\n.kept\n..one\r\n.\r\n',
    );
    expect(await dialog.reply()).toBe('250 Captured by mailcoach-emulator (never delivered)');
    dialog.write('QUIT\r\n');
    await dialog.closed;
    const message = await stored('Leading dots');
    expect(await raw(message.uuid)).toBe(
      'X-First: dotted\r\nSubject: Leading dots\r\n\r\nfoo\r\n.bar\r\n\tbaz\r\n..\r\nbare\n.kept\n.one\r\n',
    );
  });

  it("stores a part's text and HTML without the line break that belongs to the boundary after them", async () => {
    const dialog = await smtpDialog(port());
    await startData(dialog);
    dialog.write(
      [
        'Subject: Exact parts\r\nMIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary="b"\r\n\r\n--b',
        'Content-Type: text/plain; charset=utf-8\r\n\r\nexact text\r\n--b',
        'Content-Type: text/html; charset=utf-8\r\n\r\n<p>exact html</p>\r\n\r\n--b--\r\n.\r\nQUIT\r\n',
      ].join('\r\n'),
    );
    expect(await dialog.reply()).toBe('250 Captured by mailcoach-emulator (never delivered)');
    await dialog.closed;
    const message = await stored('Exact parts');
    expect(message.text).toBe('exact text');
    // The HTML part's own line break stays: only the boundary's goes.
    expect(message.html).toBe('<p>exact html</p>\n');
  });

  it('answers 552 after the final dot of a message over the limit, and takes the next message', async () => {
    const dialog = await smtpDialog(port());
    await startData(dialog);
    const line = `${'m'.repeat(998)}\r\n`;
    dialog.write(`Subject: Oversized\r\n\r\n${line.repeat(Math.ceil((1.5 * LIMIT) / line.length))}.\r\n`);
    expect(await dialog.reply()).toBe(`552 5.3.4 The message exceeds the size limit of ${LIMIT} bytes (--max-body-mb)`);
    dialog.write('MAIL FROM:<app@example.com>\r\nRCPT TO:<jane@example.com>\r\nDATA\r\n');
    expect(await dialog.reply()).toMatch(/^250 /);
    expect(await dialog.reply()).toMatch(/^250 /);
    expect(await dialog.reply()).toMatch(/^354 /);
    dialog.write('Subject: Next after the refusal\r\n\r\nhi\r\n.\r\nQUIT\r\n');
    expect(await dialog.reply()).toBe('250 Captured by mailcoach-emulator (never delivered)');
    expect(await dialog.reply()).toMatch(/^221 /);
    await stored('Next after the refusal');
    const { meta } = await getJson(`/_emulator/messages?query=${encodeURIComponent('subject:"Oversized"')}`);
    expect(meta.total).toBe(0);
  });

  it('cuts off a DATA still going at twice the limit: 552 at once and the connection closed', async () => {
    const dialog = await smtpDialog(port());
    await startData(dialog);
    const chunk = `${'e'.repeat(998)}\r\n`.repeat(64);
    let written = 0;
    // Never a final `.`: only the server ends this.
    while (await dialog.flood(written === 0 ? `Subject: Never ending\r\n\r\n${chunk}` : chunk)) {
      written += chunk.length;
      if (written > 20 * LIMIT) throw new Error('the server read 20 MB past a 1 MB limit');
    }
    expect(await dialog.reply()).toBe(
      `552 5.3.4 The message exceeds the size limit of ${LIMIT} bytes (--max-body-mb); closing the connection`,
    );
    await dialog.closed;
    expect(written).toBeGreaterThan(2 * LIMIT - chunk.length);
  });
});
