/**
 * Mailpit's list, read state and deletes, info and webui, through the real `mailpit-api` client and raw HTTP
 * (docs/spec/mailpit-api.md#231-get-apiv1messages--list, docs/spec/mailpit-api.md#238-put-apiv1messages--read-status,
 * docs/spec/mailpit-api.md#239-delete-apiv1messages, docs/spec/mailpit-api.md#21-global-behaviour-applies-to-every-endpoint-below;
 * the cases of docs/spec/mailpit-api.md#5-acceptance-test-cases). Mail arrives over SMTP. The search is
 * mailpit-search.test.ts.
 */
import { MailpitClient } from 'mailpit-api';
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { rawRequest } from '../support/http.js';
import { putMailpitChaos } from '../support/mailpit-mail.js';
import { smtpTransport } from '../support/smtp.js';

const emulator = useEmulator({ fixtures: null, args: ['--smtp-port', '0'] });
const mailpit = () => new MailpitClient(emulator().url);
/** Node's client sends a DELETE's body without a length unless told one (no chunking for DELETE): set it. */
const raw = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
  rawRequest(emulator().url, {
    method,
    path,
    body,
    headers: body === undefined ? headers : { 'content-length': String(Buffer.byteLength(body)), ...headers },
  });

interface Mail {
  subject: string;
  from?: string;
  to?: string | string[];
  cc?: string;
  replyTo?: string;
  text?: string;
  html?: string;
  attachments?: { filename: string; content: string; cid?: string }[];
}

/** Sends over SMTP; resolves after the 250, when the message is stored. */
async function send(mail: Mail): Promise<void> {
  await smtpTransport(emulator().smtpPort!).sendMail({
    from: mail.from ?? 'From <from@example.com>',
    to: mail.to ?? 'Jane <jane@example.com>',
    cc: mail.cc,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text ?? 'hi',
    html: mail.html,
    attachments: mail.attachments,
  });
}

async function sendSubjects(subjects: string[]): Promise<void> {
  for (const subject of subjects) await send({ subject });
}

const LIST_KEYS = [
  'ID',
  'MessageID',
  'Read',
  'From',
  'To',
  'Cc',
  'Bcc',
  'ReplyTo',
  'Subject',
  'Created',
  'Username',
  'Tags',
  'Size',
  'Attachments',
  'Snippet',
];

beforeEach(async () => {
  expect(await mailpit().deleteMessages()).toBe('ok');
});

describe('GET /api/v1/messages', () => {
  it('answers an empty store with every count 0 and empty lists, as Go encodes it (case 1)', async () => {
    const res = await raw('GET', '/api/v1/messages');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(
      '{"total":0,"unread":0,"count":0,"messages_count":0,"messages_unread":0,"start":0,"tags":[],"messages":[]}\n',
    );
  });

  it('lists a message with its addresses, unread, and exactly the keys of a MessageSummary (cases 2, 3)', async () => {
    await send({ subject: 'Hello' });
    const list = await mailpit().listMessages();
    expect(list).toMatchObject({ total: 1, unread: 1, messages_count: 1, count: 1, start: 0, tags: [] });
    const [item] = list.messages;
    expect(Object.keys(item!)).toEqual(LIST_KEYS);
    expect(item).toMatchObject({
      ID: expect.stringMatching(/^[0-9A-Za-z]{22}$/),
      Read: false,
      From: { Name: 'From', Address: 'from@example.com' },
      To: [{ Name: 'Jane', Address: 'jane@example.com' }],
      Subject: 'Hello',
      Username: '',
      Tags: [],
      Attachments: 0,
      Snippet: 'hi',
    });
    expect(item!.Size).toBeGreaterThan(100);
  });

  it('leaves absent Cc and Bcc null and an absent Reply-To [] (case 4)', async () => {
    await send({ subject: 'Bare' });
    const [item] = (await raw('GET', '/api/v1/messages')).json().messages;
    expect(item.Cc).toBeNull();
    expect(item.Bcc).toBeNull();
    expect(item.ReplyTo).toEqual([]);
  });

  it('pages newest first with start and limit (case 5)', async () => {
    await sendSubjects(['P0', 'P1', 'P2', 'P3', 'P4']);
    const subjects = async (start: number, limit: number) => {
      const page = await mailpit().listMessages(start, limit);
      expect(page).toMatchObject({ start, total: 5 });
      expect(page.count).toBe(page.messages.length);
      return page.messages.map((m) => m.Subject);
    };
    expect(await subjects(0, 2)).toEqual(['P4', 'P3']);
    expect(await subjects(2, 2)).toEqual(['P2', 'P1']);
    expect(await subjects(4, 2)).toEqual(['P0']);
  });

  it('answers a start past the end with no messages and the totals (case 6)', async () => {
    await sendSubjects(['P0', 'P1', 'P2', 'P3', 'P4']);
    const page = (await raw('GET', '/api/v1/messages?start=10')).json();
    expect(page).toMatchObject({ messages: [], count: 0, total: 5, start: 10 });
  });

  it('lists 50 by default, every message with limit=0, and reads odd values as Go does (case 7)', async () => {
    await sendSubjects(Array.from({ length: 60 }, (_, n) => `M${n}`));
    expect((await raw('GET', '/api/v1/messages')).json().count).toBe(50);
    const all = (await raw('GET', '/api/v1/messages?limit=0&start=5')).json();
    expect(all).toMatchObject({ count: 60, start: 0 });
    const odd = (await raw('GET', '/api/v1/messages?limit=abc&start=-3')).json();
    expect(odd).toMatchObject({ count: 50, start: 0 });
  });

  it('writes Created as RFC 3339 with at most 3 fractional digits, newest first (case 8)', async () => {
    await sendSubjects(['first', 'second', 'third']);
    const created = (await mailpit().listMessages()).messages.map((m) => m.Created);
    for (const value of created) expect(value).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('counts attachments and not inlines, and snips the HTML before the text (cases 44, 57)', async () => {
    const words = 'word '.repeat(60);
    await send({
      subject: 'Files',
      text: 'the text part',
      html: `<p>${words}</p><img src="cid:logo">`,
      attachments: [
        { filename: 'a.txt', content: 'A' },
        { filename: 'logo.png', content: 'P', cid: 'logo' },
      ],
    });
    const [item] = (await mailpit().listMessages()).messages;
    expect(item!.Attachments).toBe(1);
    expect(item!.Snippet).toBe(`${words.slice(0, 200)}...`);
  });

  it('only lists messages created before `before`, and ignores one that does not parse', async () => {
    await sendSubjects(['old']);
    expect((await raw('GET', '/api/v1/messages?before=2000-01-01')).json()).toMatchObject({ count: 0 });
    expect((await raw('GET', '/api/v1/messages?before=nonsense')).json()).toMatchObject({ count: 1 });
  });
});

describe('PUT /api/v1/messages', () => {
  it('sets the listed messages read and unread again (case 29)', async () => {
    await sendSubjects(['one', 'two']);
    const [first] = (await mailpit().listMessages()).messages;
    const res = await raw('PUT', '/api/v1/messages', JSON.stringify({ IDs: [first!.ID], Read: true }));
    expect([res.status, res.headers['content-type'], res.text]).toEqual([200, 'text/plain', 'ok']);
    let list = await mailpit().listMessages();
    expect(list.unread).toBe(1);
    expect(list.messages.find((m) => m.ID === first!.ID)?.Read).toBe(true);
    await mailpit().setReadStatus({ IDs: [first!.ID], Read: false });
    list = await mailpit().listMessages();
    expect(list.unread).toBe(2);
  });

  it('sets every message without IDs, and Read missing is false (case 30)', async () => {
    await sendSubjects(['a', 'b', 'c']);
    await raw('PUT', '/api/v1/messages', '{"IDs":[],"Read":true}');
    expect((await mailpit().listMessages()).unread).toBe(0);
    await raw('PUT', '/api/v1/messages', '{"Read":false}');
    expect((await mailpit().listMessages()).unread).toBe(3);
    await raw('PUT', '/api/v1/messages', '{"Read":true}');
    await raw('PUT', '/api/v1/messages', '{}');
    expect((await mailpit().listMessages()).unread).toBe(3);
  });

  it('refuses IDs with a search, an empty body and a form, changing nothing (case 31)', async () => {
    await sendSubjects(['a']);
    const both = await raw('PUT', '/api/v1/messages', '{"IDs":["x"],"Search":"y","Read":true}');
    expect([both.status, both.text]).toEqual([400, 'You may specify either IDs or a search query, not both']);
    const empty = await raw('PUT', '/api/v1/messages', '');
    expect([empty.status, empty.text]).toEqual([400, 'EOF']);
    const form = await raw('PUT', '/api/v1/messages', 'read=true', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect([form.status, form.text]).toEqual([400, "invalid character 'r' looking for beginning of value"]);
    const wrongType = await raw('PUT', '/api/v1/messages', '{"Read":"yes"}');
    expect(wrongType.status).toBe(400);
    expect(wrongType.text).toBe('json: cannot unmarshal string into Go struct field struct.Read of type bool');
    expect((await mailpit().listMessages()).unread).toBe(1);
  });

  it('sets the messages a search matches (case 32)', async () => {
    await sendSubjects(['P0', 'P1', 'P2', 'P3', 'P4']);
    await mailpit().setReadStatus({ Search: 'subject:P1', Read: true });
    const read = (await mailpit().listMessages()).messages.filter((m) => m.Read).map((m) => m.Subject);
    expect(read).toEqual(['P1']);
  });

  it('matches JSON keys case-insensitively (case 33)', async () => {
    await sendSubjects(['a']);
    const [item] = (await mailpit().listMessages()).messages;
    const res = await raw('PUT', '/api/v1/messages', JSON.stringify({ ids: [item!.ID], read: true }));
    expect(res.text).toBe('ok');
    expect((await mailpit().listMessages()).messages[0]!.Read).toBe(true);
  });
});

describe('DELETE /api/v1/messages', () => {
  it('deletes the listed messages and ignores unknown IDs (case 34)', async () => {
    await sendSubjects(['keep', 'drop']);
    const drop = (await mailpit().listMessages()).messages.find((m) => m.Subject === 'drop')!;
    expect(await mailpit().deleteMessages({ IDs: [drop.ID] })).toBe('ok');
    const list = await mailpit().listMessages();
    expect(list.total).toBe(1);
    expect(list.messages.map((m) => m.Subject)).toEqual(['keep']);
    expect((await raw('DELETE', '/api/v1/messages', '{"IDs":["nonexistent"]}')).text).toBe('ok');
    expect((await mailpit().listMessages()).total).toBe(1);
  });

  it('deletes every message without a body, with no IDs, and with a body that is not JSON (cases 35, 36)', async () => {
    for (const body of [undefined, '{"IDs":[]}', '{}', 'ids=x']) {
      await sendSubjects(['a', 'b']);
      const res = await raw('DELETE', '/api/v1/messages', body, {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect([res.status, res.text]).toEqual([200, 'ok']);
      expect(await mailpit().listMessages()).toMatchObject({ total: 0, tags: [], messages: [] });
    }
  });
});

describe('the routes', () => {
  it('answers another method on a known path with 405 and Allow, OPTIONS with 200 (case 72)', async () => {
    const post = await raw('POST', '/api/v1/messages', '{}');
    expect([post.status, post.text, post.headers.allow]).toEqual([
      405,
      'Method Not Allowed\n',
      'DELETE, GET, HEAD, PUT',
    ]);
    const options = await raw('OPTIONS', '/api/v1/messages');
    expect([options.status, options.text, options.headers['content-type']]).toEqual([200, '', 'text/plain']);
    const missing = await raw('GET', '/api/v1/doesnotexist');
    expect([missing.status, missing.text]).toEqual([404, 'File not found\n']);
  });

  it('answers HEAD for a GET route', async () => {
    const res = await raw('HEAD', '/api/v1/messages');
    expect([res.status, res.text]).toEqual([200, '']);
  });

  it('refuses a foreign Origin and echoes the Host one (case 71)', async () => {
    const host = new URL(emulator().url).host;
    const evil = await raw('GET', '/api/v1/messages', undefined, { origin: 'http://evil.example' });
    expect([evil.status, evil.text]).toEqual([403, 'Blocked due to CORS violation\n']);
    const own = await raw('GET', '/api/v1/messages', undefined, { origin: `http://${host}` });
    expect(own.status).toBe(200);
    expect(own.headers['access-control-allow-origin']).toBe(`http://${host}`);
  });

  it('ignores Basic credentials when none are needed (case 73)', async () => {
    const res = await raw('GET', '/api/v1/messages', undefined, { authorization: 'Basic YWRtaW46YWRtaW4=' });
    expect(res.status).toBe(200);
  });

  it('answers /livez and /readyz (case 75)', async () => {
    expect((await raw('GET', '/livez')).status).toBe(200);
    expect((await raw('GET', '/readyz')).status).toBe(200);
  });
});

describe('GET /api/v1/info and /api/v1/webui', () => {
  it('gives AppInformation with the mailbox counts (case 61)', async () => {
    await sendSubjects(['a', 'b']);
    await mailpit().setReadStatus({ IDs: [(await mailpit().listMessages()).messages[0]!.ID], Read: true });
    const info = await mailpit().getInfo();
    expect(Object.keys(info)).toEqual([
      'Version',
      'LatestVersion',
      'Database',
      'DatabaseSize',
      'Messages',
      'Unread',
      'Tags',
      'RuntimeStats',
    ]);
    expect(Object.keys(info.RuntimeStats)).toEqual([
      'Uptime',
      'Memory',
      'MessagesDeleted',
      'SMTPAccepted',
      'SMTPAcceptedSize',
      'SMTPRejected',
      'SMTPIgnored',
    ]);
    expect(info).toMatchObject({ Version: 'v1.30.5', LatestVersion: 'disabled', Messages: 2, Unread: 1, Tags: {} });
    expect(info.DatabaseSize).toBeGreaterThan(0);
  });

  it('counts in RuntimeStats what SMTP took and refused and what was deleted since the start', async () => {
    const before = (await mailpit().getInfo()).RuntimeStats;
    await sendSubjects(['counted']);
    const [taken] = (await mailpit().listMessages()).messages;
    await mailpit().deleteMessages({ IDs: [taken!.ID] });
    const chaos = (body: string) => putMailpitChaos(emulator().url, body);
    await chaos('{"Recipient":{"ErrorCode":550,"Probability":100}}');
    try {
      await expect(sendSubjects(['refused'])).rejects.toThrow(/550/);
    } finally {
      await chaos('{}');
    }
    const after = (await mailpit().getInfo()).RuntimeStats;
    expect({
      MessagesDeleted: after.MessagesDeleted - before.MessagesDeleted,
      SMTPAccepted: after.SMTPAccepted - before.SMTPAccepted,
      SMTPAcceptedSize: after.SMTPAcceptedSize - before.SMTPAcceptedSize,
      SMTPRejected: after.SMTPRejected - before.SMTPRejected,
      SMTPIgnored: after.SMTPIgnored,
    }).toEqual({ MessagesDeleted: 1, SMTPAccepted: 1, SMTPAcceptedSize: taken!.Size, SMTPRejected: 1, SMTPIgnored: 0 });
  });

  it('gives the WebUIConfiguration: no relay, no SpamAssassin, chaos on (case 62)', async () => {
    const res = await raw('GET', '/api/v1/webui');
    expect(res.text).toBe(
      '{"Label":"","MessageRelay":{"Enabled":false,"SMTPServer":"","ReturnPath":"","AllowedRecipients":"",' +
        '"BlockedRecipients":"","OverrideFrom":"","PreserveMessageIDs":false,"RecipientAllowlist":""},' +
        '"SpamAssassin":false,"ChaosEnabled":true,"DuplicatesIgnored":false,"HideDeleteAllButton":false}\n',
    );
    expect((await mailpit().getConfiguration()).SpamAssassin).toBe(false);
  });
});
