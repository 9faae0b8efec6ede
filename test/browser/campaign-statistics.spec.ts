/**
 * A campaign's page after a send (issue 41 finding 10): the rates GET /api/campaigns answers beside the counts, who
 * opened, clicked and unsubscribed (each linking to their subscriber page), and "Preview as" offering the
 * subscribers the send reaches, found by a search. The bundled fixtures hold the Newsletter list and its
 * "March newsletter" draft.
 */
import { axeViolations } from './axe.js';
import { expect, test } from './fixtures.js';

// axe is injected as a script of the page: the UI's CSP admits its own scripts only.
test.use({ bypassCSP: true });

test('the rates and who opened, clicked and unsubscribed; the preview finds a subscriber by a search', async ({
  page,
  emulator,
}) => {
  const api = emulator.client.mailcoach.request;
  const campaigns = await api<{ data: Array<{ uuid: string; name: string; email_list_uuid: string }> }>(
    'GET',
    '/campaigns',
  );
  const campaign = campaigns.body.data.find((c) => c.name === 'March newsletter')!;
  await emulator.client.sendCampaign(campaign.uuid);
  const sent = await emulator.client.waitForCampaignSent(campaign.uuid);
  const sends = (await emulator.client.sends({ campaignUuid: campaign.uuid })).data.filter((s) => s.state === 'sent');
  const reader = sends[0]!;
  await emulator.client.simulate.open(reader.uuid);
  const post = (path: string, body: unknown) =>
    fetch(`${emulator.url}/_emulator/simulate/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${emulator.token}` },
      body: JSON.stringify(body),
    });
  expect((await post('click', { send_uuid: reader.uuid, url: 'https://acme.example/blog/march' })).status).toBe(200);
  expect((await post('unsubscribe', { send_uuid: reader.uuid })).status).toBe(200);

  await page.goto(`${emulator.url}/campaigns/${campaign.uuid}`);
  const rates = page.getByRole('definition').filter({ hasText: /%$/ });
  const rate = (label: string) =>
    page
      .getByLabel('Rates')
      .locator('div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd');
  // One of those it was sent to: the rate the API answers, as a percentage.
  const expected = `${Math.round(10_000 / sent.sent_to_number_of_subscribers) / 100}%`;
  await expect(rate('Open rate')).toHaveText(expected);
  await expect(rate('Click rate')).toHaveText(expected);
  await expect(rate('Unsubscribe rate')).toHaveText(expected);
  await expect(rate('Bounce rate')).toHaveText('0%');
  await expect(rates).toHaveCount(4);
  const fromApi = (await api<{ data: { open_rate: number } }>('GET', `/campaigns/${campaign.uuid}`)).body.data;
  expect(`${fromApi.open_rate / 100}%`).toBe(expected);

  for (const [list, what] of [
    ['Opened', '1 open'],
    ['Clicked', '1 click: https://acme.example/blog/march'],
    ['Unsubscribed', ''],
  ] as const) {
    const item = page.getByRole('list', { name: list }).getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item.getByRole('link', { name: reader.email! })).toHaveAttribute(
      'href',
      `/subscribers/${reader.subscriber_uuid}`,
    );
    await expect(item).toContainText(what);
  }

  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    expect(await axeViolations(page), theme).toEqual([]);
  }

  // Preview as: a search among those the send reached.
  const other = sends.find((s) => s.uuid !== reader.uuid)!;
  const subscriber = await emulator.client.mailcoach.findSubscriber(campaign.email_list_uuid, other.email!);
  await page.getByLabel('Find a subscriber').fill(other.email!.split('@')[0]!);
  await expect(page.getByRole('status').filter({ hasText: /of those it reaches match/ })).toBeVisible();
  await page.getByLabel('As subscriber').selectOption(subscriber!.uuid);
  await expect(page).toHaveURL(new RegExp(`subscriber=${subscriber!.uuid}`));
  await expect(
    page
      .frameLocator('iframe[title="Preview of March newsletter"]')
      .getByRole('heading', { name: `Hi ${subscriber!.first_name}` }),
  ).toBeVisible();
  await page.getByLabel('Find a subscriber').fill('nobody-by-this-name');
  await expect(page.getByText('No subscriber this campaign reaches matches “nobody-by-this-name”.')).toBeVisible();
});
