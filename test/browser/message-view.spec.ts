/**
 * The small things of the inbox a QA walkthrough found: a mail without HTML to show opens on
 * its text, Reply-To shows in the message header, the delete dialogs count in words, the attachment mark is a
 * drawn icon with a name, and the preview's Dark mode checkbox sits on its label's line; the uuid the send API
 * answers (the log item's) opens its mail, and the Links tab says what each link reads.
 */
import { expect, rowSubjects, sendMail, test } from './fixtures.js';

test('a mail without HTML to show opens on its Text tab; one with HTML on its HTML tab', async ({ page, emulator }) => {
  await sendMail(emulator, { subject: 'Text only', text: 'Your code is 424242.' });
  await sendMail(emulator, { subject: 'Empty shell', html: '<div>&nbsp;</div>', text: 'The text part.' });
  await sendMail(emulator, { subject: 'Real HTML', html: '<p>Hello</p>' });
  await page.goto(emulator.url);

  for (const [subject, text] of [
    ['Text only', 'Your code is 424242.'],
    ['Empty shell', 'The text part.'],
  ] as const) {
    await page.getByRole('link', { name: new RegExp(subject) }).click();
    await expect(page.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveText(text);
  }
  await page.getByRole('link', { name: /Real HTML/ }).click();
  await expect(page.getByRole('tab', { name: 'HTML', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.frameLocator('iframe[title^="HTML of"]').getByText('Hello')).toBeVisible();
});

test('Reply-To shows in the message header beside From and To', async ({ page, emulator }) => {
  await emulator.client.mailcoach.sendTransactional({
    from: 'app@example.com',
    to: 'jane@example.com',
    reply_to: 'Support <support@example.com>',
    subject: 'Answer me',
    text: 'x',
  });
  await sendMail(emulator, { subject: 'No reply address', text: 'y' });
  await page.goto(emulator.url);
  await page.getByRole('link', { name: /Answer me/ }).click();
  const header = page.getByRole('article').locator('.envelope');
  await expect(header.getByRole('term')).toHaveText(['From', 'To', 'Reply-To', 'Date']);
  await expect(header.getByRole('definition').nth(2)).toHaveText('Support <support@example.com>');

  await page.getByRole('link', { name: /No reply address/ }).click();
  await expect(page.getByRole('heading', { name: 'No reply address' })).toBeVisible();
  await expect(header.getByRole('term')).toHaveText(['From', 'To', 'Date']);
});

test('the delete dialogs say message or messages, as many as there are', async ({ page, emulator }) => {
  for (const subject of ['Order 1', 'Order 2', 'Invoice 3']) await sendMail(emulator, { subject, text: subject });
  await page.goto(emulator.url);
  await expect(rowSubjects(page)).toHaveCount(3);
  const dialog = page.getByRole('dialog');

  await page.getByRole('checkbox', { name: 'Select “Order 1”' }).check();
  await page.getByRole('button', { name: 'Delete selected (1)' }).click();
  await expect(dialog).toContainText('Delete the selected message?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('checkbox', { name: 'Select “Order 2”' }).check();
  await page.getByRole('button', { name: 'Delete selected (2)' }).click();
  await expect(dialog).toContainText('Delete the 2 selected messages?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const search = page.getByRole('searchbox', { name: 'Search messages' });
  for (const [query, words] of [
    ['subject:invoice', 'Delete the message matching “subject:invoice”?'],
    ['subject:order', 'Delete all 2 messages matching “subject:order”?'],
  ] as const) {
    await search.fill(query);
    await search.press('Enter');
    await page.getByRole('button', { name: 'Delete all matching' }).click();
    await expect(dialog).toContainText(words);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }
  await expect(page.getByText(/message\(s\)/)).toHaveCount(0);
});

test('the attachment mark is a drawn icon named by the count, not an emoji', async ({ page, emulator }) => {
  const file = (name: string) => ({ name, content: Buffer.from(name).toString('base64'), content_type: 'text/plain' });
  await emulator.client.mailcoach.sendTransactional({
    from: 'a@example.com',
    to: 'jane@example.com',
    subject: 'One file',
    text: 'x',
    attachments: [file('a.txt')],
  });
  await emulator.client.mailcoach.sendTransactional({
    from: 'a@example.com',
    to: 'jane@example.com',
    subject: 'Two files',
    text: 'x',
    attachments: [file('a.txt'), file('b.txt')],
  });
  await page.goto(emulator.url);
  const list = page.getByRole('list', { name: 'Messages' });
  for (const name of ['1 attachment', '2 attachments']) {
    const mark = list.getByRole('img', { name });
    await expect(mark).toBeVisible();
    await expect(mark.locator('svg')).toBeVisible();
    await expect(mark).toHaveText('');
  }
});

test('the preview’s Dark mode checkbox sits centred on its label’s line', async ({ page, emulator }) => {
  await sendMail(emulator, { subject: 'Dark check', html: '<p>Hi</p>' });
  await page.goto(emulator.url);
  await page.getByRole('link', { name: /Dark check/ }).click();
  const box = await page.getByRole('checkbox', { name: 'Dark mode' }).boundingBox();
  const width = await page.getByRole('button', { name: 'Full width' }).boundingBox();
  const text = await page.getByText('Dark mode', { exact: true }).evaluate((label) => {
    const range = document.createRange();
    const node = [...label.childNodes].find(
      (child) => child.nodeType === Node.TEXT_NODE && child.textContent!.trim() !== '',
    )!;
    range.selectNodeContents(node);
    const rect = range.getBoundingClientRect();
    return { y: rect.y, height: rect.height };
  });
  expect(box).not.toBeNull();
  // The box is a checkbox's size, centred on the text of its label and on the row of width buttons.
  expect(box!.height).toBeLessThanOrEqual(20);
  expect(Math.abs(box!.y + box!.height / 2 - (text.y + text.height / 2))).toBeLessThanOrEqual(2);
  expect(Math.abs(box!.y + box!.height / 2 - (width!.y + width!.height / 2))).toBeLessThanOrEqual(2);
});

test('/messages/<the uuid the send API answered> shows the mail, at the message’s own address', async ({
  page,
  emulator,
}) => {
  const { uuid: logItemUuid } = await emulator.client.mailcoach.sendTransactional({
    from: 'app@example.com',
    to: 'jane@example.com',
    subject: 'Found by its log item',
    html: '<p>Hello from the log</p>',
  });
  const message = await emulator.client.waitForMessage({ subject: 'Found by its log item' });
  expect(logItemUuid).not.toBe(message!.uuid);
  await page.goto(`${emulator.url}/messages/${logItemUuid}`);
  await expect(page.getByRole('heading', { name: 'Found by its log item' })).toBeVisible();
  await expect(page.frameLocator('iframe[title^="HTML of"]').getByText('Hello from the log')).toBeVisible();
  await expect(page.getByText('does not exist')).toHaveCount(0);
  // The address becomes the message's permalink, and the list marks the row open.
  await expect(page).toHaveURL(`${emulator.url}/messages/${message!.uuid}`);
  await expect(
    page.getByRole('list', { name: 'Messages' }).getByRole('link', { name: /Found by its log item/ }),
  ).toHaveAttribute('aria-current', 'page');
});

test('the Links tab shows each link’s text, then its URL', async ({ page, emulator }) => {
  await sendMail(emulator, {
    subject: 'Links with words',
    html: '<p><a href="https://shop.test/confirm?id=1&amp;t=2">Confirm <b>your</b> order</a> · <a href="https://shop.test/logo"><img alt="Shop home" src="https://shop.test/l.png"></a></p>',
    text: 'Or paste https://shop.test/paste',
  });
  await page.goto(emulator.url);
  await page.getByRole('link', { name: /Links with words/ }).click();
  await page.getByRole('tab', { name: 'Links & codes' }).click();
  const links = page.getByRole('tabpanel').getByRole('list', { name: 'Links' }).getByRole('listitem');
  await expect(links).toHaveCount(3);
  await expect(links.nth(0)).toHaveText(/^Confirm your order\s*https:\/\/shop\.test\/confirm\?id=1&t=2/);
  await expect(links.nth(1)).toHaveText(/^Shop home\s*https:\/\/shop\.test\/logo/);
  // A URL written in the text part has no link text: the URL alone.
  await expect(links.nth(2)).toHaveText(/^https:\/\/shop\.test\/paste/);
  // The text comes first, above its URL.
  const text = (await links.nth(0).getByText('Confirm your order').boundingBox())!;
  const url = (await links.nth(0).getByRole('link', { name: 'https://shop.test/confirm?id=1&t=2' }).boundingBox())!;
  expect(text.y).toBeLessThan(url.y);
});

test('the message tabs follow the arrow keys, skip empty parts and stay one row at 1280 px', async ({
  page,
  emulator,
}) => {
  await sendMail(emulator, { subject: 'Text only', text: 'Just text.' });
  await page.goto(emulator.url);
  await page.getByRole('link', { name: /Text only/ }).click();
  const tabs = page.getByRole('tablist', { name: 'Message parts' });
  for (const empty of ['HTML', 'HTML source', 'Attachments']) {
    await expect(tabs.getByRole('tab', { name: empty, exact: true })).toBeDisabled();
  }
  const text = tabs.getByRole('tab', { name: 'Text', exact: true });
  await expect(text).toHaveAttribute('aria-selected', 'true');
  // One tab in the tab order: the selected one.
  await expect(tabs.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
  await text.focus();
  await page.keyboard.press('ArrowRight');
  const headers = tabs.getByRole('tab', { name: 'Headers' });
  await expect(headers).toBeFocused();
  await expect(headers).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('Subject');
  await page.keyboard.press('ArrowLeft');
  await expect(text).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.getByRole('tab', { name: /^Checks/ })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(text).toHaveAttribute('aria-selected', 'true');

  const tops = await tabs.getByRole('tab').evaluateAll((all) => all.map((tab) => tab.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);
});
