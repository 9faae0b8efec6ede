/**
 * GET /_emulator/log-items (and /{uuid}): the log as GET /api/transactional-mails answers it, each item with its
 * captured `message_uuid` and `send_uuid`, and `fake` (the API does not say it); POST /{uuid}/resend answers the copy's `message_uuid`.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../../deps.js';
import type { LogItemRow } from '../../db/rows.js';
import { ApiError } from '../../errors.js';
import { resendTransactionalMail } from '../../mail/resend.js';
import type { AppEnv } from '../../http/env.js';
import { respondWithIndex } from '../../http/listing.js';
import { logItemResource } from '../../mailcoach/resources/transactional.js';
import { logItemIndex } from '../../mailcoach/resources/indexes.js';

export function logItemRecordRoutes(deps: AppDeps) {
  const logItems = logItemIndex(deps, (row) => ({ ...logItemResource(row), ...logItemLinks(deps, row) }));
  const findLogItem = (workspaceId: number, uuid: string) => {
    const row = deps.store.logItems.findByUuid(workspaceId, uuid);
    if (row === undefined)
      throw new ApiError(404, `No transactional mail log item with uuid ${uuid} in this workspace.`);
    return row;
  };
  return new Hono<AppEnv>()
    .get('/', (c) => respondWithIndex(c, logItems))
    .get('/:uuid', (c) => {
      const row = findLogItem(c.get('workspaceId'), c.req.param('uuid'));
      return c.json({ data: { ...logItemResource(row), ...logItemLinks(deps, row) } });
    })
    .post('/:uuid/resend', async (c) => {
      const row = findLogItem(c.get('workspaceId'), c.req.param('uuid'));
      const copy = await resendTransactionalMail({ ...deps, defaultMailer: deps.options.mailers[0] ?? 'smtp' }, row);
      // A fake log item is not resent (as the API's resend): no copy.
      return c.json({ message_uuid: copy }, copy === null ? 200 : 201);
    });
}

/** A log item's captured message, its Send, and whether it was a fake send (logged, never sent). */
function logItemLinks(deps: AppDeps, row: LogItemRow) {
  const send = deps.store.sends.list(
    row.workspace_id,
    { transactional_mail_log_item_uuid: [row.uuid] },
    [{ column: 'id', descending: false }],
    { offset: 0, limit: 1 },
  ).rows[0];
  return {
    message_uuid: row.message_id === null ? null : (deps.store.messages.uuidOf(row.message_id) ?? null),
    send_uuid: send?.uuid ?? null,
    fake: row.fake === 1,
  };
}
