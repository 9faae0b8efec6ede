/**
 * GET /_emulator/sends: GET /api/sends's answer, each row with the simulated `feedback` (bounces, complaints), the
 * `state` they and its timestamps give, its captured `message_uuid`, and what a person looks for in a send: the
 * recipient's `email`, the `subject`, the campaign's and the template's names. It also takes `filter[email]`, which
 * the API has not.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../../deps.js';
import type { SendRow } from '../../db/rows.js';
import type { SendFeedbackType, SendFilters, SendRecords } from '../../db/sends-store.js';
import type { AppEnv } from '../../http/env.js';
import type { IndexSpec } from '../../http/listing.js';
import { laravelTimestamp } from '../../http/timestamps.js';
import { respondWithIndex } from '../../http/listing.js';
import { sendResource } from '../../mailcoach/resources/transactional.js';
import { sendIndex } from '../../mailcoach/resources/indexes.js';
import type { SendState, SendWithState } from '../schemas/records.js';

type SendWithRecords = SendRow & { records: SendRecords | undefined };

export function sendRecordRoutes(deps: AppDeps) {
  const api = sendIndex(deps, (row: SendRow) => row);
  const sends: IndexSpec<SendWithRecords, SendFilters> = {
    ...api,
    query: { ...api.query, allowedFilters: [...api.query.allowedFilters, 'email'] },
    filters: (query) => ({ ...api.filters(query), ...(query.filters.email ? { emails: query.filters.email } : {}) }),
    // The page, then its sends' recipients, subjects, names and messages in one statement.
    list: (workspaceId, filters, sort, window) => {
      const page = deps.store.sends.list(workspaceId, filters, sort, window);
      const records = deps.store.sends.recordsOf(page.rows.map((row) => row.id));
      return { ...page, rows: page.rows.map((row) => ({ ...row, records: records.get(row.id) })) };
    },
    present: ({ records, ...row }): SendWithState => {
      const feedback = deps.store.sends.feedbackOf(row.id);
      return {
        ...sendResource(row),
        state: sendState(
          row,
          feedback.map((item) => item.type),
        ),
        feedback: feedback.map((item) => ({ type: item.type, created_at: laravelTimestamp(item.created_at) })),
        message_uuid: records?.message_uuid ?? null,
        email: records?.email ?? null,
        subject: records?.subject ?? null,
        campaign_name: records?.campaign_name ?? null,
        template_name: records?.template_name ?? null,
      };
    },
  };
  return new Hono<AppEnv>().get('/', (c) => respondWithIndex(c, sends));
}

/**
 * The furthest a send got: a failure; no mail at all (a campaign send to a suppressed address, deliver.ts); then
 * feedback (a complaint over a bounce), a click, an open, sent.
 */
function sendState(row: SendRow, feedback: SendFeedbackType[]): SendState {
  if (row.failed_at !== null) return 'failed';
  if (feedback.includes('suppressed')) return 'suppressed';
  if (feedback.includes('complaint')) return 'complained';
  if (feedback.includes('bounce')) return 'bounced';
  if (feedback.includes('soft_bounce')) return 'soft_bounced';
  if (row.click_count > 0) return 'clicked';
  if (row.open_count > 0) return 'opened';
  return row.sent_at === null ? 'pending' : 'sent';
}
