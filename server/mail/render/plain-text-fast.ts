/**
 * The text part of the common mail, written without html-to-text's generic machinery: same output, byte for
 * byte, about 4× faster. html-to-text (html.ts) builds a DOM, then asks a selector decision tree for each
 * element's format; with this project's options (no word wrap, images skipped) every format depends on the
 * tag name alone, so one pass over the parser's events can apply them. Profiled on inline sends (README,
 * Performance), html-to-text was a quarter of the render worker's time: 117 µs of a 600-byte receipt.
 *
 * This is a port of html-to-text 10.0.1's BlockTextBuilder, InlineTextBuilder and WhitespaceProcessor for
 * the formats a mail's HTML mostly uses: inline (any element without a format), blocks (div, section, table
 * and the like), p, h1-h6, a, br, hr, wbr, ul and ol (numbered), and the skipped img, script and style. A
 * document with <pre>, <blockquote>, a list numbered with letters or Roman numerals, or without a <body>,
 * gets undefined, and html-to-text converts it. test/unit/plain-text-fast.test.ts compares both on generated
 * documents and on every fixture's HTML.
 *
 * It reads the events of the same HTML parser html-to-text uses (htmlparser2, its exact version pinned in
 * package.json), so elements close, entities decode and attributes read exactly as in the DOM html-to-text
 * walks; adjacent text events are joined into one text node as domhandler joins them.
 */
import { Parser } from 'htmlparser2';
import { addList, addText, newBlock, startNewLine, textOf, type Block, type ListItemText } from './plain-text-blocks.js';

/** html-to-text's `whitespaceCharacters`: the HTML ones and the zero-width space, but not U+00A0. */
const WORD = /[^ \t\r\n\f\u200b]+/g;
const LEADING_WHITESPACE = /^[ \t\r\n\f\u200b]/;
const TRAILING_WHITESPACE = /[ \t\r\n\f\u200b]$/;
const ALL_WHITESPACE = /^[ \t\r\n\f\u200b]*$/;

/** html-to-text's `limits.maxInputLength`: longer input is cut (with a console warning) there; left to it. */
const MAX_INPUT_LENGTH = 1 << 24;
/** Deeper documents are left to html-to-text, which html.ts guards against a stack overflow. */
const MAX_DEPTH = 256;

type Format =
  | { kind: 'block'; leading: number; trailing: number; uppercase: boolean }
  | { kind: 'anchor' }
  | { kind: 'lineBreak' }
  | { kind: 'horizontalLine' }
  | { kind: 'list'; ordered: boolean }
  | { kind: 'skip' };

const block = (leading: number, trailing: number, uppercase = false): Format => ({ kind: 'block', leading, trailing, uppercase });

/**
 * html-to-text's default selectors with html.ts's `img: skip`. Any other element is inline (`*`). script and
 * style are not elements to html-to-text's walk (domhandler types them apart), so their content is skipped.
 */
const FORMATS = new Map<string, Format>([
  ['a', { kind: 'anchor' }],
  ...['article', 'aside', 'div', 'footer', 'form', 'header', 'main', 'nav', 'section'].map((name): [string, Format] => [name, block(1, 1)]),
  ['br', { kind: 'lineBreak' }],
  ['h1', block(3, 2, true)],
  ['h2', block(3, 2, true)],
  ['h3', block(3, 2, true)],
  ['h4', block(2, 2, true)],
  ['h5', block(2, 2, true)],
  ['h6', block(2, 2, true)],
  ['hr', { kind: 'horizontalLine' }],
  ['img', { kind: 'skip' }],
  ['ol', { kind: 'list', ordered: true }],
  ['p', block(2, 2)],
  // `table` formats as a data table only for the deprecated `tables` option's selectors (none): a block.
  ['table', block(2, 2)],
  ['ul', { kind: 'list', ordered: false }],
  ['script', { kind: 'skip' }],
  ['style', { kind: 'skip' }],
]);

/** Formats this port leaves to html-to-text. */
const UNSUPPORTED = new Set(['blockquote', 'pre']);
/** `<ol type>`s numbered with letters or Roman numerals, left to html-to-text too. */
const UNSUPPORTED_NUMBERING = new Set(['a', 'A', 'i', 'I']);
/** What formatList() takes for a whitespace-only text node among a list's children, and skips. */
const BLANK = /^\s*$/;

/** A list being walked: its items' text so far, and the prefix of its next `li`. */
interface ListFrame {
  kind: 'list';
  nested: boolean;
  items: ListItemText[];
  nextPrefix: () => string;
}

/** An element that is a list's child: a list item of its own, closed with it. */
interface OpenItem {
  list: ListFrame;
  prefix: string;
}

/** What an element's end tag must undo; `name` is the element's (a list in an `li` is nested). */
type Frame = { name: string; item?: OpenItem } & (
  | { kind: 'inline' }
  | { kind: 'skip' }
  | { kind: 'block'; trailing: number; uppercase: boolean }
  | { kind: 'anchor'; href: string; hadText: boolean }
  | ListFrame
);

class Converter {
  private readonly stack: Block[] = [newBlock(1)];
  private readonly frames: Frame[] = [];
  /** The word transforms in force, innermost last: uppercase in headings, an anchor's text recorder. */
  private readonly transforms: ((word: string) => string)[] = [];
  private pendingText = '';
  /** How many elements deep the walk is inside a skipped one (img, script, style). */
  private skipDepth = 0;
  /** The index in `frames` of the <body> being walked; -1 outside. */
  private bodyFrame = -1;
  sawBody = false;
  unsupported = false;

  private get current(): Block {
    return this.stack[this.stack.length - 1]!;
  }

  open(name: string, attributes: Record<string, string>): void {
    this.flushText();
    if (this.skipDepth > 0 || this.bodyFrame === -1) {
      // Inside a skipped element nothing is walked, nor outside <body>, which starts the walk (a <body> within
      // <body> is just an inline element). Only the depth is followed.
      if (this.skipDepth > 0) this.skipDepth++;
      else if (name === 'body') {
        this.bodyFrame = this.frames.length;
        this.sawBody = true;
      }
      this.frames.push({ kind: 'skip', name });
      return;
    }
    if (this.frames.length > MAX_DEPTH || UNSUPPORTED.has(name)) this.unsupported = true;
    const parent = this.frames[this.frames.length - 1];
    // Each child of a list is walked as a list item of its own; an `li` takes the list's next prefix.
    const item = parent?.kind === 'list' ? this.openItem(parent, name === 'li' ? parent.nextPrefix() : '') : undefined;
    const format = FORMATS.get(name);
    if (format === undefined) {
      this.frames.push({ kind: 'inline', name, item });
      return;
    }
    switch (format.kind) {
      case 'skip':
        this.skipDepth = 1;
        this.frames.push({ kind: 'skip', name, item });
        return;
      case 'lineBreak':
        startNewLine(this.current, 1);
        this.frames.push({ kind: 'inline', name, item });
        return;
      case 'horizontalLine':
        this.stack.push(newBlock(2));
        this.addInline('-'.repeat(40), false);
        this.frames.push({ kind: 'block', name, item, trailing: 2, uppercase: false });
        return;
      case 'block':
        this.stack.push(newBlock(format.leading));
        if (format.uppercase) this.transforms.push(uppercase);
        this.frames.push({ kind: 'block', name, item, trailing: format.trailing, uppercase: format.uppercase });
        return;
      case 'anchor': {
        const href = anchorHref(attributes);
        const frame: Frame = { kind: 'anchor', name, item, href, hadText: false };
        if (href) {
          this.transforms.push((word) => {
            frame.hadText = true;
            return word;
          });
        }
        this.frames.push(frame);
        return;
      }
      case 'list': {
        const nested = parent?.name === 'li';
        const prefixes = listPrefixes(format.ordered, attributes);
        if (prefixes === undefined) this.unsupported = true;
        const nextPrefix = () => {
          const prefix = prefixes?.() ?? '';
          return nested ? prefix.trimStart() : prefix;
        };
        this.frames.push({ kind: 'list', name, item, nested, items: [], nextPrefix });
        return;
      }
    }
  }

  close(): void {
    this.flushText();
    const frame = this.frames.pop();
    if (frame === undefined) return;
    if (frame.kind === 'skip') {
      if (this.skipDepth > 0) this.skipDepth--;
      else if (this.frames.length === this.bodyFrame) this.bodyFrame = -1;
    } else if (frame.kind === 'block') {
      if (frame.uppercase) this.transforms.pop();
      const closed = this.stack.pop()!;
      addText(this.current, textOf(closed), closed.leadingLineBreaks, Math.max(closed.stashedLineBreaks, frame.trailing));
    } else if (frame.kind === 'anchor' && frame.href) {
      this.transforms.pop();
      this.addInline(frame.hadText ? ` [${frame.href}]` : frame.href, true);
    } else if (frame.kind === 'list') {
      addList(this.current, frame.items, frame.nested);
    }
    if (frame.item !== undefined) this.closeItem(frame.item);
  }

  /** A comment or a processing instruction: no text, but a list item of its own among a list's children. */
  other(): void {
    this.flushText();
    const parent = this.frames[this.frames.length - 1];
    if (parent?.kind === 'list' && this.skipDepth === 0) this.closeItem(this.openItem(parent, ''));
  }

  text(data: string): void {
    if (this.skipDepth === 0 && this.bodyFrame !== -1) this.pendingText += data;
  }

  /** domhandler joins the text between two other events into one node; html-to-text adds each node once. */
  flushText(): void {
    if (this.pendingText === '') return;
    const text = this.pendingText;
    this.pendingText = '';
    const parent = this.frames[this.frames.length - 1];
    if (parent?.kind !== 'list') {
      this.addInline(text, false);
    } else if (!BLANK.test(text)) {
      const item = this.openItem(parent, '');
      this.addInline(text, false);
      this.closeItem(item);
    }
  }

  /** openListItem(): the item's own block, one line break from the row before. */
  private openItem(list: ListFrame, prefix: string): OpenItem {
    this.stack.push(newBlock(1));
    return { list, prefix };
  }

  private closeItem({ list, prefix }: OpenItem): void {
    const closed = this.stack.pop()!;
    list.items.push({ prefix, text: textOf(closed), leadingLineBreaks: closed.leadingLineBreaks, stashedLineBreaks: closed.stashedLineBreaks });
  }

  result(): string {
    this.flushText();
    return textOf(this.stack[0]!);
  }

  /** BlockTextBuilder.addInline() and WhitespaceProcessor.shrinkWrapAdd() without wrapping. */
  private addInline(text: string, noWordTransform: boolean): void {
    const item = this.current;
    if (text.length === 0 || (item.stashedLineBreaks && ALL_WHITESPACE.test(text))) return;
    if (item.stashedLineBreaks) startNewLine(item, item.stashedLineBreaks);
    const previouslyStashedSpace = item.stashedSpace;
    let anyMatch = false;
    WORD.lastIndex = 0;
    for (let match = WORD.exec(text); match !== null; match = WORD.exec(text)) {
      const word = noWordTransform ? match[0] : this.transform(match[0]);
      if (!anyMatch && !previouslyStashedSpace && !LEADING_WHITESPACE.test(text)) {
        // concatWord(): joined to the line's last word, if the line has one.
        const last = item.words.pop();
        item.words.push(last === undefined ? word : last + word);
      } else {
        item.words.push(word);
      }
      anyMatch = true;
    }
    item.stashedSpace = (previouslyStashedSpace && !anyMatch) || TRAILING_WHITESPACE.test(text);
    item.stashedLineBreaks = 0;
  }

  /** The innermost transform first, as html-to-text's applyTransformer() does. */
  private transform(word: string): string {
    let result = word;
    for (let index = this.transforms.length - 1; index >= 0; index--) result = this.transforms[index]!(result);
    return result;
  }
}

const uppercase = (word: string): string => word.toUpperCase();

/**
 * formatUnorderedList's and formatOrderedList's prefixes, one call per `li`: ` * `, or ` 1. `, ` 2. `... from
 * `start` (Number() of it, as html-to-text reads it); undefined for letters or Roman numerals.
 */
function listPrefixes(ordered: boolean, attributes: Record<string, string>): (() => string) | undefined {
  if (!ordered) return () => ' * ';
  if (attributes.type !== undefined && UNSUPPORTED_NUMBERING.has(attributes.type)) return undefined;
  let next = Number(attributes.start || '1');
  return () => ' ' + String(next++) + '. ';
}

/** formatAnchor's getHref() with the default options: no `#` links, `mailto:` dropped, no base URL. */
function anchorHref(attributes: Record<string, string>): string {
  const raw = attributes.href;
  if (!raw) return '';
  const href = raw.replace(/^mailto:/, '');
  return href[0] === '#' ? '' : href;
}

/**
 * html-to-text's text of `html` (with html.ts's options), or undefined when the document needs a format this
 * port leaves out: then html-to-text converts it.
 */
export function plainTextFast(html: string): string | undefined {
  if (html.length > MAX_INPUT_LENGTH) return undefined;
  const converter = new Converter();
  const parser = new Parser(
    {
      onopentag: (name, attributes) => converter.open(name, attributes),
      onclosetag: () => converter.close(),
      ontext: (data) => converter.text(data),
      oncomment: () => converter.other(),
      oncdatastart: () => converter.other(),
      onprocessinginstruction: () => converter.other(),
    },
    { decodeEntities: true },
  );
  parser.end(html);
  if (converter.unsupported || !converter.sawBody) return undefined;
  return converter.result();
}
