/**
 * The counters of Mailpit's RuntimeStats (docs/spec/mailpit-api.md#22-models-json-key-order--go-struct-order-mp-internalstoragestructsgo-serverapiv1,
 * MP internal/stats/stats.go), per workspace since the server started, from the bus: a message taken over SMTP
 * and its size as Mailpit stores it, a message refused at RCPT or DATA (Mailpit counts the recipients it refuses and the messages it
 * cannot read), and the messages deleted by id or by search. A delete of the whole mailbox is announced without
 * its messages (`messages.deleted` null) and is not counted; duplicates are never ignored (SMTPIgnored 0).
 */
import type { AppDeps } from '../deps.js';

interface Counters {
  MessagesDeleted: number;
  SMTPAccepted: number;
  SMTPAcceptedSize: number;
  SMTPRejected: number;
  SMTPIgnored: number;
}

export function countMailpitRuntimeStats(deps: Pick<AppDeps, 'events' | 'store'>) {
  const { events } = deps;
  const byWorkspace = new Map<number, Counters>();
  const of = (workspaceId: number): Counters => {
    let counters = byWorkspace.get(workspaceId);
    if (counters === undefined) {
      counters = { MessagesDeleted: 0, SMTPAccepted: 0, SMTPAcceptedSize: 0, SMTPRejected: 0, SMTPIgnored: 0 };
      byWorkspace.set(workspaceId, counters);
    }
    return counters;
  };
  // Mailpit counts the message as it stores it, with the headers it adds: its Size (migration 32).
  events.on('smtp.accepted', ({ workspaceId, uuid }) => {
    const row = deps.store.mailpit.summaryByUuid(workspaceId, uuid);
    const counters = of(workspaceId);
    counters.SMTPAccepted++;
    counters.SMTPAcceptedSize += row?.mailpit_size ?? row?.size ?? 0;
  });
  events.on('smtp.refused', ({ workspaceId, command }) => {
    if (command === 'RCPT' || command === 'DATA') of(workspaceId).SMTPRejected++;
  });
  events.on('messages.deleted', ({ workspaceId, uuids }) => {
    if (uuids !== null) of(workspaceId).MessagesDeleted += uuids.length;
  });
  return { of: (workspaceId: number): Readonly<Counters> => ({ ...of(workspaceId) }) };
}
