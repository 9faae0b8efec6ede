/** A subscriber's status, derived as v8 derives it (docs/spec/mailcoach-audience-campaigns.md#21-model-and-status-mailcoach_subscribers-domainaudiencemodelssubscriberphp). */
import type { SubscriberRow } from '../db/rows.js';
import type { SubscriberStatus } from '../db/subscribers-store.js';

export function subscriberStatus(row: Pick<SubscriberRow, 'subscribed_at' | 'unsubscribed_at'>): SubscriberStatus {
  if (row.unsubscribed_at !== null) return 'unsubscribed';
  return row.subscribed_at !== null ? 'subscribed' : 'unconfirmed';
}
