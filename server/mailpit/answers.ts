/**
 * Mailpit's success answers (docs/spec/mailpit-api.md#21-global-behaviour-applies-to-every-endpoint-below):
 * always 200, JSON as Go's json.Encoder writes it with `application/json` (no charset), and `ok` as text/plain.
 */
import { goJson } from '../go-json.js';

/** The Mailpit release whose answers the surface gives (docs/spec/mailpit-api.md#0-sources-and-conventions). */
export const MAILPIT_VERSION = 'v1.30.5';

export function mailpitJson(value: unknown): Response {
  return new Response(goJson(value), { headers: { 'content-type': 'application/json' } });
}

export function mailpitOk(): Response {
  return new Response('ok', { headers: { 'content-type': 'text/plain' } });
}
