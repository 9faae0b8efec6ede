/**
 * The MCP server's tools beyond the inbox (server/mcp/check-tools.ts, webhook-tools.ts, audience-tools.ts,
 * control-tools.ts), through the SDK's client over stdio and over /mcp: checks of a captured mail and of a render,
 * webhook calls listed and waited for, a list's subscribers, campaigns with their stats, simulated engagement and
 * bounces, and a reset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../server/testing/index.js';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, ok } from '../support/http.js';
import { connectMcp, MCP_TRANSPORTS, type McpConnection } from '../support/mcp-client.js';

const emulator = useEmulator();
const api = () => apiClient(emulator().url, emulator().token);
const client = () => createClient({ url: emulator().url, token: emulator().token });

const send = async (mail: Record<string, unknown>) =>
  ok(await api().post('/api/transactional-mails/send', { json: { from: 'app@example.com', ...mail } })) as {
    uuid: string;
  };

describe.each(MCP_TRANSPORTS)('over %s', (kind) => {
  let mcp: McpConnection;
  beforeAll(async () => {
    mcp = await connectMcp(kind, emulator().url, emulator().token);
  });
  afterAll(async () => {
    await mcp.close();
    expect(mcp.errors).toEqual([]);
  });

  it('checks a captured mail, a stored template rendered, and HTML given', async () => {
    const sent = await send({
      to: `checked-${kind}@example.com`,
      subject: 'Hello ::first_name::',
      html: '<p>Hi</p><p><a href="https://app.example/ok">ok</a></p>',
    });
    const checked = await mcp.call('check_message', { id: sent.uuid });
    expect(checked.result.isError).toBeUndefined();
    expect(checked.text).toMatch(/^Checks of message \S+: 1 problem, \d+ warnings?\.\nProblems:\n/);
    expect(checked.text).toContain('- [content] placeholder (subject): ::first_name:: was not replaced\n');
    expect(checked.result.structuredContent).toMatchObject({ summary: { problems: 1 } });

    const template = await mcp.call('check_render', { template: 'password-reset', replacements: { code: '1234' } });
    expect(template.result.isError).toBeUndefined();
    expect(template.text).toContain('Checks of template "password-reset" rendered: 0 problems');
    expect(template.result.structuredContent).toMatchObject({ render: { subject: 'Reset your password' } });
    const missing = await mcp.call('check_render', { template: 'password-reset' });
    expect(missing.text).toContain('Unreplaced placeholders: code\n');
    expect(missing.text).toContain('- [content] placeholder (html line 4): ::code:: was not replaced');

    const html = await mcp.call('check_render', { subject: 'Hi', html: '<p><a href="http://app.example/x">x</a></p>' });
    // An http: link opens: a warning, not a problem (issue 41, finding 5).
    expect(html.text).toMatch(/^Checks of the given mail: 0 problems, \d+ warnings?\./);
    expect(html.text).toContain('- [links] link-insecure (html line 1)');

    const neither = await mcp.call('check_render', {});
    expect(neither).toMatchObject({
      result: { isError: true },
      text: 'Give a template (name or uuid), or the html or text to check.',
    });
  });

  it('lists and waits for the webhook calls the emulator made', async () => {
    const sink = client().webhookSink(`app-${kind}`);
    await client().createWebhook({ name: `App ${kind}`, url: sink.url });
    const list = ok(
      await api().post('/api/email-lists', { json: { name: `Hooks ${kind}`, default_from_email: 'a@example.com' } }),
      201,
    ).data;
    const email = `hooked-${kind}@example.com`;
    ok(await api().post(`/api/email-lists/${list.uuid}/subscribers`, { json: { email } }), 201);

    const waited = await mcp.call('wait_for_webhook_call', { event: 'SubscribedEvent', email, timeout_ms: 60_000 });
    expect(waited.result.isError).toBeUndefined();
    expect(waited.text).toMatch(
      new RegExp(
        `^\\S+ SubscribedEvent for ${email} to ${escapeRegExp(sink.url)}: succeeded, 1 attempt, last answer 200 \\[\\S+\\]\\nBody sent:\\n\\{`,
      ),
    );
    expect(waited.result.structuredContent).toMatchObject({ event: 'SubscribedEvent', email, status: 'succeeded' });

    const listed = await mcp.call('list_webhook_calls', { email });
    expect(listed.text.split('\n')[0]).toBe('1 webhook call; page 1 shows 1, newest first:');
    expect(listed.result.structuredContent).toMatchObject({ meta: { total: 1 }, data: [{ email }] });

    const none = await mcp.call('wait_for_webhook_call', { event: 'UnsubscribedEvent', email, timeout_ms: 0 });
    expect(none.result.isError).toBe(true);
  });

  it("lists a list's subscribers and the campaigns with their stats, which a simulated open counts in", async () => {
    const name = `News ${kind}`;
    const list = ok(
      await api().post('/api/email-lists', { json: { name, default_from_email: 'news@acme.test' } }),
      201,
    ).data;
    for (const email of [`jane-${kind}@acme.test`, `bob-${kind}@acme.test`])
      ok(await api().post(`/api/email-lists/${list.uuid}/subscribers`, { json: { email, first_name: 'Reader' } }), 201);

    const subscribers = await mcp.call('list_subscribers', { email_list: name.toUpperCase() });
    expect(subscribers.text.split('\n')).toEqual([
      `2 subscribers of "${name}" [${list.uuid}]; page 1 of 1:`,
      expect.stringMatching(new RegExp(`^- bob-${kind}@acme.test \\(Reader\\): subscribed \\[\\S+\\]$`)),
      expect.stringMatching(new RegExp(`^- jane-${kind}@acme.test \\(Reader\\): subscribed \\[\\S+\\]$`)),
    ]);
    const unknown = await mcp.call('list_subscribers', { email_list: 'Nope' });
    expect(unknown.result.isError).toBe(true);
    expect(unknown.text).toContain(`No email list "Nope". The lists: `);
    expect(unknown.text).toContain(`"${name}" [${list.uuid}]`);

    const campaign = ok(
      await api().post('/api/campaigns', {
        json: { name: `Spring ${kind}`, email_list_uuid: list.uuid, subject: 'Spring', html: '<p>Hi</p>' },
      }),
      201,
    ).data;
    ok(await api().post(`/api/campaigns/${campaign.uuid}/send`), 204);
    await client().waitForCampaignSent(campaign.uuid);
    const mail = await mcp.call('wait_for_message', { query: `to:jane-${kind}@acme.test campaign:${campaign.uuid}` });
    const messageId = (mail.result.structuredContent as { messages: Array<{ uuid: string }> }).messages[0]!.uuid;

    const opened = await mcp.call('simulate', { event: 'open', message_id: messageId });
    expect(opened.result.isError).toBeUndefined();
    expect(opened.text).toMatch(/^Simulated an open on send \S+: now 1 opens, 0 clicks\.$/);

    const campaigns = await mcp.call('list_campaigns');
    expect(campaigns.text).toMatch(
      new RegExp(
        `- "Spring ${kind}": sent at \\S+ to 2 subscribers, list "${name}"; 2 sends, 1 open \\(1 unique\\), 0 clicks \\(0 unique\\), 0 unsubscribes, 0 bounces \\[${campaign.uuid}\\]`,
      ),
    );
  });

  it('simulates a hard bounce, after which a send to the address is refused', async () => {
    const email = `bounced-${kind}@example.com`;
    const bounced = await mcp.call('simulate', { event: 'bounce', email });
    expect(bounced.text).toBe(
      `Simulated a hard bounce: ${email} is now suppressed (hard_bounce); the next send to it gets 406.`,
    );
    const refused = await api().post('/api/transactional-mails/send', {
      json: { from: 'app@example.com', to: email, subject: 'Hi', text: 'Hi' },
    });
    expect(refused.status).toBe(406);

    const ambiguous = await mcp.call('simulate', { event: 'open', email });
    expect(ambiguous).toMatchObject({
      result: { isError: true },
      text: 'An open needs message_id or send_uuid, not an email.',
    });
  });

  it('resets the workspace', async () => {
    expect((await mcp.call('search_messages')).result.structuredContent).not.toMatchObject({ meta: { total: 0 } });
    const reset = await mcp.call('reset_workspace');
    expect(reset.text).toBe('The workspace is reset: its data is deleted and the fixtures are seeded again.');
    expect((await mcp.call('search_messages')).text).toBe('No messages captured yet.');
    expect((await mcp.call('list_campaigns')).text).toBe('No campaigns.');
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
