/**
 * The records pages (suppressions, sends, the log) and the controls, for every user: no axe violation in either
 * theme, and usable at 390 px wide, where the tables become cards with their labels and long addresses wrap.
 */
import type { Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { expect, type sendMail, test } from './fixtures.js';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './page-checks.js';

// ---- Accessibility and narrow screens ------------------------------------------------------------------------

/** Each page with something on it, and what shows it has loaded. */
async function pages(emulator: Parameters<typeof sendMail>[0]) {
  const { uuid } = await emulator.client.mailcoach.sendTransactional({
    from: 'app@example.com',
    to: 'jane@example.com',
    subject: 'Welcome aboard',
    html: '<p>Hi</p>',
  });
  await emulator.client.simulate.open((await emulator.client.sends({ logItemUuid: uuid! })).data[0]!.uuid);
  await emulator.client.faults.add({ preset: 'server-error', route: '/api/sends', times: 1 });
  return [
    ['/suppressions', (page: Page) => page.getByRole('rowheader', { name: 'bounced@example.com' })],
    ['/sends', (page: Page) => page.getByRole('button', { name: 'Simulate bounce' })],
    ['/log', (page: Page) => page.getByRole('link', { name: 'Welcome aboard' })],
    [`/log/${uuid}`, (page: Page) => page.getByRole('link', { name: 'Open “Welcome aboard” in the inbox' })],
    ['/controls', (page: Page) => page.getByRole('table', { name: 'Fault rules' })],
  ] as const;
}

// axe is injected as a script of the page: the UI's CSP admits its own scripts only.
test.use({ bypassCSP: true });

for (const theme of ['light', 'dark'] as const) {
  test(`the records pages and the controls have no accessibility violation (${theme})`, async ({ page, emulator }) => {
    await page.emulateMedia({ colorScheme: theme });
    await expectNoAxeViolations(page, emulator.url, await pages(emulator));
  });
}

test('the records pages and the controls are usable at 390 px wide', async ({ page, emulator }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await expectNoSidewaysScroll(page, emulator.url, await pages(emulator));
  // The sends' actions stay reachable.
  await page.goto(`${emulator.url}/sends`);
  await page.getByRole('button', { name: 'Simulate click' }).click();
  await expect(page.getByRole('status')).toContainText('Simulated click');
});

/** Each row of the table as the user sees it: its box, and each cell's text with the label shown before it. */
async function cards(page: Page, table: string) {
  return page.getByRole('table', { name: table }).evaluate((element: HTMLTableElement) =>
    Array.from(element.tBodies[0]!.rows, (row) => {
      const box = row.getBoundingClientRect();
      return {
        left: box.left,
        right: box.right,
        display: getComputedStyle(row).display,
        header: row.querySelector('th')?.textContent ?? null,
        headerWidth: row.querySelector('th')?.getBoundingClientRect().width ?? 0,
        cells: Array.from(row.querySelectorAll('td'), (cell) => {
          const label = getComputedStyle(cell, '::before').content;
          return { label: label === 'none' ? null : (JSON.parse(label) as string), text: cell.textContent ?? '' };
        }),
      };
    }),
  );
}

test('at 390 px the suppressions, sends and log are cards with their labels, with no sideways scrolling, and long addresses wrap', async ({
  page,
  emulator,
}) => {
  const long = 'the-quite-long-local-part-of-an-address-without-a-space@subdomain.of.a.rather.long.example.com';
  await emulator.client.mailcoach.sendTransactional({
    from: 'app@example.com',
    to: long,
    subject: 'To a long address',
    text: 'Hi',
  });
  await emulator.client.mailcoach.addSuppression(long);
  await page.setViewportSize({ width: 390, height: 800 });
  const width = 390;
  const fits = async (path: string) => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
      await page.evaluate(() => innerWidth),
    );
    expect(await page.evaluate(() => innerWidth)).toBe(width);
  };

  await page.goto(`${emulator.url}/suppressions`);
  await expect(page.getByRole('table', { name: 'Suppressions' }).getByRole('rowheader', { name: long })).toBeVisible();
  await fits('/suppressions');
  const suppressions = await cards(page, 'Suppressions');
  expect(suppressions.length).toBeGreaterThanOrEqual(5);
  for (const card of suppressions) {
    expect(card.display, card.header!).toBe('flex');
    expect(card.left).toBeGreaterThanOrEqual(0);
    expect(card.right).toBeLessThanOrEqual(width);
    // The address heads the card across its width, not one character per line.
    expect(card.headerWidth).toBeGreaterThan(200);
    expect(card.cells.map((cell) => cell.label)).toEqual(['Reason', 'Why it exists', 'Created', null]);
  }
  expect(suppressions.find((card) => card.header === long)!.cells[0]).toEqual({ label: 'Reason', text: 'manual' });

  await page.goto(`${emulator.url}/sends`);
  await expect(page.getByRole('button', { name: 'Simulate open' })).toBeVisible();
  await fits('/sends');
  const [send] = await cards(page, 'Sends');
  expect(send).toMatchObject({ display: 'flex', header: long });
  expect(send!.left).toBeGreaterThanOrEqual(0);
  expect(send!.right).toBeLessThanOrEqual(width);
  expect(send!.cells.map((cell) => cell.label)).toEqual(['Mail', 'Sent', 'State', 'Opens', 'Clicks', 'Simulate']);
  expect(send!.cells[0]!.text).toContain('To a long address');
  expect(send!.cells[2]!.text).toBe('sent');
  await page.getByRole('button', { name: 'Simulate open' }).click();
  await expect(page.getByRole('status')).toContainText('Simulated open');
  expect((await emulator.client.sends({ email: long })).data[0]!.open_count).toBe(1);

  await page.goto(`${emulator.url}/log`);
  await expect(page.getByRole('link', { name: 'To a long address' })).toBeVisible();
  await fits('/log');
  const [item] = await cards(page, 'Log items');
  expect(item).toMatchObject({ display: 'flex', header: 'To a long address' });
  expect(item!.right).toBeLessThanOrEqual(width);
  expect(item!.cells.map((cell) => [cell.label, cell.text])).toEqual([
    ['Created', expect.stringMatching(/UTC|\d/)],
    ['From', 'app@example.com'],
    ['To', long],
  ]);
  // The header (the subject) comes first on the card, before the Created cell.
  const order = await page
    .getByRole('table', { name: 'Log items' })
    .locator('tbody tr')
    .first()
    .evaluate((row) => {
      const [th, td] = [row.querySelector('th')!, row.querySelector('td')!];
      return th.getBoundingClientRect().top < td.getBoundingClientRect().top;
    });
  expect(order).toBe(true);

  // Cards pass axe as the tables do.
  for (const path of ['/suppressions', '/sends', '/log']) {
    await page.goto(`${emulator.url}${path}`);
    await expect(page.getByRole('table')).toBeVisible();
    expect(await axeViolations(page), path).toEqual([]);
  }
});
