/**
 * What the real clients' requests get back (real-clients.test.ts, real-clients-records.test.ts): the rows of
 * test/fixtures as Mailcoach's resources show them, byte for byte, Laravel's paginated list around them
 * (docs/spec/mailcoach-reference.md#17-pagination-all-list-endpoints-in-scope), and the error texts.
 */
import { expect } from 'vitest';
import { php, sendResource } from './expected.js';
import type { Reply } from './real-clients.js';

export interface Suppression {
  uuid: string;
  email: string;
  reason: string;
  created_at: string;
  updated_at: string;
}

const fixtureSuppression = (uuid: string, email: string, reason: string, at: string): Suppression => ({
  uuid,
  email,
  reason,
  created_at: at,
  updated_at: at,
});
export const JANE = fixtureSuppression(
  '4a1c2d9e-7b3f-4c11-9a55-0f2e6b1d8c70',
  'jane@example.com',
  'manual',
  '2025-03-02T10:15:00.000000Z',
);
export const BOUNCED = fixtureSuppression(
  '5b2d3e0f-8c4a-4d22-8b66-1a3f7c2e9d81',
  'bounced@example.com',
  'hard_bounce',
  '2025-03-01T09:00:00.000000Z',
);
export const COMPLAINER = fixtureSuppression(
  '6c3e4f1a-9d5b-4e33-9c77-2b4a8d3f0e92',
  'complainer@example.org',
  'spam_complaint',
  '2025-03-03T11:30:00.000000Z',
);

const PER_PAGE = 15;

export interface ListOptions {
  total: number;
  page?: number;
  metaLinks?: boolean;
}

/** Laravel's paginated resource collection (docs/spec/mailcoach-reference.md#17-pagination-all-list-endpoints-in-scope) at `origin` (the host the client used); `meta.links` only where the emulator shows it (sends). */
export function laravelList(origin: string, path: string, data: unknown[], options: ListOptions): string {
  const page = options.page ?? 1;
  const base = `${origin}${path}`;
  const url = (n: number) => `${base}?page=${n}`;
  const lastPage = Math.max(Math.ceil(options.total / PER_PAGE), 1);
  const from = data.length > 0 ? (page - 1) * PER_PAGE + 1 : null;
  const metaLinks = [
    { url: page > 1 ? url(page - 1) : null, label: '&laquo; Previous', active: false },
    ...Array.from({ length: lastPage }, (_, i) => ({ url: url(i + 1), label: String(i + 1), active: i + 1 === page })),
    { url: page < lastPage ? url(page + 1) : null, label: 'Next &raquo;', active: false },
  ];
  return php({
    data,
    links: {
      first: url(1),
      last: url(lastPage),
      prev: page > 1 ? url(page - 1) : null,
      next: page < lastPage ? url(page + 1) : null,
    },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      ...(options.metaLinks ? { links: metaLinks } : {}),
      path: base,
      per_page: PER_PAGE,
      to: from === null ? null : from + data.length - 1,
      total: options.total,
    },
  });
}

export const SEND_WELCOME = sendResource({
  uuid: '9b0f5c1e-3d7a-4f2b-8e61-2c4d5a6b7c8d',
  transport_message_id: '3f2a9c8d7e6b5a4f3e2d1c0b9a8f7e6d@example.com',
  transactional_mail_log_item_uuid: '1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6',
  sent_at: '2025-03-02T10:15:00.000000Z',
  created_at: '2025-03-02T10:15:00.000000Z',
  updated_at: '2025-03-02T10:15:00.000000Z',
});
export const SEND_INVOICE = sendResource({
  uuid: '8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d',
  transport_message_id: 'aa11bb22cc33dd44ee55ff6677889900@example.com',
  transactional_mail_log_item_uuid: '2f3e4d5c-6b7a-4899-8a1b-d2e3f4a5b6c7',
  sent_at: '2025-03-03T10:15:00.000000Z',
  open_count: 2,
  first_opened_at: '2025-03-03T11:00:00.000000Z',
  last_opened_at: '2025-03-03T12:30:00.000000Z',
  created_at: '2025-03-03T10:15:00.000000Z',
  updated_at: '2025-03-03T10:15:00.000000Z',
});
export const SEND_CAMPAIGN = sendResource({
  uuid: '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a',
  campaign_uuid: 'c0ffee00-1234-4abc-9def-0123456789ab',
  subscriber_uuid: '5ab5c71b-0000-4000-8000-000000000000',
  failed_at: '2025-03-04T08:00:00.000000Z',
  failure_reason: 'Connection refused',
  created_at: '2025-03-04T08:00:00.000000Z',
  updated_at: '2025-03-04T08:00:00.000000Z',
});

export const TEMPLATE_WELCOME = {
  uuid: '7c6b5a49-3827-4615-a4b3-c2d1e0f9a8b7',
  name: 'welcome',
  to: null,
  cc: null,
  bcc: null,
  subject: 'Welcome ::first_name::',
  html: '<p>Hello {{ first_name }}</p>',
  store_mail: false,
  created_at: '2025-02-01T08:00:00.000000Z',
};
export const TEMPLATE_RESET = {
  uuid: 'a1f0c2d3-4b5e-4f60-8a7b-9c0d1e2f3a4b',
  name: 'password-reset',
  to: [],
  cc: [],
  bcc: [],
  subject: 'Reset your password',
  html: '# Reset\n\nCode: **::code::**',
  store_mail: true,
  created_at: '2025-02-02T08:00:00.000000Z',
};
export const TEMPLATE_SHIPPED = {
  uuid: 'b2e1d3c4-5a6f-4071-9b8c-0d1e2f3a4b5c',
  name: 'Order-Shipped',
  to: ['warehouse@example.com'],
  cc: ['sales@example.com', 'ops@example.com'],
  bcc: [],
  subject: 'Your order has shipped',
  html: '<mjml><mj-body><mj-section><mj-column><mj-text>Shipped ::order::</mj-text></mj-column></mj-section></mj-body></mjml>',
  store_mail: false,
  created_at: '2025-02-03T08:00:00.000000Z',
};

export const LOG_WELCOME = {
  uuid: '1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6',
  subject: 'Welcome Jane',
  from: [{ name: 'Your app', email: 'hello@example.com' }],
  to: [{ name: '', email: 'jane@example.com' }],
  cc: [],
  bcc: [],
  body: '<html><body><p>Hi</p></body></html>',
  html: '<html><body><p>Hi</p></body></html>',
  created_at: '2025-03-02T10:15:00.000000Z',
};
export const LOG_INVOICE = {
  uuid: '2f3e4d5c-6b7a-4899-8a1b-d2e3f4a5b6c7',
  subject: 'Invoice 42 / March',
  from: [{ name: 'Billing', email: 'billing@example.com' }],
  to: [
    { name: '', email: 'bob@example.com' },
    { name: 'Carol', email: 'carol@example.com' },
  ],
  cc: [{ name: '', email: 'accounts@example.com' }],
  bcc: [],
  body: 'Your invoice is attached.',
  html: 'Your invoice is attached.',
  created_at: '2025-03-03T10:15:00.000000Z',
};

export const REQUIRED = '{"message":"The given data was invalid.","errors":{"email":["The email field is required."]}}';
export const INVALID =
  '{"message":"The given data was invalid.","errors":{"email":["The email field must be a valid email address."]}}';
export const SUPPRESSION_CLASS = 'Spatie\\Mailcoach\\Domain\\Audience\\Models\\Suppression';

export function expectJson(reply: Reply, status: number, body: string): void {
  expect(reply.status).toBe(status);
  expect(reply.headers['content-type']).toBe('application/json');
  expect(reply.text).toBe(body);
}
