/**
 * The records pages and the controls as a developer debugging a send uses them: suppressions added and
 * deleted (the spam-complaint refusal as the API words it), a send made through /api appearing live and bounced,
 * linked both ways with its captured message, a log item resent (also under --isolate with no token chosen), a
 * fault rule making the next send fail, the clock moving the next capture's timestamps and following changes made
 * elsewhere, a bad seed refused field by field. Each test asserts what a user sees and then what the server holds; then axe
 * on every page, and every page at 390 px.
 */
import type { Page } from '@playwright/test';
import { createClient } from '../../server/testing/index.js';
import { axeViolations } from './axe.js';
import { expect, sendMail, test } from './fixtures.js';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './page-checks.js';

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
  await expect(row).toContainText('campaign 11111111');
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

test('a fault preset makes the next /api send fail as configured, and deleting it restores success', async ({
  page,
  emulator,
}) => {
  const mail = { from: 'app@example.com', to: 'jane@example.com', subject: 'Hello', text: 'Hi' };
  await page.goto(`${emulator.url}/controls`);
  const faults = page.getByRole('region', { name: 'Fault rules' });
  await expect(faults.getByText('No fault rule')).toBeVisible();
  await faults.getByLabel('Preset').selectOption({ label: '429 with Retry-After' });
  await faults.getByRole('button', { name: 'Add rule' }).click();
  const rules = faults.getByRole('table', { name: 'Fault rules' });
  await expect(rules.getByRole('row', { name: /any method \/api\/transactional-mails\/send/ })).toContainText(
    '429 Too Many Attempts',
  );

  const refused = await emulator.client.mailcoach.request('POST', '/transactional-mails/send', mail);
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe('60');
  expect(refused.body).toEqual({ message: 'Too Many Attempts.' });
  // The rule's count, live.
  await expect(rules.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText('1');

  await rules.getByRole('button', { name: /Delete fault rule/ }).click();
  await expect(faults.getByText('No fault rule')).toBeVisible();
  expect(await emulator.client.faults.list()).toEqual([]);
  expect((await emulator.client.mailcoach.request('POST', '/transactional-mails/send', mail)).status).toBe(200);

  // 422 for one recipient: others still go through.
  await faults.getByLabel('Preset').selectOption({ label: '422 for one recipient' });
  await faults.getByLabel('Recipient', { exact: true }).fill('bob@example.com');
  await faults.getByRole('button', { name: 'Add rule' }).click();
  await expect(rules).toContainText('to bob@example.com');
  const bob = await emulator.client.mailcoach.request('POST', '/transactional-mails/send', {
    ...mail,
    to: 'bob@example.com',
  });
  expect(bob.status).toBe(422);
  expect(bob.body).toMatchObject({ errors: { to: [expect.stringContaining('bob@example.com')] } });
  expect((await emulator.client.mailcoach.request('POST', '/transactional-mails/send', mail)).status).toBe(200);

  // Raw JSON, with the server's field errors shown.
  await faults.getByLabel('Preset').selectOption({ label: 'Raw JSON' });
  await faults.getByLabel('Rule (JSON)').fill('{"route": "/api/transactional-mails/send", "status": 99}');
  await faults.getByRole('button', { name: 'Add rule' }).click();
  await expect(faults.getByRole('alert')).toContainText('status');
  expect(await emulator.client.faults.list()).toHaveLength(1);
});

test('a header badge shows the active fault rules on every page, live, and leads to Controls', async ({
  page,
  emulator,
}) => {
  const mail = { from: 'app@example.com', to: 'jane@example.com', subject: 'Hello', text: 'Hi' };
  await page.goto(emulator.url);
  await expect(page.getByRole('heading', { name: 'No mail yet: connect your app' })).toBeVisible();
  const badge = page.getByRole('banner').getByRole('link', { name: /fault rules? active/ });
  await expect(badge).toHaveCount(0);

  await emulator.client.faults.add({ route: '/api/transactional-mails/send', preset: 'rate-limited', times: 1 });
  await expect(badge).toHaveText('1 fault rule active');
  await emulator.client.faults.add({ route: '/api/transactional-mails/send', preset: 'server-error' });
  await expect(badge).toHaveText('2 fault rules active');
  // The first rule decides the first send and is spent then: it no longer counts.
  expect((await emulator.client.mailcoach.request('POST', '/transactional-mails/send', mail)).status).toBe(429);
  await expect(badge).toHaveText('1 fault rule active');
  expect((await emulator.client.mailcoach.request('POST', '/transactional-mails/send', mail)).status).toBe(500);
  const [, failing] = await emulator.client.faults.list();
  await emulator.client.faults.remove(failing!.id);
  await expect(badge).toHaveCount(0);
  expect((await emulator.client.faults.list()).map((rule) => rule.remaining)).toEqual([0]);

  await emulator.client.faults.add({ route: '/api/transactional-mails/send', preset: 'server-error' });
  await page.getByRole('link', { name: 'Templates', exact: true }).click();
  await expect(badge).toHaveText('1 fault rule active');
  await badge.click();
  await expect(page).toHaveURL(/\/controls$/);
  await expect(page.getByRole('table', { name: 'Fault rules' }).getByRole('row')).toHaveCount(3);
  await emulator.client.faults.clear();
  await expect(badge).toHaveCount(0);
  await expect(page.getByText('No fault rule')).toBeVisible();
});

test('freezing and advancing the clock sets the timestamps of the next captures', async ({ page, emulator }) => {
  await page.goto(`${emulator.url}/controls`);
  const clock = page.getByRole('region', { name: 'Clock' });
  await expect(clock.getByTestId('clock-now')).toContainText('Running');
  await clock.getByLabel(/Freeze at/).fill('2030-01-02T03:04:05Z');
  await clock.getByRole('button', { name: 'Freeze', exact: true }).click();
  await expect(clock.getByTestId('clock-now')).toContainText('Frozen at 2030-01-02 03:04:05 UTC');
  await sendMail(emulator, { subject: 'First', text: 'one' });

  await clock.getByLabel('Advance by').fill('90');
  await clock.getByLabel('Unit').selectOption('minutes');
  await clock.getByRole('button', { name: 'Advance' }).click();
  await expect(clock.getByTestId('clock-now')).toContainText('Frozen at 2030-01-02 04:34:05 UTC');
  await sendMail(emulator, { subject: 'Second', text: 'two' });

  // A change made elsewhere (a test's client) shows without a reload (clock.changed).
  await emulator.client.clock.advance(60_000);
  await expect(clock.getByTestId('clock-now')).toContainText('Frozen at 2030-01-02 04:35:05 UTC');
  await emulator.client.clock.freeze('2030-01-02T04:34:05Z');
  await expect(clock.getByTestId('clock-now')).toContainText('Frozen at 2030-01-02 04:34:05 UTC');

  const messages = (await emulator.client.messages()).data.map((m) => [m.subject, m.created_at]);
  expect(messages).toEqual([
    ['Second', '2030-01-02T04:34:05.000Z'],
    ['First', '2030-01-02T03:04:05.000Z'],
  ]);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Log' }).click();
  const log = page.getByRole('table', { name: 'Log items' });
  await expect(log.getByRole('row', { name: /Second/ })).toContainText('2030-01-02 04:34:05 UTC');
  await expect(log.getByRole('row', { name: /First/ })).toContainText('2030-01-02 03:04:05 UTC');

  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Controls' }).click();
  await page.getByRole('region', { name: 'Clock' }).getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByRole('region', { name: 'Clock' }).getByTestId('clock-now')).toContainText('Running');
  expect((await emulator.client.clock.get()).frozen).toBe(false);
});

test('the clock says how far it is from system time after a resume, and goes back to it', async ({
  page,
  emulator,
}) => {
  await page.goto(`${emulator.url}/controls`);
  const clock = page.getByRole('region', { name: 'Clock' });
  const offset = clock.getByTestId('clock-offset');
  const back = clock.getByRole('button', { name: 'Back to system time' });
  await expect(offset).toContainText('At system time.');
  await expect(back).toBeDisabled();

  // Frozen, advanced by 90 minutes and resumed, as a test would leave it: it runs, ahead.
  await clock.getByRole('button', { name: 'Freeze', exact: true }).click();
  await expect(clock.getByTestId('clock-now')).toContainText('Frozen');
  await clock.getByLabel('Advance by').fill('90');
  await clock.getByRole('button', { name: 'Advance' }).click();
  await clock.getByRole('button', { name: 'Resume' }).click();
  await expect(clock.getByTestId('clock-now')).toContainText('Running');
  // 90 minutes less the moment it stood frozen.
  await expect(offset).toContainText(/1 h (30|29) min ahead of system time\./);
  // A change made elsewhere shows too (clock.changed).
  await emulator.client.clock.advance(86_400_000);
  await expect(offset).toContainText('1 day 1 h ahead of system time.');

  await back.click();
  await expect(offset).toContainText('At system time.');
  await expect(back).toBeDisabled();
  const state = await emulator.client.clock.get();
  expect(state.frozen).toBe(false);
  expect(Math.abs(Date.parse(state.now) - Date.now())).toBeLessThan(2_000);
});

test('seeding a bad fixture shows its field errors and changes nothing', async ({ page, emulator }) => {
  await page.goto(`${emulator.url}/controls`);
  const seed = page.getByRole('region', { name: 'Seed' });
  const bad = {
    templates: [{ name: 'seeded', type: 'nope', subject: 'x', body: 'x' }],
    suppressions: [{ email: 'fine@example.com' }, { email: 'not-an-email' }],
  };
  await seed
    .getByLabel('Fixture file')
    .setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
  await expect(seed.getByLabel(/or the JSON/)).toHaveValue(/not-an-email/);
  await seed.getByRole('button', { name: 'Seed the workspace' }).click();
  const errors = seed.getByRole('list', { name: 'Seed errors' });
  await expect(errors.getByRole('listitem').filter({ hasText: 'templates.0.type' })).toContainText('"nope"');
  await expect(errors.getByRole('listitem').filter({ hasText: 'suppressions.1.email' })).toContainText('not-an-email');
  await expect(seed.getByText('nothing changed')).toBeVisible();
  expect((await emulator.client.suppressions()).meta.total).toBe(4);
  expect((await emulator.client.templates.list()).map((t) => t.name)).not.toContain('seeded');

  // Not JSON at all.
  await seed.getByLabel(/or the JSON/).fill('{"suppressions": [');
  await seed.getByRole('button', { name: 'Seed the workspace' }).click();
  await expect(errors).toContainText('Not JSON');

  // A good one seeds, and the suppressions page shows its row.
  await seed
    .getByLabel(/or the JSON/)
    .fill(JSON.stringify({ suppressions: [{ email: 'fine@example.com', reason: 'hard_bounce' }] }));
  await seed.getByRole('button', { name: 'Seed the workspace' }).click();
  await expect(seed.getByRole('status')).toHaveText('Seeded: 1 suppression.');
  expect((await emulator.client.suppressions({ search: 'fine@example.com' })).data).toMatchObject([
    { reason: 'hard_bounce', origin: 'seed' },
  ]);
});

test('the seed panel names every kind of row a seed takes, and its example seeds each of them', async ({
  page,
  emulator,
}) => {
  await page.goto(`${emulator.url}/controls`);
  const seed = page.getByRole('region', { name: 'Seed' });
  const keys = [
    'templates',
    'suppressions',
    'transactional_mails',
    'sends',
    'email_lists',
    'subscribers',
    'tags',
    'segments',
    'campaign_templates',
    'campaigns',
    'automations',
  ];
  for (const key of keys) await expect(seed.getByText(key, { exact: true }), key).toBeVisible();
  // The example (the empty box's placeholder) is a document the server takes, the audience and campaigns included.
  const json = seed.getByLabel(/or the JSON/);
  const example = (await json.getAttribute('placeholder'))!;
  expect(Object.keys(JSON.parse(example)).sort()).toEqual(
    keys.filter((key) => !['subscribers', 'tags', 'segments'].includes(key)).sort(),
  );
  await json.fill(example);
  await seed.getByRole('button', { name: 'Seed the workspace' }).click();
  await expect(seed.getByRole('status')).toHaveText(
    'Seeded: 1 template, 1 suppression, 1 email list, 1 subscriber, 1 campaign template, 1 campaign, 1 automation.',
  );
  const lists = await emulator.client.mailcoach.request('GET', '/email-lists?filter[name]=News');
  expect((lists.body as { data: Array<{ name: string }> }).data.map((list) => list.name)).toEqual(['News']);
});

test('reset asks first, saying everything that goes, then puts the fixtures back', async ({ page, emulator }) => {
  await emulator.client.mailcoach.addSuppression('extra@example.com');
  await emulator.client.templates.update('welcome', { subject: 'Edited here' });
  await emulator.client.templates.create({ name: 'made-here', type: 'html', body: '<p>Hi</p>' });
  await page.goto(`${emulator.url}/controls`);
  await page.getByRole('button', { name: 'Reset the workspace…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset the workspace?' });
  for (const lost of [
    'every captured message',
    'suppressions, sends',
    'transactional log items',
    "edited fixture templates go back to the fixtures' version, templates created here are removed",
    'email lists, subscribers, tags, segments and subscriber imports',
    'campaigns (with their clicks and unsubscribes), campaign templates and automations',
    'every webhook call goes, retries still due included',
    'Fault rules go back to those of --faults',
    'The clock is not touched',
  ]) {
    await expect(dialog).toContainText(lost);
  }
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('The workspace was reset')).toBeVisible();
  expect((await emulator.client.suppressions()).meta.total).toBe(4);
  expect((await emulator.client.templates.get('welcome')).subject).toBe('Welcome to ::app_name::, ::first_name::!');
  expect((await emulator.client.templates.list()).map((t) => t.name)).not.toContain('made-here');
  const settings = page.getByRole('region', { name: 'Settings' });
  await expect(settings.getByRole('definition').first()).toContainText('mailcoach-emulator-token');
  await expect(settings).toContainText(
    "as Mailcoach: 5 tries, 10 s, 100 s, 1000 s and 10000 s apart on the emulator's clock",
  );
  await expect(settings).toContainText('none: configure them on the Webhooks page or in the fixtures');
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

test.describe('with SMTP on', () => {
  test.use({ emulatorOptions: { smtpPort: 0 } });

  test('the fault form adds an SMTP rule: it shows in the list, refuses that recipient over SMTP, and counts live', async ({
    page,
    emulator,
  }) => {
    await page.goto(`${emulator.url}/controls`);
    const faults = page.getByRole('region', { name: 'Fault rules' });
    await expect(faults.getByText('No fault rule')).toBeVisible();
    await faults.getByLabel('Preset').selectOption({ label: 'SMTP: refuse a command' });
    await faults.getByRole('combobox', { name: 'SMTP command', exact: true }).selectOption('RCPT');
    await faults.getByLabel('Reply code').fill('550');
    await faults.getByLabel('Reply text').fill('5.1.1 No such user');
    await faults.getByLabel('Recipient (optional)').fill('ghost@example.com');
    await faults.getByRole('button', { name: 'Add rule' }).click();
    const rules = faults.getByRole('table', { name: 'Fault rules' });
    const row = rules.getByRole('row', { name: /SMTP RCPT to ghost@example\.com/ });
    await expect(row).toContainText('replies 550 5.1.1 No such user');
    expect(await emulator.client.faults.list()).toMatchObject([
      { smtp: 'RCPT', recipient: 'ghost@example.com', reply: { code: 550, message: '5.1.1 No such user' }, fired: 0 },
    ]);

    const { createTransport } = await import('nodemailer');
    const transport = createTransport({
      host: '127.0.0.1',
      port: emulator.smtpPort as number,
      secure: false,
      ignoreTLS: true,
    });
    const info = await transport.sendMail({
      from: 'app@example.com',
      to: 'jane@example.com, ghost@example.com',
      subject: 'Half refused',
      text: 'Hi',
    });
    expect(info.rejected).toEqual(['ghost@example.com']);
    // The rule's count, live (faults.changed).
    await expect(row.getByRole('cell').nth(2)).toHaveText('1');

    // A reply text no SMTP line can carry: the server's field error, shown (the code's 400..599 the input itself keeps).
    await faults.getByLabel('Reply text').fill('5.1.1 Ünknown user');
    await faults.getByRole('button', { name: 'Add rule' }).click();
    await expect(faults.getByRole('alert')).toContainText('reply.message');
    expect(await emulator.client.faults.list()).toHaveLength(1);
  });
});
