/**
 * What POST /api/transactional-mails/send renders (docs/spec/mailcoach-reference.md#43-processing-pipeline-v8-domainsharedactionssendtransactionalmailactionphp-domaintransactionalmailmailstransactionalmailphp step 2-3, docs/spec/mailcoach-reference.md#44-templates-at-send-time-v8-mailsconcernsusesmailcoachtemplatephp-actionsrendertemplateactionphp; decisions.md "Templates"):
 * templates of each type (mjml, html with Twig, markdown, blade as plain text), `::key::` replacements, the
 * `::subject::` replacer, subject precedence, CSS inlining, the generated text part; and inline content, which
 * gets no placeholder processing and is wrapped in <html><body> when it has no <html>.
 * The emulator reads a fixtures directory generated here.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lastCaptured, parseMessage, type CapturedMessage } from '../support/captured.js';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, type RawResponse } from '../support/http.js';

const SEND = '/api/transactional-mails/send';
/** What CssToInlineStyles makes of a template body without a doctype (RenderTemplateAction's last step). */
const doc = (body: string) =>
  `<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN" "http://www.w3.org/TR/REC-html40/loose.dtd">\n<html><body>${body}</body></html>`;
const MJML_UUID = 'e0000000-0000-4000-8000-000000000001';
const HTML_UUID = 'e0000000-0000-4000-8000-000000000002';

const TEMPLATES = [
  {
    uuid: MJML_UUID,
    name: 'mjml-welcome',
    type: 'mjml',
    subject: 'Welcome ::name::',
    body:
      '<mjml><mj-body><mj-section><mj-column>' +
      '<mj-text>Hello ::name::, order ::order::</mj-text>' +
      '<mj-button href="https://example.com/orders/::order::">View</mj-button>' +
      '</mj-column></mj-section></mj-body></mjml>',
  },
  {
    uuid: HTML_UUID,
    name: 'html-twig',
    type: 'html',
    subject: 'Hi {{ name }}',
    body:
      '<p>Code ::code::</p><p>Twig {{ name }}</p>' +
      '<ul>{% for item in items %}<li>{{ item }}</li>{% endfor %}</ul>' +
      '<p>Nested {{ user.first }}</p>',
  },
  {
    name: 'styled',
    type: 'html',
    subject: 'Styled',
    body: '<html><head><style>.greet { color: red; } p.note { font-weight: bold; }</style></head><body><p class="greet">Hello</p><p class="note">Note</p></body></html>',
  },
  {
    name: 'markdown-table',
    type: 'markdown',
    subject: 'Markdown ::name::',
    body: '# Title\n\n| Item | Qty |\n|------|-----|\n| ::item:: | 2 |\n\n~~old price~~ new price\n\nSee https://example.com/docs for more.\n',
  },
  {
    name: 'blade-plain',
    type: 'blade',
    subject: 'Blade ::name::',
    body: '<p>Hi ::name::, {{ $name }} @if($vip) VIP @endif {{ name }}</p>',
  },
  {
    name: 'subject-replacer',
    type: 'html',
    subject: 'Order ::order:: for {{ name }}',
    body: '<h1>::subject::</h1><p>Thanks {{ name }}</p>',
  },
  {
    name: 'markdown-subject',
    type: 'markdown',
    subject: 'Your receipt',
    body: 'Subject was: ::subject::',
  },
  {
    name: 'text-source',
    type: 'html',
    subject: 'Text part',
    body: '<html><body><h1>Heading</h1><p>First paragraph with a <a href="https://example.com/x">link</a>.</p><p>Second ::name::</p></body></html>',
  },
];

const dir = mkdtempSync(join(tmpdir(), 'mce-render-fixtures-'));
writeFileSync(join(dir, 'templates.json'), JSON.stringify({ templates: TEMPLATES }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const emulator = useEmulator({ fixtures: dir });
const api = () => apiClient(emulator().url, emulator().token);

interface Sent {
  res: RawResponse;
  message: CapturedMessage;
  parsed: Awaited<ReturnType<typeof parseMessage>>;
  /** The log item's html (= body). */
  logHtml: string;
  logSubject: string;
}

async function send(json: Record<string, unknown>): Promise<Sent> {
  const res = await api().post(SEND, { json: { from: 'app@example.com', to: 'bob@example.com', ...json } });
  expect(res.status, res.text).toBe(200);
  const message = lastCaptured(emulator().dbPath);
  if (message === undefined) throw new Error('nothing captured');
  const item = (await api().get(`/api/transactional-mails/${(res.json() as { uuid: string }).uuid}`)).json().data;
  expect(item.body).toBe(item.html);
  expect(item.html).toBe(message.html ?? message.text);
  return { res, message, parsed: await parseMessage(message.raw), logHtml: item.html, logSubject: item.subject };
}

describe('MJML templates', () => {
  it('renders MJML to HTML and applies ::key:: replacements (template chosen by name)', async () => {
    const { message, parsed } = await send({
      mail_name: 'mjml-welcome',
      replacements: { name: 'Jane', order: 'A-17' },
    });
    const html = message.html ?? '';
    expect(html.toLowerCase()).toMatch(/^\s*<!doctype html>/);
    expect(html).not.toContain('<mjml');
    expect(html).not.toContain('<mj-');
    expect(html).toContain('Hello Jane, order A-17');
    expect(html).toContain('href="https://example.com/orders/A-17"');
    expect(message.subject).toBe('Welcome Jane');
    expect(parsed.html).toBe(html);
    expect(parsed.text).toContain('Hello Jane, order A-17');
  });

  it('writes the multi-line MJML output with CRLF line ends only (RFC 5322: no bare LF)', async () => {
    const { message } = await send({ mail_name: 'mjml-welcome', replacements: { name: 'Crlf', order: '1' } });
    expect(message.html).toContain('\n');
    const raw = message.raw.toString('latin1');
    expect(raw.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  });

  it('finds the template by uuid too, with the same rendering', async () => {
    const byName = await send({ mail_name: 'mjml-welcome', replacements: { name: 'Ann', order: '9' } });
    const byUuid = await send({ mail_name: MJML_UUID, replacements: { name: 'Ann', order: '9' } });
    expect(byUuid.message.html).toBe(byName.message.html);
    expect(byUuid.message.subject).toBe('Welcome Ann');
  });

  it('renders the MJML once per body, applying each send its own replacements', async () => {
    const first = await send({ mail_name: 'mjml-welcome', replacements: { name: 'One', order: '1' } });
    const second = await send({ mail_name: 'mjml-welcome', replacements: { name: 'Two', order: '2' } });
    expect(first.message.html).toContain('Hello One, order 1');
    expect(second.message.html).toContain('Hello Two, order 2');
    expect(second.message.html).not.toContain('One');
  });
});

describe('html templates', () => {
  it('applies ::key::, renders Twig with HTML escaping, {% for %} over an array and dotted keys', async () => {
    const { message } = await send({
      mail_name: 'html-twig',
      replacements: { code: '<i>42</i>', name: '<b>Bob</b> & Co', items: ['one', 'two & three'], 'user.first': 'Ann' },
    });
    // ::key:: is a plain replacement (not escaped); {{ }} output is escaped; then CssToInlineStyles' document.
    expect(message.html).toBe(
      doc(
        '\n<p>Code <i>42</i></p>\n<p>Twig &lt;b&gt;Bob&lt;/b&gt; &amp; Co</p>\n<ul>\n<li>one</li>\n<li>two &amp; three</li>\n</ul>\n<p>Nested Ann</p>\n',
      ),
    );
  });

  it('renders Twig in the subject, HTML-escaped', async () => {
    const { message, logSubject, parsed } = await send({
      mail_name: 'html-twig',
      replacements: { name: 'Tom & Jerry', items: [] },
    });
    expect(message.subject).toBe('Hi Tom &amp; Jerry');
    expect(logSubject).toBe('Hi Tom &amp; Jerry');
    expect(parsed.subject).toBe('Hi Tom &amp; Jerry');
  });

  it('leaves unknown Twig variables empty and unknown ::keys:: as they are', async () => {
    const { message } = await send({ mail_name: 'html-twig', replacements: {} });
    expect(message.html).toBe(doc('\n<p>Code ::code::</p>\n<p>Twig </p>\n<ul></ul>\n<p>Nested </p>\n'));
  });

  it('skips array values for ::key::: arrays only feed Twig', async () => {
    const { message } = await send({
      mail_name: 'html-twig',
      replacements: { code: ['x', 'y'], name: 'N', items: ['a'] },
    });
    expect(message.html).toContain('<p>Code ::code::</p>');
    expect(message.html).toContain('<li>a</li>');
  });

  it('inlines the CSS of a <style> block onto the elements', async () => {
    const { message } = await send({ mail_name: 'styled' });
    expect(message.html).toMatch(/<p class="greet" style="color: ?red;?">Hello<\/p>/);
    expect(message.html).toMatch(/<p class="note" style="font-weight: ?bold;?">Note<\/p>/);
  });
});

describe('markdown templates', () => {
  it('renders GFM: a table, strikethrough and an autolink, then applies replacements', async () => {
    const { message, parsed } = await send({
      mail_name: 'markdown-table',
      replacements: { item: 'Widget', name: 'Jane' },
    });
    const html = message.html ?? '';
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toMatch(/<table>[\s\S]*<th>Item<\/th>[\s\S]*<td>Widget<\/td>[\s\S]*<td>2<\/td>[\s\S]*<\/table>/);
    expect(html).toContain('<del>old price</del> new price');
    expect(html).toContain('<a href="https://example.com/docs">https://example.com/docs</a>');
    expect(message.subject).toBe('Markdown Jane');
    expect(parsed.text).toContain('Widget');
  });

  it('replaces ::subject:: in a markdown body too', async () => {
    const { message } = await send({ mail_name: 'markdown-subject', subject: 'Receipt #5' });
    expect(message.html).toBe(doc('\n<p>Subject was: Receipt #5</p>\n'));
  });
});

describe('blade templates', () => {
  it('are plain text replacement: ::key:: applied, Blade and Twig syntax left as written', async () => {
    const { message } = await send({ mail_name: 'blade-plain', replacements: { name: 'Jane', vip: '1' } });
    expect(message.html).toBe(doc('<p>Hi Jane, {{ $name }} @if($vip) VIP @endif {{ name }}</p>'));
    expect(message.subject).toBe('Blade Jane');
  });
});

describe('the ::subject:: replacer', () => {
  it('puts the final subject (after ::key:: and Twig) into the body', async () => {
    const { message } = await send({ mail_name: 'subject-replacer', replacements: { order: '77', name: 'Jane' } });
    expect(message.subject).toBe('Order 77 for Jane');
    expect(message.html).toBe(doc('\n<h1>Order 77 for Jane</h1>\n<p>Thanks Jane</p>\n'));
  });

  it("inserts subjects and replacement values literally, $& and $' included", async () => {
    const { message } = await send({
      mail_name: 'subject-replacer',
      subject: 'Pay $& now ::order::',
      replacements: { order: "$'x$$", name: '$&' },
    });
    expect(message.subject).toBe("Pay $& now $'x$$");
    expect(message.html).toBe(doc("\n<h1>Pay $&amp; now $'x$$</h1>\n<p>Thanks $&amp;</p>\n"));
  });

  it('uses the request subject when one is given', async () => {
    const { message } = await send({
      mail_name: 'subject-replacer',
      subject: 'Custom ::order::',
      replacements: { order: '8', name: 'J' },
    });
    expect(message.subject).toBe('Custom 8');
    expect(message.html).toBe(doc('\n<h1>Custom 8</h1>\n<p>Thanks J</p>\n'));
  });
});

describe('subject precedence', () => {
  it('takes a non-empty request subject over the template subject, with replacements and Twig applied', async () => {
    const { message, logSubject } = await send({
      mail_name: 'mjml-welcome',
      subject: 'Hello {{ name }} (::order::)',
      replacements: { name: 'Joe', order: '3' },
    });
    expect(message.subject).toBe('Hello Joe (3)');
    expect(logSubject).toBe('Hello Joe (3)');
  });

  it('uses the template subject when the request subject is "" or absent', async () => {
    expect(
      (await send({ mail_name: 'mjml-welcome', subject: '', replacements: { name: 'Empty' } })).message.subject,
    ).toBe('Welcome Empty');
    expect(
      (await send({ mail_name: 'mjml-welcome', subject: '   ', replacements: { name: 'Blank' } })).message.subject,
    ).toBe('Welcome Blank');
    expect((await send({ mail_name: 'mjml-welcome', replacements: { name: 'Absent' } })).message.subject).toBe(
      'Welcome Absent',
    );
    expect(
      (await send({ mail_name: 'mjml-welcome', subject: null, replacements: { name: 'Null' } })).message.subject,
    ).toBe('Welcome Null');
  });
});

describe('template over inline content', () => {
  it('uses the template when html is sent together with mail_name', async () => {
    const { message } = await send({
      mail_name: 'blade-plain',
      html: '<p>inline</p>',
      text: 'inline text',
      replacements: { name: 'T' },
    });
    expect(message.html).toBe(doc('<p>Hi T, {{ $name }} @if($vip) VIP @endif {{ name }}</p>'));
    expect(message.text).not.toContain('inline');
  });

  it('uses the template for the html "use-mailcoach-mail" sentinel of laravel-mailcoach-mailer', async () => {
    const { message, parsed } = await send({
      mail_name: 'html-twig',
      html: 'use-mailcoach-mail',
      text: null,
      replacements: { code: 'C', name: 'S', items: [] },
    });
    expect(message.html).toBe(doc('\n<p>Code C</p>\n<p>Twig S</p>\n<ul></ul>\n<p>Nested </p>\n'));
    expect(parsed.html).not.toContain('use-mailcoach-mail');
    expect(message.subject).toBe('Hi S');
  });
});

describe('the generated text part', () => {
  it('is made from the rendered HTML of a template, as ConvertHtmlToTextAction makes it', async () => {
    const { parsed, message } = await send({ mail_name: 'text-source', replacements: { name: 'Jane' } });
    expect(parsed.html).toBeTruthy();
    expect(message.text).toBe(
      'Heading\n=======\n\nFirst paragraph with a [link](https://example.com/x).\n\nSecond Jane',
    );
    expect(parsed.text?.trimEnd()).toBe(message.text);
  });

  it('is made from inline HTML when no text is given', async () => {
    const { parsed, message } = await send({ subject: 'Inline', html: '<p>Hello <b>there</b></p><p>Bye</p>' });
    expect(message.text).toBe('Hello **there**\n\nBye');
    expect(parsed.text?.trimEnd()).toBe('Hello **there**\n\nBye');
  });
});

describe('inline content', () => {
  it('gets no placeholder processing: replacements are ignored without mail_name', async () => {
    const { message, logSubject } = await send({
      subject: 'Hi ::name:: {{ name }}',
      html: '<p>::name:: {{ name }}</p>',
      replacements: { name: 'Jane' },
    });
    expect(message.subject).toBe('Hi ::name:: {{ name }}');
    expect(logSubject).toBe('Hi ::name:: {{ name }}');
    expect(message.html).toBe('<html><body><p>::name:: {{ name }}</p></body></html>');
  });

  it('wraps html without <html> as exactly <html><body>…</body></html>', async () => {
    const { message, parsed, logHtml } = await send({ subject: 'Wrap', html: 'my html' });
    expect(message.html).toBe('<html><body>my html</body></html>');
    expect(logHtml).toBe('<html><body>my html</body></html>');
    expect(parsed.html).toBe('<html><body>my html</body></html>');
  });

  it('leaves html that has an <html> element as it is', async () => {
    const html = '<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><p>x</p></body></html>';
    const { message } = await send({ subject: 'No wrap', html });
    expect(message.html).toBe(html);
  });

  it('sends a text-only mail without an html part', async () => {
    const { message, parsed, logHtml } = await send({ subject: 'Text only', text: 'Just text\nline two' });
    expect(message.html).toBeNull();
    expect(message.text).toBe('Just text\nline two');
    expect(parsed.html).toBe(false);
    expect(parsed.text?.trimEnd()).toBe('Just text\nline two');
    expect(message.raw.toString('latin1')).not.toMatch(/text\/html/i);
    expect(message.raw.toString('latin1')).not.toMatch(/multipart\/alternative/i);
    expect(logHtml).toBe('Just text\nline two');
  });

  it('keeps the given text part next to the html', async () => {
    const { message, parsed } = await send({ subject: 'Both', html: '<p>html version</p>', text: 'text version' });
    expect(message.text).toBe('text version');
    expect(parsed.text?.trimEnd()).toBe('text version');
    expect(parsed.html).toBe('<html><body><p>html version</p></body></html>');
  });
});
