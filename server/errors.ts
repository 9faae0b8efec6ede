/**
 * The one error formatter. Every error response of the emulator is built here, in Laravel's shapes
 * (reference §1.5, decisions.md): compact JSON for 401 and 422, pretty JSON with plain slashes for every other
 * HTTP exception, and, for requests that do not expect JSON, the redirects and HTML pages Laravel answers.
 */
import type { Context } from 'hono';
import { errorPage, redirectPage } from './http/html-pages.js';
import { expectsJson } from './http/negotiation.js';
import { phpJsonEncode } from './http/php-json.js';
import type { Logger } from './logger.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** More fields of the JSON body, after `message` (our own endpoints' errors only). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export type FieldErrors = Record<string, string[]>;

/** A failed FormRequest: 422 with every message, keyed by field in rule order. */
export class ValidationError extends ApiError {
  constructor(readonly errors: FieldErrors) {
    super(422, VALIDATION_SUMMARY);
  }
}

/** decisions.md: the base document's summary wins over Laravel's "first error (and N more errors)". */
export const VALIDATION_SUMMARY = 'The given data was invalid.';

/** decisions.md: the base document's 401 text wins over Laravel's "Unauthenticated.". */
export const unauthenticated = () => new ApiError(401, 'Unauthorized');

export const forbidden = (message = 'This action is unauthorized.') => new ApiError(403, message);

// The local surface (the web UI and /_emulator, http/local-surface.ts): our own wording, no Mailcoach equivalent.

/** A Host header naming something other than this machine: a DNS-rebinding page, or a name not allowed yet. */
export const hostNotAllowed = (host: string) =>
  new ApiError(
    403,
    `The host "${host}" is not allowed. The emulator's UI and /_emulator answer requests for localhost, 127.0.0.1 ` +
      'and [::1]; start it with --allowed-hosts to add a name.',
  );

/** A state change asked by another site's page (CSRF). */
export const crossSiteRequest = () =>
  new ApiError(403, 'Cross-site requests cannot change the emulator: send it from the emulator\'s own pages or from a non-browser client.');

/** Bound beyond loopback: every request of the UI and /_emulator names an accepted token. */
export const uiTokenRequired = () =>
  new ApiError(
    401,
    'This emulator is reachable from other machines, so its UI and /_emulator need an accepted token: ' +
      'send Authorization: Bearer <token>, or ?token=<token>.',
  );

/** Unknown path: Laravel's NotFoundHttpException with the path as `Request::path()` gives it (no leading slash). */
export const routeNotFound = (path: string) => new ApiError(404, `The route ${routePath(path)} could not be found.`);

/** Wrong verb: Laravel's requestMethodNotAllowed(); the Allow header lists the methods in Router::$verbs order. */
export const methodNotAllowed = (method: string, path: string, allowed: string[]) =>
  new ApiError(
    405,
    `The ${method} method is not supported for route ${routePath(path)}. Supported methods: ${allowed.join(', ')}.`,
    { allow: allowed.join(', ') },
  );

/**
 * Route-model binding failure. Explicit bindings (sends, log items, templates) give the class name and a full
 * stop; the implicit one (suppressions) appends the raw route value instead (reference §1.5).
 */
export function modelNotFound(modelClass: string, routeValue?: string): ApiError {
  const suffix = routeValue === undefined ? '.' : ` ${routeValue}`;
  return new ApiError(404, `No query results for model [${modelClass}]${suffix}`);
}

/**
 * A response Mailcoach's controller returns itself, as `response($message, $status)`: a text/html body whatever
 * the Accept header (the send endpoint's 406 for a suppressed recipient, its 500 for a failed send).
 */
export class PlainTextError extends ApiError {}

/** SuppressedEmail (v8 Domain/TransactionalMail/Exceptions/SuppressedEmail.php), answered with 406. */
export const suppressedRecipient = (email: string) =>
  new PlainTextError(406, `The email \`${email}\` is on the suppression list.`);

export const badRequest = (message: string) => new ApiError(400, message);

/**
 * `abort($status, $text)` in a controller: an HttpException, so pretty JSON `{"message"}` (no `errors`) even for a
 * 422, and an error page, not a redirect, for a browser (mailcoach-audience-campaigns.md §0.1).
 */
export class AbortError extends ApiError {}

export const abort = (status: number, message: string) => new AbortError(status, message);

/**
 * A controller's hand-made `response()->json([...], status)`: compact JSON, the body as it is (no `message`),
 * whatever the Accept header (mailcoach-audience-campaigns.md §0.1).
 */
export class RawJsonError extends ApiError {
  constructor(status: number, readonly body: Record<string, unknown>) {
    super(status, '');
  }
}

/** StartSubscriberImportController: a CSV whose header row names no email column (§8). */
export const noEmailHeaderRow = () =>
  new RawJsonError(422, { errors: { file: 'No header row found. Make sure your first row has at least 1 column with "email"' } });

/**
 * Answered after the body was drained but not parsed (http/body.ts), and the connection is not reused:
 * `Connection: close` tells a keep-alive client so (otherwise its next request on that socket dies with ECONNRESET).
 */
export const payloadTooLarge = () => new ApiError(413, 'The POST data is too large.', { connection: 'close' });

export const tooManyAttempts = (headers: Record<string, string>) =>
  new ApiError(429, 'Too Many Attempts.', headers);

/** /_emulator/wait-for ran out of time: what did match travels with the message. */
export const waitTimedOut = (timeoutMs: number, count: number, matched: unknown[]) =>
  new ApiError(
    408,
    `Timed out after ${timeoutMs} ms waiting for ${count} ${count === 1 ? 'message' : 'messages'}; ${matched.length} matched.`,
    {},
    { data: matched },
  );

export interface ErrorFormatterOptions {
  /** Answer JSON even when the request does not ask for it (decisions.md: the opt-out of Laravel's redirects). */
  alwaysJson: boolean;
  logger: Logger;
}

/** Builds Hono's onError handler: turns anything thrown into the response Laravel would give. */
export function createErrorFormatter(options: ErrorFormatterOptions) {
  return (error: unknown, c: Context): Response => {
    const apiError = toApiError(error, options.logger, c);
    if (apiError instanceof PlainTextError) return renderPlainText(apiError);
    if (apiError instanceof RawJsonError) {
      return new Response(phpJsonEncode(apiError.body, { pretty: false }), { status: apiError.status, headers: { 'content-type': 'application/json' } });
    }
    // Laravel's browser-style answers only concern the Mailcoach surface; our own endpoints always speak JSON.
    const isMailcoachRoute = new URL(c.req.url).pathname.startsWith('/api');
    const wantsJson = options.alwaysJson || !isMailcoachRoute || expectsJson(c.req.raw.headers);
    const response = wantsJson ? renderJson(apiError) : renderForBrowser(apiError, c, options.logger);
    for (const [name, value] of Object.entries(apiError.headers)) response.headers.set(name, value);
    return response;
  };
}

function toApiError(error: unknown, logger: Logger, c: Context): ApiError {
  if (error instanceof ApiError) return error;
  logger.error(`${c.req.method} ${new URL(c.req.url).pathname} failed`, error);
  return new ApiError(500, 'Server Error');
}

function renderJson(error: ApiError): Response {
  const body =
    error instanceof ValidationError
      ? { message: error.message, errors: error.errors }
      : { message: error.message, ...error.details };
  // 401 (AuthenticationException) and 422 (ValidationException) are rendered by their own Laravel handlers with
  // json_encode defaults; every HttpException goes through prepareJsonResponse, pretty and with plain slashes.
  const compact = error.status === 401 || (error.status === 422 && !(error instanceof AbortError));
  return new Response(phpJsonEncode(body, { pretty: !compact }), {
    status: error.status,
    headers: { 'content-type': 'application/json' },
  });
}

function renderPlainText(error: PlainTextError): Response {
  return new Response(error.message, {
    status: error.status,
    headers: { 'content-type': 'text/html; charset=UTF-8', ...error.headers },
  });
}

/** What a Laravel app answers a request without `Accept: application/json` (reference §1.4). */
function renderForBrowser(error: ApiError, c: Context, logger: Logger): Response {
  const url = new URL(c.req.url);
  const root = `${url.protocol}//${url.host}`;
  let response: Response;
  if (error.status === 401 || (error.status === 422 && !(error instanceof AbortError))) {
    const target = error.status === 401 ? `${root}/login` : (c.req.header('referer') ?? root);
    response = new Response(redirectPage(target), {
      status: 302,
      headers: { location: target, 'content-type': 'text/html; charset=utf-8' },
    });
  } else {
    // A view response gets Symfony Response::prepare()'s default type (upper-case charset, unlike redirects).
    response = new Response(errorPage(error.status, error.message), {
      status: error.status,
      headers: { 'content-type': 'text/html; charset=UTF-8' },
    });
  }
  logger.warn(
    `${c.req.method} ${url.pathname}: the request has no "Accept: application/json" header, so it got ` +
      `${response.status === 302 ? `a 302 redirect instead of ${error.status}` : `an HTML ${error.status} page`}, ` +
      'as from real Mailcoach. Send that header (or start the emulator with --always-json).',
  );
  return response;
}

function routePath(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : trimmed;
}
