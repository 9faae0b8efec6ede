/**
 * The direct serializer (server/mail/mime/direct.ts) writes the bytes nodemailer's MailComposer + MimeNode write
 * for the same mail (MIME boundaries aside, which are random per message): thousands of random OutgoingMail values
 * with hostile names, subjects, bodies, addresses, headers and attachments, compared byte for byte; what it
 * declines goes through MailComposer, so buildMessage() gives the reference bytes either way. The text encoders it
 * uses are checked in mime-text-encoding.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { random } from '../support/random.js';
import { withoutBoundaries } from '../support/mime.js';
import { BODY_PIECES, randomMail, text } from '../support/random-mail.js';
import { buildMessage } from '../../server/mail/mime/build-message.js';
import type { OutgoingMail } from '../../server/mail/mime/outgoing-mail.js';
import { buildWithMailComposer } from '../../server/mail/mime/composer-fallback.js';
import { composeDirect } from '../../server/mail/mime/direct.js';

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
