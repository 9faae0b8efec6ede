/**
 * JSON bodies of the test-control endpoints, read as sent: Laravel's input cleansing (trimmed strings, "" as
 * null), which the Mailcoach surface needs, would alter fixture documents and fault bodies. Plus the mapping of
 * zod issues to a 422's `errors` (the schemas use zod/mini: see fixtures/zod.ts).
 */
import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { badRequest, ValidationError, type FieldErrors } from '../errors.js';
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
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The body must be a JSON object.');
  return body as Record<string, unknown>;
}

/** `templates.0.type` from zod's ['templates', 0, 'type'], Laravel's dotted field names. */
export function fieldName(path: readonly PropertyKey[], prefix = ''): string {
  const name = path.map(String).join('.');
  return prefix === '' ? name || '(body)' : name === '' ? prefix : `${prefix}.${name}`;
}

/**
 * zod issues as a 422's errors: one entry per field, an unknown key under its own name. `messageFor` may
 * replace zod's wording for a field.
 */
export function issueErrors(issues: z.core.$ZodIssue[], messageFor?: (field: string, issue: z.core.$ZodIssue) => string | undefined): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(fieldName([...issue.path, key]), `The ${key} field is not known.`);
      continue;
    }
    const field = fieldName(issue.path);
    // A refinement's own message may name its field as Laravel's messages do, with `:attribute`.
    add(field, (issue.code !== 'custom' ? messageFor?.(field, issue) : undefined) ?? issue.message.replaceAll(':attribute', field));
  }
  return errors;
}

/** Parses `value` with `schema`, or throws the 422. */
export function parseOr422<T extends z.ZodMiniType>(
  schema: T,
  value: unknown,
  messageFor?: (field: string, issue: z.core.$ZodIssue) => string | undefined,
): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(issueErrors(result.error.issues, messageFor));
  return result.data;
}
