/**
 * GET /_emulator/messages/{uuid}/checks and the typed client's checks(uuid) (README "Mail checks"), on
 * mails sent through the real API and over SMTP to an emulator with the bundled fixtures: each check fires on a
 * crafted mail with the problem, and the bundled templates' correct mails have no problem.
 *
 * What the bundled fixtures' correct mails legitimately get (warnings, never problems):
 * - every HTML one: caniemail compatibility warnings (e.g. `<body>` and class selectors are unsupported by some
 *   webmails; welcome.mjml's MJML output uses `@media`, which Gmail on mobile webmail lacks);
 * - none lacks a text part (the API sends a text part made from the HTML), none has an image without alt.
 * A campaign sent to the bundled Newsletter list carries List-Unsubscribe and the one-click header: no problem.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClient, type ChecksReport } from '../../server/testing/client.js';
import { ROOT, useEmulator } from '../support/emulator-process.js';
import { apiClient } from '../support/http.js';
import { waitUntil } from '../support/wait.js';
import { smtpTransport } from '../support/smtp.js';

const emulator = useEmulator({ fixtures: join(ROOT, 'fixtures'), args: ['--smtp-port', '0'] });
const client = () => createClient({ url: emulator().url, token: emulator().token });
const api = () => apiClient(emulator().url, emulator().token);

async function sendApi(json: Record<string, unknown>): Promise<ChecksReport> {
  const res = await api().post('/api/transactional-mails/send', {
    json: { from: 'App <app@example.com>', to: 'qa@example.com', ...json },
  });
  expect(res.status, res.text).toBe(200);
  return client().checks(res.json().uuid);
}

async function sendSmtp(mail: Record<string, unknown>, subject: string): Promise<ChecksReport> {
  const port = emulator().smtpPort;
  if (port === null) throw new Error('no SMTP port');
  await smtpTransport(port).sendMail(mail);
  const message = await client().waitForMessage({ subject });
  return client().checks(message.uuid);
}

const problems = (report: ChecksReport) => report.issues.filter((issue) => issue.severity === 'problem');
const pick = (report: ChecksReport, code: string) =>
  report.issues
    .filter((issue) => issue.code === code)
    .map((i) => ({ where: i.where, line: i.line, message: i.message }));

describe('checks of the bundled fixtures', () => {
  it('finds no problem in their correct mails', async () => {
    const welcome = await sendApi({
      mail_name: 'welcome',
      replacements: { app_name: 'Acme', first_name: 'Jane', confirm_url: 'https://acme.test/confirm?t=1' },
    });
    const reset = await sendApi({
      mail_name: 'password-reset',
      replacements: {
        app_name: 'Acme',
        reset_url: 'https://acme.test/reset?t=1',
        first_name: 'Jane',
        reset_code: '424242',
        ip_address: '192.0.2.1',
        requested_at: '10:00',
      },
    });
    const order = await sendApi({
      mail_name: 'order-confirmation',
      replacements: {
        first_name: 'Jane',
        order_number: 'A-17',
        item_count: '2',
        order_total: '$20',
        order_url: 'https://acme.test/orders/A-17',
        shipping_address: '1 Main St',
      },
    });
    for (const report of [welcome, reset, order]) {
      expect(problems(report)).toEqual([]);
      expect(report.summary.problems).toBe(0);
      expect(report.compatibility.source).toEqual({
        package: '@jsx-email/doiuse-email@1.0.4',
        data_updated: '2024-10-09',
      });
    }
    // MJML's output is what the caniemail data has most to say about: its warnings come with lines and scores.
    expect(welcome.summary.warnings).toBeGreaterThan(0);
    const score = (client: string) => welcome.compatibility.clients.find((c) => c.client === client)!.score;
    expect(score('apple-mail.macos')).toBeGreaterThan(score('outlook.windows'));
    expect(welcome.issues.find((issue) => issue.code === 'feature:@media')?.message).toMatch(
      /unsupported by \d+ clients \([^()]*Outlook/,
    );
    expect(welcome.links).toContainEqual(
      expect.objectContaining({ attribute: 'href', url: 'https://acme.test/confirm?t=1', problems: [] }),
    );
  });

  it('a campaign to the bundled list: its unsubscribe and webview links resolve, its headers are there', async () => {
    const list = '197fa091-463b-4b00-8cb3-fee1b7c2d1bd';
    const res = await api().post('/api/campaigns', {
      json: {
        name: 'Checks',
        email_list_uuid: list,
        subject: 'Checks campaign',
        html: '<p>Hi <a href="::unsubscribeUrl::">Unsubscribe</a> <a href="::webviewUrl::">Web</a> <a href="::preferencesUrl::">Prefs</a></p>',
      },
    });
    expect(res.status, res.text).toBe(201);
    const campaign = res.json().data;
    expect((await api().post(`/api/campaigns/${campaign.uuid}/send`)).status).toBe(204);
    await client().waitForCampaignSent(campaign.uuid);
    const mail = await client().waitForMessage({ subject: 'Checks campaign', to: 'john@example.com' });
    const report = await client().checks(mail.uuid);
    expect(problems(report)).toEqual([]);
    const own = report.links.filter((link) => link.emulator);
    expect(own.map((link) => new URL(link.url).pathname.split('/')[1])).toEqual([
      'unsubscribe',
      'webview',
      'manage-preferences',
    ]);

    // The subscriber goes: the same mail's links are now broken (checked against the records as they are now).
    const subscriber = await client().mailcoach.findSubscriber(list, 'john@example.com');
    expect((await api().delete(`/api/subscribers/${subscriber!.uuid}`)).status).toBe(204);
    const after = await client().checks(mail.uuid);
    expect(pick(after, 'link-emulator').map((issue) => issue.message)).toEqual([
      expect.stringContaining(`no subscriber ${subscriber!.uuid}`),
      expect.stringContaining(`no subscriber ${subscriber!.uuid}`),
    ]);
  });
});

describe('each check fires on a mail with the problem', () => {
  it('the order confirmation without order_number: the placeholder in the subject', async () => {
    const report = await sendApi({
      mail_name: 'order-confirmation',
      replacements: {
        first_name: 'Jane',
        item_count: '2',
        order_total: '$20',
        order_url: 'https://acme.test/orders/A-17',
        shipping_address: '1 Main St',
      },
    });
    // The template's `<strong>::order_number::</strong>` is on line 13 of the rendered HTML (the inliner's document)
    // and line 4 of its text, where the converter wrote `**::order\_number::**` (named without the escape): one
    // replacement missing, reported once where it is first.
    expect(pick(report, 'placeholder')).toEqual([
      {
        where: 'subject',
        line: null,
        message: '::order_number:: was not replaced; also in the HTML (line 13), the text part (line 4)',
      },
    ]);
    expect(report.summary.problems).toBe(1);
  });

  it('over SMTP: placeholders, bad links, a broken emulator link, flexbox, no alt, no text part', async () => {
    const base = emulator().url;
    const html = [
      '<html><body>',
      '<div style="display:flex">Hello {{ first_name }}</div>',
      '<p><a href="javascript:alert(1)">js</a> <a href="">empty</a></p>',
      '<p><a href="http://shop.example.com/">insecure</a> <a href="/relative">relative</a></p>',
      `<p><a href="${base}/unsubscribe/00000000-0000-4000-8000-000000000000">Unsubscribe</a></p>`,
      '<img src="https://shop.example.com/logo.png">',
      '<p>[[[webviewUrl]]]</p>',
      '</body></html>',
    ].join('\n');
    const report = await sendSmtp(
      { from: 'App <app@example.com>', to: 'qa@example.com', subject: 'Crafted ::first_name::', html },
      'Crafted',
    );
    expect(pick(report, 'placeholder').map((issue) => [issue.where, issue.line])).toEqual([
      ['subject', null],
      ['html', 2],
      ['html', 7],
    ]);
    expect(report.issues.filter((issue) => issue.check === 'links').map((issue) => [issue.code, issue.line])).toEqual([
      ['link-javascript', 3],
      ['link-empty', 3],
      ['link-insecure', 4],
      ['link-malformed', 4],
      ['link-emulator', 5],
    ]);
    expect(pick(report, 'image-without-alt').map((issue) => issue.line)).toEqual([6]);
    expect(pick(report, 'no-text-part')).toHaveLength(1);
    const flex = report.issues.find((issue) => issue.code === 'feature:display:flex');
    expect(flex).toMatchObject({ severity: 'warning', line: 2 });
    expect(flex!.message).toMatch(/^display:flex: unsupported by \d+ clients \([^()]*Outlook/);
    expect(report.compatibility.features.find((feature) => feature.feature === 'display:flex')).toMatchObject({
      kind: 'css',
      unsupported: expect.arrayContaining(['outlook.windows']),
    });
  });

  it('a heading placeholder once; <script>, <form> and a missing cid: part problems; an http: link a warning', async () => {
    const html = [
      '<h1>Hi ::first_name::</h1>',
      '<p><a href="http://shop.example.com/">Shop</a></p>',
      '<script>track()</script>',
      '<form action="https://shop.example.com/vote"><button>Vote</button></form>',
      '<img src="cid:logo.png" alt="Logo"> <img src="cid:chart.png" alt="Chart">',
    ].join('\n');
    const res = await api().post('/api/transactional-mails/send', {
      json: {
        from: 'App <app@example.com>',
        to: 'qa@example.com',
        subject: 'Misjudged',
        html,
        // Mailcoach embeds a part with a content_id under its name (cid:logo.png); chart.png is not there.
        attachments: [{ name: 'logo.png', content: 'iVBORw0KGgo=', content_type: 'image/png', content_id: 'logo' }],
      },
    });
    expect(res.status, res.text).toBe(200);
    const mail = await client().waitForMessage({ subject: 'Misjudged' });
    const report = await client().checks(mail.uuid);
    // The mail's HTML is wrapped as <html><body>...: its lines are the ones above.
    expect(problems(report).map((issue) => [issue.code, issue.where, issue.line, issue.message])).toEqual([
      [
        'placeholder',
        'html',
        1,
        expect.stringMatching(/^::first_name:: was not replaced; also in the text part \(line \d+\)$/),
      ],
      ['script', 'html', 3, 'a <script>: mail clients never run it and strip it'],
      ['form', 'html', 4, 'a <form>: most mail clients strip or disable it; link to a page'],
      ['image-cid-missing', 'html', 5, '<img src="cid:chart.png">: the mail has no part with that Content-ID'],
    ]);
    expect(report.summary.problems).toBe(4);
    expect(report.issues.find((issue) => issue.code === 'link-insecure')).toMatchObject({
      severity: 'warning',
      line: 2,
    });
    expect(report.links.find((link) => link.url === 'http://shop.example.com/')).toMatchObject({
      problems: [],
      warnings: ['link-insecure: http: where https: is expected'],
    });
    // The inbox's count (the background check) is the report's.
    await waitUntil(
      async () => (await client().message(mail.uuid)).problems,
      (count) => count === 4,
      { what: "the mail's stored problem count" },
    );
  });

  it('over SMTP as raw bytes: no Date, no Message-ID, an invalid From; a big body is clipped by Gmail', async () => {
    const raw = [
      'From: not an address',
      'To: qa@example.com',
      'Subject: Raw headers',
      'Content-Type: text/plain',
      '',
      'Hi',
    ].join('\r\n');
    const report = await sendSmtp(
      { envelope: { from: 'app@example.com', to: ['qa@example.com'] }, raw },
      'Raw headers',
    );
    expect(problems(report).map((issue) => issue.code)).toEqual(['missing-date', 'missing-message-id', 'invalid-from']);

    const big = await sendSmtp(
      {
        from: 'app@example.com',
        to: 'qa@example.com',
        subject: 'Big body',
        text: 'Hi',
        html: `<p>${'word '.repeat(22_000)}</p>`,
      },
      'Big body',
    );
    expect(pick(big, 'gmail-clipping')).toEqual([
      { where: 'html', line: null, message: expect.stringMatching(/^the HTML is 10\d KB: Gmail clips/) },
    ]);
  });

  it('answers 404 in our error shape for an unknown message', async () => {
    const res = await fetch(`${emulator().url}/_emulator/messages/nope/checks`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'No message with uuid nope.' });
  });
});

describe('POST /_emulator/checks (a render not captured)', () => {
  it('checks a subject, HTML and text without headers, and refuses another body with a 422', async () => {
    const report = await client().checkRender({
      subject: 'Hi ::name::',
      html: '<p><a href="javascript:x()">x</a></p>',
      text: null,
    });
    expect(report.issues.map((issue) => issue.code)).toEqual(['placeholder', 'no-text-part', 'link-javascript']);
    const bad = await fetch(`${emulator().url}/_emulator/checks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"subject": 1}',
    });
    expect(bad.status).toBe(422);
  });
});
