/** SQL for email lists (mailcoach_email_lists; docs/spec/mailcoach-audience-campaigns.md#1-email-lists). */
import { rowAccess, updatableColumns } from './row-access.js';
import type { EmailListRow, NewRow } from './rows.js';
import { fuzzyCondition, inCondition, Where } from './sql.js';
import {
  listPage,
  WORKSPACE_CONDITION,
  type ListResult,
  type PageWindow,
  type SortTerm,
  type Statements,
} from './statements.js';

export interface EmailListFilters {
  /** filter[name]: exact. */
  names?: string[];
  /** filter[search]: FuzzyFilter on the name. */
  search?: string[];
}

const COLUMNS = [
  'workspace_id',
  'uuid',
  'name',
  'campaigns_feed_enabled',
  'default_from_email',
  'default_from_name',
  'default_reply_to_email',
  'default_reply_to_name',
  'allow_form_subscriptions',
  'honeypot_field',
  'redirect_after_subscribed',
  'redirect_after_already_subscribed',
  'redirect_after_subscription_pending',
  'redirect_after_unsubscribed',
  'requires_confirmation',
  'confirmation_mailable_class',
  'campaign_mailer',
  'automation_mailer',
  'transactional_mailer',
  'report_recipients',
  'report_campaign_sent',
  'report_campaign_summary',
  'report_email_list_summary',
  'email_list_summary_sent_at',
  'extra_attributes',
  'created_at',
  'updated_at',
] as const;

/** The resource's active_subscribers_count: subscribed, not unsubscribed (an ORDER BY term as well). */
export const ACTIVE_SUBSCRIBERS_SQL =
  '(SELECT COUNT(*) FROM subscribers s WHERE s.email_list_id = email_lists.id AND s.subscribed_at IS NOT NULL AND s.unsubscribed_at IS NULL)';

export type EmailListFields = Omit<NewRow<EmailListRow>, 'workspace_id' | 'uuid' | 'created_at'>;

export function createEmailListStore(statements: Statements) {
  const table = rowAccess<EmailListRow>(statements, 'email_lists', COLUMNS);
  const active = statements.db
    .prepare(`SELECT ${ACTIVE_SUBSCRIBERS_SQL.replaceAll('email_lists.id', '?')} AS n`)
    .pluck();
  const update: (id: number, fields: EmailListFields) => EmailListRow = table.update(updatableColumns(COLUMNS));

  return {
    ...table.rows,
    /** Writes every field (the API's update is a full replace). */
    update,
    activeSubscribersCount: (id: number): number => active.get(id) as number,

    list(
      workspaceId: number,
      filters: EmailListFilters,
      sort: SortTerm[],
      window: PageWindow,
    ): ListResult<EmailListRow> {
      const where = new Where().and(WORKSPACE_CONDITION, workspaceId);
      if (filters.names !== undefined) where.and(inCondition('name', filters.names));
      if (filters.search !== undefined) where.and(fuzzyCondition(['name'], filters.search));
      return listPage(statements, { table: 'email_lists', ...where, orderBy: sort, window });
    },
  };
}
