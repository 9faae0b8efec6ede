/**
 * The text encoders of the direct serializer (server/mail/mime/): quoted-printable as nodemailer's lib/qp writes
 * it, and a text body's encoding line by line (and from a template's fixed and changing parts) as MimeNode chooses
 * and writes it for the whole text.
 */
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp/index.js';
import { describe, expect, it } from 'vitest';
import { random } from '../support/random.js';
import { ASCII_BODY_PIECES, BODY_PIECES, oneOf, text } from '../support/random-mail.js';
import { textBodyEncoding } from '../../server/mail/mime/body-encoding.js';
import { withCrlfLineBreaks } from '../../server/mail/mime/newlines.js';
import { encodeText, quotedPrintableBody, wrapLines } from '../../server/mail/mime/quoted-printable.js';
import { encodeTextBody, fixedPartsRemembered } from '../../server/mail/mime/text-body.js';

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
