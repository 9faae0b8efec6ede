/**
 * PHP's json_encode, byte for byte, for the two encodings Laravel uses (reference §1.5):
 * - compact (flags 0): success, 401 and 422 bodies; `/` is written `\/`;
 * - pretty (JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES): every HttpException body (400/403/404/405/429/500).
 * In both, non-ASCII is written as lowercase `\uXXXX` (surrogate pairs above the BMP), as PHP does without
 * JSON_UNESCAPED_UNICODE.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface PhpJsonOptions {
  pretty?: boolean;
}

export function phpJsonEncode(value: unknown, options: PhpJsonOptions = {}): string {
  const pretty = options.pretty === true;
  return encode(value, pretty, pretty ? '\n' : '', !pretty);
}

function encode(value: unknown, pretty: boolean, newline: string, escapeSlashes: boolean): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '0';
  if (typeof value === 'string') return encodeString(value, escapeSlashes);
  const indent = pretty ? newline + '    ' : '';
  const inner = (text: string) => (pretty ? text.replaceAll('\n', '\n    ') : text);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => indent + inner(encode(item, pretty, newline, escapeSlashes)));
    return `[${items.join(',')}${newline}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  const separator = pretty ? ': ' : ':';
  const items = entries.map(
    ([key, item]) =>
      indent + encodeString(key, escapeSlashes) + separator + inner(encode(item, pretty, newline, escapeSlashes)),
  );
  return `{${items.join(',')}${newline}}`;
}

const SHORT_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

function encodeString(value: string, escapeSlashes: boolean): string {
  let out = '"';
  for (let i = 0; i < value.length; i++) {
    const char = value[i] as string;
    const code = value.charCodeAt(i);
    if (code >= 0x20 && code < 0x7f && char !== '"' && char !== '\\' && char !== '/') {
      out += char;
    } else if (char === '/') {
      out += escapeSlashes ? '\\/' : '/';
    } else if (SHORT_ESCAPES[char] !== undefined) {
      out += SHORT_ESCAPES[char];
    } else if (code === 0x7f) {
      out += char;
    } else {
      out += unicodeEscape(isLoneSurrogate(value, i) ? 0xfffd : code);
    }
  }
  return out + '"';
}

function unicodeEscape(code: number): string {
  return '\\u' + code.toString(16).padStart(4, '0');
}

/** A lone UTF-16 surrogate cannot be encoded by PHP; we write U+FFFD instead of failing the response. */
function isLoneSurrogate(value: string, index: number): boolean {
  const code = value.charCodeAt(index);
  if (code >= 0xd800 && code <= 0xdbff) {
    const next = value.charCodeAt(index + 1);
    return !(next >= 0xdc00 && next <= 0xdfff);
  }
  if (code >= 0xdc00 && code <= 0xdfff) {
    const previous = value.charCodeAt(index - 1);
    return !(previous >= 0xd800 && previous <= 0xdbff);
  }
  return false;
}
