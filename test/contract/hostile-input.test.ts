/**
 * Hostile input never stalls or crashes the server. Seeded with fast-check over every route and field
 * of test/support/hostile.ts (big, odd, deeply nested values, in JSON, form and multipart bodies), plus each
 * request that once froze the server, replayed as it was. For every request: no 5xx, every error in our shapes,
 * an answer within the test's timeout, /healthz answering meanwhile, and nothing stored when the request was refused.
 * The emulator runs as users run it: the built CLI, with its render worker and the bundled fixtures.
 */
import fc from 'fast-check';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, useEmulator } from '../support/emulator-process.js';
import { rawRequest, type RawResponse } from '../support/http.js';
import {
  buildRequest,
  buildSmtpMessage,
  describeSmtpCase,
  HOSTILE_SEED,
  hostileCases,
  HTML_WITH_CONSTRUCTOR,
  hostileSmtpCases,
  regressionRequests,
  type HostileRequest,
  type HostileSmtpCase,
} from '../support/hostile.js';
import { smtpDialog } from '../support/smtp.js';
import { storedRowCounts } from '../support/stored-rows.js';

const emulator = useEmulator({ fixtures: join(ROOT, 'fixtures'), args: ['--smtp-port', '0'] });
const auth = () => ({ accept: 'application/json', authorization: `Bearer ${emulator().token}` });

/**
 * No time bounds here: a shared 2-core machine's speed varies 4x from day to day. A request that does not answer
 * fails by the test's timeout; how fast the answers and /healthz meanwhile are is measured by `npm run bench`
 * (hostile: the requests, every route and field, the slowest /healthz during the walk). The quadratic
 * paths this file guards against (17 s to over 15 minutes) have growth checks of their own in test/unit
 * (linear-time, addresses, email, template-placeholders, twig-variables, mjml-structure, fault-rules).
 */
async function send(request: HostileRequest): Promise<{ res: RawResponse }> {
  const headers = { ...request.headers };
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  return {
    res: await rawRequest(emulator().url, { method: request.method, path: request.path, headers, body: request.body }),
  };
}

/** Runs `work` while /healthz is asked again and again (each answered 200); returns its result. */
async function whileProbingHealth<T>(work: () => Promise<T>): Promise<{ result: T }> {
  let done = false;
  let endPause = () => {};
  const probe = (async () => {
    while (!done) {
      const res = await rawRequest(emulator().url, { path: '/healthz' });
      expect(res.status).toBe(200);
      // Pacing, not a wait for anything: the probe should not crowd out the request it runs beside. The work's end
      // cuts the pause short, so that a case does not wait for it.
      await new Promise<void>((resolve) => {
        endPause = resolve;
        setTimeout(resolve, 25);
      });
    }
  })();
  try {
    return { result: await work() };
  } finally {
    done = true;
    endPause();
    await probe;
  }
}

/**
 * What the emulator holds: the rows of every table in its database file (captured mail, log items, sends,
 * suppressions, lists, subscribers, campaigns, templates, tags, webhooks: test/support/stored-rows.ts), and the
 * fault rules, which live in memory, as the API lists them.
 */
async function holdings(): Promise<Record<string, number>> {
  const faults = await rawRequest(emulator().url, { path: '/_emulator/faults', headers: auth() });
  expect(faults.status).toBe(200);
  return { ...storedRowCounts(emulator().dbPath), faultRules: (faults.json().data as unknown[]).length };
}

/** The answer is one of ours: JSON with a message (and errors for a 422), or Mailcoach's own text answers. */
function expectOurShape(request: HostileRequest, res: RawResponse): void {
  const context = `${request.label}: ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, context).toBeGreaterThanOrEqual(200);
  expect(res.status, context).toBeLessThan(500);
  if (res.status < 400) return;
  if (res.status === 406) {
    // SendTransactionalMailController's own answer for a suppressed recipient.
    expect(res.headers['content-type'], context).toBe('text/html; charset=UTF-8');
    expect(res.text, context).toMatch(/^The email `.+` is on the suppression list\.$/s);
    return;
  }
  expect(res.headers['content-type'], context).toMatch(/^application\/json/);
  const body = res.json();
  expect(typeof body.message, context).toBe('string');
  if (res.status === 422) expect(typeof body.errors, context).toBe('object');
}

async function checkRequest(request: HostileRequest): Promise<void> {
  const before = await holdings();
  const { result } = await whileProbingHealth(() => send(request));
  expectOurShape(request, result.res);
  if (result.res.status >= 400) expect(await holdings(), `${request.label} was refused`).toEqual(before);
}

describe('the requests that froze or crashed the server', () => {
  const requests = regressionRequests('placeholder');
  it.each(requests.map((request) => [request.label, request]))(
    '%s: answered, /healthz meanwhile',
    async (_label, request) => {
      await checkRequest({ ...request, headers: { ...request.headers, ...auth() } });
    },
  );

  it('41,666 cc and 2 to: accepted and captured with every recipient, as Mailcoach would', async () => {
    const request = regressionRequests(emulator().token).find((r) => r.label.startsWith('JSON 41,666'))!;
    const { res } = await send(request);
    expect(res.status).toBe(200);
    const message = await rawRequest(emulator().url, { path: '/_emulator/messages?per_page=1', headers: auth() });
    expect(message.json().data[0].cc).toHaveLength(41_666);
  });

  it('HTML with an element named constructor: captured, its text part as league/html-to-markdown writes it', async () => {
    const request = regressionRequests(emulator().token).find((r) => r.label.includes('constructor'))!;
    expect(request.body).toContain(HTML_WITH_CONSTRUCTOR.slice(0, 20));
    const { res } = await send(request);
    expect(res.status).toBe(200);
    const list = await rawRequest(emulator().url, { path: '/_emulator/messages?per_page=1', headers: auth() });
    const message = await rawRequest(emulator().url, {
      path: `/_emulator/messages/${list.json().data[0].uuid}`,
      headers: auth(),
    });
    // The same text as ConvertHtmlToTextAction gives (test/fidelity checks the converter against PHP).
    expect(message.json().text).toBe('```\nBlue mug\n```\n\nThanks');
  });
});

describe('seeded hostile input over every route and field', () => {
  it('never answers 5xx, answers in time in our shapes, keeps /healthz answering, stores nothing it refused', async () => {
    await fc.assert(
      fc.asyncProperty(hostileCases, async (hostile) => {
        await checkRequest(buildRequest(hostile, emulator().token));
        // A fault rule a case created (each can never fire, hostile.ts) goes, so the next case starts clean.
        await rawRequest(emulator().url, { method: 'DELETE', path: '/_emulator/faults', headers: auth() });
      }),
      // A failure prints its seed and path, and replays with them.
      { seed: HOSTILE_SEED, numRuns: Number(process.env.HOSTILE_RUNS ?? 150), endOnFailure: true },
    );
  }, 600_000);
});

/**
 * One hostile SMTP case over a raw dialog: EHLO, MAIL FROM, RCPT TO, DATA, the message, QUIT. Every reply is a
 * clear one; the message is stored exactly as sent (and shown: its JSON answers 200) when DATA was answered 250,
 * and nothing is stored when any step was refused.
 */
async function checkSmtpCase(hostile: HostileSmtpCase): Promise<void> {
  const label = describeSmtpCase(hostile);
  const message = buildSmtpMessage(hostile);
  const port = emulator().smtpPort!;
  const before = await holdings();
  const { result: replies } = await whileProbingHealth(async () => {
    const dialog = await smtpDialog(port);
    const replies: string[] = [];
    const step = async (command: string | Buffer) => {
      dialog.write(command);
      const reply = await dialog.reply();
      replies.push(reply.slice(0, 200));
      return reply;
    };
    try {
      expect(await step('EHLO hostile\r\n'), label).toMatch(/^250-/);
      if (!(await step(`MAIL FROM:<${message.mailFrom}>\r\n`)).startsWith('250 ')) return replies;
      if (!(await step(`RCPT TO:<${message.rcptTo}>\r\n`)).startsWith('250 ')) return replies;
      expect(await step('DATA\r\n'), label).toMatch(/^354 /);
      await step(message.wire);
      dialog.write('QUIT\r\n');
      await dialog.closed;
      return replies;
    } finally {
      dialog.destroy();
    }
  });
  // Every reply has a code; a refusal is a clear 4xx/5xx with a reason, never a dropped connection.
  for (const reply of replies) expect(reply, `${label}: ${replies.join(' | ')}`).toMatch(/^[2-5]\d\d[ -]\S/);
  const last = replies.at(-1)!;
  if (replies.length === 5 && last.startsWith('250 ')) {
    const newest = (
      await rawRequest(emulator().url, { path: '/_emulator/messages?per_page=1', headers: auth() })
    ).json().data[0];
    const shown = await rawRequest(emulator().url, { path: `/_emulator/messages/${newest.uuid}`, headers: auth() });
    expect(shown.status, label).toBe(200);
    expect(shown.json().via, label).toBe('smtp');
    const raw = await fetch(`${emulator().url}/_emulator/messages/${newest.uuid}/raw`);
    expect(Buffer.from(await raw.arrayBuffer()).equals(message.data), `${label}: stored as sent`).toBe(true);
    // The mail, its raw bytes and one row per attachment it shows: nothing else.
    const attachments = (shown.json().attachments as unknown[]).length;
    expect(await holdings(), label).toEqual({
      ...before,
      messages: before.messages! + 1,
      message_raw: before.message_raw! + 1,
      message_attachments: before.message_attachments! + attachments,
    });
  } else {
    expect(last, `${label}: ${replies.join(' | ')}`).toMatch(/^[45]\d\d /);
    expect(await holdings(), `${label} was refused`).toEqual(before);
  }
}

describe('seeded hostile input over SMTP', () => {
  it('every value in every part of a message: a clear reply, stored as sent or not at all, /healthz meanwhile', async () => {
    await fc.assert(fc.asyncProperty(hostileSmtpCases, checkSmtpCase), {
      seed: HOSTILE_SEED,
      numRuns: Number(process.env.HOSTILE_SMTP_RUNS ?? 100),
      endOnFailure: true,
    });
  }, 600_000);
});
