import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  ValidationError,
  badRequest,
  forbidden,
  methodNotAllowed,
  modelNotFound,
  routeNotFound,
  tooManyAttempts,
  unauthenticated,
  waitTimedOut,
} from '../../server/errors.js';
import { createErrorFormatter } from '../../server/http/error-response.js';
import type { Logger } from '../../server/logger.js';

interface LogLine {
  level: 'info' | 'warn' | 'error';
  message: string;
  error?: unknown;
}

const SEND_CLASS = 'Spatie\\Mailcoach\\Domain\\Shared\\Models\\Send';
const SUPPRESSION_CLASS = 'Spatie\\Mailcoach\\Domain\\Audience\\Models\\Suppression';

/** A tiny app whose /boom route throws whatever the test hands it, rendered by the real formatter. */
function appThrowing(error: unknown, alwaysJson = false) {
  const lines: LogLine[] = [];
  const logger: Logger = {
    info: (message) => void lines.push({ level: 'info', message }),
    warn: (message) => void lines.push({ level: 'warn', message }),
    error: (message, cause) => void lines.push({ level: 'error', message, error: cause }),
  };
  const app = new Hono();
  app.onError(createErrorFormatter({ alwaysJson, logger }));
  app.all('/api/boom', () => {
    throw error;
  });
  return { app, lines };
}

async function render(
  error: unknown,
  headers: Record<string, string> = { accept: 'application/json' },
  alwaysJson = false,
) {
  const { app, lines } = appThrowing(error, alwaysJson);
  const res = await app.request('http://emulator.test:8088/api/boom', { headers });
  return { res, text: await res.text(), lines };
}

describe('JSON errors (Accept: application/json)', () => {
  it('renders 401 compact', async () => {
    const { res, text } = await render(unauthenticated());
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(text).toBe('{"message":"Unauthorized"}');
  });

  it('renders 422 compact with the summary and every field, slashes escaped', async () => {
    const { res, text } = await render(
      new ValidationError({ to: ['The to field is required.'], 'attachments.0.name': ['a/b failed'] }),
    );
    expect(res.status).toBe(422);
    expect(text).toBe(
      '{"message":"The given data was invalid.","errors":{"to":["The to field is required."],"attachments.0.name":["a\\/b failed"]}}',
    );
  });

  it('renders an unknown route as pretty 404 with plain slashes', async () => {
    const { res, text } = await render(routeNotFound('/api/foo/bar'));
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(text).toBe('{\n    "message": "The route api/foo/bar could not be found."\n}');
  });

  it('names the root route "/"', async () => {
    expect((await render(routeNotFound('/'))).text).toBe('{\n    "message": "The route / could not be found."\n}');
  });

  it('renders model 404s pretty, with escaped backslashes, a full stop for explicit bindings and the value for implicit ones', async () => {
    expect((await render(modelNotFound(SEND_CLASS))).text).toBe(
      '{\n    "message": "No query results for model [Spatie\\\\Mailcoach\\\\Domain\\\\Shared\\\\Models\\\\Send]."\n}',
    );
    expect((await render(modelNotFound(SUPPRESSION_CLASS, 'foo@bar.com'))).text).toBe(
      '{\n    "message": "No query results for model [Spatie\\\\Mailcoach\\\\Domain\\\\Audience\\\\Models\\\\Suppression] foo@bar.com"\n}',
    );
  });

  it('renders 405 pretty with the Allow header', async () => {
    const { res, text } = await render(methodNotAllowed('POST', '/api/sends', ['GET', 'HEAD']));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(text).toBe(
      '{\n    "message": "The POST method is not supported for route api/sends. Supported methods: GET, HEAD."\n}',
    );
  });

  it('renders 400 pretty', async () => {
    const { res, text } = await render(
      badRequest('Requested sort(s) `foo` is not allowed. Allowed sort(s) are `created_at`.'),
    );
    expect(res.status).toBe(400);
    expect(text).toBe(
      '{\n    "message": "Requested sort(s) `foo` is not allowed. Allowed sort(s) are `created_at`."\n}',
    );
  });

  it('renders 403 pretty, with Laravel’s default text or a given one', async () => {
    const { res, text } = await render(forbidden());
    expect([res.status, text]).toEqual([403, '{\n    "message": "This action is unauthorized."\n}']);
    expect((await render(forbidden('Suppressions with reason spam_complaint cannot be deleted.'))).text).toBe(
      '{\n    "message": "Suppressions with reason spam_complaint cannot be deleted."\n}',
    );
  });

  it('renders 429 pretty with the throttle headers', async () => {
    const { res, text } = await render(tooManyAttempts({ 'retry-after': '42', 'x-ratelimit-reset': '1740823242' }));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('42');
    expect(res.headers.get('x-ratelimit-reset')).toBe('1740823242');
    expect(text).toBe('{\n    "message": "Too Many Attempts."\n}');
  });

  it('renders a timed-out wait as a pretty 408 carrying what did match, after the message', async () => {
    const { res, text } = await render(waitTimedOut(300, 2, [{ uuid: 'u1', subject: 'a/b' }]));
    expect(res.status).toBe(408);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(text).toBe(
      '{\n    "message": "Timed out after 300 ms waiting for 2 messages; 1 matched.",\n    "data": [\n        {\n' +
        '            "uuid": "u1",\n            "subject": "a/b"\n        }\n    ]\n}',
    );
    expect(JSON.parse((await render(waitTimedOut(0, 1, []))).text)).toEqual({
      message: 'Timed out after 0 ms waiting for 1 message; 0 matched.',
      data: [],
    });
  });

  it('renders anything that is not an ApiError as a pretty 500 "Server Error" and logs it', async () => {
    const cause = new TypeError('undefined is not a function');
    const { res, text, lines } = await render(cause);
    expect(res.status).toBe(500);
    expect(text).toBe('{\n    "message": "Server Error"\n}');
    expect(text).not.toContain('undefined is not a function');
    expect(lines).toEqual([{ level: 'error', message: 'GET /api/boom failed', error: cause }]);
  });

  it('logs nothing for an ApiError rendered as JSON', async () => {
    expect((await render(routeNotFound('/api/x'))).lines).toEqual([]);
  });

  it('renders JSON for an XMLHttpRequest that accepts anything', async () => {
    const { res, lines } = await render(unauthenticated(), { 'x-requested-with': 'XMLHttpRequest', accept: '*/*' });
    expect([res.status, lines]).toEqual([401, []]);
  });
});

describe('browser-style errors (no Accept: application/json)', () => {
  it('redirects a 401 to /login on the same scheme and host, and warns once', async () => {
    const { res, text, lines } = await render(unauthenticated(), { accept: '*/*' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://emulator.test:8088/login');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(text).toContain(
      'Redirecting to <a href="http://emulator.test:8088/login">http://emulator.test:8088/login</a>.',
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]?.level).toBe('warn');
    expect(lines[0]?.message).toContain('GET /api/boom');
    expect(lines[0]?.message).toContain('a 302 redirect instead of 401');
  });

  it('redirects a 422 back to the Referer', async () => {
    const { res } = await render(new ValidationError({ to: ['x'] }), { referer: 'http://app.test/form?a=1&b=2' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://app.test/form?a=1&b=2');
  });

  it('escapes the redirect target in the HTML body', async () => {
    const { text } = await render(new ValidationError({ to: ['x'] }), { referer: 'http://app.test/?a=1&b="x"' });
    expect(text).toContain('http://app.test/?a=1&amp;b=&quot;x&quot;');
    expect(text).not.toContain('b="x"');
  });

  it('redirects a 422 without a Referer to the root URL', async () => {
    const { res } = await render(new ValidationError({ to: ['x'] }), {});
    expect(res.headers.get('location')).toBe('http://emulator.test:8088');
  });

  it('answers a 404 with an HTML page of the same status showing "Not Found"', async () => {
    const { res, text, lines } = await render(routeNotFound('/api/foo'), { accept: 'text/html' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8$/i);
    expect(text).toContain('<title>Not Found</title>');
    expect(text).toContain('>404</div>');
    expect(lines.map((line) => line.message)).toEqual([expect.stringContaining('an HTML 404 page')]);
  });

  it('shows the exception message on statuses without their own view, escaped, and keeps the headers', async () => {
    const { res, text } = await render(methodNotAllowed('PUT', '/api/sends', ['GET', 'HEAD']), {});
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(text).toContain('The PUT method is not supported for route api/sends. Supported methods: GET, HEAD.');
    const escaped = await render(badRequest('Requested sort(s) `<b>` is not allowed.'), {});
    expect(escaped.text).toContain('`&lt;b&gt;`');
  });

  it('answers an unexpected error with an HTML 500 page, logging the error and the warning', async () => {
    const { res, text, lines } = await render(new Error('secret detail'), {});
    expect(res.status).toBe(500);
    expect(text).toContain('Server Error');
    expect(text).not.toContain('secret detail');
    expect(lines.map((line) => line.level)).toEqual(['error', 'warn']);
  });
});

describe('alwaysJson', () => {
  it('renders JSON without Accept and logs no warning', async () => {
    const { res, text, lines } = await render(unauthenticated(), {}, true);
    expect(res.status).toBe(401);
    expect(text).toBe('{"message":"Unauthorized"}');
    expect(lines).toEqual([]);
  });

  it('still logs unexpected errors', async () => {
    const { res, lines } = await render(new Error('x'), {}, true);
    expect(res.status).toBe(500);
    expect(lines.map((line) => line.level)).toEqual(['error']);
  });
});

describe('ApiError', () => {
  it('is an Error carrying status, message and headers', () => {
    const error = new ApiError(418, 'teapot', { 'x-a': '1' });
    expect(error).toBeInstanceOf(Error);
    expect([error.status, error.message, error.headers]).toEqual([418, 'teapot', { 'x-a': '1' }]);
  });
});
