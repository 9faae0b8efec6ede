import { z } from 'zod';
import type { ChecksReport as DomainChecksReport } from '../../checks/report.js';
import type { SameType } from './same-type.js';

const CheckIssue = z
  .object({
    check: z.enum(['compatibility', 'links', 'content']),
    code: z
      .string()
      .describe('Stable: placeholder, link-emulator, link-insecure, missing-date, feature:display:flex...'),
    severity: z
      .enum(['problem', 'warning'])
      .describe('A problem is wrong for every reader and counts for has:problems.'),
    message: z.string(),
    where: z.enum(['subject', 'html', 'text', 'headers']),
    line: z.int().nullable().describe('1-based line of the HTML or text; null for the subject and headers.'),
  })
  .meta({ id: 'CheckIssue' });

export const ChecksReport = z
  .object({
    summary: z.object({ problems: z.int(), warnings: z.int() }),
    issues: z.array(CheckIssue),
    compatibility: z.object({
      source: z.object({ package: z.string(), data_updated: z.string().describe("The caniemail data's date.") }),
      clients: z.array(
        z.object({ client: z.string(), family: z.string(), platform: z.string(), score: z.int().min(0).max(100) }),
      ),
      features: z.array(
        z.object({
          feature: z.string(),
          kind: z
            .enum(['element', 'attribute', 'css', 'selector', 'at-rule'])
            .describe("What kind of feature, from caniemail's title: the Checks tab groups warnings by it."),
          lines: z.array(z.int()),
          unsupported: z.array(z.string()),
          partial: z.array(z.string()),
          notes: z.array(z.string()),
        }),
      ),
    }),
    links: z.array(
      z.object({
        attribute: z.enum(['href', 'src']),
        url: z.string(),
        line: z.int(),
        emulator: z
          .boolean()
          .describe("One of this emulator's pages (confirm, unsubscribe, preferences, webview), resolved offline."),
        problems: z.array(z.string()).describe('`code: explanation` of each problem this link has.'),
        warnings: z
          .array(z.string())
          .describe('`code: explanation` of each warning (link-insecure: an http: link, which works).'),
        online: z
          .object({ status: z.int().nullable(), error: z.string().nullable(), skipped: z.string().nullable() })
          .nullable()
          .describe(
            'With --check-links online: what its request found (status, or why none: error, or why it was not asked: skipped). Null when not requested.',
          ),
      }),
    ),
  })
  .meta({ id: 'ChecksReport' });

export type ChecksReport = z.output<typeof ChecksReport>;
export type CheckIssue = z.output<typeof CheckIssue>;

// The checks' own type (checks/report.ts, a domain room without zod) is the shape this schema documents.
true satisfies SameType<ChecksReport, DomainChecksReport>;
