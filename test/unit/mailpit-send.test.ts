/**
 * The Go pieces a Mailpit send's message is written with (server/mail/mailpit-send/;
 * docs/spec/mailpit-api.md#2311-post-apiv1send), each against what Go's standard library writes for the same
 * input, and the message enmime's builder makes.
 */
import { describe, expect, it } from 'vitest';
import { buildMailpitMessage } from '../../server/mail/mailpit-send/build-message.js';
import { detectContentType } from '../../server/mail/mailpit-send/detect-content-type.js';
import {
  canonicalHeaderKey,
  encodeWords,
  formatAddress,
  formatMediaType,
  quotedPrintable,
  rfc1123z,
  selectTransferEncoding,
} from '../../server/mail/mailpit-send/go-mime.js';
import { withMailpitStoredHeaders } from '../../server/mail/mailpit-send/stored-headers.js';
import { seededRandom } from '../../server/random.js';

describe('Go’s mime, net/mail and textproto, as enmime uses them', () => {
  it('formats media types as mime.FormatMediaType: sorted parameters, quoted or RFC 2231, "" for a bad type', () => {
    expect(formatMediaType('Text/Plain', { charset: 'utf-8', name: 'a.txt' })).toBe(
      'text/plain; charset=utf-8; name=a.txt',
    );
    expect(formatMediaType('attachment', { filename: 'my "file".txt' })).toBe(
      'attachment; filename="my \\"file\\".txt"',
    );
    expect(formatMediaType('image/png', { name: 'ü.png' })).toBe("image/png; name*=utf-8''%C3%BC.png");
    expect(formatMediaType('text/plain; charset=utf-8', { name: 'x' })).toBe('');
  });

  it('writes addresses as net/mail’s Address.String()', () => {
    expect(formatAddress('', 'a@example.com')).toBe('<a@example.com>');
    expect(formatAddress('Jane "J" Doe', 'a@example.com')).toBe('"Jane \\"J\\" Doe" <a@example.com>');
    expect(formatAddress('Zoë', 'a@example.com')).toBe('=?utf-8?q?Zo=C3=AB?= <a@example.com>');
    // A comma may not stand in an encoded-word of a phrase: base64.
    expect(formatAddress('Doe, Zoë', 'a@example.com')).toBe('=?utf-8?b?RG9lLCBab8Or?= <a@example.com>');
    expect(formatAddress('', 'john doe@example.com')).toBe('<"john doe"@example.com>');
    expect(formatAddress('', 'a..b@example.com')).toBe('<"a..b"@example.com>');
  });

  it('encodes words as mime.QEncoding and BEncoding do, splitting long ones between characters', () => {
    expect(encodeWords('q', 'plain')).toBe('plain');
    expect(encodeWords('q', 'héllo wörld_?=')).toBe('=?utf-8?q?h=C3=A9llo_w=C3=B6rld=5F=3F=3D?=');
    const long = encodeWords('b', 'é'.repeat(40));
    expect(long.split(' ').every((word) => word.length <= 75)).toBe(true);
    expect(long.split(' ')).toHaveLength(2);
  });

  it('chooses 7bit, quoted-printable or base64 as enmime’s selectTransferEncoding', () => {
    expect(selectTransferEncoding(Buffer.from('plain\r\ntext'), false)).toBe('7bit');
    expect(selectTransferEncoding(Buffer.from('plain\r\ntext'), true)).toBe('base64');
    expect(selectTransferEncoding(Buffer.from('Grüße aus dem wunderschönen Rheinland'), true)).toBe('quoted-printable');
    expect(selectTransferEncoding(Buffer.from('Grüße aus Köln'), true)).toBe('base64');
  });

  it('writes quoted-printable as mime/quotedprintable’s Writer: CRLF lines, trailing spaces and = encoded, 76 columns', () => {
    expect(quotedPrintable(Buffer.from('héllo wörld \nnext=1')).toString()).toBe(
      'h=C3=A9llo w=C3=B6rld=20\r\nnext=3D1',
    );
    const soft = quotedPrintable(Buffer.from(`${'a'.repeat(80)}é`)).toString();
    expect(soft).toBe(`${'a'.repeat(75)}=\r\n${'a'.repeat(5)}=C3=A9`);
  });

  it('canonicalises header names and writes RFC 1123Z dates', () => {
    expect(canonicalHeaderKey('x-ip')).toBe('X-Ip');
    expect(canonicalHeaderKey('MIME-Version')).toBe('Mime-Version');
    expect(canonicalHeaderKey('bad key')).toBe('bad key');
    expect(rfc1123z(new Date('2025-03-01T09:05:03Z'))).toBe('Sat, 01 Mar 2025 09:05:03 +0000');
  });
});

describe('detectContentType (Go’s http.DetectContentType)', () => {
  it('sniffs the common types', () => {
    expect(detectContentType(Buffer.from('\x89PNG\r\n\x1a\n....', 'latin1'))).toBe('image/png');
    expect(detectContentType(Buffer.from('\xff\xd8\xff\xe0', 'latin1'))).toBe('image/jpeg');
    expect(detectContentType(Buffer.from('GIF89a...'))).toBe('image/gif');
    expect(detectContentType(Buffer.from('%PDF-1.7'))).toBe('application/pdf');
    expect(detectContentType(Buffer.from('  <html><body>x'))).toBe('text/html; charset=utf-8');
    expect(detectContentType(Buffer.from('Hello World'))).toBe('text/plain; charset=utf-8');
    expect(detectContentType(Buffer.alloc(0))).toBe('text/plain; charset=utf-8');
    expect(detectContentType(Buffer.from([0, 1, 2, 3]))).toBe('application/octet-stream');
  });
});

describe('buildMailpitMessage', () => {
  it('writes enmime’s tree and headers: a text part, the HTML beside it, inlines around them, attachments around all', () => {
    const raw = buildMailpitMessage(
      {
        from: { name: '', email: 'from@example.com' },
        to: [{ name: 'Jane', email: 'jane@example.com' }],
        cc: [],
        replyTo: [],
        subject: 'S',
        text: '',
        html: '<p>h</p>',
        inlines: [{ content: Buffer.from('img'), contentType: 'image/png', filename: 'i.png', contentId: 'a b@c' }],
        attachments: [{ content: Buffer.from('a'), contentType: 'text/plain', filename: 'a.txt' }],
        headers: [['x-custom', 'v']],
        date: new Date('2025-03-01T10:00:00Z'),
      },
      seededRandom(1),
    ).toString();
    const boundaries = [...raw.matchAll(/boundary=(enmime-[0-9a-f-]{36})/g)].map((match) => match[1]);
    expect(boundaries).toHaveLength(3);
    const [mixed, related, alternative] = boundaries;
    expect(raw).toBe(
      `Content-Type: multipart/mixed;\r\n boundary=${mixed}\r\nDate: Sat, 01 Mar 2025 10:00:00 +0000\r\nFrom: <from@example.com>\r\n` +
        `Mime-Version: 1.0\r\nSubject: S\r\nTo: "Jane" <jane@example.com>\r\nX-Custom: v\r\n` +
        `\r\n--${mixed}\r\nContent-Type: multipart/related;\r\n boundary=${related}\r\n` +
        `\r\n--${related}\r\nContent-Type: multipart/alternative;\r\n boundary=${alternative}\r\n` +
        `\r\n--${alternative}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
        `\r\n--${alternative}\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>h</p>` +
        `\r\n--${alternative}--\r\n` +
        `\r\n--${related}\r\nContent-Disposition: inline; filename=i.png\r\nContent-Id: <a+b@c>\r\n` +
        `Content-Transfer-Encoding: base64\r\nContent-Type: image/png; name=i.png\r\n\r\naW1n\r\n` +
        `\r\n--${related}--\r\n` +
        `\r\n--${mixed}\r\nContent-Disposition: attachment; filename=a.txt\r\n` +
        `Content-Type: text/plain; charset=utf-8; name=a.txt\r\n\r\na` +
        `\r\n--${mixed}--\r\n`,
    );
  });
});

describe('withMailpitStoredHeaders', () => {
  it('prepends Bcc (the recipients no To or Cc names), Message-ID and Return-Path, as SaveToDatabase does', () => {
    const raw = Buffer.from('From: <a@x.test>\r\n\r\nbody');
    const to = [{ name: '', email: 'Jane@x.test' }];
    expect(
      withMailpitStoredHeaders(
        raw,
        { from: 'a@x.test', to, cc: [], bcc: ['jane@x.test', 'hidden@x.test'] },
        'ID@mailpit',
      ).toString(),
    ).toBe('Bcc: hidden@x.test\r\nMessage-ID: <ID@mailpit>\r\nReturn-Path: <a@x.test>\r\nFrom: <a@x.test>\r\n\r\nbody');
    expect(withMailpitStoredHeaders(raw, { from: 'a@x.test', to, cc: [], bcc: [] }, 'ID@mailpit').toString()).toBe(
      'Message-ID: <ID@mailpit>\r\nReturn-Path: <a@x.test>\r\nFrom: <a@x.test>\r\n\r\nbody',
    );
  });
});
