/** The inbox: search, read one message, wait for one (the server-side wait of GET /_emulator/wait-for). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { answer, plural, summaryLine } from './answers.js';
import type { EmulatorConnection } from './connection.js';
import { describeMessage, messageStructure } from './message-format.js';
import { SEARCH_SYNTAX } from './search-syntax.js';

/** The emulator's bounds (server/emulator/wait-for.ts, query-params.ts). */
const MAX_WAIT_MS = 120_000;
const MAX_PER_PAGE = 500;
/** Longer than the emulator's 5 s: an agent's app may take a moment to send, and a hit answers at once anyway. */
const DEFAULT_WAIT_MS = 10_000;

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

const query = z.string().max(10_000).default('').describe('A search query (syntax in the description); empty: any.');
const messageId = z
  .string()
  .min(1)
  .describe("A message's uuid, or the uuid the Mailcoach send API answered (its log item's)");
const includeHtml = z.boolean().default(false).describe('Also give the HTML part (long: markup and inlined CSS).');

export function registerMessageTools(server: McpServer, connection: EmulatorConnection): void {
  server.registerTool(
    'search_messages',
    {
      title: 'Search captured mail',
      description: `Lists the mail the emulator captured (sent through the Mailcoach API or over SMTP), newest first, with each message's uuid for get_message.\n\n${SEARCH_SYNTAX}`,
      inputSchema: {
        query,
        page: z.int().min(1).default(1),
        per_page: z.int().min(1).max(MAX_PER_PAGE).default(20),
      },
      annotations: READ_ONLY,
    },
    async (args, extra) => {
      const page = await connection
        .client(extra.signal)
        .messages(args.query, { page: args.page, perPage: args.per_page });
      const { total } = page.meta;
      const what = args.query === '' ? 'captured' : `match ${JSON.stringify(args.query)}`;
      const head =
        total === 0
          ? `No messages ${args.query === '' ? 'captured yet' : what}.`
          : `${plural(total, 'message')} ${what}; page ${page.meta.page} shows ${page.data.length}, newest first:`;
      return answer([head, ...page.data.map(summaryLine)].join('\n'), page);
    },
  );

  server.registerTool(
    'get_message',
    {
      title: 'Read a captured message',
      description:
        'One captured message: its addresses, links (with the words they are clicked by), one-time codes, attachments, every header and its text part; the HTML part on request. Resources with its .eml, HTML and text are named in the answer.',
      inputSchema: { id: messageId, include_html: includeHtml },
      annotations: READ_ONLY,
    },
    async (args, extra) => {
      const message = await connection.client(extra.signal).message(args.id);
      return answer(describeMessage(message, args.include_html), messageStructure(message, args.include_html));
    },
  );

  server.registerTool(
    'wait_for_message',
    {
      title: 'Wait for a mail',
      description: `Waits on the emulator (no polling) until a captured message matches the query, and answers it in full as get_message does: use it right after the action that sends the mail (a sign-up, a password reset) to get its links and codes. It answers at once when a match is there already; use \`after\` (the uuid of the last message you saw, or an ISO date-time) to wait for a new one. At the timeout it is an error listing what did match and the newest messages.\n\n${SEARCH_SYNTAX}`,
      inputSchema: {
        query,
        after: z
          .string()
          .min(1)
          .optional()
          .describe('Only messages captured after this ISO 8601 date-time or after the message with this uuid.'),
        count: z.int().min(1).max(50).default(1).describe('Wait until this many match; all of them are answered.'),
        timeout_ms: z.int().min(0).max(MAX_WAIT_MS).default(DEFAULT_WAIT_MS),
        include_html: includeHtml,
      },
      annotations: READ_ONLY,
    },
    async (args, extra) => {
      const client = connection.client(extra.signal);
      const wait = { query: args.query, after: args.after, timeoutMs: args.timeout_ms };
      const messages = await client.waitForMessages(args.count, wait);
      const text = messages.map((message) => describeMessage(message, args.include_html)).join('\n\n---\n\n');
      const head = args.count === 1 ? '' : `${plural(messages.length, 'message')} matched, oldest first.\n\n`;
      return answer(`${head}${text}`, {
        messages: messages.map((message) => messageStructure(message, args.include_html)),
      });
    },
  );
}
