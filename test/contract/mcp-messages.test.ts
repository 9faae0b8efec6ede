/**
 * The MCP server's inbox tools and message resources (server/mcp/message-tools.ts, resources.ts), through the
 * SDK's own client over stdio (`mailcoach-emulator mcp`) and over streamable HTTP (/mcp): a mail sent through the
 * Mailcoach API and one over SMTP are found, waited for and read with their reset links and codes; a bad argument
 * is a tool error (isError), and the server keeps answering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ROOT, useEmulator } from '../support/emulator-process.js';
import { apiClient, ok } from '../support/http.js';
import { connectMcp, MCP_TRANSPORTS, type McpConnection } from '../support/mcp-client.js';
import { smtpTransport } from '../support/smtp.js';

/** The bundled fixtures: their password-reset template is the README's example. */
const emulator = useEmulator({ args: ['--smtp-port', '0'], fixtures: join(ROOT, 'fixtures') });

const TOOLS = [
  'check_message',
  'check_render',
  'get_message',
  'list_campaigns',
  'list_subscribers',
  'list_webhook_calls',
  'reset_workspace',
  'search_messages',
  'simulate',
  'wait_for_message',
  'wait_for_webhook_call',
];

/** The bundled password-reset template (fixtures/templates.json), as the README's curl example sends it. */
const passwordReset = (to: string) => ({
  mail_name: 'password-reset',
  from: 'noreply@acme.example',
  to,
  replacements: {
    app_name: 'Acme',
    first_name: 'Jane',
    reset_code: '482913',
    reset_url: 'https://acme.example/reset?token=abc',
    ip_address: '203.0.113.7',
    requested_at: '2025-06-01 12:00 UTC',
  },
});

describe.each(MCP_TRANSPORTS)('over %s', (kind) => {
  let mcp: McpConnection;
  const jane = `jane-${kind}@example.com`;
  beforeAll(async () => {
    mcp = await connectMcp(kind, emulator().url, emulator().token);
  });
  afterAll(async () => {
    await mcp.close();
    expect(mcp.errors).toEqual([]);
  });

  it('lists the tools, the destructive ones annotated so', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
    const destructive = tools.filter((tool) => tool.annotations?.destructiveHint === true).map((tool) => tool.name);
    expect(destructive.sort()).toEqual(['reset_workspace', 'simulate']);
    const readOnly = tools.filter((tool) => tool.annotations?.readOnlyHint === true).map((tool) => tool.name);
    expect(readOnly.sort()).toEqual(TOOLS.filter((name) => !destructive.includes(name)));
    const search = tools.find((tool) => tool.name === 'search_messages')!;
    expect(search.description).toContain('to:, from:, cc:, bcc:');
    expect(search.inputSchema.properties).toHaveProperty('query');
  });

  it('finds a mail sent through /api and one over SMTP, and answers the reset link and code', async () => {
    const sent = ok(
      await apiClient(emulator().url, emulator().token).post('/api/transactional-mails/send', {
        json: passwordReset(jane),
      }),
    );
    await smtpTransport(emulator().smtpPort!).sendMail({
      from: 'App <app@example.com>',
      to: jane,
      subject: 'Reset your password (SMTP)',
      text: 'Your reset code: 735190\n\nOr reset it at https://app.example/reset?token=smtp-link\n',
    });

    const smtp = await mcp.call('wait_for_message', { query: `to:${jane} via:smtp` });
    expect(smtp.result.isError).toBeUndefined();
    expect(smtp.text).toContain('"Reset your password (SMTP)"');
    expect(smtp.text).toContain('- https://app.example/reset?token=smtp-link\n');
    expect(smtp.text).toContain('Codes: 735190\n');
    const [smtpMessage] = (smtp.result.structuredContent as { messages: Array<Record<string, unknown>> }).messages;
    expect(smtpMessage).toMatchObject({ via: 'smtp', links: ['https://app.example/reset?token=smtp-link'] });
    expect(smtpMessage).not.toHaveProperty('html');

    const search = await mcp.call('search_messages', { query: `to:${jane}` });
    expect(search.text.split('\n')[0]).toBe(`2 messages match "to:${jane}"; page 1 shows 2, newest first:`);
    expect(search.text).toContain('"Reset your Acme password" from noreply@acme.example');
    expect(search.text).toContain('"Reset your password (SMTP)" from app@example.com');
    expect(search.result.structuredContent).toMatchObject({ meta: { page: 1, per_page: 20, total: 2 } });

    // The uuid the send API answered (its log item's) opens the message it captured.
    const api = await mcp.call('get_message', { id: sent.uuid });
    expect(api.text).toContain('Message ');
    expect(api.text).toContain('Links (1):\n- https://acme.example/reset?token=abc\n');
    expect(api.text).toContain('Codes: 482913\n');
    expect(api.text).toContain('Subject: Reset your Acme password\n');
    expect(api.text).toMatch(/HTML part: \d+ characters \(include_html: true shows it\)$/);
    expect(api.result.structuredContent).toMatchObject({
      log_item_uuid: sent.uuid,
      template: 'password-reset',
      codes: ['482913'],
      has_html: true,
    });

    const withHtml = await mcp.call('get_message', { id: sent.uuid, include_html: true });
    expect(withHtml.text).toMatch(/HTML part:\n<!DOCTYPE html/);
    expect((withHtml.result.structuredContent as { html: string }).html).toContain(
      'https://acme.example/reset?token=abc',
    );
  });

  it('waits on the server for a mail sent after the call, and answers it', async () => {
    const to = `late-${kind}@example.com`;
    const waiting = mcp.call('wait_for_message', { query: `to:${to}`, timeout_ms: 60_000 });
    ok(
      await apiClient(emulator().url, emulator().token).post('/api/transactional-mails/send', {
        json: passwordReset(to),
      }),
    );
    const { result, text } = await waiting;
    expect(result.isError).toBeUndefined();
    expect(text).toContain(`To: ${to}\n`);
    expect(text).toContain('- https://acme.example/reset?token=abc\n');
  });

  it('a wait that times out is a tool error naming what it waited for and the newest mail', async () => {
    const { result, text } = await mcp.call('wait_for_message', { query: 'to:nobody@example.com', timeout_ms: 0 });
    expect(result.isError).toBe(true);
    expect(text).toContain('Timed out after 0 ms waiting for 1 message matching `to:nobody@example.com`: 0 matched.');
    expect(text).toContain('Newest messages in the inbox');
  });

  it('a bad argument is a tool error, not a crash', async () => {
    const outOfRange = await mcp.call('search_messages', { per_page: 0 });
    expect(outOfRange.result.isError).toBe(true);
    expect(outOfRange.text).toContain('per_page');

    const malformed = await mcp.call('search_messages', { query: 'foo:bar' });
    expect(malformed.result.isError).toBe(true);
    expect(malformed.text).toContain('answered 422');
    expect(malformed.text).toContain('foo');

    const unknown = await mcp.call('get_message', { id: 'no-such-message' });
    expect(unknown.result.isError).toBe(true);
    expect(unknown.text).toContain('No message with uuid no-such-message.');

    // Still answering.
    expect((await mcp.call('search_messages', { query: `to:${jane}` })).result.isError).toBeUndefined();
  });

  it('serves a message’s .eml, HTML and text as resources, the newest listed', async () => {
    const { result } = await mcp.call('search_messages', { query: `to:${jane} template:password-reset` });
    const [message] = (result.structuredContent as { data: Array<{ uuid: string }> }).data;
    const uri = (part: string) => `mailcoach-emulator://messages/${message!.uuid}/${part}`;

    const { resourceTemplates } = await mcp.client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate).sort()).toEqual([
      'mailcoach-emulator://messages/{uuid}/html',
      'mailcoach-emulator://messages/{uuid}/raw',
      'mailcoach-emulator://messages/{uuid}/text',
    ]);
    const { resources } = await mcp.client.listResources();
    expect(resources.map((resource) => resource.uri)).toContain(uri('raw'));

    const [raw] = (await mcp.client.readResource({ uri: uri('raw') })).contents;
    expect(raw).toMatchObject({ uri: uri('raw'), mimeType: 'message/rfc822' });
    expect((raw as { text: string }).text).toContain('\r\nSubject: Reset your Acme password\r\n');
    const [html] = (await mcp.client.readResource({ uri: uri('html') })).contents;
    expect(html).toMatchObject({ mimeType: 'text/html' });
    expect((html as { text: string }).text).toContain('Or open this link: https://acme.example/reset?token=abc');
    const [text] = (await mcp.client.readResource({ uri: uri('text') })).contents;
    expect(text).toMatchObject({ mimeType: 'text/plain' });
    expect((text as { text: string }).text).toContain('482913');

    await expect(mcp.client.readResource({ uri: 'mailcoach-emulator://messages/nope/raw' })).rejects.toThrow(
      'No message with uuid nope.',
    );
  });
});
