/**
 * The harness of the webhook event tests (webhook-events.test.ts, webhook-campaign-events.test.ts): an emulator
 * without fixtures and a receiver for its calls, reset before each test, the audience of the spec's worked examples
 * (docs/spec/mailcoach-webhooks.md) with their uuids and times, and the calls as the receiver got them.
 */
import { createHmac } from 'node:crypto';
import { beforeEach, expect } from 'vitest';
import { createClient } from '../../server/testing/index.js';
import { useEmulator } from './emulator-process.js';
import { apiClient, ok } from './http.js';
import { useWebhookReceiver, type ReceivedCall } from './webhook-receiver.js';

// The uuids and times of the spec's examples (docs/spec/mailcoach-webhooks.md#21-request-line-headers-body-ws-webhookcallphp-callwebhookjobphp-configwebhook-serverphp-gz, docs/spec/mailcoach-webhooks.md#32-subscriber-events-when-they-fire to docs/spec/mailcoach-webhooks.md#36-bounceregisteredevent--softbounceregisteredevent-sendregisterbounce-handlers-handlesoftbounceregisteredevent).
export const LIST = 'c2f1a3e4-5b6c-4d7e-8f90-1a2b3c4d5e6f';
export const JANE = '2a0c72d9-f91a-4fd2-88a7-589dfd75f464';
export const CAMPAIGN = '0762df4d-8516-4eb3-95db-b26492cf221c';
export const SEND = '9b0f5c1e-3d7a-4f2b-8e61-2c4d5a6b7c8d';
export const BOB = '3b1d83ea-0a2b-4c5d-9e6f-7a8b9c0d1e2f';
export const BOB_SEND = '4c2e94fb-1b3c-4d6e-8f70-8b9c0d1e2f3a';
export const CREATED = '2025-03-02T10:15:00Z';

type Subscriber = Record<string, unknown>;

export const eventsOf = (calls: ReceivedCall[]) => calls.map((call) => JSON.parse(call.body).event as string);
export const bodies = (calls: ReceivedCall[]) => calls.map((call) => JSON.parse(call.body) as Record<string, any>);
export const hmac = (bytes: Buffer) => createHmac('sha256', 's3cr3t').update(bytes).digest('hex');

/** One emulator and one receiver for a test file; before each test the clock, the workspace and the calls start over. */
export function useWebhookEvents() {
  const emulator = useEmulator({ fixtures: null });
  const receiver = useWebhookReceiver();
  const api = () => apiClient(emulator().url, emulator().token);
  const client = () => createClient({ url: emulator().url, token: emulator().token });

  /** The list "Newsletter" of the examples with these subscribers (Jane by default), and the campaign "March news". */
  async function seed(options: { subscribers?: Subscriber[]; requiresConfirmation?: boolean; html?: string } = {}) {
    const jane = {
      uuid: JANE,
      email: 'jane@acme.test',
      first_name: 'Jane',
      extra_attributes: { plan: 'pro' },
      tags: ['customer', 'vip'],
      created_at: CREATED,
    };
    ok(
      await api().post('/_emulator/seed', {
        json: {
          email_lists: [
            {
              uuid: LIST,
              name: 'Newsletter',
              default_from_email: 'news@acme.test',
              default_from_name: 'Acme',
              created_at: CREATED,
              requires_confirmation: options.requiresConfirmation ?? false,
              subscribers: options.subscribers ?? [jane],
            },
          ],
          campaigns: [
            {
              uuid: CAMPAIGN,
              name: 'March news',
              email_list: LIST,
              created_at: CREATED,
              html:
                options.html ??
                '<p>Hi ::subscriber.first_name:: <a href="https://acme.test/offer">Offer</a> <a href="::unsubscribeUrl::">Unsubscribe</a></p>',
            },
          ],
        },
      }),
    );
  }

  /** The campaign's Sends to Jane (and Bob, when seeded), as a campaign sent on 2025-03-02 left them. */
  async function seedSends(sends: Array<{ uuid: string; subscriber: string }> = [{ uuid: SEND, subscriber: JANE }]) {
    ok(
      await api().post('/_emulator/seed', {
        json: {
          sends: sends.map((send) => ({
            uuid: send.uuid,
            campaign_uuid: CAMPAIGN,
            subscriber_uuid: send.subscriber,
            sent_at: '2025-03-02T10:20:00Z',
            created_at: '2025-03-02T10:20:00Z',
          })),
        },
      }),
    );
  }

  async function configure(extra: Record<string, unknown> = {}) {
    return ok(
      await api().post('/_emulator/webhooks', {
        json: { name: 'App', url: `${receiver().url}/webhooks/mailcoach`, secret: 's3cr3t', ...extra },
      }),
      201,
    );
  }

  const freeze = async (iso: string) => ok(await api().post('/_emulator/clock', { json: { freeze: iso } }));
  const advance = async (ms: number) => ok(await api().post('/_emulator/clock', { json: { advance_ms: ms } }));

  /**
   * The calls stored so far (the log), once the receiver has them all, in the order it got them. `from`: how many
   * of them an earlier step already read.
   */
  async function received(from = 0): Promise<ReceivedCall[]> {
    const stored = ok(await api().get('/_emulator/webhook-calls?per_page=500')).meta.total as number;
    const calls = await receiver().waitForCalls(stored);
    expect(calls).toHaveLength(stored);
    return calls.slice(from);
  }

  beforeEach(async () => {
    ok(await api().post('/_emulator/clock', { json: { reset: true } }));
    ok(await api().post('/_emulator/reset'), 204);
    receiver().clear();
  });

  return { emulator, receiver, api, client, seed, seedSends, configure, freeze, advance, received };
}
