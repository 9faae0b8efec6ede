/**
 * The template studio as QA and designers use it: replacements re-render the preview, an MJML error shows its
 * line while the last good render stays, the URL reproduces the preview, a test mail lands in the inbox, a fixture
 * file edited on disk (--watch) updates the open preview, edits are saved or the template deleted, and unsaved edits
 * are not lost by leaving (header links, Back, a reload) nor sent as the saved version without a word. Each test
 * asserts what a user sees and then what the server holds.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { expect, test } from './fixtures.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures', import.meta.url));
const WELCOME = readFileSync(join(FIXTURES, 'templates/welcome.mjml'), 'utf8');

function preview(page: Page, name: string) {
  return page.frameLocator(`iframe[title="Preview of ${name}"]`);
}

/** Replaces the editor's whole text, as a paste would. */
async function setBody(page: Page, text: string) {
  const editor = page.getByRole('textbox', { name: 'Body source' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

test('changing a replacement updates the preview and the rendered subject', async ({ page, emulator }) => {
  await page.goto(`${emulator.url}/templates/welcome`);
  const frame = preview(page, 'welcome');
  // A placeholder without a replacement stays as written, as a send leaves it.
  await expect(frame.getByText('Welcome, ::first_name::!')).toBeVisible();
  await expect(page.getByText('Placeholders left unreplaced')).toBeVisible();

  await page.getByLabel('first_name', { exact: true }).fill('Jane');
  await expect(frame.getByText('Welcome, Jane!')).toBeVisible();
  await expect(page.getByText('Welcome to ::app_name::, Jane!', { exact: true })).toBeVisible();

  // A replacement no placeholder uses is listed as such.
  await page.getByLabel('Name of a replacement to add').fill('coupon');
  await page.getByRole('button', { name: 'Add replacement' }).click();
  await page.getByLabel('coupon', { exact: true }).fill('SAVE10');
  await expect(page.getByRole('definition').filter({ hasText: 'coupon' })).toBeVisible();

  // The raw JSON view edits the same object, and says so when the text is not JSON.
  await page.getByRole('button', { name: 'Edit as JSON' }).click();
  const json = page.getByLabel('Replacements as JSON');
  await expect(json).toHaveValue(/"first_name": "Jane"/);
  await json.fill('{"first_name": "Ada", ');
  await expect(page.getByText(/^Not valid JSON/)).toBeVisible();
  await expect(frame.getByText('Welcome, Jane!')).toBeVisible();
  await json.fill('{"first_name": "Ada", "app_name": "Acme"}');
  await expect(frame.getByText('Welcome, Ada!')).toBeVisible();
  await expect(page.getByText('Welcome to Acme, Ada!', { exact: true })).toBeVisible();
});

test('an MJML syntax error shows its line while the last good render stays in the frame', async ({
  page,
  emulator,
}) => {
  await page.goto(`${emulator.url}/templates/welcome?replacements=${encodeURIComponent('{"first_name":"Jane"}')}`);
  const frame = preview(page, 'welcome');
  await expect(frame.getByText('Welcome, Jane!')).toBeVisible();

  await setBody(page, WELCOME.replace('</mj-text>', '</mj-tex>').replace('Confirm my email', 'Confirm it now'));
  await expect(page.getByText(/Body, line 12, column \d+/)).toBeVisible();
  await expect(page.getByText('</mj-tex> closes nothing', { exact: false })).toBeVisible();
  await expect(page.getByText('the preview shows the last render without errors')).toBeVisible();
  // The frame still shows the last good render: the unsaved change after the error is not in it.
  await expect(frame.getByText('Confirm my email')).toBeVisible();
  await expect(frame.getByText('Confirm it now')).toHaveCount(0);
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  // Fixed, it renders again (with the change) and the errors go.
  await setBody(page, WELCOME.replace('Confirm my email', 'Confirm it now'));
  await expect(frame.getByText('Confirm it now')).toBeVisible();
  await expect(page.getByText(/Body, line 12/)).toHaveCount(0);
  // Nothing was saved.
  expect((await emulator.client.templates.get('welcome')).body).toBe(WELCOME);
});

test('MJML warnings are listed with their line', async ({ page, emulator }) => {
  await page.goto(`${emulator.url}/templates/welcome`);
  await expect(preview(page, 'welcome').getByText('Welcome, ::first_name::!')).toBeVisible();
  await setBody(
    page,
    WELCOME.replace('<mj-section padding="16px">', '<mj-sectionx padding="16px">').replace(
      /<\/mj-section>(?![\s\S]*<\/mj-section>)/,
      '</mj-sectionx>',
    ),
  );
  await expect(page.getByText('1 MJML warning')).toBeVisible();
  await expect(page.getByText("Element mj-sectionx doesn't exist or is not registered")).toBeVisible();
  await expect(page.getByText(/Body, line 24/)).toBeVisible();
});

test('the preview keeps its scroll position across re-renders', async ({ page, emulator }) => {
  const paragraphs = Array.from({ length: 60 }, (_, i) => `<p>Paragraph ${i + 1} for ::first_name::.</p>`).join('\n');
  await emulator.client.templates.create({
    name: 'long-read',
    type: 'html',
    subject: 'Long',
    body: `<html><body>${paragraphs}</body></html>`,
  });
  await page.goto(`${emulator.url}/templates/long-read`);
  const frame = preview(page, 'long-read');
  await expect(frame.getByText('Paragraph 60 for ::first_name::.')).toBeVisible();
  await frame.getByText('Paragraph 60 for ::first_name::.').scrollIntoViewIfNeeded();
  const scrollY = () =>
    page
      .locator('iframe[title="Preview of long-read"]')
      .evaluate((frameElement) => (frameElement as HTMLIFrameElement).contentWindow!.scrollY);
  const before = await scrollY();
  expect(before).toBeGreaterThan(100);
  await page.getByLabel('first_name', { exact: true }).fill('Jane');
  await expect(frame.getByText('Paragraph 60 for Jane.')).toBeVisible();
  await expect.poll(scrollY).toBe(before);
});

test('the URL reproduces the state after a reload', async ({ page, emulator }) => {
  await page.goto(`${emulator.url}/templates/welcome`);
  await page.getByLabel('first_name', { exact: true }).fill('Jane');
  await page.getByLabel('app_name', { exact: true }).fill('Acme');
  await page.getByRole('button', { name: '375 px' }).click();
  await page.getByLabel('Dark mode').check();
  await expect(page).toHaveURL(/width=375/);
  await expect(page).toHaveURL(/dark=1/);
  expect(JSON.parse(new URL(page.url()).searchParams.get('replacements')!)).toEqual({
    first_name: 'Jane',
    app_name: 'Acme',
  });

  await page.reload();
  await expect(page.getByLabel('first_name', { exact: true })).toHaveValue('Jane');
  await expect(page.getByLabel('Dark mode')).toBeChecked();
  await expect(page.getByRole('button', { name: '375 px' })).toHaveAttribute('aria-pressed', 'true');
  await expect(preview(page, 'welcome').getByText('Welcome, Jane!')).toBeVisible();
  await expect
    .poll(async () => (await page.locator('iframe[title="Preview of welcome"]').boundingBox())?.width)
    .toBe(375);

  // The text tab is part of the state too; a shared link opens on it.
  await page.getByRole('tab', { name: 'Text' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Text' })).toContainText('Thanks for joining Acme.');
  const shared = page.url();
  const other = await page.context().newPage();
  await other.goto(shared);
  await expect(other.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
  await expect(other.getByRole('tabpanel', { name: 'Text' })).toContainText('Welcome, Jane!');
});

test('"send a test mail" makes the mail appear in the inbox', async ({ page, emulator }) => {
  await page.goto(`${emulator.url}/templates/welcome`);
  await page.getByLabel('first_name', { exact: true }).fill('Jane');
  await page.getByLabel('app_name', { exact: true }).fill('Acme');
  await expect(page.getByText('Welcome to Acme, Jane!', { exact: true })).toBeVisible();
  await expect(page.getByLabel('To', { exact: true })).toHaveValue('test@example.com');
  // The snippets carry the current replacements.
  await page.getByRole('tab', { name: 'PHP SDK' }).click();
  await expect(page.getByRole('tabpanel', { name: 'PHP SDK' })).toContainText("'first_name' => 'Jane',");

  await page.getByRole('button', { name: 'Send a test mail' }).click();
  const link = page.getByRole('link', { name: 'open “Welcome to Acme, Jane!” in the inbox' });
  await expect(link).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Mails sent with this template' })
      .getByRole('link', { name: 'Welcome to Acme, Jane!' }),
  ).toBeVisible();

  await link.click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Acme, Jane!' })).toBeVisible();
  const sent = await emulator.client.messages({ template: 'welcome' });
  expect(sent.data.map((m) => [m.subject, m.to.map((a) => a.email)])).toEqual([
    ['Welcome to Acme, Jane!', ['test@example.com']],
  ]);

  // The templates list counts it.
  await page.getByRole('link', { name: 'Templates', exact: true }).click();
  await expect(page.getByRole('row', { name: /welcome/ }).getByRole('cell', { name: '1', exact: true })).toBeVisible();
});

test('a refused test send shows the API’s answer', async ({ page, emulator }) => {
  await emulator.client.mailcoach.addSuppression('blocked@example.com');
  await page.goto(`${emulator.url}/templates/password-reset`);
  await page.getByLabel('To', { exact: true }).fill('blocked@example.com');
  await page.getByRole('button', { name: 'Send a test mail' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The send was refused (406)' })).toBeVisible();
});

test('saving an edit persists it, and delete removes the template', async ({ page, emulator }) => {
  await page.goto(`${emulator.url}/templates/order-confirmation`);
  await expect(page.getByText('Your order ::order_number:: is confirmed', { exact: true })).toBeVisible();
  const stored = (await emulator.client.templates.get('order-confirmation')).body;
  const edited = stored.replace('Thank you for your order', 'Thanks a lot for your order');
  await page.getByLabel('Subject', { exact: true }).fill('Order ::order_number:: shipped');
  await setBody(page, edited);
  await expect(preview(page, 'order-confirmation').getByText(/Thanks a lot for your order/)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  const saved = await emulator.client.templates.get('order-confirmation');
  expect([saved.subject, saved.body, saved.origin]).toEqual(['Order ::order_number:: shipped', edited, 'edited']);
  await page.reload();
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('Order ::order_number:: shipped');
  await expect(page.getByRole('textbox', { name: 'Body source' })).toContainText('Thanks a lot for your order');
  await expect(page.getByText('a reset of the workspace restores the fixture’s version')).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete the template?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByRole('link', { name: 'welcome', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'order-confirmation' })).toHaveCount(0);
  expect((await emulator.client.templates.list()).map((t) => t.name)).not.toContain('order-confirmation');
});

test('leaving the studio with unsaved changes asks first: header links, Back and a reload', async ({
  page,
  emulator,
}) => {
  // Opened from the templates list, so that Back stays in the app.
  await page.goto(`${emulator.url}/templates`);
  await page.getByRole('link', { name: 'welcome', exact: true }).click();
  await expect(preview(page, 'welcome').getByText('Welcome, ::first_name::!')).toBeVisible();
  // Nothing edited: the header's links leave without a question.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Controls' }).click();
  await expect(page.getByRole('heading', { name: 'Controls', level: 1 })).toBeVisible();
  await page.goBack();

  await page.getByLabel('Subject', { exact: true }).fill('Edited subject');
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  // A header link: the dialog names what is lost; Cancel stays with the edit.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Log' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toContainText('Your unsaved changes to the subject of “welcome” are lost if you leave');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/templates\/welcome$/);
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('Edited subject');

  // Back: the same question, and the studio (its URL included) stays on Cancel.
  await page.goBack();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/templates\/welcome$/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('Edited subject');

  // A reload: the browser's own "leave site?" dialog; dismissed, the edit stays.
  const asked: string[] = [];
  page.once('dialog', (question) => {
    asked.push(question.type());
    void question.dismiss();
  });
  await page.reload({ timeout: 2_000 }).catch(() => {});
  expect(asked).toEqual(['beforeunload']);
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('Edited subject');

  // Confirmed, the link goes where it leads and the edit is gone: the server still has the fixture's subject.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Log' }).click();
  await dialog.getByRole('button', { name: 'Leave and discard' }).click();
  await expect(page).toHaveURL(/\/log$/);
  await expect(page.getByRole('heading', { name: /^Transactional log/, level: 1 })).toBeVisible();
  expect((await emulator.client.templates.get('welcome')).subject).toBe('Welcome to ::app_name::, ::first_name::!');

  // Back into the studio, edited again: Back, confirmed, goes where Back leads (the templates list).
  await page.goBack();
  await page.getByLabel('Subject', { exact: true }).fill('Edited again');
  await page.goBack();
  await dialog.getByRole('button', { name: 'Leave and discard' }).click();
  await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/templates$/);
});

test('the test mail is refused with a reason while the screen shows unsaved changes, and sends them once saved', async ({
  page,
  emulator,
}) => {
  await page.goto(`${emulator.url}/templates/welcome`);
  const send = page.getByRole('button', { name: 'Send a test mail' });
  await expect(send).toBeEnabled();
  await page.getByLabel('Subject', { exact: true }).fill('On screen ::first_name::');
  await expect(send).toBeDisabled();
  await expect(send).toHaveAccessibleDescription(
    /Save your changes first: a test mail goes through the Mailcoach API, which sends the saved template/,
  );

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(send).toBeEnabled();
  await page.getByLabel('first_name', { exact: true }).fill('Jane');
  await send.click();
  await expect(page.getByRole('link', { name: 'open “On screen Jane” in the inbox' })).toBeVisible();
  expect((await emulator.client.messages({ template: 'welcome' })).data.map((m) => m.subject)).toEqual([
    'On screen Jane',
  ]);
});

test('the templates list shows each template, and a new one opens in the studio', async ({ page, emulator }) => {
  await page.goto(emulator.url);
  await page.getByRole('link', { name: 'Templates', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: /^welcome/ });
  await expect(row).toContainText('Welcome mail (MJML)');
  await expect(row).toContainText('mjml');
  await expect(row).toContainText('never');
  await expect(row).toContainText('fixture');

  await page.getByLabel('Name', { exact: true }).fill('welcome');
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page.getByText('The name has already been taken.')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('invoice-paid');
  await page.getByLabel('Type', { exact: true }).selectOption('markdown');
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page).toHaveURL(/\/templates\/invoice-paid$/);
  await expect(page.getByRole('heading', { name: /invoice-paid/, level: 1 })).toBeVisible();
  await expect(page.getByText('Created here: a reset of the workspace removes it.')).toBeVisible();
  await page.getByLabel('first_name', { exact: true }).fill('Jane');
  await expect(preview(page, 'invoice-paid').getByRole('heading', { name: 'Hello Jane' })).toBeVisible();
  const created = await emulator.client.templates.get('invoice-paid');
  expect([created.type, created.origin]).toEqual(['markdown', 'created']);
});

test('a template that does not exist says so', async ({ page, emulator }) => {
  await page.goto(`${emulator.url}/templates/nope`);
  await expect(page.getByText('There is no template named “nope” in this workspace (any more).')).toBeVisible();
});

test.describe('with --watch', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mce-studio-watch-'));
  cpSync(FIXTURES, dir, { recursive: true });
  test.use({ emulatorOptions: { fixtures: dir, args: ['--watch'] } });
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('editing a fixture file updates the open preview', async ({ page, emulator }) => {
    await page.goto(`${emulator.url}/templates/welcome?replacements=${encodeURIComponent('{"first_name":"Jane"}')}`);
    const frame = preview(page, 'welcome');
    await expect(frame.getByText('Welcome, Jane!')).toBeVisible();
    await expect(page.getByText(/this preview follows it \(--watch is on\)/)).toBeVisible();

    writeFileSync(
      join(dir, 'templates/welcome.mjml'),
      WELCOME.replace('Welcome, ::first_name::!', 'Hello again, ::first_name::!'),
    );
    await expect(frame.getByText('Hello again, Jane!')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('textbox', { name: 'Body source' })).toContainText('Hello again, ::first_name::!');
    expect((await emulator.client.templates.get('welcome')).body).toContain('Hello again');
  });
});

test.describe('with --watch and a broken fixture file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mce-studio-broken-'));
  cpSync(FIXTURES, dir, { recursive: true });
  test.use({ emulatorOptions: { fixtures: dir, args: ['--watch'] } });
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('a broken JSON fixture file shows its file and line in the studio', async ({ page, emulator }) => {
    await page.goto(`${emulator.url}/templates/password-reset`);
    await expect(preview(page, 'password-reset').getByRole('heading').first()).toBeVisible();
    const json = readFileSync(join(dir, 'templates.json'), 'utf8');
    const lines = json.split('\n');
    const index = lines.findIndex((line) => line.includes('"type": "markdown",'));
    lines[index] = lines[index]!.replace('"markdown",', '"markdown"');
    writeFileSync(join(dir, 'templates.json'), lines.join('\n'));

    const problems = page.getByRole('alert').filter({ hasText: 'Fixture files that did not load' });
    await expect(problems).toBeVisible({ timeout: 10_000 });
    const status = await emulator.client.fixtures();
    expect(status.problems.length).toBeGreaterThan(0);
    const problem = status.problems[0]!;
    expect(problem.file).toMatch(/templates\.json$/);
    await expect(problems).toContainText(`${problem.file}:${problem.line}`);
    // The line is the broken one or the next (where the parser notices the missing comma).
    expect([index + 1, index + 2]).toContain(problem.line);
    // The last good version stays in use.
    await expect(preview(page, 'password-reset').getByRole('heading').first()).toBeVisible();
  });
});

test.describe('accessibility', () => {
  // axe is injected as a script of the page: the UI's CSP admits its own scripts only.
  test.use({ bypassCSP: true });

  const violations = (page: Page) => axeViolations(page);

  for (const theme of ['light', 'dark'] as const) {
    test(`the studio and the templates list have no accessibility violation (${theme})`, async ({ page, emulator }) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(`${emulator.url}/templates`);
      await expect(page.getByRole('link', { name: 'welcome', exact: true })).toBeVisible();
      expect(await violations(page)).toEqual([]);

      await page.goto(`${emulator.url}/templates/welcome`);
      await expect(preview(page, 'welcome').getByText('Welcome, ::first_name::!')).toBeVisible();
      // With errors and warnings on screen too.
      await setBody(
        page,
        WELCOME.replace('</mj-text>', '</mj-tex>').replace(
          '<mj-section padding="16px">',
          '<mj-sectionx padding="16px">',
        ),
      );
      await expect(page.getByText(/Body, line 12/)).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  }

  test('the studio is usable at 390 px wide', async ({ page, emulator }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${emulator.url}/templates/welcome`);
    await page.getByLabel('first_name', { exact: true }).fill('Jane');
    await expect(preview(page, 'welcome').getByText('Welcome, Jane!')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto(`${emulator.url}/templates`);
    await expect(page.getByRole('link', { name: 'welcome', exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
