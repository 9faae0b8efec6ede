/**
 * The requests real Mailcoach clients send (shared/spec/real-clients.md) for sends, transactional templates and the
 * transactional mail log, replayed byte for byte over a raw socket, for the PHP SDK (Guzzle 7) and the Python
 * client (requests 2.28): the fixtures' rows, read only. Suppressions are real-clients.test.ts's.
 */
import { describe, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { php } from '../support/expected.js';
import {
  expectJson,
  laravelList,
  type ListOptions,
  LOG_INVOICE,
  LOG_WELCOME,
  SEND_CAMPAIGN,
  SEND_INVOICE,
  SEND_WELCOME,
  TEMPLATE_RESET,
  TEMPLATE_SHIPPED,
  TEMPLATE_WELCOME,
} from '../support/real-client-bodies.js';
import { realClients } from '../support/real-clients.js';

const emulator = useEmulator();
const origin = () => `http://${new URL(emulator().url).host}`;
const listBody = (path: string, data: unknown[], options: ListOptions) => laravelList(origin(), path, data, options);

const { sdkGet, python } = realClients(emulator);

describe('PHP SDK (Guzzle 7): sends, templates, transactional mail log', () => {
  it('lists sends by subscriber: filter%5Bsubscriber_uuid%5D=<uuid>', async () => {
    const reply = await sdkGet('/api/sends?filter%5Bsubscriber_uuid%5D=5ab5c71b-0000-4000-8000-000000000000');
    expectJson(reply, 200, listBody('/api/sends', [SEND_CAMPAIGN], { total: 1, metaLinks: true }));
  });

  it('lists sends by the other owner filters', async () => {
    const byCampaign = await sdkGet('/api/sends?filter%5Bcampaign_uuid%5D=c0ffee00-1234-4abc-9def-0123456789ab');
    expectJson(byCampaign, 200, listBody('/api/sends', [SEND_CAMPAIGN], { total: 1, metaLinks: true }));
    const byLogItem = await sdkGet(
      '/api/sends?filter%5Btransactional_mail_log_item_uuid%5D=2f3e4d5c-6b7a-4899-8a1b-d2e3f4a5b6c7',
    );
    expectJson(byLogItem, 200, listBody('/api/sends', [SEND_INVOICE], { total: 1, metaLinks: true }));
    const byAutomation = await sdkGet(
      '/api/sends?filter%5Bautomation_mail_uuid%5D=c0ffee00-1234-4abc-9def-0123456789ab',
    );
    expectJson(byAutomation, 200, listBody('/api/sends', [], { total: 0, metaLinks: true }));
  });

  it('lists sends sorted: sort=sent_at (nulls first) and sort=-sent_at (the default)', async () => {
    const all = [SEND_CAMPAIGN, SEND_WELCOME, SEND_INVOICE];
    expectJson(
      await sdkGet('/api/sends?sort=sent_at'),
      200,
      listBody('/api/sends', all, { total: 3, metaLinks: true }),
    );
    const descending = listBody('/api/sends', [...all].reverse(), { total: 3, metaLinks: true });
    expectJson(await sdkGet('/api/sends?sort=-sent_at'), 200, descending);
    expectJson(await sdkGet('/api/sends'), 200, descending);
  });

  it('next() past the last page of sends: GET /api/sends?page=2&sort=-sent_at', async () => {
    const reply = await sdkGet('/api/sends?page=2&sort=-sent_at');
    expectJson(reply, 200, listBody('/api/sends', [], { total: 3, page: 2, metaLinks: true }));
  });

  it('gets a send', async () => {
    expectJson(await sdkGet(`/api/sends/${SEND_INVOICE.uuid}`), 200, php({ data: SEND_INVOICE }));
  });

  it('lists transactional templates by name: filter%5Bname%5D=welcome', async () => {
    const reply = await sdkGet('/api/transactional-mails/templates?filter%5Bname%5D=welcome');
    expectJson(reply, 200, listBody('/api/transactional-mails/templates', [TEMPLATE_WELCOME], { total: 1 }));
  });

  it('gets a transactional template', async () => {
    const reply = await sdkGet(`/api/transactional-mails/templates/${TEMPLATE_RESET.uuid}`);
    expectJson(reply, 200, php({ data: TEMPLATE_RESET }));
  });

  it('lists and gets transactional mails (the log)', async () => {
    const list = await sdkGet('/api/transactional-mails');
    expectJson(list, 200, listBody('/api/transactional-mails', [LOG_INVOICE, LOG_WELCOME], { total: 2 }));
    expectJson(await sdkGet(`/api/transactional-mails/${LOG_WELCOME.uuid}`), 200, php({ data: LOG_WELCOME }));
  });
});

describe('Python client (requests 2.28)', () => {
  it('lists sends by campaign and sorted, and templates by name', async () => {
    const byCampaign = await python('GET', '/api/sends?filter%5Bcampaign_uuid%5D=c0ffee00-1234-4abc-9def-0123456789ab');
    expectJson(byCampaign, 200, listBody('/api/sends', [SEND_CAMPAIGN], { total: 1, metaLinks: true }));
    const sorted = await python('GET', '/api/sends?sort=-sent_at');
    expectJson(
      sorted,
      200,
      listBody('/api/sends', [SEND_INVOICE, SEND_WELCOME, SEND_CAMPAIGN], { total: 3, metaLinks: true }),
    );
    const templates = await python('GET', '/api/transactional-mails/templates?filter%5Bname%5D=password-reset');
    expectJson(templates, 200, listBody('/api/transactional-mails/templates', [TEMPLATE_RESET], { total: 1 }));
  });

  it('gets a send, a template and a log item', async () => {
    expectJson(await python('GET', `/api/sends/${SEND_WELCOME.uuid}`), 200, php({ data: SEND_WELCOME }));
    expectJson(
      await python('GET', `/api/transactional-mails/templates/${TEMPLATE_SHIPPED.uuid}`),
      200,
      php({ data: TEMPLATE_SHIPPED }),
    );
    expectJson(await python('GET', `/api/transactional-mails/${LOG_INVOICE.uuid}`), 200, php({ data: LOG_INVOICE }));
  });
});
