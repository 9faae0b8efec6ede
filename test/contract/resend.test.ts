/**
 * POST /api/transactional-mails/{uuid}/resend (docs/spec/mailcoach-reference.md#5-transactional-mail-log-endpoints): 204 and a fresh copy of the stored mail under a new
 * Message-ID, with the same from/to/cc/bcc, subject, HTML and attachments; no new log item and no Send; fake log
 * items are not resent; the suppression list is not checked. A fixture log item (no captured original) is resent
 * from its stored body. The emulator reads test/fixtures (log.json holds two log items).
 */
import { describe, expect, it } from 'vitest';
import { capturedMessages, lastCaptured, parseMessage, type CapturedMessage } from '../support/captured.js';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, type RawResponse } from '../support/http.js';

const SEND = '/api/transactional-mails/send';
const WELCOME_ITEM = '1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6';
const INVOICE_ITEM = '2f3e4d5c-6b7a-4899-8a1b-d2e3f4a5b6c7';
const LOG_ITEM_404 =
  '{\n    "message": "No query results for model [Spatie\\\\Mailcoach\\\\Domain\\\\TransactionalMail\\\\Models\\\\TransactionalMailLogItem]."\n}';

const emulator = useEmulator();
const api = () => apiClient(emulator().url, emulator().token);
const resend = (uuid: string) => api().post(`/api/transactional-mails/${uuid}/resend`);

function uuidOf(res: RawResponse): string {
  expect(res.status, res.text).toBe(200);
  return (res.json() as { uuid: string }).uuid;
}

function last(): CapturedMessage {
  const message = lastCaptured(emulator().dbPath);
  if (message === undefined) throw new Error('nothing was captured');
  return message;
}

async function totals() {
  return {
    logItems: (await api().get('/api/transactional-mails')).json().meta.total as number,
    sends: (await api().get('/api/sends')).json().meta.total as number,
    captured: capturedMessages(emulator().dbPath).length,
  };
}

function expectNoContent(res: RawResponse) {
  expect(res.status, res.text).toBe(204);
  expect(res.text).toBe('');
}

const flat = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

const REPORT = Buffer.from('line one\r\nline two\r\n'.repeat(20));
const PIXEL = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 0, 255]);
const FULL = {
  from: '"Shop, Inc." <shop@example.com>',
  to: 'Bob <bob@example.com>, carol@example.com',
  cc: 'dave@example.com',
  bcc: 'Audit <audit@example.com>',
  subject: 'Your receipt – № 7',
  html: '<html><body><p>Thanks</p><img src="cid:pixel.png"></body></html>',
  attachments: [
    { name: 'receipt.txt', content: REPORT.toString('base64'), content_type: 'text/plain' },
    { name: 'pixel.png', content: PIXEL.toString('base64'), content_type: 'image/png', content_id: 'cid:pixel.png' },
  ],
};

describe('resending a stored mail', () => {
  let uuid = '';
  let original: CapturedMessage;
  let copy: CapturedMessage;

  it('answers 204 with an empty body and captures one new message, with no new log item or Send', async () => {
    uuid = uuidOf(await api().post(SEND, { json: FULL }));
    original = last();
    const before = await totals();
    expectNoContent(await resend(uuid));
    expect(await totals()).toEqual({ ...before, captured: before.captured + 1 });
    copy = last();
    expect(copy.id).not.toBe(original.id);
  });

  it('gives the copy a new Message-ID in the same format', async () => {
    const parsed = await parseMessage(copy.raw);
    expect(copy.messageId).not.toBe(original.messageId);
    expect(parsed.messageId).toBe(`<${copy.messageId}>`);
    expect(parsed.messageId).toMatch(/^<[0-9a-f]{32}@example\.com>$/);
    // The log item keeps pointing at the original send's Message-ID.
    const sends = (await api().get(`/api/sends?filter[transactional_mail_log_item_uuid]=${uuid}`)).json().data;
    expect(sends.map((s: { transport_message_id: string }) => s.transport_message_id)).toEqual([original.messageId]);
  });

  it('keeps from, to, cc, bcc, subject and html', async () => {
    const [a, b] = [await parseMessage(original.raw), await parseMessage(copy.raw)];
    expect(b.from?.value).toEqual(a.from?.value);
    expect(b.from?.value).toEqual([{ name: 'Shop, Inc.', address: 'shop@example.com' }]);
    expect(flat(b.to).flatMap((t) => t.value)).toEqual(flat(a.to).flatMap((t) => t.value));
    expect(flat(b.cc).flatMap((t) => t.value)).toEqual([{ name: '', address: 'dave@example.com' }]);
    expect(b.bcc).toBeUndefined();
    expect(copy.envelopeFrom).toBe(original.envelopeFrom);
    expect(copy.envelopeTo).toEqual(original.envelopeTo);
    expect(copy.envelopeTo).toContain('audit@example.com');
    expect(b.subject).toBe('Your receipt – № 7');
    expect(copy.subject).toBe(original.subject);
    expect(copy.html).toBe(original.html);
    expect(b.html).toBe(a.html);
  });

  it('re-attaches the same attachments, the inline part still inline under its Content-ID', async () => {
    const [a, b] = [await parseMessage(original.raw), await parseMessage(copy.raw)];
    const summary = (m: typeof a) =>
      m.attachments
        .map((x) => ({
          filename: x.filename,
          contentType: x.contentType,
          disposition: x.contentDisposition,
          cid: x.cid ?? null,
          content: x.content.toString('hex'),
        }))
        .sort((x, y) => String(x.filename).localeCompare(String(y.filename)));
    expect(summary(b)).toEqual(summary(a));
    expect(summary(b)).toEqual([
      {
        filename: 'pixel.png',
        contentType: 'image/png',
        disposition: 'inline',
        cid: 'pixel.png',
        content: PIXEL.toString('hex'),
      },
      {
        filename: 'receipt.txt',
        contentType: 'text/plain',
        disposition: 'attachment',
        cid: null,
        content: REPORT.toString('hex'),
      },
    ]);
    expect(copy.attachments).toEqual(original.attachments);
  });

  it('carries no send tracking headers (the resend creates no Send)', async () => {
    const parsed = await parseMessage(copy.raw);
    expect(parsed.headers.has('mailcoach-send-uuid')).toBe(false);
    expect(parsed.headers.has('x-smtpapi')).toBe(false);
    expect(parsed.headers.has('x-pm-metadata-send-uuid')).toBe(false);
  });

  it('can be repeated, each copy under its own Message-ID', async () => {
    const before = await totals();
    expectNoContent(await resend(uuid));
    expectNoContent(await resend(uuid));
    const all = capturedMessages(emulator().dbPath);
    expect(all).toHaveLength(before.captured + 2);
    expect(new Set(all.map((m) => m.messageId)).size).toBe(all.length);
    expect(await totals()).toEqual({ ...before, captured: before.captured + 2 });
  });

  it('resends the rendered html of a template mail unchanged', async () => {
    const templated = uuidOf(
      await api().post(SEND, {
        json: {
          mail_name: 'welcome',
          from: 'app@example.com',
          to: 'bob@example.com',
          replacements: { first_name: 'Jo' },
        },
      }),
    );
    const sent = last();
    const html =
      '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN" "http://www.w3.org/TR/REC-html40/loose.dtd">\n<html><body><p>Hello Jo</p></body></html>';
    expect(sent.html).toBe(html);
    expectNoContent(await resend(templated));
    const again = last();
    expect(again.html).toBe(html);
    expect(again.subject).toBe('Welcome Jo');
    // The template's default recipients stored on the log item are kept.
    expect(again.envelopeTo).toEqual(sent.envelopeTo);
  });

  it('resends a text-only mail as text only', async () => {
    const textOnly = uuidOf(
      await api().post(SEND, {
        json: { from: 'app@example.com', to: 'bob@example.com', subject: 'Plain', text: 'Only text' },
      }),
    );
    expectNoContent(await resend(textOnly));
    const again = last();
    expect(again.html).toBeNull();
    expect(again.text).toBe('Only text');
    expect((await parseMessage(again.raw)).html).toBe(false);
  });

  it('does not check the suppression list', async () => {
    const faked = uuidOf(
      await api().post(SEND, {
        json: { from: 'app@example.com', to: 'bob@example.com', subject: 'Later suppressed', html: '<p>x</p>' },
      }),
    );
    const created = await api().post('/api/suppressions', { json: { email: 'bob@example.com' } });
    expect(created.status).toBe(201);
    try {
      const before = capturedMessages(emulator().dbPath).length;
      expectNoContent(await resend(faked));
      expect(capturedMessages(emulator().dbPath)).toHaveLength(before + 1);
      expect(last().envelopeTo).toEqual(['bob@example.com']);
    } finally {
      expect((await api().delete('/api/suppressions/bob@example.com')).status).toBe(204);
    }
  });
});

describe('resending a fake log item', () => {
  it('answers 204 and captures nothing', async () => {
    const uuid = uuidOf(
      await api().post(SEND, {
        json: { from: 'app@example.com', to: 'bob@example.com', subject: 'Fake', html: '<p>f</p>', fake: true },
      }),
    );
    const before = await totals();
    expectNoContent(await resend(uuid));
    expect(await totals()).toEqual(before);
  });
});

describe('resending an unknown log item', () => {
  it('is the log item 404 for an unknown uuid', async () => {
    const before = await totals();
    const res = await resend('00000000-0000-4000-8000-0000000fffff');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(LOG_ITEM_404);
    expect(await totals()).toEqual(before);
  });

  it('is the same 404 for a value that is not a uuid', async () => {
    const res = await resend('not-a-uuid');
    expect(res.status).toBe(404);
    expect(res.text).toBe(LOG_ITEM_404);
  });
});

describe('resending a fixture log item', () => {
  it('captures a message built from the stored subject, addresses and body (suppressed jane@ included)', async () => {
    const before = await totals();
    expectNoContent(await resend(WELCOME_ITEM));
    expect(await totals()).toEqual({ ...before, captured: before.captured + 1 });
    const message = last();
    const parsed = await parseMessage(message.raw);
    expect(parsed.subject).toBe('Welcome Jane');
    expect(parsed.from?.value).toEqual([{ name: 'Your app', address: 'hello@example.com' }]);
    expect(flat(parsed.to).flatMap((t) => t.value)).toEqual([{ name: '', address: 'jane@example.com' }]);
    expect(message.html).toBe('<html><body><p>Hi</p></body></html>');
    expect(parsed.html).toBe('<html><body><p>Hi</p></body></html>');
    expect(parsed.text?.trim()).toBe('Hi');
    expect(parsed.messageId).toMatch(/^<[0-9a-f]{32}@example\.com>$/);
    expect(parsed.attachments).toEqual([]);
  });

  it('keeps the stored body as it is and the cc of the log item', async () => {
    expectNoContent(await resend(INVOICE_ITEM));
    const message = last();
    const parsed = await parseMessage(message.raw);
    expect(parsed.subject).toBe('Invoice 42 / March');
    expect(flat(parsed.to).flatMap((t) => t.value)).toEqual([
      { name: '', address: 'bob@example.com' },
      { name: 'Carol', address: 'carol@example.com' },
    ]);
    expect(flat(parsed.cc).flatMap((t) => t.value)).toEqual([{ name: '', address: 'accounts@example.com' }]);
    expect(message.html).toBe('Your invoice is attached.');
    expect(parsed.messageId).toMatch(/^<[0-9a-f]{32}@example\.com>$/);
  });
});
