/**
 * A port of libxml2 2.9.14's HTML parser (HTMLparser.c) as PHP's DOMDocument::loadHTML drives it: options 0 (no
 * recovery flag, blanks kept, implied elements and the default DTD on), tree built by SAX2.c's callbacks. One pass
 * over the string with indexOf/charCode scanning; the open elements live on an explicit stack (no recursion), so
 * deep or huge input costs linear time and no call stack.
 *
 * Each method names the libxml2 function it ports; where the C code has a quirk, the port keeps it (see the notes).
 */
import type {
  CommentNode,
  DoctypeNode,
  DocumentNode,
  ElementNode,
  ProcessingInstructionNode,
  TextNode,
} from './dom.js';
import { ELEMENTS, endPriority, isBooleanAttribute, startCloses } from './elements.js';
import { classifyEncoding, contentCharset, type Decoder, findEncoding, reread } from './encoding.js';
import { ENTITY_VALUES } from './entities.js';

/** libxml2 parses `html` as the whole of DOMDocument::loadHTML($html) does; it never throws. */
export function parseHtml(html: string): DocumentNode {
  return new HtmlParser(html).parseDocument();
}

/** The element names HTMLparser.c htmlParseHTMLName reads at most (HTML_PARSER_BUFFER_SIZE). */
const NAME_MAX = 100;
/** htmlParseCharData hands text over in chunks of HTML_PARSER_BIG_BUFFER_SIZE bytes; areBlanks judges each. */
const CHUNK = 1000;

const DEFAULT_PUBLIC_ID = '-//W3C//DTD HTML 4.0 Transitional//EN';
const DEFAULT_SYSTEM_ID = 'http://www.w3.org/TR/REC-html40/loose.dtd';

/** Characters IS_CHAR refuses (text, comments, scripts and PIs drop them with an error). */
const INVALID_CHARS = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;
const HAS_INVALID = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/;
const ALL_BLANK = /^[ \t\n\r]*$/;
const NON_ASCII = /[^\x00-\x7F]/g;
/** IS_LETTER/IS_DIGIT/IS_COMBINING/IS_EXTENDER for htmlParseNameComplex, approximated with Unicode classes. */
const COMPLEX_NAME_START = /[\p{L}_:]/u;
const COMPLEX_NAME_CHAR = /[\p{L}\p{Nd}\p{Mn}\p{Mc}._:\-\u00B7]/u;

/** parser.c xmlParserMaxDepth: nodePush refuses a node when this many are open already (no XML_PARSE_HUGE). */
const MAX_DEPTH = 256;

/** SAX2.c xmlSplitQName: the local part of `prefix:name` (a leading or trailing ':' keeps the whole name). */
function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon <= 0 || colon === name.length - 1 ? name : name.slice(colon + 1);
}

const HEAD_ELEMENTS = new Set(['script', 'style', 'meta', 'link', 'title', 'base']);

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** IS_CHAR on a code point (htmlParseCharRef's check). */
function isXmlChar(c: number): boolean {
  if (c < 0x20) return c === 0x09 || c === 0x0a || c === 0x0d;
  return c <= 0xd7ff || (c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff);
}

/** IS_PUBIDCHAR_CH. */
function isPubidChar(c: number): boolean {
  return (
    c === 0x20 ||
    c === 0x0d ||
    c === 0x0a ||
    isAsciiLetter(c) ||
    isDigit(c) ||
    "-'()+,./:=?;!*#@$_%".includes(String.fromCharCode(c))
  );
}

/** Whether a run holds a char IS_CHAR refuses (a loop for short runs: a regex call costs more there). */
function hasInvalid(text: string): boolean {
  if (text.length > 64) return HAS_INVALID.test(text);
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c < 0x20 ? c !== 0x09 && c !== 0x0a && c !== 0x0d : c >= 0xfffe && c <= 0xffff) return true;
  }
  return false;
}

/** What htmlCurrentChar and COPY_BUF make of a run: a NUL reads as a space, chars IS_CHAR refuses are dropped. */
function dropInvalid(text: string): string {
  if (!hasInvalid(text)) return text;
  return text.replaceAll('\0', ' ').replace(INVALID_CHARS, '');
}

/** A parsed reference: its code point (0 for none) or unknown name, and where it ends. */
interface Reference {
  value: number;
  name: string | null;
  end: number;
}

class HtmlParser {
  private s: string;
  private n: number;
  private i = 0;
  private readonly doc: DocumentNode = { type: 'document', children: [] };
  /** ctxt->nameTab: the names of the open elements, as the parser matches end tags against them. */
  private readonly names: string[] = [];
  /** ctxt->nodeTab: SAX2's open nodes (one fewer than names once the depth limit halted the parser). */
  private readonly nodes: ElementNode[] = [];
  /** xmlHaltParser was called (nodePush refused a node deeper than xmlParserMaxDepth). */
  private halted = false;
  /** ctxt->html: 3 once a head was opened, 10 once a body was (htmlnamePush). */
  private seen = 1;
  /** ctxt->depth: misplaced html/head/body start tags not pushed, whose end tags are to be ignored. */
  private depth = 0;
  /** ctxt->charset is UTF-8 (no encoding decision pending). */
  private utf8 = false;
  /** ctxt->input->encoding: an encoding was named (by a meta or htmlFindEncoding). */
  private named = false;
  /** An encoder was switched in (the rest was re-read). */
  private switched = false;
  /** Where the first non-ASCII char after this.i is, while the charset is still unknown; -1 otherwise. */
  private pending = -1;
  /** Cached next '<' and '&' positions for text scanning (linear: each is searched forward once). */
  private nextLt = -1;
  private nextAmp = -1;
  private nextNul = -1;
  /** The next `--!>` (-2: none in the rest of the input). */
  private nextBang = -1;
  /** The last name peekName read: the '<' it follows, where it ends, the name. */
  private peekAt = -1;
  private peekEnd = -1;
  private peeked = '';
  /** Where the name parseNameAt last read starts. */
  private nameStart = 0;

  constructor(html: string) {
    // A NUL byte is a space where chars are read with htmlCurrentChar (text, comments, scripts, PIs) and the end of
    // the input where bytes are (CUR == 0: between tokens, in tags and attribute values).
    this.s = html;
    this.n = html.length;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // The document (htmlParseDocument)

  parseDocument(): DocumentNode {
    const s = this.s;
    // xmlDetectCharEncoding on the first 4 bytes: a UTF-8 BOM (skipped) or `<?xm` mean UTF-8.
    if (Buffer.byteLength(s.slice(0, 4), 'utf8') >= 4) {
      if (s.charCodeAt(0) === 0xfeff) {
        this.utf8 = true;
        this.i = 1;
      } else if (s.startsWith('<?xm')) {
        this.utf8 = true;
      }
    }
    if (!this.utf8) {
      NON_ASCII.lastIndex = this.i;
      this.pending = NON_ASCII.exec(s)?.index ?? -1;
      if (this.pending < 0) this.utf8 = true;
    }
    this.skipBlanks();
    this.leadingMisc();
    if (this.startsDoctype()) this.parseDoctype();
    this.skipBlanks();
    this.leadingMisc();
    this.parseContent();
    if (this.atEnd(this.i)) this.closeAll();
    if (!this.doc.children.some((child) => child.type === 'doctype')) {
      this.setDoctype('html', DEFAULT_PUBLIC_ID, DEFAULT_SYSTEM_ID);
    }
    return this.doc;
  }

  /** Comments and PIs before any content (htmlParseDocument's two loops: a comment, then a PI, then blanks). */
  private leadingMisc(): void {
    for (;;) {
      const s = this.s;
      const i = this.i;
      const isComment = s.startsWith('<!--', i);
      if (!isComment && !s.startsWith('<?', i)) return;
      if (isComment) this.parseComment();
      if (this.s.startsWith('<?', this.i)) this.parsePI();
      this.skipBlanks();
    }
  }

  private startsDoctype(): boolean {
    const s = this.s;
    const i = this.i;
    return (
      s.charCodeAt(i) === 0x3c && s.charCodeAt(i + 1) === 0x21 && s.slice(i + 2, i + 9).toUpperCase() === 'DOCTYPE'
    );
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Content (htmlParseContentInternal)

  private parseContent(): void {
    let currentNode = this.name();
    let depth = this.names.length;
    for (;;) {
      const s = this.s;
      const i = this.i;
      const c = s.charCodeAt(i);
      const next = s.charCodeAt(i + 1);
      // Our tag or one of its parents or children is ending.
      if (c === 0x3c && next === 0x2f) {
        if (this.parseEndTag() && (currentNode !== null || this.names.length === 0)) {
          currentNode = this.name();
          depth = this.names.length;
        }
        continue;
      }
      if (c === 0x3c && (isAsciiLetter(next) || next === 0x5f || next === 0x3a)) {
        const name = this.peekName();
        const open = this.name();
        if (open !== null && startCloses(name, open)) {
          this.autoClose(name);
          continue;
        }
      }
      // Has this node been popped out during parsing of the next element?
      if (this.names.length > 0 && depth >= this.names.length && currentNode !== this.name()) {
        if (this.atEnd(this.i)) this.closeAll();
        currentNode = this.name();
        depth = this.names.length;
        continue;
      }
      if (!this.atEnd(i) && (currentNode === 'script' || currentNode === 'style')) {
        this.parseScript();
        continue;
      }
      // Sometimes DOCTYPE arrives in the middle of the document; what follows it is handled in the same round.
      if (c === 0x3c && next === 0x21 && this.startsDoctype()) this.parseDoctype();
      const k = this.i;
      const ck = this.s.charCodeAt(k);
      const nk = this.s.charCodeAt(k + 1);
      if (ck === 0x3c && nk === 0x21 && this.s.startsWith('--', k + 2)) {
        this.parseComment();
      } else if (ck === 0x3c && nk === 0x3f) {
        this.parsePI();
      } else if (ck === 0x3c && isAsciiLetter(nk)) {
        this.parseElement();
        currentNode = this.name();
        depth = this.names.length;
      } else if (ck === 0x3c) {
        // A '<' that starts nothing is text (and implies no paragraph).
        this.characters('<');
        this.i = k + 1;
      } else if (ck === 0x26) {
        this.parseReference();
      } else if (this.atEnd(k)) {
        this.closeAll();
        return;
      } else {
        this.parseCharData();
      }
    }
  }

  /** htmlParseElementInternal: a start tag, and the end of a void or `/>` element. */
  private parseElement(): void {
    const failed = this.parseStartTag();
    const name = this.name();
    if (failed === -1 || name === null) {
      if (this.s.charCodeAt(this.i) === 0x3e) this.i++;
      return;
    }
    const s = this.s;
    // An empty element labelled the XML way. A discarded tag (failed = 1) ends the *current* element here.
    if (s.charCodeAt(this.i) === 0x2f && s.charCodeAt(this.i + 1) === 0x3e) {
      this.i += 2;
      this.pop();
      return;
    }
    if (s.charCodeAt(this.i) === 0x3e) {
      this.i++;
    } else {
      // "Couldn't find end of Start Tag": only at the end of the input.
      this.pop();
      if (this.atEnd(this.i)) this.closeAll();
      return;
    }
    if (ELEMENTS.get(name)?.empty === true) this.pop();
  }

  /** htmlParseStartTag: -1 when no tag was read, 1 when it was discarded, 0 when pushed. */
  private parseStartTag(): number {
    this.i++;
    // The name parseContent peeked at is this one unless a '.' follows it (htmlParseHTMLName takes dots).
    let name: string | null;
    if (this.peekAt === this.i - 1 && this.s.charCodeAt(this.peekEnd) !== 0x2e) {
      name = this.peeked;
      this.i = this.peekEnd;
    } else {
      name = this.parseHTMLName();
    }
    if (name === null) {
      // Dump the bogus tag like browsers do (up to, not past, the '>').
      this.i = this.gtOrEnd(this.i);
      return -1;
    }
    this.autoClose(name);
    this.checkImplied(name);
    let discard = false;
    if (this.names.length > 0 && name === 'html') {
      discard = true;
      this.depth++;
    }
    if (this.names.length !== 1 && name === 'head') {
      discard = true;
      this.depth++;
    }
    if (name === 'body') {
      for (const open of this.names) {
        if (open === 'body') {
          discard = true;
          this.depth++;
        }
      }
    }
    const attributes: { name: string; value: string | null }[] = [];
    // A Set only for tags with many attributes: the common case scans a few.
    let seenNames: Set<string> | null = null;
    this.skipBlanks();
    for (;;) {
      const c = this.s.charCodeAt(this.i);
      if (this.atEnd(this.i) || c === 0x3e || (c === 0x2f && this.s.charCodeAt(this.i + 1) === 0x3e)) break;
      const attname = this.parseHTMLName();
      if (attname !== null) {
        this.skipBlanks();
        let value: string | null = null;
        if (this.s.charCodeAt(this.i) === 0x3d) {
          this.i++;
          this.skipBlanks();
          value = this.parseAttValue();
        }
        // Well-formedness: a repeated attribute is dropped.
        if (seenNames === null && attributes.length >= 16) seenNames = new Set(attributes.map((a) => a.name));
        const repeated =
          seenNames === null ? attributes.some((attribute) => attribute.name === attname) : seenNames.has(attname);
        if (!repeated) {
          seenNames?.add(attname);
          attributes.push({ name: attname, value });
        }
      } else {
        // Dump the bogus attribute string up to the next blank or the end of the tag.
        const s = this.s;
        let j = this.i;
        while (j < this.n) {
          const d = s.charCodeAt(j);
          if (d === 0 || isBlank(d) || d === 0x3e || (d === 0x2f && s.charCodeAt(j + 1) === 0x3e)) break;
          j++;
        }
        this.i = j;
      }
      this.skipBlanks();
    }
    if (name === 'meta' && attributes.length > 0) this.checkMeta(attributes);
    if (discard) return 1;
    // SAX2 xmlSAX2AttributeInternal: a bare boolean attribute gets its name as value.
    for (const attribute of attributes) {
      if (attribute.value === null && isBooleanAttribute(attribute.name)) attribute.value = attribute.name;
    }
    this.push(name, attributes);
    return 0;
  }

  /** htmlParseEndTag: true when the current element was closed by it. */
  private parseEndTag(): boolean {
    this.i += 2;
    const name = this.parseHTMLName();
    if (name === null) return false;
    this.skipBlanks();
    if (this.s.charCodeAt(this.i) !== 0x3e) {
      this.i = this.gtOrEnd(this.i);
    }
    if (this.s.charCodeAt(this.i) === 0x3e) this.i++;
    if (this.depth > 0 && (name === 'html' || name === 'body' || name === 'head')) {
      this.depth--;
      return false;
    }
    let k = this.names.length - 1;
    while (k >= 0 && this.names[k] !== name) k--;
    if (k < 0) return false;
    this.autoCloseOnClose(name);
    if (this.name() === name) {
      this.pop();
      return true;
    }
    return false;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Implied and auto-closed elements

  /** htmlAutoClose: a start tag closes the open elements htmlStartClose says it ends. */
  private autoClose(newTag: string): void {
    for (let open = this.name(); open !== null && startCloses(newTag, open); open = this.name()) this.pop();
  }

  /** htmlAutoCloseOnClose: an end tag closes what is above its element, unless something of higher priority is. */
  private autoCloseOnClose(newTag: string): void {
    const priority = endPriority(newTag);
    let k = this.names.length - 1;
    for (; k >= 0; k--) {
      const open = this.names[k]!;
      if (open === newTag) break;
      if (endPriority(open) > priority) return;
    }
    if (k < 0) return;
    while (this.name() !== newTag) this.pop();
  }

  /** htmlAutoCloseOnEnd. */
  private closeAll(): void {
    this.names.length = 0;
    this.nodes.length = 0;
  }

  /** htmlCheckImplied: the html, head or body a tag needs first. */
  private checkImplied(newTag: string): void {
    if (newTag === 'html') return;
    if (this.names.length === 0) this.push('html', []);
    if (newTag === 'body' || newTag === 'head') return;
    if (this.names.length <= 1 && HEAD_ELEMENTS.has(newTag)) {
      if (this.seen >= 3) return;
      this.push('head', []);
    } else if (newTag !== 'noframes' && newTag !== 'frame' && newTag !== 'frameset') {
      if (this.seen >= 10) return;
      for (const open of this.names) if (open === 'body' || open === 'head') return;
      this.push('body', []);
    }
  }

  /** htmlCheckParagraph: text straight in html or head (or nowhere) gets a `<p>`. */
  private checkParagraph(): void {
    const tag = this.name();
    if (tag !== null && tag !== 'html' && tag !== 'head') return;
    this.autoClose('p');
    this.checkImplied('p');
    this.push('p', []);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Text, references, scripts, comments, PIs, DOCTYPE

  /** htmlParseCharData: text up to the next '<' or '&'. */
  private parseCharData(): void {
    let end: number;
    for (;;) {
      if (this.nextLt < this.i) this.nextLt = this.indexOrEnd('<');
      end = Math.min(this.nextLt, this.ampFrom(this.i));
      if (!this.touch(end)) break;
    }
    const text = dropInvalid(this.s.slice(this.i, end));
    this.i = end;
    if (text === '') return;
    const tag = this.name();
    if (tag === null || tag === 'html' || tag === 'head') {
      // areBlanks: blanks followed by '<' or the end imply nothing (a chunk of CHUNK blanks with more after does).
      const blank = text.length <= CHUNK && ALL_BLANK.test(text) && (end >= this.n || this.s.charCodeAt(end) === 0x3c);
      if (!blank) this.checkParagraph();
    }
    this.characters(text);
  }

  /** htmlParseReference: a character or entity reference in text. */
  private parseReference(): void {
    if (this.s.charCodeAt(this.i + 1) === 0x23) {
      const ref = this.parseCharRef(this.i);
      this.i = ref.end;
      // A reference to no valid char vanishes, with what it consumed.
      if (ref.value === 0) return;
      this.checkParagraph();
      this.characters(String.fromCodePoint(ref.value));
      return;
    }
    const ref = this.parseEntityRef(this.i);
    this.i = ref.end;
    this.checkParagraph();
    if (ref.value !== 0) this.characters(String.fromCodePoint(ref.value));
    else this.characters(ref.name === null ? '&' : '&' + ref.name);
  }

  /** htmlParseCharRef: `&#123;` / `&#x7B;`; value 0 when invalid (the chars read are consumed all the same). */
  private parseCharRef(at: number): Reference {
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
  private parseEntityRef(at: number): Reference {
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
  private parseNameAt(at: number): number {
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
  private parseNameComplex(at: number): number {
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
  private charAt(at: number): string {
    if (at >= this.n) return '';
    return String.fromCodePoint(this.s.codePointAt(at)!);
  }

  /** htmlParseScript: raw text of script/style up to `</` and an ASCII letter (the flag-less, non-recovery rule). */
  private parseScript(): void {
    let end: number;
    for (;;) {
      const s = this.s;
      end = s.indexOf('</', this.i);
      while (end >= 0 && !isAsciiLetter(s.charCodeAt(end + 2))) end = s.indexOf('</', end + 1);
      if (end < 0) end = this.n;
      if (!this.touch(end)) break;
    }
    const text = dropInvalid(this.s.slice(this.i, end));
    this.i = end;
    if (text !== '') this.cdata(text);
  }

  /** htmlParseComment: `<!--` to the first `-->` or `--!>`; an unterminated comment swallows the rest. */
  private parseComment(): void {
    const start = this.i + 4;
    let close: number;
    let after: number;
    for (;;) {
      const s = this.s;
      const dashes = s.indexOf('-->', start);
      // Cached: a document without any `--!>` must not be searched to its end for each comment.
      if (this.nextBang < start && this.nextBang !== -2) this.nextBang = s.indexOf('--!>', start);
      if (this.nextBang === -1) this.nextBang = -2;
      const bang = this.nextBang === -2 ? -1 : this.nextBang;
      if (dashes < 0 && bang < 0) {
        this.i = this.n;
        return;
      }
      if (bang >= 0 && (dashes < 0 || bang < dashes)) {
        close = bang;
        after = bang + 4;
      } else {
        close = dashes;
        after = dashes + 3;
      }
      if (!this.touch(close)) break;
    }
    const text = dropInvalid(this.s.slice(start, close));
    this.i = after;
    const comment: CommentNode = { type: 'comment', value: text, parent: null };
    this.appendMisc(comment);
  }

  /** htmlParsePI: `<?target data>`, up to the first '>'. */
  private parsePI(): void {
    this.i += 2;
    const targetEnd = this.parseNameAt(this.i);
    if (targetEnd < 0) {
      this.i = this.nameStart;
      return;
    }
    const target = this.s.slice(this.nameStart, targetEnd);
    this.i = targetEnd;
    if (this.s.charCodeAt(this.i) === 0x3e) {
      this.i++;
      this.appendMisc({ type: 'pi', target, value: '', bare: true, parent: null });
      return;
    }
    this.skipBlanks();
    let gt: number;
    for (;;) {
      gt = this.s.indexOf('>', this.i);
      if (gt < 0) {
        this.i = this.n;
        return;
      }
      if (!this.touch(gt)) break;
    }
    const value = dropInvalid(this.s.slice(this.i, gt));
    this.i = gt + 1;
    const pi: ProcessingInstructionNode = { type: 'pi', target, value, parent: null };
    this.appendMisc(pi);
  }

  /** htmlParseDocTypeDecl (and SAX2 xmlSAX2InternalSubset: a later DOCTYPE replaces an earlier one). */
  private parseDoctype(): void {
    this.i += 9;
    this.skipBlanks();
    const nameEnd = this.parseNameAt(this.i);
    let name = '';
    if (nameEnd >= 0) {
      name = this.s.slice(this.nameStart, nameEnd);
      this.i = nameEnd;
    } else {
      this.i = this.nameStart;
    }
    this.skipBlanks();
    let publicId: string | null = null;
    let systemId: string | null = null;
    const keyword = this.s.slice(this.i, this.i + 6).toUpperCase();
    if (keyword === 'SYSTEM') {
      this.i += 6;
      this.skipBlanks();
      systemId = this.parseLiteral(false);
    } else if (keyword === 'PUBLIC') {
      this.i += 6;
      this.skipBlanks();
      publicId = this.parseLiteral(true);
      this.skipBlanks();
      const q = this.s.charCodeAt(this.i);
      if (q === 0x22 || q === 0x27) systemId = this.parseLiteral(false);
    }
    this.skipBlanks();
    if (this.s.charCodeAt(this.i) !== 0x3e) {
      this.i = this.gtOrEnd(this.i);
    }
    if (this.s.charCodeAt(this.i) === 0x3e) this.i++;
    this.setDoctype(name, publicId, systemId);
  }

  /** htmlParseSystemLiteral / htmlParsePubidLiteral: a quoted literal; null when unterminated or invalid. */
  private parseLiteral(pubid: boolean): string | null {
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

  private setDoctype(name: string, publicId: string | null, systemId: string | null): void {
    const children = this.doc.children;
    const old = children.findIndex((child) => child.type === 'doctype');
    if (old >= 0) children.splice(old, 1);
    const doctype: DoctypeNode = { type: 'doctype', name, publicId, systemId, parent: this.doc };
    // xmlCreateIntSubset puts an HTML document's DTD first.
    children.unshift(doctype);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Attributes

  /** htmlParseAttValue + htmlParseHTMLAttribute: a quoted or bare value, entities decoded. */
  private parseAttValue(): string {
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
  private decodeAttribute(end: number): string {
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

  /** htmlCheckMeta: a meta's charset, or its http-equiv Content-Type content's charset, may set the encoding. */
  private checkMeta(attributes: readonly { name: string; value: string | null }[]): void {
    let http = false;
    let content: string | null = null;
    for (const { name, value } of attributes) {
      if (value === null) continue;
      const lower = name.toLowerCase();
      if (lower === 'http-equiv' && value.toLowerCase() === 'content-type') http = true;
      else if (lower === 'charset') this.setEncoding(value);
      else if (lower === 'content') content = value;
    }
    if (http && content !== null) {
      const charset = contentCharset(content);
      if (charset !== null) this.setEncoding(charset);
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Encoding

  /** htmlCheckEncodingDirect: a named encoding, unless one was named before. */
  private setEncoding(value: string): void {
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
  private touch(end: number): boolean {
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

  private switchTo(decoder: Decoder, at: number): void {
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
  private atEnd(k: number): boolean {
    return k >= this.n || this.s.charCodeAt(k) === 0;
  }

  /** The next '&' from `from` (cached: linear), or the end. */
  private ampFrom(from: number): number {
    if (this.nextAmp < from) this.nextAmp = this.indexOrEnd('&', from);
    return this.nextAmp;
  }

  /** The next NUL from `from` (cached: linear), or the end. */
  private nulFrom(from: number): number {
    if (this.nextNul < from) this.nextNul = this.indexOrEnd('\0', from);
    return this.nextNul;
  }

  /** Skipping to the next '>' (`while ((CUR != 0) && (CUR != '>')) NEXT`). */
  private gtOrEnd(from: number): number {
    const gt = this.indexOrEnd('>', from);
    return Math.min(gt, this.nulFrom(from));
  }

  private indexOrEnd(char: string, from = this.i): number {
    const found = this.s.indexOf(char, from);
    return found < 0 ? this.n : found;
  }

  /** SKIP_BLANKS. */
  private skipBlanks(): void {
    const s = this.s;
    let i = this.i;
    while (i < this.n && isBlank(s.charCodeAt(i))) i++;
    this.i = i;
  }

  /** htmlParseHTMLName: a tag or attribute name, lower-cased, at most NAME_MAX chars. */
  private parseHTMLName(): string | null {
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
  private peekName(): string {
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

  // ---------------------------------------------------------------------------------------------------------------
  // The tree (SAX2.c callbacks)

  private name(): string | null {
    return this.names[this.names.length - 1] ?? null;
  }

  /** htmlnamePush + xmlSAX2StartElement. */
  private push(name: string, attributes: { name: string; value: string | null }[]): void {
    if (this.seen < 3 && name === 'head') this.seen = 3;
    if (this.seen < 10 && name === 'body') this.seen = 10;
    this.names.push(name);
    if (this.halted) return;
    if (this.nodes.length > MAX_DEPTH) {
      // nodePush: "Excessive depth in document"; xmlHaltParser empties the input, nothing more is built.
      this.halted = true;
      this.s = '';
      this.n = 0;
      this.i = 0;
      this.nextLt = this.nextAmp = this.nextNul = this.nextBang = -1;
      return;
    }
    // xmlSplitQName: the node is named without its prefix (`o:p` is a `p`); the parser keeps the full name.
    const element: ElementNode = { type: 'element', name: localName(name), attributes, children: [], parent: null };
    const parent = this.nodes[this.nodes.length - 1];
    const doc = this.doc;
    if (doc.children.length === 0) {
      element.parent = doc;
      doc.children.push(element);
    } else if (parent !== undefined) {
      element.parent = parent;
      parent.children.push(element);
    } else {
      // No open element: SAX2 takes the document's first child as the parent: an element adopts it, anything else
      // (a DTD, a comment, a PI) gets it as its last sibling.
      const first = doc.children[0]!;
      if (first.type === 'element') {
        element.parent = first;
        first.children.push(element);
      } else {
        element.parent = doc;
        doc.children.push(element);
      }
    }
    this.nodes.push(element);
  }

  /** htmlnamePop + xmlSAX2EndElement. */
  private pop(): void {
    this.names.pop();
    this.nodes.pop();
  }

  /** xmlSAX2Characters: text joins a text last child; with no open element it is dropped. */
  private characters(text: string): void {
    const node = this.nodes[this.nodes.length - 1];
    if (node === undefined) return;
    const last = node.children[node.children.length - 1];
    if (last !== undefined && last.type === 'text' && last.cdata !== true) {
      last.value += text;
      return;
    }
    const child: TextNode = { type: 'text', value: text, parent: node };
    node.children.push(child);
  }

  /** xmlSAX2CDataBlock: the raw text of script and style. */
  private cdata(text: string): void {
    const node = this.nodes[this.nodes.length - 1];
    if (node === undefined) return;
    const last = node.children[node.children.length - 1];
    if (last !== undefined && last.type === 'text' && last.cdata === true) {
      last.value += text;
      return;
    }
    node.children.push({ type: 'text', value: text, cdata: true, parent: node });
  }

  /** xmlSAX2Comment / xmlSAX2ProcessingInstruction: into the open element, or the document. */
  private appendMisc(node: CommentNode | ProcessingInstructionNode): void {
    const parent = this.nodes[this.nodes.length - 1];
    if (parent === undefined) {
      node.parent = this.doc;
      this.doc.children.push(node);
    } else {
      node.parent = parent;
      parent.children.push(node);
    }
  }
}
