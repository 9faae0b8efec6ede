/**
 * The header block of a message or a MIME part as Go reads it (net/textproto's ReadMIMEHeader, which Mailpit's
 * /headers and enmime's part headers both use): fields in order, each value unfolded (every line trimmed of spaces
 * and tabs, continuation lines joined with one space), encoded-words left as they are
 * (docs/spec/mailpit-api.md#234-get-apiv1messageidheaders).
 */

export interface HeaderField {
  /** The name as written. */
  name: string;
  value: string;
}

export interface HeaderBlock {
  fields: HeaderField[];
  /** Where the body starts: after the empty line, or the end when there is none. */
  bodyStart: number;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Reads the header lines of `bytes` from `start` to the first empty line (CRLF or bare LF). A line without a colon
 * is left out (Go refuses the message; a stored one is shown rather than refused).
 */
export function readHeaderBlock(bytes: Buffer, start = 0, end = bytes.length): HeaderBlock {
  const fields: HeaderField[] = [];
  let at = start;
  let current: HeaderField | null = null;
  while (at < end) {
    const newline = bytes.indexOf(0x0a, at);
    const lineEnd = newline === -1 || newline >= end ? end : newline;
    const next = lineEnd === end ? end : lineEnd + 1;
    const line = bytes.toString('latin1', at, lineEnd > at && bytes[lineEnd - 1] === 0x0d ? lineEnd - 1 : lineEnd);
    if (line === '') return { fields: toUtf8(fields), bodyStart: next };
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (current !== null) current.value += ` ${trimSpaceTab(line)}`;
    } else {
      const colon = line.indexOf(':');
      current = colon <= 0 ? null : { name: line.slice(0, colon), value: trimSpaceTab(line.slice(colon + 1)) };
      if (current !== null) fields.push(current);
    }
    at = next;
  }
  return { fields: toUtf8(fields), bodyStart: end };
}

/** The first value of a field, by name in any case (Go's Header.Get); '' when there is none. */
export function headerValue(fields: readonly HeaderField[], name: string): string {
  const lower = name.toLowerCase();
  return fields.find((field) => field.name.toLowerCase() === lower)?.value ?? '';
}

/** Whether a field of that name is present. */
export function hasHeader(fields: readonly HeaderField[], name: string): boolean {
  const lower = name.toLowerCase();
  return fields.some((field) => field.name.toLowerCase() === lower);
}

/**
 * Go's textproto.CanonicalMIMEHeaderKey: the first letter and each one after a hyphen upper-case, the others
 * lower-case (`Message-Id`, `Mime-Version`); a name with a character that is not a token character is kept as is.
 */
export function canonicalHeaderKey(name: string): string {
  if (!TOKEN.test(name)) return name;
  let upper = true;
  let key = '';
  for (const char of name) {
    key += upper ? char.toUpperCase() : char.toLowerCase();
    upper = char === '-';
  }
  return key;
}

function trimSpaceTab(text: string): string {
  let from = 0;
  let to = text.length;
  while (from < to && (text[from] === ' ' || text[from] === '\t')) from++;
  while (to > from && (text[to - 1] === ' ' || text[to - 1] === '\t')) to--;
  return text.slice(from, to);
}

/** Lines are split as bytes (latin1 keeps each byte one character); names and values are UTF-8 text (RFC 6532). */
function toUtf8(fields: HeaderField[]): HeaderField[] {
  for (const field of fields) {
    field.name = Buffer.from(field.name, 'latin1').toString('utf8');
    field.value = Buffer.from(field.value, 'latin1').toString('utf8');
  }
  return fields;
}
