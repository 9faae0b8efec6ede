/**
 * `audience.changed` on GET /_emulator/events for the API's audience writes that are no Mailcoach event: each write
 * of a segment or an import is announced once, with null (server/events.ts), a refused one not at all; an import
 * refused at its start is deleted, and that is announced too.
 */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { connectEventStream } from '../support/event-stream.js';
import { ROOT, useEmulator } from '../support/emulator-process.js';
import { apiClient, type RawResponse } from '../support/http.js';
import { waitUntil } from '../support/wait.js';

const emulator = useEmulator({ fixtures: join(ROOT, 'fixtures') });
const api = () => apiClient(emulator().url, emulator().token);

/** fixtures/audience.json's Newsletter list. */
const NEWSLETTER = '197fa091-463b-4b00-8cb3-fee1b7c2d1bd';

function ok(res: RawResponse, status = 200) {
  expect(res.status, res.text).toBe(status);
  return res.status === 204 ? null : res.json();
}

beforeEach(async () => {
  ok(await api().post('/_emulator/reset'), 204);
});

describe('audience.changed for segment and import writes', () => {
  it('announces each write once with null, a refused one not at all, and the import a failed start deletes', async () => {
    const marker = ok(
      await api().post(`/api/email-lists/${NEWSLETTER}/subscribers`, { json: { email: 'marker@example.com' } }),
      201,
    ).data as { uuid: string };
    const stream = await connectEventStream(emulator().url, emulator().token);

    expect((await api().post(`/api/email-lists/${NEWSLETTER}/segments`, { json: {} })).status).toBe(422);
    const segment = ok(await api().post(`/api/email-lists/${NEWSLETTER}/segments`, { json: { name: 'Few' } }), 201)
      .data as { uuid: string };
    ok(await api().put(`/api/email-lists/${NEWSLETTER}/segments/${segment.uuid}`, { json: { name: 'Fewer' } }));
    ok(await api().delete(`/api/email-lists/${NEWSLETTER}/segments/${segment.uuid}`), 204);

    const csv = (subscribers_csv: string) => ({ json: { subscribers_csv, email_list_uuid: NEWSLETTER } });
    const draft = ok(await api().post('/api/subscriber-imports', csv('email\nzoe@example.com')), 201).data as {
      uuid: string;
    };
    ok(
      await api().post(`/api/subscriber-imports/${draft.uuid}/append`, {
        json: { subscribers_csv: 'yan@example.com' },
      }),
    );
    ok(await api().post(`/api/subscriber-imports/${draft.uuid}/start`), 204);
    const headless = ok(await api().post('/api/subscriber-imports', csv('name\nZoe')), 201).data as { uuid: string };
    expect((await api().post(`/api/subscriber-imports/${headless.uuid}/start`)).status).toBe(422);
    expect((await api().get(`/api/subscriber-imports/${headless.uuid}`)).status).toBe(404);

    // The stream keeps the order of the writes: once the marker's delete is in, every earlier event is.
    ok(await api().delete(`/api/subscribers/${marker.uuid}`), 204);
    await waitUntil(
      () => stream.events,
      (events) =>
        events.some(
          (event) =>
            event.event === 'audience.changed' &&
            JSON.stringify(event.data) === JSON.stringify({ uuids: [marker.uuid] }),
        ),
      { what: 'audience.changed for the marker deleted' },
    );
    // Segment created, updated, deleted; import created, appended to, run; import created, deleted at its start;
    // then the marker, once, with its uuid.
    expect(stream.events.filter((event) => event.event === 'audience.changed').map((event) => event.data)).toEqual([
      ...Array.from({ length: 8 }, () => ({ uuids: null })),
      { uuids: [marker.uuid] },
    ]);
  });
});
