/**
 * The whole path, as a client sees it: each case is sent through a running emulator's API (a template from the
 * fixtures with replacements, or inline HTML) and the captured mail's HTML and text part are compared byte for
 * byte with what Mailcoach 8's own libraries make of the same input, in Mailcoach's order (test/fidelity/oracle.php,
 * stage `template`: RenderTemplateAction then ConvertHtmlToTextAction; stage `text` for inline HTML, wrapped in
 * <html><body> as TransactionalMail::prepareHtml wraps it). MJML goes through node's mjml 4 with spatie/mjml-php's
 * options first, as Mailcoach's InitializeMjmlAction does (a `mjml` fixture is an html template whose body is MJML).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../server/testing/index.js';
import { lastCaptured, parseMessage } from '../support/captured.js';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient } from '../support/http.js';
import { TEMPLATE_CASES, type TemplateCase } from './corpus/templates.js';
import { mailcoachMjml } from './mjml-oracle.js';
import { oracleAvailable, oracleOutput, runOracle, type OracleCase } from './oracle.js';

const available = oracleAvailable();

const fixtures = mkdtempSync(join(tmpdir(), 'fidelity-fixtures-'));
writeFileSync(
  join(fixtures, 'templates.json'),
  JSON.stringify({
    templates: TEMPLATE_CASES.map((c) => ({ name: c.name, type: c.type, subject: c.subject, body: c.body })),
  }),
);

const INLINE_CASES: { name: string; html: string }[] = [
  {
    name: 'receipt',
    html: '<h1>Receipt</h1><p>Thanks, <b>Jane</b>! Order <a href="https://x.test/o/1">#1</a> ships today.</p><ul><li>Tea × 2</li><li>Cake_1 * 1</li></ul>',
  },
  {
    name: 'full document',
    html: '<!DOCTYPE html><html><head><title>T</title><style>p{color:red}</style></head><body><p>Styled &amp; plain</p><br><p>Line<br>break</p></body></html>',
  },
  { name: 'table', html: '<table><tr><th>Item</th><th>Price</th></tr><tr><td>Tea</td><td>€2</td></tr></table>' },
  {
    name: 'image and code',
    html: '<p><img src="https://x.test/logo.png" alt="Logo"> <code>a_b</code></p><pre>line 1\n  line 2</pre>',
  },
];

const CAMPAIGN_HTML = `<html><head><style>.cta { color: #ffffff; background: #0f766e; } p { margin: 0 0 12px; }</style></head>
<body><h1>March news</h1><p>Hi ::subscriber.first_name:: ({{ subscriber.first_name }}),</p>
<p>Our <em>spring</em> range is here: <a class="cta" href="https://shop.test/spring?utm_source=news">see it</a>.</p>
<p><a href="::unsubscribeUrl::">Unsubscribe</a></p></body></html>`;

const emulator = useEmulator({ fixtures });

async function sendTemplate(c: TemplateCase) {
  const res = await apiClient(emulator().url, emulator().token).post('/api/transactional-mails/send', {
    json: { mail_name: c.name, from: 'shop@example.test', to: 'jane@customer.test', replacements: c.replacements },
  });
  expect(res.status, res.text).toBe(200);
  return captured();
}

async function sendInline(html: string) {
  const res = await apiClient(emulator().url, emulator().token).post('/api/transactional-mails/send', {
    json: { from: 'shop@example.test', to: 'jane@customer.test', subject: 'Inline', html },
  });
  expect(res.status, res.text).toBe(200);
  return captured();
}

/** The newest captured mail's HTML and text, after checking its raw message carries the same text part. */
async function captured() {
  const message = lastCaptured(emulator().dbPath);
  if (message === undefined) throw new Error('nothing was captured');
  const parsed = await parseMessage(message.raw);
  expect(parsed.html === false ? null : parsed.html).toBe(message.html);
  return { subject: message.subject, html: message.html ?? '', text: message.text ?? '' };
}

async function templateOracle(c: TemplateCase): Promise<{ subject: string; html: string; text: string }> {
  const body = c.type === 'mjml' ? await mailcoachMjml(c.body) : c.body;
  const type = c.type === 'mjml' ? 'html' : c.type;
  const oracleCase: OracleCase = { stage: 'template', type, body, subject: c.subject, replacements: c.replacements };
  return JSON.parse(oracleOutput(runOracle([oracleCase])[0])) as { subject: string; html: string; text: string };
}

describe.skipIf(!available)('a transactional send renders as Mailcoach 8 renders it', () => {
  for (const c of TEMPLATE_CASES) {
    it(`template ${c.name} (${c.type}): subject, HTML and text part`, async () => {
      const expected = await templateOracle(c);
      const actual = await sendTemplate(c);
      expect(actual.subject).toBe(expected.subject);
      expect(actual.html).toBe(expected.html);
      expect(actual.text).toBe(expected.text);
    });
  }

  it('a campaign mail: CSS inlined, Twig then the placeholders, the text part from the personal HTML', async () => {
    const api = apiClient(emulator().url, emulator().token);
    const list = (
      await api.post('/api/email-lists', { json: { name: 'News', default_from_email: 'news@acme.test' } })
    ).json().data;
    const subscriber = (
      await api.post(`/api/email-lists/${list.uuid}/subscribers`, {
        json: { email: 'jane@reader.test', first_name: 'Jane', skip_confirmation: true },
      })
    ).json().data;
    const html = CAMPAIGN_HTML;
    const created = await api.post('/api/campaigns', {
      json: { name: 'March', email_list_uuid: list.uuid, subject: 'News', html },
    });
    expect(created.status, created.text).toBe(201);
    const campaign = created.json().data;
    expect((await api.post(`/api/campaigns/${campaign.uuid}/send`)).status).toBe(204);
    await createClient({ url: emulator().url, token: emulator().token }).waitForCampaignSent(campaign.uuid);
    const send = (await api.get(`/api/sends?filter[campaign_uuid]=${campaign.uuid}`)).json().data[0];
    const unsubscribeUrl = `${emulator().url}/unsubscribe/${subscriber.uuid}/${send.uuid}`;
    const expected = JSON.parse(
      oracleOutput(
        runOracle([
          {
            stage: 'campaign',
            html,
            context: {
              subscriber: { first_name: 'Jane', email: 'jane@reader.test', uuid: subscriber.uuid },
              unsubscribeUrl,
            },
            replacements: { '::subscriber.first_name::': 'Jane', '::unsubscribeUrl::': unsubscribeUrl },
          },
        ])[0],
      ),
    ) as { email_html: string; html: string; text: string };
    const actual = await captured();
    expect(actual.html).toBe(expected.html);
    expect(actual.text).toBe(expected.text);
  });

  it("the double opt-in mail's text part is v8's confirmSubscriptionText view as Blade renders it", async () => {
    // No oracle runs Blade here: the expectation is the view (resources/views/mails/confirmSubscriptionText.blade.php)
    // with each {{ }} through e() (htmlspecialchars, ENT_QUOTES) and the newline after each echo kept, as Blade's
    // compileRegularEchos doubles it before PHP's `?>` swallows one.
    const api = apiClient(emulator().url, emulator().token);
    const list = (
      await api.post('/api/email-lists', {
        json: {
          name: 'Tips & "Tricks"',
          default_from_email: 'news@acme.test',
          requires_confirmation: true,
          redirect_after_subscribed: 'https://acme.test/thanks?a=1&b=2',
        },
      })
    ).json().data;
    const subscriber = (
      await api.post(`/api/email-lists/${list.uuid}/subscribers`, { json: { email: 'kim@reader.test' } })
    ).json().data;
    const url = `${emulator().url}/confirm-subscription/${subscriber.uuid}?redirect=https://acme.test/thanks?a=1&amp;b=2`;
    const { text } = await captured();
    expect(text).toBe(
      'Hey,\n\nYou are almost subscribed to the list **Tips &amp; &quot;Tricks&quot;**.\n\n' +
        'Prove it is really you by pressing the button below.\n\n' +
        `<a href="${url}">\n    Confirm subscription\n</a>\n\n${url}\n`,
    );
  });

  for (const c of INLINE_CASES) {
    it(`inline HTML, ${c.name}: the HTML wrapped as prepareHtml wraps it, the text part converted`, async () => {
      const wrapped = c.html.includes('<html') ? c.html : `<html><body>${c.html}</body></html>`;
      const expected = oracleOutput(runOracle([{ stage: 'text', input: wrapped }])[0]);
      const actual = await sendInline(c.html);
      expect(actual.html).toBe(wrapped);
      expect(actual.text).toBe(expected);
    });
  }
});
