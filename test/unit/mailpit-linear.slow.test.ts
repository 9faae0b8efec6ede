/**
 * The Mailpit view's scans over what a sender wrote (server/mail/mailpit-view/) take one pass, where the regular
 * expressions Mailpit runs in Go's linear engine would backtrack in JavaScript's: a megabyte of `(` or `<` in a
 * List-Unsubscribe header, of `<http://` in a text part, a long quoted text, many cid: references. Checked by how
 * the time grows (test/support/scaling.ts), as test/unit/linear-time.slow.test.ts checks the other one-pass rewrites.
 */
import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../server/mail/mailpit-view/html-to-text.js';
import { listUnsubscribe } from '../../server/mail/mailpit-view/list-unsubscribe.js';
import { messageLinks } from '../../server/mail/mailpit-view/message-links.js';
import { linkInlineImages } from '../../server/mail/mailpit-view/view-html.js';
import { growth, LINEAR_GROWTH } from '../support/scaling.js';

describe('Mailpit view scans', () => {
  it.each([
    ['(', 'an unclosed comment'],
    ['<', 'unclosed brackets'],
    ['<a\n>', 'brackets across lines'],
    ['>x<', 'joins'],
  ])('reads a List-Unsubscribe of %j repeated (%s) in one pass', (unit) => {
    expect(
      growth(
        (size) => unit.repeat(size),
        (header) => listUnsubscribe(header, ''),
        20_000,
      ),
    ).toBeLessThan(LINEAR_GROWTH);
  });

  it('finds the text links of a megabyte of unclosed <http:// in one pass', () => {
    expect(messageLinks('', '<http://a'.repeat(100_000))).toEqual([]);
    expect(
      growth(
        (size) => '<http://a '.repeat(size),
        (text) => messageLinks('', text),
        10_000,
      ),
    ).toBeLessThan(LINEAR_GROWTH);
  });

  it('breaks a long quoted text into lines in one pass', () => {
    expect(
      growth(
        (size) => `<blockquote>${'word '.repeat(size)}</blockquote>`,
        (html) => htmlToText(html),
        5_000,
      ),
    ).toBeLessThan(LINEAR_GROWTH);
  });

  it('links many cid: references in one pass', () => {
    const parts = [{ PartID: '2', ContentID: 'logo', FileName: '', ContentType: '', Size: 0, Checksums: {} }] as never;
    expect(
      growth(
        (size) => '<img src="cid:logo">'.repeat(size),
        (html) => linkInlineImages(html, (id) => `/part/${id}`, parts),
        10_000,
      ),
    ).toBeLessThan(LINEAR_GROWTH);
  });
});
