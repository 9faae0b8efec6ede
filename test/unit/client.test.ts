import { describe, expect, it } from 'vitest';
import {
  buildQuery,
  createClient,
  EmulatorApiError,
  MailcoachApiError,
  quoteValue,
  WaitForMessageTimeoutError,
  type MessageSummary,
} from '../../server/testing/client.js';
import { parseSearchQuery } from '../../server/search/query.js';

describe('quoteValue', () => {
  it('leaves plain words and addresses bare', () => {
    expect(quoteValue('jane@example.com')).toBe('jane@example.com');
    expect(quoteValue('jane+signup@example.com')).toBe('jane+signup@example.com');
    expect(quoteValue('Welcome')).toBe('Welcome');
    expect(quoteValue('Straße')).toBe('Straße');
    expect(quoteValue('order-confirmation')).toBe('order-confirmation');
    // After a filter, a colon or a backslash is part of the value (the parser reads up to whitespace).
    expect(quoteValue('a:b')).toBe('a:b');
    expect(quoteValue('back\\slash')).toBe('back\\slash');
  });

  it('quotes values with whitespace', () => {
    expect(quoteValue('Reset your password')).toBe('"Reset your password"');
    expect(quoteValue(' padded ')).toBe('" padded "');
    expect(quoteValue('tab\there')).toBe('"tab\there"');
    expect(quoteValue('line\nbreak')).toBe('"line\nbreak"');
  });

  it('turns double quotes into spaces: the syntax has no escapes, and a quote is never part of a searched word', () => {
    expect(quoteValue('say "hi"')).toBe('"say  hi "');
    expect(quoteValue('a"b')).toBe('"a b"');
    expect(quoteValue('"quoted"')).toBe('" quoted "');
  });

  it('quotes a leading "-", which would otherwise negate the term', () => {
    expect(quoteValue('-negated')).toBe('"-negated"');
    expect(quoteValue('a-b')).toBe('a-b');
  });

  it('refuses an empty value, which would match everything', () => {
    expect(() => quoteValue('')).toThrow(TypeError);
  });
});

describe('buildQuery', () => {
  it('is empty without a filter', () => {
    expect(buildQuery()).toBe('');
    expect(buildQuery({})).toBe('');
  });

  it('joins fields in a fixed order, quoting values as needed', () => {
    expect(buildQuery({ subject: 'Reset your password', to: 'jane@example.com', from: 'App <noreply@app.test>' })).toBe(
      'to:jane@example.com from:"App <noreply@app.test>" subject:"Reset your password"',
    );
  });

  it('maps every field to its search term', () => {
    expect(
      buildQuery({
        to: 'a@x.test',
        from: 'b@x.test',
        cc: 'c@x.test',
        bcc: 'd@x.test',
        subject: 'Hi',
        template: 'welcome',
        contains: 'your code is',
        hasAttachment: true,
      }),
    ).toBe(
      'to:a@x.test from:b@x.test cc:c@x.test bcc:d@x.test subject:Hi template:welcome "your code is" has:attachment',
    );
  });

  it('always quotes `contains` as a phrase', () => {
    expect(buildQuery({ contains: 'word' })).toBe('"word"');
    expect(buildQuery({ contains: 'he said "go"' })).toBe('"he said  go "');
  });

  it('negates has:attachment for hasAttachment false', () => {
    expect(buildQuery({ hasAttachment: false })).toBe('-has:attachment');
  });

  it('asks for has:problems, or its negation', () => {
    expect(buildQuery({ hasProblems: true, to: 'a@x.test' })).toBe('to:a@x.test has:problems');
    expect(buildQuery({ hasProblems: false })).toBe('-has:problems');
  });

  it('appends a raw query as given, trimmed', () => {
    expect(buildQuery({ to: 'a@x.test', query: '  -from:noreply@x.test  ' })).toBe('to:a@x.test -from:noreply@x.test');
    expect(buildQuery({ query: '   ' })).toBe('');
  });

  it('refuses empty or blank field values', () => {
    expect(() => buildQuery({ to: '' })).toThrow(/to must not be empty/);
    expect(() => buildQuery({ subject: '   ' })).toThrow(/subject must not be empty/);
    expect(() => buildQuery({ contains: '' })).toThrow(/contains must not be empty/);
  });
});

describe("buildQuery against the emulator's query parser", () => {
  const parsed = (filter: Parameters<typeof buildQuery>[0]) => parseSearchQuery(buildQuery(filter)).terms;

  it('gives each field its condition, with the value intact', () => {
    expect(
      parsed({
        to: 'jane+x@example.com',
        from: 'App Team',
        subject: 'Reset your password',
        template: 'order-confirmation',
        hasAttachment: true,
      }),
    ).toEqual([
      { negated: false, condition: { kind: 'address', field: 'to', value: 'jane+x@example.com' } },
      { negated: false, condition: { kind: 'address', field: 'from', value: 'App Team' } },
      { negated: false, condition: { kind: 'subject', value: 'Reset your password' } },
      { negated: false, condition: { kind: 'template', name: 'order-confirmation' } },
      { negated: false, condition: { kind: 'has-attachment' } },
    ]);
  });

  it('keeps a leading "-" in the value instead of negating', () => {
    expect(parsed({ subject: '-50% off' })).toEqual([
      { negated: false, condition: { kind: 'subject', value: '-50% off' } },
    ]);
  });

  it('reads values with quotes, colons and backslashes as one term', () => {
    expect(parsed({ subject: 'He said "go": now\\' })).toEqual([
      { negated: false, condition: { kind: 'subject', value: 'He said  go : now\\' } },
    ]);
    expect(parsed({ contains: 'your code is "1234"' })).toEqual([
      { negated: false, condition: { kind: 'text', value: 'your code is  1234 ', phrase: true } },
    ]);
  });

  it('ANDs a raw query after the fields', () => {
    expect(parsed({ to: 'a@x.test', query: '-from:noreply@x.test' }).map((term) => term.negated)).toEqual([
      false,
      true,
    ]);
  });
});

// ---- The client over a recording fetch ------------------------------------------------------------------------

interface Recorded {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string | null;
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

function recordingFetch(reply: (request: Recorded) => Reply) {
  const requests: Recorded[] = [];
  const fake = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = Object.fromEntries(
      Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const request: Recorded = {
      method: init?.method ?? 'GET',
      url: new URL(String(input)),
      headers,
      body: typeof init?.body === 'string' ? init.body : null,
    };
    requests.push(request);
    const answer = reply(request);
    const isText = typeof answer.body === 'string';
    const body = answer.body === undefined ? null : isText ? (answer.body as string) : JSON.stringify(answer.body);
    return new Response(answer.status === 204 ? null : body, {
      status: answer.status,
      headers: { 'content-type': isText ? 'text/plain' : 'application/json', ...answer.headers },
    });
  }) as typeof fetch;
  return { fetch: fake, requests };
}

const summary = (uuid: string, subject: string, to = 'jane@example.com'): MessageSummary => ({
  uuid,
  message_id: `${uuid}@emulator`,
  created_at: '2025-03-01T10:00:00.000Z',
  from: { name: 'App', email: 'noreply@app.test' },
  to: [{ name: '', email: to }],
  cc: [],
  bcc: [],
  subject,
  snippet: '',
  size: 100,
  attachments: 0,
  template: null,
  origin: null,
  log_item_uuid: null,
  send_uuid: null,
  read: false,
  via: 'api',
  problems: null,
  tags: [],
});

describe('createClient', () => {
  it('sends the token and Accept: application/json, under /_emulator of the base URL', async () => {
    const { fetch, requests } = recordingFetch(() => ({
      status: 200,
      body: { data: [], meta: { page: 1, per_page: 50, total: 0 } },
    }));
    const client = createClient({ url: 'http://127.0.0.1:9999/', token: 'tok', fetch });
    await client.messages();
    expect(requests[0]?.url.href).toBe('http://127.0.0.1:9999/_emulator/messages');
    expect(requests[0]?.headers).toMatchObject({ authorization: 'Bearer tok', accept: 'application/json' });
    expect(client.apiUrl).toBe('http://127.0.0.1:9999/api');
  });

  it('sends no Authorization header without a token', async () => {
    const { fetch, requests } = recordingFetch(() => ({ status: 200, body: { data: [] } }));
    await createClient({ url: 'http://x.test', fetch }).faults.list();
    expect(requests[0]?.headers.authorization).toBeUndefined();
  });

  it('withToken switches the token and keeps the rest', async () => {
    const { fetch, requests } = recordingFetch(() => ({ status: 204 }));
    const client = createClient({ url: 'http://x.test', token: 'a', fetch });
    await client.withToken('b').reset();
    expect(requests[0]?.headers.authorization).toBe('Bearer b');
    expect(requests[0]?.method).toBe('POST');
  });

  it('builds the list query string from a filter and page options, URL-encoded', async () => {
    const { fetch, requests } = recordingFetch(() => ({ status: 200, body: { data: [], meta: {} } }));
    const client = createClient({ url: 'http://x.test', fetch });
    await client.messages({ subject: 'Tom & Jerry' }, { page: 2, perPage: 10 });
    const url = requests[0]!.url;
    expect(url.searchParams.get('query')).toBe('subject:"Tom & Jerry"');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('per_page')).toBe('10');
    expect(url.search).toContain('query=subject%3A%22Tom+%26+Jerry%22');
  });

  it('waitForMessage asks wait-for, then answers the full message', async () => {
    const { fetch, requests } = recordingFetch((request) =>
      request.url.pathname === '/_emulator/wait-for'
        ? { status: 200, body: { data: [summary('u-2', 'Welcome')] } }
        : { status: 200, body: { ...summary('u-2', 'Welcome'), links: ['https://app.test/confirm'], codes: [] } },
    );
    const client = createClient({ url: 'http://x.test', fetch });
    const message = await client.waitForMessage({
      to: 'jane@example.com',
      subject: 'Welcome aboard',
      timeoutMs: 2000,
      after: new Date('2025-03-01T09:00:00Z'),
    });
    expect(message.links).toEqual(['https://app.test/confirm']);
    const wait = requests[0]!.url;
    expect(wait.pathname).toBe('/_emulator/wait-for');
    expect(wait.searchParams.get('query')).toBe('to:jane@example.com subject:"Welcome aboard"');
    expect(wait.searchParams.get('count')).toBe('1');
    expect(wait.searchParams.get('timeout_ms')).toBe('2000');
    expect(wait.searchParams.get('after')).toBe('2025-03-01T09:00:00.000Z');
    expect(requests[1]!.url.pathname).toBe('/_emulator/messages/u-2');
  });

  it('waitForMessage leaves out what was not given (but its own 4000 ms wait)', async () => {
    const { fetch, requests } = recordingFetch((request) =>
      request.url.pathname === '/_emulator/wait-for'
        ? { status: 200, body: { data: [summary('u-1', 'x')] } }
        : { status: 200, body: summary('u-1', 'x') },
    );
    await createClient({ url: 'http://x.test', fetch }).waitForMessage();
    expect([...requests[0]!.url.searchParams.entries()]).toEqual([
      ['count', '1'],
      ['timeout_ms', '4000'],
    ]);
  });

  it('waitForMessages answers the matches in full, oldest first', async () => {
    const { fetch } = recordingFetch((request) =>
      request.url.pathname === '/_emulator/wait-for'
        ? { status: 200, body: { data: [summary('u-3', 'third'), summary('u-2', 'second')] } }
        : { status: 200, body: summary(request.url.pathname.split('/').at(-1)!, 'full') },
    );
    const messages = await createClient({ url: 'http://x.test', fetch }).waitForMessages(2, { after: 'u-1' });
    expect(messages.map((m) => m.uuid)).toEqual(['u-2', 'u-3']);
  });

  it('refuses a count below 1', async () => {
    const { fetch } = recordingFetch(() => ({ status: 200, body: {} }));
    await expect(createClient({ url: 'http://x.test', fetch }).waitForMessages(0)).rejects.toThrow(TypeError);
  });

  it('a 408 throws an error naming the query, what matched and the newest messages', async () => {
    const { fetch } = recordingFetch((request) =>
      request.url.pathname === '/_emulator/wait-for'
        ? { status: 408, body: { message: 'Timed out.', data: [summary('u-1', 'Reset your password')] } }
        : {
            status: 200,
            body: { data: [summary('u-9', 'Newsletter', 'bob@example.com')], meta: { page: 1, per_page: 5, total: 1 } },
          },
    );
    const client = createClient({ url: 'http://x.test', fetch });
    const error = await client
      .waitForMessages(2, { subject: 'Reset your password', timeoutMs: 50 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitForMessageTimeoutError);
    const timeout = error as WaitForMessageTimeoutError;
    expect(timeout.matched.map((m) => m.uuid)).toEqual(['u-1']);
    expect(timeout.recent.map((m) => m.uuid)).toEqual(['u-9']);
    expect(timeout.message).toContain(
      'Timed out after 50 ms waiting for 2 messages matching `subject:"Reset your password"`: 1 matched.',
    );
    expect(timeout.message).toContain('"Newsletter" from noreply@app.test to bob@example.com [u-9]');
  });

  it("a 408 on an empty inbox says so; without timeoutMs the client waits 4000 ms, under the runners' 5 s", async () => {
    const { fetch, requests } = recordingFetch((request) =>
      request.url.pathname === '/_emulator/wait-for'
        ? { status: 408, body: { message: 'Timed out.', data: [] } }
        : { status: 200, body: { data: [], meta: { page: 1, per_page: 5, total: 0 } } },
    );
    const error = await createClient({ url: 'http://x.test', fetch })
      .waitForMessage({ to: 'x@y.test' })
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /^Timed out after 4000 ms waiting for 1 message matching `to:x@y\.test`: 0 matched\.\nThe inbox is empty\.$/,
    );
    expect(requests[0]?.url.searchParams.get('timeout_ms')).toBe('4000');
  });

  it('other error statuses throw EmulatorApiError with the body', async () => {
    const { fetch } = recordingFetch(() => ({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { query: ['bad'] } },
    }));
    const error = await createClient({ url: 'http://x.test', fetch })
      .messages('"unterminated')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmulatorApiError);
    expect((error as EmulatorApiError).status).toBe(422);
    expect((error as Error).message).toBe('GET /messages answered 422: The given data was invalid. (query: bad)');
  });

  it('deleteMessages sends the query and answers the count; without a query, none is sent', async () => {
    const { fetch, requests } = recordingFetch(() => ({ status: 200, body: { deleted: 3 } }));
    const client = createClient({ url: 'http://x.test', fetch });
    expect(await client.deleteMessages({ to: 'jane@example.com' })).toBe(3);
    expect(await client.deleteMessages()).toBe(3);
    expect(requests.map((r) => [r.method, r.url.search])).toEqual([
      ['DELETE', '?query=to%3Ajane%40example.com'],
      ['DELETE', ''],
    ]);
  });

  it('controls post the documented bodies', async () => {
    const { fetch, requests } = recordingFetch((request) =>
      request.url.pathname === '/_emulator/clock'
        ? { status: 200, body: { now: '2025-03-01T10:00:00.000Z', frozen: true } }
        : request.url.pathname === '/_emulator/faults'
          ? { status: 201, body: { id: 1, remaining: 1 } }
          : { status: 200, body: { suppression: null, data: {} } },
    );
    const client = createClient({ url: 'http://x.test', fetch });
    await client.clock.freeze(new Date('2025-03-01T10:00:00Z'));
    await client.clock.freeze();
    await client.clock.advance(1500);
    await client.clock.resume();
    expect((await client.clock.now()).toISOString()).toBe('2025-03-01T10:00:00.000Z');
    await client.faults.add({ preset: 'rate-limited', times: 1 });
    await client.simulate.bounce('jane@example.com');
    await client.simulate.complaint({ send_uuid: 's-1' });
    await client.simulate.open('s-1');
    const posted = requests
      .filter((r) => r.method === 'POST')
      .map((r) => [r.url.pathname, JSON.parse(r.body ?? 'null')]);
    expect(posted).toEqual([
      ['/_emulator/clock', { freeze: '2025-03-01T10:00:00.000Z' }],
      ['/_emulator/clock', { freeze: true }],
      ['/_emulator/clock', { advance_ms: 1500 }],
      ['/_emulator/clock', { resume: true }],
      ['/_emulator/faults', { preset: 'rate-limited', times: 1 }],
      ['/_emulator/simulate/bounce', { email: 'jane@example.com' }],
      ['/_emulator/simulate/complaint', { send_uuid: 's-1' }],
      ['/_emulator/simulate/open', { send_uuid: 's-1' }],
    ]);
    expect(requests.every((r) => r.method !== 'POST' || r.headers['content-type'] === 'application/json')).toBe(true);
  });

  it('mailcoach.sendTransactional posts to /api with the token and throws MailcoachApiError on an error status', async () => {
    const { fetch, requests } = recordingFetch((request) =>
      JSON.parse(request.body ?? '{}').to === 'bounced@example.com'
        ? { status: 406, body: 'The email `bounced@example.com` is on the suppression list.' }
        : { status: 200, body: { uuid: 'log-1' } },
    );
    const client = createClient({ url: 'http://x.test', token: 'tok', fetch });
    expect(
      await client.mailcoach.sendTransactional({ from: 'a@x.test', to: 'b@x.test', subject: 'Hi', text: 'Hi' }),
    ).toEqual({ uuid: 'log-1' });
    expect(requests[0]?.url.href).toBe('http://x.test/api/transactional-mails/send');
    expect(requests[0]?.headers.authorization).toBe('Bearer tok');
    const error = await client.mailcoach
      .sendTransactional({ from: 'a@x.test', to: 'bounced@example.com', subject: 'Hi', text: 'Hi' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailcoachApiError);
    expect((error as MailcoachApiError).status).toBe(406);
    expect((error as Error).message).toContain('is on the suppression list');
  });

  it('mailcoach.request never throws on a status', async () => {
    const { fetch } = recordingFetch(() => ({ status: 404, body: { message: 'Not found.' } }));
    const response = await createClient({ url: 'http://x.test', fetch }).mailcoach.request('GET', 'sends/nope');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not found.' });
  });

  it('calls fetch as a plain function, as a browser requires (the event stream too)', async () => {
    // A browser's fetch throws "Illegal invocation" when called as another object's method.
    const calls: string[] = [];
    const strictFetch = function (this: unknown, input: string | URL | Request) {
      if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
      calls.push(String(input));
      return Promise.resolve(new Response('{"data":[],"meta":{"page":1,"per_page":50,"total":0}}', { status: 200 }));
    } as typeof fetch;
    const client = createClient({ url: 'http://x.test', fetch: strictFetch });
    await client.messages();
    const errors: unknown[] = [];
    const subscription = client.subscribe(() => {}, { onError: (error) => errors.push(error), retryMs: 60_000 });
    await expect.poll(() => calls.length + errors.length).toBeGreaterThan(1);
    subscription.close();
    expect(errors.filter((error) => String(error).includes('Illegal invocation'))).toEqual([]);
    expect(calls).toContain('http://x.test/_emulator/events');
  });
});
