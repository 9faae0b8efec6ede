/**
 * Seeds a benchmark database through the project's own store, and keeps an in-memory copy of what it wrote so
 * that the benchmark can check every page the server returns against an independent computation.
 *
 * The data is deterministic (a seeded PRNG), so runs are comparable: distinct emails with a realistic domain mix
 * (a few percent capitalised, to exercise case-insensitive search), the three suppression reasons mixed,
 * timestamps spread over a year independently of insertion order, and sends of which ~1/4 belong to a handful of
 * campaigns and the rest to transactional log items, with a few percent never sent (null sent_at).
 */
import type { LogItemRow, SendRow, SuppressionReason, SuppressionRow, TemplateRow } from '../../server/db/rows.js';
import type { Store } from '../../server/db/store.js';

export interface SeedCounts {
  suppressions: number;
  sends: number;
  templates: number;
  logItems: number;
  /** Suppressions and sends (each) in a second workspace, 'other'; the server lists 'default'. */
  otherWorkspace: number;
  /** Subscribers of one email list (the target: its lists under 5 ms at 100,000). */
  subscribers: number;
}

interface SeededSubscriber {
  id: number;
  uuid: string;
  email: string;
  created_at: number;
  status: 'subscribed' | 'unsubscribed' | 'unconfirmed';
  tagged: boolean;
}

export interface SeededData {
  workspaceId: number;
  suppressions: SuppressionRow[];
  sends: SendRow[];
  templates: TemplateRow[];
  logItems: LogItemRow[];
  campaignUuids: string[];
  listUuid: string;
  subscribers: SeededSubscriber[];
  /** Every log item uuid the sends point at, in order; the first `logItems` of them exist as log items. */
  logItemUuids: string[];
}

const YEAR_START = Date.UTC(2024, 6, 1) / 1000;
const YEAR = 365 * 24 * 3600;

const FIRST_NAMES = [
  'olivia',
  'liam',
  'emma',
  'noah',
  'amelia',
  'oliver',
  'sophia',
  'elijah',
  'charlotte',
  'james',
  'ava',
  'william',
  'mia',
  'benjamin',
  'harper',
  'lucas',
  'evelyn',
  'henry',
  'luna',
  'theodore',
  'camila',
  'jack',
  'gianna',
  'levi',
  'elizabeth',
  'alexander',
  'eleanor',
  'jackson',
  'ella',
  'mateo',
  'abigail',
  'daniel',
  'sofia',
  'michael',
  'avery',
  'mason',
  'scarlett',
  'sebastian',
  'emily',
  'ethan',
  'aria',
  'logan',
  'penelope',
  'owen',
  'chloe',
  'samuel',
];
const LAST_NAMES = [
  'smith',
  'johnson',
  'williams',
  'brown',
  'jones',
  'garcia',
  'miller',
  'davis',
  'rodriguez',
  'martinez',
  'hernandez',
  'lopez',
  'gonzalez',
  'wilson',
  'anderson',
  'thomas',
  'taylor',
  'moore',
  'jackson',
  'martin',
  'lee',
  'perez',
  'thompson',
  'white',
  'harris',
  'sanchez',
  'clark',
  'ramirez',
  'lewis',
  'robinson',
  'walker',
  'young',
  'allen',
  'king',
  'wright',
  'scott',
  'torres',
  'nguyen',
  'hill',
  'flores',
  'green',
  'adams',
  'nelson',
  'baker',
  'hall',
];
/** [domain, weight]: the big mailbox providers dominate, then a long tail of company domains. */
const DOMAINS: Array<[string, number]> = [
  ['gmail.com', 30],
  ['yahoo.com', 9],
  ['outlook.com', 8],
  ['hotmail.com', 6],
  ['icloud.com', 5],
  ['gmx.de', 3],
  ...Array.from({ length: 39 }, (_, i): [string, number] => [`company${i + 1}.example`, 1]),
];
/**
 * A few internationalised local parts. LIKE folds ASCII letters only, so 'kate' must not find the Kelvin sign
 * U+212A's variant nor 'irem' find 'İrem', although Unicode case folding would: they check that searches keep
 * LIKE's semantics exactly.
 */
export const UNICODE_NAMES = ['\u212aate', 'İrem', 'jürgen', 'ZOË', 'émile', 'Kate', 'straße'];
const DOMAIN_TOTAL = DOMAINS.reduce((sum, [, weight]) => sum + weight, 0);

/** mulberry32: small, fast and good enough for test data. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function uuidFrom(random: () => number): string {
  const hex8 = () =>
    Math.floor(random() * 0x100000000)
      .toString(16)
      .padStart(8, '0');
  const [a, b, c, d] = [hex8(), hex8(), hex8(), hex8()];
  const variant = ((Number.parseInt(c[0]!, 16) & 0x3) | 0x8).toString(16);
  return `${a}-${b.slice(0, 4)}-4${b.slice(5)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
}

function domain(random: () => number): string {
  let r = random() * DOMAIN_TOTAL;
  for (const [name, weight] of DOMAINS) {
    r -= weight;
    if (r < 0) return name;
  }
  return DOMAINS[0]![0];
}

function reason(random: () => number): SuppressionReason {
  const r = random();
  return r < 0.6 ? 'hard_bounce' : r < 0.75 ? 'spam_complaint' : 'manual';
}

export function seed(store: Store, counts: SeedCounts): SeededData {
  const random = prng(20250301);
  return store.transaction(() => {
    const { id: workspaceId } = store.ensureWorkspace('default', YEAR_START);

    const suppressions: SuppressionRow[] = [];
    for (let i = 0; i < counts.suppressions; i++) {
      let local = `${pick(random, FIRST_NAMES)}.${pick(random, LAST_NAMES)}.${i.toString(36)}`;
      if (random() < 0.05) local = local[0]!.toUpperCase() + local.slice(1);
      if (i % 997 === 500) local = `${UNICODE_NAMES[Math.floor(i / 997) % UNICODE_NAMES.length]}.${i.toString(36)}`;
      const createdAt = YEAR_START + Math.floor(random() * YEAR);
      suppressions.push(
        store.suppressions.insert({
          workspace_id: workspaceId,
          uuid: uuidFrom(random),
          email: `${local}@${domain(random)}`,
          reason: reason(random),
          origin: 'api',
          created_at: createdAt,
          updated_at: createdAt,
        }),
      );
    }

    const campaignUuids = Array.from({ length: 5 }, () => uuidFrom(random));
    const subscriberUuids = Array.from({ length: 20_000 }, () => uuidFrom(random));
    const logItemUuids: string[] = [];
    const sends: SendRow[] = [];
    for (let i = 0; i < counts.sends; i++) {
      const isCampaign = random() < 0.25;
      let logItemUuid: string | null = null;
      if (!isCampaign) {
        // Most log items have one send, some have two (several recipients' worth of the same mail).
        if (logItemUuids.length === 0 || random() < 0.8) logItemUuids.push(uuidFrom(random));
        logItemUuid = logItemUuids.at(-1)!;
      }
      const createdAt = YEAR_START + Math.floor(random() * YEAR);
      const neverSent = random() < 0.03;
      const sentAt = neverSent ? null : createdAt + Math.floor(random() * 120);
      const opens = random() < 0.4 ? 1 + Math.floor(random() * 5) : 0;
      const clicks = opens > 0 && random() < 0.3 ? 1 + Math.floor(random() * 3) : 0;
      sends.push(
        store.sends.insert({
          workspace_id: workspaceId,
          uuid: uuidFrom(random),
          transport_message_id: sentAt === null ? null : `<${uuidFrom(random)}@mail.example>`,
          campaign_uuid: isCampaign ? pick(random, campaignUuids) : null,
          automation_mail_uuid: null,
          transactional_mail_log_item_uuid: logItemUuid,
          subscriber_uuid: isCampaign ? pick(random, subscriberUuids) : null,
          sent_at: sentAt,
          failed_at: neverSent ? createdAt + 5 : null,
          failure_reason: neverSent ? 'Connection refused' : null,
          open_count: opens,
          click_count: clicks,
          first_opened_at: opens > 0 ? (sentAt ?? createdAt) + 600 : null,
          last_opened_at: opens > 0 ? (sentAt ?? createdAt) + 3600 : null,
          first_clicked_at: clicks > 0 ? (sentAt ?? createdAt) + 700 : null,
          last_clicked_at: clicks > 0 ? (sentAt ?? createdAt) + 3700 : null,
          created_at: createdAt,
          updated_at: sentAt ?? createdAt,
        }),
      );
    }

    const templates: TemplateRow[] = [];
    for (let i = 0; i < counts.templates; i++) {
      const createdAt = YEAR_START + i * 3600;
      templates.push(
        store.templates.insert({
          workspace_id: workspaceId,
          uuid: uuidFrom(random),
          name: `template-${i + 1}`,
          label: `Template ${i + 1}`,
          type: 'html',
          subject: `Subject ${i + 1}`,
          body: `<p>Hello {{ name }}, this is template ${i + 1}.</p>`,
          from_address: 'shop@example.com',
          to_json: null,
          cc_json: null,
          bcc_json: null,
          store_mail: 1,
          created_at: createdAt,
          updated_at: createdAt,
        }),
      );
    }

    const logItems: LogItemRow[] = [];
    for (let i = 0; i < Math.min(counts.logItems, logItemUuids.length); i++) {
      const createdAt = YEAR_START + Math.floor(random() * YEAR);
      const to = `${pick(random, FIRST_NAMES)}@${domain(random)}`;
      logItems.push(
        store.logItems.insert({
          workspace_id: workspaceId,
          uuid: logItemUuids[i]!,
          mail_name: `template-${1 + (i % 20)}`,
          subject: `Your order #${100000 + i} has shipped`,
          from_json: '[{"email":"shop@example.com","name":"Shop"}]',
          to_json: JSON.stringify([{ email: to, name: null }]),
          cc_json: '[]',
          bcc_json: '[]',
          body: `<p>Hello, your order #${100000 + i} is on its way.</p>`,
          body_in_message: 0,
          attachments_json: '[]',
          mailer: 'smtp',
          fake: 0,
          message_id: null,
          created_at: createdAt,
          updated_at: createdAt,
        }),
      );
    }

    // Rows of another workspace look like the listed ones (same domains, campaigns, reasons), so that a list
    // that forgot its workspace would show them.
    const otherId = counts.otherWorkspace > 0 ? store.ensureWorkspace('other', YEAR_START).id : 0;
    for (let i = 0; i < counts.otherWorkspace; i++) {
      const createdAt = YEAR_START + Math.floor(random() * YEAR);
      store.suppressions.insert({
        workspace_id: otherId,
        uuid: uuidFrom(random),
        email: `other.smith.${i}@gmail.com`,
        reason: reason(random),
        origin: 'api',
        created_at: createdAt,
        updated_at: createdAt,
      });
      store.sends.insert({
        workspace_id: otherId,
        uuid: uuidFrom(random),
        transport_message_id: null,
        campaign_uuid: campaignUuids[0]!,
        automation_mail_uuid: null,
        transactional_mail_log_item_uuid: logItemUuids[i] ?? null,
        subscriber_uuid: null,
        sent_at: createdAt,
        failed_at: null,
        failure_reason: null,
        open_count: 0,
        click_count: 0,
        first_opened_at: null,
        last_opened_at: null,
        first_clicked_at: null,
        last_clicked_at: null,
        created_at: createdAt,
        updated_at: createdAt,
      });
    }

    const list = store.emailLists.insert({
      workspace_id: workspaceId,
      uuid: uuidFrom(random),
      name: 'Newsletter',
      campaigns_feed_enabled: 0,
      default_from_email: 'news@example.com',
      default_from_name: 'News',
      default_reply_to_email: 'news@example.com',
      default_reply_to_name: 'News',
      allow_form_subscriptions: 0,
      honeypot_field: null,
      redirect_after_subscribed: null,
      redirect_after_already_subscribed: null,
      redirect_after_subscription_pending: null,
      redirect_after_unsubscribed: null,
      requires_confirmation: 0,
      confirmation_mailable_class: null,
      campaign_mailer: 'smtp',
      automation_mailer: 'smtp',
      transactional_mailer: 'smtp',
      report_recipients: null,
      report_campaign_sent: 0,
      report_campaign_summary: 0,
      report_email_list_summary: 0,
      email_list_summary_sent_at: null,
      extra_attributes: '{}',
      created_at: YEAR_START,
      updated_at: YEAR_START,
    });
    const vip = store.tags.insert({
      workspace_id: workspaceId,
      email_list_id: list.id,
      uuid: uuidFrom(random),
      name: 'vip',
      type: 'default',
      visible_in_preferences: 0,
      created_at: YEAR_START,
      updated_at: YEAR_START,
    });
    const subscribers: SeededSubscriber[] = [];
    for (let i = 0; i < counts.subscribers; i++) {
      const createdAt = YEAR_START + Math.floor(random() * YEAR);
      const roll = random();
      const status = roll < 0.85 ? 'subscribed' : roll < 0.95 ? 'unsubscribed' : 'unconfirmed';
      const email =
        `${pick(random, FIRST_NAMES)}.${pick(random, LAST_NAMES)}.${i.toString(36)}@${domain(random)}`.toLowerCase();
      const row = store.subscribers.insert({
        workspace_id: workspaceId,
        email_list_id: list.id,
        uuid: uuidFrom(random),
        email,
        first_name: null,
        last_name: null,
        extra_attributes: '{}',
        subscribed_at: status === 'unconfirmed' ? null : createdAt,
        unsubscribed_at: status === 'unsubscribed' ? createdAt + 60 : null,
        created_at: createdAt,
        updated_at: createdAt,
      });
      const tagged = random() < 0.1;
      if (tagged) store.subscribers.attachTag(row.id, vip.id);
      subscribers.push({ id: row.id, uuid: row.uuid, email, created_at: createdAt, status, tagged });
    }

    return {
      workspaceId,
      suppressions,
      sends,
      templates,
      logItems,
      campaignUuids,
      logItemUuids,
      listUuid: list.uuid,
      subscribers,
    };
  });
}
