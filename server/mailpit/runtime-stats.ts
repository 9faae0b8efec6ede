/**
 * The counters of Mailpit's RuntimeStats (docs/spec/mailpit-api.md#22-models-json-key-order--go-struct-order-mp-internalstoragestructsgo-serverapiv1,
 * MP internal/stats/stats.go), per workspace since the server started, from the bus: a message taken over SMTP
 * and its size, a message refused at RCPT or DATA (Mailpit counts the recipients it refuses and the messages it
 * cannot read), and the messages deleted by id or by search. A delete of the whole mailbox is announced without
 * its messages (`messages.deleted` null) and is not counted; duplicates are never ignored (SMTPIgnored 0).
 */
import type { EventBus } from '../events.js';

interface Counters {
  MessagesDeleted: number;
  SMTPAccepted: number;
  SMTPAcceptedSize: number;
  SMTPRejected: number;
  SMTPIgnored: number;
}

export function countMailpitRuntimeStats(events: EventBus) {
  const byWorkspace = new Map<number, Counters>();
  const of = (workspaceId: number): Counters => {
    let counters = byWorkspace.get(workspaceId);
    if (counters === undefined) {
      counters = { MessagesDeleted: 0, SMTPAccepted: 0, SMTPAcceptedSize: 0, SMTPRejected: 0, SMTPIgnored: 0 };
      byWorkspace.set(workspaceId, counters);
    }
    return counters;
  };
  events.on('smtp.accepted', ({ workspaceId, size }) => {
    const counters = of(workspaceId);
    counters.SMTPAccepted++;
    counters.SMTPAcceptedSize += size;
  });
  events.on('smtp.refused', ({ workspaceId, command }) => {
    if (command === 'RCPT' || command === 'DATA') of(workspaceId).SMTPRejected++;
  });
  events.on('messages.deleted', ({ workspaceId, uuids }) => {
    if (uuids !== null) of(workspaceId).MessagesDeleted += uuids.length;
  });
  return { of: (workspaceId: number): Readonly<Counters> => ({ ...of(workspaceId) }) };
}
