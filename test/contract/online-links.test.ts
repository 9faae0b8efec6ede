/**
 * `--check-links online` (README "Mail checks"): a captured mail's checks request its links, each once,
 * HEAD first and GET where HEAD is refused, and report a page that answers 404 as a problem and a link nobody
 * answers as a warning; `online` never requests a private address, `online-all` does; without the flag nothing is
 * requested. The links point at a server of this test on 127.0.0.1, which records what it was asked.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../server/testing/client.js';
import { useEmulator } from '../support/emulator-process.js';

let site: Server;
let base = '';
let closedPort = 0;
const asked: string[] = [];

beforeAll(async () => {
  site = createServer((request, response) => {
    asked.push(`${request.method} ${request.url}`);
    if (request.url === '/missing') response.writeHead(404);
    else if (request.url === '/no-head' && request.method === 'HEAD') response.writeHead(405);
    else response.writeHead(200, { 'content-type': 'text/html' });
    response.end(request.method === 'HEAD' ? undefined : '<p>page</p>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  // A port nothing listens on: a server opened and closed again.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(() => new Promise((resolve) => site.close(resolve)));

const html = () =>
  [
    '<html><body>',
    `<p><a href="${base}/ok">ok</a> <a href="${base}/ok">again</a></p>`,
    `<p><a href="${base}/missing">missing</a></p>`,
    `<p><a href="${base}/no-head">no head</a></p>`,
    `<p><a href="http://127.0.0.1:${closedPort}/">closed</a></p>`,
    '<p><a href="mailto:help@example.com">mail us</a></p>',
    '</body></html>',
  ].join('\n');

function useChecked(mode: string | null) {
  const emulator = useEmulator({ args: mode === null ? [] : ['--check-links', mode] });
  return async () => {
    const client = createClient({ url: emulator().url, token: emulator().token });
    await client.mailcoach.sendTransactional({
      from: 'app@example.com',
      to: 'qa@example.com',
      subject: `Links ${mode}`,
      html: html(),
    });
    const mail = await client.waitForMessage({ subject: `Links ${mode}` });
    asked.length = 0;
    return { client, report: await client.checks(mail.uuid), uuid: mail.uuid };
  };
}

describe('--check-links online-all', () => {
  const checked = useChecked('online-all');

  it('requests each link once and reports a 404 as a problem, no answer as a warning', async () => {
    const { client, report, uuid } = await checked();
    expect(asked.sort()).toEqual(['GET /no-head', 'HEAD /missing', 'HEAD /no-head', 'HEAD /ok']);
    expect(
      report.links.map((link) => [new URL(link.url).pathname, link.online?.status ?? link.online?.error ?? null]),
    ).toEqual([
      ['/ok', 200],
      ['/ok', 200],
      ['/missing', 404],
      ['/no-head', 200],
      ['/', 'the connection was refused'],
      ['help@example.com', null],
    ]);
    const online = report.issues.filter((issue) => issue.code === 'link-broken' || issue.code === 'link-unreachable');
    expect(online.map((issue) => [issue.code, issue.severity, issue.line])).toEqual([
      ['link-broken', 'problem', 3],
      ['link-unreachable', 'warning', 5],
    ]);
    expect(online[0]!.message).toBe(`href="${base}/missing": the page answers 404`);
    // The http: links are local ones here (loopback): not insecure. The 404 is the report's only problem.
    expect(report.summary.problems).toBe(1);
    // has:problems and the list's marker count the offline checks only, as the background check does. The
    // count comes from that check, a moment after capture: a has:problems search waits for it.
    expect((await client.messages({ hasProblems: true })).data.map((message) => message.uuid)).not.toContain(uuid);
    expect((await client.message(uuid)).problems).toBe(0);

    // Asked again within minutes: answered from what the requests found, nothing is requested.
    const again = await client.checks(uuid);
    expect(asked).toHaveLength(4);
    expect(again.summary).toEqual(report.summary);
  });
});

describe('--check-links online', () => {
  const checked = useChecked('online');

  it('requests no private address, and says so for each link', async () => {
    const { report } = await checked();
    expect(asked).toEqual([]);
    const http = report.links.filter((link) => link.url.startsWith('http'));
    expect(http).toHaveLength(5);
    for (const link of http)
      expect(link.online).toEqual({
        status: null,
        error: null,
        skipped: 'a private address (--check-links online-all checks those too)',
      });
    expect(report.summary.problems).toBe(0);
  });
});

describe('without --check-links', () => {
  const checked = useChecked(null);

  it('requests nothing', async () => {
    const { report } = await checked();
    expect(asked).toEqual([]);
    expect(report.links.every((link) => link.online === null)).toBe(true);
  });
});
