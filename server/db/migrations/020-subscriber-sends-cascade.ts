import type { Migration } from './migration.js';

export const subscriberSendsCascade: Migration = {
  version: 20,
  name: "a subscriber's Sends go with it, as v8's foreign keys take them (docs/spec/mailcoach-audience-campaigns.md#11-model-mailcoach_email_lists-v8-migration-domainaudiencemodelsemaillistphp, docs/spec/mailcoach-audience-campaigns.md#21-model-and-status-mailcoach_subscribers-domainaudiencemodelssubscriberphp)",
  // Sends name their subscriber by uuid (migration 1: they came before subscribers), so no foreign key can
  // cascade; this trigger does, also for the subscribers a deleted list's cascade takes (SQLite fires a child
  // table's triggers for the rows its ON DELETE CASCADE removes). The Sends take their feedback and clicks with
  // them, and campaign_unsubscribes go with their subscriber, by their ON DELETE CASCADE; the two indexes make
  // those cascades lookups instead of a scan of every click or unsubscribe for each deleted Send or subscriber.
  // Sends whose subscriber_uuid names no subscriber (fixtures may give any) are not touched here.
  sql: `
      CREATE TRIGGER subscribers_sends_delete AFTER DELETE ON subscribers BEGIN
        DELETE FROM sends WHERE workspace_id = old.workspace_id AND subscriber_uuid = old.uuid;
      END;
      CREATE INDEX campaign_clicks_send ON campaign_clicks (send_id);
      CREATE INDEX campaign_unsubscribes_subscriber ON campaign_unsubscribes (subscriber_id);
    `,
};
