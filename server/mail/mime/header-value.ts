/**
 * nodemailer's lib/mime-funcs parseHeaderValue() (10.6.0), ported to flat memory with the same result for every
 * input: the same value, the same parameters in the same key order. content-fields.ts parses a client's attachment
 * content type with it, which can be a megabyte long.
 *
 * Why not nodemailer's own: it builds the value, each parameter name and each whitespace run a character at a
 * time (`value += chr`), so a megabyte content type is a rope of a million nodes before it is flattened, ten times
 * the memory and several times the time of this port
 * (docs/performance.md#2026-11-25-9acfc0a-attachment-content-types-parsed-and-built-in-flat-memory).
 * Here the same state machine runs over the characters, but what it keeps of the input is a list of index ranges
 * (adjacent characters extend the last range), written out as slices once a value is complete.
 * test/unit/header-value.test.ts compares the two on arbitrary and megabyte inputs.
 */
import { isJsWhitespace } from './js-whitespace.js';

export interface ParsedHeaderValue {
  value: string;
  params: Record<string, string>;
}

/**
 * A string built from many pieces in bounded extra memory: pieces are joined a few thousand at a time, so neither a
 * rope of a million nodes nor an array of a million pieces is ever held.
 */
class ChunkedText {
  private chunks: string[] = [];
  private pieces: string[] = [];

  push(piece: string): void {
    this.pieces.push(piece);
    if (this.pieces.length === 4096) {
      this.chunks.push(this.pieces.join(''));
      this.pieces = [];
    }
  }

  text(): string {
    if (this.chunks.length === 0) return this.pieces.join('');
    this.chunks.push(this.pieces.join(''));
    return this.chunks.join('');
  }
}

/**
 * Characters of the input kept as [start, end) ranges, in order: what parseHeaderValue() appends a character at a
 * time. A run of adjacent characters is one range, so a megabyte token costs two numbers.
 */
class Ranges {
  private bounds: number[] = [];
  length = 0;

  add(index: number): void {
    const last = this.bounds.length - 1;
    if (last > 0 && this.bounds[last] === index) this.bounds[last] = index + 1;
    else this.bounds.push(index, index + 1);
    this.length += 1;
  }

  /** Appends another list's ranges (the held-back whitespace), joining the seam when they touch. */
  addAll(other: Ranges): void {
    for (let i = 0; i < other.bounds.length; i += 2) {
      const start = other.bounds[i]!;
      const end = other.bounds[i + 1]!;
      const last = this.bounds.length - 1;
      if (last > 0 && this.bounds[last] === start) this.bounds[last] = end;
      else this.bounds.push(start, end);
    }
    this.length += other.length;
  }

  clear(): void {
    this.bounds = [];
    this.length = 0;
  }

  text(source: string): string {
    if (this.bounds.length === 2) return source.slice(this.bounds[0], this.bounds[1]);
    const parts = new ChunkedText();
    for (let i = 0; i < this.bounds.length; i += 2) parts.push(source.slice(this.bounds[i], this.bounds[i + 1]));
    return parts.text();
  }
}

/** lib/shared/objects isProtoKey() and _isParamName(): a name that can be written as an own property. */
const isParamName = (name: string) => !!name && name !== '__proto__';

/** lib/mime-funcs TOKEN: an RFC 2045 token, which a continuation's charset must be. */
const TOKEN = /^[^\x00-\x20\x7f()<>@,;:\\"/[\]?=]+$/;

/** _findCommentEnd(): the offset of the `)` closing the comment opening at `start`, or -1. */
function findCommentEnd(str: string, start: number): number {
  let depth = 0;
  for (let i = start, len = str.length; i < len; i++) {
    const c = str.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x28) depth++;
    else if (c === 0x29 && --depth === 0) return i;
  }
  return -1;
}

export function parseHeaderValue(str: string, options?: { stripComments?: boolean }): ParsedHeaderValue {
  const response: ParsedHeaderValue = { value: '', params: {} };
  let stripComments = !!options?.stripComments;
  // The first of a duplicated parameter wins, as in nodemailer.
  const setParam = (name: string, value: string) => {
    name = name.toLowerCase();
    if (isParamName(name) && !Object.hasOwn(response.params, name)) response.params[name] = value;
  };
  let key: string | false = false;
  const value = new Ranges();
  let stage: 'key' | 'value' = 'value';
  let quote = false;
  let escaped = false;
  const pendingSpace = new Ranges();
  let quoteClosed = false;
  const flushSpace = () => {
    if (value.length) value.addAll(pendingSpace);
    pendingSpace.clear();
  };
  const addChr = (index: number) => {
    flushSpace();
    value.add(index);
  };
  const takeValue = () => {
    const taken = value.text(str);
    value.clear();
    pendingSpace.clear();
    quoteClosed = false;
    return taken;
  };
  const storeValue = () => {
    const taken = takeValue();
    if (key === false) response.value = taken;
    else setParam(key, taken);
  };
  const storeEmptyKey = () => setParam(takeValue().trim(), '');

  for (let i = 0, len = str.length; i < len; i++) {
    const chr = str.charCodeAt(i);
    if (
      stripComments &&
      chr === 0x28 &&
      !quote &&
      !quoteClosed &&
      !(stage === 'value' && key !== false && !pendingSpace.length)
    ) {
      let end = findCommentEnd(str, i);
      if (end < 0 && str.indexOf(';', i) < 0) end = len - 1;
      if (end >= 0) {
        i = end;
        continue;
      }
      stripComments = false;
    }
    if (stage === 'key') {
      if (chr === 0x3d) {
        key = takeValue().trim();
        stage = 'value';
        continue;
      }
      if (chr === 0x3b) {
        storeEmptyKey();
        continue;
      }
      value.add(i);
    } else {
      if (quoteClosed && chr !== 0x3b) {
        escaped = false;
        continue;
      }
      if (escaped) {
        addChr(i);
      } else if (quote && chr === 0x5c) {
        escaped = true;
        continue;
      } else if (quote && chr === 0x22) {
        quote = false;
        quoteClosed = true;
      } else if (!quote && chr === 0x22) {
        quote = true;
        flushSpace();
      } else if (!quote && chr === 0x3b) {
        storeValue();
        stage = 'key';
      } else if (!quote && (chr === 0x20 || chr === 0x09)) {
        pendingSpace.add(i);
      } else {
        addChr(i);
      }
      escaped = false;
    }
  }
  if (stage === 'value') storeValue();
  else storeEmptyKey();

  joinContinuations(response.params);
  return response;
}

interface Section {
  nr: number;
  value: string;
  encoded: boolean;
}

/**
 * parseHeaderValue()'s RFC 2231 step, as nodemailer writes it: the `name*N` and `name*N*` parameters joined in
 * section order under `name`, percent-encoded ones (with a charset) as one Q encoded word.
 */
function joinContinuations(params: Record<string, string>): void {
  const continuations = new Map<string, { charset: string | false; sections: Section[] }>();
  for (const key of Object.keys(params)) {
    const match = key.match(/(\*(\d+)|\*(\d+)\*|\*)$/);
    if (!match) continue;
    const actualKey = key.substring(0, match.index);
    const nr = Number(match[2] || match[3]) || 0;
    const encoded = match[0].endsWith('*');
    let value = params[key]!;
    delete params[key];
    if (!isParamName(actualKey)) continue;
    let continuation = continuations.get(actualKey);
    if (!continuation) {
      continuation = { charset: false, sections: [] };
      continuations.set(actualKey, continuation);
    }
    const charsetMatch = nr === 0 && encoded ? value.match(/^([^']*)'[^']*'(.*)$/) : null;
    if (charsetMatch) {
      continuation.charset = TOKEN.test(charsetMatch[1]!) ? charsetMatch[1]! : 'iso-8859-1';
      value = charsetMatch[2]!;
    }
    continuation.sections.push({ nr, value, encoded });
  }
  continuations.forEach((continuation, key) => {
    if (Object.hasOwn(params, key)) return;
    continuation.sections.sort((a, b) => a.nr - b.nr);
    if (!continuation.charset) {
      params[key] = continuation.sections.map((section) => section.value).join('');
      return;
    }
    params[key] = `=?${continuation.charset}?Q?${continuation.sections.map(encodeContinuationSection).join('')}?=`;
  });
}

/**
 * _encodeContinuationSection(): the section as Q encoded-word payload. nodemailer runs two regex replaces (`=`,
 * `?`, `_`, whitespace and, in a literal section, `%` to `%xx`, a space to `_`; then every `%` to `=`), whose
 * callback results and copies cost tens of megabytes for a megabyte of `%`; here it is one pass over the section
 * that copies the runs it leaves alone as slices.
 */
function encodeContinuationSection(section: Section): string {
  const { value, encoded } = section;
  const out = new ChunkedText();
  let runStart = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    let replacement: string;
    if (code === 0x20) replacement = '_';
    else if (code === 0x3d || code === 0x3f || code === 0x5f || isJsWhitespace(code) || (code === 0x25 && !encoded)) {
      const hex = code.toString(16);
      replacement = `=${hex.length < 2 ? '0' : ''}${hex}`;
    } else if (code === 0x25) replacement = '=';
    else continue;
    if (runStart < i) out.push(value.slice(runStart, i));
    out.push(replacement);
    runStart = i + 1;
  }
  if (runStart === 0) return value;
  if (runStart < value.length) out.push(value.slice(runStart));
  return out.text();
}
