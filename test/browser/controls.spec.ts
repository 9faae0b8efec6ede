/**
 * The controls as a developer debugging a send uses them: a fault rule making the next send fail (over /api, and
 * over SMTP from the fault form), its badge on every page, the clock moving the next capture's timestamps and
 * following changes made elsewhere, a bad seed refused field by field, the seed panel's example, a reset. Each test
 * asserts what a user sees and then what the server holds.
 */
import { expect, sendMail, test } from './fixtures.js';

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
