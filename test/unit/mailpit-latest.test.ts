/**
 * latestMatching() (server/search/mailpit-latest.ts), what `latest?query=` answers
 * (docs/spec/mailpit-api.md#21-global-behaviour-applies-to-every-endpoint-below), over messages stored without
 * their Mailpit facts, as before migration 27: the search computes them first (search/mailpit-facts-backfill.ts).
 */
import { describe, expect, it } from 'vitest';
import type { NewMessage } from '../../server/db/messages-store.js';
import { openDatabase } from '../../server/db/open.js';
import { createStore } from '../../server/db/store.js';
import { latestMatching } from '../../server/search/mailpit-latest.js';

function storeWith(subjects: string[]) {
  const store = createStore(openDatabase(':memory:'));
  const { id: workspaceId } = store.ensureWorkspace('default', 0);
  subjects.forEach((subject, n) => {
    const message: NewMessage = {
      workspace_id: workspaceId,
      uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      message_id: `m${n}@example.com`,
      envelope_from: 'app@example.com',
      envelope_to_json: '["jane@example.com"]',
      from_json: '[{"name":"App","email":"app@example.com"}]',
      to_json: '[{"name":"Jane","email":"jane@example.com"}]',
      cc_json: '[]',
      bcc_json: '[]',
      reply_to_json: '[]',
      subject,
      text_body: `body of ${subject}`,
      html_body: null,
      attachments_json: '[]',
      size: 100,
      template_name: null,
      replacements_json: null,
      created_at_ms: 1_700_000_000_000 + n * 1000,
      campaign_uuid: null,
      email_list_uuid: null,
      subscriber_uuid: null,
      raw: Buffer.from(`Subject: ${subject}\r\n\r\nbody`),
      attachments: [],
    };
    store.messages.insert(message);
  });
  return { store, workspaceId };
}

describe('latestMatching', () => {
  it('gives the newest message matching a Mailpit search, or the newest of all for a blank query', async () => {
    const { store, workspaceId } = storeWith(['A first', 'B second', 'A third', 'B fourth']);
    const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    let woken = 0;
    const deps = {
      store,
      mailpitSearchIndexer: { caughtUp: () => Promise.resolve(), stop: () => {}, wake: () => void woken++ },
    };
    expect(await latestMatching(deps, workspaceId, 'subject:A')).toBe(uuid(2));
    expect(await latestMatching(deps, workspaceId, 'second')).toBe(uuid(1));
    expect(await latestMatching(deps, workspaceId, '  ')).toBe(uuid(3));
    expect(await latestMatching(deps, workspaceId, 'nothing-matches')).toBeUndefined();
    // The first substring search turned Mailpit's trigram index on, once.
    expect(woken).toBe(1);
    store.close();
  });
});
