/**
 * The input side of the HTML parser (parse.ts): the string, where the parser is in it, and what reads names,
 * references, literals and attribute values; the encoding decision (a meta's charset re-reads the rest).
 */
import { classifyEncoding, type Decoder, findEncoding, reread } from './encoding.js';
import { ENTITY_VALUES } from './entities.js';
import {
  NAME_MAX,
  NON_ASCII,
  COMPLEX_NAME_START,
  COMPLEX_NAME_CHAR,
  isBlank,
  isAsciiLetter,
  isDigit,
  isXmlChar,
  isPubidChar,
  type Reference,
} from './parse-chars.js';

export abstract class HtmlInput {
  protected s: string;
  protected n: number;
  protected i = 0;
  /** ctxt->charset is UTF-8 (no encoding decision pending). */
  protected utf8 = false;
  /** ctxt->input->encoding: an encoding was named (by a meta or htmlFindEncoding). */
  protected named = false;
  /** An encoder was switched in (the rest was re-read). */
  protected switched = false;
  /** Where the first non-ASCII char after this.i is, while the charset is still unknown; -1 otherwise. */
  protected pending = -1;
  /** Cached next '<' and '&' positions for text scanning (linear: each is searched forward once). */
  protected nextLt = -1;
  protected nextAmp = -1;
  protected nextNul = -1;
  /** The next `--!>` (-2: none in the rest of the input). */
  protected nextBang = -1;
  /** The last name peekName read: the '<' it follows, where it ends, the name. */
  protected peekAt = -1;
  protected peekEnd = -1;
  protected peeked = '';
  /** Where the name parseNameAt last read starts. */
  protected nameStart = 0;

  constructor(html: string) {
    // A NUL byte is a space where chars are read with htmlCurrentChar (text, comments, scripts, PIs) and the end of
    // the input where bytes are (CUR == 0: between tokens, in tags and attribute values).
    this.s = html;
    this.n = html.length;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // References, names and literals

  /** htmlParseCharRef: `&#123;` / `&#x7B;`; value 0 when invalid (the chars read are consumed all the same). */
  protected parseCharRef(at: number): Reference {
    const s = this.s;
    let j = at + 2;
    let value = 0;
    const hex = s.charCodeAt(j) === 0x78 || s.charCodeAt(j) === 0x58;
    if (hex) j++;
    for (; j < this.n; j++) {
      const c = s.charCodeAt(j);
      if (c === 0x3b) break;
      let digit: number;
      if (isDigit(c)) digit = c - 0x30;
      else if (hex && c >= 0x61 && c <= 0x66) digit = c - 0x61 + 10;
      else if (hex && c >= 0x41 && c <= 0x46) digit = c - 0x41 + 10;
      else break;
      if (value < 0x110000) value = value * (hex ? 16 : 10) + digit;
    }
    if (s.charCodeAt(j) === 0x3b) j++;
    return { value: isXmlChar(value) ? value : 0, name: null, end: j };
  }

  /**
   * htmlParseEntityRef: `&name;`. A known name needs its ';'. An unknown name (or a known one without ';') comes
   * back as `name` for the caller to write as "&name"; the ';' is left to be read as text.
   */
  protected parseEntityRef(at: number): Reference {
    const nameEnd = this.parseNameAt(at + 1);
    if (nameEnd < 0) return { value: 0, name: null, end: this.nameStart };
    const name = this.s.slice(this.nameStart, nameEnd);
    if (this.s.charCodeAt(nameEnd) === 0x3b) {
      const value = ENTITY_VALUES.get(name);
      if (value !== undefined) return { value, name, end: nameEnd + 1 };
    }
    return { value: 0, name, end: nameEnd };
  }

  /**
   * htmlParseName from `at`: where the name ends (it starts at this.nameStart), or -1 for none (read up to
   * this.nameStart). The ASCII fast path
   * gives no name when it runs into the end of the input; a non-ASCII char sends it to htmlParseNameComplex.
   */
  protected parseNameAt(at: number): number {
    this.nameStart = at;
    const s = this.s;
    let c = s.charCodeAt(at);
    if (isAsciiLetter(c) || c === 0x5f || c === 0x3a) {
      let j = at + 1;
      for (; j < this.n; j++) {
        c = s.charCodeAt(j);
        if (!(isAsciiLetter(c) || isDigit(c) || c === 0x5f || c === 0x2d || c === 0x3a || c === 0x2e)) break;
      }
      if (j >= this.n) return -1;
      if (c < 0x80) return j;
    }
    return this.parseNameComplex(at);
  }

  /**
   * htmlParseNameComplex (Unicode letters, approximated with Unicode classes). Its chars are read with
   * htmlCurrentChar, so the first non-ASCII one may settle the encoding; when that re-reads the input the C code
   * starts over from where it is, losing what it had read (the name's first char when the switch came with it).
   */
  protected parseNameComplex(at: number): number {
    let start = at;
    for (;;) {
      const switchedFirst = this.touch(start + 1);
      const first = this.charAt(start);
      this.nameStart = start;
      if (!COMPLEX_NAME_START.test(first)) return -1;
      if (switchedFirst) {
        start += first.length;
        continue;
      }
      let j = start + first.length;
      let restart = -1;
      while (j < this.n) {
        if (this.touch(j + 1)) {
          restart = j;
          break;
        }
        const ch = this.charAt(j);
        if (!COMPLEX_NAME_CHAR.test(ch)) break;
        j += ch.length;
      }
      if (restart < 0) {
        this.nameStart = start;
        return j;
      }
      start = restart;
    }
  }

  /** The char (a whole code point) at `at`, '' at the end. */
  protected charAt(at: number): string {
    if (at >= this.n) return '';
    return String.fromCodePoint(this.s.codePointAt(at)!);
  }

  /** htmlParseSystemLiteral / htmlParsePubidLiteral: a quoted literal; null when unterminated or invalid. */
  protected parseLiteral(pubid: boolean): string | null {
    const quote = this.s.charCodeAt(this.i);
    if (quote !== 0x22 && quote !== 0x27) return null;
    const start = this.i + 1;
    const found = this.s.indexOf(String.fromCharCode(quote), start);
    const nul = this.nulFrom(start);
    if (found < 0 || nul < found) {
      this.i = Math.min(nul, this.n);
      return null;
    }
    const end = found;
    this.i = end + 1;
    const value = this.s.slice(start, end);
    for (let j = 0; j < value.length; j++) {
      const c = value.charCodeAt(j);
      if (pubid ? !isPubidChar(c) : c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return null;
    }
    return value;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Attributes

  /** htmlParseAttValue + htmlParseHTMLAttribute: a quoted or bare value, entities decoded. */
  protected parseAttValue(): string {
    const quote = this.s.charCodeAt(this.i);
    if (quote === 0x22 || quote === 0x27) {
      this.i++;
      let end: number;
      for (;;) {
        const found = this.s.indexOf(quote === 0x22 ? '"' : "'", this.i);
        end = Math.min(found < 0 ? this.n : found, this.nulFrom(this.i));
        if (!this.touch(end)) break;
      }
      const value = this.decodeAttribute(end);
      if (this.s.charCodeAt(this.i) === quote) this.i++;
      return value;
    }
    let end: number;
    for (;;) {
      const s = this.s;
      end = this.i;
      while (end < this.n) {
        const c = s.charCodeAt(end);
        if (c === 0 || isBlank(c) || c === 0x3e) break;
        end++;
      }
      if (!this.touch(end)) break;
    }
    return this.decodeAttribute(end);
  }

  /** The value from this.i to `end` with references decoded; a reference to 0 ends the C string there. */
  protected decodeAttribute(end: number): string {
    const s = this.s;
    let amp = this.ampFrom(this.i);
    if (amp >= end) {
      const value = s.slice(this.i, end);
      this.i = end;
      return value;
    }
    let out = '';
    let from = this.i;
    let cut = false;
    while (amp < end) {
      if (!cut) out += s.slice(from, amp);
      const ref = s.charCodeAt(amp + 1) === 0x23 ? this.parseCharRef(amp) : this.parseEntityRef(amp);
      if (!cut) {
        if (ref.value !== 0) out += String.fromCodePoint(ref.value);
        else if (ref.name !== null) out += '&' + ref.name;
        else if (s.charCodeAt(amp + 1) === 0x23) cut = true;
        else out += '&';
      }
      from = ref.end;
      amp = this.ampFrom(from);
    }
    if (!cut) out += s.slice(from, end);
    this.i = end;
    return out;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Encoding

  /** htmlCheckEncodingDirect: a named encoding, unless one was named before. */
  protected setEncoding(value: string): void {
    if (this.named) return;
    let start = 0;
    while (value[start] === ' ' || value[start] === '\t') start++;
    const name = value.slice(start);
    this.named = true;
    const kind = classifyEncoding(name);
    if (kind === null) return;
    if (kind !== 'utf8' && kind !== 'wide' && !this.switched) this.switchTo(kind, this.i);
    this.utf8 = true;
    this.pending = -1;
  }

  /**
   * htmlCurrentChar: reading up to `end` meets the first non-ASCII char while the charset is unknown, which settles
   * it (htmlFindEncoding, else ISO-8859-1). True when the input was re-read, so the caller must scan again.
   */
  protected touch(end: number): boolean {
    if (this.pending < 0) return false;
    if (this.pending < this.i) {
      // Skipped with NEXT (xmlNextChar steps over bytes without deciding): the next one decides.
      NON_ASCII.lastIndex = this.i;
      this.pending = NON_ASCII.exec(this.s)?.index ?? -1;
      if (this.pending < 0) {
        this.utf8 = true;
        return false;
      }
    }
    if (this.pending >= end) return false;
    const at = this.pending;
    this.pending = -1;
    this.utf8 = true;
    const guess = this.named || this.switched ? null : findEncoding(this.s, at);
    if (guess === null) {
      this.switchTo('latin1', at);
      return true;
    }
    this.named = true;
    const kind = classifyEncoding(guess);
    if (kind === null || kind === 'utf8' || kind === 'wide') return false;
    this.switchTo(kind, at);
    return true;
  }

  protected switchTo(decoder: Decoder, at: number): void {
    this.s = this.s.slice(0, at) + reread(this.s.slice(at), decoder);
    this.n = this.s.length;
    this.switched = true;
    this.nextLt = -1;
    this.nextAmp = -1;
    this.nextNul = -1;
    this.nextBang = -1;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Scanning helpers

  /** CUR == 0: the end of the input, or a NUL byte where libxml2 reads bytes. */
  protected atEnd(k: number): boolean {
    return k >= this.n || this.s.charCodeAt(k) === 0;
  }

  /** The next '&' from `from` (cached: linear), or the end. */
  protected ampFrom(from: number): number {
    if (this.nextAmp < from) this.nextAmp = this.indexOrEnd('&', from);
    return this.nextAmp;
  }

  /** The next NUL from `from` (cached: linear), or the end. */
  protected nulFrom(from: number): number {
    if (this.nextNul < from) this.nextNul = this.indexOrEnd('\0', from);
    return this.nextNul;
  }

  /** Skipping to the next '>' (`while ((CUR != 0) && (CUR != '>')) NEXT`). */
  protected gtOrEnd(from: number): number {
    const gt = this.indexOrEnd('>', from);
    return Math.min(gt, this.nulFrom(from));
  }

  protected indexOrEnd(char: string, from = this.i): number {
    const found = this.s.indexOf(char, from);
    return found < 0 ? this.n : found;
  }

  /** SKIP_BLANKS. */
  protected skipBlanks(): void {
    const s = this.s;
    let i = this.i;
    while (i < this.n && isBlank(s.charCodeAt(i))) i++;
    this.i = i;
  }

  /** htmlParseHTMLName: a tag or attribute name, lower-cased, at most NAME_MAX chars. */
  protected parseHTMLName(): string | null {
    const s = this.s;
    const start = this.i;
    const c = s.charCodeAt(start);
    if (!(isAsciiLetter(c) || c === 0x5f || c === 0x3a || c === 0x2e)) return null;
    let j = start;
    let upper = false;
    while (j < this.n && j - start < NAME_MAX) {
      const d = s.charCodeAt(j);
      if (d >= 0x41 && d <= 0x5a) upper = true;
      else if (!((d >= 0x61 && d <= 0x7a) || isDigit(d) || d === 0x3a || d === 0x2d || d === 0x5f || d === 0x2e)) break;
      j++;
    }
    this.i = j;
    const name = s.slice(start, j);
    return upper ? name.toLowerCase() : name;
  }

  /** htmlParseHTMLName_nonInvasive: the name after '<', without '.', without moving. */
  protected peekName(): string {
    const s = this.s;
    const start = this.i + 1;
    let j = start;
    let upper = false;
    while (j < this.n && j - start < NAME_MAX) {
      const d = s.charCodeAt(j);
      if (d >= 0x41 && d <= 0x5a) upper = true;
      else if (!((d >= 0x61 && d <= 0x7a) || isDigit(d) || d === 0x3a || d === 0x2d || d === 0x5f)) break;
      j++;
    }
    const name = s.slice(start, j);
    this.peekAt = this.i;
    this.peekEnd = j;
    this.peeked = upper ? name.toLowerCase() : name;
    return this.peeked;
  }
}
