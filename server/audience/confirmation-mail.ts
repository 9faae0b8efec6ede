/**
 * The double opt-in mail (SendConfirmSubscriberMailAction, ConfirmSubscriberMail; mailcoach-audience-campaigns.md
 * docs/spec/mailcoach-audience-campaigns.md#210-confirmation-mail-side-effect-domainaudienceactionssubscriberssendconfirmsubscribermailactionphp-domainaudiencemailsconfirmsubscribermailphp): from the list's default sender, Reply-To each of its reply-to addresses, subject "Confirm your
 * subscription to <list>", `X-Mailgun-Track: no`, and a link to GET /confirm-subscription/{uuid} on this emulator
 * (with `?redirect=` when the list has one), which confirms the subscriber. Captured like any mail; no Send and
 * no log item, as in v8. The text part is v8's text view (resources/views/mails/confirmSubscriptionText.blade.php)
 * as Blade renders it; the HTML is ours: v8's is Laravel's markdown mail layout, which depends on the host app's
 * `app.name`, `app.url` and published mail views, so no one HTML is Mailcoach's (quirks.md).
 */
import type { Clock } from '../clock.js';
import type { EmailListRow, SubscriberRow } from '../db/rows.js';
import type { IdGenerator } from '../ids.js';
import type { Capture, CaptureJob } from '../mail/capture/index.js';

export interface ConfirmationMailDeps {
  clock: Clock;
  ids: IdGenerator;
  capture: Pick<Capture, 'send'>;
}

/** Where the mail's links point: this emulator, as the request that caused the mail reached it. */
function confirmationUrl(baseUrl: string, list: EmailListRow, subscriber: SubscriberRow): string {
  const url = `${baseUrl}/confirm-subscription/${subscriber.uuid}`;
  // ConfirmSubscriberMail appends the redirect as it is, not URL-encoded.
  return list.redirect_after_subscribed === null || list.redirect_after_subscribed === ''
    ? url
    : `${url}?redirect=${list.redirect_after_subscribed}`;
}

export async function sendConfirmationMail(
  deps: ConfirmationMailDeps,
  baseUrl: string,
  list: EmailListRow,
  subscriber: SubscriberRow,
): Promise<string> {
  const link = confirmationUrl(baseUrl, list, subscriber);
  const fromEmail = list.default_from_email ?? 'mailcoach@localhost';
  const replyNames = list.default_reply_to_name ?? '';
  const replyTo = (list.default_reply_to_email ?? '')
    .split(',')
    .map((email) => email.trim())
    .filter((email) => email !== '')
    .map((email) => ({ name: replyNames, email }));
  const uuid = deps.ids();
  const html =
    `<html><body><h1>Confirm your subscription</h1><p>Hey, you are almost ready to be subscribed to <strong>${escapeHtml(list.name)}</strong>.</p>` +
    `<p>Let us know if it is really you by clicking the button below.</p><p><a href="${escapeHtml(link)}">Confirm subscription</a></p>` +
    `<p>If you did not request this subscription, you can safely ignore this mail.</p></body></html>`;
  const job: CaptureJob = {
    template: null,
    subject: `Confirm your subscription to ${list.name}`,
    html,
    text: confirmationText(list.name, link),
    replacements: {},
    envelope: {
      from: { name: list.default_from_name ?? '', email: fromEmail },
      to: [{ name: '', email: subscriber.email }],
      cc: [],
      bcc: [],
      replyTo,
      attachments: [],
      messageId: `${deps.ids().replaceAll('-', '')}@${fromEmail.split('@')[1] ?? 'localhost'}`,
      date: deps.clock(),
      headers: { 'X-Mailgun-Track': 'no' },
    },
  };
  await deps.capture.send(job, {
    workspaceId: subscriber.workspace_id,
    messageUuid: uuid,
    logItem: null,
    send: null,
    meta: {
      templateName: null,
      replacements: null,
      origin: { campaignUuid: null, emailListUuid: list.uuid, subscriberUuid: subscriber.uuid },
    },
  });
  return uuid;
}

/**
 * v8's confirmSubscriptionText view rendered: each `{{ }}` is Blade's e() (htmlspecialchars with ENT_QUOTES), and
 * Blade keeps the newline after an echo that PHP's `?>` would swallow, so the text ends with one.
 */
function confirmationText(listName: string, confirmationUrl: string): string {
  const url = bladeEscape(confirmationUrl);
  return (
    `Hey,\n\nYou are almost subscribed to the list **${bladeEscape(listName)}**.\n\n` +
    'Prove it is really you by pressing the button below.\n\n' +
    `<a href="${url}">\n    Confirm subscription\n</a>\n\n${url}\n`
  );
}

/** Blade's e(): htmlspecialchars($value, ENT_QUOTES | ENT_SUBSTITUTE, 'UTF-8', double_encode: true). */
function bladeEscape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => BLADE_ENTITIES[char] as string);
}

const BLADE_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
