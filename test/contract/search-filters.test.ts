/**
 * The inbox search's filters added for issue 41 (finding 11), over GET /_emulator/messages?query= (server/emulator/
 * README.md "Captured messages"): a pasted URL is a phrase, not an unknown filter; reply-to:, message-id:, larger:
 * and smaller:, each negated and beside a full-text term; a malformed size is a 422 in our error shape. Mail comes
 * in over SMTP, where the test sets Reply-To and Message-ID as an app would.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../server/testing/client.js';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, ok } from '../support/http.js';
import { smtpTransport } from '../support/smtp.js';

const emulator = useEmulator({ args: ['--smtp-port', '0'] });
const api = () => apiClient(emulator().url, emulator().token);

const subjects = async (query: string) => {
  const body = ok(await api().get(`/_emulator/messages?query=${encodeURIComponent(query)}`));
  expect(body.meta.total).toBe(body.data.length);
  return (body.data as Array<{ subject: string }>).map((m) => m.subject);
};

describe('GET /_emulator/messages?query=: URLs, reply-to:, message-id:, larger:, smaller:', () => {
  beforeAll(async () => {
    const smtp = smtpTransport(emulator().smtpPort!);
    await smtp.sendMail({
      from: 'shop@acme.test',
      to: 'jane@example.com',
      replyTo: 'Acme Support <support@acme.test>',
      messageId: '<order-17@acme.test>',
      subject: 'Order 17',
      text: 'Track it at https://acme.test/orders/17?ref=mail today.',
    });
    await smtp.sendMail({
      from: 'shop@acme.test',
      to: 'jane@example.com',
      subject: 'Big report',
      text: `Report https://acme.test/orders/18\n${'figure '.repeat(4_000)}`,
    });
    await smtp.sendMail({ from: 'shop@acme.test', to: 'jane@example.com', subject: 'Small note', text: 'Hi' });
    await createClient({ url: emulator().url, token: emulator().token }).waitForMessage({ subject: 'Small note' });
  });

  it('searches a pasted URL as the phrase of its words', async () => {
    expect(await subjects('https://acme.test/orders/17?ref=mail')).toEqual(['Order 17']);
    expect(await subjects('https://acme.test/orders')).toEqual(['Big report', 'Order 17']);
    expect(await subjects('-https://acme.test/orders/18')).toEqual(['Small note', 'Order 17']);
  });

  it('finds by Reply-To address or name, by exact Message-ID, with or without angle brackets', async () => {
    expect(await subjects('reply-to:support@acme')).toEqual(['Order 17']);
    expect(await subjects('reply-to:"acme support"')).toEqual(['Order 17']);
    expect(await subjects('-reply-to:support')).toEqual(['Small note', 'Big report']);
    expect(await subjects('message-id:<order-17@acme.test>')).toEqual(['Order 17']);
    expect(await subjects('message-id:order-17@acme.test')).toEqual(['Order 17']);
    expect(await subjects('message-id:order-17')).toEqual([]);
  });

  it('finds by size, alone, negated and beside a full-text term', async () => {
    expect(await subjects('larger:20kb')).toEqual(['Big report']);
    expect(await subjects('smaller:20kb')).toEqual(['Small note', 'Order 17']);
    expect(await subjects('-larger:20kb')).toEqual(['Small note', 'Order 17']);
    expect(await subjects('larger:1kb smaller:1mb report')).toEqual(['Big report']);
    expect(await subjects('larger:1mb')).toEqual([]);
  });

  it('answers a size that is not one with a 422 naming it, and deletes nothing with it', async () => {
    const res = await api().get(`/_emulator/messages?query=${encodeURIComponent('larger:big')}`);
    expect(res.status, res.text).toBe(422);
    expect(res.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { query: ['"larger:big" needs a size in bytes, or with kb or mb (1024-based), such as 20kb or 1.5mb.'] },
    });
    const deleted = await api().delete(`/_emulator/messages?query=${encodeURIComponent('smaller:tiny')}`);
    expect(deleted.status, deleted.text).toBe(422);
    expect(ok(await api().get('/_emulator/messages')).meta.total).toBe(3);
  });
});
