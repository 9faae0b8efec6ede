/**
 * Fault injection (server/emulator/README.md "Fault rules"): rules managed through /_emulator/faults, applied to
 * the Mailcoach routes of the workspace: matching by method, route and recipient; status, body and headers;
 * delay; dropped connections; times and probability; the presets' exact answers (docs/spec/mailcoach-reference.md#13-rate-limiting, docs/spec/mailcoach-reference.md#15-error-bodies-exact-formats); and
 * rules from a --faults file, which every workspace gets.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { spawnEmulator, useEmulator } from '../support/emulator-process.js';
import { apiClient, rawRequest } from '../support/http.js';
import { waitUntil } from '../support/wait.js';

const scratch = mkdtempSync(join(tmpdir(), 'mce-faults-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const FAULTS_FILE = join(scratch, 'faults.json');
writeFileSync(
  FAULTS_FILE,
  JSON.stringify([
    {
      method: 'GET',
      route: '/api/transactional-mails/templates',
      status: 503,
      body: { message: 'Down for maintenance' },
      times: 1,
    },
  ]),
);

const emulator = useEmulator();
const withFile = useEmulator({ args: ['--faults', FAULTS_FILE, '--isolate', '--any-token'] });
const api = () => apiClient(emulator().url, emulator().token);

const SEND = '/api/transactional-mails/send';
const mail = (to: string, extra: Record<string, unknown> = {}) => ({
  from: 'App <app@example.com>',
  to,
  subject: 'Hello',
  html: '<p>Hi</p>',
  ...extra,
});
const addRule = async (rule: unknown, client = api()) => {
  const res = await client.post('/_emulator/faults', { json: rule });
  expect(res.status, res.text).toBe(201);
  return res.json();
};
const rules = async (client = api()) =>
  (await client.get('/_emulator/faults')).json().data as Array<Record<string, unknown>>;

beforeEach(async () => {
  expect((await api().delete('/_emulator/faults')).status).toBe(204);
});

describe('managing rules', () => {
  it('answers a new rule with 201, its id and remaining, and lists it', async () => {
    const rule = await addRule({ method: 'post', route: SEND, status: 500, times: 3 });
    expect(rule).toEqual({
      id: expect.any(Number),
      method: 'POST',
      route: SEND,
      recipient: null,
      status: 500,
      body: null,
      headers: null,
      delay_ms: null,
      drop: false,
      times: 3,
      probability: null,
      preset: null,
      smtp: null,
      sender: null,
      reply: null,
      remaining: 3,
      fired: 0,
    });
    expect(await rules()).toEqual([rule]);
  });

  it('deletes one rule, or all of them, with 204; an unknown id is a 404', async () => {
    const first = await addRule({ status: 500, route: '/api/nothing-here' });
    const second = await addRule({ status: 502, route: '/api/nothing-here' });
    const one = await api().delete(`/_emulator/faults/${first.id}`);
    expect(one.status).toBe(204);
    expect(one.text).toBe('');
    expect((await rules()).map((rule) => rule.id)).toEqual([second.id]);
    expect((await api().delete(`/_emulator/faults/${first.id}`)).status).toBe(404);
    expect((await api().delete('/_emulator/faults')).status).toBe(204);
    expect(await rules()).toEqual([]);
  });

  it('answers 422 naming the fields of a bad rule', async () => {
    const cases: Array<[unknown, string[]]> = [
      [{ status: 42 }, ['status']],
      [{ status: 500, times: 0 }, ['times']],
      [{ status: 500, probability: 1.5 }, ['probability']],
      [{ preset: 'meltdown' }, ['preset']],
      [{ preset: 'server-error', status: 500 }, ['preset']],
      [{ body: 'no status' }, ['body']],
      [{ drop: true, status: 500 }, ['drop']],
      [{ route: 'api/no-slash', status: 500 }, ['route']],
      [{ method: 'GET' }, ['status']],
      [{ status: 500, delay: 5 }, ['delay']],
    ];
    for (const [rule, fields] of cases) {
      const res = await api().post('/_emulator/faults', { json: rule });
      expect(res.status, JSON.stringify(rule)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(rule)).toEqual(fields);
    }
    expect(await rules()).toEqual([]);
  });

  it('refuses a method the API has not, and takes the others in any case', async () => {
    const res = await api().post('/_emulator/faults', { json: { method: 'FOO', route: '/api/sends', status: 500 } });
    expect(res.status).toBe(422);
    expect(res.json().errors).toEqual({
      method: ['The method must be one of: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS.'],
    });
    for (const method of ['get', 'Head', 'POST', 'put', 'patch', 'delete', 'options']) {
      expect((await addRule({ method, route: '/api/nothing-here', status: 500 })).method).toBe(method.toUpperCase());
    }
  });

  it('refuses a header that no response can carry, naming it, instead of failing every matching request with a 500', async () => {
    const value = 'The headers.X field must only contain printable ASCII characters, spaces and tabs.';
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ status: 503, headers: { X: 'a\r\nb' } }, { 'headers.X': [value] }],
      [{ status: 503, headers: { X: 'ü€' } }, { 'headers.X': [value] }],
      [{ headers: { X: 'a\nb' } }, { 'headers.X': [value] }],
      [{ headers: { X: 'nul\u0000' } }, { 'headers.X': [value] }],
      [{ preset: 'server-error', headers: { X: 'bell\u0007' } }, { 'headers.X': [value] }],
      // Latin-1 would not cause a 500, but Node writes it as UTF-8 or Latin-1 depending on the body: not as sent.
      [{ headers: { X: 'café' } }, { 'headers.X': [value] }],
      [{ headers: { X: true } }, { 'headers.X': ['The headers.X field must be a string or a number.'] }],
      [
        { headers: { 'bad header': 'x' } },
        {
          'headers.bad header': [
            'The header name "bad header" must only contain letters, digits and !#$%&\'*+-.^_`|~ (an HTTP token).',
          ],
        },
      ],
      [
        { headers: { 'X-Ünïcode': 'x' } },
        {
          'headers.X-Ünïcode': [
            'The header name "X-Ünïcode" must only contain letters, digits and !#$%&\'*+-.^_`|~ (an HTTP token).',
          ],
        },
      ],
    ];
    for (const [rule, errors] of cases) {
      const res = await api().post('/_emulator/faults', { json: { route: '/api/sends', ...rule } });
      expect(res.status, JSON.stringify(rule)).toBe(422);
      expect(res.json(), JSON.stringify(rule)).toEqual({ message: 'The given data was invalid.', errors });
    }
    expect(await rules()).toEqual([]);
    expect((await api().get('/api/sends')).status).toBe(200);
  });

  it('takes header values of printable ASCII, spaces and tabs, as sent', async () => {
    await addRule({
      route: '/api/sends',
      headers: { 'X-Note': 'a "quoted", {odd} value;\twith ~tab~', 'X-Empty': '' },
    });
    const res = await api().get('/api/sends');
    expect(res.status).toBe(200);
    expect(res.headers['x-note']).toBe('a "quoted", {odd} value;\twith ~tab~');
    expect(res.headers['x-empty']).toBe('');
  });

  it('does not touch the /_emulator routes', async () => {
    await addRule({ status: 500 });
    expect((await api().get('/_emulator/faults')).status).toBe(200);
    expect((await api().get('/api/sends')).status).toBe(500);
  });
});

describe('matching', () => {
  it('fires exactly `times` times, then stops', async () => {
    const rule = await addRule({ route: SEND, status: 503, times: 2 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api().post(SEND, { json: mail('n@faults.test') })).status);
    expect(statuses).toEqual([503, 503, 200, 200]);
    expect(await rules()).toEqual([{ ...rule, remaining: 0, fired: 2 }]);
  });

  it('matches the method', async () => {
    await addRule({ method: 'POST', route: '/api/suppressions', status: 418 });
    expect((await api().get('/api/suppressions')).status).toBe(200);
    expect((await api().post('/api/suppressions', { json: { email: 'x@faults.test' } })).status).toBe(418);
  });

  it('matches the route, * standing for one segment', async () => {
    await addRule({ route: '/api/sends/*', status: 410 });
    expect((await api().get('/api/sends')).status).toBe(200);
    expect((await api().get('/api/sends/8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d')).status).toBe(410);
    expect((await api().get('/api/sends/8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d/')).status).toBe(410);
    await api().delete('/_emulator/faults');
    // The /api prefix may be left out.
    await addRule({ route: '/suppressions', status: 409 });
    expect((await api().get('/api/suppressions')).status).toBe(409);
    expect((await api().get('/api/sends')).status).toBe(200);
  });

  it('matches a recipient in to, cc or bcc, case-insensitively, with * for any characters', async () => {
    await addRule({ recipient: 'Victim@Faults.test', status: 500 });
    await addRule({ recipient: '*@blocked.test', status: 451 });
    expect((await api().post(SEND, { json: mail('someone@faults.test') })).status).toBe(200);
    expect((await api().post(SEND, { json: mail('Victim <victim@faults.test>') })).status).toBe(500);
    expect(
      (await api().post(SEND, { json: mail('a@faults.test', { cc: 'b@faults.test, VICTIM@faults.test' }) })).status,
    ).toBe(500);
    expect((await api().post(SEND, { json: mail('a@faults.test', { bcc: 'x@blocked.test' }) })).status).toBe(451);
    // Requests without recipients never match a recipient rule.
    expect((await api().get('/api/suppressions')).status).toBe(200);
  });
});

describe('effects', () => {
  it('answers a custom status, string body and headers', async () => {
    await addRule({
      route: '/api/sends',
      status: 503,
      body: 'Maintenance',
      headers: { 'Retry-After': 120, 'X-Custom': 'yes' },
    });
    const res = await api().get('/api/sends');
    expect(res.status).toBe(503);
    expect(res.text).toBe('Maintenance');
    expect(res.headers['content-type']).toBe('text/html; charset=UTF-8');
    expect(res.headers['retry-after']).toBe('120');
    expect(res.headers['x-custom']).toBe('yes');
  });

  it('answers a JSON body as JSON, and a status alone with an empty body', async () => {
    await addRule({
      method: 'GET',
      route: '/api/sends',
      status: 422,
      body: { message: 'Nope', errors: { to: ['Bad'] } },
    });
    await addRule({ method: 'GET', route: '/api/suppressions', status: 502 });
    const json = await api().get('/api/sends');
    expect(json.status).toBe(422);
    expect(json.headers['content-type']).toBe('application/json');
    expect(json.text).toBe('{"message":"Nope","errors":{"to":["Bad"]}}');
    const empty = await api().get('/api/suppressions');
    expect(empty.status).toBe(502);
    expect(empty.text).toBe('');
  });

  it('presets "rate-limited": Laravel\'s 429, pretty JSON, with Retry-After and the rate-limit headers', async () => {
    await addRule({ route: SEND, preset: 'rate-limited', times: 1 });
    const res = await api().post(SEND, { json: mail('r@faults.test') });
    expect(res.status).toBe(429);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe('{\n    "message": "Too Many Attempts."\n}');
    expect(res.headers['retry-after']).toBe('60');
    expect(res.headers['x-ratelimit-limit']).toBe('60');
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    expect(res.headers['x-ratelimit-reset']).toMatch(/^\d{10}$/);
    expect(res.headers['cache-control']).toBe('no-cache, private');
    expect((await api().post(SEND, { json: mail('r@faults.test') })).status).toBe(200);
  });

  it('presets "server-error": the production 500, pretty JSON', async () => {
    await addRule({ route: SEND, preset: 'server-error', headers: { 'X-Request-Id': 'abc' } });
    const res = await api().post(SEND, { json: mail('s@faults.test') });
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe('{\n    "message": "Server Error"\n}');
    expect(res.headers['x-request-id']).toBe('abc');
  });

  it('presets answer like Laravel to a request that does not ask for JSON (an HTML page)', async () => {
    await addRule({ route: '/api/sends', preset: 'server-error' });
    const res = await rawRequest(emulator().url, {
      path: '/api/sends',
      headers: { authorization: `Bearer ${emulator().token}` },
    });
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('text/html; charset=UTF-8');
  });

  it('delays the real answer by delay_ms, and only while the rule fires', async () => {
    await addRule({ route: '/api/suppressions', delay_ms: 1000, times: 1 });
    const answered: string[] = [];
    const started = performance.now();
    const delayed = api()
      .get('/api/suppressions')
      .then((res) => {
        answered.push('delayed');
        return { res, elapsed: performance.now() - started };
      });
    // The rule has fired (its one time is used): the delayed request is in its delay.
    await waitUntil(rules, (list) => list[0]?.fired === 1, { what: 'the delay rule to fire' });
    // A second request, sent during the first one's delay, is not delayed: it is answered first.
    const second = await api().get('/api/suppressions');
    answered.push('second');
    expect(second.status).toBe(200);
    const { res, elapsed } = await delayed;
    expect(answered).toEqual(['second', 'delayed']);
    expect(res.status).toBe(200);
    expect(res.json().meta.total).toBeGreaterThanOrEqual(3);
    expect(elapsed).toBeGreaterThanOrEqual(990);
  });

  it('abandons a delayed request whose client gives up during the delay: nothing is handled', async () => {
    await addRule({ route: SEND, delay_ms: 400, times: 1 });
    const before = (await api().get('/api/sends')).json().meta.total;
    const url = new URL(emulator().url);
    await new Promise<void>((resolve) => {
      const headers = {
        authorization: `Bearer ${emulator().token}`,
        accept: 'application/json',
        'content-type': 'application/json',
      };
      const request = httpRequest({ host: url.hostname, port: url.port, method: 'POST', path: SEND, headers });
      request.on('error', () => resolve());
      request.end(JSON.stringify(mail('gave-up@faults.test')));
      // Gives up once the rule has fired, that is during the delay.
      void waitUntil(rules, (list) => list[0]?.fired === 1, { what: 'the delay rule to fire' }).then(() =>
        request.destroy(),
      );
    });
    // A later send, delayed as long: its delay ends after the abandoned one's would have, and the sends are handled
    // in turn, so one handled at the end of its delay (or at once on the abort) would be stored by the time this
    // one is answered. Only the later one is.
    await addRule({ route: SEND, delay_ms: 400, times: 1 });
    expect((await api().post(SEND, { json: mail('after@faults.test') })).status).toBe(200);
    const sends = (await api().get('/api/sends')).json();
    expect(sends.meta.total).toBe(before + 1);
  });

  it('adds the headers of a headers-only rule to the real answer, and delays add up before a deciding rule', async () => {
    await addRule({ route: '/api/sends', headers: { 'X-Fault': 'on' } });
    await addRule({ route: '/api/sends', delay_ms: 200, times: 1 });
    await addRule({ route: '/api/sends', status: 504, times: 1 });
    const started = performance.now();
    const first = await api().get('/api/sends');
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(first.status).toBe(504);
    expect(first.headers['x-fault']).toBe('on');
    const second = await api().get('/api/sends');
    expect(second.status).toBe(200);
    expect(second.headers['x-fault']).toBe('on');
  });

  it('drops the connection: the client sees a socket hang up, and nothing is sent', async () => {
    await addRule({ route: SEND, drop: true, times: 1 });
    const before = (await api().get('/api/sends')).json().meta.total;
    await expect(api().post(SEND, { json: mail('d@faults.test') })).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect((await api().get('/api/sends')).json().meta.total).toBe(before);
    expect((await api().post(SEND, { json: mail('d@faults.test') })).status).toBe(200);
  });
});

describe('probability', () => {
  it('never fires at probability 0 and always at 1', async () => {
    const never = await addRule({ route: '/api/sends', status: 500, probability: 0 });
    for (let i = 0; i < 5; i++) expect((await api().get('/api/sends')).status).toBe(200);
    await api().delete(`/_emulator/faults/${never.id}`);
    await addRule({ route: '/api/sends', status: 500, probability: 1 });
    for (let i = 0; i < 5; i++) expect((await api().get('/api/sends')).status).toBe(500);
    expect((await rules())[0]).toMatchObject({ fired: 5, remaining: null });
  });

  it('fires on some requests in between, and still counts times only when it fires', async () => {
    await addRule({ route: '/api/sends', status: 500, probability: 0.5, times: 3 });
    const statuses = [];
    for (let i = 0; i < 40; i++) statuses.push((await api().get('/api/sends')).status);
    expect(statuses.filter((status) => status === 500)).toHaveLength(3);
    expect((await rules())[0]).toMatchObject({ fired: 3, remaining: 0 });
  });
});

describe('--faults <file>', () => {
  const client = (token: string) => apiClient(withFile().url, token);

  it("gives every workspace its own copy of the file's rules", async () => {
    for (const token of ['alpha', 'beta']) {
      const first = await client(token).get('/api/transactional-mails/templates');
      expect(first.status).toBe(503);
      expect(first.text).toBe('{"message":"Down for maintenance"}');
      expect((await client(token).get('/api/transactional-mails/templates')).status).toBe(200);
      expect(await rules(client(token))).toMatchObject([
        { method: 'GET', status: 503, times: 1, remaining: 0, fired: 1 },
      ]);
    }
  });

  it('brings them back, fresh, on reset', async () => {
    await client('gamma').delete('/_emulator/faults');
    expect(await rules(client('gamma'))).toEqual([]);
    expect((await client('gamma').post('/_emulator/reset')).status).toBe(204);
    expect(await rules(client('gamma'))).toMatchObject([
      { route: '/api/transactional-mails/templates', remaining: 1, fired: 0 },
    ]);
    expect((await client('gamma').get('/api/transactional-mails/templates')).status).toBe(503);
  });

  it('stops the emulator at start when the file is invalid, naming the rule and field', async () => {
    const bad = join(scratch, 'bad-faults.json');
    writeFileSync(bad, JSON.stringify([{ status: 500 }, { status: 'five hundred' }]));
    await expect(spawnEmulator({ args: ['--faults', bad], dbPath: join(scratch, 'bad.sqlite') })).rejects.toThrow(
      /invalid faults file .*\n\s+\[1\]\.status: /,
    );
  });

  it('stops the emulator at start when a rule has a header no response can carry, or an unknown method', async () => {
    const bad = join(scratch, 'bad-headers.json');
    writeFileSync(
      bad,
      JSON.stringify([
        { status: 503, headers: { X: 'a\r\nb' } },
        { headers: { 'bad name': 'x' } },
        { method: 'FOO', status: 500 },
      ]),
    );
    const started = spawnEmulator({ args: ['--faults', bad], dbPath: join(scratch, 'bad-headers.sqlite') });
    await expect(started).rejects.toThrow(
      /invalid faults file .*\n\s+\[0\]\.headers\.X: The headers\.X field must only contain printable ASCII .*\n\s+\[1\]\.headers\.bad name: The header name "bad name" must only contain .*\n\s+\[2\]\.method: The method must be one of/,
    );
  });
});
