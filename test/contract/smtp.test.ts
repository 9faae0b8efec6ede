/**
 * The SMTP intake (README "SMTP", server/smtp/), spoken to with real SMTP (nodemailer, and a raw dialog for what no
 * good client sends) by a running emulator: a mail lands in the inbox through the capture path, marked
 * `via: "smtp"` with its envelope; the protocol's extensions; the limits, each a clear reply that stores nothing.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { smtpDialog, smtpTransport } from '../support/smtp.js';

const emulator = useEmulator({
  args: [
    '--smtp-port',
    '0',
    '--smtp-starttls',
    '--smtps-port',
    '0',
    '--max-body-mb',
    '1',
    '--smtp-max-recipients',
    '3',
  ],
});

const smtpPort = () => {
  const port = emulator().smtpPort;
  if (port === null) throw new Error('the emulator printed no SMTP port');
  return port;
};

async function getJson(path: string): Promise<any> {
  const response = await fetch(`${emulator().url}${path}`);
  expect(response.status, path).toBe(200);
  return response.json();
}

/** Waits server-side (wait-for) for the mail with this subject and answers it in full. */
async function waitForSubject(subject: string): Promise<any> {
  const query = encodeURIComponent(`subject:"${subject}"`);
  const { data } = await getJson(`/_emulator/wait-for?query=${query}&timeout_ms=10000`);
  return getJson(`/_emulator/messages/${data[0].uuid}`);
}

async function countSubject(subject: string): Promise<number> {
  return (await getJson(`/_emulator/messages?query=${encodeURIComponent(`subject:"${subject}"`)}`)).meta.total;
}

describe('SMTP intake', () => {
  it('captures a plain SMTP mail like an API one: summary, envelope with Bcc, attachments, links, codes, via: smtp', async () => {
    const info = await smtpTransport(smtpPort()).sendMail({
      from: 'App <app@example.com>',
      to: 'Jane <jane@example.com>',
      cc: 'ops@example.com',
      bcc: 'audit@example.com',
      subject: 'Plain smtp welcome',
      text: 'Your code is 424242: https://app.test/confirm?t=1',
      html: '<p>Code 424242 <a href="https://app.test/confirm?t=1">Confirm</a></p>',
      attachments: [{ filename: 'terms.txt', content: 'the terms' }],
    });
    expect(info.response).toMatch(/^250 /);
    const message = await waitForSubject('Plain smtp welcome');
    expect(message.via).toBe('smtp');
    expect(message.envelope).toEqual({
      from: 'app@example.com',
      to: ['jane@example.com', 'ops@example.com', 'audit@example.com'],
    });
    expect(message.to).toEqual([{ name: 'Jane', email: 'jane@example.com' }]);
    expect(message.cc).toEqual([{ name: '', email: 'ops@example.com' }]);
    expect(message.bcc).toEqual([{ name: '', email: 'audit@example.com' }]);
    expect(message.codes).toEqual(['424242']);
    expect(message.link_details).toContainEqual({ url: 'https://app.test/confirm?t=1', text: 'Confirm' });
    expect(message.attachments).toMatchObject([
      { index: 0, filename: 'terms.txt', content_type: 'text/plain', size: 9 },
    ]);
    expect(message.log_item_uuid).toBeNull();
    expect(message.send_uuid).toBeNull();
    const attachment = await fetch(`${emulator().url}${message.attachments[0].url}`);
    expect(await attachment.text()).toBe('the terms');

    // Found by via:smtp, and not by via:api; the summary says via too.
    const bySmtp = await getJson(
      `/_emulator/messages?query=${encodeURIComponent('via:smtp subject:"Plain smtp welcome"')}`,
    );
    expect(bySmtp.data.map((m: any) => [m.uuid, m.via])).toEqual([[message.uuid, 'smtp']]);
    expect(await countSubject('Plain smtp welcome')).toBe(1);
    const byApi = await getJson(
      `/_emulator/messages?query=${encodeURIComponent('via:api subject:"Plain smtp welcome"')}`,
    );
    expect(byApi.meta.total).toBe(0);
    // No Mailcoach record: the mail never went through Mailcoach.
    const log = await fetch(
      `${emulator().url}/api/transactional-mails?filter[search]=${encodeURIComponent('Plain smtp welcome')}`,
      {
        headers: { authorization: `Bearer ${emulator().token}`, accept: 'application/json' },
      },
    );
    expect(((await log.json()) as { data: unknown[] }).data).toEqual([]);
  });

  it('keeps the raw bytes exactly as received', async () => {
    const raw = [
      'From: app@example.com',
      'To: jane@example.com',
      'Subject: Raw bytes kept',
      'X-Odd-Header:   spaced   out  ',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      'Grüße, 8 bits.',
      '.leading dot',
      '',
    ].join('\r\n');
    await smtpTransport(smtpPort()).sendMail({
      envelope: { from: 'bounce@example.com', to: ['jane@example.com'] },
      raw,
    });
    const message = await waitForSubject('Raw bytes kept');
    const stored = Buffer.from(
      await (await fetch(`${emulator().url}/_emulator/messages/${message.uuid}/raw`)).arrayBuffer(),
    );
    expect(stored.equals(Buffer.from(raw, 'utf8'))).toBe(true);
    expect(message.envelope.from).toBe('bounce@example.com');
    expect(message.text).toContain('Grüße, 8 bits.');
  });

  it('speaks STARTTLS with the emulator certificate', async () => {
    const ca = readFileSync(join(dirname(emulator().dbPath), 'mailcoach-emulator-cert.pem'), 'utf8');
    const info = await smtpTransport(smtpPort(), { requireTLS: true, tls: { ca, servername: 'localhost' } }).sendMail({
      from: 'app@example.com',
      to: 'jane@example.com',
      subject: 'Over starttls',
      text: 'secret',
    });
    expect(info.response).toMatch(/^250 /);
    expect((await waitForSubject('Over starttls')).via).toBe('smtp');
  });

  it('speaks implicit TLS on --smtps-port with the same certificate; a plain-text client gets nothing it can read', async () => {
    const ca = readFileSync(join(dirname(emulator().dbPath), 'mailcoach-emulator-cert.pem'), 'utf8');
    const transport = smtpTransport(emulator().smtpsPort!, { secure: true, tls: { ca, servername: 'localhost' } });
    const info = await transport.sendMail({
      from: 'app@example.com',
      to: 'jane@example.com',
      bcc: 'audit@example.com',
      subject: 'Over smtps',
      text: 'secret',
    });
    expect(info.response).toMatch(/^250 /);
    const message = await waitForSubject('Over smtps');
    expect(message.via).toBe('smtp');
    expect(message.envelope).toEqual({ from: 'app@example.com', to: ['jane@example.com', 'audit@example.com'] });
    // A plain-text client gets no greeting it can read: the port speaks TLS from the first byte.
    await expect(
      smtpTransport(emulator().smtpsPort!, { connectionTimeout: 2_000, greetingTimeout: 2_000 }).verify(),
    ).rejects.toThrow();
  });

  it('tells GET /_emulator/settings where it listens, for the connect panel', async () => {
    expect((await getJson('/_emulator/settings')).smtp).toEqual({
      port: smtpPort(),
      smtps_port: emulator().smtpsPort,
      starttls: true,
      auth_required: false,
    });
  });

  it('accepts any AUTH PLAIN or LOGIN credentials on loopback', async () => {
    for (const method of ['PLAIN', 'LOGIN']) {
      await smtpTransport(smtpPort(), { auth: { user: 'anyone', pass: 'not-a-token', method } }).sendMail({
        from: 'app@example.com',
        to: 'jane@example.com',
        subject: `Auth ${method} any`,
        text: 'hi',
      });
      expect((await waitForSubject(`Auth ${method} any`)).via).toBe('smtp');
    }
  });

  it('takes SMTPUTF8 addresses and 8-bit content', async () => {
    await smtpTransport(smtpPort()).sendMail({
      from: 'app@example.com',
      to: 'jöran@example.com',
      subject: 'Smtputf8 grüße',
      text: 'Grüße',
    });
    const message = await waitForSubject('Smtputf8 grüße');
    expect(message.envelope.to).toEqual(['jöran@example.com']);
    expect(message.to).toEqual([{ name: '', email: 'jöran@example.com' }]);
  });

  it('answers 552 past the size limit (--max-body-mb) and stores nothing', async () => {
    const big = Buffer.alloc(1024 * 1024 + 10, 'a');
    const sent = smtpTransport(smtpPort()).sendMail({
      from: 'app@example.com',
      to: 'jane@example.com',
      subject: 'Too big',
      text: 'x',
      attachments: [{ filename: 'big.bin', content: big }],
    });
    await expect(sent).rejects.toMatchObject({ responseCode: 552 });
    // Without SIZE on MAIL FROM, the refusal comes after the data: a raw dialog sends it all.
    const dialog = await smtpDialog(smtpPort());
    dialog.write('EHLO test\r\nMAIL FROM:<app@example.com>\r\nRCPT TO:<jane@example.com>\r\nDATA\r\n');
    expect(await dialog.reply()).toMatch(/^250-/);
    expect(await dialog.reply()).toMatch(/^250 /);
    expect(await dialog.reply()).toMatch(/^250 /);
    expect(await dialog.reply()).toMatch(/^354 /);
    dialog.write(`Subject: Too big raw\r\n\r\n${'b'.repeat(998)}\r\n`.repeat(1100));
    dialog.write('.\r\n');
    expect(await dialog.reply()).toMatch(/^552 /);
    dialog.write('QUIT\r\n');
    await dialog.closed;
    expect(await countSubject('Too big')).toBe(0);
    expect(await countSubject('Too big raw')).toBe(0);
  });

  it('answers 452 past the recipient limit (--smtp-max-recipients) and keeps the accepted ones', async () => {
    const info = await smtpTransport(smtpPort()).sendMail({
      from: 'app@example.com',
      to: ['r1@example.com', 'r2@example.com', 'r3@example.com', 'r4@example.com'],
      subject: 'Four recipients',
      text: 'hi',
    });
    expect(info.rejected).toEqual(['r4@example.com']);
    expect(info.rejectedErrors?.[0]).toMatchObject({ responseCode: 452 });
    const message = await waitForSubject('Four recipients');
    expect(message.envelope.to).toEqual(['r1@example.com', 'r2@example.com', 'r3@example.com']);
  });

  it('answers 500 to a 2 MB line in DATA and stores nothing; the HTTP side keeps answering', async () => {
    const dialog = await smtpDialog(smtpPort());
    dialog.write('EHLO test\r\nMAIL FROM:<app@example.com>\r\nRCPT TO:<jane@example.com>\r\nDATA\r\n');
    for (let i = 0; i < 3; i++) await dialog.reply();
    expect(await dialog.reply()).toMatch(/^354 /);
    dialog.write(`Subject: Long line\r\n\r\n${'c'.repeat(2 * 1024 * 1024)}\r\n.\r\n`);
    // The size limit (1 MB here) is passed too; either refusal is a clear reply and nothing stored.
    expect(await dialog.reply()).toMatch(/^5\d\d /);
    dialog.write('QUIT\r\n');
    await dialog.closed;
    expect(await countSubject('Long line')).toBe(0);
    expect((await fetch(`${emulator().url}/healthz`)).status).toBe(200);
  });

  it('stores nothing of a message whose client disconnects in the middle of DATA', async () => {
    const dialog = await smtpDialog(smtpPort());
    dialog.write('EHLO test\r\nMAIL FROM:<app@example.com>\r\nRCPT TO:<jane@example.com>\r\nDATA\r\n');
    for (let i = 0; i < 3; i++) await dialog.reply();
    expect(await dialog.reply()).toMatch(/^354 /);
    dialog.write('Subject: Half a message\r\n\r\nthe first half\r\n');
    dialog.destroy();
    await dialog.closed;
    // A mail sent afterwards on a new connection is captured; the half one never is.
    await smtpTransport(smtpPort()).sendMail({
      from: 'app@example.com',
      to: 'jane@example.com',
      subject: 'After the half one',
      text: 'hi',
    });
    await waitForSubject('After the half one');
    expect(await countSubject('Half a message')).toBe(0);
  });
});
