/**
 * The Webhooks page as a developer wiring an app's webhook handler uses it: a configuration made through
 * the form and pointed at the emulator's sink, a subscriber unsubscribed through the API and its Unsubscribed call
 * appearing live with the 200 the sink answered, its detail (the Signature, the exact body), Resend adding a Manual
 * attempt; a receiver that is down (a closed port, `--webhook-retries fast`) showing its five tries; a configuration
 * edited, disabled and deleted (asked first); the server's refusal shown beside its field; the filters in the URL;
 * and the page at 390 px as cards. Each test asserts what a user sees, then what the server holds.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import type { Page } from '@playwright/test';
import type { StartedEmulator } from '../../server/testing/index.js';
import { expect, test } from './fixtures.js';

/** The bundled fixtures' list, and its subscriber. */
const NEWSLETTER = '197fa091-463b-4b00-8cb3-fee1b7c2d1bd';

async function unsubscribeJane(emulator: StartedEmulator): Promise<string> {
  const jane = await emulator.client.mailcoach.findSubscriber(NEWSLETTER, 'jane@example.com');
  const response = await emulator.client.mailcoach.request('POST', `/subscribers/${jane!.uuid}/unsubscribe`);
  expect(response.status).toBe(204);
  return jane!.uuid;
}

/** A port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const callsTable = (page: Page) => page.getByRole('table', { name: 'Webhook calls' });

test('a webhook made here and pointed at the sink gets the Unsubscribed call, live; its detail shows the Signature and the body; Resend adds a Manual attempt', async ({
  page,
  emulator,
}) => {
  await page.goto(`${emulator.url}/webhooks`);
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
  await expect(page.getByText('No webhook yet')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Webhooks' }),
  ).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'Add a webhook' }).click();
  const form = page.getByRole('region', { name: 'Add a webhook' });
  await form.getByLabel('Name').fill('My app');
  await form.getByRole('button', { name: 'Point at the sink' }).click();
  const sinkUrl = `${emulator.url}/_emulator/webhook-sink/my-app`;
  await expect(form.getByLabel('URL')).toHaveValue(sinkUrl);
  const secret = form.getByLabel('Secret');
  await secret.fill('s3cr3t');
  await expect(secret).toHaveAttribute('type', 'password');
  await form.getByRole('button', { name: 'Reveal secret' }).click();
  await expect(secret).toHaveAttribute('type', 'text');
  await expect(form.getByRole('button', { name: 'Reveal secret' })).toHaveAttribute('aria-pressed', 'true');
  await form.getByLabel('Use for all events').uncheck();
  const events = form.getByRole('group', { name: 'Only these events' });
  // Mailcoach's labels.
  await expect(events.getByRole('checkbox')).toHaveCount(11);
  await expect(events.getByLabel('Subscriber resubscribed')).toBeVisible();
  await events.getByLabel('Unsubscribed').check();
  await form.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added My app' })).toBeVisible();
  const configurations = page.getByRole('table', { name: 'Webhook configurations' });
  const row = configurations.getByRole('row', { name: /My app/ });
  await expect(row).toContainText('All lists');
  await expect(row).toContainText('Unsubscribed');
  await expect(row).toContainText('enabled');
  const [saved] = await emulator.client.webhooks();
  expect(saved).toMatchObject({
    name: 'My app',
    url: sinkUrl,
    secret: 's3cr3t',
    enabled: true,
    use_for_all_lists: true,
    events: ['UnsubscribedEvent'],
    origin: 'api',
  });

  // The app unsubscribes Jane: the call appears without a reload, with what the sink answered.
  const janeUuid = await unsubscribeJane(emulator);
  const callRow = callsTable(page).getByRole('row', { name: /^Unsubscribed/ });
  await expect(callRow).toContainText('succeeded');
  await expect(callRow.locator('.http-status')).toHaveText('200');
  await expect(callRow).toContainText('jane@example.com');
  await expect(callRow).toContainText('My app');
  const call = await emulator.client.waitForWebhook({ event: 'UnsubscribedEvent', subscriberUuid: janeUuid });
  const [received] = await emulator.client.webhookSink('my-app').requests();
  expect(received?.body).toBe(call.request.body);

  await callRow.getByRole('button', { name: /^Details of the Unsubscribed call/ }).click();
  const detail = page.getByRole('region', { name: /^The Unsubscribed call/ });
  const signature = createHmac('sha256', 's3cr3t').update(call.request.body).digest('hex');
  await expect(detail.getByText(signature)).toBeVisible();
  await expect(detail.getByText('GuzzleHttp/7')).toBeVisible();
  await expect(detail.getByLabel('Request body')).toHaveText(call.request.body);
  await expect(detail.getByText('Attempt 1')).toBeVisible();
  await expect(detail.getByText('HTTP 200')).toBeVisible();

  await callRow.getByRole('button', { name: /^Resend the Unsubscribed call/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Resent Unsubscribed to My app: HTTP 200.' })).toBeVisible();
  await expect(detail.getByText('Manual')).toBeVisible();
  await expect(callRow).toContainText('+1 manual');
  const after = await emulator.client.webhookCall(call.uuid);
  expect(after.attempts_log.map((attempt) => [attempt.attempt, attempt.manual, attempt.status_code])).toEqual([
    [1, false, 200],
    [null, true, 200],
  ]);
  expect(await emulator.client.webhookSink('my-app').requests()).toHaveLength(2);

  // The filters are in the URL, and a link reproduces them.
  await page.getByRole('search', { name: 'Filter calls' }).getByLabel('Event').selectOption('TagAddedEvent');
  await expect(page.getByText('No call matches.')).toContainText('when a subscriber or campaign event happens');
  expect(new URL(page.url()).searchParams.get('event')).toBe('TagAddedEvent');
  await page.goto(`${emulator.url}/webhooks?event=UnsubscribedEvent&status=succeeded&email=JANE@example.com`);
  await expect(callsTable(page).getByRole('row', { name: /^Unsubscribed/ })).toHaveCount(1);
  await expect(page.getByRole('search', { name: 'Filter calls' }).getByLabel('Status')).toHaveValue('succeeded');
});

/** The bundled fixtures' campaign, whose mail has an Unsubscribe link. */
const MARCH_NEWSLETTER = 'e3b7c9d1-2f4a-4c6e-8a0b-9d1c3e5f7a24';

test("Jane unsubscribes through the campaign mail's own link: her Unsubscribed call shows on the Webhooks page with the 200 the sink answered", async ({
  page,
  emulator,
}) => {
  await emulator.client.createWebhook({
    name: 'Sink',
    url: emulator.client.webhookSink('app').url,
    events: ['UnsubscribedEvent'],
  });
  const sent = await emulator.client.mailcoach.request('POST', `/campaigns/${MARCH_NEWSLETTER}/send`);
  expect(sent.status).toBe(204);
  const mail = await emulator.client.waitForMessage({ to: 'jane@example.com', subject: 'March', timeoutMs: 15_000 });
  const link = mail.links.find((href) => new URL(href).pathname.startsWith('/unsubscribe/'));
  expect(link, `an unsubscribe link among ${mail.links.join(', ')}`).toBeDefined();

  // What Jane does: open the link from her mail, and confirm.
  await page.goto(link as string);
  await page.getByRole('button', { name: /^Unsubscribe jane@example.com/ }).click();
  await expect(page.getByText('jane@example.com has been unsubscribed from Newsletter.')).toBeVisible();

  await page.goto(`${emulator.url}/webhooks`);
  const callRow = callsTable(page).getByRole('row', { name: /^Unsubscribed/ });
  await expect(callRow).toContainText('succeeded');
  await expect(callRow.locator('.http-status')).toHaveText('200');
  await expect(callRow).toContainText('jane@example.com');
  const [received] = await emulator.client.webhookSink('app').requests();
  expect(JSON.parse(received?.body ?? '{}')).toMatchObject({
    email: 'jane@example.com',
    text: 'Email jane@example.com unsubscribed from email list Newsletter',
    event: 'UnsubscribedEvent',
  });
});

test.describe('with --webhook-retries fast', () => {
  test.use({ emulatorOptions: { args: ['--webhook-retries', 'fast'] } });

  test("a receiver that is down: the call's five tries show as they happen, then failed; Resend adds a Manual attempt", async ({
    page,
    emulator,
  }) => {
    const port = await closedPort();
    await emulator.client.createWebhook({ name: 'Down app', url: `http://127.0.0.1:${port}/hooks` });
    await page.goto(`${emulator.url}/webhooks`);
    await expect(
      page.getByRole('table', { name: 'Webhook configurations' }).getByRole('row', { name: /Down app/ }),
    ).toBeVisible();
    await unsubscribeJane(emulator);
    const callRow = callsTable(page).getByRole('row', { name: /^Unsubscribed/ });
    // Retrying first (a retry due), then failed after the fifth try, 4 s later at most.
    await expect(callRow.locator('.http-status')).toHaveText('no response');
    await expect(callRow).toContainText('failed', { timeout: 15_000 });
    await expect(callRow.getByRole('cell').nth(1)).toHaveText('5');
    await callRow.getByRole('button', { name: /^Details of/ }).click();
    const detail = page.getByRole('region', { name: /^The Unsubscribed call/ });
    for (const n of [1, 2, 3, 4, 5]) await expect(detail.getByText(`Attempt ${n}`, { exact: true })).toBeVisible();
    await expect(detail.getByText('no response')).toHaveCount(5);
    const [failed] = (await emulator.client.webhookCalls({ status: 'failed' })).data;
    expect(failed?.attempts_log.every((attempt) => attempt.status_code === null && attempt.error !== null)).toBe(true);
    await expect(detail.getByText(failed!.attempts_log[0]!.error!).first()).toBeVisible();

    await callRow.getByRole('button', { name: /^Resend/ }).click();
    await expect(
      page.getByRole('status').filter({ hasText: /Resent Unsubscribed to Down app: no response/ }),
    ).toBeVisible();
    await expect(detail.getByText('Manual')).toBeVisible();
    expect((await emulator.client.webhookCall(failed!.uuid)).attempts_log).toHaveLength(6);
  });
});

test('a webhook edited (limited to a list), disabled and deleted, asked first; a refused URL is shown beside its field', async ({
  page,
  emulator,
}) => {
  const hook = await emulator.client.createWebhook({ name: 'Staging', url: 'http://localhost:3000/hooks' });
  await page.goto(`${emulator.url}/webhooks`);
  const configurations = page.getByRole('table', { name: 'Webhook configurations' });
  await configurations.getByRole('button', { name: 'Edit Staging' }).click();
  const form = page.getByRole('region', { name: 'Edit Staging' });
  await expect(form.getByLabel('Secret')).toHaveValue(hook.secret);
  await form.getByLabel('URL').fill('ftp://files.example.com/hooks');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('The url field must be a valid http:// or https:// URL.')).toBeVisible();
  await expect(form.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');
  expect((await emulator.client.webhook(hook.uuid)).url).toBe('http://localhost:3000/hooks');

  await form.getByLabel('URL').fill('https://staging.example.com/hooks');
  await form.getByLabel('Use for all lists').uncheck();
  await form.getByRole('group', { name: 'Only for these email lists' }).getByLabel('Newsletter').check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved Staging.' })).toBeVisible();
  const row = configurations.getByRole('row', { name: /Staging/ });
  await expect(row).toContainText('https://staging.example.com/hooks');
  await expect(row.getByRole('cell').nth(2)).toHaveText('Newsletter');
  expect(await emulator.client.webhook(hook.uuid)).toMatchObject({
    url: 'https://staging.example.com/hooks',
    use_for_all_lists: false,
    email_lists: [NEWSLETTER],
  });

  await row.getByRole('button', { name: 'Disable Staging' }).click();
  await expect(row).toContainText('disabled');
  expect((await emulator.client.webhook(hook.uuid)).enabled).toBe(false);
  await row.getByRole('button', { name: 'Enable Staging' }).click();
  await expect(row).toContainText('enabled');

  await row.getByRole('button', { name: 'Delete Staging' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the webhook Staging?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  expect(await emulator.client.webhooks()).toHaveLength(1);
  await row.getByRole('button', { name: 'Delete Staging' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Deleted Staging and its calls.' })).toBeVisible();
  await expect(page.getByText('No webhook yet')).toBeVisible();
  expect(await emulator.client.webhooks()).toEqual([]);

  // Made elsewhere (a test, the API): it appears without a reload.
  await emulator.client.createWebhook({ name: 'From a test', url: 'http://localhost:4000/hooks' });
  await expect(configurations.getByRole('rowheader', { name: /From a test/ })).toBeVisible();
});

test('the Webhooks page at 390 px: cards, nothing wider than the screen, the detail readable', async ({
  page,
  emulator,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await emulator.client.createWebhook({ name: 'Sink', url: emulator.client.webhookSink('narrow').url });
  await unsubscribeJane(emulator);
  await emulator.client.waitForWebhook({ event: 'UnsubscribedEvent' });
  await page.goto(`${emulator.url}/webhooks`);
  const callRow = callsTable(page).getByRole('row', { name: /^Unsubscribed/ });
  await expect(callRow).toContainText('200');
  await callRow.getByRole('button', { name: /^Details of/ }).click();
  await expect(page.getByRole('region', { name: /^The Unsubscribed call/ }).getByLabel('Request body')).toBeVisible();
  await page.getByRole('button', { name: 'Add a webhook' }).click();
  await expect(page.getByRole('region', { name: 'Add a webhook' }).getByLabel('URL')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const main = page.getByRole('main');
  expect(await main.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
});
