/**
 * has:problems and the summaries' `problems` (README "Mail checks" and "Search"): the background checks
 * count each captured mail's problems as its checks report does, a search for has:problems (or a wait for one)
 * waits for them, and the count follows the report when the emulator's records change. Run twice: with the checks
 * on a capture worker (a database file and a render worker) and in the server's thread (`--render-workers 0`).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../server/testing/client.js';
import { ROOT, useEmulator } from '../support/emulator-process.js';
import { apiClient } from '../support/http.js';
import { smtpTransport } from '../support/smtp.js';

const NEWSLETTER_LIST = '197fa091-463b-4b00-8cb3-fee1b7c2d1bd';
const ORDER_REPLACEMENTS = {
  first_name: 'Jane',
  item_count: '2',
  order_total: '$20',
  order_url: 'https://acme.test/orders/A-17',
  shipping_address: '1 Main St',
};

describe.each([
  { where: 'on a capture worker', args: ['--render-workers', '1'] },
  { where: 'in the server thread', args: ['--render-workers', '0'] },
])('has:problems, checked $where', ({ args }) => {
  const emulator = useEmulator({ fixtures: join(ROOT, 'fixtures'), args: ['--smtp-port', '0', ...args] });
  const client = () => createClient({ url: emulator().url, token: emulator().token });
  const api = () => apiClient(emulator().url, emulator().token);

  /** Sends through the API; the captured message's uuid (the answer's uuid is the log item's). */
  async function send(json: Record<string, unknown>): Promise<string> {
    const res = await api().post('/api/transactional-mails/send', { json: { from: 'App <app@example.com>', ...json } });
    expect(res.status, res.text).toBe(200);
    return (await client().logItem(res.json().uuid)).message_uuid!;
  }
  const uuids = async (query: string) => (await client().messages(query)).data.map((summary) => summary.uuid);

  it('finds the mails with a problem, newest first, each counted as its report counts it', async () => {
    await client().reset();
    const clean = await send({
      to: 'a@example.com',
      mail_name: 'order-confirmation',
      replacements: { ...ORDER_REPLACEMENTS, order_number: 'A-17' },
    });
    // The subject, HTML and text each keep ::order_number::: one placeholder to fill, one problem.
    const placeholder = await send({
      to: 'b@example.com',
      mail_name: 'order-confirmation',
      replacements: ORDER_REPLACEMENTS,
    });
    // An http: link is only a warning; an image naming a part the mail does not have is a problem.
    const brokenImage = await send({
      to: 'c@example.com',
      subject: 'Broken image',
      html: '<p><a href="http://shop.example.com/">Shop</a> <img src="cid:logo.png" alt="Logo"></p>',
    });
    const smtp = smtpTransport(emulator().smtpPort!);
    const raw = [
      'From: not an address',
      'To: d@example.com',
      'Subject: Raw headers',
      'Content-Type: text/plain',
      '',
      'Hi',
    ].join('\r\n');
    await smtp.sendMail({ envelope: { from: 'app@example.com', to: ['d@example.com'] }, raw });
    const headers = (await client().waitForMessage({ subject: 'Raw headers' })).uuid;

    expect(await uuids('has:problems')).toEqual([headers, brokenImage, placeholder]);
    expect(await uuids('-has:problems')).toEqual([clean]);
    // With a full-text term (the search index drives), with the read state, and both ways at once (nothing).
    expect(await uuids('has:problems order')).toEqual([placeholder]);
    expect(await uuids('-has:problems order')).toEqual([clean]);
    expect(await uuids('has:problems is:unread')).toEqual([headers, brokenImage, placeholder]);
    expect((await client().messages('has:problems -has:problems')).meta.total).toBe(0);

    const summaries = (await client().messages()).data;
    expect(summaries.map((summary) => [summary.uuid, summary.problems])).toEqual([
      [headers, 3], // no Date, no Message-ID, an invalid From
      [brokenImage, 1],
      [placeholder, 1],
      [clean, 0],
    ]);
    for (const summary of summaries)
      expect((await client().checks(summary.uuid)).summary.problems).toBe(summary.problems);
    expect((await client().message(placeholder)).problems).toBe(1);
  });

  it('a wait for has:problems passes over a correct mail and returns the one with a problem', async () => {
    await client().reset();
    const waiting = client().waitForMessage({ to: 'late@example.com', hasProblems: true, timeoutMs: 20_000 });
    await send({
      to: 'late@example.com',
      mail_name: 'order-confirmation',
      replacements: { ...ORDER_REPLACEMENTS, order_number: 'A-18' },
    });
    const wrong = await send({
      to: 'late@example.com',
      mail_name: 'order-confirmation',
      replacements: ORDER_REPLACEMENTS,
    });
    expect((await waiting).uuid).toBe(wrong);
  });

  it('follows the report when the records its links resolve against change, and deletes by it', async () => {
    await client().reset();
    const res = await api().post('/api/campaigns', {
      json: {
        name: 'Problems',
        email_list_uuid: NEWSLETTER_LIST,
        subject: 'Problems campaign',
        html: '<p><a href="::unsubscribeUrl::">Unsubscribe</a></p>',
      },
    });
    expect(res.status, res.text).toBe(201);
    const campaign = res.json().data;
    expect((await api().post(`/api/campaigns/${campaign.uuid}/send`)).status).toBe(204);
    await client().waitForCampaignSent(campaign.uuid);
    const mail = await client().waitForMessage({ subject: 'Problems campaign', to: 'john@example.com' });
    expect(await uuids('has:problems')).toEqual([]);

    // John goes: his mail's unsubscribe link now leads nowhere. The count stored when it was checked follows once
    // its report is asked for (the Checks tab), as the report is computed against the records as they are now.
    const subscriber = await client().mailcoach.findSubscriber(NEWSLETTER_LIST, 'john@example.com');
    expect((await api().delete(`/api/subscribers/${subscriber!.uuid}`)).status).toBe(204);
    expect((await client().checks(mail.uuid)).summary.problems).toBe(1);
    await expect.poll(() => uuids('has:problems')).toEqual([mail.uuid]);
    expect((await client().messages('has:problems')).data[0]!.problems).toBe(1);

    const before = (await client().messages()).meta.total;
    expect(await client().deleteMessages({ hasProblems: true })).toBe(1);
    expect((await client().messages()).meta.total).toBe(before - 1);
    expect(await uuids('has:problems')).toEqual([]);
  });
});
