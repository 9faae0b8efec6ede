/**
 * Header fields as nodemailer's MimeNode writes them (lib/mime-node/index.js, buildHeaders() and
 * encodeHeaderValue()), for the fields the direct serializer writes: unstructured text (Subject, custom headers),
 * msg-ids, the Date, prepared values, and the folding every line gets. The RFC 2047 and folding work itself is
 * done by exact, linear-memory ports of nodemailer's lib/mime-funcs encodeWord(), encodeWords() and foldLines()
 * (encoded-words.ts, header-folding.ts), property-tested against them.
 */
import { encodeWord, encodeWordsWhole } from './encoded-words.js';
import { foldHeaderLines } from './header-folding.js';
import { mimeWordEncoding } from './mime-word-encoding.js';

/** MimeNode folds every header line it encodes at 76 characters (buildHeaders(): foldLines(key + ': ' + value, 76)). */
const FOLD_AT = 76;

/**
 * One header line, folded, or undefined when MimeNode would leave the field out: buildHeaders() skips a field whose
 * encoded value is blank ("skip empty lines").
 */
export function headerLine(key: string, encodedValue: string): string | undefined {
  if (encodedValue.trim() === '') return undefined;
  const line = `${key}: ${encodedValue}`;
  // foldLines() returns a string shorter than the line length unchanged.
  return line.length < FOLD_AT ? line : foldHeaderLines(line, FOLD_AT);
}

/**
 * A `{ prepared: true, value }` header: MimeNode writes `key: value` as it is, unfolded, and skips a blank value
 * (buildHeaders(), the `options.prepared` branch).
 */
export function preparedHeaderLine(key: string, value: string): string | undefined {
  return value.trim() === '' ? undefined : `${key}: ${value}`;
}

/**
 * MimeNode._normalizeHeaderKey(): printable ASCII without the colon, Camel-Case words, upper case MIME, DKIM, ARC,
 * BIMI, X-SMTPAPI, OTP-Token and the -SPF, -FBL, -ID, -MD5 suffixes, and Content-features.
 */
export function normalizeHeaderKey(key: string): string {
  return key
    .replace(/[\s\x00-\x20\x7f:]/g, '')
    .toLowerCase()
    .replace(/^X-SMTPAPI$|^(MIME|DKIM|ARC|BIMI)\b|^OTP(?=-Token$)|^[a-z]|-(SPF|FBL|ID|MD5)$|-[a-z]/gi, (c) =>
      c.toUpperCase(),
    )
    .replace(/^Content-Features$/i, 'Content-features');
}

/**
 * An unstructured value (Subject, a custom header): encodeHeaderValue()'s default branch. Line breaks become
 * spaces; a control character forces one RFC 2047 encoded word over the whole value, anything else goes through
 * encodeWords() with encodeAll (MimeNode._encodeHeaderText(), _encodeWords()).
 */
export function encodeUnstructured(value: string): string {
  const text = value.replace(/\r?\n|\r/g, ' ');
  if (/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/.test(text)) return encodeWord(text, mimeWordEncoding(text), 52);
  // encodeWords() returns a value without a quote, non-ASCII or `=?` unchanged; one regex scan for the usual case.
  if (!/["\u0080-\uffff]|=\?/.test(text)) return text;
  return encodeWordsWhole(text, mimeWordEncoding(text), 52);
}

/**
 * A msg-id field (Message-ID, Content-ID): encodeHeaderValue() turns line breaks into spaces, drops the other
 * control characters (HT stays) and adds the angle brackets that are missing.
 */
export function encodeMsgId(value: string): string {
  let id = value.replace(/\r?\n|\r/g, ' ').replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g, '');
  if (id.charAt(0) !== '<') id = `<${id}`;
  if (id.charAt(id.length - 1) !== '>') id = `${id}>`;
  return id;
}

/** encodeHeaderValue('Date', date) for a Date object, and buildHeaders()'s default Date of the root node. */
export function formatDate(date: Date): string {
  return date.toUTCString().replace(/GMT/, '+0000');
}
