/**
 * One step of the background problem checks (search/problem-checker.ts): the next messages not checked yet, each
 * counted as its checks report would count it (problems.ts). Reads only, so that it runs on a capture worker's
 * connection (mail/capture/jobs.ts), idle while captures pause, as well as on the main store; the main thread
 * records the counts. It lives with the checks it runs, below both the capture worker and the checker.
 */
import type { CheckedMessage, MessageCheckStore } from '../db/message-checks-store.js';
import type { IndexStep } from '../db/messages-store.js';
import { parseHeaders } from '../mail/mime/read-headers.js';
import { contentIdsOf } from './content.js';
import { countProblems } from './problems.js';
import { emulatorRecords, type RecordStores } from './records.js';

export interface ProblemReader extends RecordStores {
  messageChecks: Pick<MessageCheckStore, 'nextUnchecked'>;
}

export function checkNextMessages(reader: ProblemReader, step: IndexStep): CheckedMessage[] {
  return reader.messageChecks.nextUnchecked(step).map((message) => ({
    id: message.id,
    uuid: message.uuid,
    workspaceId: message.workspace_id,
    problems: countProblems(
      {
        subject: message.subject,
        html: message.html_body,
        text: message.text_body,
        headers: message.head === null ? [] : parseHeaders(message.head),
        campaign: message.campaign_uuid !== null,
        contentIds: contentIdsOf(message.attachments_json),
      },
      // No origin: the emulator's links are known by a loopback host or by resolving (checks/links.ts).
      { origin: null, records: emulatorRecords(reader, message.workspace_id) },
    ),
  }));
}
