/**
 * DELETE /api/sends/{uuid} (docs/spec/mailcoach-reference.md#3-sends): the Send goes (its feedback and clicks with it,
 * by the database's cascades), announced once as `sends.changed` with its uuid (events.ts), here rather than in the
 * route so that no other way of deleting one can forget it. Its campaign's counts are left as they are.
 */
import type { SendRow } from '../db/rows.js';
import type { Store } from '../db/store.js';
import type { EventBus } from '../events.js';

export function deleteSend(deps: { store: Store; events: EventBus }, send: SendRow): void {
  deps.store.sends.delete(send.id);
  deps.events.emit('sends.changed', { workspaceId: send.workspace_id, uuids: [send.uuid] });
}
