/**
 * The inbox presenters (emulator/message-resource.ts): headers read back from raw bytes, links, one-time codes,
 * snippets and the summary/full shapes.
 */
import { describe, expect, it } from 'vitest';
import type { LinkedMessageRow } from '../../server/db/messages-store.js';
import {
  extractCodes,
  extractLinks,
  fullMessage,
  LINK_TEXT_LENGTH,
  linkDetails,
  messageSummary,
  originOf,
  snippetOf,
} from '../../server/emulator/message-resource.js';
import { buildMessage } from '../../server/mail/mime/build-message.js';
import { decodeEncodedWords, parseHeaders } from '../../server/mail/mime/read-headers.js';
import { parseMessage } from '../support/captured.js';

describe('parseHeaders', () => {
  it('reads the fields before the first empty line, in order, unfolded and trimmed', () => {
    const raw = Buffer.from(
      'Subject: a long\r\n subject\r\n\tfolded twice\r\nX-Empty:\r\nnot a header line\r\nTo:  bob@example.com  \r\n' +
        'X-Dup: 1\r\nX-Dup: 2\r\n\r\nBody: not a header\r\n',
    );
    expect(parseHeaders(raw)).toEqual([
      { name: 'Subject', value: 'a long subject\tfolded twice' },
      { name: 'X-Empty', value: '' },
      { name: 'To', value: 'bob@example.com' },
      { name: 'X-Dup', value: '1' },
      { name: 'X-Dup', value: '2' },
    ]);
  });

  it('accepts bare LF line ends and a message without a body', () => {
    expect(parseHeaders(Buffer.from('A: 1\n B\nC: 2'))).toEqual([
      { name: 'A', value: '1 B' },
      { name: 'C', value: '2' },
    ]);
  });

  it('decodes what nodemailer encodes, as a mail client reads it', async () => {
    const subject = 'Ihre Bestellung über 25 € ist unterwegs — 📦 Lieferung am Dienstag, wir freuen uns sehr darauf!';
    const raw = await buildMessage({
      from: { name: 'Jürgen Müller', email: 'j@example.com' },
      to: [{ name: '', email: 'bob@example.com' }],
      cc: [],
      bcc: [],
      replyTo: [],
      subject,
      html: null,
      text: 'hi',
      attachments: [],
      messageId: 'id@example.com',
      date: new Date('2025-03-01T10:00:00Z'),
      headers: {},
    });
    const headers = parseHeaders(raw);
    const parsed = await parseMessage(raw);
    expect(headers.find((h) => h.name === 'Subject')?.value).toBe(subject);
    expect(parsed.subject).toBe(subject);
    expect(headers.find((h) => h.name === 'From')?.value).toBe('Jürgen Müller <j@example.com>');
    expect(headers.map((h) => h.name)).toEqual(
      parsed.headerLines.map((line) => line.line.slice(0, line.line.indexOf(':'))),
    );
  });
});

describe('decodeEncodedWords', () => {
  it('decodes B and Q words, dropping the whitespace between adjacent words only', () => {
    expect(decodeEncodedWords('=?UTF-8?B?SGVsbG8=?= =?utf-8?Q?_w=C3=B6rld?= and =?ISO-8859-1?Q?caf=E9?=')).toBe(
      'Hello wörld and café',
    );
  });

  it('joins the bytes of a character split between two words', () => {
    const euro = Buffer.from('€', 'utf8'); // e2 82 ac
    const first = euro.subarray(0, 2).toString('base64');
    const second = euro.subarray(2).toString('base64');
    expect(decodeEncodedWords(`=?utf-8?B?${first}?=\r\n =?utf-8?B?${second}?=`)).toBe('€');
  });

  it('keeps text it cannot decode', () => {
    expect(decodeEncodedWords('plain =? not encoded ?=')).toBe('plain =? not encoded ?=');
    expect(decodeEncodedWords('=?x-unknown?Q?abc?=')).toBe('abc');
    expect(decodeEncodedWords('=?utf-8*en?Q?hi?=')).toBe('hi');
  });
});

describe('extractLinks', () => {
  it('lists http(s) hrefs in document order, then URLs in the text, each once', () => {
    const html =
      '<a href="https://acme.test/verify?a=1&amp;b=2">Verify</a> <a href=\'http://x.test/\'>x</a> ' +
      '<a href=https://bare.test/p>bare</a> <a href="mailto:a@b.c">m</a> <a href="#top">top</a> ' +
      '<a HREF = "https://acme.test/verify?a=1&#38;b=2">again</a>';
    const text =
      'Verify: https://acme.test/verify?a=1&b=2. Or (see https://wiki.test/A_(b)) [https://t.test/x], https://t.test/y!';
    expect(extractLinks(html, text)).toEqual([
      'https://acme.test/verify?a=1&b=2',
      'http://x.test/',
      'https://bare.test/p',
      'https://wiki.test/A_(b)',
      'https://t.test/x',
      'https://t.test/y',
    ]);
  });

  it('has nothing to say about a mail without bodies', () => {
    expect(extractLinks(null, null)).toEqual([]);
  });
});

describe('linkDetails', () => {
  it('gives each link of extractLinks() the visible text of its <a>, as a reader sees it', () => {
    const html =
      '<!DOCTYPE html><html><head><title>Not a link</title><style>a::after { content: "</a>" }</style></head><body>' +
      '<a class="btn" href="https://acme.test/confirm?a=1&amp;b=2">\n  Confirm &amp; <b>sub</b>scribe \n</a>' +
      '<a href="https://acme.test/logo"><img src="logo.png" alt=" Acme   home "></a>' +
      '<a href="https://acme.test/two">first<a href="https://acme.test/three">second</a>' + // an <a> ends the open one
      '<a href="https://acme.test/lines">one<br>two</a><a href="https://acme.test/none"></a>' +
      '<!-- <a href="https://acme.test/none">comment</a> --><a href="https://acme.test/none">  </a>' +
      '<a href="https://acme.test/two">not the first text</a><a href="mailto:x@acme.test">mail</a>' +
      '<a href="https://acme.test/script"><script>document.write("<a>")</script>Scripted</a><link href="https://acme.test/css">';
    expect(linkDetails(html, 'Paste https://acme.test/paste or https://acme.test/confirm?a=1&b=2.')).toEqual([
      { url: 'https://acme.test/confirm?a=1&b=2', text: 'Confirm & subscribe' },
      { url: 'https://acme.test/logo', text: 'Acme home' },
      { url: 'https://acme.test/two', text: 'first' },
      { url: 'https://acme.test/three', text: 'second' },
      { url: 'https://acme.test/lines', text: 'one two' },
      { url: 'https://acme.test/none', text: null },
      { url: 'https://acme.test/script', text: 'Scripted' },
      { url: 'https://acme.test/css', text: null },
      { url: 'https://acme.test/paste', text: null },
    ]);
    expect(linkDetails(html, null).map((link) => link.url)).toEqual(extractLinks(html, null));
    expect(linkDetails(null, null)).toEqual([]);
  });

  it(`cuts a long text at ${LINK_TEXT_LENGTH} characters with an ellipsis, the rest of the anchor unread`, () => {
    const [link] = linkDetails(`<a href="https://acme.test/">${'Lorem ipsum '.repeat(200_000)}</a>`, null);
    expect(link!.text).toBe(`${'Lorem ipsum '.repeat(50).slice(0, LINK_TEXT_LENGTH).trimEnd()}…`);
  });

  // Each of these is quadratic when done naively (each anchor searching forward for its </a>, each tag searched
  // back for its '<', each unclosed quote or comment scanned to the end again from the next character); at 2 MB
  // that is minutes. Only the answers are asserted: the suite's timeout is what a quadratic pass would fail.
  it('reads 2 MB of hostile HTML in one pass: deep nesting, unclosed anchors, quotes, comments and raw text', () => {
    const deep = `<a href="https://acme.test/deep">${'<span>'.repeat(160_000)}deep${'</span>'.repeat(160_000)}</a>`;
    expect(deep.length).toBeGreaterThan(2_000_000);
    expect(linkDetails(deep, null)).toEqual([{ url: 'https://acme.test/deep', text: 'deep' }]);

    const unclosed = Array.from({ length: 60_000 }, (_, i) => `<a href="https://acme.test/${i}">link ${i}`).join('');
    expect(unclosed.length).toBeGreaterThan(2_000_000);
    const links = linkDetails(unclosed, null);
    expect(links).toHaveLength(60_000);
    expect(links[59_999]).toEqual({ url: 'https://acme.test/59999', text: 'link 59999' });
    expect(links.every((link, i) => link.text === `link ${i}`)).toBe(true);

    const attacks = [
      '<a title="'.repeat(250_000), // quotes never closed
      '<!--<a href="https://acme.test/x">'.repeat(60_000), // comments never closed
      '<a href="https://acme.test/s"><style>'.repeat(60_000), // raw text never ended
      '<<<<a '.repeat(400_000),
      `<a href="https://acme.test/e">${'&amp'.repeat(500_000)}`,
    ];
    for (const html of attacks) {
      expect(html.length).toBeGreaterThan(2_000_000);
      for (const link of linkDetails(html, null))
        expect(link.text === null || link.text.length <= LINK_TEXT_LENGTH + 1).toBe(true);
    }
    expect(linkDetails(attacks[0]!, null)).toEqual([]);
    expect(linkDetails(attacks[1]!, null)).toEqual([{ url: 'https://acme.test/x', text: null }]);
    expect(linkDetails(attacks[2]!, null)).toEqual([{ url: 'https://acme.test/s', text: null }]);
    expect(linkDetails(attacks[4]!, null)[0]!.text).toBe(`${'&amp'.repeat(50).slice(0, LINK_TEXT_LENGTH)}…`);
  });
});

describe('originOf', () => {
  it('reads a campaign mail, a confirmation mail and a transactional mail from their columns', () => {
    expect(originOf({ campaign_uuid: 'c-1', email_list_uuid: 'l-1' })).toBe('campaign');
    expect(originOf({ campaign_uuid: 'c-1', email_list_uuid: null })).toBe('campaign'); // a test send to an address
    expect(originOf({ campaign_uuid: null, email_list_uuid: 'l-1' })).toBe('confirmation');
    expect(originOf({ campaign_uuid: null, email_list_uuid: null })).toBeNull();
  });
});

describe('extractCodes', () => {
  it('finds runs of 4-8 digits and 6-8 upper-case letters and digits standing alone', () => {
    const text =
      'Your code is 123456. Backup code: AB12CD34\nPIN (4821) or "XK9P2Q", code:777777 ' +
      'Order #123456, INV-2025-0001, total 12.50, on 2025-03-01 at 10:30, ABCDEFG has no digit, abc123 is lower, ' +
      '123456789 is too long, 123 too short, 1234.5678 a number; 123456 again.';
    expect(extractCodes(text)).toEqual(['123456', 'AB12CD34', '4821', 'XK9P2Q', '777777']);
  });

  it('finds a code in the markdown-flavoured text part Mailcoach writes (bold, emphasis, code), not in escaped names', () => {
    expect(extractCodes('Use this code: **482913**\n\nor *QX7P2M*, `5521`, __66778899__ and a\\_2025\\_b')).toEqual([
      '482913',
      'QX7P2M',
      '5521',
      '66778899',
    ]);
  });
});

describe('snippetOf', () => {
  it('is the first 200 characters of the text, whitespace collapsed', () => {
    expect(snippetOf('  Hello\r\n\r\n  there\tyou  ', null)).toBe('Hello there you');
    expect(snippetOf('é'.repeat(300), null)).toBe('é'.repeat(200));
    expect(snippetOf('😀'.repeat(201), null)).toBe('😀'.repeat(200));
  });

  it('equals collapsing all whitespace and cutting at 200 code points, for any text', () => {
    const pieces = ['a', 'bc ', ' ', '  ', '\n', '\r\n\t', '\u00a0', '\u2003', 'é', '😀', 'xyz', '\u3000'];
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let round = 0; round < 500; round++) {
      const text = Array.from(
        { length: Math.floor(random() * 300) },
        () => pieces[Math.floor(random() * pieces.length)],
      ).join('');
      const naive = Array.from(text.replace(/\s+/g, ' ').trim()).slice(0, 200).join('');
      expect(snippetOf(text, null), JSON.stringify(text)).toBe(naive);
    }
  });

  it('reads the HTML as text when the mail has no text (converted as Mailcoach converts a text part)', () => {
    expect(
      snippetOf(null, '<html><head><style>p{color:red}</style></head><body><p>Hi <b>there</b></p></body></html>'),
    ).toBe('Hi **there**');
    expect(snippetOf(null, null)).toBe('');
  });
});

const ROW: LinkedMessageRow = {
  id: 7,
  workspace_id: 1,
  uuid: 'u-1',
  message_id: 'abc@example.com',
  envelope_from: 'app@example.com',
  envelope_to_json: '["bob@example.com","secret@example.com"]',
  from_json: '[{"name":"App","email":"app@example.com"}]',
  to_json: '[{"name":"Bob","email":"bob@example.com"}]',
  cc_json: '[]',
  bcc_json: '[{"name":"","email":"secret@example.com"}]',
  reply_to_json: '[{"name":"","email":"help@example.com"}]',
  subject: 'Your code',
  text_body: 'Use 424242 at https://acme.test/x',
  html_body: '<p>Use 424242 <a href="https://acme.test/y">here</a></p>',
  attachments_json: '[{"filename":"a.pdf","content_type":"application/pdf","content_id":null,"size":3}]',
  size: 999,
  template_name: 'otp',
  replacements_json: '{"code":"424242"}',
  created_at_ms: Date.parse('2025-03-01T10:00:00Z'),
  read: 0,
  campaign_uuid: null,
  email_list_uuid: null,
  subscriber_uuid: null,
  via: 'api',
  username: '',
  mailpit_snippet: '',
  mailpit_attachments: 0,
  mailpit_inlines: 0,
  mailpit_search_text: null,
  mailpit_size: null,
  log_item_uuid: 'log-1',
  send_uuid: null,
  problems: 2,
  tags_json: '["Beta","alpha"]',
};

describe('messageSummary and fullMessage', () => {
  it('present a summary with the documented keys', () => {
    expect(messageSummary({ ...ROW, text_head: ROW.text_body, html_head: null })).toEqual({
      uuid: 'u-1',
      message_id: 'abc@example.com',
      created_at: '2025-03-01T10:00:00.000Z',
      from: { name: 'App', email: 'app@example.com' },
      to: [{ name: 'Bob', email: 'bob@example.com' }],
      cc: [],
      bcc: [{ name: '', email: 'secret@example.com' }],
      subject: 'Your code',
      snippet: 'Use 424242 at https://acme.test/x',
      size: 999,
      attachments: 1,
      template: 'otp',
      origin: null,
      log_item_uuid: 'log-1',
      send_uuid: null,
      read: false,
      via: 'api',
      problems: 2,
      tags: ['Beta', 'alpha'],
    });
  });

  it('present the full message: summary, envelope, headers, bodies, attachments, replacements, links, codes', () => {
    const full = fullMessage(ROW, Buffer.from('Subject: Your code\r\nX-A: b\r\n\r\nbody'));
    expect(full).toMatchObject({
      uuid: 'u-1',
      reply_to: [{ name: '', email: 'help@example.com' }],
      envelope: { from: 'app@example.com', to: ['bob@example.com', 'secret@example.com'] },
      headers: [
        { name: 'Subject', value: 'Your code' },
        { name: 'X-A', value: 'b' },
      ],
      text: ROW.text_body,
      html: ROW.html_body,
      attachments: [
        {
          index: 0,
          filename: 'a.pdf',
          content_type: 'application/pdf',
          content_id: null,
          size: 3,
          url: '/_emulator/messages/u-1/attachments/0',
        },
      ],
      replacements: { code: '424242' },
      links: ['https://acme.test/y', 'https://acme.test/x'],
      codes: ['424242'],
    });
  });
});
