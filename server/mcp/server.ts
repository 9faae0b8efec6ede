/**
 * The MCP server: the same tools and resources over stdio (stdio.ts) and at /mcp (http.ts), each a thin layer over
 * /_emulator through the typed client (connection.ts). Tools are grouped by topic in *-tools.ts.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerAudienceTools } from './audience-tools.js';
import { registerCheckTools } from './check-tools.js';
import type { EmulatorConnection } from './connection.js';
import { registerControlTools } from './control-tools.js';
import { registerMessageTools } from './message-tools.js';
import { registerMessageResources } from './resources.js';
import { registerWebhookTools } from './webhook-tools.js';

const INSTRUCTIONS = `The Mailcoach emulator captures every mail an app sends (through the Mailcoach API or over SMTP) instead of delivering it.
After the app sends a mail (a sign-up, a password reset), wait_for_message finds it and answers its links and one-time codes; search_messages and get_message read the inbox; check_message and check_render find unreplaced placeholders, broken links and client-support issues; list_webhook_calls and wait_for_webhook_call show what the emulator called the app with; simulate reports an open, click, bounce or complaint; list_subscribers and list_campaigns show the audience; reset_workspace starts clean.`;

export function createMcpServer(connection: EmulatorConnection, version: string): McpServer {
  const server = new McpServer(
    { name: 'mailcoach-emulator', title: 'Mailcoach emulator', version },
    { instructions: INSTRUCTIONS },
  );
  registerMessageTools(server, connection);
  registerCheckTools(server, connection);
  registerWebhookTools(server, connection);
  registerAudienceTools(server, connection);
  registerControlTools(server, connection);
  registerMessageResources(server, connection);
  return server;
}
