/** The inbox as a developer uses it: mail appears live, opens, is searched, read, deleted and reset. */
import { axeViolations } from './axe.js';
import { expect, rowSubjects, sendMail, test } from './fixtures.js';

test('a mail sent through /api appears in the open inbox without a reload', async ({ page, emulator }) => {
  await sendMail(emulator, { subject: 'Before opening', text: 'first' });
  await page.goto(emulator.url);
  await expect(rowSubjects(page)).toHaveText(['Before opening']);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await sendMail(emulator, { subject: 'While open', text: 'second' });
  await expect(rowSubjects(page)).toHaveText(['While open', 'Before opening']);
  await expect(page.getByText('2 messages')).toBeVisible();
});

test('opening a message shows its HTML in the frame at each width, and its other parts in tabs', async ({
  page,
  emulator,
}) => {
  await sendMail(emulator, {
    subject: 'Welcome Jane',
    html: '<h1>Hello Jane</h1><p>Your code is 424242. <a href="https://shop.test/confirm">Confirm</a></p>',
  });
  await page.goto(emulator.url);
  await page.getByRole('link', { name: /Welcome Jane/ }).click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Welcome Jane' })).toBeVisible();
  const frame = page.frameLocator('iframe[title^="HTML of"]');
  await expect(frame.getByRole('heading', { name: 'Hello Jane' })).toBeVisible();
  const iframe = page.locator('iframe[title^="HTML of"]');
  for (const [label, width] of [
    ['375 px', 375],
    ['768 px', 768],
  ] as const) {
    await page.getByRole('button', { name: label }).click();
    await expect.poll(async () => (await iframe.boundingBox())?.width).toBe(width);
  }
  await page.getByRole('button', { name: 'Full width' }).click();
  await expect.poll(async () => (await iframe.boundingBox())?.width).toBeGreaterThan(768);

  await page.getByRole('tab', { name: 'Links & codes' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('424242', { exact: true })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'https://shop.test/confirm' })).toBeVisible();
  await page.getByRole('tab', { name: 'Headers' }).click();
  await expect(page.getByRole('rowheader', { name: 'Subject' })).toBeVisible();
  await page.getByRole('tab', { name: 'Raw' }).click();
  await expect(panel).toContainText('MIME-Version: 1.0');

  // A permalink opens the same message after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome Jane' })).toBeVisible();
});

test('search narrows the list, and a malformed query shows the server’s 422 text', async ({ page, emulator }) => {
  await sendMail(emulator, { subject: 'Invoice 42', text: 'pay' });
  await sendMail(emulator, { subject: 'Welcome', text: 'hello', to: 'bob@example.com' });
  await page.goto(emulator.url);
  await expect(rowSubjects(page)).toHaveCount(2);
  const search = page.getByRole('searchbox', { name: 'Search messages' });
  await search.fill('to:bob@example.com');
  await search.press('Enter');
  await expect(rowSubjects(page)).toHaveText(['Welcome']);
  await expect(page).toHaveURL(/\?q=to%3Abob%40example\.com$/);
  await search.fill('subject:"unclosed');
  await search.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('The query has a double quote that is never closed.');
  // The count says the search did not run, instead of loading forever.
  await expect(page.getByRole('toolbar', { name: 'Inbox actions' }).getByText('Search not run')).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
  await search.fill('');
  await search.press('Enter');
  await expect(rowSubjects(page)).toHaveCount(2);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('opening a message marks it read; unread again survives a reload', async ({ page, emulator }) => {
  await sendMail(emulator, { subject: 'To be read', text: 'x' });
  await page.goto(emulator.url);
  await expect(page.getByRole('img', { name: 'Unread' })).toHaveCount(1);
  await page.getByRole('link', { name: /To be read/ }).click();
  await expect(page.getByRole('img', { name: 'Unread' })).toHaveCount(0);
  const [summary] = (await emulator.client.messages()).data;
  expect(summary!.read).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'To be read' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Unread' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Mark unread' }).click();
  await expect(page).toHaveURL(`${emulator.url}/`);
  await expect(page.getByRole('img', { name: 'Unread' })).toHaveCount(1);
  expect((await emulator.client.messages('is:unread')).meta.total).toBe(1);
  await page.reload();
  await expect(page.getByRole('img', { name: 'Unread' })).toHaveCount(1);
});

test('delete selected, delete all matching, and delete all mail (not a reset)', async ({ page, emulator }) => {
  for (const subject of ['Keep me', 'Drop one', 'Drop two', 'Order 1', 'Order 2'])
    await sendMail(emulator, { subject, text: subject });
  await page.goto(emulator.url);
  await expect(rowSubjects(page)).toHaveCount(5);

  // The selection goes in one request, however many are selected (issue 41).
  const deletes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/_emulator/messages')) deletes.push(request.method());
  });
  await page.getByRole('checkbox', { name: 'Select “Drop one”' }).check();
  await page.getByRole('checkbox', { name: 'Select “Drop two”' }).check();
  await page.getByRole('button', { name: 'Delete selected (2)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(rowSubjects(page)).toHaveText(['Order 2', 'Order 1', 'Keep me']);
  expect(deletes).toEqual(['POST']);
  expect((await emulator.client.messages()).meta.total).toBe(3);

  const search = page.getByRole('searchbox', { name: 'Search messages' });
  await search.fill('subject:order');
  await search.press('Enter');
  await expect(rowSubjects(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete all matching' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status')).toHaveText('Deleted 2 messages matching “subject:order”.');
  expect((await emulator.client.messages()).data.map((m) => m.subject)).toEqual(['Keep me']);

  // Delete all mail deletes the mail only, as Mailpit's does: a template edit and a suppression stay (a reset,
  // which takes them too, is on Controls only).
  await emulator.client.templates.update('welcome', { subject: 'Edited here' });
  await emulator.client.mailcoach.addSuppression('kept@example.com');
  await expect(page.getByRole('button', { name: 'Reset workspace' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete all mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete all mail?' });
  await expect(dialog).toContainText(
    'Every captured message of this workspace is deleted, not only those matching the search.',
  );
  await expect(dialog).toContainText('Suppressions, sends, log items, templates and the rest stay');
  await expect(dialog.getByRole('link', { name: 'Controls' })).toHaveAttribute('href', '/controls');
  await dialog.getByRole('button', { name: 'Delete all mail' }).click();
  await expect(page.getByRole('status')).toHaveText('Deleted all 1 message.');
  await expect(page.getByRole('heading', { name: 'No mail yet: connect your app' })).toBeVisible();
  expect((await emulator.client.messages()).meta.total).toBe(0);
  expect((await emulator.client.templates.get('welcome')).subject).toBe('Edited here');
  expect((await emulator.client.suppressions({ search: 'kept@example.com' })).meta.total).toBe(1);
  await expect(page.getByRole('button', { name: 'Delete all mail' })).toBeDisabled();
});

test('j and k move through the messages, also while focus is inside the preview frame', async ({ page, emulator }) => {
  for (const subject of ['Third', 'Second', 'First'])
    await sendMail(emulator, { subject, html: `<p>${subject} body</p>` });
  await page.goto(emulator.url);
  await expect(rowSubjects(page)).toHaveText(['First', 'Second', 'Third']);
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'First', level: 1 })).toBeVisible();
  const frame = page.frameLocator('iframe[title^="HTML of"]');
  await frame.getByText('First body').click();
  await page.keyboard.press('j');
  await expect(page.getByRole('heading', { name: 'Second', level: 1 })).toBeVisible();
  await page.frameLocator('iframe[title^="HTML of"]').getByText('Second body').click();
  await page.keyboard.press('j');
  await expect(page.getByRole('heading', { name: 'Third', level: 1 })).toBeVisible();
  await page.keyboard.press('k');
  await expect(page.getByRole('heading', { name: 'Second', level: 1 })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(`${emulator.url}/`);
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search messages' })).toBeFocused();
});

test.describe('with --isolate', () => {
  test.use({ emulatorOptions: { isolate: true, tokens: ['team-a', 'team-b'] } });

  test('the header picks the token whose workspace the inbox shows', async ({ page, emulator }) => {
    await emulator.client
      .withToken('team-a')
      .mailcoach.sendTransactional({ from: 'a@example.com', to: 'x@example.com', subject: 'For team A', text: 'a' });
    await emulator.client
      .withToken('team-b')
      .mailcoach.sendTransactional({ from: 'b@example.com', to: 'x@example.com', subject: 'For team B', text: 'b' });
    await page.goto(emulator.url);
    const workspace = page.getByLabel('Workspace');
    await workspace.selectOption('team-a');
    await expect(rowSubjects(page)).toHaveText(['For team A']);
    await workspace.selectOption('team-b');
    await expect(rowSubjects(page)).toHaveText(['For team B']);
    await page.reload();
    await expect(rowSubjects(page)).toHaveText(['For team B']);
  });
});

test('Delete on the open message shows the next one, and Delete takes the row j reached', async ({
  page,
  emulator,
}) => {
  for (const subject of ['First', 'Second', 'Third']) await sendMail(emulator, { subject, text: subject });
  const notFound: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) notFound.push(response.url());
  });
  await page.goto(emulator.url);
  await expect(rowSubjects(page)).toHaveText(['Third', 'Second', 'First']);
  await page.getByRole('link', { name: /Second/ }).click();
  await expect(page.getByRole('heading', { name: 'Second' })).toBeVisible();
  await page.keyboard.press('Delete');
  // The reader goes on to the message below, as a mail client does, and never asks for the deleted one again.
  await expect(page.getByRole('heading', { name: 'First' })).toBeVisible();
  await expect(rowSubjects(page)).toHaveText(['Third', 'First']);
  await expect(page.getByRole('status')).toHaveText('Deleted 1 message.');
  expect((await emulator.client.messages()).data.map((message) => message.subject)).toEqual(['Third', 'First']);
  expect(notFound).toEqual([]);

  // A row reached with j, not opened: Delete takes it.
  await page.goto(emulator.url);
  await expect(rowSubjects(page)).toHaveText(['Third', 'First']);
  await page.keyboard.press('j');
  await page.keyboard.press('Delete');
  await expect(rowSubjects(page)).toHaveText(['First']);
  expect((await emulator.client.messages()).data.map((message) => message.subject)).toEqual(['First']);
});

test('the list marks a campaign mail and a double opt-in confirmation mail, as it marks a template mail', async ({
  page,
  emulator,
}) => {
  const { mailcoach } = emulator.client;
  const list = await mailcoach.createEmailList({
    name: 'Weekly',
    default_from_email: 'news@example.com',
    requires_confirmation: true,
  });
  await mailcoach.subscribe(list.uuid, { email: 'confirm-me@example.com' });
  await mailcoach.subscribe(list.uuid, { email: 'reader@example.com', skip_confirmation: true });
  const created = await mailcoach.request<{ data: { uuid: string } }>('POST', '/campaigns', {
    name: 'March news',
    email_list_uuid: list.uuid,
    html: '<p>News</p>',
  });
  expect(created.status).toBe(201);
  expect((await mailcoach.request('POST', `/campaigns/${created.body.data.uuid}/send`)).status).toBe(204);
  await emulator.client.waitForCampaignSent(created.body.data.uuid);
  await sendMail(emulator, { subject: 'A receipt', text: 'Thanks' });

  await page.goto(emulator.url);
  const row = (subject: string) =>
    page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: subject });
  const badge = /^(Campaign|Confirmation)$/;
  await expect(row('March news').getByText(badge)).toHaveText('Campaign');
  await expect(row('Confirm your subscription to Weekly').getByText(badge)).toHaveText('Confirmation');
  await expect(row('A receipt').getByText(badge)).toHaveCount(0);
  // Beside the subject, on the row's own line.
  const subject = (await row('March news').getByText('March news', { exact: true }).boundingBox())!;
  const mark = (await row('March news').getByText('Campaign', { exact: true }).boundingBox())!;
  expect(Math.abs(mark.y + mark.height / 2 - (subject.y + subject.height / 2))).toBeLessThan(4);
});

test.describe('with SMTP on', () => {
  // bypassCSP: axe is injected as a script of the page, which the UI's CSP would refuse.
  test.use({ emulatorOptions: { smtpPort: 0 }, bypassCSP: true });

  test('a mail sent over SMTP appears live in the open inbox, marked SMTP, its envelope (Bcc included) in the header', async ({
    page,
    emulator,
  }) => {
    await page.goto(emulator.url);
    await expect(page.getByRole('heading', { name: 'No mail yet: connect your app' })).toBeVisible();
    // The connect panel names the SMTP address, and its SMTP snippet the settings an app's .env takes.
    const panel = page.getByRole('region', { name: 'No mail yet: connect your app' });
    await expect(panel.getByRole('definition').filter({ hasText: `127.0.0.1:${emulator.smtpPort}` })).toBeVisible();
    await panel.getByRole('tab', { name: 'SMTP' }).click();
    await expect(panel.getByRole('tabpanel', { name: 'SMTP' })).toContainText(`MAIL_PORT=${emulator.smtpPort}`);
    const { createTransport } = await import('nodemailer');
    const transport = createTransport({
      host: '127.0.0.1',
      port: emulator.smtpPort as number,
      secure: false,
      ignoreTLS: true,
    });
    await transport.sendMail({
      from: 'app@example.com',
      to: 'jane@example.com',
      bcc: 'audit@example.com',
      subject: 'Over SMTP',
      text: 'Hello over SMTP',
    });
    transport.close();
    // No reload: the list follows the event stream.
    const row = page.getByRole('list', { name: 'Messages' }).getByRole('link', { name: /Over SMTP/ });
    await expect(row).toContainText('SMTP');
    await row.click();
    await expect(page.getByRole('heading', { name: 'Over SMTP' })).toBeVisible();
    await expect(
      page.getByText('over SMTP: MAIL FROM app@example.com, RCPT TO jane@example.com, audit@example.com'),
    ).toBeVisible();
    expect(await axeViolations(page, { only: 'serious' })).toEqual([]);
    const [summary] = (await emulator.client.messages('via:smtp')).data;
    expect(summary).toMatchObject({ subject: 'Over SMTP', via: 'smtp' });
  });
});

test('a search result opened with the mouse keeps the search: the filtered list, j / k and Back to inbox', async ({
  page,
  emulator,
}) => {
  await sendMail(emulator, { subject: 'Invoice 1', text: 'x', to: 'bob@example.com' });
  await sendMail(emulator, { subject: 'Welcome', text: 'x' });
  await sendMail(emulator, { subject: 'Invoice 2', text: 'x', to: 'bob@example.com' });
  await page.goto(emulator.url);
  const search = page.getByRole('searchbox', { name: 'Search messages' });
  await search.fill('to:bob@example.com');
  await search.press('Enter');
  await expect(rowSubjects(page)).toHaveText(['Invoice 2', 'Invoice 1']);

  await page.getByRole('link', { name: /Invoice 2/ }).click();
  await expect(page.getByRole('heading', { name: 'Invoice 2' })).toBeVisible();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}\?q=to%3Abob%40example\.com$/);
  await expect(rowSubjects(page)).toHaveText(['Invoice 2', 'Invoice 1']);
  await expect(search).toHaveValue('to:bob@example.com');
  // j walks the results, not the whole inbox (where Welcome comes next).
  await page.keyboard.press('j');
  await expect(page.getByRole('heading', { name: 'Invoice 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to inbox' }).click();
  await expect(page).toHaveURL(/\/\?q=to%3Abob%40example\.com$/);
  await expect(rowSubjects(page)).toHaveText(['Invoice 2', 'Invoice 1']);
});

test('the inbox’s delete dialogs open with focus on Cancel and close on Esc, deleting nothing', async ({
  page,
  emulator,
}) => {
  await sendMail(emulator, { subject: 'Kept', text: 'x' });
  await page.goto(emulator.url);
  await expect(rowSubjects(page)).toHaveText(['Kept']);
  await page.getByRole('button', { name: 'Delete all mail' }).click();
  const all = page.getByRole('dialog', { name: 'Delete all mail?' });
  await expect(all).toBeVisible();
  await expect(all.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(all).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Select “Kept”' }).check();
  await page.getByRole('button', { name: 'Delete selected (1)' }).click();
  const selected = page.getByRole('dialog', { name: 'Delete messages?' });
  await expect(selected.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(selected).toHaveCount(0);
  await expect(rowSubjects(page)).toHaveText(['Kept']);
  expect((await emulator.client.messages()).meta.total).toBe(1);
});

test('the search-syntax popover closes on Esc and on a click outside it', async ({ page, emulator }) => {
  await sendMail(emulator, { subject: 'Anything', text: 'x' });
  await page.goto(emulator.url);
  const toggle = page.getByRole('button', { name: 'Search syntax' });
  const popover = page.getByRole('dialog', { name: 'Search syntax' });
  await toggle.click();
  await expect(popover).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();

  await toggle.click();
  await expect(popover).toBeVisible();
  await page.getByText('Select a message to read it.').click();
  await expect(popover).toHaveCount(0);
  // A click inside it (on its text) leaves it open.
  await toggle.click();
  await popover.getByText('Terms are combined with AND.').click();
  await expect(popover).toBeVisible();
});

test('a delete that fails says so, and the message stays', async ({ page, emulator }) => {
  await sendMail(emulator, { subject: 'Stays', text: 'x' });
  await page.route(/\/_emulator\/messages\/delete$/, (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"The disk is full."}' }),
  );
  await page.goto(emulator.url);
  await page.getByRole('link', { name: /Stays/ }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('The delete failed: The disk is full. (503)');
  await expect(rowSubjects(page)).toHaveText(['Stays']);
  await expect(page.getByText(/^Deleted/)).toHaveCount(0);
});

test.describe('with SMTP on, a mail without a Message-ID', () => {
  test.use({ emulatorOptions: { smtpPort: 0 } });

  test('shows no Mailcoach records on its Mailcoach tab, nor a made-up Message-ID', async ({ page, emulator }) => {
    const { createTransport } = await import('nodemailer');
    const transport = createTransport({ host: '127.0.0.1', port: emulator.smtpPort as number, ignoreTLS: true });
    await transport.sendMail({
      envelope: { from: 'app@example.com', to: ['jane@example.com'] },
      raw: 'From: app@example.com\r\nTo: jane@example.com\r\nSubject: No id\r\n\r\nHello\r\n',
    });
    transport.close();
    await page.goto(emulator.url);
    await page.getByRole('link', { name: /No id/ }).click();
    await page.getByRole('tab', { name: 'Mailcoach' }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel).toContainText('over SMTP, not through the Mailcoach API');
    await expect(panel).toContainText('(none: the mail has no Message-ID header)');
    await expect(panel).not.toContainText('not stored');
    await expect(panel).not.toContainText('(inline content, no template)');
  });
});

test('the tab’s title counts the unread messages, live', async ({ page, emulator }) => {
  await sendMail(emulator, { subject: 'One', text: 'x' });
  await sendMail(emulator, { subject: 'Two', text: 'x' });
  await page.goto(emulator.url);
  await expect(page).toHaveTitle('(2) Inbox · mailcoach-emulator');
  await page.getByRole('link', { name: /One/ }).click();
  await expect(page).toHaveTitle('(1) Inbox · mailcoach-emulator');
  await sendMail(emulator, { subject: 'Three', text: 'x' });
  await expect(page).toHaveTitle('(2) Inbox · mailcoach-emulator');
  await emulator.client.deleteMessages('');
  await expect(page).toHaveTitle('Inbox · mailcoach-emulator');
});
