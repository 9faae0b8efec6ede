/**
 * The checks report of a captured message (GET /_emulator/messages/{uuid}/checks; checks/index.ts), computed on
 * each request (the client-support part kept), never on the send path, so captures cost what they did; with
 * `--check-links online`, its links' requests too (checks/online.ts). A message never
 * changes once captured; its emulator links resolve against records that can (a subscriber deleted since), so
 * the cache is keyed by the state it was computed in only through the message's uuid and the origin, and is
 * small: a report is recomputed after a reset (the uuids then are new) or once pushed out.
 */
import type { AppDeps } from '../deps.js';
import { BoundedCache } from '../bounded-cache.js';
import { checkMail, type ChecksReport, type CompatibilityResult } from '../checks/index.js';
import { createOnlineLinkChecker, onlineCandidates, withOnlineResults } from '../checks/online.js';
import { contentIdsOf } from '../checks/content.js';
import { emulatorRecords } from '../checks/records.js';
import type { LinkedMessageRow } from '../db/messages-store.js';
import { parseHeaders } from '../mail/mime/read-headers.js';

export function messageChecks(deps: AppDeps) {
  const compatibility = new BoundedCache<CompatibilityResult>({ maxEntries: 1_000, maxKeyLength: 100 });
  const online = deps.options.checkLinks === 'off' ? null : createOnlineLinkChecker({ mode: deps.options.checkLinks });
  /**
   * The count has:problems and the inbox's marker read follows the report (the records its links resolve against
   * may have changed since the background check, search/problem-checker.ts), through the group commit: a write of
   * its own could wait for a capture worker's lock in this thread. A mail not checked yet is left to the checker.
   */
  const keepCount = (row: LinkedMessageRow, problems: number) => {
    deps.store
      .groupCommit(() => deps.store.messageChecks.update(row.id, problems))
      .then(
        (changed) => {
          if (changed) deps.events.emit('message.updated', { workspaceId: row.workspace_id, uuid: row.uuid });
        },
        (error: unknown) => deps.logger.error(`keeping the problem count of message ${row.uuid} failed`, error),
      );
  };
  return {
    async of(row: LinkedMessageRow, origin: string): Promise<ChecksReport> {
      const raw = deps.store.messages.rawOf(row.id);
      const report = checkMail(
        {
          subject: row.subject,
          html: row.html_body,
          text: row.text_body,
          headers: raw === undefined ? [] : parseHeaders(raw),
          campaign: row.campaign_uuid !== null,
          contentIds: contentIdsOf(row.attachments_json),
        },
        { origin, records: emulatorRecords(deps.store, row.workspace_id) },
        (compute) => compatibility.get(row.uuid) ?? compatibility.set(row.uuid, compute()),
      );
      // The offline count: the one the background check gives every mail, so that has:problems means one thing.
      keepCount(row, report.summary.problems);
      if (online === null) return report;
      return withOnlineResults(report, await online.check(onlineCandidates(report)));
    },
  };
}
