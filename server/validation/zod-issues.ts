/**
 * zod issues as a 422's `errors`, with Laravel's dotted field names: the bodies our own endpoints and files take
 * (fixtures, fault rules, the template studio) are checked with zod/mini schemas (see fixtures/zod.ts).
 */
import type * as z from 'zod/mini';
import { ValidationError, type FieldErrors } from '../errors.js';

/** `templates.0.type` from zod's ['templates', 0, 'type'], Laravel's dotted field names. */
function fieldName(path: readonly PropertyKey[], prefix = ''): string {
  const name = path.map(String).join('.');
  return prefix === '' ? name || '(body)' : name === '' ? prefix : `${prefix}.${name}`;
}

/**
 * zod issues as a 422's errors: one entry per field, an unknown key under its own name. `messageFor` may
 * replace zod's wording for a field.
 */
export function issueErrors(
  issues: z.core.$ZodIssue[],
  messageFor?: (field: string, issue: z.core.$ZodIssue) => string | undefined,
): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] ??= [];
    const list = errors[field];
    if (!list.includes(message)) list.push(message);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(fieldName([...issue.path, key]), `The ${key} field is not known.`);
      continue;
    }
    const field = fieldName(issue.path);
    // A refinement's own message may name its field as Laravel's messages do, with `:attribute`.
    add(
      field,
      (issue.code !== 'custom' ? messageFor?.(field, issue) : undefined) ??
        issue.message.replaceAll(':attribute', field),
    );
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
