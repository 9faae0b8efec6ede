/** The test controls that change the workspace: a provider's report (open, click, bounce, complaint), and reset. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { EmulatorClient } from '../testing/client.js';
import { answer } from './answers.js';
import type { EmulatorConnection } from './connection.js';

/** They change what the emulator holds (and what the app's next sends get), and it cannot be taken back. */
const DESTRUCTIVE = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: false,
} as const;

const EVENTS = ['open', 'click', 'bounce', 'soft_bounce', 'complaint'] as const;

export function registerControlTools(server: McpServer, connection: EmulatorConnection): void {
  server.registerTool(
    'simulate',
    {
      title: 'Simulate an open, click, bounce or complaint',
      description:
        "Reports what a mail provider would report to Mailcoach about a sent mail: `open` and `click` count on its send (and fire Mailcoach's webhooks); `bounce` (hard) and `complaint` suppress the address, so the app's next send to it is refused with 406, and unsubscribe a campaign's subscriber; `soft_bounce` only records it. Name the mail by `message_id` (a captured message's uuid) or `send_uuid`; a bounce, soft bounce or complaint may name an `email` instead.",
      inputSchema: {
        event: z.enum(EVENTS),
        message_id: z.string().min(1).optional().describe("A captured message's uuid: its send is used."),
        send_uuid: z.string().min(1).optional(),
        email: z.string().min(1).optional().describe('For bounce, soft_bounce and complaint: the address.'),
      },
      annotations: DESTRUCTIVE,
    },
    async (args, extra) => {
      const client = connection.client(extra.signal);
      const named = [args.message_id, args.send_uuid, args.email].filter((value) => value !== undefined).length;
      if (named !== 1) throw new Error('Name the mail with exactly one of message_id, send_uuid or email.');
      const sendUuid = args.message_id === undefined ? args.send_uuid : await sendOf(client, args.message_id);
      if (args.event === 'open' || args.event === 'click') {
        if (sendUuid === undefined) throw new Error(`An ${args.event} needs message_id or send_uuid, not an email.`);
        const send = await (args.event === 'open' ? client.simulate.open(sendUuid) : client.simulate.click(sendUuid));
        return answer(
          `Simulated ${args.event === 'open' ? 'an open' : 'a click'} on send ${send.uuid}: now ${send.open_count} opens, ${send.click_count} clicks.`,
          { send },
        );
      }
      const target = sendUuid === undefined ? (args.email as string) : { send_uuid: sendUuid };
      const report =
        args.event === 'bounce'
          ? client.simulate.bounce(target)
          : args.event === 'soft_bounce'
            ? client.simulate.softBounce(target)
            : client.simulate.complaint(target);
      const feedback = await report;
      const { suppression } = feedback;
      const text =
        suppression === null
          ? `Simulated a soft bounce${sendUuid === undefined ? ` for ${args.email}` : ` on send ${sendUuid}`}: recorded, no suppression.`
          : `Simulated a ${args.event === 'bounce' ? 'hard bounce' : 'spam complaint'}: ${suppression.email} is ${feedback.created ? 'now' : 'already'} suppressed (${suppression.reason}); the next send to it gets 406.`;
      return answer(text, feedback);
    },
  );

  server.registerTool(
    'reset_workspace',
    {
      title: 'Reset the workspace',
      description:
        "Deletes everything of this workspace (captured mail, sends, the transactional log, suppressions, templates, audience, campaigns, webhook configurations and calls; its fault rules go back to the --faults file's) and seeds the emulator's fixtures again: a clean start between test runs. Other workspaces (other tokens with --isolate) are not touched.",
      inputSchema: {},
      annotations: { ...DESTRUCTIVE, idempotentHint: true },
    },
    async (_args, extra) => {
      await connection.client(extra.signal).reset();
      return answer('The workspace is reset: its data is deleted and the fixtures are seeded again.', { reset: true });
    },
  );
}

async function sendOf(client: EmulatorClient, messageId: string): Promise<string> {
  const message = await client.message(messageId);
  if (message.send_uuid === null)
    throw new Error(
      `Message ${message.uuid} has no send (it was not stored, or came over SMTP): nothing to report on.`,
    );
  return message.send_uuid;
}
