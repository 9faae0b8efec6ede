/**
 * textFromTemplate() gives exactly htmlToText() of the final HTML whenever it gives anything, and gives
 * something for ordinary templates and values (otherwise the cache would silently never help).
 */
import { describe, expect, it } from 'vitest';
import { renderBody } from '../../server/mail/render/body.js';
import { htmlToText, inlineCss } from '../../server/mail/render/html.js';
import { replacePlaceholders, type Replacements } from '../../server/mail/render/replacements.js';
import { textFromTemplate } from '../../server/mail/render/text-template.js';
import { random } from '../support/random.js';

/** What Mailcoach does to a template's HTML before the text part is made (mail-content.ts's per-send path). */
const finalHtml = (html: string, replacements: Replacements, subject: string) =>
  replacePlaceholders(html, replacements).replaceAll('::subject::', () => subject);

const ORDER_MJML = `<mjml><mj-head><mj-style inline="inline">.note { color: #6b7280; }</mj-style></mj-head><mj-body>
  <mj-section><mj-column>
    <mj-text font-size="24px">Thanks for your order, ::first_name::!</mj-text>
    <mj-text>Order ::order_number:: of ::order_date:: is confirmed.</mj-text>
    <mj-table><tr><th>Item</th><th>Price</th></tr><tr><td>::item::</td><td>::total::</td></tr></mj-table>
    <mj-button href="::order_url::">View my order</mj-button>
    <mj-text css-class="note">The button not working? Open ::order_url:: in your browser.</mj-text>
  </mj-column></mj-section></mj-body></mjml>`;

const ORDER_VALUES = {
  first_name: 'Jane', order_number: 'A-10293', order_date: '12 March 2025', item: 'Blue mug', total: 'EUR 16.50',
  order_url: 'https://acme.example/orders/10293',
};

describe('textFromTemplate', () => {
  it('serves an MJML order mail and a markdown mail from their template text, exactly', async () => {
    const mjml = inlineCss(await renderBody(ORDER_MJML, 'mjml'));
    const text = textFromTemplate(mjml, ORDER_VALUES, 'Your order');
    expect(text).toBeDefined();
    expect(text).toBe(htmlToText(finalHtml(mjml, ORDER_VALUES, 'Your order')));
    expect(text).toContain('Thanks for your order, Jane!');
    expect(text).toContain('[https://acme.example/orders/10293]');

    const markdown = await renderBody('# Hi\n\nHello ::name::, your code is **::code::**.\n\n| a | b |\n|---|---|\n| ::name:: | ::code:: |\n', 'markdown');
    const values = { name: 'Jane Doe', code: '493-112' };
    expect(textFromTemplate(markdown, values, 's')).toBe(htmlToText(finalHtml(markdown, values, 's')));
  });

  it('refuses templates whose placeholders the converter transforms, and values that could change the result', () => {
    // Headings are upper-cased: the placeholder's text is not copied through.
    expect(textFromTemplate('<h1>Hi ::name::</h1>', { name: 'jane' }, 's')).toBeUndefined();
    // An entity-encoded placeholder reads as one in the text, but is none in the HTML.
    expect(textFromTemplate('<p>::name:: &#58;&#58;name&#58;&#58;</p>', { name: 'jane' }, 's')).toBeUndefined();
    const html = '<p>Hi ::name::, see <a href="::url::">this</a></p>';
    for (const url of ['#top', 'mailto:a@example.com', '', ' x', 'a  b', 'a&amp;b', '<b>', 'a::b', "it's", 'x\ny']) {
      expect(textFromTemplate(html, { name: 'Jane', url }, 's')).toBeUndefined();
    }
    expect(textFromTemplate(html, { name: 'Jane', url: 'https://example.com/x?y=1' }, 's')).toBe(
      'Hi Jane, see this [https://example.com/x?y=1]',
    );
  });

  it('never disagrees with converting the final HTML, on 3,000 generated templates and values', () => {
    const pick = random(11);
    const keys = ['a', 'b', 'subject', 'c.d', 'x y'];
    const placeholder = () => `::${keys[pick(keys.length)]}::`;
    const fragments = [
      () => `<p>${placeholder()} text ${placeholder()}</p>`,
      () => `<h${1 + pick(6)}>${placeholder()}</h1>`,
      () => `<a href="${placeholder()}">${pick(2) ? placeholder() : 'link'}</a>`,
      () => `<table><tr><th>${placeholder()}</th><td>${placeholder()}</td></tr></table>`,
      () => `<ul><li>${placeholder()}</li><li>two ${placeholder()}</li></ul>`,
      () => `<pre>${placeholder()}  kept</pre>`,
      () => `<blockquote>${placeholder()}</blockquote>`,
      () => `<img alt="${placeholder()}" src="${placeholder()}">`,
      () => `&amp; &#58;&#58;a&#58;&#58; ${placeholder()}`,
      () => `<b>${placeholder()}</b>${placeholder()}<br>`,
      () => `::a::b:: ${placeholder()}`,
      () => `<p>qzx0q ${placeholder()}</p>`,
      () => `   ${placeholder()}   \n`,
    ];
    const values = [
      'Jane', 'Jane Doe', 'UPPER', 'ÄÖü', '😀', 'EUR 16.50', 'https://acme.example/o/1', 'under_score', 'x-y.z',
      ' Jane', 'Jane ', 'a  b', 'x&y', '<b>', '#frag', 'mailto:x@y', 'a:b', 'a::b', ':x', 'x:', '', '{{ a }}',
      "O'Brien", 'tab\there', 'line\nbreak', '\u00a0nbsp', 'zero\u200bwidth', '"q"',
    ];
    let served = 0;
    for (let i = 0; i < 3_000; i++) {
      const html = Array.from({ length: 1 + pick(4) }, () => fragments[pick(fragments.length)]!()).join('');
      const replacements: Replacements = {};
      for (const key of keys) if (key !== 'subject' || pick(3) === 0) replacements[key] = values[pick(values.length)];
      if (pick(5) === 0) replacements.b = ['not', 'a', 'string'];
      const subject = values[pick(values.length)] as string;
      const text = textFromTemplate(html, replacements, subject);
      if (text === undefined) continue;
      served++;
      expect(text, JSON.stringify({ html, replacements, subject })).toBe(htmlToText(finalHtml(html, replacements, subject)));
    }
    expect(served).toBeGreaterThan(100);
  });
});
