/**
 * A port of libxml2 2.9.14's HTML parser (HTMLparser.c) as PHP's DOMDocument::loadHTML drives it: options 0 (no
 * recovery flag, blanks kept, implied elements and the default DTD on), tree built by SAX2.c's callbacks. One pass
 * over the string with indexOf/charCode scanning; the open elements live on an explicit stack (no recursion), so
 * deep or huge input costs linear time and no call stack.
 *
 * Each method names the libxml2 function it ports; where the C code has a quirk, the port keeps it (see the notes).
 */
import type { CommentNode, DocumentNode, ProcessingInstructionNode } from './dom.js';
import { ELEMENTS, isBooleanAttribute, startCloses } from './elements.js';
import { contentCharset } from './encoding.js';
import {
  CHUNK,
  DEFAULT_PUBLIC_ID,
  DEFAULT_SYSTEM_ID,
  ALL_BLANK,
  NON_ASCII,
  isBlank,
  isAsciiLetter,
  dropInvalid,
} from './parse-chars.js';
import { HtmlTree } from './parse-tree.js';

/** libxml2 parses `html` as the whole of DOMDocument::loadHTML($html) does; it never throws. */
export function parseHtml(html: string): DocumentNode {
  return new HtmlParser(html).parseDocument();
}

class HtmlParser extends HtmlTree {
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
}
