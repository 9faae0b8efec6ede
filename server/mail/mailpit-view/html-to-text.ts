/**
 * An HTML body as text, as enmime down-converts it when a mail has no text part (inbucket/html2text FromString with
 * its default options; docs/spec/mailpit-api.md#252-text-and-html-enmime-envelopego): paragraphs and lists on
 * lines of their own, `*bold*`, headings underlined, links as `label ( url )`, blockquotes prefixed with `>`.
 * Parsed with htmlparser2 rather than Go's HTML5 parser: the same text for mail HTML, which rarely relies on the
 * tree fix-ups where the two differ.
 */
import { parseDocument } from 'htmlparser2';
import { type ChildNode, type Element, isTag, isText, type ParentNode } from 'domhandler';

/** Deeper elements are left out, as libxml2 cuts HTML nested deeper than 256 levels. */
const MAX_DEPTH = 256;
const MAX_LINE = 74;
const SPACING = /[ \r\n\t]+/g;
const IS_SPACE = /^\s$/u;

export function htmlToText(html: string): string {
  const context = new TextContext();
  context.traverseChildren(parseDocument(html.replace(/^\uFEFF/, '')), 0);
  return context.text.replaceAll('\n ', '\n').replace(/\n\n+/g, '\n\n').trim();
}

class TextContext {
  text = '';
  private prefix = '';
  endsWithSpace = false;
  private justClosedDiv = false;
  private blockquoteLevel = 0;
  private lineLength = 0;
  private isPre = false;

  traverseChildren(node: ParentNode, depth: number): void {
    if (depth > MAX_DEPTH) return;
    for (const child of node.children) this.traverse(child, depth + 1);
  }

  private traverse(node: ChildNode, depth: number): void {
    if (isText(node)) {
      this.emit(this.isPre ? node.data : node.data.replace(SPACING, ' ').trim());
    } else if (isTag(node)) {
      this.handleElement(node, depth);
    } else if ('children' in node) {
      this.traverseChildren(node, depth);
    }
  }

  private handleElement(node: Element, depth: number): void {
    this.justClosedDiv = false;
    switch (node.name) {
      case 'br':
        this.emit('\n');
        return;
      case 'h1':
      case 'h2':
      case 'h3': {
        const inner = this.subText(node, depth, false);
        let dividerLength = 0;
        for (const line of inner.split('\n')) dividerLength = Math.max(dividerLength, [...line].length - 1);
        const divider = (node.name === 'h1' ? '*' : '-').repeat(dividerLength);
        if (node.name === 'h3') this.emit(`\n\n${inner}\n${divider}\n\n`);
        else this.emit(`\n\n${divider}\n${inner}\n${divider}\n\n`);
        return;
      }
      case 'blockquote':
        this.blockquoteLevel++;
        this.prefix = `${'>'.repeat(this.blockquoteLevel)} `;
        this.emit('\n');
        if (this.blockquoteLevel === 1) this.emit('\n');
        this.traverseChildren(node, depth);
        this.blockquoteLevel--;
        this.prefix = '>'.repeat(this.blockquoteLevel);
        if (this.blockquoteLevel > 0) this.prefix += ' ';
        this.emit('\n\n');
        return;
      case 'div': {
        if (this.lineLength > 0) this.emit('\n');
        this.traverseChildren(node, depth);
        if (!this.justClosedDiv) this.emit('\n');
        this.justClosedDiv = true;
        return;
      }
      case 'li':
        this.emit('* ');
        this.traverseChildren(node, depth);
        this.emit('\n');
        return;
      case 'b':
      case 'strong':
        this.emit(`*${this.subText(node, depth, true)}*`);
        return;
      case 'a':
        this.handleLink(node, depth);
        return;
      case 'p':
      case 'ul':
      case 'table':
        this.emit('\n\n');
        this.traverseChildren(node, depth);
        this.emit('\n\n');
        return;
      case 'pre':
        this.isPre = true;
        this.traverseChildren(node, depth);
        this.isPre = false;
        return;
      // Go's parser puts a title in the head, which is skipped with it.
      case 'style':
      case 'script':
      case 'head':
      case 'title':
        return;
      default:
        this.traverseChildren(node, depth);
        return;
    }
  }

  private handleLink(node: Element, depth: number): void {
    const first = node.children[0];
    const linkText = node.children.length === 1 && first !== undefined && isText(first) ? first.data : '';
    if (node.children.length === 1 && first !== undefined && isTag(first) && first.name === 'img') {
      const alt = first.attribs.alt ?? '';
      if (alt !== '') this.emit(alt);
    } else {
      this.traverseChildren(node, depth);
    }
    let href = (node.attribs.href ?? '').trim();
    if (href.startsWith('mailto:')) href = href.slice('mailto:'.length);
    if (href !== '' && href !== linkText) this.emit(`( ${href} )`);
  }

  /** A heading's or bold text's content, rendered by a context of its own (no prefix, no blockquote). */
  private subText(node: Element, depth: number, endsWithSpace: boolean): string {
    const sub = new TextContext();
    sub.endsWithSpace = endsWithSpace;
    sub.traverseChildren(node, depth);
    return sub.text;
  }

  emit(data: string): void {
    if (data === '') return;
    for (const line of this.breakLongLines(data)) {
      const chars = [...line];
      if (!IS_SPACE.test(chars[0]!) && !this.endsWithSpace && !data.startsWith('.')) {
        this.text += ' ';
        this.lineLength++;
      }
      this.endsWithSpace = IS_SPACE.test(chars[chars.length - 1]!);
      for (const char of chars) {
        this.text += char;
        this.lineLength++;
        if (char === '\n') {
          this.lineLength = 0;
          this.text += this.prefix;
        }
      }
    }
  }

  /** Lines are broken at 74 characters inside blockquotes only. */
  private breakLongLines(data: string): string[] {
    if (this.blockquoteLevel === 0) return [data];
    const lines: string[] = [];
    const chars = [...data];
    // Where the rest starts: an index, not a slice, so that a long text is not copied once per line.
    let from = 0;
    let existing = this.lineLength;
    if (existing >= MAX_LINE) {
      lines.push('\n');
      existing = 0;
    }
    while (chars.length - from + existing > MAX_LINE) {
      let i = from + MAX_LINE - existing;
      while (i >= from && !IS_SPACE.test(chars[i]!)) i--;
      if (i < from) {
        i = from + MAX_LINE - existing;
        while (i < chars.length && !IS_SPACE.test(chars[i]!)) i++;
      }
      lines.push(`${chars.slice(from, i).join('')}\n`);
      while (i < chars.length && IS_SPACE.test(chars[i]!)) i++;
      from = i;
      existing = 0;
    }
    if (from < chars.length) lines.push(chars.slice(from).join(''));
    return lines;
  }
}
