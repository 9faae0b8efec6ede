/**
 * Where webhook configurations come from besides /_emulator/webhooks (decisions.md "Webhooks"; Mailcoach itself
 * has only its UI, docs/spec/mailcoach-webhooks.md#12-how-configurations-are-made-ui-only): the fixtures' `webhooks` (fixtures/apply-webhooks.ts) and the
 * command line's `--webhook <url>`, applied here. Both are seeded in every workspace when it is first used and
 * again by a reset, so that a reset gives them back as the start made them.
 */
import type { Clock } from '../clock.js';
import type { NewRow, WebhookConfigurationRow } from '../db/rows.js';
import type { Store } from '../db/store.js';
import type { WebhookConfigurationChange } from '../db/webhooks-store.js';
import type { EventBus } from '../events.js';
import type { IdGenerator } from '../ids.js';
import { toEpochSeconds } from '../instant.js';

export interface ConfigurationDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
}

/** `--webhook` URLs and the secret they sign with (`--webhook-secret`). */
export interface CliWebhooks {
  urls: string[];
  secret: string;
}

/** http:// is accepted, unlike Mailcoach's create form: the app under test usually runs on localhost (decisions.md). */
export function isWebhookUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Str::random(): 16 letters and digits (docs/spec/mailcoach-webhooks.md#12-how-configurations-are-made-ui-only). From the id source, so that `--ids sequential` makes it
 * repeatable; its last 16 hex digits, which differ from one id to the next in both kinds of ids.
 */
export function generatedWebhookSecret(ids: IdGenerator): string {
  return ids().replaceAll('-', '').slice(-16);
}

/** The name a --webhook configuration shows: the flag as given, so that a person sees where it comes from. */
function cliWebhookName(url: string): string {
  return `--webhook ${url}`;
}

/**
 * Makes the workspace's command-line configurations what the command line says: one per `--webhook` URL, for all
 * lists and all events, enabled, signing with `--webhook-secret` (an edit through the API lasts until the next
 * start or reset); those of a URL no longer given are deleted, with their calls. Run inside the seeding transaction.
 */
export function applyCliWebhooks(deps: ConfigurationDeps, workspaceId: number, cli: CliWebhooks): void {
  const { configurations } = deps.store.webhooks;
  const existing = configurations.of(workspaceId).filter((row) => row.origin === 'cli');
  if (existing.length === 0 && cli.urls.length === 0) return;
  const now = toEpochSeconds(deps.clock());
  for (const row of existing) if (!cli.urls.includes(row.url)) configurations.delete(row.id);
  for (const url of new Set(cli.urls)) {
    const wanted = {
      name: cliWebhookName(url),
      url,
      secret: cli.secret,
      enabled: 1,
      use_for_all_lists: 1,
      use_for_all_events: 1,
      email_list_uuids: '[]',
      events: '[]',
    } satisfies Partial<WebhookConfigurationRow>;
    const found = existing.find((row) => row.url === url);
    if (found === undefined) {
      configurations.insert({
        workspace_id: workspaceId,
        uuid: deps.ids(),
        origin: 'cli',
        created_at: now,
        updated_at: now,
        ...wanted,
      });
    } else if (Object.entries(wanted).some(([key, value]) => found[key as keyof WebhookConfigurationRow] !== value)) {
      configurations.update(found.id, { ...wanted, updated_at: now });
    }
  }
}

type ChangeDeps = { store: Store; events: Pick<EventBus, 'emit'> };

/** A configuration made through /_emulator/webhooks (origin `api`), announced (`webhooks.changed`). */
export function createWebhookConfiguration(
  deps: ChangeDeps,
  row: NewRow<WebhookConfigurationRow>,
): WebhookConfigurationRow {
  const created = deps.store.webhooks.configurations.insert(row);
  deps.events.emit('webhooks.changed', { workspaceId: row.workspace_id });
  return created;
}

export function updateWebhookConfiguration(
  deps: ChangeDeps,
  row: WebhookConfigurationRow,
  change: WebhookConfigurationChange,
): WebhookConfigurationRow {
  const updated = deps.store.webhooks.configurations.update(row.id, change);
  deps.events.emit('webhooks.changed', { workspaceId: row.workspace_id });
  return updated;
}

/** Its calls and their attempts go with it (ON DELETE CASCADE), as v8's logs do (docs/spec/mailcoach-webhooks.md#27-the-log-mailcoach_webhook_logs-domainsettingseventsubscriberswebhooklogeventsubscriberphp-modelswebhooklogphp-v7-test-webhooklogeventsubscribertestphp): both are announced. */
export function deleteWebhookConfiguration(deps: ChangeDeps, row: WebhookConfigurationRow): void {
  deps.store.webhooks.configurations.delete(row.id);
  deps.events.emit('webhooks.changed', { workspaceId: row.workspace_id });
  deps.events.emit('webhook-calls.changed', { workspaceId: row.workspace_id, uuids: null });
}
