/**
 * What the send bench sends (send.ts): a fixtures directory with an MJML and a markdown template, and a request body
 * per scenario. `[<id>]` in a body is replaced with a new number in every request, so no two mails are alike.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const MJML_TEMPLATE = `<mjml>
  <mj-head>
    <mj-title>Your ::app_name:: order</mj-title>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="24px" color="#1f2937" />
    </mj-attributes>
    <mj-style inline="inline">.note { color: #6b7280; }</mj-style>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    <mj-section background-color="#ffffff" padding="32px 24px">
      <mj-column>
        <mj-text font-size="24px" font-weight="bold">Thanks for your order, ::first_name::!</mj-text>
        <mj-text>Order ::order_number:: of ::order_date:: is confirmed and ships within two days.</mj-text>
        <mj-table>
          <tr><th align="left">Item</th><th align="right">Price</th></tr>
          <tr><td>::item::</td><td align="right">::total::</td></tr>
        </mj-table>
        <mj-button href="::order_url::" background-color="#4f46e5" border-radius="6px">View my order</mj-button>
        <mj-text css-class="note" font-size="13px">The button not working? Open ::order_url:: in your browser.</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="16px">
      <mj-column>
        <mj-text align="center" font-size="12px" color="#9ca3af">::app_name::, 1 Main Street, Springfield</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`;

const MARKDOWN_TEMPLATE = `# Reset your password

Hi ::first_name::,

Someone (hopefully you) asked to reset the password of your ::app_name:: account. Use this code within 15 minutes:

**::reset_code::**

Or open this link: ::reset_url::

| Requested from | At |
| --- | --- |
| ::ip_address:: | ::requested_at:: |

The ::app_name:: team
`;

export function writeFixtures(dir: string): void {
  mkdirSync(join(dir, 'templates'), { recursive: true });
  writeFileSync(join(dir, 'templates', 'order.mjml'), MJML_TEMPLATE);
  writeFileSync(join(dir, 'templates', 'reset.md'), MARKDOWN_TEMPLATE);
  const templates = [
    {
      name: 'bench-mjml',
      type: 'mjml',
      subject: 'Your ::app_name:: order ::order_number::',
      body_file: 'templates/order.mjml',
    },
    {
      name: 'bench-markdown',
      type: 'markdown',
      subject: 'Reset your ::app_name:: password',
      body_file: 'templates/reset.md',
    },
  ];
  writeFileSync(join(dir, 'templates.json'), JSON.stringify({ templates }, null, 2));
}

const FROM = 'Acme Shop <shop@acme.example>';
const TO = 'Jane Doe <jane.doe@example.com>';

const INLINE_HTML =
  '<h1>Your receipt</h1><p>Hi Jane,</p><p>Thanks for your order <strong>#10293</strong> of 12 March. ' +
  'We will ship it within two days.</p><p>Reference [<id>]</p><table><tr><th>Item</th><th>Price</th></tr>' +
  '<tr><td>Blue mug</td><td>EUR 12.00</td></tr><tr><td>Shipping</td><td>EUR 4.50</td></tr></table>' +
  '<p><a href="https://acme.example/orders/10293">View your order</a></p><p>The Acme team</p>';

export const BODIES: Record<string, object> = {
  inline: { from: FROM, to: TO, subject: 'Your Acme receipt #[<id>]', html: INLINE_HTML },
  mjml: {
    mail_name: 'bench-mjml',
    from: FROM,
    to: TO,
    replacements: {
      first_name: 'Jane',
      app_name: 'Acme',
      order_number: '[<id>]',
      order_date: '12 March 2025',
      item: 'Blue mug',
      total: 'EUR 16.50',
      order_url: 'https://acme.example/orders/10293',
    },
  },
  markdown: {
    mail_name: 'bench-markdown',
    from: FROM,
    to: TO,
    replacements: {
      first_name: 'Jane',
      app_name: 'Acme',
      reset_code: '[<id>]',
      reset_url: 'https://acme.example/reset/0f3a9c',
      ip_address: '203.0.113.7',
      requested_at: '2025-03-12 09:41',
    },
  },
};
