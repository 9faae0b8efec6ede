/**
 * The interactive API docs (GET /_emulator/docs, server/http/api-docs.ts): reached from the UI's nav, they list
 * the document's operations and "Try it out" runs one against this emulator, under the page's strict CSP
 * (no violation reported, no request to another origin).
 */
import { expect, test } from './fixtures.js';

test('the API docs list the operations and run one with "Try it out", within their CSP', async ({ page, emulator }) => {
  const violations: string[] = [];
  const foreign: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on('request', (request) => {
    if (!request.url().startsWith(emulator.url) && !request.url().startsWith('data:')) foreign.push(request.url());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      ((window as unknown as { __violations?: string[] }).__violations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  await page.goto(emulator.url);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'API docs' }).click();
  await expect(page).toHaveURL(`${emulator.url}/_emulator/docs`);
  await expect(page.getByRole('heading', { name: /mailcoach-emulator: emulator API/ })).toBeVisible();
  // Every operation of the document is listed.
  const operations = page.locator('.opblock');
  await expect(operations.first()).toBeVisible();
  expect(await operations.count()).toBeGreaterThan(40);
  await expect(page.locator('.opblock-summary-path', { hasText: /^\/_emulator\/wait-for$/ })).toBeVisible();

  // Try it out: GET /_emulator/clock, answered 200 with the clock's JSON.
  const clock = page.locator('.opblock-get', { has: page.locator('.opblock-summary-path', { hasText: /^\/_emulator\/clock$/ }) });
  await clock.locator('.opblock-summary').click();
  await clock.getByRole('button', { name: 'Try it out' }).click();
  const answered = page.waitForResponse((response) => response.url() === `${emulator.url}/_emulator/clock` && response.request().method() === 'GET');
  await clock.getByRole('button', { name: 'Execute' }).click();
  expect((await answered).status()).toBe(200);
  const served = clock.locator('.live-responses-table tbody tr.response').first();
  await expect(served.locator('.response-col_status')).toHaveText('200');
  await expect(served.locator('.response-col_description')).toContainText('"frozen"');

  expect(await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])).toEqual([]);
  expect(violations).toEqual([]);
  expect(foreign).toEqual([]);
});
