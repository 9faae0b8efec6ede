/**
 * The send path's two shortcuts give exactly what they replace: serializeMimeTree() the bytes of nodemailer's
 * MimeNode.build() (MIME boundaries aside, which are random per message), and cachedTemplateRender() the HTML and
 * text part of replacing, Twig, inlining CSS and converting (server/mail/render/mail-content.ts's per-send path).
 */
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { describe, expect, it } from 'vitest';
import { random } from '../support/random.js';
import { withoutBoundaries } from '../support/mime.js';
import { serializeMimeTree } from '../../server/mail/mime/serialize-tree.js';
import { renderBody } from '../../server/mail/render/body.js';
import { htmlToText, inlineCss } from '../../server/mail/render/html.js';
import { runsTwig } from '../../server/mail/render/mail-content.js';
import { replaceBodyPlaceholders, undot, type Replacements } from '../../server/mail/render/replacements.js';
import { cachedTemplateRender } from '../../server/mail/render/template-cache.js';
import { renderTwig, twigFreeText } from '../../server/mail/render/twig.js';
import type { TemplateType } from '../../server/db/rows.js';

describe('serializeMimeTree', () => {
  const pieces = [
    'a',
    'b',
    ' ',
    '\t',
    '\n',
    '\r',
    '\r\n',
    '.',
    '=',
    'ü',
    '☕',
    '😀',
    '<p>',
    'x'.repeat(90),
    '   ',
    '\u0000',
  ];

  it('writes the bytes MimeNode.build() writes, for text, html, attachments and every newline option', async () => {
    const pick = random(7);
    const text = (max: number) => Array.from({ length: pick(max) }, () => pieces[pick(pieces.length)]).join('');
    for (let i = 0; i < 300; i++) {
      const attachments = Array.from({ length: pick(4) }, (_, j) => ({
        filename: `f${j}${text(3)}.${['txt', 'png', 'bin'][pick(3)]}`,
        content: pick(4) === 0 ? text(200) : Buffer.from(Array.from({ length: pick(400) }, () => pick(256))),
        contentType: ['text/plain', 'image/png', 'application/octet-stream'][pick(3)],
        ...(pick(3) === 0 ? { cid: `c${j}`, contentDisposition: 'inline' as const } : {}),
      }));
      const options = {
        from: { name: text(5), address: 'from@example.com' },
        to: [{ name: text(4), address: 'to@example.com' }],
        subject: text(40),
        messageId: '<id@example.com>',
        date: new Date(0),
        headers: pick(2) ? { 'X-SMTPAPI': { prepared: true, value: '{"a":1}' } } : {},
        newline: ['windows', 'unix', undefined][pick(3)],
        ...(pick(3) ? { html: text(300) } : {}),
        ...(pick(3) ? { text: text(300) } : {}),
        attachments,
      };
      const built = await new MailComposer(options).compile().build();
      const serialized = await serializeMimeTree(new MailComposer(options).compile());
      expect(withoutBoundaries(serialized), `case ${i}`).toBe(withoutBoundaries(built));
    }
  });
});

describe('cachedTemplateRender', () => {
  const templates: Array<{ type: TemplateType; body: string }> = [
    {
      type: 'mjml',
      body: `<mjml><mj-head><mj-title>Order ::order::</mj-title><mj-style inline="inline">.n { color: #666; }</mj-style>
        </mj-head><mj-body><mj-section><mj-column><mj-text css-class="n">Hi ::name::, order ::order::.</mj-text>
        <mj-button href="::url::">Open</mj-button><mj-image src="::url::" alt="::name::" /><mj-text>::subject::</mj-text>
        </mj-column></mj-section></mj-body></mjml>`,
    },
    {
      type: 'html',
      body: '<style>p { color: red } a[title] { color: blue }</style><p class="::name::">::name::</p><a title="::order::">x</a>',
    },
    {
      type: 'html',
      body: '<style>p { color: red }</style><p title="::name::" data-x="::order::">{{ name }} ::name::</p>',
    },
    {
      type: 'markdown',
      body: '<style>em { color: red }</style>\n\n*::name::* [link](::url:: "::order::") <::name::>\n\n# ::order::\n\n::order::. ::name::',
    },
    { type: 'html', body: '<style>p:empty { display: none }</style><p>::name::</p><p style="color: ::order::">x</p>' },
    {
      type: 'html',
      body: '<h1>Hello ::name::</h1><p>::order::</p><ul><li>::order::. ::name::</li></ul><a href="https://x.test/::url::">::name::</a>',
    },
    { type: 'blade', body: '<p>::name:: <b>::order::</b></p>\n<p>::order::</p>' },
    { type: 'html', body: '<p>50%::order:: %2::name::</p>' },
    // Placeholders that overlap; a key that is no plain word; `{` before a placeholder (a `%` value makes `{%`).
    { type: 'html', body: '<style>p { color: red }</style><p>::name::order:: ::order::</p>' },
    { type: 'html', body: '<style>p { color: red }</style><p>::first name:: ::name::</p>' },
    { type: 'html', body: '<style>p { color: red }</style><p>{::name::} ::order::</p>' },
    // A placeholder the inliner reads (a class its CSS selects).
    { type: 'html', body: '<style>.Jane { color: blue }</style><p class="::name::">::order::</p>' },
    {
      type: 'mjml',
      body: '<mjml><mj-head><mj-style inline="inline">.a { color: red; }</mj-style></mj-head><mj-body><mj-section><mj-column><mj-text css-class="a">::url:::::order:: ::order::::name:: <a href="::url::">::url::</a></mj-text></mj-column></mj-section></mj-body></mjml>',
    },
  ];
  const values = [
    'Jane',
    '',
    ' ',
    'https://x.example/?a=1&b=2',
    'A & B &amp;',
    '<b>x</b>',
    '"q"',
    "'s'",
    '{{ name }}',
    '$& $1 $$',
    '::order::',
    'a::b',
    'Zoë 日本',
    'line\nbreak',
    '--',
    'x:',
    ':y',
    '%',
    '#',
    '% set x = 1 %',
    'a_b',
    '*x*',
    '1',
    '12',
    'Jane Doe',
    'EUR 16.50',
    'https://acme.example/orders/1',
    'A-1001',
    'x%20y',
    'é',
    '- item',
    '1. first',
  ];

  const plain = [
    'Jane',
    'A-1001',
    'Jane Doe',
    'https://acme.example/orders/1',
    'https://x.test/a_b?c=d#e',
    'EUR 16.50',
    'Zoë',
    '12',
  ];

  it('gives the per-send result whenever it answers, and answers for the everyday case', async () => {
    const pick = random(11);
    let answered = 0;
    for (let i = 0; i < 1500; i++) {
      const template = templates[pick(templates.length)]!;
      const body = await renderBody(template.body, template.type);
      const replacements: Replacements = {};
      // Half the sends are everyday ones (every key given a plain value), half anything at all.
      const everyday = pick(2) === 0;
      for (const key of ['order', 'name', 'url', 'subject', 'first name']) {
        if (everyday) {
          if (key !== 'subject' && key !== 'first name') replacements[key] = plain[pick(plain.length)];
        } else if (pick(4) > 0)
          replacements[key] = pick(8) === 0 ? ['array'] : pick(12) === 0 ? null : values[pick(values.length)];
      }
      const subject = everyday ? plain[pick(plain.length)]! : values[pick(values.length)]!;
      let html = replaceBodyPlaceholders(body, replacements).replaceAll('::subject::', () => subject);
      if (runsTwig(template.type)) html = renderTwig(html, undot(replacements));
      if (html !== '') html = inlineCss(html);
      const expected = { html, text: htmlToText(html) };
      const actual = cachedTemplateRender(body, runsTwig(template.type), replacements, subject, {
        twigFreeText,
        inlineCss,
        htmlToText,
      });
      if (actual === undefined) continue;
      answered++;
      const label = `${template.body.slice(0, 40)} ${JSON.stringify(replacements)} ${subject}`;
      expect(actual.htmlParts.join(''), label).toBe(expected.html);
      expect(actual.text, label).toBe(expected.text);
    }
    expect(answered).toBeGreaterThan(150);
  });
});
