/**
 * POST /api/v1/send (server/mailpit/send.ts, mail/mailpit-send/; docs/spec/mailpit-api.md#2311-post-apiv1send):
 * the real `mailpit-api` client's sendMessage() and raw HTTP for exact bytes, section 5's cases 2, 13-19, 21, 22
 * and 74 (docs/spec/mailpit-api.md#5-acceptance-test-cases). The message built is checked where it is stored
 * (/_emulator/messages/{uuid} and its raw bytes): its MIME tree is what gives Mailpit's PartIDs.
 */
import { MailpitClient } from 'mailpit-api';
import { describe, expect, it } from 'vitest';
import { uuidFromMailpitId } from '../../server/mailpit/ids.js';
import { useEmulator } from '../support/emulator-process.js';
import { ok, rawRequest } from '../support/http.js';
import { waitUntil } from '../support/wait.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('POST /api/v1/send', () => {
  const emulator = useEmulator({ fixtures: null });
  const mailpit = () => new MailpitClient(emulator().url);
  const send = (body: string | object, headers: Record<string, string> = {}) =>
    rawRequest(emulator().url, {
      method: 'POST',
      path: '/api/v1/send',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  /** The stored message of a Mailpit ID, as our own inbox API shows it, and its raw bytes. */
  const stored = async (id: string) => {
    const uuid = uuidFromMailpitId(id);
    expect(uuid, id).not.toBeNull();
    const message = ok(await rawRequest(emulator().url, { path: `/_emulator/messages/${uuid}` }));
    const raw = (await rawRequest(emulator().url, { path: `/_emulator/messages/${uuid}/raw` })).text;
    return { message, raw };
  };
  const refused = async (body: string | object, error: string) => {
    const res = await send(body);
    expect(res.status, res.text).toBe(400);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(`${JSON.stringify({ Error: error })}\n`);
  };
  const base = { From: { Email: 'from@example.com', Name: 'From' }, To: [{ Email: 'jane@example.com', Name: 'Jane' }] };

  it('answers {"ID": <22 characters>} and stores the message as received mail (case 2)', async () => {
    const res = await send({ ...base, Subject: 'Hello', Text: 'hi' });
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toMatch(/^\{"ID":"[0-9A-Za-z]{22}"\}\n$/);
    const { message, raw } = await stored(res.json().ID);
    expect(message.subject).toBe('Hello');
    expect(message.from).toEqual({ name: 'From', email: 'from@example.com' });
    expect(message.to).toEqual([{ name: 'Jane', email: 'jane@example.com' }]);
    expect(message.via).toBe('smtp');
    expect(message.envelope).toEqual({ from: 'from@example.com', to: ['jane@example.com'] });
    // What Mailpit's SaveToDatabase prepends (Message-ID, Return-Path), then enmime's single text part: headers
    // sorted by name, no X-Mailer, the text as it is.
    expect(message.message_id).toMatch(/^[0-9A-Za-z]{22}@mailpit$/);
    // So our checks find nothing missing in it: a Mailpit send is no mail without a Message-ID.
    const checked = await waitUntil(
      async () => ok(await rawRequest(emulator().url, { path: `/_emulator/messages/${message.uuid}` })).problems,
      (problems) => problems !== null,
      { what: 'the problem checks to reach the message' },
    );
    expect(checked).toBe(0);
    expect(raw).toMatch(
      /^Message-ID: <[0-9A-Za-z]{22}@mailpit>\r\nReturn-Path: <from@example\.com>\r\nContent-Type: text\/plain; charset=utf-8\r\nDate: \w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d \+0000\r\nFrom: "From" <from@example\.com>\r\nMime-Version: 1\.0\r\nSubject: Hello\r\nTo: "Jane" <jane@example\.com>\r\n\r\nhi$/,
    );
  });

  it('takes Cc, Bcc, ReplyTo and Tags, through the mailpit-api client (case 13)', async () => {
    const { ID } = await mailpit().sendMessage({
      ...base,
      Subject: 'Custom',
      Text: 'x',
      Cc: [{ Email: 'custom-cc@example.com', Name: 'Custom CC' }],
      Bcc: ['custom-bcc@example.com'],
      ReplyTo: [{ Email: 'custom-reply@example.com', Name: 'Custom Reply' }],
      Tags: ['tag1', 'tag2'],
    });
    const { message, raw } = await stored(ID);
    expect(message.cc).toEqual([{ name: 'Custom CC', email: 'custom-cc@example.com' }]);
    expect(message.bcc).toEqual([{ name: '', email: 'custom-bcc@example.com' }]);
    expect(message.reply_to).toEqual([{ name: 'Custom Reply', email: 'custom-reply@example.com' }]);
    expect(message.tags).toEqual(['tag1', 'tag2']);
    expect(message.envelope.to).toEqual(['jane@example.com', 'custom-cc@example.com', 'custom-bcc@example.com']);
    expect(raw).toContain('\r\nX-Tags: tag1, tag2\r\n');
    // The recipient no To or Cc header names, in a Bcc header first, as Mailpit stores it.
    expect(raw).toMatch(
      /^Bcc: custom-bcc@example\.com\r\nMessage-ID: <[0-9A-Za-z]{22}@mailpit>\r\nReturn-Path: <from@example\.com>\r\n/,
    );
  });

  it('refuses an address that does not parse, naming its field (case 14)', async () => {
    await refused({ ...base, To: [{ Email: '', Name: 'To' }] }, 'invalid To address: ');
    await refused({ ...base, Cc: [{ Email: 'bad', Name: '' }] }, 'invalid Cc address: bad');
    await refused({ ...base, Bcc: ['nope'] }, 'invalid Bcc address: nope');
    await refused({ ...base, ReplyTo: [{ Email: 'x@', Name: '' }] }, 'invalid Reply-To address: x@');
  });

  it('refuses a send without recipients, or without a sender, in enmime’s words (case 15)', async () => {
    await refused({ From: base.From, Subject: 'x' }, 'error building message: no recipients (to, cc, bcc) set');
    await refused({ ...base, From: { Email: '' } }, 'error building message: from not set');
    // The addresses are checked before the sender.
    await refused({ To: [{ Email: 'bad' }] }, 'invalid To address: bad');
  });

  it('refuses a header it sets itself, in any case, and writes another with its canonical name (case 16)', async () => {
    await refused({ ...base, Headers: { subject: 'x' } }, 'cannot overwrite header: "subject"');
    await refused({ ...base, Tags: ['a'], Headers: { 'x-tags': 'b' } }, 'cannot overwrite header: "x-tags"');
    const res = await send({ ...base, Headers: { 'X-IP': '1.2.3.4', 'x-tags': 'allowed without Tags' } });
    const { raw, message } = await stored(ok(res).ID);
    expect(raw).toContain('\r\nX-Ip: 1.2.3.4\r\n');
    expect(message.tags).toEqual(['allowed without Tags']);
  });

  it('answers a body that is not JSON with Go’s decoder error, keys matched case-insensitively (case 17)', async () => {
    await refused('not json', "invalid character 'o' in literal null (expecting 'u')");
    await refused('', 'EOF');
    const typed = await send('{"To": "jane@example.com"}');
    expect(typed.status).toBe(400);
    expect(typed.json().Error).toMatch(/^json: cannot unmarshal string into Go struct field \.To of type \[\]struct/);
    const res = await send({ from: { email: 'from@example.com' }, to: [{ email: 'a@example.com' }], subject: 'lower' });
    const { message } = await stored(ok(res).ID);
    expect(message.subject).toBe('lower');
  });

  it('stores attachments after the text and HTML: mixed[alternative[text, html], a, b], FileName as Filename (case 18)', async () => {
    const content = 'SGVsbG8gV29ybGQ=';
    const res = await send({
      ...base,
      Text: 'text',
      HTML: '<p>html</p>',
      Attachments: [
        { Content: content, FileName: 'hello.txt' },
        { Content: `data:text/plain;base64,${content}`, FileName: 'hello2.txt' },
      ],
    });
    const { message, raw } = await stored(ok(res).ID);
    expect(message.attachments.map((a: { filename: string }) => a.filename)).toEqual(['hello.txt', 'hello2.txt']);
    expect(partTree(raw)).toEqual([
      'multipart/mixed',
      ['multipart/alternative', 'text/plain', 'text/html'],
      'text/plain',
      'text/plain',
    ]);
    // Sniffed as Go does ("text/plain; charset=utf-8"), which enmime cannot add a name to; 7bit, as it is.
    expect(raw).toContain(
      'Content-Disposition: attachment; filename=hello.txt\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nHello World\r\n--enmime-',
    );
  });

  it('puts a part with a ContentID inline, in multipart/related beside the bodies (case 19)', async () => {
    const res = await send({
      ...base,
      Text: 'text',
      HTML: '<img src="cid:inline-cid">',
      Attachments: [
        { Content: 'SGVsbG8gV29ybGQ=', Filename: 'a.txt' },
        {
          Content: PNG.toString('base64'),
          ContentID: 'inline-cid',
          ContentType: 'overridden/type',
          Filename: 'logo.png',
        },
      ],
    });
    const { raw } = await stored(ok(res).ID);
    // PartIDs: the inline is 1.2, the attachment 2.
    expect(partTree(raw)).toEqual([
      'multipart/mixed',
      ['multipart/related', ['multipart/alternative', 'text/plain', 'text/html'], 'overridden/type'],
      'text/plain',
    ]);
    expect(raw).toContain(
      'Content-Disposition: inline; filename=logo.png\r\nContent-Id: <inline-cid>\r\nContent-Transfer-Encoding: base64\r\nContent-Type: overridden/type; name=logo.png\r\n',
    );
  });

  it('sniffs a PNG’s type when none is given (case 21), and refuses bad base64 naming the file', async () => {
    const res = await send({ ...base, Attachments: [{ Content: PNG.toString('base64'), Filename: 'pixel.png' }] });
    const { message, raw } = await stored(ok(res).ID);
    expect(message.attachments[0].content_type).toBe('image/png');
    expect(raw).toContain('Content-Type: image/png; name=pixel.png\r\n');
    await refused(
      { ...base, Attachments: [{ Content: 'not base64!', Filename: 'x.bin' }] },
      'error decoding base64 attachment "x.bin": illegal base64 data at input byte 3',
    );
  });

  it('writes exactly Mailpit’s stored headers and enmime’s root headers with Cc, Bcc, Reply-To and a custom one (case 22)', async () => {
    const res = await send({
      ...base,
      Subject: 'Headers',
      Text: 't',
      HTML: '<p>h</p>',
      Cc: [{ Email: 'cc@example.com' }],
      Bcc: ['bcc@example.com'],
      ReplyTo: [{ Email: 'reply@example.com' }],
      Headers: { 'List-Unsubscribe': '<mailto:u@example.test>, <https://example.test/u>' },
    });
    const { raw } = await stored(ok(res).ID);
    const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n /g, ' ');
    expect(head.split('\r\n').map((line) => line.slice(0, line.indexOf(':')))).toEqual([
      'Bcc',
      'Message-ID',
      'Return-Path',
      'Cc',
      'Content-Type',
      'Date',
      'From',
      'List-Unsubscribe',
      'Mime-Version',
      'Reply-To',
      'Subject',
      'To',
    ]);
    expect(head).toContain('Cc: <cc@example.com>\r\nContent-Type: multipart/alternative; boundary=enmime-');
    // Folded before 76 columns at the space, as enmime's stringutil.Wrap does.
    expect(raw).toMatch(/\r\nContent-Type: multipart\/alternative;\r\n boundary=enmime-[0-9a-f-]{36}\r\n/);
  });

  it('encodes a subject and names that are not ASCII as Go does', async () => {
    const res = await send({ ...base, From: { Email: 'from@example.com', Name: 'Zoë' }, Subject: 'Grüße aus Köln' });
    const { message, raw } = await stored(ok(res).ID);
    expect(raw).toContain('From: =?utf-8?q?Zo=C3=AB?= <from@example.com>\r\n');
    // A fifth of its bytes or more are not ASCII: base64 (enmime's selectTransferEncoding).
    expect(raw).toContain('Subject: =?utf-8?b?R3LDvMOfZSBhdXMgS8O2bG4=?=\r\n');
    const few = await send({ ...base, Subject: 'Grüße aus dem wunderschönen Rheinland' });
    expect((await stored(ok(few).ID)).raw).toContain(
      'Subject: =?utf-8?q?Gr=C3=BC=C3=9Fe_aus_dem_wundersch=C3=B6nen_Rheinland?=\r\n',
    );
    expect(message.subject).toBe('Grüße aus Köln');
    expect(message.from.name).toBe('Zoë');
  });

  it('keeps the request’s Basic user as the message’s username, whether or not credentials are needed (case 74)', async () => {
    const client = new MailpitClient(emulator().url, { auth: { username: 'admin', password: 'secret' } });
    const { ID } = await client.sendMessage({ ...base, Subject: 'auth', Text: 'x' });
    const { message } = await stored(ID);
    expect(message.subject).toBe('auth');
    expect(await usernameOf(emulator().dbPath, uuidFromMailpitId(ID)!)).toBe('admin');
  });
});

describe('POST /api/v1/send past the body limit', () => {
  const emulator = useEmulator({ fixtures: null, args: ['--max-body-mb', '1'] });

  it('answers 413 {"Error":"http: request body too large"} and stores nothing', async () => {
    const body = JSON.stringify({
      From: { Email: 'from@example.com' },
      To: [{ Email: 'jane@example.com' }],
      Text: 'x'.repeat(1_100_000),
    });
    const res = await rawRequest(emulator().url, { method: 'POST', path: '/api/v1/send', body });
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe('{"Error":"http: request body too large"}\n');
    expect(ok(await rawRequest(emulator().url, { path: '/_emulator/messages' })).meta.total).toBe(0);
  });
});

/** The MIME tree of a raw message: a multipart is [type, ...children], a leaf its type. */
type PartTree = string | PartTree[];
function partTree(raw: string): PartTree {
  const headerEnd = raw.search(/\r\n\r\n|\r\n\r\n?$/);
  const head = (headerEnd === -1 ? raw : raw.slice(0, headerEnd)).replace(/\r\n[ \t]/g, ' ');
  const type = /^Content-Type: ([^;\r\n]+)(?:;[^\r\n]*boundary=([^;\s"]+))?/im.exec(head);
  const mediaType = type?.[1] ?? 'text/plain';
  const boundary = type?.[2];
  if (boundary === undefined) return mediaType;
  const pieces = raw.split(`\r\n--${boundary}`).slice(1, -1);
  return [mediaType, ...pieces.map((piece) => partTree(piece.replace(/^\r\n/, '')))];
}

/** The username column of a stored message (the Mailpit list that shows `Username` is another part of issue 40). */
async function usernameOf(dbPath: string, uuid: string): Promise<string> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(dbPath, { readonly: true });
  try {
    return (db.prepare('SELECT username FROM messages WHERE uuid = ?').get(uuid) as { username: string }).username;
  } finally {
    db.close();
  }
}
