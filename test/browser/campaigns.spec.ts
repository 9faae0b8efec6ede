/**
 * The Campaigns and Automations pages: a campaign's preview as a chosen subscriber (their first name), a
 * send from the page after the confirmation stating how many subscribers it reaches (one captured mail each), the
 * statistics changing live after a simulated open and click, an automation trigger made through /api showing with
 * its outcome, the inbox's Mailcoach tab linking a campaign mail to its campaign page; axe in both themes; 390 px.
 * The bundled fixtures hold the Newsletter list, its "March newsletter" draft and the "Welcome series" automation.
 */
import type { Page } from '@playwright/test';
import type { StartedEmulator } from '../../server/testing/index.js';
import { axeViolations } from './axe.js';
import { expect, test } from './fixtures.js';

interface Found {
  campaign: { uuid: string; name: string; email_list_uuid: string };
  subscribed: Array<{ uuid: string; email: string; first_name: string }>;
}

/** The fixture campaign and its list's subscribed subscribers, as the API answers them. */
async function fixtureCampaign(emulator: StartedEmulator): Promise<Found> {
  const api = emulator.client.mailcoach.request;
  const campaigns = await api<{ data: Found['campaign'][] }>('GET', '/campaigns');
  const campaign = campaigns.body.data.find((c) => c.name === 'March newsletter');
  if (campaign === undefined) throw new Error('the fixtures have no March newsletter');
  const subscribers = await api<{ data: Found['subscribed'] }>(
    'GET',
    `/email-lists/${campaign.email_list_uuid}/subscribers?filter[status]=subscribed`,
  );
  return { campaign, subscribed: subscribers.body.data };
}

/** A statistic's figure on the campaign page. */
const stat = (page: Page, label: string) =>
  page
    .locator('.stats div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

test('the preview shows the chosen subscriber; send after the confirmation captures one mail each; statistics follow an open and a click', async ({
  page,
  emulator,
}) => {
  const { campaign, subscribed } = await fixtureCampaign(emulator);
  const second = subscribed[1];
  if (second === undefined) throw new Error('the fixture list has fewer than two subscribed subscribers');

  await page.goto(`${emulator.url}/campaigns`);
  await page.getByRole('link', { name: 'March newsletter' }).click();
  await expect(page.getByRole('heading', { name: /March newsletter/, level: 1 })).toBeVisible();
  await page.getByLabel('As subscriber').selectOption(second.uuid);
  await expect(page).toHaveURL(new RegExp(`subscriber=${second.uuid}`));
  await expect(
    page
      .frameLocator('iframe[title="Preview of March newsletter"]')
      .getByRole('heading', { name: `Hi ${second.first_name}` }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Send campaign…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send this campaign?' });
  await expect(dialog).toContainText(`${subscribed.length} subscribers`);
  await dialog.getByRole('button', { name: `Send to ${subscribed.length} subscribers` }).click();
  await expect(page.getByText('sent', { exact: true }).first()).toBeVisible();
  await expect(stat(page, 'Sent')).toHaveText(String(subscribed.length));

  // A suppressed address (the fixtures suppress some) gets a Send but no mail (campaigns/deliver.ts).
  const suppressed = new Set((await emulator.client.suppressions()).data.map((row) => row.email));
  const mailed = subscribed.filter((s) => !suppressed.has(s.email));
  const mails = await emulator.client.waitForMessages(mailed.length, { query: `campaign:${campaign.uuid}` });
  expect(mails.map((mail) => mail.to[0]?.email).sort()).toEqual(mailed.map((s) => s.email).sort());

  const sends = (await emulator.client.sends({ campaignUuid: campaign.uuid })).data;
  const send = sends.find((row) => row.state === 'sent');
  if (send === undefined) throw new Error('no send');
  await expect(stat(page, 'Opens')).toHaveText('0');
  await emulator.client.simulate.open(send.uuid);
  await expect(stat(page, 'Opens')).toHaveText('1');
  const click = await fetch(`${emulator.url}/_emulator/simulate/click`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${emulator.token}` },
    body: JSON.stringify({ send_uuid: send.uuid, url: 'https://acme.example/blog/march' }),
  });
  expect(click.status).toBe(200);
  await expect(stat(page, 'Clicks')).toHaveText('1');
  await expect(
    page
      .getByRole('table', { name: 'Clicked links' })
      .getByRole('rowheader', { name: 'https://acme.example/blog/march' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Captured mail' })).toHaveCount(mailed.length);
});

test('a test send from the page captures a [Test] mail, and the Mailcoach tab links it back to its campaign page', async ({
  page,
  emulator,
}) => {
  const { campaign } = await fixtureCampaign(emulator);
  await page.goto(`${emulator.url}/campaigns/${campaign.uuid}`);
  await page.getByLabel('Test to').fill('qa@example.com');
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText('Test sent to qa@example.com')).toBeVisible();
  const mail = await emulator.client.waitForMessage({ to: 'qa@example.com' });
  expect(mail.subject).toMatch(/^\[Test\] /);

  await page.goto(`${emulator.url}/messages/${mail.uuid}`);
  await page.getByRole('tab', { name: 'Mailcoach' }).click();
  await page.getByRole('link', { name: 'Campaign page' }).click();
  await expect(page).toHaveURL(`${emulator.url}/campaigns/${campaign.uuid}`);
  await expect(page.getByRole('heading', { name: /March newsletter/, level: 1 })).toBeVisible();
});

test('an automation trigger made through /api shows live with its outcome', async ({ page, emulator }) => {
  const { subscribed } = await fixtureCampaign(emulator);
  const subscriber = subscribed[0];
  if (subscriber === undefined) throw new Error('no subscriber');
  await page.goto(`${emulator.url}/campaigns`);
  await page.getByRole('link', { name: 'Automations' }).click();
  const section = page.getByRole('region', { name: /Welcome series/ });
  await expect(section.getByText('Not triggered yet.')).toBeVisible();
  const automations = await emulator.client.automationRecords();
  const welcome = automations.find((a) => a.name === 'Welcome series');
  const answer = await emulator.client.mailcoach.request('POST', `/automations/${welcome?.uuid}/trigger`, {
    subscribers: [subscriber.uuid],
  });
  expect(answer.status).toBe(200);
  const row = section.getByRole('row', { name: new RegExp(subscriber.email) });
  await expect(row.getByRole('cell').first()).toHaveText('entered');
  await expect(row.getByRole('link', { name: subscriber.email })).toHaveAttribute(
    'href',
    `/subscribers/${subscriber.uuid}`,
  );
});

// axe is injected as a script of the page: the UI's CSP admits its own scripts only.
test.describe('accessibility and width', () => {
  test.use({ bypassCSP: true });

  for (const theme of ['light', 'dark'] as const) {
    test(`the Campaigns, campaign and Automations pages have no accessibility violation (${theme})`, async ({
      page,
      emulator,
    }) => {
      const { campaign } = await fixtureCampaign(emulator);
      await page.emulateMedia({ colorScheme: theme });
      const pages: Array<[string, () => ReturnType<Page['getByRole']>]> = [
        ['/campaigns', () => page.getByRole('table', { name: 'Campaigns' })],
        [`/campaigns/${campaign.uuid}`, () => page.getByRole('button', { name: 'Send campaign…' })],
        ['/automations', () => page.getByRole('heading', { name: /Welcome series/ })],
        [
          `/campaign-templates/${(await emulator.client.campaignTemplateRecords())[0]?.uuid}`,
          () => page.getByRole('form', { name: 'Field values' }),
        ],
      ];
      for (const [path, loaded] of pages) {
        await page.goto(`${emulator.url}${path}`);
        await expect(loaded()).toBeVisible();
        expect(await axeViolations(page), path).toEqual([]);
      }
    });
  }

  test('the pages fit 390 px', async ({ page, emulator }) => {
    const { campaign } = await fixtureCampaign(emulator);
    await page.setViewportSize({ width: 390, height: 800 });
    const template = (await emulator.client.campaignTemplateRecords())[0]?.uuid;
    for (const path of [
      '/campaigns',
      `/campaigns/${campaign.uuid}`,
      '/automations',
      `/campaign-templates/${template}`,
    ]) {
      await page.goto(`${emulator.url}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
  });
});

test('a campaign template previews live as the field values are typed, kept in the URL, under Campaigns', async ({
  page,
  emulator,
}) => {
  await page.goto(`${emulator.url}/campaigns`);
  await page.getByRole('link', { name: 'Acme newsletter' }).click();
  await expect(page.getByRole('heading', { name: 'Acme newsletter', level: 1 })).toBeVisible();
  // The page is one of Campaigns' (issue 41 finding 9: the header marked Inbox).
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await expect(sections.getByRole('link', { name: 'Campaigns' })).toHaveAttribute('aria-current', 'page');
  await expect(sections.getByRole('link', { name: 'Inbox' })).not.toHaveAttribute('aria-current', 'page');
  // No button to press: the preview follows the typing, as the studio's does.
  await expect(page.getByRole('button', { name: 'Render' })).toHaveCount(0);
  await page.getByLabel('title (text)').pressSequentially('Spring sale');
  const preview = page.frameLocator('iframe[title="Preview of Acme newsletter"]');
  await expect(preview.getByText('Spring sale')).toBeVisible();
  await expect(page).toHaveURL(/fields=%7B%22title%22%3A%22Spring\+sale%22/);
  // The values replace the URL's as they change: one history entry for the page, not one per pause.
  await page.getByLabel('title (text)').fill('Summer sale');
  await expect(preview.getByText('Summer sale')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(`${emulator.url}/campaigns`);
});

test("a double opt-in mail's Mailcoach tab links its subscriber page", async ({ page, emulator }) => {
  const api = emulator.client.mailcoach.request;
  const list = await api<{ data: { uuid: string } }>('POST', '/email-lists', {
    name: 'Opt-in',
    default_from_email: 'news@acme.test',
    requires_confirmation: true,
  });
  const subscriber = await api<{ data: { uuid: string } }>('POST', `/email-lists/${list.body.data.uuid}/subscribers`, {
    email: 'ann@acme.test',
    first_name: 'Ann',
  });
  expect(subscriber.status).toBe(201);
  const mail = await emulator.client.waitForMessage({ to: 'ann@acme.test', subject: 'Confirm your subscription' });
  await page.goto(`${emulator.url}/messages/${mail.uuid}`);
  await page.getByRole('tab', { name: 'Mailcoach' }).click();
  await expect(page.getByRole('link', { name: 'Subscriber ann@acme.test' })).toHaveAttribute(
    'href',
    `/subscribers/${subscriber.body.data.uuid}`,
  );
  await expect(page.getByRole('link', { name: 'Campaign page' })).toHaveCount(0);
});

test('a campaign created through /api appears live on the open Campaigns page', async ({ page, emulator }) => {
  await page.goto(`${emulator.url}/campaigns`);
  await expect(page.getByRole('link', { name: 'March newsletter' })).toBeVisible();
  const { campaign } = await fixtureCampaign(emulator);
  await emulator.client.mailcoach.request('POST', '/campaigns', {
    name: 'April newsletter',
    email_list_uuid: campaign.email_list_uuid,
  });
  await expect(page.getByRole('link', { name: 'April newsletter' })).toBeVisible();
});

test("a campaign mail's Mailcoach tab names its subscriber by address and links its send", async ({
  page,
  emulator,
}) => {
  const { campaign } = await fixtureCampaign(emulator);
  await emulator.client.mailcoach.request('POST', `/campaigns/${campaign.uuid}/send`);
  const [summary] = await emulator.client.waitForMessages(1, { query: `campaign:${campaign.uuid}` });
  const mail = await emulator.client.message(summary!.uuid);
  const email = mail.to[0]!.email;
  await page.goto(`${emulator.url}/messages/${mail.uuid}`);
  await page.getByRole('tab', { name: 'Mailcoach' }).click();
  await expect(page.getByRole('link', { name: `Subscriber ${email}` })).toHaveText(email);
  await page.getByRole('link', { name: `Send ${mail.send_uuid}` }).click();
  await expect(page).toHaveURL(/\/sends\?campaign=[0-9a-f-]{36}&subscriber=[0-9a-f-]{36}$/);
  await expect(page.locator(`tr[data-send="${mail.send_uuid}"]`)).toContainText(email);
  await expect(page.locator('tbody tr[data-send]')).toHaveCount(1);
});

test('a draft campaign’s page says it is not sent, and shows no schedule it does not have', async ({
  page,
  emulator,
}) => {
  const { campaign } = await fixtureCampaign(emulator);
  await page.goto(`${emulator.url}/campaigns/${campaign.uuid}`);
  const head = page.locator('p.lead');
  await expect(head).toContainText('not sent');
  await expect(head).not.toContainText('scheduled');
  await expect(head).not.toContainText('—');
});
