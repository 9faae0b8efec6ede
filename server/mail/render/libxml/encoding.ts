/**
 * How libxml2 2.9.14's HTML parser decides the input encoding when PHP's DOMDocument::loadHTML hands it bytes with
 * no encoding (htmlCreateMemoryParserCtxt: the charset is unknown until something says otherwise). Our input is a
 * JS string, i.e. the UTF-8 that PHP would hold; a "switch" re-reads the rest of those UTF-8 bytes in the new
 * encoding, as libxml2 converts the unread rest of its buffer.
 *
 * - htmlParseDocument: the first four bytes `<?xm` (xmlDetectCharEncoding) or a UTF-8 BOM mean UTF-8
 *   (html-to-markdown's `<?xml encoding="UTF-8">` prefix works this way, not through the PI itself).
 * - htmlCheckMeta / htmlCheckEncoding(Direct): a `<meta charset>` or `<meta http-equiv="Content-Type"
 *   content="...charset=...">` start tag, while no encoding is set yet.
 * - htmlCurrentChar: the first non-ASCII byte read with the charset still unknown: htmlFindEncoding looks ahead for
 *   `HTTP-EQUIV ... CONTENT ... CHARSET=`; without one the rest is read as ISO-8859-1.
 */

/** A way to re-read UTF-8 bytes: ISO-8859-1 (one char per byte), windows-1252, or a WHATWG decoder label. */
export type Decoder = 'latin1' | 'cp1252' | { label: string };

export type EncodingKind = 'utf8' | 'wide' | Decoder | null;

const CP1252 = new Set(['WINDOWS-1252', 'CP1252', 'MS-ANSI']);
const LATIN1 = new Set([
  'ISO-8859-1',
  'ISO-LATIN-1',
  'ISO LATIN 1',
  'LATIN1',
  'L1',
  'ISO8859-1',
  'ISO_8859-1',
  'CP819',
  'IBM819',
]);

/**
 * xmlParseCharEncoding, then xmlFindCharEncodingHandler (iconv) for the names it does not know: what an encoding
 * name means. 'wide' is UTF-16/UCS (refused for a byte input); null is a name no handler knows.
 */
export function classifyEncoding(name: string): EncodingKind {
  const upper = name.toUpperCase();
  if (upper === 'UTF-8' || upper === 'UTF8') return 'utf8';
  if (/^(UTF-?16|ISO-10646-UCS-[24]|UCS-?[24])$/.test(upper)) return 'wide';
  if (LATIN1.has(upper)) return 'latin1';
  if (CP1252.has(upper)) return 'cp1252';
  try {
    // iconv knows (at least) the encodings a WHATWG decoder knows; ISO-8859-1 is handled above because WHATWG
    // maps it to windows-1252, iconv does not.
    const decoder = new TextDecoder(name.trim());
    return decoder.encoding === 'utf-8' ? 'utf8' : { label: decoder.encoding };
  } catch {
    return null;
  }
}

/** The UTF-8 bytes of `rest` read in another encoding. */
export function reread(rest: string, decoder: Decoder): string {
  const bytes = Buffer.from(rest, 'utf8');
  if (decoder === 'latin1') return bytes.toString('latin1');
  // Not TextDecoder: Node 20's reads windows-1252 as ISO-8859-1.
  if (decoder === 'cp1252')
    return bytes.toString('latin1').replace(C1, (char) => CP1252_HIGH[char.charCodeAt(0) - 0x80]!);
  return new TextDecoder(decoder.label).decode(bytes);
}

const C1 = /[\x80-\x9F]/g;
/** windows-1252 bytes 0x80-0x9F (the undefined ones as the C1 control of the same number, as WHATWG reads them). */
const CP1252_HIGH = [
  ...'\u20AC\x81\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\x8D\u017D\x8F\x90\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\x9D\u017E\u0178',
];
/** What windows-1252 can write above 0x7F besides ISO-8859-1's 0xA0-0xFF (not the undefined bytes: iconv lacks them). */
const CP1252_BYTES: ReadonlyMap<string, string> = new Map(
  CP1252_HIGH.map((char, k) => [char, String.fromCharCode(0x80 + k)] as const).filter(
    ([char]) => char.charCodeAt(0) > 0xff,
  ),
);

/**
 * An output encoder for saveHTML() (xmlCharEncOutFunc): the bytes of an ISO-8859-1 or windows-1252 document as a
 * string of one char per byte; a char the encoding lacks becomes a decimal reference. Null for other encodings.
 */
export function byteEncoder(name: string): ((text: string) => string) | null {
  const kind = classifyEncoding(name);
  if (kind !== 'latin1' && kind !== 'cp1252') return null;
  return (text) =>
    text.replace(/[^\x00-\x7F]/gu, (char) => {
      const cp = char.codePointAt(0)!;
      if (kind === 'cp1252') {
        const byte = CP1252_BYTES.get(char);
        if (byte !== undefined) return byte;
        if (cp >= 0x80 && cp <= 0x9f) return '&#' + cp + ';';
      }
      return cp <= 0xff ? char : '&#' + cp + ';';
    });
}

const HTTP_EQUIV = /HTTP-EQUIV/gi;
const CONTENT = /CONTENT/gi;
const CHARSET = /CHARSET=/gi;
const CHARSET_NAME = /[A-Za-z0-9\-_:/]*/y;

/** HTMLparser.c htmlFindEncoding: a charset named by `HTTP-EQUIV ... CONTENT ... CHARSET=` from `from` on. */
export function findEncoding(s: string, from: number): string | null {
  let at = from;
  for (const re of [HTTP_EQUIV, CONTENT, CHARSET]) {
    re.lastIndex = at;
    const match = re.exec(s);
    if (match === null) return null;
    at = match.index + (re === CHARSET ? match[0].length : 0);
  }
  CHARSET_NAME.lastIndex = at;
  const name = CHARSET_NAME.exec(s)?.[0] ?? '';
  return name === '' ? null : name;
}

/** HTMLparser.c htmlCheckEncoding: the charset named in a meta http-equiv content value, or null. */
export function contentCharset(content: string): string | null {
  const found = /charset/i.exec(content);
  if (found === null) return null;
  let at = found.index + 7;
  const c = content.charCodeAt(at);
  if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) at = content.indexOf('=');
  if (at < 0 || content[at] !== '=') return null;
  return content.slice(at + 1);
}
