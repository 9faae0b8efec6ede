/**
 * The records pages as a developer debugging a send uses them: suppressions added and deleted (the spam-complaint
 * refusal as the API words it), a send made through /api appearing live and bounced, linked both ways with its
 * captured message, a log item resent (also under --isolate with no token chosen), the lists paged as the API pages
 * them. Each test asserts what a user sees and then what the server holds. The controls (faults, clock, seed, reset)
 * are controls.spec.ts's; axe and 390 px on every page records-layout.spec.ts's.
 */
import { createClient } from '../../server/testing/index.js';
import { expect, sendMail, test } from './fixtures.js';

test('adding and deleting a suppression; a spam-complaint suppression is refused as the API refuses it', async ({
  page,
  emulator,
}) => {
  await page.goto(`${emulator.url}/suppressions`);
  const table = page.getByRole('table', { name: 'Suppressions' });
  await expect(table.getByRole('rowheader', { name: 'bounced@example.com' })).toBeVisible();
  await expect(table.getByRole('row', { name: /bounced@example\.com/ })).toContainText('fixture');
  await expect(page.getByText('Spam-complaint suppressions cannot be deleted')).toBeVisible();

  const form = page.getByRole('region', { name: 'Add a suppression' });
  await form.getByLabel('Email').fill('new@example.com');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByRole('status')).toHaveText(/Suppressed: new@example\.com \(manual\)/);
  await expect(table.getByRole('row', { name: /new@example\.com/ })).toContainText('added here');
  expect((await emulator.client.suppressions({ search: 'new@example.com' })).data).toMatchObject([
    { email: 'new@example.com', reason: 'manual', origin: 'emulator' },
  ]);
  // Again: the row stays as it was.
  await form.getByLabel('Email').fill('new@example.com');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByRole('status')).toHaveText(/Already suppressed: new@example\.com \(manual\)/);
  // Not an address: the server's field message, next to the field.
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByText('The email field must be a valid email address.')).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  // Another reason goes through the simulation that creates it.
  await form.getByLabel('Email').fill('hard@example.com');
  await form.getByLabel('Reason').selectOption('hard_bounce');
  await expect(form.getByText(/simulates a hard bounce/)).toBeVisible();
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByRole('status')).toHaveText(/Suppressed: hard@example\.com \(hard_bounce\)/);
  await expect(table.getByRole('row', { name: /hard@example\.com/ })).toContainText('simulated bounce');

  // A delete asks first (Cancel keeps the row), then says what it did.
  await table.getByRole('button', { name: 'Delete new@example.com' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the suppression of new@example.com?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  expect((await emulator.client.suppressions({ search: 'new@example.com' })).meta.total).toBe(1);
  await table.getByRole('button', { name: 'Delete new@example.com' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Deleted the suppression of new@example.com' }),
  ).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'new@example.com' })).toHaveCount(0);
  expect((await emulator.client.suppressions({ search: 'new@example.com' })).meta.total).toBe(0);

  // A spam complaint the API would refuse to delete offers no Delete at all.
  const complained = table.getByRole('row', { name: /complained@example\.com/ });
  await expect(complained.getByText('Kept (spam complaint)')).toBeVisible();
  await expect(complained.getByRole('button', { name: 'Delete complained@example.com' })).toHaveCount(0);
  await expect(table.getByRole('rowheader', { name: 'complained@example.com' })).toBeVisible();
  expect((await emulator.client.suppressions({ search: 'complained@example.com' })).data).toMatchObject([
    { reason: 'spam_complaint' },
  ]);

  // A suppression an app adds through the API appears without a reload.
  await emulator.client.mailcoach.addSuppression('from-the-app@example.com');
  await expect(table.getByRole('row', { name: /from-the-app@example\.com/ })).toContainText('added through the API');

  // The filters are the API's, kept in the URL.
  await page.getByRole('search', { name: 'Filter suppressions' }).getByLabel('Reason').selectOption('spam_complaint');
  await expect(table.getByRole('rowheader')).toHaveText(['complained@example.com']);
  expect(new URL(page.url()).searchParams.get('reason')).toBe('spam_complaint');
});

test.describe('with --allow-spam-complaint-deletion', () => {
  test.use({ emulatorOptions: { args: ['--allow-spam-complaint-deletion'] } });
  test('the page says so and the spam-complaint row is deleted', async ({ page, emulator }) => {
    await page.goto(`${emulator.url}/suppressions`);
    await expect(page.getByText('Spam-complaint suppressions can be deleted')).toBeVisible();
    const table = page.getByRole('table', { name: 'Suppressions' });
    await table.getByRole('button', { name: 'Delete complained@example.com' }).click();
    await page
      .getByRole('dialog', { name: 'Delete the suppression of complained@example.com?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(table.getByRole('rowheader', { name: 'complained@example.com' })).toHaveCount(0);
    expect((await emulator.client.suppressions({ search: 'complained@example.com' })).meta.total).toBe(0);
  });
});

test('a send made through /api appears in the sends table live, and its simulated bounce shows on the suppressions page', async ({
  page,
  emulator,
}) => {
  await page.goto(`${emulator.url}/sends`);
  await expect(page.locator('.live')).toHaveText('Live');
  await expect(page.getByText(/No send matches/)).toBeVisible();

  const { uuid: logUuid } = await emulator.client.mailcoach.sendTransactional({
    from: 'app@example.com',
    to: 'Jane <jane@example.com>',
    subject: 'Order shipped',
    html: '<p>On its way</p>',
  });
  const [send] = (await emulator.client.sends({ logItemUuid: logUuid! })).data;
  const row = page.locator(`tr[data-send="${send!.uuid}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator('.badge')).toHaveText('sent');
  await expect(page.getByRole('navigation', { name: 'Sends pages' })).toContainText('1–1 of 1');

  await row.getByRole('button', { name: 'Simulate open' }).click();
  await expect(page.getByRole('status')).toContainText('Simulated open');
  await expect(row.locator('.badge')).toHaveText('opened');

  await row.getByRole('button', { name: 'Simulate bounce' }).click();
  await expect(page.getByRole('status')).toContainText('jane@example.com is suppressed (hard_bounce)');
  await expect(row.locator('.badge').first()).toHaveText('bounced');
  expect((await emulator.client.suppressions({ search: 'jane@example.com' })).data).toMatchObject([
    { reason: 'hard_bounce', origin: 'bounce' },
  ]);

  await page.getByRole('link', { name: 'See it on the suppressions page' }).click();
  const table = page.getByRole('table', { name: 'Suppressions' });
  await expect(table.getByRole('row', { name: /jane@example\.com/ })).toContainText('simulated bounce');
  await expect(table.getByRole('row', { name: /jane@example\.com/ })).toContainText('hard_bounce');

  // The row's links: the captured message (by the send's message_uuid), under its subject, and the log item.
  await page.goto(`${emulator.url}/sends`);
  expect(send!.message_uuid).not.toBeNull();
  await expect(row.getByRole('rowheader')).toHaveText('jane@example.com');
  await row.getByRole('link', { name: 'Order shipped' }).click();
  await expect(page.getByRole('heading', { name: 'Order shipped' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/messages/${send!.message_uuid}`);

  // Back from the message's Mailcoach tab: its log item, and its send on the sends page.
  await page.getByRole('tab', { name: 'Mailcoach' }).click();
  await page.getByRole('link', { name: `Send ${send!.uuid}` }).click();
  expect(new URL(page.url()).searchParams.get('log_item')).toBe(logUuid);
  await expect(page.getByRole('navigation', { name: 'Sends pages' })).toContainText('1–1 of 1');
  await expect(row.locator('.badge').first()).toHaveText('bounced');
  await page.goBack();
  await page.getByRole('tab', { name: 'Mailcoach' }).click();
  await page.getByRole('link', { name: `Log item ${logUuid}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order shipped' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/log/${logUuid}`);

  // Once the message is deleted, the send says so.
  await emulator.client.deleteMessage(send!.message_uuid!);
  await page.goto(`${emulator.url}/sends`);
  await expect(row).toContainText('Order shipped · message not in the inbox');
  await expect(row.getByRole('link', { name: 'Order shipped' })).toHaveCount(0);
});

test('the sends filters are the API filters; a simulation the server refuses says why', async ({ page, emulator }) => {
  const campaign = '11111111-1111-4111-8111-111111111111';
  const sends = ['a', 'b'].map((c, i) => ({
    uuid: `${c.repeat(8)}-0000-4000-8000-00000000000${i}`,
    campaign_uuid: i === 0 ? campaign : null,
    subscriber_uuid: '22222222-2222-4222-8222-222222222222',
    sent_at: '2025-02-01T10:00:00Z',
    created_at: '2025-02-01T10:00:00Z',
  }));
  await emulator.client.seed({ sends });
  await page.goto(`${emulator.url}/sends`);
  await expect(page.getByRole('navigation', { name: 'Sends pages' })).toContainText('1–2 of 2');
  await page.getByLabel('Campaign uuid').fill(campaign);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('navigation', { name: 'Sends pages' })).toContainText('1–1 of 1');
  const row = page.locator(`tr[data-send="${sends[0]!.uuid}"]`);
  await expect(row).toContainText('campaign …11111111');
  expect(new URL(page.url()).searchParams.get('campaign')).toBe(campaign);

  // A campaign send has no log item, so no address to bounce: the server's 422, in its words.
  await row.getByRole('button', { name: 'Simulate bounce' }).click();
  await expect(page.getByRole('status')).toContainText('The simulation failed');
  await expect(page.getByRole('status')).toContainText('The send has no recipient the emulator knows of');
  expect((await emulator.client.suppressions()).meta.total).toBe(4);
});

test('the sends table names recipients, subjects, campaigns and templates, links their mails, filters by email, and shows a suppressed send as such', async ({
  page,
  emulator,
}) => {
  const newsletter = '197fa091-463b-4b00-8cb3-fee1b7c2d1bd';
  const campaign = await emulator.client.mailcoach.request('POST', '/campaigns', {
    name: 'Spring sale',
    email_list_uuid: newsletter,
    subject: 'Spring for ::subscriber.first_name::',
    html: '<p>Hi</p>',
  });
  const campaignUuid = (campaign.body as { data: { uuid: string } }).data.uuid;
  expect((await emulator.client.mailcoach.request('POST', `/campaigns/${campaignUuid}/send`)).status).toBe(204);
  await emulator.client.waitForCampaignSent(campaignUuid);
  await emulator.client.mailcoach.sendTransactional({
    mail_name: 'order-confirmation',
    from: 'app@example.com',
    to: 'Jane <jane@example.com>',
    replacements: { order: '42' },
  });
  const [ordered] = (await emulator.client.sends({ email: 'jane@example.com' })).data;

  await page.goto(`${emulator.url}/sends`);
  const table = page.getByRole('table', { name: 'Sends' });
  // The transactional send: its recipient, its subject (linking its mail), its template (linking the studio).
  const order = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'jane@example.com' }) })
    .filter({ hasText: 'order-confirmation' });
  await expect(order.getByRole('link', { name: ordered!.subject! })).toHaveAttribute(
    'href',
    `/messages/${ordered!.message_uuid}`,
  );
  await expect(order.getByRole('link', { name: 'order-confirmation' })).toHaveAttribute(
    'href',
    '/templates/order-confirmation',
  );
  // A campaign send: the subscriber, the personal subject linking the captured mail, the campaign by name.
  const spring = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'jane@example.com' }) })
    .filter({ hasText: 'Spring sale' });
  await expect(spring).toContainText('campaign Spring sale');
  await expect(spring.locator('.badge')).toHaveText('sent');
  await spring.getByRole('link', { name: 'Spring for Jane' }).click();
  await expect(page.getByRole('heading', { name: 'Spring for Jane' })).toBeVisible();
  const [mail] = (await emulator.client.messages({ subject: 'Spring for Jane' })).data;
  expect(new URL(page.url()).pathname).toBe(`/messages/${mail!.uuid}`);
  expect(mail!.to.map((to) => to.email)).toEqual(['jane@example.com']);
  await page.goBack();

  // bounced@example.com is suppressed: its Send got no mail, says so, and offers nothing to simulate.
  const bounced = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'bounced@example.com' }) });
  await expect(bounced.locator('.badge')).toHaveText('suppressed');
  await expect(bounced).toContainText('No mail: the address is suppressed.');
  await expect(bounced).toContainText('Nothing to simulate');
  await expect(bounced.getByRole('button')).toHaveCount(0);
  await expect(bounced.getByRole('link', { name: 'Spring for ::subscriber.first_name::' })).toHaveCount(0);
  const [suppressedSend] = (await emulator.client.sends({ email: 'bounced@example.com' })).data;
  expect(suppressedSend).toMatchObject({ state: 'suppressed', message_uuid: null, campaign_uuid: campaignUuid });

  // The campaign's name filters the page to its sends.
  await spring.getByRole('link', { name: 'Spring sale' }).click();
  expect(new URL(page.url()).searchParams.get('campaign')).toBe(campaignUuid);
  const campaignSends = (await emulator.client.sends({ campaignUuid })).meta.total;
  await expect(page.getByRole('navigation', { name: 'Sends pages' })).toContainText(
    `1–${campaignSends} of ${campaignSends}`,
  );

  // The recipient filter: exact, in any case, across campaign and transactional sends, kept in the URL.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('Recipient email').fill('JANE@example.com');
  await page.getByRole('button', { name: 'Filter' }).click();
  expect(new URL(page.url()).searchParams.get('email')).toBe('JANE@example.com');
  await expect(page.getByRole('navigation', { name: 'Sends pages' })).toContainText('1–2 of 2');
  await expect(table.getByRole('rowheader')).toHaveText(['jane@example.com', 'jane@example.com']);
  expect((await emulator.client.sends({ email: 'JANE@example.com' })).meta.total).toBe(2);
});

test('resending from the log puts a second copy in the inbox', async ({ page, emulator }) => {
  await page.goto(`${emulator.url}/log`);
  await expect(page.locator('.live')).toHaveText('Live');
  await expect(page.getByText(/No log item matches/)).toBeVisible();
  // The log item of a send appears live.
  await sendMail(emulator, { subject: 'Invoice 42', html: '<p>Paid</p>' });
  await page.getByRole('table', { name: 'Log items' }).getByRole('link', { name: 'Invoice 42' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice 42' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open “Invoice 42” in the inbox' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sends' })).toContainText('sent');

  await page.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByRole('link', { name: 'Open the copy in the inbox' })).toBeVisible();
  const copies = (await emulator.client.messages({ subject: 'Invoice 42' })).data;
  expect(copies).toHaveLength(2);
  const [copy] = copies;

  await page.getByRole('link', { name: 'Open the copy in the inbox' }).click();
  await expect(page.getByRole('heading', { name: 'Invoice 42' })).toBeVisible();
  // The copy the server answered with: the newest capture, with no log item of its own.
  expect(new URL(page.url()).pathname).toBe(`/messages/${copy!.uuid}`);
  expect(copy!.log_item_uuid).toBeNull();
  await expect(page.getByRole('list', { name: 'Messages' }).getByRole('link', { name: /Invoice 42/ })).toHaveCount(2);
});

test('the lists page through the API pages of 15, with the totals', async ({ page, emulator }) => {
  const emails = Array.from({ length: 16 }, (_, i) => `user${String(i).padStart(2, '0')}@example.net`);
  await emulator.client.seed({ suppressions: emails.map((email) => ({ email, reason: 'manual' as const })) });
  await page.goto(`${emulator.url}/suppressions?sort=created_at`);
  const pager = page.getByRole('navigation', { name: 'Suppressions pages' });
  await expect(pager).toContainText('1–15 of 20');
  await expect(pager).toContainText('Page 1 of 2');
  await pager.getByRole('button', { name: 'Next page' }).click();
  await expect(pager).toContainText('16–20 of 20');
  await expect(page.getByRole('table', { name: 'Suppressions' }).getByRole('rowheader')).toHaveCount(5);
  expect(new URL(page.url()).searchParams.get('page')).toBe('2');
  // A search goes back to page 1.
  await page.getByLabel('Search (part of the email)').fill('example.net');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(pager).toContainText('1–15 of 16');
});

test.describe('with --isolate', () => {
  test.use({ emulatorOptions: { isolate: true } });

  test('with no token chosen, the log lists the default workspace’s log item and resends it', async ({
    page,
    emulator,
  }) => {
    // The default workspace has no API token: its log item comes from a seed, as a fixture file's would.
    const uuid = '33333333-3333-4333-8333-333333333333';
    const defaultWorkspace = createClient({ url: emulator.url, token: null });
    await defaultWorkspace.seed({
      transactional_mails: [
        {
          uuid,
          subject: 'In the default workspace',
          from: ['app@example.com'],
          to: ['Jane <jane@example.com>'],
          html: '<p>Hello</p>',
        },
      ],
    });
    await sendMail(emulator, { subject: 'In the token workspace', text: 'x' });

    await page.goto(`${emulator.url}/log`);
    await expect(page.getByLabel('Workspace')).toHaveValue('');
    const log = page.getByRole('table', { name: 'Log items' });
    await expect(log.getByRole('link', { name: 'In the default workspace' })).toBeVisible();
    await expect(log.getByRole('link', { name: 'In the token workspace' })).toHaveCount(0);
    await expect(page.getByText(/no API token/)).toHaveCount(0);

    await log.getByRole('link', { name: 'In the default workspace' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'In the default workspace' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Captured message' })).toContainText('Not in the inbox');
    await page.getByRole('button', { name: 'Resend' }).click();
    await page.getByRole('link', { name: 'Open the copy in the inbox' }).click();
    await expect(page.getByRole('heading', { name: 'In the default workspace' })).toBeVisible();
    const [copy] = (await defaultWorkspace.messages({ subject: 'In the default workspace' })).data;
    expect(new URL(page.url()).pathname).toBe(`/messages/${copy!.uuid}`);
    expect((await emulator.client.messages({ subject: 'In the default workspace' })).meta.total).toBe(0);

    // The suppressions' add and delete reach the default workspace too.
    await page.goto(`${emulator.url}/suppressions`);
    const form = page.getByRole('region', { name: 'Add a suppression' });
    await form.getByLabel('Email').fill('default@example.com');
    await form.getByRole('button', { name: 'Add' }).click();
    await expect(form.getByRole('status')).toHaveText(/Suppressed: default@example\.com/);
    expect((await defaultWorkspace.suppressions({ search: 'default@example.com' })).meta.total).toBe(1);
    expect((await emulator.client.suppressions({ search: 'default@example.com' })).meta.total).toBe(0);
    await page
      .getByRole('table', { name: 'Suppressions' })
      .getByRole('button', { name: 'Delete default@example.com' })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete the suppression of default@example.com?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByRole('rowheader', { name: 'default@example.com' })).toHaveCount(0);
    expect((await defaultWorkspace.suppressions({ search: 'default@example.com' })).meta.total).toBe(0);
  });

  test('a token’s workspace shows its own log once picked', async ({ page, emulator }) => {
    await sendMail(emulator, { subject: 'In the token workspace', text: 'x' });
    await page.goto(`${emulator.url}/log`);
    await page.getByLabel('Workspace').selectOption({ label: `token ${emulator.token}` });
    await expect(
      page.getByRole('table', { name: 'Log items' }).getByRole('link', { name: 'In the token workspace' }),
    ).toBeVisible();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Sends' }).click();
    await expect(page.getByRole('button', { name: 'Simulate open' })).toBeVisible();
  });
});

test('short ids tell rows apart: the tail of the time-ordered uuid, not its time prefix', async ({
  page,
  emulator,
}) => {
  await sendMail(emulator, { subject: 'First', text: 'x' });
  await sendMail(emulator, { subject: 'Second', text: 'x' });
  const sends = (await emulator.client.sends()).data;
  expect(sends).toHaveLength(2);
  await page.goto(`${emulator.url}/sends`);
  for (const send of sends) {
    await expect(page.getByRole('group', { name: `Simulate on send …${send.uuid.slice(-8)}` })).toBeVisible();
  }
  const shown = await page.locator('tbody code[title]').allTextContents();
  expect(new Set(shown).size).toBe(2);
});

test('a send’s simulate buttons stay on one row at 1280 px', async ({ page, emulator }) => {
  await sendMail(emulator, { subject: 'A rather long subject line for the sends page', text: 'x' });
  await page.goto(`${emulator.url}/sends`);
  const group = page.getByRole('group', { name: /^Simulate on send/ });
  await expect(group.getByRole('button')).toHaveCount(4);
  const tops = await group.getByRole('button').evaluateAll((all) => all.map((b) => b.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);
});
