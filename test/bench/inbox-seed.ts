/**
 * 100,000 captured messages for the inbox benchmarks (inbox.ts, ui.ts): realistic transactional mail (order,
 * invoice, password, verification, digest, comment and security mails; names and addresses over a few domains;
 * bodies of 60-200 words from a Zipf-distributed vocabulary) written straight through the store, in one
 * transaction, from a fixed seed.
 */
import type { NewMessage } from '../../server/db/messages-store.js';
import type { Store } from '../../server/db/store.js';
import { prng } from './seed.js';

const START_MS = Date.parse('2025-01-01T00:00:00Z');

const FIRST = [
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
];
const LAST = [
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
];
const DOMAINS = [
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'yahoo.com',
  'outlook.com',
  'hotmail.com',
  'icloud.com',
  'example.com',
  'acme-corp.example',
  'globex.example',
];
const COMMON = (
  'the to and you your of a for is in we this on our be with it that are at if can as have will not or ' +
  'from by please all more has any an us when new about one so more get account team here do need time help'
).split(' ');
const TOPICAL = (
  'order delivery package tracking shipment invoice payment receipt refund subscription renewal plan ' +
  'billing card balance password security login device browser location verify confirm email address profile ' +
  'settings notification update report summary weekly digest project task comment mention review feedback survey ' +
  'meeting calendar event reminder webinar trial upgrade discount coupon offer sale product catalog cart checkout ' +
  'wishlist document contract signature download upload file folder share deadline status release incident ' +
  'maintenance schedule support ticket request approval warehouse customs carrier courier'
).split(' ');

/** ~2,000 words: common ones first, so that a Zipf draw makes them frequent, then topical, then a long tail. */
function vocabulary(random: () => number): string[] {
  const tail = Array.from({ length: 1_900 }, () =>
    Array.from(
      { length: 4 + Math.floor(random() * 6) },
      () => 'abcdefghiklmnoprstuvwy'[Math.floor(random() * 22)],
    ).join(''),
  );
  return [...COMMON, ...TOPICAL, ...tail];
}

interface Kind {
  weight: number;
  from: string;
  subject: (n: number, name: string, r: () => number) => string;
  lead: (n: number, name: string, r: () => number) => string;
  attachment?: number;
  template: string;
}

const KINDS: Kind[] = [
  {
    weight: 18,
    from: 'Acme Shop <orders@acme.test>',
    template: 'order-shipped',
    subject: (n) => `Your order #${100000 + n} has shipped`,
    lead: (n, name) =>
      `Hi ${name}, good news: your order #${100000 + n} has shipped and is on its way. Track it at https://shop.acme.test/orders/${100000 + n}/track.`,
  },
  {
    weight: 12,
    from: 'Acme Billing <billing@acme.test>',
    template: 'invoice',
    attachment: 0.7,
    subject: (n) => `Invoice INV-2025-${String(n).padStart(6, '0')} from Acme`,
    lead: (n, name) =>
      `Dear ${name}, please find attached invoice INV-2025-${String(n).padStart(6, '0')}. Payment is due within 30 days.`,
  },
  {
    weight: 10,
    from: 'Acme <security@acme.test>',
    template: 'password-reset',
    subject: () => 'Reset your password',
    lead: (n, name) =>
      `Hello ${name}, someone asked to reset your password. Use this link: https://acme.test/reset/${n.toString(36)}`,
  },
  {
    weight: 14,
    from: 'Acme <noreply@acme.test>',
    template: 'verify',
    subject: (n) => `Your verification code is ${String((n * 7919) % 1_000_000).padStart(6, '0')}`,
    lead: (n) => `Your one-time code is ${String((n * 7919) % 1_000_000).padStart(6, '0')}. It expires in 10 minutes.`,
  },
  {
    weight: 16,
    from: 'Acme Digest <digest@acme.test>',
    template: 'weekly-digest',
    subject: (_n, _, r) => `Your weekly digest: ${1 + Math.floor(r() * 40)} new updates`,
    lead: (_, name) => `Hi ${name}, here is what happened in your projects this week.`,
  },
  {
    weight: 14,
    from: 'Acme Projects <notifications@acme.test>',
    template: 'comment',
    subject: (_, __, r) => `${cap(FIRST[Math.floor(r() * FIRST.length)]!)} commented on your task`,
    lead: () => 'A new comment was added to a task you follow. Reply directly to this email to answer.',
  },
  {
    weight: 8,
    from: 'Acme <security@acme.test>',
    template: 'security-alert',
    subject: () => 'Security alert: new sign-in to your account',
    lead: (_, name) =>
      `Hi ${name}, we noticed a new sign-in from a Firefox browser on Linux. If this was you, you can ignore this email.`,
  },
  {
    weight: 8,
    from: 'Acme <hello@acme.test>',
    template: 'welcome',
    subject: (_, name) => `Welcome to Acme, ${name}!`,
    lead: () => 'Thanks for signing up. Here are three things to try first.',
  },
];
const KIND_TOTAL = KINDS.reduce((sum, kind) => sum + kind.weight, 0);

function cap(word: string): string {
  return word[0]!.toUpperCase() + word.slice(1);
}

/** What the bench knows about each seeded message, to compute expected answers. */
export interface Seeded {
  id: number;
  uuid: string;
  subject: string;
  text: string;
  from: string;
  to: string;
  cc: string | null;
  template: string;
  attachments: number;
  createdAtMs: number;
}

export function seedMessages(store: Store, count: number): Seeded[] {
  const random = prng(20250302);
  const words = vocabulary(random);
  const zipf = () => words[Math.min(words.length - 1, Math.floor(random() ** 2.6 * words.length))]!;
  const seeded: Seeded[] = [];
  store.transaction(() => {
    const { id: workspaceId } = store.ensureWorkspace('default', START_MS / 1000);
    for (let i = 0; i < count; i++) {
      let r = random() * KIND_TOTAL;
      const kind =
        KINDS.find((k) => {
          r -= k.weight;
          return r < 0;
        }) ?? KINDS[0]!;
      const first = FIRST[Math.floor(random() * FIRST.length)]!;
      const last = LAST[Math.floor(random() * LAST.length)]!;
      const email = `${first}.${last}${Math.floor(random() * 100)}@${DOMAINS[Math.floor(random() * DOMAINS.length)]}`;
      const name = cap(first);
      const to = { name: `${name} ${cap(last)}`, email };
      const cc = random() < 0.05 ? { name: '', email: 'audit@acme.test' } : null;
      const subject = kind.subject(i, name, random);
      const filler = Array.from({ length: 60 + Math.floor(random() * 140) }, zipf).join(' ');
      const text = `${kind.lead(i, name, random)}\n\n${filler}.\n\nThe Acme team\nhttps://acme.test/unsubscribe`;
      const attachments = kind.attachment !== undefined && random() < kind.attachment ? 1 : 0;
      const uuid = `${(0x10000000 + i).toString(16)}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
      const fromMatch = /^(.*) <(.*)>$/.exec(kind.from)!;
      const createdAtMs = START_MS + i * 30_000 + Math.floor(random() * 20_000);
      const raw = Buffer.from(
        `From: ${kind.from}\r\nTo: ${to.name} <${email}>\r\nSubject: ${subject}\r\n\r\n${text.slice(0, 200)}`,
      );
      const message: NewMessage = {
        workspace_id: workspaceId,
        uuid,
        message_id: `${uuid.replaceAll('-', '')}@acme.test`,
        envelope_from: fromMatch[2]!,
        envelope_to_json: JSON.stringify(cc === null ? [email] : [email, cc.email]),
        from_json: JSON.stringify([{ name: fromMatch[1], email: fromMatch[2] }]),
        to_json: JSON.stringify([to]),
        cc_json: JSON.stringify(cc === null ? [] : [cc]),
        bcc_json: '[]',
        reply_to_json: '[]',
        subject,
        text_body: text,
        html_body: `<html><body><p>${text.replaceAll('\n\n', '</p><p>')}</p></body></html>`,
        attachments_json: JSON.stringify(
          attachments === 0
            ? []
            : [{ filename: 'invoice.pdf', content_type: 'application/pdf', content_id: null, size: 4 }],
        ),
        size: raw.length,
        template_name: kind.template,
        replacements_json: null,
        created_at_ms: createdAtMs,
        campaign_uuid: null,
        email_list_uuid: null,
        subscriber_uuid: null,
        raw,
        attachments:
          attachments === 0
            ? []
            : [
                {
                  filename: 'invoice.pdf',
                  content_type: 'application/pdf',
                  content_id: null,
                  content: Buffer.from('%PDF'),
                },
              ],
      };
      const row = store.messages.insert(message);
      seeded.push({
        id: row.id,
        uuid,
        subject,
        text,
        from: kind.from,
        to: `${to.name} ${email}`,
        cc: cc?.email ?? null,
        template: kind.template,
        attachments,
        createdAtMs,
      });
    }
  });
  return seeded;
}
