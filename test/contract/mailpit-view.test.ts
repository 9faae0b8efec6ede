/**
 * Mailpit's message views (server/mailpit/view.ts;
 * docs/spec/mailpit-api.md#256-viewidhtml-and-viewidtxt-mp-serverapiv1testinggo-serverservergo-viewhandler),
 * through the real `mailpit-api` client and raw HTTP: /view/{ID}.html with its inline parts linked and `?embed=1`,
 * /view/{ID}.txt, `latest`, the 404 texts, marking read, and the policy that keeps a captured script from running
 * on our origin (docs/spec/mailpit-api.md#5-acceptance-test-cases, cases 51-55).
 */
import { MailpitClient } from 'mailpit-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { rawRequest } from '../support/http.js';
import { receiveMail } from '../support/mailpit-mail.js';

const emulator = useEmulator({ args: ['--smtp-port', '0'], fixtures: null });
const mailpit = () => new MailpitClient(emulator().url);
const get = (path: string) => rawRequest(emulator().url, { path });
const readState = async (uuid: string): Promise<boolean> => (await get(`/_emulator/messages/${uuid}`)).json().read;
const envelope = { from: 'app@example.com', to: ['jane@example.com'] };

const HTML = '<p>Hi <img src="cid:logo"> <a href="https://example.test">x</a></p><script>alert(1)</script>';

describe('/view/{ID}.html and .txt', () => {
  let html = { id: '', uuid: '' };
  let text = { id: '', uuid: '' };
  beforeAll(async () => {
    html = await receiveMail(
      emulator(),
      [
        'From: app@example.com',
        'To: jane@example.com',
        'Subject: With HTML',
        'Content-Type: multipart/related; boundary=r',
        '',
        '--r',
        'Content-Type: multipart/alternative; boundary=a',
        '',
        '--a',
        'Content-Type: text/plain',
        '',
        'Hi, the text.',
        '--a',
        'Content-Type: text/html',
        '',
        HTML,
        '--a--',
        '--r',
        'Content-Type: image/png',
        'Content-ID: <logo>',
        '',
        'png',
        '--r--',
      ],
      envelope,
    );
    text = await receiveMail(emulator(), ['From: app@example.com', 'Subject: Text only', '', 'Only text.'], envelope);
  });

  it('answers the HTML with each cid: of a part pointed at the part, and marks the message read', async () => {
    expect(await readState(html.uuid)).toBe(false);
    const page = await get(`/view/${html.id}.html`);
    expect([page.status, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page.text).toBe(HTML.replace('cid:logo', `/api/v1/message/${html.id}/part/2`));
    expect(await readState(html.uuid)).toBe(true);
    expect(await mailpit().renderMessageHTML(html.id)).toBe(page.text);
  });

  it('serves captured HTML under a policy that runs none of its scripts', async () => {
    const policy = (await get(`/view/${html.id}.html`)).headers['content-security-policy'];
    expect(policy).toContain("script-src 'none'");
    expect(policy).toMatch(/^sandbox /);
  });

  it('?embed=1: a whole document whose links open in a new tab (no longer the HTML as sent)', async () => {
    const embedded = await mailpit().renderMessageHTML(html.id, 1);
    expect(embedded).toContain('target="_blank" rel="noreferrer noopener"');
    expect(embedded).not.toContain(HTML);
    expect(embedded).toMatch(/^<html><head><\/head><body><p>Hi <img src="\/api\/v1\/message\/\w+\/part\/2">/);
  });

  it('answers the text, as the message’s Text, and marks the message read', async () => {
    const page = await get(`/view/${html.id}.txt`);
    expect([page.status, page.headers['content-type'], page.text]).toEqual([
      200,
      'text/plain; charset=utf-8',
      'Hi, the text.',
    ]);
    expect(await readState(text.uuid)).toBe(false);
    expect(await mailpit().renderMessageText(text.id)).toBe('Only text.\r\n');
    expect(await readState(text.uuid)).toBe(true);
  });

  it('answers 404 for a message without HTML, and for one it does not have; latest is the newest', async () => {
    const noHtml = await get(`/view/${text.id}.html`);
    expect([noHtml.status, noHtml.text]).toEqual([404, 'This message does not contain a HTML part']);
    for (const path of ['/view/nonexistent.html', '/view/nonexistent.txt', `/view/${'0'.repeat(22)}.txt`]) {
      const missing = await get(path);
      expect([missing.status, missing.text], path).toEqual([404, 'Message not found']);
    }
    expect((await get('/view/latest.txt')).text).toBe('Only text.\r\n');
  });

  it('follows the // of cypress-mailpit to the view (case 52)', async () => {
    const redirect = await get(`//view/${html.id}.html`);
    expect([redirect.status, redirect.headers.location]).toEqual([301, `/view/${html.id}.html`]);
    const followed = await fetch(`${emulator().url}//view/${html.id}.txt`);
    expect([followed.status, await followed.text()]).toEqual([200, 'Hi, the text.']);
  });

  it('leads /view/latest and /view/{ID} to the message in our inbox', async () => {
    const latest = await get('/view/latest');
    expect([latest.status, latest.headers.location]).toEqual([302, `/view/${text.id}`]);
    const message = await get(`/view/${text.id}`);
    expect([message.status, message.headers.location]).toEqual([302, `/messages/${text.uuid}`]);
  });
});
