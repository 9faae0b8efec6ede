/**
 * Captured mail can hold anything, and other web pages can reach a developer's localhost: scripts in mail never
 * run, cross-site pages cannot change the emulator, a foreign Host (DNS rebinding) gets no data, and beyond
 * loopback the UI asks for a token.
 */
import http from 'node:http';
import { expect, sendMail, test } from './fixtures.js';

const HOSTILE_HTML = `<p>Visible text</p>
<script>parent.__pwnedByScript = true; document.title = 'pwned'; fetch('/_emulator/reset', { method: 'POST' });</script>
<img src="/nothing-here.png" onerror="parent.__pwnedByHandler = true; fetch('/_emulator/reset', { method: 'POST' })">
<form action="/_emulator/reset" method="post"><button id="submit">Submit</button></form>`;

test('a captured <script> and an inline onerror do not run, in the frame or opened directly', async ({
  page,
  emulator,
}) => {
  await sendMail(emulator, { subject: 'Hostile', html: HOSTILE_HTML });
  const resets: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/_emulator/reset')) resets.push(request.url());
  });
  const imageFailed = (context: string) =>
    page
      .waitForResponse((response) => response.url().endsWith('/nothing-here.png'), { timeout: 15_000 })
      .then((response) => expect(response.status(), context).toBe(404));
  await page.goto(emulator.url);
  const frameImage = imageFailed('the image in the frame');
  await page.getByRole('link', { name: /Hostile/ }).click();
  const frame = page.frameLocator('iframe[title^="HTML of"]');
  await expect(frame.getByText('Visible text')).toBeVisible();
  // The script would have run while the frame was parsed, and the onerror handler once the image failed, both
  // before the frame's load event.
  await frameImage;
  await (await (await page.locator('iframe[title^="HTML of"]').elementHandle())!.contentFrame())!.waitForLoadState(
    'load',
  );
  // A click waits for a navigation it starts (a submitted form's) to begin.
  await frame.locator('#submit').click();
  expect(
    await page.evaluate(() => [
      (window as { __pwnedByScript?: boolean }).__pwnedByScript,
      (window as { __pwnedByHandler?: boolean }).__pwnedByHandler,
    ]),
  ).toEqual([undefined, undefined]);
  expect(await page.locator('iframe[title^="HTML of"]').getAttribute('sandbox')).not.toContain('allow-scripts');
  expect(resets).toEqual([]);
  expect((await emulator.client.messages()).meta.total).toBe(1);

  const [message] = (await emulator.client.messages()).data;
  const directImage = imageFailed('the image on the page');
  // goto waits for the load event: after the script's turn and the image's error handler.
  const direct = await page.goto(emulator.client.urls.html(message!.uuid));
  expect(direct!.headers()['content-security-policy']).toMatch(
    /^sandbox allow-same-origin allow-popups allow-popups-to-escape-sandbox; script-src 'none'/,
  );
  expect(direct!.headers()['x-content-type-options']).toBe('nosniff');
  await expect(page.getByText('Visible text')).toBeVisible();
  await directImage;
  expect(await page.title()).not.toBe('pwned');
  expect(resets).toEqual([]);
  expect((await emulator.client.messages()).meta.total).toBe(1);
});

test('a page of another site cannot reset the emulator, and a foreign Host gets no data', async ({
  page,
  emulator,
}) => {
  await sendMail(emulator, { subject: 'Still here', text: 'x' });
  // A page of evil.test (served by the test), posting to the emulator the way any web page can.
  await page.route('http://evil.test/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<script>
        window.answers = [];
        fetch(${JSON.stringify(`${emulator.url}/_emulator/reset`)}, { method: 'POST', mode: 'no-cors' }).then(() => answers.push('sent'), () => answers.push('failed'));
        fetch(${JSON.stringify(`${emulator.url}/_emulator/messages`)}, { method: 'DELETE', mode: 'no-cors' }).then(() => answers.push('sent'), () => answers.push('failed'));
      </script>`,
    }),
  );
  await page.goto('http://evil.test/');
  await expect.poll(() => page.evaluate(() => (window as unknown as { answers: string[] }).answers.length)).toBe(2);
  expect((await emulator.client.messages()).data.map((m) => m.subject)).toEqual(['Still here']);

  const crossSite = await fetch(`${emulator.url}/_emulator/reset`, {
    method: 'POST',
    headers: { origin: 'http://evil.test' },
  });
  expect(crossSite.status).toBe(403);
  expect(await crossSite.json()).toEqual({
    message:
      "Cross-site requests cannot change the emulator: send it from the emulator's own pages or from a non-browser client.",
  });

  for (const path of ['/_emulator/messages', '/', '/messages/x']) {
    const answer = await rawGet(emulator.port, path, 'evil.test');
    expect(answer.status, path).toBe(403);
    expect(JSON.parse(answer.body).message).toMatch(/^The host "evil\.test" is not allowed\./);
    expect(answer.body).not.toContain('Still here');
  }
  expect((await rawGet(emulator.port, '/_emulator/messages', `localhost:${emulator.port}`)).body).toContain(
    'Still here',
  );
});

test.describe('bound beyond loopback', () => {
  test.use({ emulatorOptions: { host: '0.0.0.0' } });

  test('the UI asks for a token, refuses a wrong one, and keeps the right one for the tab', async ({
    page,
    emulator,
  }) => {
    await sendMail(emulator, { subject: 'Behind a token', text: 'x' });
    const url = `http://127.0.0.1:${emulator.port}`;
    expect((await fetch(`${url}/_emulator/messages`)).status).toBe(401);
    await page.goto(url);
    const token = page.getByLabel('API token');
    await token.fill('wrong-token');
    await page.getByRole('button', { name: 'Open the inbox' }).click();
    await expect(page.getByRole('alert')).toHaveText('That token was not accepted.');
    await page.getByLabel('API token').fill(emulator.token);
    await page.getByRole('button', { name: 'Open the inbox' }).click();
    await expect(page.getByRole('link', { name: /Behind a token/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: /Behind a token/ })).toBeVisible();
  });
});

function rawGet(port: number, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path, headers: { host, accept: 'text/html,application/json' } },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}
