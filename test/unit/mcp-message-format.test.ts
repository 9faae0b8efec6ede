/**
 * server/mcp/message-format.ts: a captured message as an MCP tool answers it, the lines an agent reads first (who,
 * links with their words, codes, attachments, checks, resources) before the headers and bodies; the HTML only on
 * request, in the text and in the structured answer.
 */
import { describe, expect, it } from 'vitest';
import { describeMessage, messageStructure } from '../../server/mcp/message-format.js';
import type { Message } from '../../server/testing/client.js';

const UUID = '00000000-0000-4000-8000-000000000001';

const message = (overrides: Partial<Message> = {}): Message => ({
  uuid: UUID,
  message_id: 'm1@example.com',
  created_at: '2025-03-01T10:00:00.000Z',
  from: { name: 'Acme', email: 'app@acme.example' },
  to: [{ name: '', email: 'jane@example.com' }],
  cc: [{ name: 'Bob', email: 'bob@example.com' }],
  bcc: [],
  subject: 'Welcome',
  snippet: 'Hi',
  size: 100,
  attachments: [
    {
      index: 0,
      filename: 'terms.pdf',
      content_type: 'application/pdf',
      content_id: null,
      size: 2048,
      url: `/_emulator/messages/${UUID}/attachments/0`,
    },
  ],
  template: 'welcome',
  origin: null,
  log_item_uuid: null,
  send_uuid: null,
  read: false,
  via: 'api',
  problems: 2,
  tags: [],
  reply_to: [],
  envelope: { from: 'app@acme.example', to: ['jane@example.com'] },
  headers: [{ name: 'Subject', value: 'Welcome' }],
  text: 'Hi Jane, your code is 123456.',
  html: '<p>Hi Jane</p>',
  replacements: null,
  campaign: null,
  email_list: null,
  subscriber_uuid: null,
  links: ['https://acme.example/start', 'https://acme.example/docs'],
  link_details: [
    { url: 'https://acme.example/start', text: 'Get started' },
    { url: 'https://acme.example/docs', text: null },
  ],
  codes: ['123456'],
  ...overrides,
});

describe('describeMessage', () => {
  it('leads with who, links, codes, attachments, checks and resources; the HTML only as its length', () => {
    expect(describeMessage(message(), false)).toBe(
      [
        `Message ${UUID}: "Welcome"`,
        'From: Acme <app@acme.example>',
        'To: jane@example.com',
        'Cc: Bob <bob@example.com>',
        'Captured: 2025-03-01T10:00:00.000Z via api, template welcome',
        '',
        'Links (2):',
        '- https://acme.example/start ("Get started")',
        '- https://acme.example/docs',
        'Codes: 123456',
        'Attachments: terms.pdf (application/pdf, 2048 bytes)',
        'Checks: 2 problems (check_message)',
        `Resources: mailcoach-emulator://messages/${UUID}/raw, mailcoach-emulator://messages/${UUID}/html, mailcoach-emulator://messages/${UUID}/text`,
        '',
        'Headers:',
        'Subject: Welcome',
        '',
        'Text part:\nHi Jane, your code is 123456.',
        '',
        'HTML part: 14 characters (include_html: true shows it)',
      ].join('\n'),
    );
  });

  it('shows the HTML when asked, and says so when a part is missing', () => {
    expect(describeMessage(message(), true)).toMatch(/\n\nHTML part:\n<p>Hi Jane<\/p>$/);
    const bare = describeMessage(
      message({
        text: null,
        html: null,
        link_details: [],
        codes: [],
        attachments: [],
        problems: null,
        send_uuid: 'S1',
      }),
      true,
    );
    expect(bare).toContain('\nSend: S1 (for simulate)\n');
    expect(bare).toContain('\nLinks: none\nCodes: none\nAttachments: none\nChecks: not run yet (check_message)\n');
    expect(bare).toContain(`\nResources: mailcoach-emulator://messages/${UUID}/raw\n`);
    expect(bare).toMatch(/\n\nText part: none\n\nHTML part: none$/);
  });
});

describe('messageStructure', () => {
  it('leaves the HTML out unless asked, saying whether there is one', () => {
    expect(messageStructure(message(), false)).not.toHaveProperty('html');
    expect(messageStructure(message(), false)).toMatchObject({ has_html: true, text: 'Hi Jane, your code is 123456.' });
    expect(messageStructure(message({ html: null }), false)).toMatchObject({ has_html: false });
    expect(messageStructure(message(), true)).toEqual(message());
  });
});
