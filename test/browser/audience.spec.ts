/**
 * The audience pages as a developer checking a sign-up uses them: a subscriber an app creates through
 * /api appears live on its list's page; its confirmation mail is linked from its page, and confirming there
 * subscribes it (as the API then says); tags added there are the API's; a delete asks first. Then the Lists page's
 * counts, the list's filters in the URL, axe on every new page in both themes, and every new page at 390 px.
 */
import type { StartedEmulator } from '../../server/testing/index.js';
import { expect, test } from './fixtures.js';
import { expectNoAxeViolations, expectNoSidewaysScroll, type LoadedPage } from './page-checks.js';

/** fixtures/audience.json's lists: Newsletter (no double opt-in), Product updates (double opt-in). */
const NEWSLETTER = '197fa091-463b-4b00-8cb3-fee1b7c2d1bd';
const PRODUCT_UPDATES = 'f786787b-50d0-4e01-8e5a-04a6e5f7ebb2';

test.use({ bypassCSP: true });

test('a subscriber created through /api appears live on its list page; confirming from its page subscribes it', async ({
  page,
  emulator,
}) => {
  await page.goto(`${emulator.url}/lists/${PRODUCT_UPDATES}`);
  await expect(page.getByRole('heading', { level: 1, name: /Product updates/ })).toBeVisible();
  await expect(page.locator('.live')).toHaveText('Live');
  const table = page.getByRole('table', { name: 'Subscribers' });

  const ann = await emulator.client.mailcoach.subscribe(PRODUCT_UPDATES, {
    email: 'ann@example.com',
    first_name: 'Ann',
  });
  const row = table.getByRole('row', { name: /ann@example\.com/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('unconfirmed');

  await row.getByRole('link', { name: 'ann@example.com' }).click();
  await expect(page).toHaveURL(`${emulator.url}/subscribers/${ann.uuid}`);
  await expect(page.getByRole('heading', { level: 1, name: /ann@example\.com/ })).toBeVisible();
  // The confirmation mail, linked into the inbox.
  const confirmationMail = await emulator.client.waitForMessage({
    to: 'ann@example.com',
    subject: 'Confirm your subscription',
  });
  const link = page.getByRole('link', { name: 'Open the confirmation mail' });
  await expect(link).toHaveAttribute('href', `/messages/${confirmationMail.uuid}`);

  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Done: the subscriber is subscribed.');
  await expect(page.getByRole('region', { name: 'Status' })).toContainText('subscribed');
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
  const fromApi = await emulator.client.mailcoach.subscriber(ann.uuid);
  expect(fromApi.subscribed_at).not.toBeNull();
  expect(fromApi.unsubscribed_at).toBeNull();

  // The link opens the mail in the inbox.
  await link.click();
  await expect(page).toHaveURL(`${emulator.url}/messages/${confirmationMail.uuid}`);
});

test("the subscriber page follows changes made elsewhere: the confirmation mail's link followed, a tag added through /api", async ({
  page,
  emulator,
}) => {
  const ann = await emulator.client.mailcoach.subscribe(PRODUCT_UPDATES, { email: 'ann@example.com' });
  await page.goto(`${emulator.url}/subscribers/${ann.uuid}`);
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status).toContainText('unconfirmed');
  await expect(page.locator('.live')).toHaveText('Live');

  // What the subscriber does: follows the link of the mail.
  const link = await emulator.client.waitForConfirmationLink('ann@example.com');
  expect((await fetch(link, { redirect: 'manual' })).status).toBeLessThan(400);
  await expect(status.locator('.badge')).toHaveText('subscribed');
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();

  expect(
    (await emulator.client.mailcoach.request('POST', `/subscribers/${ann.uuid}/tags`, { tags: ['from-the-app'] }))
      .status,
  ).toBe(200);
  await expect(
    page.getByRole('region', { name: 'Tags' }).getByRole('button', { name: 'Remove tag from-the-app' }),
  ).toBeVisible();
});

test('tags added and removed on the subscriber page are the API subscriber tags', async ({ page, emulator }) => {
  const ann = await emulator.client.mailcoach.subscribe(NEWSLETTER, { email: 'ann@example.com', tags: ['customer'] });
  await page.goto(`${emulator.url}/subscribers/${ann.uuid}`);
  const tags = page.getByRole('region', { name: 'Tags' });
  await expect(tags.getByRole('list', { name: 'Tags' })).toContainText('customer');
  await tags.getByLabel('Add tags').fill('vip, Early bird');
  await tags.getByRole('button', { name: 'Add' }).click();
  await expect(tags.getByRole('button', { name: 'Remove tag Early bird' })).toBeVisible();
  expect((await emulator.client.mailcoach.subscriber(ann.uuid)).tags.sort()).toEqual(['Early bird', 'customer', 'vip']);

  await tags.getByRole('button', { name: 'Remove tag customer' }).click();
  await expect(tags.getByRole('button', { name: 'Remove tag customer' })).toHaveCount(0);
  expect((await emulator.client.mailcoach.subscriber(ann.uuid)).tags.sort()).toEqual(['Early bird', 'vip']);
});

test('deleting a subscriber asks first, then goes back to its list, where it is gone', async ({ page, emulator }) => {
  const ann = await emulator.client.mailcoach.subscribe(NEWSLETTER, { email: 'ann@example.com' });
  await page.goto(`${emulator.url}/subscribers/${ann.uuid}`);
  await page.getByRole('button', { name: 'Delete subscriber' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this subscriber?' });
  await expect(dialog).toContainText('ann@example.com');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await emulator.client.mailcoach.subscriber(ann.uuid)).email).toBe('ann@example.com');

  await page.getByRole('button', { name: 'Delete subscriber' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(`${emulator.url}/lists/${NEWSLETTER}`);
  await expect(
    page.getByRole('table', { name: 'Subscribers' }).getByRole('rowheader', { name: /jane@example\.com/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Subscribers' }).getByRole('row', { name: /ann@example\.com/ }),
  ).toHaveCount(0);
  await expect(emulator.client.mailcoach.subscriber(ann.uuid)).rejects.toMatchObject({ status: 404 });
});

test('the Lists page counts subscribers by status; a list page filters in the URL and shows its tags and segments', async ({
  page,
  emulator,
}) => {
  await page.goto(emulator.url);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Lists' }).click();
  const lists = page.getByRole('table', { name: 'Email lists' });
  const newsletter = lists.getByRole('row', { name: /Newsletter/ });
  await expect(newsletter).toContainText('Acme News <news@example.com>');
  await expect(newsletter.getByRole('cell')).toHaveText(['4', '0', '1', 'Acme News <news@example.com>', 'off']);
  await expect(
    lists
      .getByRole('row', { name: /Product updates/ })
      .getByRole('cell')
      .last(),
  ).toHaveText('on');

  await newsletter.getByRole('link', { name: 'Newsletter' }).click();
  const table = page.getByRole('table', { name: 'Subscribers' });
  await expect(table.getByRole('rowheader')).toHaveCount(5);
  const filters = page.getByRole('search', { name: 'Filter subscribers' });
  await filters.getByLabel('Tags', { exact: true }).fill('customer, vip');
  await filters.getByLabel('Tags match').selectOption('all');
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/tags=customer%2C(\+|%20)?vip/);
  await expect(page).toHaveURL(/tag_type=all/);
  await expect(table.getByRole('rowheader')).toHaveText([/jane@example\.com/]);
  // The URL reproduces the filters.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Subscribers' }).getByRole('rowheader')).toHaveText([
    /jane@example\.com/,
  ]);
  await expect(filters.getByLabel('Tags match')).toHaveValue('all');

  await expect(
    page
      .getByRole('table', { name: 'Tags' })
      .getByRole('row', { name: /customer/ })
      .getByRole('cell')
      .last(),
  ).toHaveText('3');
  await expect(
    page
      .getByRole('table', { name: 'Segments' })
      .getByRole('row', { name: /VIP customers/ })
      .getByRole('cell'),
  ).toHaveText(['1']);
});

test.describe('with --isolate', () => {
  test.use({ emulatorOptions: { isolate: true } });

  test("a token's workspace shows its own lists and subscribers once picked, and the page's actions reach it", async ({
    page,
    emulator,
  }) => {
    const list = await emulator.client.mailcoach.createEmailList({
      name: 'Token list',
      default_from_email: 'token@example.com',
    });
    const ann = await emulator.client.mailcoach.subscribe(list.uuid, { email: 'ann@example.com' });
    await page.goto(`${emulator.url}/lists`);
    const lists = page.getByRole('table', { name: 'Email lists' });
    await expect(lists.getByRole('link', { name: 'Newsletter' })).toBeVisible();
    await expect(lists.getByRole('link', { name: 'Token list' })).toHaveCount(0);

    await page.getByLabel('Workspace').selectOption({ label: `token ${emulator.token}` });
    await lists.getByRole('link', { name: 'Token list' }).click();
    await page.getByRole('table', { name: 'Subscribers' }).getByRole('link', { name: 'ann@example.com' }).click();
    const tags = page.getByRole('region', { name: 'Tags' });
    await tags.getByLabel('Add tags').fill('from-the-ui');
    await tags.getByRole('button', { name: 'Add' }).click();
    await expect(tags.getByRole('button', { name: 'Remove tag from-the-ui' })).toBeVisible();
    expect((await emulator.client.mailcoach.subscriber(ann.uuid)).tags).toEqual(['from-the-ui']);
  });
});

/** Each new page and what shows once it has loaded. */
async function pages(emulator: StartedEmulator): Promise<LoadedPage[]> {
  const ann = await emulator.client.mailcoach.subscribe(PRODUCT_UPDATES, {
    email: 'ann@example.com',
    extra_attributes: { plan: 'pro' },
    tags: ['beta'],
  });
  await emulator.client.waitForMessage({ to: 'ann@example.com' });
  return [
    ['/lists', (page) => page.getByRole('table', { name: 'Email lists' })],
    [`/lists/${NEWSLETTER}`, (page) => page.getByRole('table', { name: 'Segments' })],
    [`/subscribers/${ann.uuid}`, (page) => page.getByRole('link', { name: 'Open the confirmation mail' })],
  ];
}

for (const theme of ['light', 'dark'] as const) {
  test(`the audience pages have no accessibility violation (${theme})`, async ({ page, emulator }) => {
    await page.emulateMedia({ colorScheme: theme });
    await expectNoAxeViolations(page, emulator.url, await pages(emulator));
  });
}

test('the audience pages are usable at 390 px wide', async ({ page, emulator }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await expectNoSidewaysScroll(page, emulator.url, await pages(emulator));
  // The subscriber's actions stay reachable.
  await page.getByRole('button', { name: 'Resend confirmation mail' }).click();
  await expect(page.getByRole('status')).toHaveText('A new confirmation mail was captured.');
});
