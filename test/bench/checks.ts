/**
 * `BENCH_ONLY=checks npm run bench`: a captured mail's checks report, GET
 * /_emulator/messages/{uuid}/checks, against the bare Hono + SQLite insert route measured in the same run.
 *
 * The mail: MJML of the kind the studio renders (a header, sections of text, buttons and images, a footer),
 * compiled to about 20 KB of HTML, sent through the API with a word of its own each time, so that every report
 * is computed afresh (the first request for a message); then the same messages again (the compatibility part
 * cached by uuid, links and content checked again).
 * Target (issue): checks of a typical 20 KB MJML mail p95 < 50 ms. Knobs: BENCH_CHECKS_MAILS (200).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import mjml2html from 'mjml';
import { publishedCli } from '../support/published.js';
import { Client, startNode, startServer, table, type Stats } from './harness.js';
import { timed } from './studio.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAILS = Number(process.env.BENCH_CHECKS_MAILS ?? 200);
const TARGET_P95_MS = 50;

/** About 20 KB of HTML once compiled. */
async function typicalMjml(): Promise<string> {
  const section = (i: number) => `
    <mj-section background-color="#ffffff" padding="16px 24px">
      <mj-column width="40%"><mj-image src="https://cdn.acme.test/p/${i}.png" alt="Product ${i}" width="160px" /></mj-column>
      <mj-column width="60%">
        <mj-text font-size="18px" font-weight="bold">Product ${i}</mj-text>
        <mj-text>A short description of product ${i}, the kind a shop sends in its weekly mail.</mj-text>
        <mj-button href="https://shop.acme.test/p/${i}" background-color="#4f46e5" border-radius="6px">View product</mj-button>
      </mj-column>
    </mj-section>`;
  const source = `<mjml><mj-head><mj-title>Weekly</mj-title><mj-attributes><mj-all font-family="Helvetica, Arial" /></mj-attributes></mj-head>
  <mj-body background-color="#f3f4f6">${Array.from({ length: 4 }, (_, i) => section(i)).join('')}
    <mj-section><mj-column><mj-text align="center" font-size="12px">You get this mail because you signed up.</mj-text></mj-column></mj-section>
  </mj-body></mjml>`;
  return (await mjml2html(source)).html;
}

export async function runChecksBench(log: (line: string) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mce-checks-bench-'));
  try {
    const baselineServer = await startNode(
      ['--import', 'tsx', join(ROOT, 'test/bench/baseline-server.ts'), join(dir, 'baseline.sqlite')],
      ROOT,
    );
    const baselineClient = new Client(baselineServer.port, 'none', 1);
    const baseline = await timed(MAILS, (i) => baselineClient.post('/mail', JSON.stringify({ subject: `Mail ${i}` })));
    baselineClient.close();
    await baselineServer.stop();

    const html = await typicalMjml();
    const emulator = await startServer(publishedCli(), [
      '--port',
      '0',
      '--db',
      join(dir, 'checks.sqlite'),
      '--token',
      'bench',
    ]);
    const client = new Client(emulator.port, 'bench', 1);
    const uuids: string[] = [];
    for (let i = 0; i < MAILS + 10; i++) {
      const body = {
        from: 'shop@acme.test',
        to: `user${i}@example.com`,
        subject: `Weekly ${i}`,
        html: html.replace('Product 0', `Product 0 (${i})`),
      };
      const reply = await client.post('/api/transactional-mails/send', JSON.stringify(body));
      if (reply.status !== 200) throw new Error(`send answered ${reply.status}: ${reply.body.slice(0, 300)}`);
      uuids.push((JSON.parse(reply.body) as { uuid: string }).uuid);
    }
    // has:problems right after the sends: it waits for the background checks of every mail not checked yet (on
    // a render worker), so its time is the catch-up's; the second search has nothing left to wait for.
    const backlogStart = performance.now();
    const flagged = await client.get('/_emulator/messages?query=has%3Aproblems');
    const catchUpMs = performance.now() - backlogStart;
    if (flagged.status !== 200)
      throw new Error(`has:problems answered ${flagged.status}: ${flagged.body.slice(0, 300)}`);
    const searchAgain = await timed(20, () => client.get('/_emulator/messages?query=has%3Aproblems'));
    const checks = (uuid: string) => client.get(`/_emulator/messages/${uuid}/checks`);
    // timed()'s warm-up requests (negative i) go to 10 spare mails: the checker's data loaded, the JIT warm.
    const spare = (i: number) => uuids[i >= 0 ? i : MAILS + ((-i - 1) % 10)]!;
    const first = await timed(MAILS, (i) => checks(spare(i)));
    const again = await timed(MAILS, (i) => checks(spare(i)));
    const sample = JSON.parse((await checks(uuids[0]!)).body) as { summary: { problems: number; warnings: number } };
    client.close();
    await emulator.stop();

    const row = (name: string, s: Stats, note: string) => [
      name,
      String(s.n),
      s.p50.toFixed(2),
      s.p95.toFixed(2),
      s.p99.toFixed(2),
      note,
    ];
    const ratio = (s: Stats) => `${(s.p95 / baseline.p95).toFixed(1)}x the baseline's p95`;
    log(
      table(
        ['checks of a captured mail (sequential)', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'note'],
        [
          row('baseline: bare Hono + SQLite insert', baseline, 'same run'),
          row(
            `checks, first request (${(Buffer.byteLength(html) / 1024).toFixed(1)} KB MJML HTML)`,
            first,
            `${ratio(first)}; target p95 < ${TARGET_P95_MS} ms: ${first.p95 < TARGET_P95_MS ? 'yes' : 'NO'}`,
          ),
          row('checks again (compatibility cached)', again, ratio(again)),
        ],
        (column) => column >= 1 && column <= 4,
      ),
    );
    log(`the mail's report: ${sample.summary.problems} problems, ${sample.summary.warnings} warnings`);
    log(
      `has:problems right after ${MAILS + 10} sends: ${catchUpMs.toFixed(0)} ms (the background checks catching up: ` +
        `${((MAILS + 10) / (catchUpMs / 1000)).toFixed(0)} mails/s at most); again: p50 ${searchAgain.p50.toFixed(2)} ms, p95 ${searchAgain.p95.toFixed(2)} ms`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
