/**
 * A message's checks on the Mailpit surface (server/mailpit/checks.ts; docs/spec/mailpit-api.md#26-checks), through
 * the real `mailpit-api` client: html-check from our client-support check in Mailpit's shape, link-check offline
 * (each link answered as not checked, and counted) and with `--check-links online-all` against a local server,
 * and sa-check as Mailpit answers it with SpamAssassin off (docs/spec/mailpit-api.md#5-acceptance-test-cases,
 * cases 63-65).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MailpitClient } from 'mailpit-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { rawRequest } from '../support/http.js';
import { receiveMail } from '../support/mailpit-mail.js';

const offline = useEmulator({ args: ['--smtp-port', '0'], fixtures: null });
const online = useEmulator({ args: ['--smtp-port', '0', '--check-links', 'online-all'], fixtures: null });
const envelope = { from: 'app@example.com', to: ['jane@example.com'] };
const readState = async (url: string, uuid: string): Promise<boolean> =>
  (await rawRequest(url, { path: `/_emulator/messages/${uuid}` })).json().read;

/** HTML with two links (one twice) and a text part with a third, after a character (case 64). */
function linksMail(base: string): string[] {
  return [
    'From: app@example.com',
    'To: jane@example.com',
    'Subject: Links',
    'Content-Type: multipart/alternative; boundary=a',
    '',
    '--a',
    'Content-Type: text/plain',
    '',
    `see ${base}/text`,
    '--a',
    'Content-Type: text/html',
    '',
    `<p><a href="${base}/one">1</a> <a href="${base}/missing">2</a> <a href="${base}/one">1 again</a></p>`,
    '--a--',
  ];
}

describe('html-check', () => {
  it('answers 400 for a message without HTML', async () => {
    const { id } = await receiveMail(offline(), ['Subject: Text', '', 'text'], envelope);
    const answer = await rawRequest(offline().url, { path: `/api/v1/message/${id}/html-check` });
    expect([answer.status, answer.headers['content-type'], answer.text]).toEqual([
      400,
      'text/plain',
      'message does not contain HTML',
    ]);
  });

  it("answers Mailpit's HTMLCheckResponse from our check, without marking the message read", async () => {
    const { id, uuid } = await receiveMail(
      offline(),
      ['Subject: Centred', 'Content-Type: text/html', '', '<div style="text-align:center"><p>x</p></div>'],
      envelope,
    );
    const check = await new MailpitClient(offline().url).htmlCheck(id);
    expect(Object.keys(check)).toEqual(['Warnings', 'Platforms', 'Total']);
    expect(check.Total).toEqual({
      Tests: expect.any(Number),
      Nodes: 2,
      Supported: expect.any(Number),
      Partial: expect.any(Number),
      Unsupported: 0,
    });
    expect(Number.isInteger(check.Total.Tests)).toBe(true);
    expect(check.Total.Partial).toBeGreaterThan(0);
    const textAlign = check.Warnings.find((warning) => warning.Title === 'text-align');
    expect(textAlign).toMatchObject({ Slug: 'css-text-align', Category: 'css', Score: { Found: 1, Unsupported: 0 } });
    expect(textAlign?.Results).toContainEqual(expect.objectContaining({ Family: 'outlook', Support: 'partial' }));
    expect(check.Platforms.ios).toContain('Gmail');
    expect(await readState(offline().url, uuid)).toBe(false);
  });
});

describe('link-check', () => {
  it('offline: every link once, in HTML-then-text order, not checked and counted in Errors; marks read', async () => {
    const { id, uuid } = await receiveMail(offline(), linksMail('https://example.test'), envelope);
    const check = await new MailpitClient(offline().url).linkCheck(id, true);
    const notChecked = { StatusCode: 0, Status: 'not checked (offline)' };
    expect(check).toEqual({
      Errors: 3,
      Links: [
        { URL: 'https://example.test/one', ...notChecked },
        { URL: 'https://example.test/missing', ...notChecked },
        { URL: 'https://example.test/text', ...notChecked },
      ],
    });
    expect(await readState(offline().url, uuid)).toBe(true);
  });

  describe('with --check-links online-all', () => {
    let site: Server;
    let base = '';
    beforeAll(async () => {
      site = createServer((request, response) => {
        response.writeHead(request.url === '/missing' ? 404 : 200).end();
      });
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

    it("answers each link's status and reason, errors counted", async () => {
      const { id } = await receiveMail(online(), linksMail(base), envelope);
      expect(await new MailpitClient(online().url).linkCheck(id)).toEqual({
        Errors: 1,
        Links: [
          { URL: `${base}/one`, StatusCode: 200, Status: 'OK' },
          { URL: `${base}/missing`, StatusCode: 404, Status: 'Not Found' },
          { URL: `${base}/text`, StatusCode: 200, Status: 'OK' },
        ],
      });
    });
  });
});

describe('sa-check', () => {
  it('is the 404 of Mailpit with SpamAssassin off (case 63)', async () => {
    const { id } = await receiveMail(offline(), ['Subject: Spam?', '', 'text'], envelope);
    const answer = await rawRequest(offline().url, { path: `/api/v1/message/${id}/sa-check` });
    expect([answer.status, answer.text]).toEqual([404, 'File not found\n']);
    await expect(new MailpitClient(offline().url).spamAssassinCheck(id)).rejects.toThrow(/404 Not Found/);
  });
});
