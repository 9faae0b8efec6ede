/**
 * Whole transactional sends for the pipeline tier (test/fidelity/pipeline.test.ts): a template as a fixture, the
 * replacements a send passes, and the subject. Each is sent through the emulator's API and compared with what
 * Mailcoach's RenderTemplateAction and ConvertHtmlToTextAction make of it (oracle stage `template`).
 */
import { readFileSync } from 'node:fs';

export interface TemplateCase {
  name: string;
  type: 'html' | 'markdown' | 'mjml';
  subject: string;
  body: string;
  replacements: Record<string, string | number | boolean | null>;
}

const fixture = (path: string) => readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8');

const STYLED = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>::subject::</title>
<style>
  body { font-family: Arial, sans-serif; color: #333333; }
  .button { background: #2563eb; color: #ffffff !important; padding: 12px 20px; }
  p.lead { font-size: 18px; }
  td > a { text-decoration: none; }
  @media (max-width: 600px) { .button { display: block; } }
</style></head>
<body>
<h1>Hello ::first_name::</h1>
<p class="lead">Thanks for your order <strong>#::order_number::</strong>.</p>
<table role="presentation"><tr><td><a class="button" href="https://shop.example.test/orders/::order_number::">View order</a></td></tr></table>
<p style="color: red">Questions? Mail <a href="mailto:help@example.test">help@example.test</a>.</p>
</body></html>`;

export const TEMPLATE_CASES: TemplateCase[] = [
  { name: 'fixture-order', type: 'html', subject: 'Your order ::order_number:: is confirmed', body: fixture('templates/order-confirmation.html'),
    replacements: { first_name: 'Jane', order_number: 'A-1001', total: '€ 42,00', items: '3' } },
  { name: 'fixture-reset', type: 'markdown', subject: 'Reset your ::app_name:: password', body: fixture('templates/password-reset.md'),
    replacements: { app_name: 'Acme', first_name: 'Jane', reset_url: 'https://acme.test/reset?token=abc123', expires_in: '60 minutes' } },
  { name: 'fixture-welcome', type: 'mjml', subject: 'Welcome to ::app_name::, ::first_name::!', body: fixture('templates/welcome.mjml'),
    replacements: { app_name: 'Acme', first_name: 'Jane', dashboard_url: 'https://acme.test/dashboard' } },
  { name: 'styled', type: 'html', subject: 'Order ::order_number::', body: STYLED, replacements: { first_name: 'Jane', order_number: '1001' } },
  { name: 'styled-odd-values', type: 'html', subject: 'Order ::order_number::', body: STYLED,
    replacements: { first_name: 'Jane & <John> "J" O\'Neil', order_number: '10 01/é' } },
  { name: 'plain-fragment', type: 'html', subject: 'Hi', body: '<p>Hello ::name::, your code is <b>::code::</b>.</p>', replacements: { name: 'Jane_Doe', code: '1234' } },
  { name: 'no-html', type: 'html', subject: 'Text only', body: 'Just text, ::name::.', replacements: { name: 'Jane' } },
  { name: 'twig-basics', type: 'html', subject: 'Hello {{ user.name }}',
    body: '<p>Hello {{ user.name|upper }}</p>{% if items %}<ul>{% for item in items %}<li>{{ loop.index }}. {{ item }}</li>{% endfor %}</ul>{% endif %}<p>{{ missing }}</p>',
    replacements: { 'user.name': 'Jane <3', items: 'abc' } },
  { name: 'twig-error', type: 'html', subject: 'Broken', body: '<p>Hello {{ name </p><a href="https://x.test/a%20b">link</a>', replacements: { name: 'Jane' } },
  { name: 'twig-urlencoded', type: 'html', subject: 'Encoded', body: '<p>Hi {{+name+}}, <a href="https://x.test/?q=a%20b&amp;r=%2F">go</a></p>', replacements: { name: 'Jane' } },
  { name: 'markdown-rich', type: 'markdown', subject: 'Rich',
    body: '# Hello ::name::\n\nSome *emphasis*, **strong**, `code` and ~~struck~~ text.\n\n| Item | Qty |\n|:-----|----:|\n| Tea | 2 |\n| Cake | 1 |\n\n- one\n- two\n  - nested\n\n1. first\n2. second\n\n> quoted\n\n```php\necho "hi";\n```\n\nVisit www.example.com or https://example.test/path.\n\nHi {{ name }}!\n',
    replacements: { name: 'Jane' } },
  { name: 'markdown-html-block', type: 'markdown', subject: 'Block', body: '<div class="box">\n\n**inside**\n\n</div>\n\nAfter ::x::\n', replacements: { x: 'y' } },
  { name: 'empty-and-numeric-values', type: 'html', subject: 'N ::n::', body: '<p>::n:: [::z::] ::missing::</p>', replacements: { n: '12.5', z: '' } },
  { name: 'entities', type: 'html', subject: 'Entities', body: '<p>Caf&eacute; &amp; cr&egrave;me &copy; 2025 &nbsp; &lt;tag&gt; ::v::</p>', replacements: { v: 'naïve' } },
  { name: 'mjml-columns', type: 'mjml', subject: 'Columns',
    body: '<mjml><mj-head><mj-style>.red { color: red; }</mj-style><mj-attributes><mj-text font-size="15px" /></mj-attributes></mj-head><mj-body><mj-section><mj-column><mj-text css-class="red">Left ::a::</mj-text></mj-column><mj-column><mj-button href="https://x.test/::a::">Go</mj-button></mj-column></mj-section></mj-body></mjml>',
    replacements: { a: 'one' } },
];
