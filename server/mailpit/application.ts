/**
 * `/api/v1/info` and `/api/v1/webui` (docs/spec/mailpit-api.md#22-models-json-key-order--go-struct-order-mp-internalstoragestructsgo-serverapiv1):
 * Mailpit's AppInformation and WebUIConfiguration, keys in Go's order. The version is the Mailpit whose behaviour
 * is emulated; the version check is off (`disabled`), as `--disable-version-check` reports it.
 */
import { statSync } from 'node:fs';
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { MAILPIT_VERSION, mailpitJson } from './answers.js';
import type { MailpitEnv } from './env.js';
import { countMailpitRuntimeStats } from './runtime-stats.js';

export function applicationRoutes(deps: AppDeps) {
  const routes = new Hono<MailpitEnv>();
  const counted = countMailpitRuntimeStats(deps);

  routes.get('/api/v1/info', (c) => {
    const totals = deps.store.mailpit.totals(c.get('workspaceId'));
    return mailpitJson({
      Version: MAILPIT_VERSION,
      LatestVersion: 'disabled',
      Database: deps.store.file ?? '',
      DatabaseSize: databaseSize(deps.store.file),
      Messages: totals.total,
      Unread: totals.unread,
      Tags: Object.fromEntries(
        deps.store.messageTags.tagCounts(c.get('workspaceId')).map((tag) => [tag.name, tag.messages]),
      ),
      RuntimeStats: {
        Uptime: Math.floor(process.uptime()),
        Memory: process.memoryUsage().rss,
        ...counted.of(c.get('workspaceId')),
      },
    });
  });

  routes.get('/api/v1/webui', () =>
    mailpitJson({
      Label: '',
      // Nothing is ever delivered: the relay is off, as a Mailpit without --smtp-relay-config reports it.
      MessageRelay: {
        Enabled: false,
        SMTPServer: '',
        ReturnPath: '',
        AllowedRecipients: '',
        BlockedRecipients: '',
        OverrideFrom: '',
        PreserveMessageIDs: false,
        RecipientAllowlist: '',
      },
      SpamAssassin: false,
      // Chaos is mapped onto our SMTP fault rules, always available.
      ChaosEnabled: true,
      DuplicatesIgnored: false,
      HideDeleteAllButton: false,
    }),
  );

  return routes;
}

/** The database file's size in bytes with its write-ahead log; 0 in memory. */
function databaseSize(file: string | null): number {
  if (file === null) return 0;
  const size = (path: string) => {
    try {
      return statSync(path).size;
    } catch {
      return 0;
    }
  };
  return size(file) + size(`${file}-wal`);
}
