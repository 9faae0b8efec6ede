/**
 * `BENCH_ONLY=inbox npm run bench`: the inbox with 100,000 captured messages.
 *
 * 1. Seeds a temporary database with realistic transactional mail (order, invoice, password, verification,
 *    digest, comment and security mails; names and addresses over a few domains; bodies of 60-200 words from a
 *    Zipf-distributed vocabulary) straight through the store, in one transaction, then builds the search index
 *    (the queue every capture goes to; messages-store.ts) and times both.
 * 2. Computes every scenario's expected total and first page independently from the seeded rows (tokenising as
 *    FTS5's unicode61 does for this ASCII data) and checks the store's answer against it, timing the store call.
 * 3. Starts the built server on that database, checks each scenario's first HTTP answer, warms up, then issues
 *    sequential requests over one keep-alive connection and reports p50/p95/p99 latency.
 * 4. wait-for latency: many rounds of "fire GET /_emulator/wait-for for a fresh recipient, let it settle, send one
 *    matching mail": the time from the send's 200 to the wait-for's answer (negative when the wait-for answered
 *    first; the capture event fires before the send's response is written) and from the send's start.
 *
 * Target (issue): every search scenario under 20 ms. Knobs: BENCH_INBOX_MESSAGES (100000), BENCH_REQUESTS (200),
 * BENCH_WAIT_SAMPLES (200), BENCH_KEEP_DB=1.
 */
import http from 'node:http';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NewMessage } from '../../server/db/messages-store.js';
import { openDatabase } from '../../server/db/open.js';
import { createStore, type Store } from '../../server/db/store.js';
import { parseSearchQuery } from '../../server/search/query.js';
import { BENCH_TOKEN, Client, memoryOf, startServer, stats, table } from './harness.js';
import { prng } from './seed.js';
import { publishedCli } from '../support/published.js';

const CLI = publishedCli();
const TARGET_MS = 20;
const PER_PAGE = 50;
const MESSAGES = envInt('BENCH_INBOX_MESSAGES', 100_000);
const REQUESTS = envInt('BENCH_REQUESTS', 200);
const WAIT_SAMPLES = envInt('BENCH_WAIT_SAMPLES', 200);
const START_MS = Date.parse('2025-01-01T00:00:00Z');

function envInt(name: string, fallback: number): number {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : Number.parseInt(value, 10);
}

// ---------------------------------------------------------------------------------------------------------------
// Data

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
interface Seeded {
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

// ---------------------------------------------------------------------------------------------------------------
// Scenarios and their expected answers (ASCII data: unicode61 tokens are the lower-cased runs of letters and digits)

const tokens = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

interface Scenario {
  name: string;
  query: string | null;
  page?: number;
  target: boolean;
  filter: (m: Seeded) => boolean;
}

function scenarios(data: Seeded[]): Scenario[] {
  const textTokens = new Map<number, string[]>();
  const textOf = (m: Seeded) => {
    let cached = textTokens.get(m.id);
    if (cached === undefined) {
      cached = tokens(`${m.subject} ${m.text} ${m.from} ${m.to}`);
      textTokens.set(m.id, cached);
    }
    return cached;
  };
  const hasWordPrefix = (prefix: string) => (m: Seeded) => textOf(m).some((t) => t.startsWith(prefix));
  const hasPhrase = (phrase: string[]) => (m: Seeded) => {
    const t = textOf(m);
    return t.some((_, i) => phrase.every((word, j) => t[i + j] === word));
  };
  const sample = data[Math.floor(data.length * 0.61)]!;
  const address = sample.to.split(' ').at(-1)!;
  const midTime = new Date(data[Math.floor(data.length * 0.9)]!.createdAtMs).toISOString();
  const middle = Math.ceil(data.length / PER_PAGE / 2);
  return [
    { name: 'unfiltered, page 1', query: null, target: true, filter: () => true },
    { name: 'word: invoice', query: 'invoice', target: true, filter: hasWordPrefix('invoice') },
    { name: 'phrase: "has shipped"', query: '"has shipped"', target: true, filter: hasPhrase(['has', 'shipped']) },
    { name: `to: ${address}`, query: `to:${address}`, target: true, filter: (m) => m.to.endsWith(` ${address}`) },
    {
      name: 'combined: to:gmail.com subject:invoice -has:attachment',
      query: 'to:gmail.com subject:invoice -has:attachment',
      target: true,
      filter: (m) =>
        m.to.endsWith('@gmail.com') && tokens(m.subject).some((t) => t.startsWith('invoice')) && m.attachments === 0,
    },
    {
      name: `combined with a date: from:security@acme.test password after:<90%>`,
      query: `from:security@acme.test password after:${midTime}`,
      target: true,
      filter: (m) =>
        m.from.includes('<security@acme.test>') && hasWordPrefix('password')(m) && m.createdAtMs > Date.parse(midTime),
    },
    { name: 'word in most mails: your', query: 'your', target: false, filter: hasWordPrefix('your') },
    {
      name: 'negation only: -has:attachment',
      query: '-has:attachment',
      target: false,
      filter: (m) => m.attachments === 0,
    },
    {
      name: 'mail: template exact',
      query: 'mail:password-reset',
      target: false,
      filter: (m) => m.template === 'password-reset',
    },
    { name: `unfiltered, page ${middle}`, query: null, page: middle, target: false, filter: () => true },
  ];
}

function pathOf(scenario: Scenario): string {
  const params = new URLSearchParams({ per_page: String(PER_PAGE), page: String(scenario.page ?? 1) });
  if (scenario.query !== null) params.set('query', scenario.query);
  return `/_emulator/messages?${params.toString()}`;
}

function expected(data: Seeded[], scenario: Scenario): { total: number; uuids: string[] } {
  const matching = data.filter(scenario.filter);
  const page = scenario.page ?? 1;
  // Newest first is capture order: descending id.
  const newestFirst = matching.reverse();
  return {
    total: matching.length,
    uuids: newestFirst.slice((page - 1) * PER_PAGE, page * PER_PAGE).map((m) => m.uuid),
  };
}

function check(name: string, got: { total: number; uuids: string[] }, want: { total: number; uuids: string[] }): void {
  if (got.total !== want.total || got.uuids.join() !== want.uuids.join()) {
    throw new Error(
      `${name}: wrong answer: total ${got.total}, expected ${want.total}\n  got ${got.uuids.slice(0, 5).join(' ')}\n  want ${want.uuids.slice(0, 5).join(' ')}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP

function post(client: Client, path: string, body: unknown): Promise<{ status: number; body: string; at: number }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port: client.port,
        path,
        method: 'POST',
        agent: client.agent,
        headers: {
          authorization: `Bearer ${client.token}`,
          accept: 'application/json',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            at: performance.now(),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function waitForLatency(port: number): Promise<{ afterReply: number[]; afterStart: number[] }> {
  const waits = new Client(port, BENCH_TOKEN, 4);
  const sends = new Client(port, BENCH_TOKEN, 1);
  const afterReply: number[] = [];
  const afterStart: number[] = [];
  try {
    for (let i = 0; i < WAIT_SAMPLES + 5; i++) {
      const to = `waiter${i}@bench.test`;
      const wait = waits
        .get(`/_emulator/wait-for?query=${encodeURIComponent(`to:${to}`)}&timeout_ms=10000`)
        .then((reply) => ({ reply, at: performance.now() }));
      // Long enough for the wait-for to be parsed and listening (it answers 408 at 10 s otherwise, failing the run).
      await new Promise((resolve) => setTimeout(resolve, 5));
      const started = performance.now();
      const sent = await post(sends, '/api/transactional-mails/send', {
        from: 'app@bench.test',
        to,
        subject: `Wait ${i}`,
        text: 'hello',
      });
      if (sent.status !== 200) throw new Error(`send: HTTP ${sent.status} ${sent.body}`);
      const { reply, at } = await wait;
      if (reply.status !== 200) throw new Error(`wait-for: HTTP ${reply.status} ${reply.body.slice(0, 300)}`);
      if (i < 5) continue; // warm-up
      afterReply.push(at - sent.at);
      afterStart.push(at - started);
    }
  } finally {
    waits.close();
    sends.close();
  }
  return { afterReply, afterStart };
}

const ms = (x: number) => x.toFixed(2);

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

export async function runInboxBench(log: (line: string) => void): Promise<void> {
  const benchStart = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'mce-inbox-bench-'));
  const dbPath = join(dir, 'inbox.sqlite');
  const db = openDatabase(dbPath);
  const store = createStore(db);
  log(
    `inbox bench: node ${process.version}, SQLite ${(db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v}, ` +
      `${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), load average ${loadavg()[0]!.toFixed(2)}`,
  );
  log(`seeding ${MESSAGES} captured messages into ${dbPath}`);
  let t = performance.now();
  const data = seedMessages(store, MESSAGES);
  const seedMs = performance.now() - t;
  t = performance.now();
  const indexed = store.messages.indexPending();
  const indexMs = performance.now() - t;
  db.pragma('wal_checkpoint(TRUNCATE)');
  log(`seeded in ${(seedMs / 1000).toFixed(2)} s; indexed ${indexed} messages in ${(indexMs / 1000).toFixed(2)} s`);

  const list = scenarios(data);
  const wanted = new Map(list.map((s) => [s, expected(data, s)]));
  const sqlP50 = new Map<Scenario, number>();
  for (const scenario of list) {
    const window = { offset: ((scenario.page ?? 1) - 1) * PER_PAGE, limit: PER_PAGE };
    const run = () => store.messages.search(1, parseSearchQuery(scenario.query), window);
    const result = run();
    check(
      `${scenario.name} (store)`,
      { total: result.total, uuids: result.rows.map((r) => r.uuid) },
      wanted.get(scenario)!,
    );
    const samples: number[] = [];
    for (let i = 0; i < 30; i++) {
      const start = performance.now();
      run();
      samples.push(performance.now() - start);
    }
    sqlP50.set(scenario, stats(samples, 1).p50);
  }
  store.close();
  const dbBytes = fileSize(dbPath) + fileSize(`${dbPath}-wal`);

  const server = await startServer(CLI, ['--port', '0', '--db', dbPath, '--token', BENCH_TOKEN, '--no-fixtures']);
  const client = new Client(server.port, BENCH_TOKEN, 1);
  const latency = new Map<Scenario, ReturnType<typeof stats>>();
  let wait: { afterReply: number[]; afterStart: number[] };
  let memory: { rss: number; peak: number };
  try {
    for (const scenario of list) {
      const first = await client.get(pathOf(scenario));
      if (first.status !== 200) throw new Error(`${scenario.name}: HTTP ${first.status} ${first.body.slice(0, 300)}`);
      const body = JSON.parse(first.body) as { data: Array<{ uuid: string }>; meta: { total: number } };
      check(
        `${scenario.name} (HTTP)`,
        { total: body.meta.total, uuids: body.data.map((m) => m.uuid) },
        wanted.get(scenario)!,
      );
      for (let i = 0; i < 10; i++) await client.get(pathOf(scenario));
    }
    const samples = new Map(list.map((s) => [s, [] as number[]]));
    for (let round = 0; round < REQUESTS; round++) {
      for (const scenario of list) samples.get(scenario)!.push((await client.get(pathOf(scenario))).ms);
    }
    for (const scenario of list)
      latency.set(
        scenario,
        stats(
          samples.get(scenario)!,
          samples.get(scenario)!.reduce((a, b) => a + b, 0),
        ),
      );
    wait = await waitForLatency(server.port);
    memory = memoryOf(server.child.pid!);
  } finally {
    client.close();
    await server.stop();
    if (/^error:/m.test(server.output())) log(`the server logged errors:\n${server.output()}`);
    if (process.env.BENCH_KEEP_DB === '1') log(`database kept at ${dbPath}`);
    else rmSync(dir, { recursive: true, force: true });
  }

  log('');
  log(
    'Search latency: GET /_emulator/messages, sequential requests over one keep-alive connection, in rounds over all',
  );
  log(
    `scenarios (client-side, request to last byte, ${PER_PAGE} per page); "SQL p50" is the store call alone, in-process.`,
  );
  log(
    table(
      ['scenario', 'total', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'SQL p50 ms', `p95<${TARGET_MS}`],
      list.map((s) => {
        const l = latency.get(s)!;
        return [
          s.name,
          String(wanted.get(s)!.total),
          String(l.n),
          ms(l.p50),
          ms(l.p95),
          ms(l.p99),
          ms(l.max),
          ms(sqlP50.get(s)!),
          s.target ? (l.p95 < TARGET_MS ? 'yes' : 'NO') : '(info)',
        ];
      }),
      (i) => i >= 1 && i <= 7,
    ),
  );
  const reply = stats(wait.afterReply, 1);
  const start = stats(wait.afterStart, 1);
  log('');
  log(`wait-for latency over ${reply.n} rounds (a fresh recipient each; ${MESSAGES} messages in the inbox):`);
  log(
    table(
      ['measure', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
      [
        ['send 200 -> wait-for answer', ms(reply.p50), ms(reply.p95), ms(reply.p99), ms(reply.max)],
        ['send start -> wait-for answer', ms(start.p50), ms(start.p95), ms(start.p99), ms(start.max)],
      ],
      (i) => i >= 1,
    ),
  );
  log('');
  log(
    table(
      ['measure', 'value'],
      [
        ['seed (store inserts, one transaction)', `${(seedMs / 1000).toFixed(2)} s`],
        [
          'index build (the queued messages, one batch)',
          `${(indexMs / 1000).toFixed(2)} s (${((indexMs * 1000) / Math.max(indexed, 1)).toFixed(0)} us a message)`,
        ],
        ['database file', `${(dbBytes / 1024 / 1024).toFixed(1)} MiB`],
        ['server RSS after all runs', `${memory.rss.toFixed(1)} MiB (peak ${memory.peak.toFixed(1)} MiB)`],
        ['bench wall time', `${((performance.now() - benchStart) / 1000).toFixed(1)} s`],
      ],
      () => false,
    ),
  );
}
