/**
 * Content negotiation (docs/spec/mailcoach-reference.md#14-content-negotiation-and-request-parsing; decisions.md "Without Accept: application/json"): a request that does not
 * "expect JSON" in Laravel's sense gets what real Mailcoach gives it: a 302 to /login instead of a 401, a 302 back
 * (Referer, else the app root) instead of a 422, HTML pages instead of JSON errors. Success responses are the same
 * JSON either way. --always-json turns the redirects and pages back into the JSON errors.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, rawRequest, type RawResponse } from '../support/http.js';
import { waitUntil } from '../support/wait.js';

const emulator = useEmulator();
const api = () => apiClient(emulator().url, emulator().token);

/** A request with exactly these headers (plus Host): no Accept unless given. */
const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
  rawRequest(emulator().url, { method, path, headers, body });

const BAD_TOKEN = { authorization: 'Bearer wrong-token' };
const GOOD_TOKEN = { authorization: 'Bearer test-token' };
const JSON_BODY = { 'content-type': 'application/json' };

/** Symfony's RedirectResponse body, the URL passed through htmlspecialchars. */
const redirectBody = (url: string) => {
  const safe = url.replaceAll('&', '&amp;');
  return `<!DOCTYPE html>
<html>
    <head>
        <meta charset="UTF-8" />
        <meta http-equiv="refresh" content="0;url='${safe}'" />

        <title>Redirecting to ${safe}</title>
    </head>
    <body>
        Redirecting to <a href="${safe}">${safe}</a>.
    </body>
</html>`;
};

function expectRedirect(res: RawResponse, location: string): void {
  expect(res.status).toBe(302);
  expect(res.headers.location).toBe(location);
  // RedirectResponse sets its own lower-case charset.
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-cache, private');
  expect(res.text).toBe(redirectBody(location));
}

function expectUnauthorizedJson(res: RawResponse): void {
  expect(res.status).toBe(401);
  expect(res.headers['content-type']).toBe('application/json');
  expect(res.text).toBe('{"message":"Unauthorized"}');
}

/** Laravel's HTML error view: the status code and its reason, not the exception message. */
function expectErrorPage(res: RawResponse, status: number, reason: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toBe('text/html; charset=UTF-8');
  expect(res.headers['cache-control']).toBe('no-cache, private');
  expect(res.text).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
  expect(res.text).toContain(`<title>${reason}</title>`);
  expect(res.text).toContain(`tracking-wider">${status}</div>`);
  expect(res.text).toContain(`uppercase tracking-wider">${reason}</div>`);
}

/** The lines of the server's captured output that match `pattern`. */
const outputLines = (pattern: RegExp) =>
  emulator()
    .output()
    .split('\n')
    .filter((line) => pattern.test(line)).length;

describe('auth', () => {
  it("redirects a bad token without an Accept header to /login with Symfony's redirect page", async () => {
    const res = await send('GET', '/api/suppressions', BAD_TOKEN);
    expectRedirect(res, `${emulator().url}/login`);
  });

  it('redirects a request without any token to /login on the host the client used', async () => {
    const res = await send('GET', '/api/suppressions', { host: 'mailcoach.test:8080' });
    expectRedirect(res, 'http://mailcoach.test:8080/login');
  });

  it.each([
    ["curl's default Accept: */*", { accept: '*/*' }],
    ['a browser Accept header', { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }],
    ['text/html listed before application/json (the first type wins)', { accept: 'text/html, application/json' }],
    ['Content-Type: application/json alone', { 'content-type': 'application/json' }],
    [
      'X-Requested-With: XMLHttpRequest with Accept: text/html',
      { 'x-requested-with': 'XMLHttpRequest', accept: 'text/html' },
    ],
    ['an XMLHttpRequest header in the wrong case', { 'x-requested-with': 'xmlhttprequest', accept: '*/*' }],
  ])('does not treat %s as expecting JSON', async (_name, headers) => {
    const res = await send('GET', '/api/suppressions', { ...BAD_TOKEN, ...headers });
    expectRedirect(res, `${emulator().url}/login`);
  });

  it.each([
    ['Accept: application/json', { accept: 'application/json' }],
    ['a quality-ordered Accept with JSON first', { accept: 'application/json;q=1, text/html;q=0.5' }],
    ['JSON with a higher quality listed second', { accept: 'text/html;q=0.5, application/json' }],
    ['a +json media type', { accept: 'application/vnd.api+json' }],
    ['X-Requested-With: XMLHttpRequest with Accept: */*', { 'x-requested-with': 'XMLHttpRequest', accept: '*/*' }],
    ['X-Requested-With: XMLHttpRequest without Accept', { 'x-requested-with': 'XMLHttpRequest' }],
  ])('answers JSON 401 for %s', async (_name, headers) => {
    expectUnauthorizedJson(await send('GET', '/api/suppressions', { ...BAD_TOKEN, ...headers }));
  });

  it('logs one warning line for each request it redirects', async () => {
    const pattern = /^warning: GET \/api\/suppressions\/warned@negotiation\.test: .*Accept: application\/json/;
    const before = outputLines(pattern);
    await send('GET', '/api/suppressions/warned@negotiation.test', BAD_TOKEN);
    // The line reaches this process through a pipe, some time after the answer: wait for it, then for no second one.
    await waitUntil(
      () => outputLines(pattern),
      (count) => count > before,
      { what: `a warning line matching ${pattern}` },
    );
    await send('GET', '/api/suppressions/other@negotiation.test', BAD_TOKEN);
    await waitUntil(
      () => emulator().output(),
      (output) => output.includes('GET /api/suppressions/other@negotiation.test: '),
      { what: "the next request's warning" },
    );
    expect(outputLines(pattern)).toBe(before + 1);
  });

  it('serves an explanatory HTML page at /login, where the redirect leads', async () => {
    const redirected = await send('GET', '/api/suppressions', BAD_TOKEN);
    const target = new URL(redirected.headers.location as string);
    const res = await send('GET', target.pathname, {});
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=UTF-8');
    expect(res.text).toMatch(/^<!DOCTYPE html>/);
    expect(res.text).toContain('<code>Accept: application/json</code>');
    expect(res.text).toContain('<code>--always-json</code>');
  });
});

describe('validation', () => {
  it('redirects a 422 without Accept back to the Referer', async () => {
    const referer = 'http://app.test/suppressions/create?a=1&b=2';
    const res = await send('POST', '/api/suppressions', { ...GOOD_TOKEN, ...JSON_BODY, referer }, '{}');
    expectRedirect(res, referer);
    expect(res.text).toContain('?a=1&amp;b=2');
  });

  it('redirects a 422 without Accept and without Referer to the app root', async () => {
    const res = await send(
      'POST',
      '/api/suppressions',
      { ...GOOD_TOKEN, ...JSON_BODY },
      '{"email":"Jane <jane@negotiation.test>"}',
    );
    expectRedirect(res, emulator().url);
  });

  it('creates nothing when it redirects a validation failure', async () => {
    await send('POST', '/api/suppressions', GOOD_TOKEN, '');
    await send('POST', '/api/suppressions?email=not-valid', GOOD_TOKEN);
    const res = await api().get('/api/suppressions?filter[search]=not-valid');
    expect(res.json().meta.total).toBe(0);
  });

  it('answers JSON 422 for an XMLHttpRequest that accepts anything', async () => {
    const res = await send(
      'POST',
      '/api/suppressions',
      { ...GOOD_TOKEN, ...JSON_BODY, 'x-requested-with': 'XMLHttpRequest', accept: '*/*' },
      '{}',
    );
    expect(res.status).toBe(422);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(
      '{"message":"The given data was invalid.","errors":{"email":["The email field is required."]}}',
    );
  });

  it('answers a 400 from the query builder with an HTML page carrying the message', async () => {
    const res = await send('GET', '/api/suppressions?sort=bogus', GOOD_TOKEN);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=UTF-8');
    expect(res.text).toContain('<title>Bad Request</title>');
    expect(res.text).toContain('Requested sort(s) `bogus` is not allowed. Allowed sort(s) are `created_at`.');
  });
});

describe('not-found', () => {
  it('answers an unknown suppression without Accept with an HTML 404 page', async () => {
    const res = await send('GET', '/api/suppressions/nobody@negotiation.test', GOOD_TOKEN);
    expectErrorPage(res, 404, 'Not Found');
    expect(res.text).not.toContain('Suppression');
  });

  it('answers an unknown route without Accept with an HTML 404 page, before authentication', async () => {
    expectErrorPage(await send('GET', '/api/nowhere', {}), 404, 'Not Found');
  });

  it('answers a wrong verb without Accept with an HTML 405 page that keeps the Allow header', async () => {
    const res = await send('PUT', '/api/suppressions', GOOD_TOKEN);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    expect(res.headers['content-type']).toBe('text/html; charset=UTF-8');
    expect(res.text).toContain(
      'The PUT method is not supported for route api/suppressions. Supported methods: GET, HEAD, POST.',
    );
  });
});

describe('happy', () => {
  it('answers a successful list without Accept with the same JSON as with it', async () => {
    const withAccept = await api().get('/api/suppressions?filter[search]=example');
    const without = await send('GET', '/api/suppressions?filter[search]=example', GOOD_TOKEN);
    expect(without.status).toBe(200);
    expect(without.headers['content-type']).toBe('application/json');
    expect(without.text).toBe(withAccept.text);
    expect(without.json().meta.total).toBe(3);
  });

  it('answers a successful show with Accept: text/html in JSON', async () => {
    const res = await send('GET', '/api/suppressions/jane@example.com', { ...GOOD_TOKEN, accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(
      '{"data":{"uuid":"4a1c2d9e-7b3f-4c11-9a55-0f2e6b1d8c70","email":"jane@example.com","reason":"manual","created_at":"2025-03-02T10:15:00.000000Z","updated_at":"2025-03-02T10:15:00.000000Z"}}',
    );
  });

  it('creates and deletes without Accept exactly as with it', async () => {
    const created = await send(
      'POST',
      '/api/suppressions',
      { ...GOOD_TOKEN, 'content-type': 'application/x-www-form-urlencoded' },
      'email=no-accept%40negotiation.test',
    );
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toBe('application/json');
    expect(created.json().data.email).toBe('no-accept@negotiation.test');
    const deleted = await send('DELETE', '/api/suppressions/no-accept@negotiation.test', GOOD_TOKEN);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
  });
});

describe('with --always-json', () => {
  const alwaysJson = useEmulator({ args: ['--always-json'] });
  const plain = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    rawRequest(alwaysJson().url, { method, path, headers, body });

  it('answers a bad token without Accept with the JSON 401', async () => {
    expectUnauthorizedJson(await plain('GET', '/api/suppressions', BAD_TOKEN));
  });

  it('answers a validation failure without Accept with the JSON 422, even with a Referer', async () => {
    const res = await plain(
      'POST',
      '/api/suppressions',
      { ...GOOD_TOKEN, ...JSON_BODY, referer: 'http://app.test/form' },
      '{"email":"nope"}',
    );
    expect(res.status).toBe(422);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers.location).toBeUndefined();
    expect(res.text).toBe(
      '{"message":"The given data was invalid.","errors":{"email":["The email field must be a valid email address."]}}',
    );
  });

  it('answers an unknown suppression without Accept with the pretty JSON 404', async () => {
    const res = await plain('GET', '/api/suppressions/nobody@negotiation.test', { ...GOOD_TOKEN, accept: 'text/html' });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(
      '{\n    "message": "No query results for model [Spatie\\\\Mailcoach\\\\Domain\\\\Audience\\\\Models\\\\Suppression] nobody@negotiation.test"\n}',
    );
  });

  it('answers an unknown route and a wrong verb without Accept in JSON', async () => {
    const missing = await plain('GET', '/api/nowhere', {});
    expect(missing.status).toBe(404);
    expect(missing.text).toBe('{\n    "message": "The route api/nowhere could not be found."\n}');
    const wrongVerb = await plain('DELETE', '/api/suppressions', {});
    expect(wrongVerb.status).toBe(405);
    expect(wrongVerb.headers.allow).toBe('GET, HEAD, POST');
    expect(wrongVerb.text).toBe(
      '{\n    "message": "The DELETE method is not supported for route api/suppressions. Supported methods: GET, HEAD, POST."\n}',
    );
  });

  it('logs no negotiation warning', async () => {
    await plain('GET', '/api/suppressions', BAD_TOKEN);
    // The warning would be written to stderr (a pipe: synchronously) while the answer was made, before it was sent.
    // A later answer is a later event: by then the test has read what came through the pipe before it.
    expect((await plain('GET', '/healthz', {})).status).toBe(200);
    expect(alwaysJson().output()).not.toMatch(/^warning: .*Accept: application\/json/m);
  });
});
