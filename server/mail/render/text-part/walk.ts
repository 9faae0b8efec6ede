/**
 * HtmlConverter::convertChildren() and ::convertToMarkdown() (league/html-to-markdown 5.1) over libxml2's tree,
 * with the Element methods the converters call. PHP recurses, converting each node's children before the node
 * and replacing every converted node by a text node holding its Markdown; here an explicit stack does the same
 * walk (no recursion, so no depth overflows it) and a node's Markdown is handed to its parent's frame instead of
 * a replaced node. What the converters see of the tree is what PHP's see at that moment:
 *   - an element's value (nodeValue) is its children's Markdown joined;
 *   - its parent, previous and next siblings, and the nodes after it in document order, are the original nodes
 *     (not converted yet; Element caches the previous sibling before it is converted);
 *   - siblings before it are converted: getSiblingPosition() counts the non-blank Markdown among them;
 *   - inside <pre> and <code> only <code> elements are converted (the isDescendantOf(['pre', 'code']) early
 *     return), and a child that was not is written as C14N writes it.
 * The converters are those Environment::createDefaultEnvironment() registers (TableConverter is not: tables go
 * to DefaultConverter), with Mailcoach's options: strip_tags, remove_nodes 'head script style', the defaults
 * otherwise.
 */
import type { DoctypeNode, ElementNode, Node, ProcessingInstructionNode } from '../libxml/dom.js';
import { convertBlockquote, convertHeader, convertListItem, convertParagraph, convertPreformatted } from './block.js';
import { childrenAsString, processingInstructionString } from './c14n.js';
import { convertCode, convertEmphasis, convertHardBreak, convertImage, convertLink, isFalsyHref } from './inline.js';
import { isPhpBlank } from './php.js';
import { convertText } from './text.js';

/** A node the converters can look up by name (getConverterByTag): an element, or a PI by its target. */
type NamedLeaf = ElementNode | ProcessingInstructionNode | DoctypeNode;

/** One element being converted: PHP's convertChildren() frame. */
interface Frame {
  /** null for the document, the root's parent. */
  element: ElementNode | null;
  name: string;
  /** The children PHP iterates (the <body> that received misplaced comments has them first). */
  children: readonly Node[];
  /** This element's position among its parent frame's children. */
  index: number;
  /** The next child to convert. */
  next: number;
  /**
   * Where this element's children's parts begin in the walk's part stack: one per child visited so far, its
   * Markdown, or the node itself where it is not converted.
   */
  start: number;
  /** This element or an ancestor is a <pre> or a <code>: its children other than <code> stay as they are. */
  inPreOrCode: boolean;
  /** <blockquote> elements among this element and its ancestors. */
  blockquotes: number;
  /** <li> elements among this element and its ancestors. */
  listItems: number;
  /** getSiblingPosition() bookkeeping: the first `counted` parts are counted, nonBlank of them are not whitespace. */
  counted: number;
  nonBlank: number;
}

/** Element::isBlock() */
function isBlockName(name: string): boolean {
  switch (name) {
    case 'blockquote':
    case 'body':
    case 'div':
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
    case 'hr':
    case 'html':
    case 'li':
    case 'p':
    case 'ol':
    case 'ul':
      return true;
    default:
      return false;
  }
}

/** DOMNode::$nodeName */
function nodeName(node: Node | undefined): string | null {
  if (node === undefined) return null;
  switch (node.type) {
    case 'element':
      return node.name;
    case 'text':
      return node.cdata === true ? '#cdata-section' : '#text';
    case 'comment':
      return '#comment';
    case 'pi':
      return node.target;
    case 'doctype':
      return node.name;
  }
}

/** DOMElement::getAttribute(): '' when absent or bare. */
function attribute(element: ElementNode | null, name: string): string {
  if (element === null) return '';
  for (const candidate of element.attributes) if (candidate.name === name) return candidate.value ?? '';
  return '';
}

/** DOMNode::$nodeValue of an unconverted node, cut once it has `limit` characters (textContent for an element). */
function valueStart(node: Node, limit: number): string {
  switch (node.type) {
    case 'text':
    case 'comment':
    case 'pi':
      return node.value;
    case 'doctype':
      return '';
    case 'element':
      break;
  }
  let out = '';
  const stack: Node[] = [node];
  while (stack.length > 0 && out.length < limit) {
    const current = stack.pop() as Node;
    if (current.type === 'text') out += current.value;
    else if (current.type === 'element')
      for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i] as Node);
  }
  return out;
}

const NO_NODES: readonly Node[] = [];
/** Frames kept between runs; a deeper tree's are let go after it. */
const KEPT_FRAMES = 512;
/** Past this many parts, the part stack a document grew is let go after it. */
const KEPT_PARTS = 1 << 14;

/**
 * The walk's state. One instance serves every call (frames and the part stack are reused); a call never starts
 * while another runs, as conversion is synchronous.
 */
class Walk {
  private readonly stack: Frame[] = [];
  private depth = 0;
  /** The deepest frame this run used. */
  private deepest = 0;
  /** Every open frame's parts, one after the other (a frame's from its `start` to the next frame's). */
  private parts: (string | Node)[] = [];
  private top = 0;
  private highest = 0;

  /**
   * The root's Markdown. `documentChildren` are the document's children as the walk sees them (after
   * replaceMisplacedComments()), `body` and `bodyChildren` the <body> that received comments and its new list.
   */
  run(
    root: ElementNode,
    documentChildren: readonly Node[],
    body: ElementNode | null,
    bodyChildren: readonly Node[] | null,
  ): string {
    this.deepest = 0;
    this.top = 0;
    this.highest = 0;
    try {
      const rootIndex = documentChildren.indexOf(root);
      this.open(0, null, '#document', documentChildren, 0, false, 0, 0);
      const rootChildren = root === body && bodyChildren !== null ? bodyChildren : root.children;
      if (rootChildren.length === 0) return this.convert(root, root.name, 0, 0, 0, rootIndex);
      this.open(
        1,
        root,
        root.name,
        rootChildren,
        rootIndex,
        root.name === 'pre' || root.name === 'code',
        root.name === 'blockquote' ? 1 : 0,
        root.name === 'li' ? 1 : 0,
      );
      while (this.depth > 0) {
        const frame = this.stack[this.depth] as Frame;
        if (frame.next < frame.children.length) {
          const index = frame.next++;
          this.visit(frame, frame.children[index] as Node, index, body, bodyChildren);
          continue;
        }
        // All children converted: convert the element, whose Markdown takes the children's place as the
        // element's part in its parent (setFinalMarkdown()).
        this.depth--;
        if (this.top > this.highest) this.highest = this.top;
        const markdown = this.convert(
          frame.element as ElementNode,
          frame.name,
          frame.start,
          this.top,
          this.depth,
          frame.index,
        );
        this.top = frame.start;
        this.parts[this.top++] = markdown;
      }
      return this.parts[0] as string;
    } finally {
      // Let go of this document: its nodes in the frames, its strings in the part stack.
      for (let depth = 0; depth <= this.deepest; depth++) {
        const frame = this.stack[depth] as Frame;
        frame.element = null;
        frame.children = NO_NODES;
      }
      if (this.stack.length > KEPT_FRAMES) this.stack.length = KEPT_FRAMES;
      if (this.highest > KEPT_PARTS) this.parts = [];
      else this.parts.fill('', 0, Math.max(this.highest, this.top));
    }
  }

  private open(
    depth: number,
    element: ElementNode | null,
    name: string,
    children: readonly Node[],
    index: number,
    inPreOrCode: boolean,
    blockquotes: number,
    listItems: number,
  ): void {
    if (depth > this.deepest) this.deepest = depth;
    let frame = this.stack[depth];
    if (frame === undefined) {
      frame = {
        element,
        name,
        children,
        index,
        next: 0,
        start: this.top,
        inPreOrCode,
        blockquotes,
        listItems,
        counted: 0,
        nonBlank: 0,
      };
      this.stack[depth] = frame;
    } else {
      frame.element = element;
      frame.name = name;
      frame.children = children;
      frame.index = index;
      frame.next = 0;
      frame.start = this.top;
      frame.inPreOrCode = inPreOrCode;
      frame.blockquotes = blockquotes;
      frame.listItems = listItems;
      frame.counted = 0;
      frame.nonBlank = 0;
    }
    this.depth = depth;
  }

  /** convertChildren() on one child of `frame`. */
  private visit(
    frame: Frame,
    child: Node,
    index: number,
    body: ElementNode | null,
    bodyChildren: readonly Node[] | null,
  ): void {
    if (frame.inPreOrCode && nodeName(child) !== 'code') {
      // Inside <pre> or <code>: left as it is for C14N.
      this.parts[this.top++] = child;
      return;
    }
    switch (child.type) {
      case 'text': {
        if (child.cdata === true) {
          // <script> and <style> content, a CDATA node to libxml2: DefaultConverter, its value as it is.
          this.parts[this.top++] = child.value;
          return;
        }
        let markdown = convertText(child.value, frame.name !== 'div');
        if (markdown === ' ') {
          const next = this.nextInDocument(this.depth, index);
          if (next === null || isBlockName(nodeName(next) as string)) markdown = '';
        }
        this.parts[this.top++] = markdown;
        return;
      }
      case 'comment':
        // CommentConverter with preserve_comments false.
        this.parts[this.top++] = '';
        return;
      case 'pi':
      case 'doctype': {
        const markdown = this.convert(child, nodeName(child) as string, this.top, this.top, this.depth, index);
        this.parts[this.top++] = markdown;
        return;
      }
      case 'element': {
        const children = child === body && bodyChildren !== null ? bodyChildren : child.children;
        if (children.length === 0) {
          const markdown = this.convert(child, child.name, this.top, this.top, this.depth, index);
          this.parts[this.top++] = markdown;
          return;
        }
        const name = child.name;
        this.open(
          this.depth + 1,
          child,
          name,
          children,
          index,
          frame.inPreOrCode || name === 'pre' || name === 'code',
          frame.blockquotes + (name === 'blockquote' ? 1 : 0),
          frame.listItems + (name === 'li' ? 1 : 0),
        );
        return;
      }
    }
  }

  /** Element::getNext() of the child at `index` of the frame at `depth`: its next sibling, or an ancestor's. */
  private nextInDocument(depth: number, index: number): Node | null {
    let frame = this.stack[depth] as Frame;
    for (;;) {
      if (index + 1 < frame.children.length) return frame.children[index + 1] as Node;
      if (depth === 0) return null;
      index = frame.index;
      depth--;
      frame = this.stack[depth] as Frame;
    }
  }

  /** Element::getSiblingPosition() of the child at `index` of `frame`: its siblings before it are converted. */
  private siblingPosition(frame: Frame, index: number): number {
    while (frame.counted < index) {
      const part = this.parts[frame.start + frame.counted++] as string | Node;
      const blank =
        typeof part === 'string'
          ? isPhpBlank(part)
          : part.type === 'text' && part.cdata !== true && isPhpBlank(part.value);
      if (!blank) frame.nonBlank++;
    }
    return frame.nonBlank + 1;
  }

  /**
   * convertToMarkdown(): the node's Markdown from its converter. Its children's parts are parts[start, end); its
   * parent is the frame at `depth`, where it is child `index`.
   */
  private convert(node: NamedLeaf, name: string, start: number, end: number, depth: number, index: number): string {
    const parent = this.stack[depth] as Frame;
    const element = node.type === 'element' ? node : null;
    switch (name) {
      case 'head':
      case 'script':
      case 'style':
        // remove_nodes
        return '';
      case 'p':
        return convertParagraph(this.value(node, start, end));
      case 'div':
        // DivConverter with strip_tags
        return this.value(node, start, end) + '\n\n';
      case 'blockquote':
        return convertBlockquote(this.value(node, start, end));
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        return convertHeader(name.charCodeAt(1) - 48, this.value(node, start, end), parent.blockquotes > 0);
      case 'hr':
        return '---\n\n';
      case 'ol':
      case 'ul':
        // ListBlockConverter
        return this.value(node, start, end) + '\n';
      case 'li':
        return convertListItem(
          this.value(node, start, end),
          parent.name,
          parent.listItems,
          this.siblingPosition(parent, index),
          attribute(parent.element, 'start'),
        );
      case 'pre':
        return convertPreformatted(this.childrenAsString(node, start, end));
      case 'code':
        return convertCode(this.childrenAsString(node, start, end), attribute(element, 'class'), parent.name === 'pre');
      case 'em':
      case 'i':
      case 'strong':
      case 'b':
        return convertEmphasis(
          name,
          this.value(node, start, end),
          nodeName(parent.children[index - 1]),
          nodeName(parent.children[index + 1]),
        );
      case 'br':
        return convertHardBreak(
          parent.name === 'li',
          parent.name === 'li' ? this.valueAfter(start, end, depth, index) : '',
        );
      case 'a': {
        const href = attribute(element, 'href');
        if (isFalsyHref(href)) return this.childrenAsString(node, start, end);
        return convertLink(href, attribute(element, 'title'), this.value(node, start, end));
      }
      case 'img':
        return convertImage(attribute(element, 'src'), attribute(element, 'alt'), attribute(element, 'title'));
      default:
        // DefaultConverter with strip_tags
        return this.value(node, start, end);
    }
  }

  /** Element::getValue() once the children are converted: their parts joined. */
  private value(node: NamedLeaf, start: number, end: number): string {
    if (node.type === 'pi') return node.value;
    if (node.type === 'doctype') return '';
    if (end - start === 1) {
      const only = this.parts[start] as string | Node;
      return typeof only === 'string' ? only : valueStart(only, Infinity);
    }
    let out = '';
    for (let i = start; i < end; i++) {
      const part = this.parts[i] as string | Node;
      out += typeof part === 'string' ? part : valueStart(part, Infinity);
    }
    return out;
  }

  /**
   * html_entity_decode(getChildrenAsString()). C14N() of a lone processing instruction writes it as it writes
   * one before the document element: with a line feed after it.
   */
  private childrenAsString(node: NamedLeaf, start: number, end: number): string {
    if (node.type === 'element') return childrenAsString(node, this.parts, start, end);
    if (node.type === 'pi') return processingInstructionString(node) + '\n';
    return '';
  }

  /** The start of getNext()->getValue() for a <br>: its first child's, else the next node's in document order. */
  private valueAfter(start: number, end: number, depth: number, index: number): string {
    if (end > start) {
      const first = this.parts[start] as string | Node;
      return typeof first === 'string' ? first : valueStart(first, 2);
    }
    const next = this.nextInDocument(depth, index);
    return next === null ? '' : valueStart(next, 2);
  }
}

const walk = new Walk();

/** The Markdown the root element is replaced with. */
export function convertRoot(
  root: ElementNode,
  documentChildren: readonly Node[],
  body: ElementNode | null,
  bodyChildren: readonly Node[] | null,
): string {
  return walk.run(root, documentChildren, body, bodyChildren);
}
