/**
 * A Mailpit send's request (docs/spec/mailpit-api.md#2311-post-apiv1send) checked in Mailpit's order and words
 * (MP server/apiv1/send.go, then enmime's Build): the To, Cc, Bcc and Reply-To addresses, the custom headers,
 * the attachments' base64, then a sender and at least one recipient. The first problem is thrown as Mailpit's 400
 * `{"Error": ...}`; otherwise the message to build and the envelope to store it with.
 */
import { mailpitSendError } from '../../errors.js';
import type { MailpitSendMessage, NamedAddress, SendPart } from './build-message.js';
import { detectContentType } from './detect-content-type.js';

/** The request as Go decodes it (mailpit/go-json-input.ts): absent fields are their zero values. */
export interface SendRequest {
  From: { Email: string; Name: string };
  To: { Email: string; Name: string }[];
  Cc: { Email: string; Name: string }[];
  Bcc: string[];
  ReplyTo: { Email: string; Name: string }[];
  Subject: string;
  Text: string;
  HTML: string;
  Attachments: { Content: string; Filename: string; ContentType: string; ContentID: string }[];
  Tags: string[];
  Headers: [string, string][];
}

/** The headers a send may not set (compared case-insensitively); X-Tags too when Tags are given. */
const RESTRICTED_HEADERS = ['To', 'From', 'Cc', 'Bcc', 'Reply-To', 'Date', 'Subject', 'Content-Type', 'Mime-Version'];

export interface CheckedSend {
  message: MailpitSendMessage;
  /** MAIL FROM and RCPT TO as Mailpit stores the message: From.Email, then To, Cc and Bcc. */
  envelope: { from: string; to: string[] };
}

export function checkSendRequest(request: SendRequest, date: Date): CheckedSend {
  const recipients: string[] = [];
  const addressList = (list: { Email: string; Name: string }[], label: string, envelope: boolean) =>
    list.map(({ Email, Name }) => {
      if (!isMailAddress(Email)) throw mailpitSendError(`invalid ${label} address: ${Email}`);
      if (envelope) recipients.push(Email);
      return { name: Name, email: Email };
    });
  const to = addressList(request.To, 'To', true);
  const cc = addressList(request.Cc, 'Cc', true);
  for (const email of request.Bcc) {
    if (!isMailAddress(email)) throw mailpitSendError(`invalid Bcc address: ${email}`);
    recipients.push(email);
  }
  const replyTo = addressList(request.ReplyTo, 'Reply-To', false);

  const restricted = [...RESTRICTED_HEADERS];
  const headers: [string, string][] = [];
  if (request.Tags.length > 0) {
    headers.push(['X-Tags', request.Tags.join(', ')]);
    restricted.push('X-Tags');
  }
  for (const [name, value] of request.Headers) {
    if (restricted.some((header) => header.toLowerCase() === name.toLowerCase()))
      throw mailpitSendError(`cannot overwrite header: "${name}"`);
    headers.push([name, value]);
  }

  const inlines: (SendPart & { contentId: string })[] = [];
  const attachments: SendPart[] = [];
  for (const attachment of request.Attachments) {
    // What follows the last comma: a data URL (`data:image/png;base64,...`) works as its base64.
    const content = decodeBase64(attachment.Content.slice(attachment.Content.lastIndexOf(',') + 1));
    if (typeof content === 'string')
      throw mailpitSendError(`error decoding base64 attachment "${attachment.Filename}": ${content}`);
    const part = {
      content,
      contentType: attachment.ContentType === '' ? detectContentType(content) : attachment.ContentType,
      filename: attachment.Filename,
    };
    if (attachment.ContentID !== '') inlines.push({ ...part, contentId: attachment.ContentID });
    else attachments.push(part);
  }

  // enmime's Build(): these two come last, whatever else was wrong.
  if (request.From.Email === '') throw mailpitSendError('error building message: from not set');
  if (to.length + cc.length + request.Bcc.length === 0)
    throw mailpitSendError('error building message: no recipients (to, cc, bcc) set');

  const from: NamedAddress = { name: request.From.Name, email: request.From.Email };
  return {
    message: {
      from,
      to,
      cc,
      replyTo,
      subject: request.Subject,
      text: request.Text,
      html: request.HTML,
      inlines,
      attachments,
      headers,
      date,
    },
    envelope: { from: request.From.Email, to: recipients },
  };
}

const BASE64_ALPHABET = /[A-Za-z0-9+/]/;

/**
 * Go's base64.StdEncoding.DecodeString: padded base64, line breaks (CR, LF) ignored; the bytes, or Go's error
 * text (`illegal base64 data at input byte N`).
 */
function decodeBase64(text: string): Buffer | string {
  let significant = 0;
  let padding = 0;
  let lastIndex = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (char === '\r' || char === '\n') continue;
    lastIndex = at;
    if (char === '=') {
      // Padding ends a quantum of 2 or 3 characters, and nothing but line breaks follows it.
      const inQuantum = significant % 4;
      if (padding === 0 && inQuantum < 2) return illegal(at);
      padding++;
      if (padding + inQuantum > 4) return illegal(at);
      continue;
    }
    if (padding > 0 || !BASE64_ALPHABET.test(char)) return illegal(at);
    significant++;
  }
  if (padding > 0 && (significant + padding) % 4 !== 0) return illegal(text.length);
  if (padding === 0 && significant % 4 !== 0) return illegal(Math.min(text.length, lastIndex + 1 - (significant % 4)));
  return Buffer.from(text.replace(/[\r\n]/g, ''), 'base64');
}

function illegal(at: number): string {
  return `illegal base64 data at input byte ${at}`;
}

const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~\\u0080-\\uffff-]+";
const DOT_ATOM = `${ATOM}(?:\\.${ATOM})*`;
const QUOTED = '"(?:[^"\\\\\\r\\n]|\\\\.)*"';
const ADDR_SPEC = `(?:${DOT_ATOM}|${QUOTED})@(?:${DOT_ATOM}|\\[[^\\[\\]\\\\]*\\])`;
const MAIL_ADDRESS = new RegExp(
  `^\\s*(?:${ADDR_SPEC}|(?:(?:${ATOM}|${QUOTED})(?:\\s+(?:${ATOM}|${QUOTED}))*\\s*)?<${ADDR_SPEC}>)\\s*$`,
);

/**
 * Whether Go's net/mail.ParseAddress reads the text as one address: `local@domain`, or `<local@domain>` after an
 * optional display name; the local part a dot-atom or a quoted string, the domain a dot-atom or a literal.
 */
function isMailAddress(text: string): boolean {
  return MAIL_ADDRESS.test(text);
}
