/**
 * The checks report of a captured message (GET /_emulator/messages/{uuid}/checks; checks/index.ts), computed on
 * the first request for it and kept: never on the send path, so captures cost what they did. A message never
 * changes once captured; its emulator links resolve against records that can (a subscriber deleted since), so
 * the cache is keyed by the state it was computed in only through the message's uuid and the origin, and is
 * small: a report is recomputed after a reset (the uuids then are new) or once pushed out.
 */
import type { AppDeps } from '../deps.js';
import { BoundedCache } from '../bounded-cache.js';
import { checkMail, type ChecksReport, type CompatibilityResult, type EmulatorRecords } from '../checks/index.js';
import type { LinkedMessageRow } from '../db/messages-store.js';
import { parseHeaders } from './message-resource.js';

export function messageChecks(deps: AppDeps) {
  const compatibility = new BoundedCache<CompatibilityResult>({ maxEntries: 1_000, maxKeyLength: 100 });
  return {
    of(row: LinkedMessageRow, origin: string): ChecksReport {
      const raw = deps.store.messages.rawOf(row.id);
      return checkMail(
        {
          subject: row.subject,
          html: row.html_body,
          text: row.text_body,
          headers: raw === undefined ? [] : parseHeaders(raw),
          campaign: row.campaign_uuid !== null,
        },
        { origin, records: emulatorRecords(deps, row.workspace_id) },
        (compute) => compatibility.get(row.uuid) ?? compatibility.set(row.uuid, compute()),
      );
    },
  };
}

export type MessageChecks = ReturnType<typeof messageChecks>;

/** The records the emulator's public pages look up (mailcoach/public-routes.ts), read the way they read them. */
export function emulatorRecords(deps: AppDeps, workspaceId: number): EmulatorRecords {
  return {
    subscriberExists: (uuid) => deps.store.subscribers.findByUuidAnywhere(uuid) !== undefined,
    // A send is the mail's own: looked up in its workspace.
    sendExists: (uuid) => deps.store.sends.findByUuid(workspaceId, uuid) !== undefined,
    webview: (campaignUuid) => {
      const campaign = deps.store.campaigns.findByUuidAnywhere(campaignUuid);
      if (campaign === undefined) return 'missing';
      return campaign.disable_webview === 1 ? 'disabled' : 'ok';
    },
  };
}
