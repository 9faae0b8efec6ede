/**
 * Mailpit's message tags (mail/message-tags.ts, db/message-tags-store.ts, server/mailpit/tags.ts;
 * docs/spec/mailpit-api.md#255-tags-mp-internalstoragetagsgo-internaltoolstagsgo-configconfiggo): taken from
 * X-Tags and plus-addresses when a mail is captured, and the tag API through the real `mailpit-api` client
 * (getTags, setTags, renameTag, deleteTag) and raw HTTP for the exact errors; section 5's cases 58-60 and 74's
 * SMTP side (docs/spec/mailpit-api.md#5-acceptance-test-cases). A message's tags are read where our inbox shows
 * them (/_emulator/messages/{uuid}) until the Mailpit message view lands beside this.
 */
import { MailpitClient } from 'mailpit-api';
import { describe, expect, it } from 'vitest';
import { toMailpitId } from '../../server/mailpit/ids.js';
import { useEmulator } from '../support/emulator-process.js';
import { ok, rawRequest } from '../support/http.js';
import { smtpTransport } from '../support/smtp.js';

describe('message tags', () => {
  const emulator = useEmulator({ fixtures: null, args: ['--smtp-port', '0'] });
  const mailpit = () => new MailpitClient(emulator().url);
  const request = (method: string, path: string, body?: string) =>
    rawRequest(emulator().url, {
      method,
      path,
      headers:
        body === undefined
          ? {}
          : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      body,
    });
  const clear = async () => ok(await request('DELETE', '/_emulator/messages'));
  /** Sends over SMTP and answers the stored message's uuid. */
  const smtp = async (mail: {
    to: string | string[];
    from?: string;
    headers?: Record<string, string | { prepared: boolean; value: string }>;
    auth?: { user: string; pass: string };
  }) => {
    const transport = smtpTransport(emulator().smtpPort!, mail.auth === undefined ? {} : { auth: mail.auth });
    await transport.sendMail({
      from: mail.from ?? 'app@example.com',
      to: mail.to,
      subject: 'tagged',
      text: 'x',
      headers: mail.headers,
    });
    transport.close();
    const list = ok(await request('GET', '/_emulator/messages?per_page=1'));
    return list.data[0].uuid as string;
  };
  const tagsOf = async (uuid: string) => ok(await request('GET', `/_emulator/messages/${uuid}`)).tags as string[];

  it('answers [] on a fresh store, then the tags set, renamed and deleted through the mailpit-api client (case 58)', async () => {
    await clear();
    expect(await mailpit().getTags()).toEqual([]);
    const raw = await request('GET', '/api/v1/tags');
    expect(raw.headers['content-type']).toBe('application/json');
    expect(raw.text).toBe('[]\n');
    const uuid = await smtp({ to: 'jane@example.com' });
    const id = toMailpitId(uuid);
    expect(await mailpit().setTags({ IDs: [id], Tags: ['test-tag'] })).toBe('ok');
    expect(await tagsOf(uuid)).toEqual(['test-tag']);
    expect(await mailpit().renameTag('test-tag', 'renamed-tag')).toBe('ok');
    expect(await mailpit().getTags()).toEqual(['renamed-tag']);
    expect(await tagsOf(uuid)).toEqual(['renamed-tag']);
    expect(await mailpit().deleteTag('renamed-tag')).toBe('ok');
    expect(await mailpit().getTags()).toEqual([]);
    expect(await tagsOf(uuid)).toEqual([]);
    const unknown = await request('DELETE', '/api/v1/tags/nope');
    expect(unknown.status).toBe(400);
    expect(unknown.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(unknown.text).toBe('tag not found: nope');
  });

  it('cleans the tags set and keeps the first of those equal but for case (case 59)', async () => {
    await clear();
    const uuid = await smtp({ to: 'jane@example.com' });
    const res = await request(
      'PUT',
      '/api/v1/tags',
      JSON.stringify({ ids: [toMailpitId(uuid)], tags: ['Bad#Tag', 'bad tag', '  '] }),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain');
    expect(res.text).toBe('ok');
    expect(await tagsOf(uuid)).toEqual(['Bad Tag']);
    // Replacing: the tags not given go, and a tag no message has any more leaves the mailbox.
    await request('PUT', '/api/v1/tags', JSON.stringify({ IDs: [toMailpitId(uuid)], Tags: ['other'] }));
    expect(await tagsOf(uuid)).toEqual(['other']);
    expect(await mailpit().getTags()).toEqual(['other']);
    await request('PUT', '/api/v1/tags', JSON.stringify({ IDs: [toMailpitId(uuid)], Tags: [] }));
    expect(await mailpit().getTags()).toEqual([]);
  });

  it('tags a mail from its plus-addresses and its X-Tags header on capture, sorted case-insensitively (case 60)', async () => {
    await clear();
    const plus = await smtp({ to: 'user+signup@example.com' });
    expect(await tagsOf(plus)).toEqual(['signup']);
    const xTags = await smtp({ to: 'jane@example.com', headers: { 'X-Tags': 'alpha, Beta' } });
    expect(await tagsOf(xTags)).toEqual(['alpha', 'Beta']);
    const both = await smtp({
      from: 'app+from-tag@example.com',
      to: ['a+one+two@example.com', 'b@example.com'],
      // Prepared: written as it is (nodemailer would encode the encoded-word's characters once more).
      headers: { 'X-Tags': { prepared: true, value: '=?utf-8?q?caf=C3=A9?=, BETA, Zeta!' } },
    });
    // RFC 2047-decoded, then cleaned: é is no tag character. BETA is the mailbox's Beta: the first spelling wins.
    expect(await tagsOf(both)).toEqual(['Beta', 'caf', 'from-tag', 'one', 'two', 'Zeta']);
    expect(await mailpit().getTags()).toEqual(['alpha', 'Beta', 'caf', 'from-tag', 'one', 'signup', 'two', 'Zeta']);
  });

  it('finds mail by tag in our own inbox search (tag:), in any case, negated, beside words', async () => {
    await clear();
    const signup = await smtp({ to: 'user+signup@example.com' });
    const other = await smtp({ to: 'jane@example.com', headers: { 'X-Tags': 'Other Tag' } });
    const search = async (query: string) =>
      ok(await request('GET', `/_emulator/messages?query=${encodeURIComponent(query)}`)).data.map(
        (message: { uuid: string }) => message.uuid,
      );
    expect(await search('tag:SIGNUP')).toEqual([signup]);
    expect(await search('tag:"other tag" tagged')).toEqual([other]);
    expect(await search('-tag:signup')).toEqual([other]);
    expect(await search('tag:nothing')).toEqual([]);
  });

  it('removes a tag once the last message that had it is deleted', async () => {
    await clear();
    const first = await smtp({ to: 'a+kept@example.com' });
    const second = await smtp({ to: 'a+gone@example.com', headers: { 'X-Tags': 'kept' } });
    expect(await mailpit().getTags()).toEqual(['gone', 'kept']);
    ok(await request('DELETE', `/_emulator/messages/${second}`), 204);
    expect(await mailpit().getTags()).toEqual(['kept']);
    expect(await tagsOf(first)).toEqual(['kept']);
    await clear();
    expect(await mailpit().getTags()).toEqual([]);
  });

  it('refuses a rename to an invalid or existing name, or of an unknown tag, in Mailpit’s words', async () => {
    await clear();
    await smtp({ to: 'a+one@example.com', headers: { 'X-Tags': 'two' } });
    const rename = (tag: string, body: string) => request('PUT', `/api/v1/tags/${tag}`, body);
    const expectError = async (res: Promise<Awaited<ReturnType<typeof rename>>>, text: string) => {
      const answer = await res;
      expect(answer.status, answer.text).toBe(400);
      expect(answer.text).toBe(text);
    };
    await expectError(rename('one', '{"Name":"###"}'), 'invalid tag name: ');
    await expectError(rename('nope', '{"Name":"three"}'), 'tag not found: nope');
    await expectError(rename('one', '{"Name":"TWO"}'), 'tag already exists: TWO');
    await expectError(rename('one', 'not json'), "invalid character 'o' in literal null (expecting 'u')");
    // The same name is no change; another case of the same tag renames it; a URL-encoded name is decoded.
    expect((await rename('one', '{"Name":"one"}')).text).toBe('ok');
    expect((await rename('ONE', '{"Name":"One More"}')).text).toBe('ok');
    expect(await mailpit().getTags()).toEqual(['One More', 'two']);
    expect(await mailpit().renameTag('One More', 'one')).toBe('ok');
    expect(await mailpit().getTags()).toEqual(['one', 'two']);
  });

  it('keeps the SMTP AUTH user as Username in the list and the message, and "" without AUTH (case 74)', async () => {
    await clear();
    const authed = toMailpitId(await smtp({ to: 'jane@example.com', auth: { user: 'bob', pass: 'anything' } }));
    const anonymous = toMailpitId(await smtp({ to: 'jane@example.com' }));
    const list = await mailpit().listMessages();
    expect(list.messages.map((m) => [m.ID, m.Username])).toEqual([
      [anonymous, ''],
      [authed, 'bob'],
    ]);
    expect((await mailpit().getMessageSummary(authed)).Username).toBe('bob');
  });

  it('shows a message’s tags in the list, the search, the message and info, and the mailbox’s in `tags`', async () => {
    await clear();
    const id = toMailpitId(await smtp({ to: 'jane+signup@example.com', headers: { 'X-Tags': 'alpha, Beta' } }));
    await smtp({ to: 'jane@example.com' });
    const list = await mailpit().listMessages();
    expect(list.tags).toEqual(['alpha', 'Beta', 'signup']);
    expect(list.messages.map((m) => m.Tags)).toEqual([[], ['alpha', 'Beta', 'signup']]);
    const search = await mailpit().searchMessages({ query: 'tag:beta' });
    expect(search.messages.map((m) => [m.ID, m.Tags])).toEqual([[id, ['alpha', 'Beta', 'signup']]]);
    expect((await mailpit().getMessageSummary(id)).Tags).toEqual(['alpha', 'Beta', 'signup']);
    expect((await mailpit().getInfo()).Tags).toEqual({ alpha: 1, Beta: 1, signup: 1 });
  });
});
