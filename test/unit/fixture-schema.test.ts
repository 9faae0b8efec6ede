/**
 * The fixture format's checks without HTTP (server/fixtures/schema.ts, zod.ts): zod/mini with the English
 * messages the CLI and the seed endpoint show (zod/mini alone would say "Invalid input" for everything), the
 * defaults filled in, and the schema built once, on first use. Also where the package root is found
 * (server/config.ts), which the bundle in dist/bundle relies on.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledFixturesDir, packageRoot } from '../../server/config.js';
import { fixtureFile } from '../../server/fixtures/schema.js';
import { lazySchema } from '../../server/fixtures/zod.js';

const messages = (document: unknown) => {
  const result = fixtureFile().safeParse(document);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the fixture schema', () => {
  it('explains each problem in English, by field', () => {
    expect(
      messages({
        templates: [{ name: 'a', type: 'htm', body: 'x', subjct: 'Hi' }],
        suppressions: [{ email: 'not-an-address', reason: 'bounced' }],
        sends: [{ uuid: '00000000-0000-4000-8000-000000000001', open_count: -1 }],
      }),
    ).toEqual([
      'templates.0.type: Invalid option: expected one of "html"|"markdown"|"mjml"|"blade"',
      'templates.0: Unrecognized key: "subjct"',
      'suppressions.0.email: must be a valid email address',
      'suppressions.0.reason: Invalid option: expected one of "hard_bounce"|"spam_complaint"|"manual"',
      'sends.0.open_count: Too small: expected number to be >=0',
    ]);
  });

  it('takes ISO 8601 timestamps of real dates only', () => {
    const at = (created_at: string) => messages({ suppressions: [{ email: 'a@example.com', created_at }] });
    expect(at('2025-02-28T10:00:00Z')).toEqual([]);
    expect(at('2025-02-28')).toEqual([]);
    // Date.parse() took these: 2025-02-30 as 2 March, and prose dates.
    for (const value of ['2025-02-30', '2025-02-30T10:00:00Z', 'March 7, 2025', '2025-03-01T25:00:00Z']) {
      expect(at(value), value).toEqual(['suppressions.0.created_at: must be an ISO 8601 date or date-time']);
    }
  });

  it('asks for exactly one of body and body_file, once the fields themselves are valid', () => {
    expect(messages({ templates: [{ name: 'a', type: 'html' }] })).toEqual([
      'templates.0.body: give exactly one of body and body_file',
    ]);
  });

  it('fills in the defaults', () => {
    const result = fixtureFile().parse({
      templates: [{ name: 'a', type: 'html', body: '<p>x</p>' }],
      suppressions: [{ email: 'a@example.com' }],
    });
    expect(result).toEqual({
      templates: [
        { name: 'a', type: 'html', body: '<p>x</p>', subject: '', to: [], cc: [], bcc: [], store_mail: false },
      ],
      suppressions: [{ email: 'a@example.com', reason: 'manual' }],
      transactional_mails: [],
      sends: [],
      email_lists: [],
      campaign_templates: [],
      automations: [],
      campaigns: [],
      webhooks: [],
    });
  });

  it("fills in an audience's defaults and keeps a subscriber's status and timestamps in agreement", () => {
    const result = fixtureFile().parse({
      email_lists: [
        {
          name: 'News',
          default_from_email: 'news@example.com',
          subscribers: [{ email: 'a@example.com' }],
          tags: [{ name: 'vip' }],
          segments: [{ name: 'S' }],
        },
      ],
      campaign_templates: [{ name: 'T' }],
    });
    expect(result.email_lists[0]).toMatchObject({
      default_from_name: null,
      requires_confirmation: false,
      campaign_mailer: null,
      report_recipients: null,
      extra_attributes: {},
      subscribers: [
        {
          email: 'a@example.com',
          first_name: null,
          last_name: null,
          extra_attributes: {},
          tags: [],
          status: 'subscribed',
        },
      ],
      tags: [{ name: 'vip', type: 'default', visible_in_preferences: false }],
      segments: [
        {
          name: 'S',
          positive_tags: [],
          negative_tags: [],
          all_positive_tags_required: false,
          all_negative_tags_required: false,
        },
      ],
    });
    expect(result.campaign_templates).toEqual([{ name: 'T', structured_html: null }]);
    expect(
      messages({
        email_lists: [
          {
            name: 'News',
            default_from_email: 'news@example.com',
            default_reply_to_email: 'a@example.com, nope',
            subscribers: [{ email: 'a@example.com', status: 'subscribed', unsubscribed_at: '2025-01-01' }],
          },
        ],
        campaign_templates: [{ name: 'T', html: '<p>x</p>', html_file: 't.html' }],
      }),
    ).toEqual([
      'email_lists.0.default_reply_to_email: must be email addresses separated by commas',
      'email_lists.0.subscribers.0.unsubscribed_at: only an unsubscribed subscriber has an unsubscribed_at',
      'campaign_templates.0.html: give html or html_file, not both',
    ]);
  });

  it('is built once, on first use', () => {
    let builds = 0;
    const schema = lazySchema(() => ({ build: ++builds }));
    expect(builds).toBe(0);
    expect(schema()).toBe(schema());
    expect(builds).toBe(1);
    expect(fixtureFile()).toBe(fixtureFile());
  });
});

describe('packageRoot', () => {
  it("is the directory of this package's package.json, with the bundled fixtures beside it", () => {
    const manifest = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { name: string };
    expect(manifest.name).toBe('mailcoach-emulator');
    expect(bundledFixturesDir()).toBe(join(packageRoot(), 'fixtures'));
    expect(existsSync(bundledFixturesDir())).toBe(true);
  });
});
