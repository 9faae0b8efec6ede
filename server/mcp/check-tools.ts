/**
 * Mail checks (README "Mail checks"): of a captured message, or of a render that was not sent (a stored template
 * with replacements, or HTML and text given here), as GET /_emulator/messages/{uuid}/checks and POST /checks.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ChecksReport } from '../testing/client.js';
import { answer, plural } from './answers.js';
import type { EmulatorConnection } from './connection.js';

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

/** The client scores shown in the text: the lowest ones matter, the full list is in the structured answer. */
const SHOWN_CLIENTS = 6;

export function registerCheckTools(server: McpServer, connection: EmulatorConnection): void {
  server.registerTool(
    'check_message',
    {
      title: 'Check a captured message',
      description:
        "Checks a captured message: unreplaced placeholders (::name:: or {{ name }}), broken or insecure links, this emulator's own confirm/unsubscribe/webview links, missing headers, and email-client support of its HTML and CSS (caniemail). Problems are wrong for every reader; warnings depend on the client.",
      inputSchema: {
        id: z.string().min(1).describe("A message's uuid, or the uuid the Mailcoach send API answered"),
      },
      annotations: READ_ONLY,
    },
    async (args, extra) => {
      const report = await connection.client(extra.signal).checks(args.id);
      return answer(describeReport(`Checks of message ${args.id}`, report), report);
    },
  );

  server.registerTool(
    'check_render',
    {
      title: 'Check a template render or HTML before sending',
      description:
        "Checks a mail that was not sent, as check_message checks a captured one (no header checks): either a stored transactional template (by name or uuid) rendered with `replacements` as a send would render it, or the `subject`, `html` and `text` given. The template's own render errors come first.",
      inputSchema: {
        template: z.string().min(1).optional().describe('A transactional template name or uuid.'),
        replacements: z
          .record(z.string(), z.unknown())
          .optional()
          .describe('With template: the replacements a send would give.'),
        subject: z.string().optional().describe('Without template: the subject.'),
        html: z.string().optional().describe('Without template: the HTML.'),
        text: z.string().optional().describe('Without template: the text part.'),
      },
      annotations: READ_ONLY,
    },
    async (args, extra) => {
      const client = connection.client(extra.signal);
      if (args.template === undefined) {
        if (args.html === undefined && args.text === undefined)
          throw new Error('Give a template (name or uuid), or the html or text to check.');
        const report = await client.checkRender({
          subject: args.subject ?? '',
          html: args.html ?? null,
          text: args.text ?? null,
        });
        return answer(describeReport('Checks of the given mail', report), report);
      }
      if (args.html !== undefined || args.text !== undefined || args.subject !== undefined)
        throw new Error('Give either a template or subject/html/text, not both.');
      const render = await client.templates.render(args.template, { replacements: args.replacements ?? {} });
      const report = await client.checkRender({ subject: render.subject, html: render.html, text: render.text });
      const renderLines = [
        ...render.errors.map(
          (error) =>
            `Render error (${error.field}${error.line === null ? '' : ` line ${error.line}`}): ${error.message}`,
        ),
        ...(render.unreplaced_placeholders.length === 0
          ? []
          : [`Unreplaced placeholders: ${render.unreplaced_placeholders.join(', ')}`]),
        ...(render.unused_replacements.length === 0
          ? []
          : [`Unused replacements: ${render.unused_replacements.join(', ')}`]),
      ];
      const text = [
        ...renderLines,
        describeReport(`Checks of template ${JSON.stringify(args.template)} rendered`, report),
      ].join('\n');
      return answer(text, { render, checks: report });
    },
  );
}

function describeReport(title: string, report: ChecksReport): string {
  const { problems, warnings } = report.summary;
  const issue = (severity: 'problem' | 'warning') =>
    report.issues
      .filter((item) => item.severity === severity)
      .map(
        (item) =>
          `- [${item.check}] ${item.code} (${item.where}${item.line === null ? '' : ` line ${item.line}`}): ${item.message}`,
      );
  const clients = [...report.compatibility.clients]
    .sort((a, b) => a.score - b.score)
    .slice(0, SHOWN_CLIENTS)
    .map((client) => `${client.client} ${client.score}`);
  return [
    `${title}: ${plural(problems, 'problem')}, ${plural(warnings, 'warning')}.`,
    ...(problems === 0 ? [] : ['Problems:', ...issue('problem')]),
    ...(warnings === 0 ? [] : ['Warnings:', ...issue('warning')]),
    ...(clients.length === 0 ? [] : [`Lowest client support scores (of 100): ${clients.join(', ')}`]),
  ].join('\n');
}
