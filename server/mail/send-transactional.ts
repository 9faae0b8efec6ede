/**
 * The transactional send (docs/spec/mailcoach-reference.md#43-processing-pipeline-v8-domainsharedactionssendtransactionalmailactionphp-domaintransactionalmailmailstransactionalmailphp to docs/spec/mailcoach-reference.md#47-records-created-by-a-stored-send): choose template or inline content, add the template's default
 * recipients, check suppressions, render, build the message, and capture it — plus, when `store` is on, one log
 * item and one Send. Nothing is ever delivered. No HTTP types in here.
 */
import type { Clock } from '../clock.js';
import type { EventBus } from '../events.js';
import type { TemplateRow } from '../db/rows.js';
import type { Store } from '../db/store.js';
import { toEpochSeconds } from '../instant.js';
import type { IdGenerator } from '../ids.js';
import { normalizeAddresses, type MailAddress } from './addresses.js';
import type { Capture, CaptureJob, CaptureRecords } from './capture/index.js';
import type { MailAttachment, OutgoingMail } from './mime/outgoing-mail.js';
import type { SendRequest } from './send-request.js';

export interface SendDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  capture: Pick<Capture, 'send' | 'store'>;
  defaultMailer: string;
  /** A stored send announces its log item and Send (the capture announces the message). */
  events: Pick<EventBus, 'emit'>;
}

export type SendOutcome =
  | { kind: 'stored'; logItemUuid: string; sendUuid: string; messageUuid: string }
  | { kind: 'not-stored'; messageUuid: string }
  | { kind: 'suppressed'; email: string };

export async function sendTransactionalMail(
  deps: SendDeps,
  workspaceId: number,
  request: SendRequest,
): Promise<SendOutcome> {
  const template = findTemplate(deps, workspaceId, request);
  const requested = {
    to: normalizeAddresses(request.to),
    cc: normalizeAddresses(request.cc ?? ''),
    bcc: normalizeAddresses(request.bcc ?? ''),
  };
  const now = deps.clock();
  const ids = { logItem: deps.ids(), send: deps.ids(), message: deps.ids(), messageId: deps.ids() };
  const from = normalizeAddresses(request.from)[0] as MailAddress;
  const envelope: CaptureJob['envelope'] = {
    from,
    to: withDefaults(requested.to, template?.to_json ?? null),
    cc: withDefaults(requested.cc, template?.cc_json ?? null),
    bcc: withDefaults(requested.bcc, template?.bcc_json ?? null),
    replyTo: normalizeAddresses(request.replyTo ?? ''),
    attachments: request.attachments.map(decodeAttachment),
    // Symfony's generateMessageId(): 32 hex characters at the sender's domain.
    messageId: `${ids.messageId.replaceAll('-', '')}@${from.email.split('@')[1] ?? 'localhost'}`,
    date: now,
    // StoreTransactionalMail tags a stored mail with its Send's uuid for the providers' webhooks.
    headers: request.store ? sendTrackingHeaders(ids.send) : {},
  };
  const job: CaptureJob = {
    template: template === undefined ? null : { body: template.body, type: template.type, subject: template.subject },
    subject: request.subject,
    html: request.html,
    text: request.text,
    replacements: request.replacements,
    envelope,
  };
  const at = toEpochSeconds(now);
  const records: CaptureRecords = {
    workspaceId,
    messageUuid: ids.message,
    meta: { templateName: template?.name ?? null, replacements: template ? request.replacements : null },
    logItem: request.store ? logItemRecord(deps, workspaceId, ids.logItem, envelope, request, at) : null,
    send: request.store ? sendRecord(workspaceId, ids.send, ids.logItem, envelope.messageId, at) : null,
    // Only the request's own recipients are checked: template defaults and reply_to are not (docs/spec/mailcoach-reference.md#2-suppressions).
    suppressible: request.fake ? [] : [...requested.to, ...requested.cc, ...requested.bcc].map((a) => a.email),
  };
  // The suppression check, rendering, the MIME message and storing them: in this thread or on a worker
  // (capture/index.ts), which checks on the connection it stores with (write-records.ts).
  const outcome = await deps.capture.send(job, records);
  if ('suppressed' in outcome) return { kind: 'suppressed', email: outcome.suppressed };
  if (!request.store) return { kind: 'not-stored', messageUuid: ids.message };
  deps.events.emit('log.changed', { workspaceId, uuids: [ids.logItem] });
  deps.events.emit('sends.changed', { workspaceId, uuids: [ids.send] });
  return { kind: 'stored', logItemUuid: ids.logItem, sendUuid: ids.send, messageUuid: ids.message };
}

/**
 * Mailcoach uses the template when `mail_name` is non-empty, when html is the mailer's sentinel, or when neither
 * html nor text was given; validation has already required `mail_name` in the last case, so a named template
 * (by name first, then uuid) always wins and its content replaces any inline html/text, including the
 * `use-mailcoach-mail` sentinel laravel-mailcoach-mailer sends.
 */
function findTemplate(deps: SendDeps, workspaceId: number, request: SendRequest): TemplateRow | undefined {
  if (request.mailName === null) return undefined;
  const templates = deps.store.templates;
  return templates.findByName(workspaceId, request.mailName) ?? templates.findByUuid(workspaceId, request.mailName);
}

/** A template's stored to/cc/bcc are added to the request's (docs/spec/mailcoach-reference.md#44-templates-at-send-time-v8-mailsconcernsusesmailcoachtemplatephp-actionsrendertemplateactionphp), skipping repeats. */
function withDefaults(addresses: MailAddress[], defaultsJson: string | null): MailAddress[] {
  const defaults = defaultsJson === null ? [] : (JSON.parse(defaultsJson) as string[]);
  const present = new Set(addresses.map((a) => a.email.toLowerCase()));
  return [
    ...addresses,
    ...defaults.filter((email) => !present.has(email.toLowerCase())).map((email) => ({ name: '', email })),
  ];
}

/**
 * PHP's lenient base64_decode: every character outside the base64 alphabet is skipped, `=` included, and decoding
 * goes on after it (Node would stop at a `=` and read `-`/`_` as base64url); line breaks (Symfony wraps at 76
 * columns) are ignored the same way.
 */
function decodeAttachment(attachment: SendRequest['attachments'][number]): MailAttachment {
  return {
    filename: attachment.name,
    content: Buffer.from(attachment.content.replace(/[^A-Za-z0-9+/]+/g, ''), 'base64'),
    contentType: attachment.contentType,
    // Mailcoach embeds a part with any content_id under its name; the HTML refers to it as cid:<name>.
    contentId: attachment.contentId === null ? null : attachment.name,
  };
}

/** Values we generate (uuids, JSON), written as they are rather than RFC 2047-encoded. */
function sendTrackingHeaders(sendUuid: string): OutgoingMail['headers'] {
  return {
    'mailcoach-send-uuid': sendUuid,
    'X-SMTPAPI': { prepared: true, value: JSON.stringify({ unique_args: { send_uuid: sendUuid } }) },
    'X-PM-Metadata-send-uuid': sendUuid,
  };
}

/** StoreTransactionalMail: one log item and exactly one Send, linked by the log item's uuid (docs/spec/mailcoach-reference.md#47-records-created-by-a-stored-send). */
function logItemRecord(
  deps: SendDeps,
  workspaceId: number,
  uuid: string,
  envelope: CaptureJob['envelope'],
  request: SendRequest,
  at: number,
): NonNullable<CaptureRecords['logItem']> {
  const addresses = (list: MailAddress[]) => JSON.stringify(list.map(({ name, email }) => ({ name, email })));
  return {
    workspace_id: workspaceId,
    uuid,
    mail_name: request.mailName,
    from_json: addresses([envelope.from]),
    to_json: addresses(envelope.to),
    cc_json: addresses(envelope.cc),
    bcc_json: addresses(envelope.bcc),
    attachments_json: JSON.stringify(envelope.attachments.map((a) => a.filename)),
    mailer: request.mailer ?? deps.defaultMailer,
    fake: request.fake ? 1 : 0,
    created_at: at,
    updated_at: at,
  };
}

/** The Send of a stored transactional mail: its transport message id is the Message-ID (docs/spec/mailcoach-reference.md#47-records-created-by-a-stored-send). */
function sendRecord(
  workspaceId: number,
  uuid: string,
  logItemUuid: string,
  messageId: string,
  at: number,
): NonNullable<CaptureRecords['send']> {
  return {
    workspace_id: workspaceId,
    uuid,
    transport_message_id: messageId,
    campaign_uuid: null,
    automation_mail_uuid: null,
    transactional_mail_log_item_uuid: logItemUuid,
    subscriber_uuid: null,
    sent_at: at,
    failed_at: null,
    failure_reason: null,
    open_count: 0,
    click_count: 0,
    first_opened_at: null,
    last_opened_at: null,
    first_clicked_at: null,
    last_clicked_at: null,
    created_at: at,
    updated_at: at,
  };
}
