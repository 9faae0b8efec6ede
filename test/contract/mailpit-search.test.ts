/**
 * Mailpit's search and delete-by-search (docs/spec/mailpit-api.md#232-get-apiv1search--search,
 * docs/spec/mailpit-api.md#2310-delete-apiv1search) in its language
 * (docs/spec/mailpit-api.md#24-search-syntax-mp-internalstoragesearchgo-searchquerybuilder-internaltoolsargsparsergo-mpweb-search-filtersmd):
 * cases 37-50 of docs/spec/mailpit-api.md#5-acceptance-test-cases (tags, 42, are the tag API's). Mail arrives over SMTP.
 */
import { MailpitClient } from 'mailpit-api';
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { rawRequest } from '../support/http.js';
import { smtpTransport } from '../support/smtp.js';

const emulator = useEmulator({ fixtures: null, args: ['--smtp-port', '0'] });
const mailpit = () => new MailpitClient(emulator().url);

interface Mail {
  subject: string;
  from?: string;
  to?: string;
  replyTo?: string;
  text?: string;
  html?: string;
  attachments?: { filename: string; content: string; cid?: string }[];
}

async function send(mail: Mail): Promise<void> {
  await smtpTransport(emulator().smtpPort!).sendMail({
    from: mail.from ?? 'From <from@example.com>',
    to: mail.to ?? 'Jane <jane@example.com>',
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text ?? 'hello from mailpit',
    html: mail.html,
    attachments: mail.attachments,
  });
}

/** How many messages a query matches (messages_count). */
async function matches(query: string): Promise<number> {
  return (await mailpit().searchMessages({ query, limit: 0 })).messages_count;
}

beforeEach(async () => {
  await mailpit().deleteMessages();
});

describe('GET /api/v1/search', () => {
  it('refuses a missing or blank query, and DELETE an empty one (case 37)', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/search'],
      ['GET', '/api/v1/search?query=%20%20'],
      ['DELETE', '/api/v1/search?query='],
    ] as const) {
      const res = await rawRequest(emulator().url, { method, path });
      expect([res.status, res.headers['content-type'], res.text]).toEqual([
        400,
        'text/plain; charset=utf-8',
        'Error: no search query',
      ]);
    }
  });

  it('counts the matches beside the mailbox totals (case 38)', async () => {
    for (let n = 0; n < 5; n++) await send({ subject: 'My Test' });
    for (let n = 0; n < 5; n++) await send({ subject: 'Hello Mailpit' });
    const found = await mailpit().searchMessages({ query: 'subject:My Test' });
    expect(found).toMatchObject({ messages_count: 5, count: 5, total: 10, unread: 10, messages_unread: 5 });
    expect(found.messages.every((m) => m.Subject === 'My Test')).toBe(true);
  });

  it('matches addresses as substrings (case 39)', async () => {
    for (let n = 0; n < 2; n++) await send({ subject: 'a', to: 'test@example.com' });
    for (let n = 0; n < 2; n++) await send({ subject: 'b', to: 'jane@example.com' });
    expect(await matches('to:test@example.com')).toBe(2);
    expect(await matches('to:example.com')).toBe(4);
    expect(await matches('to:ample.com')).toBe(4);
  });

  it('matches free text in the HTML, not in the text part beside it, with a snippet (case 40)', async () => {
    await send({ subject: 'one', html: '<p>hello from mailpit</p>' });
    await send({ subject: 'two', html: '<p>hello from mailpit</p>' });
    await send({ subject: 'three', text: 'only in text Zebra', html: '<p>Test</p>' });
    const found = await mailpit().searchMessages({ query: 'Test' });
    expect(found).toMatchObject({ total: 3, count: 1, messages_count: 1 });
    expect(found.messages[0]!.Snippet).toBe('Test');
    expect(await matches('zebra')).toBe(0);
  });

  it('reads negation, case, quotes and unknown filters as Mailpit (cases 41, 45)', async () => {
    for (let n = 0; n < 12; n++) await send({ subject: `Subject line ${n} end`, from: `from-${n}@example.com` });
    expect(await matches('from:from-1@example.com')).toBe(1);
    expect(await matches('from:from-1')).toBe(3); // 1, 10, 11: substrings
    expect(await matches('-from:from-1@example.com')).toBe(11);
    expect(await matches('!FROM:FROM-1@EXAMPLE.COM')).toBe(11);
    expect(await matches('to:from-1@example.com')).toBe(0);
    expect(await matches('from:@example.com')).toBe(12);
    expect(await matches('subject:"SUBJECT LINE 7 END"')).toBe(1);
    expect(await matches('!thisdoesnotexist')).toBe(12);
    expect(await matches('thisdoesnotexist')).toBe(0);
    for (const query of ['foo:bar', '"unclosed', 'is:starred', 'larger:abc']) {
      const res = await rawRequest(emulator().url, { path: `/api/v1/search?query=${encodeURIComponent(query)}` });
      expect(res.status, query).toBe(200);
      expect(res.json().messages_count, query).toBe(0);
    }
  });

  it('searches read state (case 43)', async () => {
    for (let n = 0; n < 3; n++) await send({ subject: `m${n}` });
    const [first] = (await mailpit().listMessages()).messages;
    await mailpit().setReadStatus({ IDs: [first!.ID], Read: true });
    expect(await matches('is:read')).toBe(1);
    expect(await matches('is:unread')).toBe(2);
    expect(await matches('!is:read')).toBe(2);
  });

  it('searches attachments and inlines (case 44)', async () => {
    await send({ subject: 'attached', attachments: [{ filename: 'report.pdf', content: 'PDF' }] });
    await send({
      subject: 'inline',
      html: '<img src="cid:logo">',
      attachments: [{ filename: 'logo.png', content: 'PNG', cid: 'logo' }],
    });
    await send({ subject: 'plain' });
    expect(await matches('has:attachment')).toBe(1);
    expect(await matches('!has:attachment')).toBe(2);
    expect(await matches('has:inline')).toBe(1);
    // Attachment file names are in the search text.
    expect(await matches('report.pdf')).toBe(1);
  });

  it('answers limit=0 with no messages and the count of matches (case 46)', async () => {
    for (let n = 0; n < 3; n++) await send({ subject: 'same' });
    const found = await mailpit().searchMessages({ query: 'same', limit: 0 });
    expect(found).toMatchObject({ messages: [], count: 0, messages_count: 3 });
  });

  it('searches Message-ID, any address and Reply-To (case 47)', async () => {
    await send({ subject: 'reply', replyTo: 'Custom Reply <custom-reply@example.com>' });
    await send({ subject: 'other', to: 'bob@example.com' });
    const [reply] = (await mailpit().searchMessages({ query: 'subject:reply' })).messages;
    expect(await matches(`message-id:${reply!.MessageID.slice(2, 12)}`)).toBe(1);
    expect(await matches('addressed:jane')).toBe(1);
    expect(await matches('addressed:example.com')).toBe(2);
    expect(await matches('reply-to:custom-reply')).toBe(1);
  });

  it('leaves an absent Reply-To null in a search item', async () => {
    await send({ subject: 'bare' });
    const [item] = (await mailpit().searchMessages({ query: 'bare' })).messages;
    expect(item!.ReplyTo).toBeNull();
  });

  it('splits by size (case 48)', async () => {
    await send({ subject: 'small' });
    await send({ subject: 'big', text: 'x'.repeat(3000) });
    expect(await matches('larger:2kb')).toBe(1);
    expect(await matches('smaller:2kb')).toBe(1);
    expect(await matches('larger:1m')).toBe(0);
  });

  it('reads dates inclusively, and ignores one that does not parse (case 49)', async () => {
    await send({ subject: 'dated' });
    const created = (await mailpit().listMessages()).messages[0]!.Created;
    const day = created.slice(0, 10);
    const dayBefore = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(await matches(`after:${dayBefore.replaceAll('-', '/')}`)).toBe(1);
    expect(await matches(`before:${dayBefore}`)).toBe(0);
    expect(await matches('after:2099-01-01T00:00:00Z')).toBe(0);
    expect(await matches(`after:${created}`)).toBe(1);
    expect(await matches(`before:${created}`)).toBe(1);
    expect(await matches('after:someday')).toBe(1);
  });

  it('gives the newest message first, and pages', async () => {
    for (const subject of ['S0', 'S1', 'S2']) await send({ subject });
    const page = await mailpit().searchMessages({ query: 'subject:S', start: 1, limit: 1 });
    expect(page).toMatchObject({ start: 1, count: 1, messages_count: 3 });
    expect(page.messages[0]!.Subject).toBe('S1');
  });
});

describe('latest with a query', () => {
  it('gives the newest message the search matches (case 12)', async () => {
    await send({ subject: 'A' });
    await send({ subject: 'B' });
    const res = await rawRequest(emulator().url, { path: '/api/v1/message/latest?query=subject:A' });
    expect(res.status).toBe(200);
    expect(res.json().Subject).toBe('A');
    const none = await rawRequest(emulator().url, { path: '/api/v1/message/latest?query=subject:Z' });
    expect([none.status, none.text]).toEqual([404, 'Message not found']);
  });
});

describe('DELETE /api/v1/search', () => {
  it('deletes every match and keeps the rest (case 50)', async () => {
    await send({ subject: 'Delete Me' });
    await send({ subject: 'No Delete' });
    expect(await mailpit().deleteMessagesBySearch({ query: 'subject:"Delete Me"' })).toBe('ok');
    expect(await matches('subject:"No Delete"')).toBe(1);
    expect(await matches('subject:"Delete Me"')).toBe(0);
  });
});
