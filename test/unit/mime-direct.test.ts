/**
 * The direct serializer (server/mail/mime/direct.ts) writes the bytes nodemailer's MailComposer + MimeNode write
 * for the same mail (MIME boundaries aside, which are random per message): thousands of random OutgoingMail values
 * with hostile names, subjects, bodies, addresses, headers and attachments, compared byte for byte; what it
 * declines goes through MailComposer, so buildMessage() gives the reference bytes either way.
 */
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp/index.js';
import { describe, expect, it } from 'vitest';
import { random } from '../support/random.js';
import { withoutBoundaries } from '../support/mime.js';
import type { MailAddress } from '../../server/mail/addresses.js';
import { buildMessage } from '../../server/mail/mime/build-message.js';
import type { MailAttachment, OutgoingMail } from '../../server/mail/mime/outgoing-mail.js';
import { buildWithMailComposer } from '../../server/mail/mime/composer-fallback.js';
import { composeDirect } from '../../server/mail/mime/direct.js';
import { textBodyEncoding } from '../../server/mail/mime/body-encoding.js';
import { withCrlfLineBreaks } from '../../server/mail/mime/newlines.js';
import { encodeText, quotedPrintableBody, wrapLines } from '../../server/mail/mime/quoted-printable.js';
import { encodeTextBody, fixedPartsRemembered } from '../../server/mail/mime/text-body.js';

type Pick = (n: number) => number;
const oneOf = <T>(pick: Pick, values: readonly T[]): T => values[pick(values.length)] as T;

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
const BODY_PIECES = [
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
const ASCII_BODY_PIECES = BODY_PIECES.filter((piece) => /^[\x20-\x7e\t\r\n]{0,76}$/.test(piece));

const text = (pick: Pick, pieces: readonly string[], max: number) =>
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

function randomMail(pick: Pick): OutgoingMail {
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

/** Fields every direct build accepts, for the tests about something else. */
const plainEnvelope = {
  from: { name: 'A', email: 'a@example.com' },
  to: [{ name: '', email: 'b@example.com' }],
  cc: [],
  replyTo: [],
  attachments: [],
  headers: {},
} satisfies Partial<OutgoingMail>;

describe('composeDirect', () => {
  it('writes the bytes of MailComposer for thousands of random mails', async () => {
    const pick = random(20250106);
    let direct = 0;
    const cases = 4000;
    for (let i = 0; i < cases; i++) {
      const mail = randomMail(pick);
      const expected = withoutBoundaries(await buildWithMailComposer(mail));
      const actual = composeDirect(mail);
      if (actual === undefined) continue;
      direct++;
      expect(withoutBoundaries(actual), `case ${i}: ${JSON.stringify(mail).slice(0, 300)}`).toBe(expected);
    }
    // Declining is for rare shapes only (empty emails, message/* or multipart attachments, special custom headers).
    expect(direct).toBeGreaterThan(cases * 0.6);
  });

  it('matches for bodies over the 64 KB slices of the quoted-printable encoder and for base64 text', async () => {
    const pick = random(7);
    for (let i = 0; i < 12; i++) {
      const long = text(pick, [...BODY_PIECES, 'a'.repeat(1000), ' '.repeat(70_000)], 150);
      const mail: OutgoingMail = {
        ...randomMail(pick),
        html: i % 3 === 0 ? long + ' '.repeat(pick(3) * 40_000) : '日本語のテキスト'.repeat(200 + pick(9000)),
        text: i % 2 === 0 ? long : null,
        ...plainEnvelope,
      };
      const actual = composeDirect(mail) as Buffer;
      expect(actual).toBeDefined();
      expect(withoutBoundaries(actual), `case ${i}`).toBe(withoutBoundaries(await buildWithMailComposer(mail)));
    }
  });

  it('answers the everyday sends itself, with the bytes MailComposer writes', async () => {
    const uuid = '9f0c2a8e-4b1d-4c3a-9e57-0d8f6b2a1c34';
    const mail: OutgoingMail = {
      from: { name: 'Acme', email: 'support@acme.example' },
      to: [{ name: 'Jane Doe', email: 'jane@example.com' }],
      cc: [],
      bcc: [{ name: '', email: 'audit@example.com' }],
      replyTo: [],
      subject: 'Welcome',
      html: '<p>Hi</p>',
      text: 'Hi',
      attachments: [
        { filename: 'logo.png', content: Buffer.from('png'), contentType: 'image/png', contentId: 'logo.png' },
      ],
      messageId: 'abc@acme.example',
      date: new Date(0),
      headers: {
        'mailcoach-send-uuid': uuid,
        'X-SMTPAPI': { prepared: true, value: JSON.stringify({ unique_args: { send_uuid: uuid } }) },
        'X-PM-Metadata-send-uuid': uuid,
      },
    };
    for (const variant of [
      mail,
      { ...mail, attachments: [] },
      { ...mail, html: null },
      { ...mail, text: null, headers: {} },
    ]) {
      // Declining would be correct too (MailComposer writes it then): these must not, the send path's speed rests on it.
      const direct = composeDirect(variant);
      expect(direct, 'composeDirect declined an everyday send').toBeInstanceOf(Buffer);
      expect(withoutBoundaries(direct as Buffer)).toBe(withoutBoundaries(await buildWithMailComposer(variant)));
    }
  });

  it('draws one boundary base per message, in MimeNode format', () => {
    const mail = { ...randomMail(random(3)), ...plainEnvelope, html: 'h', text: 't' };
    const built = composeDirect(mail, () => '0123456789abcdef') as Buffer;
    expect(built.toString('latin1')).toContain('boundary="--_NmP-0123456789abcdef-Part_1"');
    const base = () => /--_NmP-([0-9a-f]{16})-Part_1/.exec((composeDirect(mail) as Buffer).toString('latin1'))?.[1];
    const bases = new Set(Array.from({ length: 20 }, base));
    expect(bases.size).toBe(20);
  });
});

describe('quoted-printable helpers', () => {
  /** The ASCII a quoted-printable text is made of, with escapes (complete, cut, lower-case) and break points. */
  const QP_PIECES = [
    'a',
    'Z',
    'f',
    '3',
    ' ',
    '\t',
    '\r',
    '\n',
    '\r\n',
    '.',
    ',',
    '!',
    '?',
    '=',
    '=3D',
    '=C3',
    '=A9',
    '=E2=82=AC',
    '=F0=9F=98=80',
    '=c3',
    '=8',
    '=7F',
    '=80',
    '=BF',
    '=C0',
    '=C1',
    '=\r\n',
    'x'.repeat(30),
    'y'.repeat(75),
    '<p style=3D"color:red">',
    '=20',
    '=09',
  ];

  it('wrapLines() wraps as lib/qp wrap(str, 76) does', () => {
    const pick = random(5);
    for (let i = 0; i < 20_000; i++) {
      const str = text(pick, QP_PIECES, pick(4) === 0 ? 200 : 40);
      expect(wrapLines(str), JSON.stringify(str)).toBe(qpWrap(str, 76));
    }
  });

  it('encodeText() encodes as lib/qp encode() does the UTF-8 bytes', () => {
    const pick = random(6);
    const pieces = [
      ...BODY_PIECES,
      '\ud83d',
      '\ude00',
      '\u007f',
      '\u0080',
      '\u07ff',
      '\u0800',
      '\uffff',
      ' \t ',
      '\t\n',
      '\t',
    ];
    for (let i = 0; i < 20_000; i++) {
      const str = text(pick, pieces, 30);
      expect(encodeText(str), JSON.stringify(str)).toBe(qpEncode(Buffer.from(str, 'utf8')));
    }
  });
});

describe('encodeTextBody', () => {
  /** The whole-text reference: MimeNode's choice of encoding and lib/qp's output, on the canonical (CRLF) text. */
  function reference(content: string) {
    const canonical = withCrlfLineBreaks(content);
    const { encoding, printable } = textBodyEncoding(canonical);
    if (encoding === '7bit') return { encoding, body: canonical };
    if (encoding === 'base64') return { encoding, body: { base64: Buffer.from(canonical, 'utf8') } };
    return { encoding, body: quotedPrintableBody(canonical, printable) };
  }

  it('encodes line by line what the whole-text encoders give, with its memo cold and warm', () => {
    const pick = random(11);
    // Lines that come back from one text to the next, as a template's do, between random ones.
    const shared = Array.from({ length: 40 }, () => `${text(pick, BODY_PIECES, 30)}\n`);
    const encodings = new Set<string>();
    for (let i = 0; i < 3_000; i++) {
      const lines = Array.from({ length: pick(12) }, () =>
        pick(2) === 0 ? oneOf(pick, shared) : text(pick, BODY_PIECES, 20),
      );
      const content = lines.join(oneOf(pick, ['', '\n', '\r\n']));
      const expected = reference(content);
      encodings.add(expected.encoding);
      expect(encodeTextBody(content), `case ${i}: ${JSON.stringify(content)}`).toEqual(expected);
      expect(encodeTextBody(content), `case ${i} again`).toEqual(expected);
    }
    expect([...encodings].sort()).toEqual(['7bit', 'base64', 'quoted-printable']);
  });

  it('encodes a text given as fixed and changing parts as the whole text, remembering the fixed ones', () => {
    const pick = random(12);
    // Templates: fixed segments (the same strings send after send) around 0 to 6 values, as template-cache.ts
    // gives them. Some segments end in CR and some values hold line breaks: those take the whole-text path.
    // Half of them ASCII with short lines, which stay 7bit more often than not.
    const withoutLineBreaks = (pieces: readonly string[]) => pieces.filter((piece) => !/[\r\n]/.test(piece));
    const templates = Array.from({ length: 30 }, (_, t) => {
      const pieces = t % 2 === 0 ? BODY_PIECES : ASCII_BODY_PIECES;
      const segments = Array.from({ length: pick(7) + 1 }, () => text(pick, pieces, 30) + (pick(15) === 0 ? '\r' : ''));
      return {
        segments,
        values: withoutLineBreaks(t % 2 === 0 ? BODY_PIECES : ASCII_BODY_PIECES.filter((piece) => piece.length < 20)),
      };
    });
    // Mostly non-Latin text, which is base64-encoded.
    const WIDE = ['日本', '☕', '😀', 'Ελληνικά', ' ', '\n', '\r\n', '1'];
    templates.push({
      segments: Array.from({ length: 4 }, () => text(pick, WIDE, 40)),
      values: withoutLineBreaks(WIDE),
    });
    const before = fixedPartsRemembered();
    const encodings = new Set<string>();
    for (let i = 0; i < 3_000; i++) {
      const { segments, values } = oneOf(pick, templates);
      const parts = [segments[0] as string];
      for (const segment of segments.slice(1))
        parts.push(text(pick, pick(20) === 0 ? BODY_PIECES : values, 4), segment);
      const content = parts.join('');
      const expected = reference(content);
      encodings.add(expected.encoding);
      expect(encodeTextBody(content, parts), `case ${i}: ${JSON.stringify(parts)}`).toEqual(expected);
    }
    expect([...encodings].sort()).toEqual(['7bit', 'base64', 'quoted-printable']);
    expect(fixedPartsRemembered()).toBeGreaterThan(before);
    // Parts that do not make the text are not trusted.
    expect(encodeTextBody('a = b\n', ['a = ', 'c', '\n'])).toEqual(reference('a = b\n'));
  });

  it('encodes a text too long for one lib/qp slice as a whole', () => {
    const content = `${'<p>caf\u00e9 = cr\u00e8me br\u00fbl\u00e9e</p>'.repeat(40)}\n`.repeat(60);
    expect(Buffer.byteLength(content)).toBeGreaterThan(64 * 1024);
    expect(encodeTextBody(content)).toEqual(reference(content));
    const parts = [content.slice(0, 30_000), 'crème', content.slice(30_000)];
    expect(encodeTextBody(parts.join(''), parts)).toEqual(reference(parts.join('')));
  });
});

describe('buildMessage', () => {
  it('gives the MailComposer bytes, through the direct path or the fallback', async () => {
    const pick = random(99);
    let fallbacks = 0;
    for (let i = 0; i < 300; i++) {
      const mail = randomMail(pick);
      if (composeDirect(mail) === undefined) fallbacks++;
      expect(withoutBoundaries(await buildMessage(mail)), `case ${i}`).toBe(
        withoutBoundaries(await buildWithMailComposer(mail)),
      );
    }
    expect(fallbacks).toBeGreaterThan(0);
  });
});
