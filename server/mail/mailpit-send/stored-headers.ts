/**
 * What Mailpit's SaveToDatabase prepends to a message before storing it
 * (docs/spec/mailpit-api.md#251-what-mailpit-adds-to-a-received-message-mp-internalsmtpdmaingo-savetodatabase-internaltoolsheadersgo-setmessageheader),
 * applied to the message a Mailpit send builds: `Bcc:` naming the recipients no To or Cc header names, a
 * `Message-ID: <SHORTUUID@mailpit>` (the builder writes none), and `Return-Path: <From.Email>`, in that order,
 * before the built headers. Mailpit keeps these bytes as the message; so do we, so the inbox, its checks and
 * `/raw` see what Mailpit stores (a send is never "missing its Message-ID"). A message received over SMTP keeps
 * its bytes as received instead, and gets these on the fly in the Mailpit views.
 */
import type { NamedAddress } from './build-message.js';

export interface SendRecipients {
  from: string;
  to: readonly NamedAddress[];
  cc: readonly NamedAddress[];
  bcc: readonly string[];
}

/** `raw` with Mailpit's stored headers before it; `messageId` without angle brackets. */
export function withMailpitStoredHeaders(raw: Buffer, recipients: SendRecipients, messageId: string): Buffer {
  const named = new Set([...recipients.to, ...recipients.cc].map((address) => address.email.toLowerCase()));
  const missing = recipients.bcc.filter((email) => !named.has(email.toLowerCase()));
  let prefix = `Message-ID: <${messageId}>\r\nReturn-Path: <${recipients.from}>\r\n`;
  if (missing.length > 0) prefix = `Bcc: ${missing.join(', ')}\r\n${prefix}`;
  return Buffer.concat([Buffer.from(prefix, 'utf8'), raw]);
}
