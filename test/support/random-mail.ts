/**
 * Random mails for the MIME serializer's tests (test/unit/mime-direct.test.ts, mime-text-encoding.test.ts): hostile
 * names, subjects, bodies, addresses, headers and attachments, drawn from a seeded generator (random.ts).
 */
import type { MailAddress } from '../../server/mail/addresses.js';
import type { MailAttachment, OutgoingMail } from '../../server/mail/mime/outgoing-mail.js';

type Pick = (n: number) => number;
export const oneOf = <T>(pick: Pick, values: readonly T[]): T => values[pick(values.length)] as T;

/** Pieces of header text: plain words, specials, non-ASCII, emoji, encoded-word look-alikes, line break attempts. */
const WORDS = [
  'Jane',
  'Doe',
  ' ',
  ' ',
  '  ',
  '\t',
  ',',
  '"',
  "'",
  '\\',
  ';',
  ':',
  '<',
  '>',
  '(',
  ')',
  '@',
  '.',
  '=',
  '?',
  '_',
  '-',
  'Zoë',
  'Müller',
  'Ærøskøbing',
  '日本語',
  'Ελληνικά',
  '☕',
  '😀',
  '👩‍👩‍👧',
  '=?UTF-8?Q?x?=',
  '=?utf-8?B?',
  '?=',
  '\r\n',
  '\n',
  '\r',
  '\u0000',
  '\u0007',
  '\u007f',
  '\u00a0',
  '\u2028',
  'x'.repeat(80),
  'Supercalifragilisticexpialidocious',
  'a\u0301',
  '\ud800',
  '#10023',
  '100%',
  "O'Brien",
  'ACME Inc.',
  '-lead',
];

/** Pieces of body text: long lines, dots, `=`, trailing spaces, bare LF/CR, NUL, non-ASCII. */
export const BODY_PIECES = [
  'Hello',
  ' ',
  '  ',
  '\t',
  '\n',
  '\r',
  '\r\n',
  '\n\n',
  '.',
  '..',
  '\n.\n',
  '=',
  '=3D',
  '=\n',
  ' \n',
  '\t\r\n',
  'é',
  'ü',
  '日本',
  '☕',
  '😀',
  '\u0000',
  '\u0001',
  '<p>',
  '</p>',
  '<a href="https://example.com/?a=1&b=2">x</a>',
  'x'.repeat(75),
  'y'.repeat(77),
  'z'.repeat(200),
  'From ',
  '--',
  '\ufeff',
  '\u00ff',
];

/** ASCII-only pieces, for bodies that stay 7bit (printable, lines of 76 at most) more often than not. */
export const ASCII_BODY_PIECES = BODY_PIECES.filter((piece) => /^[\x20-\x7e\t\r\n]{0,76}$/.test(piece));

export const text = (pick: Pick, pieces: readonly string[], max: number) =>
  Array.from({ length: pick(max + 1) }, () => oneOf(pick, pieces)).join('');

const LOCAL_PARTS = [
  'jane',
  'jane.doe',
  'j+tag',
  "O'Brien",
  '"quoted local"',
  '"a\\"b"',
  'üser',
  'a..b',
  '.a',
  'x',
  'UPPER',
  'a b',
  'a,b',
  '',
];
const DOMAINS = [
  'example.com',
  'Example.COM',
  'jõgeva.ee',
  'bücher.example',
  '例え.jp',
  'xn--jgeva-dua.ee',
  'sub.domain.example',
  '[127.0.0.1]',
  '[IPv6:::1]',
  'localhost',
  'a-b.example',
  'ÉXAMPLE.com',
  'straẞe.de',
  'x'.repeat(70) + '.com',
  'ex ample.com',
  'a\u00adb.com',
];

function address(pick: Pick): MailAddress {
  const name = pick(3) === 0 ? '' : text(pick, WORDS, 6);
  if (pick(40) === 0) return { name, email: '' };
  const email =
    pick(30) === 0
      ? oneOf(pick, ['no-at-sign', '<a@b.c>', 'a@b@c.d', '\u0000@x.y', 'a@'])
      : `${oneOf(pick, LOCAL_PARTS) || 'x'}@${oneOf(pick, DOMAINS)}`;
  return { name, email };
}

const addresses = (pick: Pick, max: number) => Array.from({ length: pick(max + 1) }, () => address(pick));

const CONTENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'text/plain',
  'text/csv; charset=utf-8',
  'text/calendar; method=REQUEST',
  'application/octet-stream',
  'application/x-custom; name="other.bin"',
  'application/json (comment)',
  'IMAGE/GIF',
  '',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'image/svg+xml; charset="utf-8"',
  'message/rfc822',
  'multipart/mixed',
  'text/html',
  "application/pdf; name*=utf-8''x.pdf",
];
const FILENAMES = [
  'invoice.pdf',
  'logo.png',
  'report 2024.xlsx',
  'naïve café.txt',
  '日本語のファイル名.pdf',
  'a'.repeat(90) + '.bin',
  'quote".txt',
  'semi;colon.csv',
  '-dash.txt',
  "it's.txt",
  'tab\tname.txt',
  'line\nbreak.txt',
  '=?UTF-8?Q?x?=.txt',
  '',
  'noext',
  'back\\slash.txt',
  '😀.png',
  'spaces  in  name .doc',
];

function attachment(pick: Pick): MailAttachment {
  const size = oneOf(pick, [0, 1, 2, 3, 56, 57, 58, 100, 1000, 5000]);
  const content = Buffer.alloc(size);
  for (let i = 0; i < size; i++) content[i] = pick(256);
  const filename = pick(4) === 0 ? text(pick, WORDS, 4) + oneOf(pick, ['.png', '.pdf', '']) : oneOf(pick, FILENAMES);
  return {
    filename,
    content,
    contentType: oneOf(pick, CONTENT_TYPES),
    contentId: pick(3) === 0 ? oneOf(pick, ['logo', 'logo.png', '<angle>', 'a b', 'ü', '', filename]) : null,
  };
}

const CUSTOM_HEADER_KEYS = ['X-Custom', 'x-lower', 'X-Tag-Id', 'x spaced:key', 'List-Unsubscribe', 'X-MD5'];
const SPECIAL_HEADER_KEYS = ['Subject', 'content-type', 'Date', 'references', 'Bcc', 'MIME-Version', 'key'];

function headers(pick: Pick, sendUuid: string): OutgoingMail['headers'] {
  const result: OutgoingMail['headers'] = {};
  if (pick(4) > 0) {
    result['mailcoach-send-uuid'] = sendUuid;
    result['X-SMTPAPI'] = { prepared: true, value: JSON.stringify({ unique_args: { send_uuid: sendUuid } }) };
    result['X-PM-Metadata-send-uuid'] = sendUuid;
  }
  for (let i = pick(3); i > 0; i--) {
    const key = pick(12) === 0 ? oneOf(pick, SPECIAL_HEADER_KEYS) : oneOf(pick, CUSTOM_HEADER_KEYS);
    result[key] = pick(5) === 0 ? { prepared: true, value: text(pick, WORDS, 8) } : text(pick, WORDS, pick(2) ? 8 : 60);
  }
  return result;
}

export function randomMail(pick: Pick): OutgoingMail {
  const sendUuid = `${pick(0xffffffff).toString(16)}-4b1d-4c3a-9e57-0d8f6b2a1c34`;
  const shape = pick(8);
  const body = (max: number) =>
    pick(10) === 0 ? '' : text(pick, pick(3) === 0 ? ASCII_BODY_PIECES : BODY_PIECES, max);
  return {
    from: address(pick),
    to: addresses(pick, 3),
    cc: addresses(pick, 2),
    bcc: addresses(pick, 2),
    replyTo: addresses(pick, 1),
    subject: pick(10) === 0 ? '' : text(pick, WORDS, pick(4) === 0 ? 60 : 10),
    html: shape === 1 || shape >= 4 ? body(pick(5) === 0 ? 400 : 60) : null,
    text: shape === 2 || shape >= 3 ? body(60) : null,
    // Mostly 0-3, sometimes many.
    attachments: Array.from({ length: pick(20) === 0 ? 8 + pick(8) : pick(4) }, () => attachment(pick)),
    messageId: `${pick(0xffffffff).toString(16)}@${oneOf(pick, DOMAINS)}`,
    date: new Date(pick(4_000_000_000) * 1000),
    headers: headers(pick, sendUuid),
  };
}
