/**
 * The pieces of Go's standard library that enmime's builder writes a message with (docs/spec/mailpit-api.md#2311-post-apiv1send),
 * ported byte for byte: net/mail's Address.String(), mime's WordEncoder and FormatMediaType, mime/quotedprintable's
 * Writer, net/textproto's CanonicalMIMEHeaderKey, time.RFC1123Z. Pure functions over strings and bytes.
 */

const UPPER_HEX = '0123456789ABCDEF';
const TSPECIALS = '()<>@,;:\\"/[]?=';
/** The charset enmime names (its `utf8` constant). */
const UTF8 = 'utf-8';

/** Go's mime.isTokenChar. */
function isTokenChar(char: string): boolean {
  const code = char.charCodeAt(0);
  return code > 0x20 && code < 0x7f && !TSPECIALS.includes(char);
}

function isToken(text: string): boolean {
  if (text === '') return false;
  for (const char of text) if (!isTokenChar(char)) return false;
  return true;
}

/** Go's mime.needsEncoding (mediatype.go and encodedword.go): a byte outside printable ASCII but tab. */
function needsEncoding(bytes: Buffer): boolean {
  for (const byte of bytes) if ((byte < 0x20 || byte > 0x7e) && byte !== 0x09) return true;
  return false;
}

/** mime.FormatMediaType: the type lower-cased, parameters sorted by name; '' when a part is not a token. */
export function formatMediaType(type: string, params: Record<string, string>): string {
  const slash = type.indexOf('/');
  let out: string;
  if (slash === -1) {
    if (!isToken(type)) return '';
    out = type.toLowerCase();
  } else {
    const major = type.slice(0, slash);
    const sub = type.slice(slash + 1);
    if (!isToken(major) || !isToken(sub)) return '';
    out = `${major.toLowerCase()}/${sub.toLowerCase()}`;
  }
  for (const attribute of Object.keys(params).sort(byCodeUnit)) {
    const value = params[attribute]!;
    out += '; ';
    if (!isToken(attribute)) return '';
    out += attribute.toLowerCase();
    const bytes = Buffer.from(value, 'utf8');
    if (needsEncoding(bytes)) {
      // RFC 2231 section 4
      out += "*=utf-8''";
      for (const byte of bytes) {
        const char = String.fromCharCode(byte);
        const plain =
          byte > 0x20 && byte < 0x7f && char !== '*' && char !== "'" && char !== '%' && !TSPECIALS.includes(char);
        out += plain ? char : `%${UPPER_HEX[byte >> 4]}${UPPER_HEX[byte & 0x0f]}`;
      }
      continue;
    }
    out += '=';
    out += isToken(value) ? value : `"${value.replace(/["\\]/g, '\\$&')}"`;
  }
  return out;
}

/** The longest encoded-word Go writes, and what is left of it for the encoded text (`=?UTF-8?q?` ... `?=`). */
const MAX_CONTENT_LEN = 75 - '=?UTF-8?q?'.length - '?='.length;
/** base64.StdEncoding.DecodedLen(MAX_CONTENT_LEN). */
const MAX_BASE64_LEN = Math.floor(MAX_CONTENT_LEN / 4) * 3;

/**
 * mime.BEncoding / mime.QEncoding `.Encode("utf-8", text)`: the text as it is when it needs no encoding, else
 * encoded-words of at most 75 characters, split between characters, separated by a space.
 */
export function encodeWords(encoding: 'b' | 'q', text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  if (!needsEncoding(bytes)) return text;
  const open = `=?${UTF8}?${encoding}?`;
  const words: string[] = [];
  if (encoding === 'b') {
    if (Math.ceil(bytes.length / 3) * 4 <= MAX_CONTENT_LEN) return `${open}${bytes.toString('base64')}?=`;
    let start = 0;
    let length = 0;
    for (let at = 0; at < bytes.length; ) {
      const size = utf8Length(bytes, at);
      if (length + size <= MAX_BASE64_LEN) length += size;
      else {
        words.push(bytes.subarray(start, at).toString('base64'));
        start = at;
        length = size;
      }
      at += size;
    }
    words.push(bytes.subarray(start).toString('base64'));
  } else {
    let word = '';
    let length = 0;
    for (let at = 0; at < bytes.length; ) {
      const byte = bytes[at]!;
      const plain = byte >= 0x20 && byte <= 0x7e && byte !== 0x3d && byte !== 0x3f && byte !== 0x5f;
      const size = plain ? 1 : utf8Length(bytes, at);
      const encodedLength = plain ? 1 : 3 * size;
      if (length + encodedLength > MAX_CONTENT_LEN) {
        words.push(word);
        word = '';
        length = 0;
      }
      word += qString(bytes.subarray(at, at + size));
      length += encodedLength;
      at += size;
    }
    words.push(word);
  }
  return words.map((word) => `${open}${word}?=`).join(' ');
}

/** mime's writeQString. */
function qString(bytes: Buffer): string {
  let out = '';
  for (const byte of bytes) {
    if (byte === 0x20) out += '_';
    else if (byte >= 0x21 && byte <= 0x7e && byte !== 0x3d && byte !== 0x3f && byte !== 0x5f)
      out += String.fromCharCode(byte);
    else out += `=${UPPER_HEX[byte >> 4]}${UPPER_HEX[byte & 0x0f]}`;
  }
  return out;
}

/** How many bytes the UTF-8 sequence at `at` takes (1 for an invalid byte, as Go's DecodeRune). */
function utf8Length(bytes: Buffer, at: number): number {
  const byte = bytes[at]!;
  const size = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
  if (size === 1 || at + size > bytes.length) return 1;
  for (let next = at + 1; next < at + size; next++) if ((bytes[next]! & 0xc0) !== 0x80) return 1;
  return size;
}

export type TransferEncoding = '7bit' | 'quoted-printable' | 'base64';

/**
 * enmime's selectTransferEncoding: 7bit when every byte is printable ASCII (or tab; CR and LF too unless
 * `quoteLineBreaks`), base64 once the others reach a fifth of the bytes, quoted-printable in between.
 */
export function selectTransferEncoding(content: Buffer, quoteLineBreaks: boolean): TransferEncoding {
  if (content.length === 0) return '7bit';
  const threshold = Math.floor((20 * content.length) / 100);
  let binary = 0;
  for (const byte of content) {
    if ((byte < 0x20 || byte > 0x7e) && byte !== 0x09) {
      if (!quoteLineBreaks && (byte === 0x0d || byte === 0x0a)) continue;
      binary++;
      if (binary >= threshold) return 'base64';
    }
  }
  return binary === 0 ? '7bit' : 'quoted-printable';
}

const QP_LINE_MAX = 76;

/** mime/quotedprintable's Writer (text mode: CR, LF and CRLF become CRLF), written and closed. */
export function quotedPrintable(content: Buffer): Buffer {
  const out: string[] = [];
  let line = '';
  let cr = false;
  const flush = () => {
    out.push(line);
    line = '';
  };
  const insertCrlf = () => {
    line += '\r\n';
    flush();
  };
  const encode = (byte: number) => {
    if (QP_LINE_MAX - 1 - line.length < 3) {
      line += '=';
      insertCrlf();
    }
    line += `=${UPPER_HEX[byte >> 4]}${UPPER_HEX[byte & 0x0f]}`;
  };
  /** A space or tab that ends a line is encoded. */
  const checkLastByte = () => {
    const last = line.at(-1);
    if (last === ' ' || last === '\t') {
      line = line.slice(0, -1);
      encode(last.charCodeAt(0));
    }
  };
  for (const byte of content) {
    const literal = (byte >= 0x21 && byte <= 0x7e && byte !== 0x3d) || byte === 0x20 || byte === 0x09;
    if (byte === 0x0a || byte === 0x0d) {
      if (cr && byte === 0x0a) {
        cr = false;
        continue;
      }
      if (byte === 0x0d) cr = true;
      checkLastByte();
      insertCrlf();
      continue;
    }
    cr = false;
    if (literal) {
      if (line.length === QP_LINE_MAX - 1) {
        line += '=';
        insertCrlf();
      }
      line += String.fromCharCode(byte);
    } else encode(byte);
  }
  checkLastByte();
  flush();
  return Buffer.from(out.join(''), 'latin1');
}

/** net/textproto's validHeaderFieldByte: a token character. */
const HEADER_FIELD_BYTE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * textproto.CanonicalMIMEHeaderKey: the first letter and each letter after a hyphen upper-case, the rest lower
 * (`x-ip` is `X-Ip`); a name with a character no header name has is left as it is.
 */
export function canonicalHeaderKey(name: string): string {
  if (!HEADER_FIELD_BYTE.test(name)) return name;
  let upper = true;
  let out = '';
  for (const char of name) {
    out += upper ? char.toUpperCase() : char.toLowerCase();
    upper = char === '-';
  }
  return out;
}

/** net/mail's isAtext with dot false: a visible character (any multi-byte one too) but the specials. */
function isAtext(char: string): boolean {
  if ('()<>[]:;@\\,".'.includes(char)) return false;
  return isVchar(char);
}

function isVchar(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x21 && code <= 0x7e) || code >= 0x80;
}

/** net/mail's quoteString: quotes and backslashes escaped, characters that are neither visible nor space dropped. */
function quoteString(text: string): string {
  let out = '"';
  for (const char of text) {
    if (char === ' ' || char === '\t' || (isVchar(char) && char !== '\\' && char !== '"')) out += char;
    else if (isVchar(char)) out += `\\${char}`;
  }
  return `${out}"`;
}

/**
 * net/mail's Address.String(): `<local@domain>` (the local part quoted when it is not a dot-atom), after the name
 * quoted when it is printable ASCII, else as an encoded-word (base64 when it has characters an encoded-word in a
 * phrase must not).
 */
export function formatAddress(name: string, address: string): string {
  const at = address.lastIndexOf('@');
  let local = at === -1 ? address : address.slice(0, at);
  const domain = at === -1 ? '' : address.slice(at + 1);
  const chars = [...local];
  const quoteLocal = chars.some((char, index) => {
    if (isAtext(char)) return false;
    if (char === '.' && index > 0 && chars[index - 1] !== '.' && index < chars.length - 1) return false;
    return true;
  });
  if (quoteLocal) local = quoteString(local);
  const angle = `<${local}@${domain}>`;
  if (name === '') return angle;
  const printable = [...name].every((char) => {
    const code = char.codePointAt(0)!;
    return code < 0x80 && (isVchar(char) || char === ' ' || char === '\t');
  });
  if (printable) return `${quoteString(name)} ${angle}`;
  if (/["#$%&'(),.:;<>@[\]^`{|}~]/.test(name)) return `${encodeWords('b', name)} ${angle}`;
  return `${encodeWords('q', name)} ${angle}`;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** time.RFC1123Z in UTC (Mailpit's zone in its Docker image): `Mon, 02 Jan 2006 15:04:05 +0000`. */
export function rfc1123z(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return (
    `${DAYS[date.getUTCDay()]}, ${two(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} +0000`
  );
}

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
