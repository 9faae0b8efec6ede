/**
 * A captured message's raw .eml, HTML and text as MCP resources, so that an agent (or its user) can attach them:
 * `mailcoach-emulator://messages/{uuid}/raw`, `/html` and `/text`. The newest messages' .eml are listed.
 */
import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { EmulatorConnection } from './connection.js';

type Part = 'raw' | 'html' | 'text';

const MIME_TYPES: Record<Part, string> = { raw: 'message/rfc822', html: 'text/html', text: 'text/plain' };

/** How many of the newest messages resources/list offers (the template reads any message). */
const LISTED_MESSAGES = 25;

export function messagePartUri(uuid: string, part: Part): string {
  return `mailcoach-emulator://messages/${encodeURIComponent(uuid)}/${part}`;
}

/** The URI template of a part (RFC 6570: `{uuid}` is the variable). */
const partTemplate = (part: Part) => `mailcoach-emulator://messages/{uuid}/${part}`;

export function registerMessageResources(server: McpServer, connection: EmulatorConnection): void {
  const uuidOf = (variables: Record<string, string | string[]>) => String(variables.uuid);

  server.registerResource(
    'message-eml',
    new ResourceTemplate(partTemplate('raw'), {
      list: async (extra) => {
        const page = await connection.client(extra.signal).messages('', { perPage: LISTED_MESSAGES });
        return {
          resources: page.data.map((message) => ({
            uri: messagePartUri(message.uuid, 'raw'),
            name: `${message.uuid}.eml`,
            title: `${message.subject || '(no subject)'} (.eml)`,
            mimeType: MIME_TYPES.raw,
            size: message.size,
          })),
        };
      },
    }),
    {
      title: 'A captured message (.eml)',
      description: 'The raw message, byte for byte as captured.',
      mimeType: MIME_TYPES.raw,
    },
    async (uri, variables, extra) => {
      const bytes = await connection.client(extra.signal).rawBytes(uuidOf(variables));
      return { contents: [emlContents(uri.href, bytes)] };
    },
  );

  for (const part of ['html', 'text'] as const) {
    server.registerResource(
      `message-${part}`,
      new ResourceTemplate(partTemplate(part), { list: undefined }),
      {
        title: `A captured message's ${part === 'html' ? 'HTML' : 'text'} part`,
        description: `The ${part === 'html' ? 'HTML' : 'text'} body as captured (an error when the message has none).`,
        mimeType: MIME_TYPES[part],
      },
      async (uri, variables, extra): Promise<ReadResourceResult> => {
        const message = await connection.client(extra.signal).message(uuidOf(variables));
        const body = message[part];
        if (body === null) throw new Error(`Message ${message.uuid} has no ${part === 'html' ? 'HTML' : 'text'} part.`);
        return { contents: [{ uri: uri.href, mimeType: MIME_TYPES[part], text: body }] };
      },
    );
  }
}

/** As text when the bytes are UTF-8 (what a reader shows), else as a blob, so that no byte is lost. */
function emlContents(uri: string, bytes: Uint8Array) {
  try {
    return { uri, mimeType: MIME_TYPES.raw, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { uri, mimeType: MIME_TYPES.raw, blob: Buffer.from(bytes).toString('base64') };
  }
}
