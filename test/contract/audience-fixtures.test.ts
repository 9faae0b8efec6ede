/**
 * The audience in fixtures (fixtures/README.md "email_lists", "campaign_templates"; decisions.md, last section):
 * the bundled audience is served after a start and put back by a reset, a restart on the same database adds
 * nothing, POST /_emulator/seed takes the same format, and a bad audience file stops the CLI naming
 * `file:line:column` and the field.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, type FixtureFile } from '../../server/testing/index.js';
import { ROOT, spawnEmulator, useEmulator, type SpawnedEmulator } from '../support/emulator-process.js';
import { apiClient } from '../support/http.js';

const BUNDLED = join(ROOT, 'fixtures');
const NEWSLETTER = '197fa091-463b-4b00-8cb3-fee1b7c2d1bd';
const PRODUCT_UPDATES = 'f786787b-50d0-4e01-8e5a-04a6e5f7ebb2';
const scratch = mkdtempSync(join(tmpdir(), 'mce-audience-fixtures-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let dirs = 0;
function fixtureDir(files: Record<string, unknown>): string {
  const dir = join(scratch, `fixtures-${++dirs}`);
  mkdirSync(dir);
  for (const [name, content] of Object.entries(files))
    writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return dir;
}

/** Every audience row a client can read: lists, and per list its subscribers, tags and segments; campaign templates. */
async function audience(emulator: SpawnedEmulator) {
  const api = apiClient(emulator.url, emulator.token);
  const data = async (path: string) => {
    const res = await api.get(path);
    expect(res.status, `${path}: ${res.text}`).toBe(200);
    return res.json().data as any[];
  };
  const lists = await data('/api/email-lists');
  const perList = await Promise.all(
    lists.map(async (list) => ({
      list,
      subscribers: await data(`/api/email-lists/${list.uuid}/subscribers?sort=email`),
      tags: await data(`/api/email-lists/${list.uuid}/tags`),
      segments: await data(`/api/email-lists/${list.uuid}/segments`),
    })),
  );
  return { lists: perList, templates: await data('/api/templates') };
}

describe('the bundled audience', () => {
  const emulator = useEmulator({ fixtures: BUNDLED });

  it('is served after a start, and a reset puts it back as it was', async () => {
    const seeded = await audience(emulator());
    const [newsletter, updates] = seeded.lists;
    expect(
      seeded.lists.map(({ list }) => [list.uuid, list.name, list.requires_confirmation, list.active_subscribers_count]),
    ).toEqual([
      [NEWSLETTER, 'Newsletter', false, 4],
      [PRODUCT_UPDATES, 'Product updates', true, 1],
    ]);
    expect(
      newsletter?.subscribers.map((s) => [s.email, s.tags, s.subscribed_at !== null, s.unsubscribed_at !== null]),
    ).toEqual([
      ['bounced@example.com', [], true, false],
      ['jane@example.com', ['customer', 'vip'], true, false],
      ['john@example.com', ['customer'], true, false],
      ['lee@example.com', ['customer'], true, true],
      ['priya@example.com', ['trial'], true, false],
    ]);
    expect(newsletter?.subscribers.find((s) => s.email === 'jane@example.com')?.extra_attributes).toEqual({
      plan: 'pro',
      company: 'Doe & Co',
    });
    expect(newsletter?.tags.map((tag) => tag.name)).toEqual(['customer', 'trial', 'vip']);
    expect(newsletter?.segments.map((segment) => [segment.uuid, segment.name])).toEqual([
      ['c04b1732-782c-41fb-a598-a83321385114', 'VIP customers'],
    ]);
    expect(updates?.list.default_reply_to_email).toBe('support@example.com');
    expect(updates?.subscribers.map((s) => [s.email, s.subscribed_at])).toEqual([
      ['jane@example.com', '2025-01-06T10:35:00.000000Z'],
      ['maria@example.com', null],
    ]);
    const html = readFileSync(join(BUNDLED, 'campaign-templates/newsletter.html'), 'utf8');
    expect(seeded.templates.map((t) => [t.uuid, t.name, t.html, t.fields])).toEqual([
      [
        '82c2401c-fc85-4559-ae1b-ceed57eab86d',
        'Acme newsletter',
        html,
        [
          { name: 'title', type: 'text' },
          { name: 'content', type: 'editor' },
        ],
      ],
    ]);

    // What a test run does to it...
    const api = apiClient(emulator().url, emulator().token);
    const jane = newsletter?.subscribers.find((s) => s.email === 'jane@example.com');
    expect((await api.post(`/api/subscribers/${jane.uuid}/unsubscribe`)).status).toBe(204);
    expect((await api.delete(`/api/email-lists/${PRODUCT_UPDATES}`)).status).toBe(204);
    expect((await api.post('/api/templates', { json: { name: 'Scratch' } })).status).toBe(201);
    // ...is undone by a reset: with sequential ids and one workspace, down to the generated uuids.
    await createClient({ url: emulator().url, token: emulator().token }).reset();
    expect(await audience(emulator())).toEqual(seeded);
  });
});

describe('restarting on the same database', () => {
  it('adds nothing, and keeps what the API changed', async () => {
    const dbPath = join(scratch, 'restart.sqlite');
    const first = await spawnEmulator({ fixtures: BUNDLED, dbPath });
    let before: Awaited<ReturnType<typeof audience>>;
    try {
      before = await audience(first);
      const jane = before.lists[0]?.subscribers.find((s) => s.email === 'jane@example.com');
      expect((await apiClient(first.url, first.token).post(`/api/subscribers/${jane.uuid}/unsubscribe`)).status).toBe(
        204,
      );
    } finally {
      await first.stop();
    }
    const second = await spawnEmulator({ fixtures: BUNDLED, dbPath });
    try {
      const after = await audience(second);
      expect(after.lists.map((l) => l.subscribers.length)).toEqual(before.lists.map((l) => l.subscribers.length));
      expect(after.lists.map((l) => l.tags.map((tag) => tag.uuid))).toEqual(
        before.lists.map((l) => l.tags.map((tag) => tag.uuid)),
      );
      expect(after.templates).toEqual(before.templates);
      expect(after.lists[0]?.subscribers.find((s) => s.email === 'jane@example.com')?.unsubscribed_at).not.toBeNull();
    } finally {
      await second.stop();
    }
  });
});

describe('POST /_emulator/seed with an audience', () => {
  const emulator = useEmulator({ fixtures: null });
  const client = () => createClient({ url: emulator().url, token: emulator().token });
  const document = {
    email_lists: [
      {
        name: 'Seeded',
        default_from_email: 'seed@acme.test',
        requires_confirmation: true,
        tags: [{ name: 'vip', visible_in_preferences: true }],
        subscribers: [
          { email: 'A@Example.com', tags: ['vip', 'new'] },
          { email: 'b@example.com', status: 'unconfirmed' },
        ],
        segments: [{ name: 'Not new', negative_tags: ['new'] }],
      },
    ],
    campaign_templates: [{ name: 'Plain' }],
  } satisfies FixtureFile;

  it('answers the counts, adds nothing the second time, and the rows are what the API would have made', async () => {
    const counts = {
      templates: 0,
      suppressions: 0,
      transactional_mails: 0,
      sends: 0,
      email_lists: 1,
      subscribers: 2,
      campaign_templates: 1,
      automations: 0,
      campaigns: 0,
      webhooks: 0,
    };
    expect(await client().seed(document)).toEqual(counts);
    expect(await client().seed(document)).toEqual(counts);
    const { lists, templates } = await audience(emulator());
    expect(lists).toHaveLength(1);
    expect(lists[0]?.subscribers.map((s) => [s.email, s.tags, s.subscribed_at === null])).toEqual([
      ['a@example.com', ['new', 'vip'], false],
      ['b@example.com', [], true],
    ]);
    expect(lists[0]?.tags.map((tag) => tag.name)).toEqual(['new', 'vip']);
    // Without html, the default page of CreateTemplateAction (docs/spec/mailcoach-audience-campaigns.md#6-campaign-templates-apitemplates).
    expect(templates.map((t) => [t.name, t.fields])).toEqual([['Plain', [{ name: 'content', type: 'editor' }]]]);
  });

  it('refuses a segment tag the list does not have and an html_file, by field', async () => {
    const res = await apiClient(emulator().url, emulator().token).post('/_emulator/seed', {
      json: {
        email_lists: [
          { name: 'L', default_from_email: 'l@acme.test', segments: [{ name: 'S', positive_tags: ['ghost'] }] },
        ],
        campaign_templates: [{ name: 'T', html_file: 't.html' }],
      },
    });
    expect(res.status).toBe(422);
    expect(res.json().errors).toEqual({
      'email_lists.0.segments.0.positive_tags.0': [
        '"ghost" is not a tag of this list (declare it in the list\'s tags, or give it to a subscriber)',
      ],
      'campaign_templates.0.html_file': ['html_file "t.html" cannot be read through the API: give the html inline.'],
    });
  });
});

describe('a bad audience fixture file', () => {
  it('stops the CLI with every problem as file:line:column, field and reason', async () => {
    const dir = fixtureDir({
      'fields.json': {
        email_lists: [
          {
            name: 'News',
            default_from_email: 'not-an-address',
            subscribers: [
              { email: 'a@example.com', status: 'pending' },
              { email: 'b@example.com', status: 'unconfirmed', subscribed_at: '2025-01-01T00:00:00Z' },
            ],
          },
        ],
      },
      'references.json': {
        email_lists: [
          { name: 'Weekly', default_from_email: 'weekly@example.com' },
          {
            name: 'Weekly',
            default_from_email: 'news@example.com',
            segments: [{ name: 'S', negative_tags: ['ghost'] }],
          },
        ],
        campaign_templates: [{ name: 'T', html_file: 'missing.html' }],
      },
    });
    const started = spawnEmulator({ fixtures: dir, dbPath: join(scratch, 'bad.sqlite') });
    await expect(started).rejects.toThrow(/emulator exited with 1/);
    const output = await started.catch((error: Error) => error.message);
    const at = (file: string, needle: string) =>
      `${escapeRegExp(join(dir, file))}:${positionOf(readFileSync(join(dir, file), 'utf8'), needle)}: `;
    expect(output).toMatch(
      new RegExp(
        `${at('fields.json', '"not-an-address"')}email_lists\\[0\\]\\.default_from_email: must be a valid email address`,
      ),
    );
    expect(output).toMatch(
      new RegExp(
        `${at('fields.json', '"pending"')}email_lists\\[0\\]\\.subscribers\\[0\\]\\.status: Invalid option: expected one of "subscribed"\\|"unconfirmed"\\|"unsubscribed"`,
      ),
    );
    expect(output).toMatch(
      new RegExp(
        `${at('fields.json', '"2025-01-01T00:00:00Z"')}email_lists\\[0\\]\\.subscribers\\[1\\]\\.subscribed_at: an unconfirmed subscriber has no subscribed_at`,
      ),
    );
    expect(output).toMatch(
      new RegExp(
        `${at('references.json', '"ghost"')}email_lists\\[1\\]\\.segments\\[0\\]\\.negative_tags\\[0\\]: "ghost" is not a tag of this list`,
      ),
    );
    expect(output).toMatch(
      new RegExp(
        `:\\d+:\\d+: duplicate email list name "Weekly" \\(also in ${escapeRegExp(join(dir, 'references.json'))}\\)`,
      ),
    );
    expect(output).toMatch(
      new RegExp(
        `${at('references.json', '"missing.html"')}campaign_templates\\[0\\]\\.html_file: cannot read "missing\\.html"`,
      ),
    );
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `line:column` (from 1) of the first occurrence of `needle`. */
function positionOf(text: string, needle: string): string {
  const offset = text.indexOf(needle);
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${(before.at(-1)?.length ?? 0) + 1}`;
}
