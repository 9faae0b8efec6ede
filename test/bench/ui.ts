/**
 * `BENCH_ONLY=ui npm run bench`: the web inbox in Chromium, with 100,000 captured messages.
 *
 * 1. Seeds 100,000 messages (inbox.ts's realistic mail) and starts the built CLI on that database.
 * 2. Baseline, same run: the time Chromium takes to show a bare static page of the same server (/login), from
 *    navigation start to the text painted. The inbox's figures are printed beside it and as a ratio.
 * 3. First rows: from navigation start to the first row of the inbox visible (the first load, then the median of
 *    5 more with a warm cache).
 * 4. Live: with the inbox open, BENCH_UI_SENDS mails (default 40) are sent one after another through /api; each is
 *    timed from the send's 200 to its row in the page (p50/p95).
 * 5. The inbox's initial JavaScript and CSS, gzip-compressed, as index.html loads them.
 * 6. The audience: an email list of BENCH_UI_SUBSCRIBERS subscribers (default 100,000, seed.ts's), its
 *    with 3 segments, its list page's first subscriber rows visible (first load, then the median of 5 warm), and the Lists page's
 *    table (which counts every list's subscribers by status), beside the same baseline.
 * Targets (the web UI's): first rows < 1 s (inbox and list page), live p95 < 500 ms, initial JS <= 150 kB gzip.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { openDatabase } from '../../server/db/open.js';
import { createStore } from '../../server/db/store.js';
import { publishedCli } from '../support/published.js';
import { BENCH_TOKEN, startServer, stats, table } from './harness.js';
import { seedMessages } from './inbox-seed.js';
import { seed } from './seed.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MESSAGES = Number(process.env.BENCH_UI_MESSAGES ?? 100_000);
const SENDS = Number(process.env.BENCH_UI_SENDS ?? 40);
const SUBSCRIBERS = Number(process.env.BENCH_UI_SUBSCRIBERS ?? 100_000);
const WARM_LOADS = 5;

const ms = (value: number) => value.toFixed(0);

function send(port: number, subject: string): Promise<number> {
  const body = JSON.stringify({ from: 'app@example.com', to: 'live@example.com', subject, text: 'live' });
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/transactional-mails/send',
        headers: {
          authorization: `Bearer ${BENCH_TOKEN}`,
          accept: 'application/json',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? resolve(performance.now()) : reject(new Error(`send answered ${res.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Milliseconds from navigation start until `selector` is visible, as the page's own clock measures it. */
async function timeToVisible(page: Page, url: string, selector: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator(selector).first().waitFor({ state: 'visible', timeout: 30_000 });
  return page.evaluate(() => performance.now());
}

/** The files index.html loads first (its module scripts, preloads and stylesheets), gzip-compressed. */
export function initialAssets(): { js: number; css: number; files: string[] } {
  const index = readFileSync(join(ROOT, 'dist/web/index.html'), 'utf8');
  const files = [...index.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  let js = 0;
  let css = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(join(ROOT, 'dist/web', file))).length;
    if (file.endsWith('.js')) js += size;
    else css += size;
  }
  return { js, css, files };
}

export async function runUiBench(log: (line: string) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mce-ui-bench-'));
  const dbPath = join(dir, 'ui.sqlite');
  const store = createStore(openDatabase(dbPath));
  let t = performance.now();
  seedMessages(store, MESSAGES);
  store.messages.indexPending();
  log(
    `UI bench: seeded and indexed ${MESSAGES.toLocaleString('en')} messages in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  t = performance.now();
  // One list of SUBSCRIBERS subscribers (85 % subscribed, a tenth tagged vip), nothing else: seed.ts's audience.
  const { listUuid, workspaceId } = seed(store, {
    suppressions: 0,
    sends: 0,
    templates: 0,
    logItems: 0,
    otherWorkspace: 0,
    subscribers: SUBSCRIBERS,
  });
  // Segments on it, which the list page counts (each a query over the list's subscribed subscribers).
  const list = store.emailLists.findByUuid(workspaceId, listUuid)!;
  const vip = store.tags.ofList(list.id)[0]!;
  for (const [i, [name, operator]] of (
    [
      ['VIP', 'in'],
      ['Not VIP', 'not-in'],
      ['All of VIP', 'all'],
    ] as const
  ).entries()) {
    store.segments.insert({
      workspace_id: workspaceId,
      email_list_id: list.id,
      uuid: `00000000-0000-4000-8000-00000000000${i}`,
      name,
      stored_conditions: JSON.stringify([{ operator, tagIds: [vip.id] }]),
      created_at: list.created_at,
      updated_at: list.created_at,
    });
  }
  store.close();
  log(
    `UI bench: seeded ${SUBSCRIBERS.toLocaleString('en')} subscribers of one list in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  const server = await startServer(publishedCli(), [
    '--port',
    '0',
    '--db',
    dbPath,
    '--token',
    BENCH_TOKEN,
    '--no-fixtures',
  ]);
  const url = `http://127.0.0.1:${server.port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();

    const baseline: number[] = [];
    for (let i = 0; i <= WARM_LOADS; i++) baseline.push(await timeToVisible(page, `${url}/login`, 'h1'));
    const first: number[] = [];
    for (let i = 0; i <= WARM_LOADS; i++) first.push(await timeToVisible(page, url, '.row-link'));
    const warmBaseline = stats(baseline.slice(1), 1).p50;
    const warmFirst = stats(first.slice(1), 1).p50;

    await page.goto(url);
    await page.getByText('Live', { exact: true }).waitFor();
    const live: number[] = [];
    for (let i = 0; i < SENDS; i++) {
      const subject = `Live mail ${i} ${Date.now()}`;
      const answered = await send(server.port, subject);
      await page.getByText(subject).first().waitFor({ state: 'visible', timeout: 10_000 });
      live.push(performance.now() - answered);
    }
    const liveStats = stats(live, 1);
    const assets = initialAssets();

    // The subscribers' rows, not the list's own counts: its segments are counted meanwhile (3 here).
    const listPage: number[] = [];
    for (let i = 0; i <= WARM_LOADS; i++)
      listPage.push(await timeToVisible(page, `${url}/lists/${listUuid}`, 'table[aria-label="Subscribers"] tbody tr'));
    const listsPage: number[] = [];
    for (let i = 0; i <= WARM_LOADS; i++)
      listsPage.push(await timeToVisible(page, `${url}/lists`, 'table[aria-label="Email lists"] tbody tr'));
    const warmList = stats(listPage.slice(1), 1).p50;
    const warmLists = stats(listsPage.slice(1), 1).p50;
    const subscribers = SUBSCRIBERS.toLocaleString('en');

    log(
      table(
        ['measure', 'value', 'target'],
        [
          [
            'baseline: a static page of the same server visible (/login)',
            `${ms(baseline[0]!)} ms first, ${ms(warmBaseline)} ms warm (median of ${WARM_LOADS})`,
            '',
          ],
          [
            'inbox: first rows visible, 100,000 messages',
            `${ms(first[0]!)} ms first (${(first[0]! / baseline[0]!).toFixed(1)}x baseline), ${ms(warmFirst)} ms warm (${(warmFirst / warmBaseline).toFixed(1)}x)`,
            `< 1000 ms: ${first[0]! < 1000 ? 'yes' : 'NO'}`,
          ],
          [
            `live: send's 200 to its row visible (${SENDS} sends)`,
            `p50 ${ms(liveStats.p50)} ms, p95 ${ms(liveStats.p95)} ms, max ${ms(liveStats.max)} ms`,
            `p95 < 500 ms: ${liveStats.p95 < 500 ? 'yes' : 'NO'}`,
          ],
          [
            `list page: first subscriber rows visible, ${subscribers} subscribers`,
            `${ms(listPage[0]!)} ms first (${(listPage[0]! / baseline[0]!).toFixed(1)}x baseline), ${ms(warmList)} ms warm (${(warmList / warmBaseline).toFixed(1)}x)`,
            `< 1000 ms: ${listPage[0]! < 1000 ? 'yes' : 'NO'}`,
          ],
          [
            `Lists page: the lists' table visible (counts by status over ${subscribers})`,
            `${ms(listsPage[0]!)} ms first, ${ms(warmLists)} ms warm (${(warmLists / warmBaseline).toFixed(1)}x)`,
            '',
          ],
          [
            'initial JavaScript (gzip)',
            `${(assets.js / 1024).toFixed(1)} kB (+ ${(assets.css / 1024).toFixed(1)} kB CSS): ${assets.files.join(', ')}`,
            `<= 150 kB: ${assets.js <= 150 * 1024 ? 'yes' : 'NO'}`,
          ],
        ],
        () => false,
      ),
    );
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
