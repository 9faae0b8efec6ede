/**
 * A webhook configuration as /_emulator/webhooks takes it: Mailcoach's fields (docs/spec/mailcoach-webhooks.md#11-tables-v8-databasemigrationscreate_mailcoach_tablesphp, docs/spec/mailcoach-webhooks.md#12-how-configurations-are-made-ui-only)
 * with its defaults on create, and its rules where it has them (name and URL required; lists required when not
 * for all lists, each an existing list). http:// URLs are accepted (decisions.md "Webhooks": a local app).
 */
import * as z from 'zod/mini';
import type { AppDeps } from '../deps.js';
import type { WebhookConfigurationRow } from '../db/rows.js';
import { ValidationError } from '../errors.js';
import { lazySchema } from '../fixtures/zod.js';
import { toEpochSeconds } from '../instant.js';
import { parseOr422 } from '../validation/zod-issues.js';
import { generatedWebhookSecret, isWebhookUrl } from '../webhooks/configurations.js';
import { WEBHOOK_EVENTS } from '../mailcoach-events.js';
import type { WebhookConfigurationInput as DocumentedInput } from './schemas/webhooks.js';
import type { SameType } from './schemas/same-type.js';

const configurationBody = lazySchema(() =>
  z.strictObject({
    name: z.optional(z.string().check(z.trim(), z.minLength(1, 'The name field is required.'), z.maxLength(255))),
    url: z.optional(
      z.string().check(z.trim(), z.refine(isWebhookUrl, 'The url field must be a valid http:// or https:// URL.')),
    ),
    secret: z.optional(z.string().check(z.minLength(1, 'The secret field is required.'), z.maxLength(255))),
    enabled: z.optional(z.boolean()),
    use_for_all_lists: z.optional(z.boolean()),
    email_lists: z.optional(z.array(z.string())),
    use_for_all_events: z.optional(z.boolean()),
    events: z.optional(z.array(z.enum(WEBHOOK_EVENTS))),
  }),
);

// What these routes accept is what the document says they do (schemas/webhooks.ts WebhookConfigurationInput).
true satisfies SameType<DocumentedInput, z.input<ReturnType<typeof configurationBody>>>;

export type WebhookConfigurationInput = Pick<
  WebhookConfigurationRow,
  'name' | 'url' | 'enabled' | 'use_for_all_lists' | 'use_for_all_events' | 'email_list_uuids' | 'events' | 'updated_at'
> & { secret: string | undefined };

/** The columns a create (existing null) or an update writes; a 422 naming each bad field otherwise. */
export function webhookConfigurationInput(
  deps: AppDeps,
  workspaceId: number,
  body: unknown,
  existing: WebhookConfigurationRow | null,
): WebhookConfigurationInput {
  const input = parseOr422(configurationBody(), body);
  const errors: Record<string, string[]> = {};
  const name = input.name ?? existing?.name;
  const url = input.url ?? existing?.url;
  if (name === undefined) errors.name = ['The name field is required.'];
  if (url === undefined) errors.url = ['The url field is required.'];
  const forAllLists = input.use_for_all_lists ?? (existing === null ? true : existing.use_for_all_lists === 1);
  const lists = input.email_lists ?? (existing === null ? [] : (JSON.parse(existing.email_list_uuids) as string[]));
  // required_if:use_for_all_lists,false, each an existing list (docs/spec/mailcoach-webhooks.md#12-how-configurations-are-made-ui-only).
  if (!forAllLists && lists.length === 0)
    errors.email_lists = ['The email lists field is required when use for all lists is false.'];
  lists.forEach((uuid, index) => {
    if (deps.store.emailLists.findByUuid(workspaceId, uuid) === undefined)
      errors[`email_lists.${index}`] = [`No email list ${uuid} in this workspace.`];
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return {
    name: name as string,
    url: url as string,
    secret: input.secret,
    enabled: (input.enabled ?? (existing === null ? true : existing.enabled === 1)) ? 1 : 0,
    use_for_all_lists: forAllLists ? 1 : 0,
    use_for_all_events:
      (input.use_for_all_events ?? (existing === null ? true : existing.use_for_all_events === 1)) ? 1 : 0,
    email_list_uuids: JSON.stringify([...new Set(lists)]),
    events: JSON.stringify(
      input.events === undefined
        ? existing === null
          ? []
          : (JSON.parse(existing.events) as string[])
        : [...new Set(input.events)],
    ),
    updated_at: toEpochSeconds(deps.clock()),
  };
}

/** Str::random(): 16 letters and digits (docs/spec/mailcoach-webhooks.md#12-how-configurations-are-made-ui-only); from the id source, so `--ids sequential` makes it repeatable. */
export function webhookSecret(deps: Pick<AppDeps, 'ids'>): string {
  return generatedWebhookSecret(deps.ids);
}
