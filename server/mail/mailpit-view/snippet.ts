/**
 * A message's Snippet as Mailpit makes it (MP internal/tools/snippets.go;
 * docs/spec/mailpit-api.md#254-snippet-mp-internaltoolssnippetsgo-internalhtml2texthtml2textgo): the HTML's text
 * when there is HTML, else the text with its white space collapsed; past 200 bytes, cut at 200 bytes (never inside
 * a UTF-8 sequence) and `...` added. For a list item, a websocket `new` event and the message itself.
 */
import { stripHtml } from './html-strip.js';

const LIMIT = 200;

export function mailpitSnippet(html: string | null, text: string | null): string {
  const trimmedHtml = (html ?? '').trim();
  if (trimmedHtml !== '') return cut(stripHtml(trimmedHtml, false));
  const trimmedText = (text ?? '').trim();
  if (trimmedText === '') return '';
  return cut(
    trimmedText
      .replaceAll('\uFEFF', ' ')
      .replace(/[\t\n\f\r ]+/g, ' ')
      .trim(),
  );
}

function cut(value: string): string {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length <= LIMIT) return value;
  return `${truncate(bytes, LIMIT)}...`;
}

/**
 * Tailscale's truncate, as Mailpit copies it: back up over continuation bytes, then over the lead byte too (a
 * character that fitted exactly is dropped as well: Mailpit's result, kept).
 */
function truncate(bytes: Buffer, limit: number): string {
  let n = limit;
  while (n > 0 && (bytes[n - 1]! & 0xc0) === 0x80) n--;
  if (n > 0 && (bytes[n - 1]! & 0xc0) === 0xc0) n--;
  return bytes.toString('utf8', 0, n);
}
