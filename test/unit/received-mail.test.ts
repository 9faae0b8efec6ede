/** server/mail/capture/received-mail.ts: a received (SMTP) message as the fields the capture path stores. */
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { hiddenRecipients, mailFromParsed } from '../../server/mail/capture/received-mail.js';

const received = { date: new Date('2025-03-01T10:00:00Z'), fallbackMessageId: 'generated@mailcoach-emulator' };

describe('hiddenRecipients', () => {
  it('is every envelope recipient no header names, compared case-insensitively, after a Bcc header left in', () => {
    const visible = [{ name: 'Jane', email: 'Jane@Example.com' }];
    expect(hiddenRecipients(['jane@example.com', 'audit@example.com', 'AUDIT@example.com'], visible, [])).toEqual([
      { name: '', email: 'audit@example.com' },
    ]);
    const bccHeader = [{ name: 'Boss', email: 'boss@example.com' }];
    expect(hiddenRecipients(['boss@example.com', 'x@example.com'], [], bccHeader)).toEqual([
      { name: 'Boss', email: 'boss@example.com' },
      { name: '', email: 'x@example.com' },
    ]);
  });
});

describe('mailFromParsed', () => {
  it('flattens groups, drops empty ones, unbrackets ids and names nameless attachments', async () => {
    const raw = [
      'From: App <app@example.com>',
      'To: team: a@example.com, B <b@example.com>;, undisclosed-recipients:;',
      'Message-ID: <abc@example.com>',
      'Subject: Hi',
      'Content-Type: multipart/related; boundary=b',
      '',
      '--b',
      'Content-Type: text/html',
      '',
      '<img src="cid:logo@x">',
      '--b',
      'Content-Type: image/png',
      'Content-ID: <logo@x>',
      'Content-Transfer-Encoding: base64',
      '',
      'aGVsbG8=',
      '--b--',
      '',
    ].join('\r\n');
    const mail = mailFromParsed(
      await PostalMime.parse(raw),
      { from: 'bounce@example.com', to: ['a@example.com', 'b@example.com', 'c@example.com'] },
      received,
    );
    expect(mail.from).toEqual({ name: 'App', email: 'app@example.com' });
    expect(mail.to).toEqual([
      { name: '', email: 'a@example.com' },
      { name: 'B', email: 'b@example.com' },
    ]);
    expect(mail.bcc).toEqual([{ name: '', email: 'c@example.com' }]);
    expect(mail.messageId).toBe('abc@example.com');
    expect(mail.date).toBe(received.date);
    expect(mail.attachments).toEqual([
      { filename: 'attachment-1', contentType: 'image/png', contentId: 'logo@x', content: Buffer.from('hello') },
    ]);
  });

  it('takes the envelope sender for a message without From, and the fallback id for one without Message-ID', async () => {
    const mail = mailFromParsed(
      await PostalMime.parse('Subject: bare\r\n\r\nbody\r\n'),
      { from: 'bounce@example.com', to: ['jane@example.com'] },
      received,
    );
    expect(mail.from).toEqual({ name: '', email: 'bounce@example.com' });
    expect(mail.messageId).toBe('generated@mailcoach-emulator');
    expect(mail.bcc).toEqual([{ name: '', email: 'jane@example.com' }]);
    expect(mail.text).toBe('body\n');
    expect(mail.html).toBeNull();
  });
});
