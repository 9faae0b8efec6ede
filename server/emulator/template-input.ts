/**
 * The bodies of the template studio's writes (POST/PATCH /_emulator/templates) and renders, checked with
 * Laravel-worded messages per field. The fields are the fixture format's (fixtures/README.md), so that a template
 * written here could be pasted into a fixture file.
 */
import * as z from 'zod/mini';
import { TEMPLATE_TYPES } from '../db/rows.js';
import { lazySchema } from '../fixtures/zod.js';
import { isRfcEmail } from '../validation/email.js';
import type { RenderRequest, TemplateInput } from './schemas/templates.js';
import type { SameType } from './schemas/same-type.js';

/** Mailcoach's transactional mail names and labels are VARCHAR(255). */
const MAX_NAME = 255;

const templateFields = () => {
  const text = z.string();
  const name = z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_NAME));
  const emails = z.nullable(
    z.array(
      z.string().check(z.refine((value) => isRfcEmail(value), 'The :attribute field must be a valid email address.')),
    ),
  );
  return {
    name,
    label: z.nullable(z.string().check(z.maxLength(MAX_NAME))),
    type: z.enum(TEMPLATE_TYPES),
    subject: text,
    body: text,
    from: z.nullable(z.string().check(z.maxLength(MAX_NAME))),
    to: emails,
    cc: emails,
    bcc: emails,
    store_mail: z.boolean(),
  };
};

export const templateCreation = lazySchema(() => {
  const fields = templateFields();
  return z.strictObject({
    ...fields,
    label: z._default(fields.label, null),
    subject: z._default(fields.subject, ''),
    body: z._default(fields.body, ''),
    from: z._default(fields.from, null),
    to: z._default(fields.to, null),
    cc: z._default(fields.cc, null),
    bcc: z._default(fields.bcc, null),
    store_mail: z._default(fields.store_mail, false),
  });
});

export const templateChange = lazySchema(() => z.partial(z.strictObject(templateFields())));

export const renderRequest = lazySchema(() =>
  z.strictObject({
    replacements: z._default(z.record(z.string(), z.unknown()), {}),
    template: z.optional(
      z.strictObject({
        type: z.optional(z.enum(TEMPLATE_TYPES)),
        subject: z.optional(z.string()),
        body: z.optional(z.string()),
      }),
    ),
  }),
);

export type TemplateChange = z.output<ReturnType<typeof templateChange>>;

// What these routes accept is what the document says they do (schemas/templates.ts).
true satisfies SameType<TemplateInput, z.input<ReturnType<typeof templateChange>>>;
true satisfies SameType<RenderRequest, z.input<ReturnType<typeof renderRequest>>>;

/** Laravel's wording for each field's rule, for the request body `input`. */
export function templateFieldMessage(input: Record<string, unknown>) {
  return (field: string, issue: z.core.$ZodIssue): string | undefined => {
    if (!field.includes('.') && input[field] === undefined) return `The ${field} field is required.`;
    return fieldMessage(field, issue);
  };
}

function fieldMessage(field: string, issue: z.core.$ZodIssue): string | undefined {
  if (issue.code === 'too_big') return `The ${field} field must not be greater than ${MAX_NAME} characters.`;
  switch (field) {
    case 'name':
      return issue.code === 'too_small' ? 'The name field is required.' : 'The name field must be a string.';
    case 'label':
    case 'from':
      return `The ${field} field must be a string or null.`;
    case 'type':
    case 'template.type':
      return `The selected ${field} is invalid: use one of ${TEMPLATE_TYPES.join(', ')}.`;
    case 'subject':
    case 'body':
    case 'template.subject':
    case 'template.body':
      return `The ${field} field must be a string.`;
    case 'to':
    case 'cc':
    case 'bcc':
      return `The ${field} field must be a list of email addresses, or null.`;
    case 'store_mail':
      return 'The store_mail field must be true or false.';
    case 'replacements':
      return 'The replacements field must be an object.';
    case 'template':
      return 'The template field must be an object of type, subject and body.';
    default:
      return undefined;
  }
}
