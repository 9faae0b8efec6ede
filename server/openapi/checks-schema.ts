/** The checks report's schema (server/checks/report.ts; README "Mail checks"), for document.ts. */
type Schema = Record<string, unknown>;

const strings: Schema = { type: 'array', items: { type: 'string' } };
const object = (properties: Record<string, Schema>): Schema => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
});

export const checkIssueSchema = object({
  check: { type: 'string', enum: ['compatibility', 'links', 'content'] },
  code: {
    type: 'string',
    description: 'Stable: placeholder, link-emulator, link-insecure, missing-date, feature:display:flex...',
  },
  severity: {
    type: 'string',
    enum: ['problem', 'warning'],
    description: 'A problem is wrong for every reader and counts for has:problems.',
  },
  message: { type: 'string' },
  where: { type: 'string', enum: ['subject', 'html', 'text', 'headers'] },
  line: {
    type: ['integer', 'null'],
    description: '1-based line of the HTML or text; null for the subject and headers.',
  },
});

export const checksReportSchema = object({
  summary: object({ problems: { type: 'integer' }, warnings: { type: 'integer' } }),
  issues: { type: 'array', items: { $ref: '#/components/schemas/CheckIssue' } },
  compatibility: object({
    source: object({
      package: { type: 'string' },
      data_updated: { type: 'string', description: "The caniemail data's date." },
    }),
    clients: {
      type: 'array',
      items: object({
        client: { type: 'string' },
        family: { type: 'string' },
        platform: { type: 'string' },
        score: { type: 'integer', minimum: 0, maximum: 100 },
      }),
    },
    features: {
      type: 'array',
      items: object({
        feature: { type: 'string' },
        lines: { type: 'array', items: { type: 'integer' } },
        unsupported: strings,
        partial: strings,
        notes: strings,
      }),
    },
  }),
  links: {
    type: 'array',
    items: object({
      attribute: { type: 'string', enum: ['href', 'src'] },
      url: { type: 'string' },
      line: { type: 'integer' },
      emulator: {
        type: 'boolean',
        description: "One of this emulator's pages (confirm, unsubscribe, preferences, webview), resolved offline.",
      },
      problems: strings,
      online: {
        type: ['object', 'null'],
        description:
          'With --check-links online: what its request found (status, or why none: error, or why it was not asked: skipped). Null when not requested.',
        required: ['status', 'error', 'skipped'],
        properties: {
          status: { type: ['integer', 'null'] },
          error: { type: ['string', 'null'] },
          skipped: { type: ['string', 'null'] },
        },
      },
    }),
  },
});
