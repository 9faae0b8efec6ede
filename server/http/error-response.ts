/**
 * The one error formatter. Every error response of the emulator is built here from the errors of server/errors.ts,
 * in Laravel's shapes (docs/spec/mailcoach-reference.md#15-error-bodies-exact-formats, decisions.md): compact JSON for 401 and 422, pretty JSON with plain slashes
 * for every other HTTP exception, and, for requests that do not expect JSON, the redirects and HTML pages Laravel
 * answers.
 */
import type { Context } from 'hono';
import { AbortError, ApiError, MailpitError, PlainTextError, RawJsonError, ValidationError } from '../errors.js';
import { goJson } from '../go-json.js';
import type { Logger } from '../logger.js';
import { errorPage, redirectPage } from './html-pages.js';
import { expectsJson } from './negotiation.js';
import { phpJsonEncode } from '../php-json.js';

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
      return new Response(phpJsonEncode(apiError.body, { pretty: false }), {
        status: apiError.status,
        headers: { 'content-type': 'application/json' },
      });
    }
    // Laravel's browser-style answers only concern the Mailcoach surface; our own endpoints always speak JSON.
    const isMailcoachRoute = new URL(c.req.url).pathname.startsWith('/api');
    const wantsJson = options.alwaysJson || !isMailcoachRoute || expectsJson(c.req.raw.headers);
    const response = wantsJson ? renderJson(apiError) : renderForBrowser(apiError, c, options.logger);
    for (const [name, value] of Object.entries(apiError.headers)) response.headers.set(name, value);
    return response;
  };
}

/**
 * The Mailpit surface's onError handler (docs/spec/mailpit-api.md#21-global-behaviour-applies-to-every-endpoint-below):
 * a MailpitError in its shape; any other error of ours as Mailpit's text/plain `httpError` with its status; an
 * unexpected one a 500.
 */
export function createMailpitErrorFormatter(logger: Logger) {
  return (error: unknown, c: Context): Response => {
    const apiError = toApiError(error, logger, c);
    const json = apiError instanceof MailpitError && apiError.shape === 'json';
    const response = new Response(json ? goJson({ Error: apiError.message }) : apiError.message, {
      status: apiError.status,
      headers: { 'content-type': json ? 'application/json' : 'text/plain; charset=utf-8' },
    });
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

/** What a Laravel app answers a request without `Accept: application/json` (docs/spec/mailcoach-reference.md#14-content-negotiation-and-request-parsing). */
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
