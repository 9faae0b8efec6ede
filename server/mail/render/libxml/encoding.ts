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

/** A way to re-read UTF-8 bytes: ISO-8859-1 (one char per byte) or a WHATWG decoder label. */
export type Decoder = 'latin1' | { label: string };

export type EncodingKind = 'utf8' | 'wide' | Decoder | null;

const LATIN1 = new Set(['ISO-8859-1', 'ISO-LATIN-1', 'ISO LATIN 1', 'LATIN1', 'L1', 'ISO8859-1', 'ISO_8859-1', 'CP819', 'IBM819']);

/**
 * xmlParseCharEncoding, then xmlFindCharEncodingHandler (iconv) for the names it does not know: what an encoding
 * name means. 'wide' is UTF-16/UCS (refused for a byte input); null is a name no handler knows.
 */
export function classifyEncoding(name: string): EncodingKind {
  const upper = name.toUpperCase();
  if (upper === 'UTF-8' || upper === 'UTF8') return 'utf8';
  if (/^(UTF-?16|ISO-10646-UCS-[24]|UCS-?[24])$/.test(upper)) return 'wide';
  if (LATIN1.has(upper)) return 'latin1';
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
  return new TextDecoder(decoder.label).decode(bytes);
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
