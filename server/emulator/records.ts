/**
 * The web UI's lists of Mailcoach records, with what the emulator knows beyond Mailcoach's resources (issue 14):
 * - GET /_emulator/suppressions: GET /api/suppressions's answer (the same query code), each row with `origin`, why
 *   the emulator holds it (rows.ts SUPPRESSION_ORIGINS);
 * - GET /_emulator/sends: GET /api/sends's answer, each row with the simulated `feedback` (bounces, complaints)
 *   and the `state` they and its timestamps give.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import type { SendRow } from '../db/rows.js';
import type { SendFeedbackType } from '../db/sends-store.js';
import type { AppEnv } from '../http/env.js';
import { laravelTimestamp } from '../http/timestamps.js';
import { respondWithIndex } from '../mailcoach/listing.js';
import { sendResource, suppressionResource } from '../mailcoach/resources.js';
import { sendIndex } from '../mailcoach/sends.js';
import { suppressionIndex } from '../mailcoach/suppressions.js';

export type SendState = 'failed' | 'complained' | 'bounced' | 'soft_bounced' | 'clicked' | 'opened' | 'sent' | 'pending';

export function recordListRoutes(deps: AppDeps) {
  const suppressions = suppressionIndex(deps, (row) => ({ ...suppressionResource(row), origin: row.origin }));
  const sends = sendIndex(deps, (row) => {
    const feedback = deps.store.sends.feedbackOf(row.id);
    return {
      ...sendResource(row),
      state: sendState(row, feedback.map((item) => item.type)),
      feedback: feedback.map((item) => ({ type: item.type, created_at: laravelTimestamp(item.created_at) })),
    };
  });
  return new Hono<AppEnv>()
    .get('/suppressions', (c) => respondWithIndex(c, suppressions))
    .get('/sends', (c) => respondWithIndex(c, sends));
}

/** The furthest a send got: a failure, then feedback (a complaint over a bounce), then a click, an open, sent. */
export function sendState(row: SendRow, feedback: SendFeedbackType[]): SendState {
  if (row.failed_at !== null) return 'failed';
  if (feedback.includes('complaint')) return 'complained';
  if (feedback.includes('bounce')) return 'bounced';
  if (feedback.includes('soft_bounce')) return 'soft_bounced';
  if (row.click_count > 0) return 'clicked';
  if (row.open_count > 0) return 'opened';
  return row.sent_at === null ? 'pending' : 'sent';
}
