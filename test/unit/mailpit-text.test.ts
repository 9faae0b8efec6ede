/**
 * What Mailpit derives from a message's text and HTML (server/mail/mailpit-view/): the HTML as text
 * (inbucket/html2text), Mailpit's own strip and the Snippet, List-Unsubscribe, the Date, the links its link check
 * asks, the /view HTML, the HTML check's shape and the thumbnails; on the examples of docs/spec/mailpit-api.md.
 */
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { checkCompatibility } from '../../server/checks/compatibility.js';
import { parseHtml } from '../../server/checks/problems.js';
import { htmlCheckResponse } from '../../server/mail/mailpit-view/html-check.js';
import { cutDeepNesting } from '../../server/mail/mailpit-view/html-depth.js';
import { stripHtml } from '../../server/mail/mailpit-view/html-strip.js';
import { htmlToText } from '../../server/mail/mailpit-view/html-to-text.js';
import { listUnsubscribe } from '../../server/mail/mailpit-view/list-unsubscribe.js';
import { goTime, headerDate } from '../../server/mail/mailpit-view/message-date.js';
import { messageLinks } from '../../server/mail/mailpit-view/message-links.js';
import { mailpitSnippet } from '../../server/mail/mailpit-view/snippet.js';
import { thumbnail } from '../../server/mail/mailpit-view/thumbnail.js';
import { embedHtml, linkInlineImages } from '../../server/mail/mailpit-view/view-html.js';

describe('HTML as text (inbucket/html2text)', () => {
  it('writes paragraphs, lists, bold, headings and links as html2text does (a space before all but a period)', () => {
    const html =
      '<html><head><title>T</title><style>p{}</style></head><body><h1>Welcome</h1><p>Hello <b>Jane</b>,</p>' +
      '<ul><li>one</li><li>two</li></ul><p>Go <a href="https://app.test/x">there</a> or ' +
      '<a href="mailto:help@app.test">help@app.test</a>.</p><div>a</div><div>b</div>line<br>break</body></html>';
    expect(htmlToText(html)).toBe(
      '*******\nWelcome\n*******\n\nHello *Jane* ,\n\n* one\n* two\n\nGo there ( https://app.test/x ) or help@app.test.\n\na\nb\nline\nbreak',
    );
  });

  it('quotes blockquotes and keeps pre as it is', () => {
    expect(htmlToText('<blockquote>quoted</blockquote><pre>a  b\n c</pre>')).toBe('> \n> quoted\n\na  b\nc');
  });
});

describe('Snippet (MP CreateSnippet)', () => {
  it('takes the HTML when there is any, else the text, with white space collapsed', () => {
    expect(mailpitSnippet('<p>Test</p>', 'hello from mailpit')).toBe('Test');
    expect(mailpitSnippet(null, '  hello \r\n\t from   mailpit ')).toBe('hello from mailpit');
    expect(mailpitSnippet('<style>p{color:red}</style><p>One</p><p>Two<br>Three<img src="x">Four</p>', null)).toBe(
      'One Two Three Four',
    );
    expect(mailpitSnippet('', '')).toBe('');
  });

  it('cuts past 200 bytes and adds ...; a character cut in two goes, and so does one that fitted exactly', () => {
    const long = 'x'.repeat(300);
    expect(mailpitSnippet(`<p>${long}</p>`, 'other')).toBe(`${'x'.repeat(200)}...`);
    expect(mailpitSnippet(null, `${'x'.repeat(199)}é and more`)).toBe(`${'x'.repeat(199)}...`);
    expect(mailpitSnippet(null, `${'x'.repeat(198)}é and more`)).toBe(`${'x'.repeat(198)}...`);
  });

  it('strips with links for the search text', () => {
    expect(stripHtml('<p>See <a href="https://a.test">this</a> <a href="/rel">that</a></p>', true)).toBe(
      'See this https://a.test that',
    );
  });
});

describe('List-Unsubscribe (MP ListUnsubscribeParser)', () => {
  it('reads one mailto and one http link', () => {
    expect(listUnsubscribe('<mailto:u@example.test>, <https://example.test/u>', '')).toEqual({
      Header: '<mailto:u@example.test>, <https://example.test/u>',
      Links: ['mailto:u@example.test', 'https://example.test/u'],
      Errors: '',
      HeaderPost: '',
    });
    expect(listUnsubscribe('', 'List-Unsubscribe=One-Click')).toEqual({
      Header: '',
      Links: [],
      Errors: '',
      HeaderPost: '',
    });
  });

  it('says what is wrong', () => {
    expect(listUnsubscribe('https://example.test/u', '').Errors).toBe(
      '"https://example.test/u" no valid unsubscribe links found',
    );
    expect(listUnsubscribe('<https://a.test> x', '').Errors).toBe('"<https://a.test> x" should be enclosed in <>');
    expect(listUnsubscribe('<ftp://a.test>, <https://a.test/a b>', 'List-Unsubscribe=One-Click')).toEqual({
      Header: '<ftp://a.test>, <https://a.test/a b>',
      Links: [],
      Errors:
        '"ftp://a.test" should start with either http(s):// or mailto:, "https://a.test/a b" should not contain spaces',
      HeaderPost: 'List-Unsubscribe=One-Click',
    });
  });
});

describe('Date', () => {
  it("keeps the header's own offset, Z for +0000; null for what Go cannot read", () => {
    expect(headerDate('Fri, 02 Jan 2026 15:04:05 +1300')).toBe('2026-01-02T15:04:05+13:00');
    expect(headerDate('2 Jan 2026 15:04 -0000')).toBe('2026-01-02T15:04:00Z');
    expect(headerDate('Fri, 2 Jan 26 15:04:05 -0530 (IST)')).toBe('2026-01-02T15:04:05-05:30');
    expect(headerDate('Thu, 01 Jan 1970 00:00:00 GMT')).toBe('1970-01-01T00:00:00Z');
    expect(headerDate('2026-01-02T15:04:05Z')).toBeNull();
    expect(headerDate('Fri, 31 Feb 2026 15:04:05 +0000')).toBeNull();
    expect(headerDate('')).toBeNull();
  });

  it('writes times as Go does: the fraction without trailing zeros', () => {
    expect(goTime(Date.UTC(2026, 0, 2, 3, 4, 5, 120))).toBe('2026-01-02T03:04:05.12Z');
    expect(goTime(Date.UTC(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02T03:04:05Z');
  });
});

describe('link check links (MP linkcheck)', () => {
  it('takes HTML links, stylesheets, images, then text URLs with a character before them, each once', () => {
    const html =
      '<link rel="stylesheet" href="https://s.test/a.css"><a href="https://a.test/1">1</a>' +
      '<img src="https://i.test/x.png"><a href="https://a.test/1">again</a><a href="mailto:x@y.test">m</a>' +
      '<img src="cid:logo">';
    const text = 'https://start.test is not taken; see https://t.test/page, or <https://b.test/in\nbrackets>';
    expect(messageLinks(html, text)).toEqual([
      'https://a.test/1',
      'https://s.test/a.css',
      'https://i.test/x.png',
      'https://t.test/page,',
      'https://b.test/inbrackets',
    ]);
  });
});

describe('/view HTML', () => {
  it('points cid: references at the part, as Mailpit’s expression finds them', () => {
    const parts = [{ PartID: '1.2', ContentID: 'logo', FileName: '', ContentType: '', Size: 0, Checksums: {} }];
    const html = '<img src="cid:logo"><img src=CID:logo><p>cid:logo</p><img src="cid:logo2">';
    expect(linkInlineImages(html, (id) => `/api/v1/message/X/part/${id}`, parts as never)).toBe(
      '<img src="/api/v1/message/X/part/1.2"><img src=/api/v1/message/X/part/1.2><p>cid:logo</p><img src="cid:logo2">',
    );
  });

  it('?embed=1: a whole document whose links open in a new tab', () => {
    expect(embedHtml('<p><a href="https://example.test" target="_self">x</a><br></p>')).toBe(
      '<html><head></head><body><p><a href="https://example.test" target="_blank" rel="noreferrer noopener">x</a><br></p></body></html>',
    );
  });
});

describe('deeply nested HTML', () => {
  const html = `${'<div style="display:flex">'.repeat(20_000)}x${'</div>'.repeat(20_000)}`;

  it('is cut at 256 levels for ?embed=1 (the serializer recurses)', () => {
    expect(embedHtml(html).match(/<div/g)).toHaveLength(256);
  });

  it('is cut at 256 levels for the HTML check (our client-support check recurses)', () => {
    const { document, lineOf } = parseHtml(html);
    cutDeepNesting(document!.children);
    const response = htmlCheckResponse(html, document!.children, checkCompatibility(document!, lineOf!));
    expect(response.Total.Nodes).toBe(256);
  });
});

describe('HTML check', () => {
  it("answers Mailpit's HTMLCheckResponse from our client-support check", () => {
    const html = '<div style="text-align:center;display:flex"><p>x</p></div>';
    const { document, lineOf } = parseHtml(html);
    const response = htmlCheckResponse(html, document!.children, checkCompatibility(document!, lineOf!));
    expect(Object.keys(response)).toEqual(['Warnings', 'Platforms', 'Total']);
    expect(Object.keys(response.Total)).toEqual(['Tests', 'Nodes', 'Supported', 'Partial', 'Unsupported']);
    expect(response.Total.Nodes).toBe(2);
    expect(response.Total.Tests).toBeGreaterThan(100);
    const flex = response.Warnings.find((warning) => warning.Title === 'display:flex')!;
    expect(Object.keys(flex)).toEqual([
      'Slug',
      'Title',
      'Description',
      'URL',
      'Category',
      'Tags',
      'Keywords',
      'Results',
      'NotesByNumber',
      'Score',
    ]);
    expect(flex).toMatchObject({
      Slug: 'css-display-flex',
      Category: 'css',
      URL: expect.stringContaining('caniemail'),
    });
    expect(flex.Results).toContainEqual(
      expect.objectContaining({ Family: 'outlook', Platform: 'windows', Support: 'no' }),
    );
    expect(flex.Score.Found).toBe(1);
    expect(response.Platforms.windows).toContain('Outlook');
    expect(response.Total.Supported).toBeLessThan(100);
  });
});

describe('thumbnails', () => {
  const pixel = (jpegBytes: Buffer, x: number, y: number) => {
    const image = jpeg.decode(jpegBytes, { useTArray: true });
    expect([image.width, image.height]).toEqual([180, 120]);
    return [...image.data.subarray((y * 180 + x) * 4, (y * 180 + x) * 4 + 3)];
  };
  const png = (width: number, height: number, rgba: [number, number, number, number]) => {
    const image = new PNG({ width, height });
    for (let i = 0; i < width * height; i++) image.data.set(rgba, i * 4);
    return PNG.sync.write(image);
  };
  const near = (actual: number[], expected: number[]) => {
    for (const [i, value] of actual.entries()) expect(Math.abs(value - expected[i]!)).toBeLessThanOrEqual(8);
  };

  it('centres a small image on white', () => {
    const thumb = thumbnail('image/png', png(20, 10, [200, 0, 0, 255]));
    near(pixel(thumb, 90, 60), [200, 0, 0]);
    near(pixel(thumb, 5, 5), [255, 255, 255]);
  });

  it('covers the whole thumbnail with a large one, and shows transparency as white', () => {
    near(pixel(thumbnail('image/png', png(400, 400, [0, 0, 200, 255])), 2, 2), [0, 0, 200]);
    near(pixel(thumbnail('image/png', png(400, 400, [0, 0, 0, 0])), 90, 60), [255, 255, 255]);
    const photo = jpeg.encode({ data: Buffer.alloc(300 * 200 * 4, 90), width: 300, height: 200 }, 90).data;
    near(pixel(thumbnail('image/jpeg', photo), 90, 60), [90, 90, 90]);
  });

  it('is blank white for a part that is no image or does not decode', () => {
    near(pixel(thumbnail('text/plain', png(20, 10, [200, 0, 0, 255])), 90, 60), [255, 255, 255]);
    near(pixel(thumbnail('image/png', Buffer.from('not a png')), 90, 60), [255, 255, 255]);
    near(pixel(thumbnail('image/gif', Buffer.from('GIF89a')), 90, 60), [255, 255, 255]);
  });
});
