/**
 * `BENCH_ONLY=campaign npm run bench`: a campaign to a 10,000-subscriber list, from the send's
 * 204 to its last Send, beside the same run's inline transactional send rate on the same server.
 *
 * The built CLI on a fresh database; the list is filled by one subscriber import (CSV, /api/subscriber-imports),
 * timed too. Then, on the same server: inline sends (autocannon, 50 connections, BENCH_CAMPAIGN_SEND_SECONDS) for
 * the reference rate; then the campaign: POST /api/campaigns/{uuid}/send, and GET /api/campaigns/{uuid} until its
 * status is `sent`, while one client asks /healthz back to back (its p99 says whether the API stays responsive).
 * Printed: mails/s for both and their ratio (target: the campaign at least the inline rate), /healthz p50/p99
 * during the campaign, the server's peak RSS. BENCH_CAMPAIGN_SUBSCRIBERS (10,000) sizes the list.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_TOKEN, cpuTimeOf, JSON_API_HEADERS, memoryOf, startServer, stats, table } from './harness.js';
import { publishedCli } from '../support/published.js';

const SUBSCRIBERS = Number(process.env.BENCH_CAMPAIGN_SUBSCRIBERS ?? 10_000);
const SEND_SECONDS = Number(process.env.BENCH_CAMPAIGN_SEND_SECONDS ?? 6);
const HTML = `<html><body><h1>Hello ::subscriber.first_name::</h1>${'<p>News of the month, with a <a href="https://app.test/news">link</a>.</p>'.repeat(40)}<a href="::unsubscribeUrl::">Unsubscribe</a></body></html>`;

async function api(base: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: JSON_API_HEADERS,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return text === '' ? null : JSON.parse(text);
}

export async function runCampaignBench(log: (line: string) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mce-campaign-bench-'));
  const server = await startServer(publishedCli(), [
    '--port',
    '0',
    '--db',
    join(dir, 'campaign.sqlite'),
    '--token',
    BENCH_TOKEN,
    '--no-fixtures',
    '--smtp-port',
    'off',
  ]);
  const base = `http://127.0.0.1:${server.port}`;
  try {
    log(
      `campaign at scale: ${SUBSCRIBERS} subscribers, beside ${SEND_SECONDS} s of inline sends on the same server (load average ${loadavg()[0]!.toFixed(2)})`,
    );
    const list = (
      await api(base, 'POST', '/api/email-lists', {
        name: 'Bench',
        default_from_email: 'news@bench.test',
        default_from_name: 'Bench',
      })
    ).data;
    const csv = [
      'email,first_name',
      ...Array.from({ length: SUBSCRIBERS }, (_, i) => `reader${i}@bench.test,Reader ${i}`),
    ].join('\n');
    const importStart = performance.now();
    const draft = (
      await api(base, 'POST', '/api/subscriber-imports', { email_list_uuid: list.uuid, subscribers_csv: csv })
    ).data;
    await api(base, 'POST', `/api/subscriber-imports/${draft.uuid}/start`);
    for (;;) {
      const state = (await api(base, 'GET', `/api/subscriber-imports/${draft.uuid}`)).data;
      if (state.status === 'completed') break;
      if (state.status === 'failed') throw new Error(`the import failed: ${JSON.stringify(state).slice(0, 300)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const importMs = performance.now() - importStart;

    const inlineCpu = cpuTimeOf(server.child.pid!);
    const inline = await autocannon({
      url: `${base}/api/transactional-mails/send`,
      method: 'POST',
      headers: JSON_API_HEADERS,
      connections: 50,
      duration: SEND_SECONDS,
      body: JSON.stringify({
        from: 'app@bench.test',
        to: 'jane@bench.test',
        subject: 'Inline',
        html: HTML.replaceAll('::subscriber.first_name::', 'Jane'),
      }),
    });
    const inlineRate = inline.requests.average;
    const inlineCpuMs = (cpuTimeOf(server.child.pid!) - inlineCpu) / Math.max(1, inline.requests.total);

    const campaign = (
      await api(base, 'POST', '/api/campaigns', {
        name: 'Monthly',
        email_list_uuid: list.uuid,
        subject: 'News',
        html: HTML,
      })
    ).data;
    let sending = true;
    const healthMs: number[] = [];
    const prober = (async () => {
      while (sending) {
        const start = performance.now();
        await fetch(`${base}/healthz`).then((response) => response.arrayBuffer());
        healthMs.push(performance.now() - start);
      }
    })();
    const start = performance.now();
    const campaignCpu = cpuTimeOf(server.child.pid!);
    await api(base, 'POST', `/api/campaigns/${campaign.uuid}/send`);
    let sent: { status: string; sent_to_number_of_subscribers: number };
    for (;;) {
      sent = (await api(base, 'GET', `/api/campaigns/${campaign.uuid}`)).data;
      if (sent.status === 'sent') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const campaignMs = performance.now() - start;
    const campaignCpuMs =
      (cpuTimeOf(server.child.pid!) - campaignCpu) / Math.max(1, sent.sent_to_number_of_subscribers);
    sending = false;
    await prober;
    const campaignRate = (sent.sent_to_number_of_subscribers * 1000) / campaignMs;
    const health = stats(healthMs, campaignMs);
    const memory = memoryOf(server.child.pid!);
    log(
      table(
        ['measure', 'mails/s', 'time', 'CPU ms/mail', 'note'],
        [
          [
            'subscriber import (CSV)',
            ((SUBSCRIBERS * 1000) / importMs).toFixed(0),
            `${(importMs / 1000).toFixed(1)} s`,
            '',
            `${SUBSCRIBERS} rows`,
          ],
          [
            'inline send (50 connections)',
            inlineRate.toFixed(0),
            `${SEND_SECONDS} s`,
            inlineCpuMs.toFixed(2),
            `p99 ${inline.latency.p99} ms`,
          ],
          [
            'campaign, 204 to status sent',
            campaignRate.toFixed(0),
            `${(campaignMs / 1000).toFixed(1)} s`,
            campaignCpuMs.toFixed(2),
            `${sent.sent_to_number_of_subscribers} Sends`,
          ],
        ],
        (i) => i === 1 || i === 3,
      ),
    );
    log(
      `campaign / inline: ${(campaignRate / inlineRate).toFixed(2)}x (target: at least 1x: ${campaignRate >= inlineRate ? 'met' : 'NOT met'}); ` +
        `/healthz during the campaign: p50 ${health.p50.toFixed(1)} ms, p99 ${health.p99.toFixed(1)} ms over ${healthMs.length} probes; ` +
        `server RSS peak ${memory.peak.toFixed(0)} MiB, after ${memory.rss.toFixed(0)} MiB`,
    );
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
