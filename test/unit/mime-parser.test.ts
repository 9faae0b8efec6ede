/**
 * server/mail/capture/mime-parser.ts: a part's text and HTML end before the line break of the boundary after them
 * (RFC 2046 section 5.1.1), as enmime (Mailpit) reads them; postal-mime alone kept it.
 */
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { MimeParser } from '../../server/mail/capture/mime-parser.js';

const parse = (raw: string) => new MimeParser().parse(raw);

/** A multipart/alternative message of these two parts (header lines, then the body exactly as given). */
function alternative(text: string, html: string, encoding = '7bit'): string {
  return [
    'From: app@example.com\r\nSubject: Parts\r\nMIME-Version: 1.0',
    'Content-Type: multipart/alternative; boundary="b"\r\n\r\n--b',
    `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${text}\r\n--b`,
    `Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${html}\r\n--b--\r\n`,
  ].join('\r\n');
}

describe('MimeParser', () => {
  it('gives a part its content without the line break before the boundary', async () => {
    const email = await parse(alternative('exact text', '<p>exact html</p>'));
    expect(email.text).toBe('exact text');
    expect(email.html).toBe('<p>exact html</p>');
    // What postal-mime alone gives, which this module exists to change.
    expect((await PostalMime.parse(alternative('exact text', '<p>x</p>'))).text).toBe('exact text\n');
  });

  it('keeps a line break of the content itself, and the lines inside', async () => {
    const email = await parse(alternative('line 1\r\nline 2\r\n', '<p>x</p>\r\n\r\n'));
    expect(email.text).toBe('line 1\nline 2\n');
    expect(email.html).toBe('<p>x</p>\n\n');
  });

  it('does so for quoted-printable parts, and leaves a soft break and an encoded line feed alone', async () => {
    expect((await parse(alternative('exact=20\r\ntext', '<p>x</p>', 'quoted-printable'))).text).toBe('exact \ntext');
    expect((await parse(alternative('soft=\r\nbreak=', '<p>x</p>', 'quoted-printable'))).text).toBe('softbreak');
    expect((await parse(alternative('encoded=0A=', '<p>x</p>', 'quoted-printable'))).text).toBe('encoded\n');
  });

  it('leaves base64 parts and a single-part message as they were', async () => {
    const base64 = Buffer.from('exact text\r\n').toString('base64');
    expect((await parse(alternative(base64, 'PHA+eDwvcD4=', 'base64'))).text).toBe('exact text\r\n');
    expect((await parse('Subject: single\r\n\r\nline 1\r\nline 2\r\n')).text).toBe('line 1\nline 2\n');
  });

  it('ends parts of nested multiparts and with LF-only line ends the same way', async () => {
    const nested = [
      'Subject: Nested\r\nContent-Type: multipart/mixed; boundary="outer"\r\n\r\n--outer',
      'Content-Type: multipart/alternative; boundary="inner"\r\n\r\n--inner',
      'Content-Type: text/plain\r\n\r\nnested text\r\n--inner--\r\n--outer',
      'Content-Type: text/plain; name=a.txt\r\nContent-Disposition: attachment; filename=a.txt\r\n\r\nattached\r\n--outer--\r\n',
    ].join('\r\n');
    const email = await parse(nested);
    expect(email.text).toBe('nested text');
    expect(Buffer.from(email.attachments[0]?.content as ArrayBuffer).toString()).toBe('attached');
    const lf =
      'Subject: Lf\nContent-Type: multipart/alternative; boundary="b"\n\n--b\nContent-Type: text/plain\n\nlf text\n--b--\n';
    expect((await parse(lf)).text).toBe('lf text');
  });
});
