/** The audience and campaigns as the emulator holds them: a list's subscribers, and campaigns with their stats. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { CampaignRecord, EmulatorClient, SubscriberWithStatus } from '../testing/client.js';
import { answer, plural } from './answers.js';
import type { EmulatorConnection } from './connection.js';

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

export function registerAudienceTools(server: McpServer, connection: EmulatorConnection): void {
  server.registerTool(
    'list_subscribers',
    {
      title: "List an email list's subscribers",
      description:
        "The subscribers of an email list (by name or uuid), with their status (subscribed, unconfirmed: double opt-in not confirmed yet, unsubscribed) and tags, 15 a page as Mailcoach's API pages them. An unknown list is an error naming the lists there are.",
      inputSchema: {
        email_list: z.string().min(1).describe("The list's name (case-insensitive) or uuid."),
        status: z.enum(['subscribed', 'unconfirmed', 'unsubscribed']).optional(),
        search: z.string().min(1).optional().describe('Part of the email, first or last name.'),
        page: z.int().min(1).default(1),
      },
      annotations: READ_ONLY,
    },
    async (args, extra) => {
      const client = connection.client(extra.signal);
      const list = await findList(client, args.email_list);
      const page = await client.listSubscribers(list.uuid, {
        status: args.status,
        search: args.search,
        page: args.page,
      });
      const { total, current_page: current, last_page: last } = page.meta;
      const head =
        total === 0
          ? `No subscribers of ${JSON.stringify(list.name)} match.`
          : `${plural(total, 'subscriber')} of ${JSON.stringify(list.name)} [${list.uuid}]; page ${current} of ${last}:`;
      return answer([head, ...page.data.map(subscriberLine)].join('\n'), { email_list: list, ...page });
    },
  );

  server.registerTool(
    'list_campaigns',
    {
      title: 'List campaigns with their stats',
      description:
        'The campaigns, newest first: status, list, when sent, and their stats (sends, opens, clicks, unsubscribes, bounces; opens and clicks come from simulate).',
      inputSchema: {},
      annotations: READ_ONLY,
    },
    async (_args, extra) => {
      const campaigns = await connection.client(extra.signal).campaignRecords();
      const head = campaigns.length === 0 ? 'No campaigns.' : `${plural(campaigns.length, 'campaign')}, newest first:`;
      return answer([head, ...campaigns.map(campaignLine)].join('\n'), { campaigns });
    },
  );
}

async function findList(client: EmulatorClient, nameOrUuid: string) {
  const lists = await client.emailLists();
  const wanted = nameOrUuid.toLowerCase();
  const list = lists.find((item) => item.uuid === nameOrUuid || item.name.toLowerCase() === wanted);
  if (list !== undefined) return list;
  const known = lists.map((item) => `${JSON.stringify(item.name)} [${item.uuid}]`).join(', ');
  throw new Error(
    `No email list ${JSON.stringify(nameOrUuid)}. ${lists.length === 0 ? 'There are no lists.' : `The lists: ${known}.`}`,
  );
}

function subscriberLine(subscriber: SubscriberWithStatus): string {
  const name = [subscriber.first_name, subscriber.last_name].filter((part) => part !== null && part !== '').join(' ');
  const tags = subscriber.tags.length === 0 ? '' : `, tags ${subscriber.tags.join(', ')}`;
  return `- ${subscriber.email}${name === '' ? '' : ` (${name})`}: ${subscriber.status}${tags} [${subscriber.uuid}]`;
}

function campaignLine(campaign: CampaignRecord): string {
  const list = campaign.email_list === null ? 'no list' : `list ${JSON.stringify(campaign.email_list.name)}`;
  const sent =
    campaign.sent_at === null
      ? ''
      : ` at ${campaign.sent_at} to ${plural(campaign.sent_to_number_of_subscribers, 'subscriber')}`;
  const stats = [
    plural(campaign.sends_count, 'send'),
    `${plural(campaign.open_count, 'open')} (${campaign.unique_open_count} unique)`,
    `${plural(campaign.click_count, 'click')} (${campaign.unique_click_count} unique)`,
    plural(campaign.unsubscribe_count, 'unsubscribe'),
    plural(campaign.bounce_count, 'bounce'),
  ].join(', ');
  return `- ${JSON.stringify(campaign.name)}: ${campaign.status}${sent}, ${list}; ${stats} [${campaign.uuid}]`;
}
