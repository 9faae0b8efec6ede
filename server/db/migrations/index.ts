/**
 * The schema, as an ordered list of forward-only migrations. `PRAGMA user_version` records how many have run;
 * each runs in its own transaction. Never edit a released migration: append a new one. Each is plain SQL, written
 * out in full: a migration that called code from elsewhere (a helper, a list of columns) would change with it.
 * One file per migration (`NNN-what-it-changes.ts`), listed below in order; after adding one, `npm run db:schema`
 * rewrites server/db/schema.sql, the schema a new database gets, which test/unit/schema-snapshot.test.ts keeps
 * up to date.
 *
 * Conventions: every row belongs to a workspace (one per API token under isolation, a later issue), so every
 * index starts with workspace_id. Mailcoach timestamps are epoch seconds (Eloquent keeps whole seconds); captured
 * messages keep milliseconds, which the inbox needs for "after this instant" queries. Emails compare
 * case-insensitively (COLLATE NOCASE), as on the MySQL databases Mailcoach runs on.
 */
import { coreTables } from './001-core-tables.js';
import { listIndexesAndTotals } from './002-list-indexes-and-totals.js';
import { inboxSearchIndex } from './003-inbox-search-index.js';
import { sendsPartialIndexes } from './004-sends-partial-indexes.js';
import { logItemBodyFromMessage } from './005-log-item-body-from-message.js';
import { searchIndexBoundedText } from './006-search-index-bounded-text.js';
import { searchIndexAddressLimit } from './007-search-index-address-limit.js';
import { messagesRead } from './008-messages-read.js';
import { templateRenderCounts } from './009-template-render-counts.js';
import { suppressionOrigin } from './010-suppression-origin.js';
import { sendFeedback } from './011-send-feedback.js';
import { audience } from './012-audience.js';
import { segmentsAndCampaignTemplates } from './013-segments-and-campaign-templates.js';
import { campaigns } from './014-campaigns.js';
import { campaignLinksAndClicks } from './015-campaign-links-and-clicks.js';
import { automations } from './016-automations.js';
import { subscriberTotalsAndStatusIndexes } from './017-subscriber-totals-and-status-indexes.js';
import { messageOrigin } from './018-message-origin.js';
import { subscriberImports } from './019-subscriber-imports.js';
import { subscriberSendsCascade } from './020-subscriber-sends-cascade.js';
import { autoincrementIds } from './021-autoincrement-ids.js';
import { sendsPageIndexes } from './022-sends-page-indexes.js';
import { webhooks } from './023-webhooks.js';
import { messageVia } from './024-message-via.js';
import { messageChecks } from './025-message-checks.js';
import type { Migration } from './migration.js';
import { messageTagsAndUsername } from './026-message-tags-and-username.js';
import { mailpitMessageFacts } from './027-mailpit-message-facts.js';
import { searchIndexUpdateColumns } from './028-search-index-update-columns.js';
import { messageTagPruning } from './029-message-tag-pruning.js';
import { mailpitUnreadCount } from './030-mailpit-unread-count.js';
import { mailpitSearchIndex } from './031-mailpit-search-index.js';
import { mailpitSize } from './032-mailpit-size.js';

export type { Migration } from './migration.js';

/** In the order they run: a migration's version is its place in this list. */
export const MIGRATIONS: readonly Migration[] = [
  coreTables,
  listIndexesAndTotals,
  inboxSearchIndex,
  sendsPartialIndexes,
  logItemBodyFromMessage,
  searchIndexBoundedText,
  searchIndexAddressLimit,
  messagesRead,
  templateRenderCounts,
  suppressionOrigin,
  sendFeedback,
  audience,
  segmentsAndCampaignTemplates,
  campaigns,
  campaignLinksAndClicks,
  automations,
  subscriberTotalsAndStatusIndexes,
  messageOrigin,
  subscriberImports,
  subscriberSendsCascade,
  autoincrementIds,
  sendsPageIndexes,
  webhooks,
  messageVia,
  messageChecks,
  messageTagsAndUsername,
  mailpitMessageFacts,
  searchIndexUpdateColumns,
  messageTagPruning,
  mailpitUnreadCount,
  mailpitSearchIndex,
  mailpitSize,
];
