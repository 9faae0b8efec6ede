/**
 * A subscriber's extra_attributes keep PHP's array semantics end to end (php-array.ts): the request's key order,
 * integer-like keys included (`{"b":1,"10":2,"a":3}` stays so, where a JavaScript object puts "10" first), a
 * repeated key in its first place with its last value, keys 0..n-1 in order as a list, an empty object inside as
 * `[]`; in every answer (create, update, show, the list's index) and in the webhook payloads, a resend included.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, ok } from '../support/http.js';
import { useWebhookReceiver } from '../support/webhook-receiver.js';

const emulator = useEmulator({ fixtures: null });
const receiver = useWebhookReceiver();
const api = () => apiClient(emulator().url, emulator().token);

/** The raw `extra_attributes` value of an answer or payload: the bytes between the key and `,"tags":`. */
function rawExtra(text: string): string {
  const match = /"extra_attributes":(.*?),"tags":/.exec(text);
  expect(match, text).not.toBeNull();
  return (match as RegExpExecArray)[1] as string;
}

let listUuid: string;

beforeEach(async () => {
  // The calls of the test before arrive first (the log says how many), so that none lands in this one.
  const stored = ok(await api().get('/_emulator/webhook-calls?per_page=500')).meta.total as number;
  await receiver().waitForCalls(stored);
  ok(await api().post('/_emulator/reset'), 204);
  receiver().clear();
  listUuid = ok(
    await api().post('/api/email-lists', { json: { name: 'News', default_from_email: 'news@acme.test' } }),
    201,
  ).data.uuid;
  ok(
    await api().post('/_emulator/webhooks', {
      json: {
        name: 'App',
        url: `${receiver().url}/hook`,
        secret: 's3cr3t',
        events: ['SubscribedEvent', 'TagAddedEvent'],
      },
    }),
    201,
  );
});

/** POSTs a raw JSON body (so that its key order is exactly the text's). */
const postRaw = (path: string, body: string) =>
  api().post(path, { body, headers: { 'content-type': 'application/json' } });

describe("extra_attributes in PHP's order", () => {
  it('keeps {"b":1,"10":2,"a":3} in order on create, show, the index and the SubscribedEvent payload', async () => {
    const created = await postRaw(
      `/api/email-lists/${listUuid}/subscribers`,
      '{"email":"jane@acme.test","extra_attributes":{"b":1,"10":2,"a":" x ","01":4,"-5":5,"url":"https://a.test/é"}}',
    );
    expect(created.status, created.text).toBe(201);
    const expected = '{"b":1,"10":2,"a":"x","01":4,"-5":5,"url":"https:\\/\\/a.test\\/\\u00e9"}';
    expect(rawExtra(created.text)).toBe(expected);
    const uuid = created.json().data.uuid as string;
    expect(rawExtra((await api().get(`/api/subscribers/${uuid}`)).text)).toBe(expected);
    expect(rawExtra((await api().get(`/api/email-lists/${listUuid}/subscribers`)).text)).toBe(expected);
    const [call] = await receiver().waitForCalls(1);
    expect(rawExtra(call?.body ?? '')).toBe(expected);
  });

  it('keeps the order on update, nested too; a repeated key keeps its first place and its last value', async () => {
    const uuid = ok(
      await api().post(`/api/email-lists/${listUuid}/subscribers`, { json: { email: 'jane@acme.test' } }),
      201,
    ).data.uuid as string;
    const updated = await api().patch(`/api/subscribers/${uuid}`, {
      body: '{"extra_attributes":{"z":1,"2":"x","y":{"k":1,"0":"n"},"z":9,"7":1,"7":2}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(updated.status, updated.text).toBe(200);
    const expected = '{"z":9,"2":"x","y":{"k":1,"0":"n"},"7":2}';
    expect(rawExtra(updated.text)).toBe(expected);
    expect(rawExtra((await api().get(`/api/subscribers/${uuid}`)).text)).toBe(expected);
  });

  it('writes keys 0..n-1 in order as a list, other orders as objects, empty objects inside as [], an empty one as {}', async () => {
    const cases: Array<[string, string]> = [
      ['{"0":"x","1":"y"}', '["x","y"]'],
      ['{"1":"y","0":"x"}', '{"1":"y","0":"x"}'],
      ['["p","q"]', '["p","q"]'],
      ['{"n":{},"m":{"0":1,"1":2}}', '{"n":[],"m":[1,2]}'],
      ['{}', '{}'],
      ['[]', '{}'],
    ];
    for (const [given, shown] of cases) {
      const res = await postRaw(
        `/api/email-lists/${listUuid}/subscribers`,
        `{"email":"case@acme.test","extra_attributes":${given}}`,
      );
      expect(res.status, res.text).toBeLessThan(300);
      expect(rawExtra(res.text), given).toBe(shown);
    }
  });

  it('keeps the order in a TagAddedEvent and in a resend of the stored call', async () => {
    const res = await postRaw(
      `/api/email-lists/${listUuid}/subscribers`,
      '{"email":"jane@acme.test","tags":["vip"],"extra_attributes":{"b":1,"10":2,"a":3}}',
    );
    expect(res.status, res.text).toBe(201);
    // Jane's calls only: a call of the test before may still arrive after the reset.
    const janes = async (count: number) => {
      let found: string[] = [];
      for (let seen = count; found.length < count; seen++)
        found = (await receiver().waitForCalls(seen))
          .map((call) => call.body)
          .filter((body) => body.includes('jane@acme.test'));
      return found;
    };
    const calls = await janes(2);
    expect(calls.map(rawExtra)).toEqual(['{"b":1,"10":2,"a":3}', '{"b":1,"10":2,"a":3}']);
    const stored = ok(await api().get('/_emulator/webhook-calls?per_page=500')).data as Array<{
      uuid: string;
      event: string;
    }>;
    const tagAdded = stored.find((call) => call.event === 'TagAddedEvent') as { uuid: string };
    ok(await api().post(`/_emulator/webhook-calls/${tagAdded.uuid}/resend`));
    const resent = await janes(3);
    expect(resent[2]).toBe(resent[1]);
  });
});
