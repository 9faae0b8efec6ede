/**
 * The MIME facts Mailpit shows of a stored message (server/mail/mailpit-view/): enmime's part tree and PartIDs,
 * attachments, inlines and other parts, Text and HTML, the headers Mailpit adds to the raw message and its /headers
 * map, on the examples of docs/spec/mailpit-api.md#253-parts-partid-inline-vs-attachments-enmime-partgo-readpartsparseparts-envelopego-parsemultipartbody-mp-getmessage-attachmentsummary.
 */
import { describe, expect, it } from 'vitest';
import { attachmentLists, findPart, readEnvelope } from '../../server/mail/mailpit-view/envelope.js';
import { mailpitHeaders } from '../../server/mail/mailpit-view/headers-view.js';
import { depthFirst, readParts } from '../../server/mail/mailpit-view/mime-parts.js';
import { mailpitRaw } from '../../server/mail/mailpit-view/raw-view.js';

const crlf = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');

/** mixed[related[alternative[text, html], logo.png], a.pdf], as the spec's example. */
const NESTED = crlf([
  'From: App <app@example.com>',
  'To: jane@example.com',
  'Subject: Nested',
  'MIME-Version: 1.0',
  'Content-Type: multipart/mixed; boundary="mixed"',
  '',
  'preamble',
  '--mixed',
  'Content-Type: multipart/related; boundary="related"',
  '',
  '--related',
  'Content-Type: multipart/alternative; boundary="alt"',
  '',
  '--alt',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Hello Jane,',
  'the text.',
  '',
  '--alt',
  'Content-Type: text/html; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  '<p>Hello <img src=3D"cid:logo@app"> Jane, a long line that is soft=',
  ' broken</p>',
  '--alt--',
  '--related',
  'Content-Type: image/png; name="logo.png"',
  'Content-ID: <logo@app>',
  'Content-Transfer-Encoding: base64',
  '',
  'iVBORw0KGgo=',
  '--related--',
  '--mixed',
  'Content-Type: application/pdf',
  'Content-Disposition: attachment; filename="a.pdf"',
  'Content-Transfer-Encoding: base64',
  '',
  'SGVsbG8gV29ybGQ=',
  '--mixed--',
  'epilogue',
  '',
]);

describe('enmime part tree', () => {
  it('numbers parts as enmime does: children P.1, P.2, a nested multipart P.0', () => {
    const ids = [...depthFirst(readParts(NESTED))].map((part) => `${part.partId} ${part.contentType}`);
    expect(ids).toEqual([
      '0 multipart/mixed',
      '1.0 multipart/related',
      '1.1.0 multipart/alternative',
      '1.1.1 text/plain',
      '1.1.2 text/html',
      '1.2 image/png',
      '2 application/pdf',
    ]);
  });

  it('gives a.txt of mixed[alternative[text, html], a.txt] the PartID 2', () => {
    const raw = crlf([
      'Content-Type: multipart/mixed; boundary=b1',
      '',
      '--b1',
      'Content-Type: multipart/alternative; boundary=b2',
      '',
      '--b2',
      'Content-Type: text/plain',
      '',
      'text',
      '--b2',
      'Content-Type: text/html',
      '',
      '<b>html</b>',
      '--b2--',
      '--b1',
      'Content-Type: text/plain; name="a.txt"',
      'Content-Disposition: attachment; filename="a.txt"',
      '',
      'attached',
      '--b1--',
    ]);
    const envelope = readEnvelope(raw);
    expect(envelope.attachments.map((part) => part.partId)).toEqual(['2']);
    expect(envelope.text).toBe('text');
    expect(envelope.html).toBe('<b>html</b>');
  });

  it('decodes content: the line break before a boundary is the boundary’s, the others stay as sent', () => {
    const envelope = readEnvelope(NESTED);
    expect(envelope.text).toBe('Hello Jane,\r\nthe text.\r\n');
    expect(envelope.html).toBe('<p>Hello <img src="cid:logo@app"> Jane, a long line that is soft broken</p>');
    expect(findPart(envelope, '2')?.content.toString()).toBe('Hello World');
    expect(findPart(envelope, '1.1.1')).toBeNull();
  });

  it('sorts attachments, inlines and other parts, and summarises the named ones with their checksums', () => {
    const envelope = readEnvelope(NESTED);
    expect(envelope.attachments.map((part) => part.partId)).toEqual(['2']);
    expect(envelope.inlines).toEqual([]);
    expect(envelope.otherParts.map((part) => part.partId)).toEqual(['1.2']);
    const { inline, attachments } = attachmentLists(envelope);
    expect(inline).toEqual([
      {
        PartID: '1.2',
        FileName: 'logo.png',
        ContentType: 'image/png',
        ContentID: 'logo@app',
        Size: 8,
        Checksums: expect.objectContaining({ MD5: expect.stringMatching(/^[0-9a-f]{32}$/) }),
      },
    ]);
    // docs/spec/mailpit-api.md#5-acceptance-test-cases, case 18: "Hello World".
    expect(attachments).toEqual([
      {
        PartID: '2',
        FileName: 'a.pdf',
        ContentType: 'application/pdf',
        ContentID: '',
        Size: 11,
        Checksums: {
          MD5: 'b10a8db164e0754105b7a99be72e3fe5',
          SHA1: '0a4d55a8d778e5022fab701977c5d840bbc486d0',
          SHA256: 'a591a6d40bf420404a011733cfb7b190d62c65bf0bcda32b57b277d9ad9f146e',
        },
      },
    ]);
  });

  it('names a part by its file name, else its Content-ID; leaves out parts with neither', () => {
    const raw = crlf([
      'Content-Type: multipart/mixed; boundary=b',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'body',
      '--b',
      'Content-Type: image/gif',
      'Content-Disposition: inline',
      'Content-ID: <only-cid>',
      '',
      'GIF',
      '--b',
      'Content-Type: application/octet-stream',
      '',
      'anonymous',
      '--b',
      'Content-Type: text/csv; name="=?UTF-8?Q?r=C3=A9sum=C3=A9?=.csv"; charset=iso-8859-1',
      'Content-Disposition: attachment',
      '',
      'caf\xe9',
      '--b--',
    ]);
    const envelope = readEnvelope(Buffer.from(raw.toString('utf8'), 'latin1'));
    const { inline, attachments } = attachmentLists(envelope);
    expect(inline.map((part) => [part.PartID, part.FileName, part.ContentID])).toEqual([['2', 'only-cid', 'only-cid']]);
    // The octet-stream part (3) counts as an attachment, but has no name to list it under.
    expect(envelope.attachments.map((part) => part.partId)).toEqual(['3', '4']);
    expect(attachments.map((part) => [part.PartID, part.FileName, part.ContentType])).toEqual([
      ['4', 'résumé.csv', 'text/csv'],
    ]);
    // A text part in its declared charset is turned into UTF-8 (enmime's content, and so its size).
    expect(findPart(envelope, '4')?.content.toString('utf8')).toBe('café');
  });

  it('joins the text parts of a mixed message with \\n--\\n, and takes the first of an alternative one', () => {
    const mixed = crlf([
      'Content-Type: multipart/mixed; boundary=b',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'one',
      '--b',
      'Content-Type: text/plain',
      'Content-Disposition: inline',
      '',
      'two',
      '--b--',
    ]);
    expect(readEnvelope(mixed).text).toBe('one\n--\ntwo');
    expect(readEnvelope(Buffer.from(mixed.toString().replace('multipart/mixed', 'multipart/alternative'))).text).toBe(
      'one',
    );
  });

  it('reads a single part: text, HTML (its Text the HTML as text), or a binary body as an attachment', () => {
    expect(readEnvelope(crlf(['Subject: x', '', 'just text', ''])).text).toBe('just text\r\n');
    const html = readEnvelope(crlf(['Content-Type: text/html', '', '<p>Hi <a href="https://x.test/">there</a></p>']));
    expect(html.html).toBe('<p>Hi <a href="https://x.test/">there</a></p>');
    expect(html.text).toBe('Hi there ( https://x.test/ )');
    const pdf = readEnvelope(
      crlf(['Content-Type: application/pdf; name=doc.pdf', 'Content-Transfer-Encoding: base64', '', 'JVBERg==']),
    );
    expect(pdf.text).toBe('');
    expect(attachmentLists(pdf).attachments.map((part) => [part.PartID, part.FileName, part.Size])).toEqual([
      ['0', 'doc.pdf', 4],
    ]);
  });

  it('runs a part whose closing boundary never comes to the end of the message', () => {
    const raw = crlf(['Content-Type: multipart/mixed; boundary=b', '', '--b', 'Content-Type: text/plain', '', 'cut']);
    expect(readEnvelope(raw).text).toBe('cut');
  });
});

describe("Mailpit's view of the raw message", () => {
  const envelope = { envelopeFrom: 'bounce@example.com', envelopeTo: ['jane@example.com', 'hidden@example.com'] };

  it('adds Bcc, Message-ID and Return-Path in that order, before the message', () => {
    const raw = crlf(['From: App <app@example.com>', 'To: Jane <jane@example.com>', 'Subject: Hi', '', 'body']);
    const view = mailpitRaw(raw, { ...envelope, messageId: 'abc@mailcoach-emulator' }).toString();
    expect(view).toBe(
      [
        'Bcc: hidden@example.com',
        'Message-ID: <abc@mailcoach-emulator>',
        'Return-Path: <bounce@example.com>',
        'From: App <app@example.com>',
        'To: Jane <jane@example.com>',
        'Subject: Hi',
        '',
        'body',
      ].join('\r\n'),
    );
  });

  it('adds nothing when the message has them all; replaces a differing Return-Path where it is', () => {
    const complete = crlf([
      'Return-Path: <bounce@example.com>',
      'Message-ID: <m@x>',
      'To: jane@example.com, hidden@example.com',
      '',
      'body',
    ]);
    expect(mailpitRaw(complete, { ...envelope, messageId: 'm@x' })).toEqual(complete);
    const differing = crlf([
      'Message-ID: <m@x>',
      'Return-Path: <other@example.com>',
      ' (folded)',
      'To: jane@example.com',
      'Bcc: hidden@example.com',
      '',
      'b',
    ]);
    expect(mailpitRaw(differing, { ...envelope, messageId: 'm@x' }).toString()).toBe(
      [
        'Message-ID: <m@x>',
        'Return-Path: <bounce@example.com>',
        'To: jane@example.com',
        'Bcc: hidden@example.com',
        '',
        'b',
      ].join('\r\n'),
    );
  });

  it('appends the missing recipients to a Bcc header the message has (where Mailpit loses them)', () => {
    const raw = crlf(['Message-ID: <m@x>', 'Return-Path: <bounce@example.com>', 'Bcc: audit@example.com', '', 'b']);
    const view = mailpitRaw(raw, { ...envelope, messageId: 'm@x' }).toString();
    expect(view).toContain('Bcc: audit@example.com, jane@example.com, hidden@example.com\r\n');
  });

  it('reads the addresses of a header of thousands as a list (named, quoted, bracketed) and adds only the others', () => {
    const many = Array.from({ length: 5_000 }, (_, i) =>
      i % 2 === 0 ? `"Doe, J${i}" <r${i}@example.com>` : `r${i}@example.com`,
    );
    const raw = crlf(['Message-ID: <m@x>', 'Return-Path: <bounce@example.com>', `Cc: ${many.join(', ')}`, '', 'b']);
    const envelopeTo = ['R4@example.com', 'r4999@example.com', 'hidden@example.com'];
    const view = mailpitRaw(raw, { envelopeFrom: 'bounce@example.com', envelopeTo, messageId: 'm@x' }).toString();
    expect(view.startsWith('Bcc: hidden@example.com\r\nMessage-ID: <m@x>\r\n')).toBe(true);
  });
});

describe('/headers', () => {
  it('maps canonical names to every value, unfolded, encoded-words kept, names in byte order', () => {
    const raw = crlf([
      'MIME-Version: 1.0',
      'X-Custom: a',
      'subject: =?UTF-8?B?SMOpbGxv?=',
      'x-custom: b',
      'DKIM-Signature: v=1;',
      '\tb=abc',
      '  def',
      'X-Empty:',
      '',
      'body: not a header',
    ]);
    const headers = mailpitHeaders(raw);
    expect(Object.keys(headers)).toEqual(['Dkim-Signature', 'Mime-Version', 'Subject', 'X-Custom', 'X-Empty']);
    expect(headers).toEqual({
      'Dkim-Signature': ['v=1; b=abc def'],
      'Mime-Version': ['1.0'],
      Subject: ['=?UTF-8?B?SMOpbGxv?='],
      'X-Custom': ['a', 'b'],
      'X-Empty': [''],
    });
  });

  it('keeps a field named __proto__ as a field', () => {
    expect(JSON.stringify(mailpitHeaders(crlf(['__proto__: x', '', ''])))).toBe('{"__proto__":["x"]}');
  });
});
