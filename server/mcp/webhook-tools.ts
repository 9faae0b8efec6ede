/** Mailcoach's outgoing webhook calls: list them, and wait for one (on the emulator's event stream, no polling). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { WEBHOOK_EVENTS } from '../mailcoach-event-names.js';
import type { WebhookCall } from '../testing/client.js';
import { answer, plural } from './answers.js';
import type { EmulatorConnection } from './connection.js';

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;
const MAX_WAIT_MS = 120_000;
const DEFAULT_WAIT_MS = 10_000;

const filters = {
  event: z.enum(WEBHOOK_EVENTS).optional(),
  email: z.string().min(1).optional().describe("The subscriber's address, exactly (any case)."),
  subscriber_uuid: z.string().min(1).optional(),
  campaign_uuid: z.string().min(1).optional(),
};

export function registerWebhookTools(server: McpServer, connection: EmulatorConnection): void {
  server.registerTool(
    'list_webhook_calls',
    {
      title: 'List webhook calls',
      description:
        "The webhook calls the emulator made to the app, as Mailcoach's outgoing webhooks do (subscribed, unsubscribed, opened, clicked, bounced...), newest first: each with its event, URL, status, attempts and the exact body sent.",
      inputSchema: {
        ...filters,
        status: z.enum(['pending', 'succeeded', 'failed']).optional(),
        page: z.int().min(1).default(1),
        per_page: z.int().min(1).max(500).default(20),
      },
      annotations: READ_ONLY,
    },
    async (args, extra) => {
      const page = await connection.client(extra.signal).webhookCalls(
        {
          event: args.event,
          email: args.email,
          subscriberUuid: args.subscriber_uuid,
          campaignUuid: args.campaign_uuid,
          status: args.status,
        },
        { page: args.page, perPage: args.per_page },
      );
      const head =
        page.meta.total === 0
          ? 'No webhook calls match.'
          : `${plural(page.meta.total, 'webhook call')}; page ${page.meta.page} shows ${page.data.length}, newest first:`;
      return answer([head, ...page.data.map(callLine)].join('\n'), page);
    },
  );

  server.registerTool(
    'wait_for_webhook_call',
    {
      title: 'Wait for a webhook call',
      description:
        'Waits until a webhook call matches and answers it with the body sent (of several, the oldest). By default one whose first try has happened (status attempted: the receiver has had it, whatever it answered); `any`: stored; `pending`, `succeeded` or `failed`. `after` (an ISO date-time or a call uuid) skips earlier calls. At the timeout it is an error listing what did match.',
      inputSchema: {
        ...filters,
        status: z.enum(['attempted', 'any', 'pending', 'succeeded', 'failed']).default('attempted'),
        after: z.string().min(1).optional(),
        timeout_ms: z.int().min(0).max(MAX_WAIT_MS).default(DEFAULT_WAIT_MS),
      },
      annotations: READ_ONLY,
    },
    async (args, extra) => {
      const call = await connection.client(extra.signal).waitForWebhook({
        event: args.event,
        email: args.email,
        subscriberUuid: args.subscriber_uuid,
        campaignUuid: args.campaign_uuid,
        status: args.status,
        after: args.after,
        timeoutMs: args.timeout_ms,
      });
      return answer(`${callLine(call).slice(2)}\nBody sent:\n${call.request.body}`, call);
    },
  );
}

function callLine(call: WebhookCall): string {
  const last = call.attempts_log.at(-1);
  const outcome =
    last === undefined ? 'not tried yet' : `last answer ${last.status_code ?? `none (${last.error ?? 'no response'})`}`;
  const who = call.email === null ? '' : ` for ${call.email}`;
  return `- ${call.created_at} ${call.event}${who} to ${call.request.url}: ${call.status}, ${plural(call.attempts, 'attempt')}, ${outcome} [${call.uuid}]`;
}
