/**
 * The interactive API docs (GET /_emulator/docs, server/http/api-docs.ts): reached from the UI's nav, they list
 * the document's operations and "Try it out" runs one against this emulator, under the page's strict CSP
 * (no violation reported, no request to another origin).
 */
import { expect, test } from './fixtures.js';

/** Swagger UI parses a 1.5 MB bundle and the document before it shows anything: seconds on a busy 2-core machine. */
const FIRST_RENDER = { timeout: 20_000 };

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
      const page = window as unknown as { __violations?: string[] };
      page.__violations ??= [];
      page.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  await page.goto(emulator.url);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'API docs' }).click();
  await expect(page).toHaveURL(`${emulator.url}/_emulator/docs`);
  await expect(page.getByRole('heading', { name: /mailcoach-emulator: emulator API/ })).toBeVisible(FIRST_RENDER);
  // Every operation of the document is listed.
  const operations = page.locator('.opblock');
  await expect(operations.first()).toBeVisible();
  expect(await operations.count()).toBeGreaterThan(40);
  await expect(page.locator('.opblock-summary-path', { hasText: /^\/_emulator\/wait-for$/ })).toBeVisible();

  // Try it out: GET /_emulator/clock, answered 200 with the clock's JSON.
  const clock = page.locator('.opblock-get', {
    has: page.locator('.opblock-summary-path', { hasText: /^\/_emulator\/clock$/ }),
  });
  await clock.locator('.opblock-summary').click();
  await clock.getByRole('button', { name: 'Try it out' }).click();
  const answered = page.waitForResponse(
    (response) => response.url() === `${emulator.url}/_emulator/clock` && response.request().method() === 'GET',
  );
  await clock.getByRole('button', { name: 'Execute' }).click();
  expect((await answered).status()).toBe(200);
  const served = clock.locator('.live-responses-table tbody tr.response').first();
  await expect(served.locator('.response-col_status')).toHaveText('200');
  await expect(served.locator('.response-col_description')).toContainText('"frozen"');

  expect(await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])).toEqual([]);
  expect(violations).toEqual([]);
  expect(foreign).toEqual([]);
});

test('the API docs follow the theme the UI chose, show the token placeholders, and find their icon', async ({
  page,
  emulator,
}) => {
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`);
  });
  // The UI's header keeps the theme per browser (web/src/theme.ts): dark here, on a system in light mode.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(emulator.url);
  await page.evaluate(() => localStorage.setItem('mailcoach-emulator.theme', 'dark'));
  const icon = page.waitForResponse((response) => response.url() === `${emulator.url}/favicon.svg`);
  await page.goto(`${emulator.url}/_emulator/docs`);
  await expect(page.getByText('Our own endpoints, beside the emulated Mailcoach API')).toContainText(
    'Authorization: Bearer <token>, or ?token=<token>',
    FIRST_RENDER,
  );
  expect((await icon).status()).toBe(200);
  const rendering = () => page.evaluate(() => getComputedStyle(document.documentElement).filter);
  expect(await rendering()).toContain('invert');

  // Following the system (no choice made): its dark scheme darkens the page too; a choice of light does not.
  await page.evaluate(() => document.documentElement.removeAttribute('data-theme'));
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await rendering()).toContain('invert');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  expect(await rendering()).toBe('none');
  expect(missing).toEqual([]);
});
