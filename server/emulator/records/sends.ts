/**
 * GET /_emulator/sends: GET /api/sends's answer, each row with the simulated `feedback` (bounces, complaints), the
 * `state` they and its timestamps give, and its captured `message_uuid` (a transactional send's).
 */
import { Hono } from 'hono';
import type { AppDeps } from '../../deps.js';
import type { SendRow } from '../../db/rows.js';
import type { SendFeedbackType } from '../../db/sends-store.js';
import type { AppEnv } from '../../http/env.js';
import { laravelTimestamp } from '../../http/timestamps.js';
import { respondWithIndex } from '../../http/listing.js';
import { sendResource } from '../../mailcoach/resources/transactional.js';
import { sendIndex } from '../../mailcoach/resources/indexes.js';

type SendState = 'failed' | 'complained' | 'bounced' | 'soft_bounced' | 'clicked' | 'opened' | 'sent' | 'pending';

export function sendRecordRoutes(deps: AppDeps) {
  const sends = sendIndex(deps, (row) => {
    const feedback = deps.store.sends.feedbackOf(row.id);
    const logItem = row.transactional_mail_log_item_uuid === null ? undefined : deps.store.logItems.findByUuid(row.workspace_id, row.transactional_mail_log_item_uuid);
    return {
      ...sendResource(row),
      state: sendState(row, feedback.map((item) => item.type)),
      feedback: feedback.map((item) => ({ type: item.type, created_at: laravelTimestamp(item.created_at) })),
      message_uuid: logItem?.message_id == null ? null : (deps.store.messages.uuidOf(logItem.message_id) ?? null),
    };
  });
  return new Hono<AppEnv>().get('/', (c) => respondWithIndex(c, sends));
}

/** The furthest a send got: a failure, then feedback (a complaint over a bounce), then a click, an open, sent. */
function sendState(row: SendRow, feedback: SendFeedbackType[]): SendState {
  if (row.failed_at !== null) return 'failed';
  if (feedback.includes('complaint')) return 'complained';
  if (feedback.includes('bounce')) return 'bounced';
  if (feedback.includes('soft_bounce')) return 'soft_bounced';
  if (row.click_count > 0) return 'clicked';
  if (row.open_count > 0) return 'opened';
  return row.sent_at === null ? 'pending' : 'sent';
}
