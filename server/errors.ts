/**
 * The emulator's errors: plain classes and factories, with the status and the text each answer carries (Laravel's
 * and Mailcoach's wording, docs/spec/mailcoach-reference.md#15-error-bodies-exact-formats, decisions.md). They know nothing of HTTP, so any intake (the API, the
 * local surface, SMTP later) throws them; http/error-response.ts, the one error formatter, turns them into
 * responses.
 */

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
const VALIDATION_SUMMARY = 'The given data was invalid.';

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
  new ApiError(
    403,
    "Cross-site requests cannot change the emulator: send it from the emulator's own pages or from a non-browser client.",
  );

/** Bound beyond loopback: every request of the UI and /_emulator names an accepted token. */
export const uiTokenRequired = () =>
  new ApiError(
    401,
    'This emulator is reachable from other machines, so its UI, /_emulator and /mcp need an accepted token: ' +
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
 * stop; the implicit one (suppressions) appends the raw route value instead (docs/spec/mailcoach-reference.md#15-error-bodies-exact-formats).
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
 * 422, and an error page, not a redirect, for a browser (docs/spec/mailcoach-audience-campaigns.md#01-shared-rules-not-spelled-out-in-the-reference).
 */
export class AbortError extends ApiError {}

export const abort = (status: number, message: string) => new AbortError(status, message);

/**
 * A controller's hand-made `response()->json([...], status)`: compact JSON, the body as it is (no `message`),
 * whatever the Accept header (docs/spec/mailcoach-audience-campaigns.md#01-shared-rules-not-spelled-out-in-the-reference).
 */
export class RawJsonError extends ApiError {
  constructor(
    status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(status, '');
  }
}

/** StartSubscriberImportController: a CSV whose header row names no email column (docs/spec/mailcoach-audience-campaigns.md#8-subscriber-imports-not-used-by-the-sdk-lower-priority). */
export const noEmailHeaderRow = () =>
  new RawJsonError(422, {
    errors: { file: 'No header row found. Make sure your first row has at least 1 column with "email"' },
  });

/**
 * Answered after the body was drained but not parsed (http/body.ts), and the connection is not reused:
 * `Connection: close` tells a keep-alive client so (otherwise its next request on that socket dies with ECONNRESET).
 */
export const payloadTooLarge = () => new ApiError(413, 'The POST data is too large.', { connection: 'close' });

export const tooManyAttempts = (headers: Record<string, string>) => new ApiError(429, 'Too Many Attempts.', headers);

/** /_emulator/messages/{uuid} (and its parts) for a uuid the workspace has no message with. */
export const messageNotFound = (uuid: string) => new ApiError(404, `No message with uuid ${uuid}.`);

/** /_emulator/wait-for ran out of time: what did match travels with the message. */
export const waitTimedOut = (timeoutMs: number, count: number, matched: unknown[]) =>
  new ApiError(
    408,
    `Timed out after ${timeoutMs} ms waiting for ${count} ${count === 1 ? 'message' : 'messages'}; ${matched.length} matched.`,
    {},
    { data: matched },
  );

function routePath(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * An answer of the Mailpit surface (/api/v1, /view, /api/events: docs/spec/mailpit-api.md#21-global-behaviour-applies-to-every-endpoint-below),
 * in Mailpit's own shapes: `text`, a text/plain body exactly as given (Mailpit's `httpError` writes no trailing
 * newline, Go's `http.Error` one: the message carries it); `json`, `{"Error": message}` as /api/v1/send answers.
 */
export class MailpitError extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly shape: 'text' | 'json',
    headers: Record<string, string> = {},
  ) {
    super(status, message, headers);
  }
}

/** A text/plain Mailpit error (`httpError`: no trailing newline). */
export const mailpitError = (status: number, message: string, headers: Record<string, string> = {}) =>
  new MailpitError(status, message, 'text', headers);

/**
 * Mailpit's 404 for an unknown message or part (MP server/apiv1/api.go `fourOFour`: `text/plain`, no charset, and
 * unlike Go's http.NotFound no trailing newline).
 */
export const mailpitNotFound = () => mailpitError(404, '404 page not found', { 'content-type': 'text/plain' });

/** Mailpit's 400 `httpError` (MP server/apiv1/api.go): `text/plain`, no charset, the text as it is. */
export const mailpitBadRequest = (text: string) => mailpitError(400, text, { 'content-type': 'text/plain' });

/** An error of /api/v1/send: 400 (or 413) JSON `{"Error": message}`. */
export const mailpitSendError = (message: string, status = 400) => new MailpitError(status, message, 'json');
