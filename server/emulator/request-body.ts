/**
 * JSON bodies of the test-control endpoints, read as sent: Laravel's input cleansing (trimmed strings, "" as
 * null), which the Mailcoach surface needs, would alter fixture documents and fault bodies. Their schemas' issues
 * become a 422 in validation/zod-issues.ts.
 */
import type { Context } from 'hono';
import { badRequest } from '../errors.js';
import type { AppEnv } from '../http/env.js';

const utf8 = new TextDecoder();

/** The request body as JSON (an empty body is `{}`); a 400 when it is not JSON. */
export async function readJsonBody(c: Context<AppEnv>): Promise<unknown> {
  // The workspace middleware (workspace.ts) has read the body once for every /_emulator request.
  const text = utf8.decode(await c.get('body'));
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw badRequest(`The body is not valid JSON: ${(error as Error).message}`);
  }
}

/** The body as a JSON object; a 400 for anything else. */
export async function readJsonObject(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const body = await readJsonBody(c);
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('The body must be a JSON object.');
  return body as Record<string, unknown>;
}
