/**
 * Reading a captured message's header fields back from its raw bytes (RFC 5322 §2.2, RFC 2047): for the message
 * view's headers (emulator/message-resource.ts) and the header checks (checks/, search/problem-checker.ts).
 */

export interface HeaderJson {
  name: string;
  value: string;
}

/**
 * The header fields of a raw message, in order: the block before the first empty line, unfolded (a line starting
 * with a space or tab continues the field before it; RFC 5322 §2.2.3), values trimmed and their RFC 2047
 * encoded-words decoded. A line without a colon is skipped.
 */
export function parseHeaders(raw: Buffer): HeaderJson[] {
  const block = headerBlock(raw).toString('utf8');
  const fields: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && fields.length > 0) fields[fields.length - 1] += line;
    else fields.push(line);
  }
  const headers: HeaderJson[] = [];
  for (const field of fields) {
    const colon = field.indexOf(':');
    if (colon <= 0) continue;
    headers.push({ name: field.slice(0, colon).trim(), value: decodeEncodedWords(field.slice(colon + 1).trim()) });
  }
  return headers;
}

/** The bytes before the first empty line (CRLF or bare LF), without decoding the body: it can be megabytes. */
function headerBlock(raw: Buffer): Buffer {
  let from = 0;
  for (;;) {
    const newline = raw.indexOf(0x0a, from);
    if (newline === -1) return raw;
    const next = raw[newline + 1] === 0x0d ? newline + 2 : newline + 1;
    if (raw[next] === 0x0a) return raw.subarray(0, newline > 0 && raw[newline - 1] === 0x0d ? newline - 1 : newline);
    from = newline + 1;
  }
}

const ENCODED_WORD = /=\?([^?\s]+)\?([bBqQ])\?([^?\s]*)\?=/g;

/**
 * RFC 2047: `=?charset?B|Q?text?=`. Whitespace between two encoded-words is dropped (RFC 2047 §6.2), and adjacent words
 * of one charset are decoded together, since an encoder may split a multi-byte character between them.
 */
export function decodeEncodedWords(value: string): string {
  let out = '';
  let at = 0;
  let run: { charset: string; bytes: Buffer[] } | null = null;
  for (const match of value.matchAll(ENCODED_WORD)) {
    const between = value.slice(at, match.index);
    const charset = match[1]!.split('*')[0]!.toLowerCase();
    const bytes = /b/i.test(match[2]!) ? Buffer.from(match[3]!, 'base64') : decodeQ(match[3]!);
    if (run === null || between.trim() !== '') {
      out += decodeRun(run) + between;
      run = null;
    } else if (run.charset !== charset) {
      out += decodeRun(run); // the whitespace between the two words is dropped all the same
      run = null;
    }
    run ??= { charset, bytes: [] };
    run.bytes.push(bytes);
    at = match.index + match[0].length;
  }
  return out + decodeRun(run) + value.slice(at);
}

function decodeRun(run: { charset: string; bytes: Buffer[] } | null): string {
  if (run === null) return '';
  const bytes = Buffer.concat(run.bytes);
  try {
    return new TextDecoder(run.charset).decode(bytes);
  } catch {
    return bytes.toString('latin1'); // an unknown charset: show the bytes rather than fail
  }
}

function decodeQ(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const hex = text.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(char === '_' ? 0x20 : char.charCodeAt(0) & 0xff);
  }
  return Buffer.from(bytes);
}
