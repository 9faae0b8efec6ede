/**
 * `npm run bench`: list-endpoint latency with 100,000 suppressions and 100,000 sends (lists.ts), send throughput
 * (send.ts), the inbox's search and wait-for latency over 100,000 captured messages (inbox.ts) and the
 * in-process start-up of startEmulator() (startup.ts), hostile input (hostile.ts) and the web inbox in Chromium (ui.ts).
 * the template studio's render round trip (studio.ts), SMTP ingest against MailDev (smtp.ts).
 * `BENCH_ONLY=lists|send|inbox|startup|hostile|ui|studio|smtp|campaign|memory|checks|mailpit` runs one part.
 */
import { runListBench } from './lists.js';
import { runInboxBench } from './inbox.js';
import { runSendBench } from './send.js';
import { runStartupBench } from './startup.js';
import { runHostileBench } from './hostile.js';
import { runUiBench } from './ui.js';
import { runStudioBench } from './studio.js';
import { runSmtpBench } from './smtp.js';
import { runCampaignBench } from './campaign.js';
import { runMemoryBench } from './memory.js';
import { runChecksBench } from './checks.js';
import { runMailpitBench } from './mailpit.js';

const PARTS = [
  'lists',
  'send',
  'startup',
  'inbox',
  'hostile',
  'ui',
  'studio',
  'smtp',
  'campaign',
  'memory',
  'checks',
  'mailpit',
];

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY;
  if (only !== undefined && only !== '' && !PARTS.includes(only))
    throw new Error(`BENCH_ONLY must be one of ${PARTS.join(', ')}`);
  const runs = (part: string) => only === undefined || only === '' || only === part;
  if (runs('lists')) await runListBench();
  if (runs('lists') && runs('send')) process.stdout.write('\n');
  if (runs('send')) await runSendBench((line) => process.stdout.write(`${line}\n`));
  // 100,000 captured messages: search latency and wait-for latency (inbox.ts).
  if (runs('inbox')) await runInboxBench((line) => process.stdout.write(`\n${line}\n`));
  // startEmulator() start-up in fresh processes (startup.ts).
  if (runs('startup')) await runStartupBench((line) => process.stdout.write(`\n${line}\n`));
  // Hostile input: the requests that once froze the server and every route and field, against a normal send (hostile.ts).
  if (runs('hostile')) await runHostileBench((line) => process.stdout.write(`\n${line}\n`));
  // The web inbox in Chromium over 100,000 messages: first rows, live arrival, initial JavaScript (ui.ts).
  if (runs('ui')) await runUiBench((line) => process.stdout.write(`\n${line}\n`));
  // The template studio: render round trip against the bare insert baseline, and the studio's lazy chunks (studio.ts).
  if (runs('studio')) await runStudioBench((line) => process.stdout.write(`\n${line}\n`));
  // SMTP ingest over 5 pooled connections, against MailDev 2 fetched into a cache outside the repository (smtp.ts).
  if (runs('smtp')) await runSmtpBench((line) => process.stdout.write(`${line}\n`));
  // A campaign to 10,000 subscribers beside the same server's inline send rate, /healthz meanwhile (campaign.ts).
  if (runs('campaign')) await runCampaignBench((line) => process.stdout.write(`\n${line}\n`));
  // Five identical load rounds: RSS settles (round 5 within 10% of round 1), peak at most 2x the bare baseline's (memory.ts).
  if (runs('memory')) await runMemoryBench((line) => process.stdout.write(`\n${line}\n`));
  // A captured 20 KB MJML mail's checks report, first request and cached, against the same baseline (checks.ts).
  if (runs('checks')) await runChecksBench((line) => process.stdout.write(`\n${line}\n`));
  // The Mailpit surface over 100,000 messages: list, search and the websocket's `new` against our own (mailpit.ts).
  if (runs('mailpit')) await runMailpitBench((line) => process.stdout.write(`\n${line}\n`));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
