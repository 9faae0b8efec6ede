/**
 * Success responses as Laravel writes them. Error responses are not built here: they all go through
 * server/errors.ts.
 */
import { phpJsonEncode } from './php-json.js';

/** A JsonResource or `response()->json()` body: compact, slashes escaped (reference §1.5). */
export function laravelJson(body: unknown, status = 200): Response {
  return new Response(phpJsonEncode(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * `response('', 204)` from RespondsToApiRequests::respondOk: an empty body, and Symfony strips the Content-Type
 * (reference §1.6).
 */
export function noContent(): Response {
  return new Response(null, { status: 204 });
}
