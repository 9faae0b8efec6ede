/**
 * One message on the Mailpit surface (server/mailpit/message.ts; docs/spec/mailpit-api.md#233-get-apiv1messageid--one-message
 * to #237), driven by the real `mailpit-api` client and by raw HTTP for the exact bytes, with mail received over
 * SMTP as hand-written MIME so that its structure is known: the Message, /headers, /raw, parts and thumbnails,
 * `latest`, and the 404s (docs/spec/mailpit-api.md#5-acceptance-test-cases, cases 9-11, 18-28, 76).
 */
import jpeg from 'jpeg-js';
import { MailpitClient } from 'mailpit-api';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { toMailpitId } from '../../server/mailpit/ids.js';
import { useEmulator } from '../support/emulator-process.js';
import { rawRequest } from '../support/http.js';
import { receiveMail } from '../support/mailpit-mail.js';

const emulator = useEmulator({ args: ['--smtp-port', '0'], fixtures: null });
const mailpit = () => new MailpitClient(emulator().url);
const get = (path: string) => rawRequest(emulator().url, { path });

const LOGO = (() => {
  const image = new PNG({ width: 4, height: 2 });
  image.data.fill(200);
  return PNG.sync.write(image);
})();

/** mixed[related[alternative[text, html], logo.png], a.pdf, notes.txt]: the spec's example and more. */
const NESTED = [
  'From: App <app@example.com>',
  'To: Jane <jane@example.com>',
  'Subject: =?UTF-8?Q?Caf=C3=A9_news?=',
  'Date: Fri, 02 Jan 2026 15:04:05 +1300',
  'MIME-Version: 1.0',
  'X-Priority: 1',
  'X-Custom: a',
  'X-Custom: b',
  'List-Unsubscribe: <mailto:u@example.test>, <https://example.test/u>',
  'Content-Type: multipart/mixed; boundary="mixed"',
  '',
  '--mixed',
  'Content-Type: multipart/related; boundary="related"',
  '',
  '--related',
  'Content-Type: multipart/alternative; boundary="alt"',
  '',
  '--alt',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Hello Jane, see https://example.test/text',
  '--alt',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<p>Hello <b>Jane</b> <img src="cid:logo@app"> <a href="https://example.test/html">read</a></p>',
  '--alt--',
  '--related',
  'Content-Type: image/png; name="logo.png"',
  'Content-ID: <logo@app>',
  'Content-Transfer-Encoding: base64',
  '',
  LOGO.toString('base64'),
  '--related--',
  '--mixed',
  'Content-Type: application/pdf',
  'Content-Disposition: attachment; filename="a.pdf"',
  'Content-Transfer-Encoding: base64',
  '',
  'SGVsbG8gV29ybGQ=',
  '--mixed',
  'Content-Type: text/plain; name="notes.txt"',
  'Content-Disposition: attachment; filename="notes.txt"',
  '',
  'some notes',
  '--mixed--',
  '',
];

const TEXT_ONLY = ['From: app@example.com', 'To: jane@example.com', 'Subject: Text only', '', 'Just text.', ''];

describe('an empty mailbox', () => {
  it('answers latest with 404 Message not found, an unknown ID with 404 page not found', async () => {
    const latest = await get('/api/v1/message/latest');
    expect([latest.status, latest.headers['content-type'], latest.text]).toEqual([
      404,
      'text/plain; charset=utf-8',
      'Message not found',
    ]);
    for (const id of ['nonexistent', toMailpitId('00000000-0000-4000-8000-000000000001')]) {
      const unknown = await get(`/api/v1/message/${id}`);
      expect([unknown.status, unknown.headers['content-type'], unknown.text]).toEqual([
        404,
        'text/plain',
        '404 page not found',
      ]);
    }
    await expect(mailpit().getMessageSummary()).rejects.toThrow(/404 Not Found .*Message not found/);
  });
});

describe('GET /api/v1/message/{ID}', () => {
  let id = '';
  let uuid = '';
  beforeAll(async () => {
    ({ id, uuid } = await receiveMail(emulator(), NESTED, {
      from: 'bounce@example.com',
      to: ['jane@example.com', 'hidden@example.com'],
    }));
  });

  it('answers the Message with exactly its keys, in Go’s order, and marks it read', async () => {
    expect((await readState(uuid)).read).toBe(false);
    const response = await get(`/api/v1/message/${id}`);
    expect(response.headers['content-type']).toBe('application/json');
    const message = response.json();
    expect(Object.keys(message)).toEqual([
      'ID',
      'MessageID',
      'From',
      'To',
      'Cc',
      'Bcc',
      'ReplyTo',
      'ReturnPath',
      'Subject',
      'ListUnsubscribe',
      'Date',
      'Tags',
      'Username',
      'Text',
      'HTML',
      'Size',
      'Inline',
      'Attachments',
    ]);
    expect(message).toMatchObject({
      ID: id,
      MessageID: expect.stringMatching(/^[0-9a-f]{32}@mailcoach-emulator$/),
      From: { Name: 'App', Address: 'app@example.com' },
      To: [{ Name: 'Jane', Address: 'jane@example.com' }],
      Cc: [],
      Bcc: [{ Name: '', Address: 'hidden@example.com' }],
      ReplyTo: [],
      ReturnPath: 'bounce@example.com',
      Subject: 'Café news',
      ListUnsubscribe: {
        Header: '<mailto:u@example.test>, <https://example.test/u>',
        Links: ['mailto:u@example.test', 'https://example.test/u'],
        Errors: '',
        HeaderPost: '',
      },
      Date: '2026-01-02T15:04:05+13:00',
      Tags: [],
      Username: '',
      Text: 'Hello Jane, see https://example.test/text',
      HTML: '<p>Hello <b>Jane</b> <img src="cid:logo@app"> <a href="https://example.test/html">read</a></p>',
    });
    // The size of Mailpit's view of the raw message: what /raw answers, the added headers included.
    expect(message.Size).toBe((await get(`/api/v1/message/${id}/raw`)).body.length);
    // The list, the search and the websocket's summaries say the same (migration 32).
    const listed = (await mailpit().listMessages()).messages.find((m) => m.ID === id);
    expect(listed?.Size).toBe(message.Size);
    expect(message.Inline).toEqual([
      expect.objectContaining({ PartID: '1.2', FileName: 'logo.png', ContentType: 'image/png', ContentID: 'logo@app' }),
    ]);
    expect(message.Attachments).toEqual([
      {
        PartID: '2',
        FileName: 'a.pdf',
        ContentType: 'application/pdf',
        ContentID: '',
        Size: 11,
        Checksums: {
          MD5: 'b10a8db164e0754105b7a99be72e3fe5',
          SHA1: '0a4d55a8d778e5022fab701977c5d840bbc486d0',
          SHA256: 'a591a6d40bf420404a011733cfb7b190d62c65bf0bcda32b57b277d9ad9f146e',
        },
      },
      expect.objectContaining({ PartID: '3', FileName: 'notes.txt', ContentType: 'text/plain', Size: 10 }),
    ]);
    expect((await readState(uuid)).read).toBe(true);
  });

  it('answers a page of the same origin with Mailpit’s CORS headers (the surface’s rule, on these routes too)', async () => {
    const origin = new URL(emulator().url).origin;
    const answer = await rawRequest(emulator().url, { path: `/api/v1/message/${id}/headers`, headers: { origin } });
    expect([answer.status, answer.headers['access-control-allow-origin']]).toEqual([200, origin]);
  });

  it('takes our uuid as the ID too, and `latest` for the newest message (the client’s default)', async () => {
    expect((await get(`/api/v1/message/${uuid}`)).json().ID).toBe(id);
    expect((await mailpit().getMessageSummary()).ID).toBe(id);
  });

  it('answers /headers by Go-canonical name with every value, encoded-words kept, Mailpit’s added lines in', async () => {
    const headers = await mailpit().getMessageHeaders(id);
    expect(Object.keys(headers)).toEqual([
      'Bcc',
      'Content-Type',
      'Date',
      'From',
      'List-Unsubscribe',
      'Message-Id',
      'Mime-Version',
      'Return-Path',
      'Subject',
      'To',
      'X-Custom',
      'X-Priority',
    ]);
    const message = (await get(`/api/v1/message/${id}`)).json();
    expect(headers).toMatchObject({
      Bcc: ['hidden@example.com'],
      'Message-Id': [`<${message.MessageID}>`],
      'Mime-Version': ['1.0'],
      'Return-Path': ['<bounce@example.com>'],
      Subject: ['=?UTF-8?Q?Caf=C3=A9_news?='],
      'X-Custom': ['a', 'b'],
      'X-Priority': ['1'],
    });
  });

  it('answers /raw as Mailpit stored it: its added headers first, then the message as received; ?dl=1 a download', async () => {
    const raw = await get(`/api/v1/message/${id}/raw`);
    expect(raw.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(raw.headers['content-disposition']).toBeUndefined();
    const messageId = (await get(`/api/v1/message/${id}`)).json().MessageID;
    expect(raw.text).toBe(
      `Bcc: hidden@example.com\r\nMessage-ID: <${messageId}>\r\nReturn-Path: <bounce@example.com>\r\n${NESTED.join('\r\n')}`,
    );
    expect(await mailpit().getMessageSource(id)).toBe(raw.text);
    const download = await get(`/api/v1/message/${id}/raw?dl=1`);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${id}.eml"`);
  });

  it('answers a part’s decoded bytes with its type and name; 404 for a part it does not have', async () => {
    const pdf = await get(`/api/v1/message/${id}/part/2`);
    expect([pdf.status, pdf.headers['content-type'], pdf.headers['content-disposition'], pdf.text]).toEqual([
      200,
      'application/pdf',
      'inline; filename="a.pdf"',
      'Hello World',
    ]);
    const logo = await mailpit().getMessageAttachment(id, '1.2');
    expect(logo.type).toBe('image/png');
    expect(Buffer.from(await logo.arrayBuffer())).toEqual(LOGO);
    for (const part of ['99', '1.1.1', '1.0']) {
      const missing = await get(`/api/v1/message/${id}/part/${part}`);
      expect([missing.status, missing.text]).toEqual([404, '404 page not found']);
    }
  });

  it('answers a 180×120 JPEG thumbnail, blank for a part that is no image; 400 for what it cannot find', async () => {
    const thumb = await mailpit().getAttachmentThumbnail(id, '1.2');
    expect(thumb.type).toBe('image/jpeg');
    const image = jpeg.decode(Buffer.from(await thumb.arrayBuffer()), { useTArray: true });
    expect([image.width, image.height]).toEqual([180, 120]);
    // The 4×2 logo in the middle, in its grey; white around it.
    expect(image.data[(60 * 180 + 90) * 4]).toBeLessThan(215);
    expect(image.data[(5 * 180 + 5) * 4]).toBeGreaterThan(245);
    const blank = await get(`/api/v1/message/${id}/part/3/thumb`);
    expect([blank.status, blank.headers['content-type'], blank.headers['content-disposition']]).toEqual([
      200,
      'image/jpeg',
      'filename="notes.txt"',
    ]);
    expect(Math.min(...jpeg.decode(blank.body, { useTArray: true }).data)).toBeGreaterThan(245);
    for (const [path, text] of [
      [`/api/v1/message/${id}/part/99/thumb`, 'attachment not found'],
      ['/api/v1/message/latest/part/2/thumb', 'message not found'],
    ]) {
      const missing = await get(path!);
      expect([missing.status, missing.headers['content-type'], missing.text]).toEqual([400, 'text/plain', text]);
    }
  });
});

describe('messages Mailpit reads in other ways', () => {
  it('adds a Message-ID to one without (case 25), and the From address is its ReturnPath when MAIL FROM is it', async () => {
    const { id } = await receiveMail(emulator(), TEXT_ONLY, { from: 'app@example.com', to: ['jane@example.com'] });
    const message = await mailpit().getMessageSummary(id);
    expect(message.ReturnPath).toBe('app@example.com');
    expect(message.Text).toBe('Just text.\r\n');
    expect(message.HTML).toBe('');
    // No Date header: the receive time (the stepping clock's).
    expect(message.Date).toMatch(/^2025-03-01T10:\d\d:\d\d(\.\d{1,3})?Z$/);
    const headers = await mailpit().getMessageHeaders(id);
    expect(headers['Message-Id']).toEqual([`<${message.MessageID}>`]);
    expect(headers['Return-Path']).toEqual(['<app@example.com>']);
    expect(headers.Bcc).toBeUndefined();
    expect(await mailpit().getMessageSource(id)).toContain(`Message-ID: <${message.MessageID}>\r\n`);
  });

  it('gives an HTML-only message the HTML as text (case 56)', async () => {
    const { id } = await receiveMail(
      emulator(),
      [
        'From: app@example.com',
        'To: jane@example.com',
        'Subject: Only HTML',
        'Content-Type: text/html; charset=utf-8',
        '',
        '<h2>Welcome</h2><p>Confirm <a href="https://app.test/c">here</a>.</p>',
      ],
      { from: 'app@example.com', to: ['jane@example.com'] },
    );
    const message = await mailpit().getMessageSummary(id);
    expect(message.Text).toBe('-------\nWelcome\n-------\n\nConfirm here ( https://app.test/c ).');
  });

  it('reads what Codeception reads of a mail with an attachment (case 76)', async () => {
    const { id } = await receiveMail(
      emulator(),
      [
        'From: app@example.com',
        'To: Jane Doe <jane@example.com>',
        'Subject: With attachment',
        'X-Priority: 1 (Highest)',
        'Content-Type: multipart/mixed; boundary=b',
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        'See attached.',
        '--b',
        'Content-Type: text/csv; charset=utf-8; name=report.csv',
        'Content-Disposition: attachment; filename=report.csv',
        '',
        'a,b',
        '1,2',
        '--b--',
      ],
      { from: 'app@example.com', to: ['jane@example.com'] },
    );
    const message = await mailpit().getMessageSummary(id);
    expect(message.To).toEqual([{ Name: 'Jane Doe', Address: 'jane@example.com' }]);
    expect(message.Attachments.map((a) => [a.FileName, a.ContentType, a.Size])).toEqual([
      ['report.csv', 'text/csv', 8],
    ]);
    expect((await mailpit().getMessageHeaders(id))['X-Priority']).toEqual(['1 (Highest)']);
  });
});

describe('POST /api/v1/message/{ID}/release', () => {
  it('checks the addresses, then answers as Mailpit with no SMTP relay; no `latest`', async () => {
    const { id } = await receiveMail(emulator(), TEXT_ONLY, { from: 'app@example.com', to: ['jane@example.com'] });
    const release = (path: string, body: string) =>
      rawRequest(emulator().url, { method: 'POST', path, body, headers: { 'content-type': 'application/json' } });
    const refused = await release(`/api/v1/message/${id}/release`, '{"to":["a@example.com"]}');
    expect([refused.status, refused.headers['content-type']]).toEqual([400, 'text/plain']);
    expect(refused.text).toMatch(/^SMTP error: /);
    await expect(mailpit().releaseMessage(id, { To: ['a@example.com'] })).rejects.toThrow(
      /400 Bad Request .*SMTP error/,
    );
    for (const [body, text] of [
      ['{"To":["bad"]}', 'Invalid email address: bad'],
      ['{"To":[]}', 'No valid addresses found'],
      ['', 'EOF'],
      ['{"To":"a@example.com"}', 'json: cannot unmarshal string into Go struct field .To of type []string'],
    ]) {
      const answer = await release(`/api/v1/message/${id}/release`, body!);
      expect([answer.status, answer.text]).toEqual([400, text]);
    }
    const latest = await release('/api/v1/message/latest/release', '{"To":["a@example.com"]}');
    expect([latest.status, latest.text]).toEqual([404, '404 page not found']);
  });
});

async function readState(uuid: string): Promise<{ read: boolean }> {
  return (await get(`/_emulator/messages/${uuid}`)).json();
}
