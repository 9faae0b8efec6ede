/**
 * The tree side of the HTML parser (parse.ts): the open elements, and SAX2.c's callbacks that build the document
 * (push, pop, text, comments), with htmlAutoClose and htmlCheckImplied.
 */
import type {
  CommentNode,
  DoctypeNode,
  DocumentNode,
  ElementNode,
  ProcessingInstructionNode,
  TextNode,
} from './dom.js';
import { endPriority, startCloses } from './elements.js';
import { MAX_DEPTH, localName, HEAD_ELEMENTS } from './parse-chars.js';
import { HtmlInput } from './parse-input.js';

export abstract class HtmlTree extends HtmlInput {
  protected readonly doc: DocumentNode = { type: 'document', children: [] };
  /** ctxt->nameTab: the names of the open elements, as the parser matches end tags against them. */
  protected readonly names: string[] = [];
  /** ctxt->nodeTab: SAX2's open nodes (one fewer than names once the depth limit halted the parser). */
  protected readonly nodes: ElementNode[] = [];
  /** xmlHaltParser was called (nodePush refused a node deeper than xmlParserMaxDepth). */
  protected halted = false;
  /** ctxt->html: 3 once a head was opened, 10 once a body was (htmlnamePush). */
  protected seen = 1;
  /** ctxt->depth: misplaced html/head/body start tags not pushed, whose end tags are to be ignored. */
  protected depth = 0;

  // ---------------------------------------------------------------------------------------------------------------
  // Implied and auto-closed elements

  /** htmlAutoClose: a start tag closes the open elements htmlStartClose says it ends. */
  protected autoClose(newTag: string): void {
    for (let open = this.name(); open !== null && startCloses(newTag, open); open = this.name()) this.pop();
  }

  /** htmlAutoCloseOnClose: an end tag closes what is above its element, unless something of higher priority is. */
  protected autoCloseOnClose(newTag: string): void {
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
  protected closeAll(): void {
    this.names.length = 0;
    this.nodes.length = 0;
  }

  /** htmlCheckImplied: the html, head or body a tag needs first. */
  protected checkImplied(newTag: string): void {
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
  protected checkParagraph(): void {
    const tag = this.name();
    if (tag !== null && tag !== 'html' && tag !== 'head') return;
    this.autoClose('p');
    this.checkImplied('p');
    this.push('p', []);
  }

  protected setDoctype(name: string, publicId: string | null, systemId: string | null): void {
    const children = this.doc.children;
    const old = children.findIndex((child) => child.type === 'doctype');
    if (old >= 0) children.splice(old, 1);
    const doctype: DoctypeNode = { type: 'doctype', name, publicId, systemId, parent: this.doc };
    // xmlCreateIntSubset puts an HTML document's DTD first.
    children.unshift(doctype);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // The tree (SAX2.c callbacks)

  protected name(): string | null {
    return this.names[this.names.length - 1] ?? null;
  }

  /** htmlnamePush + xmlSAX2StartElement. */
  protected push(name: string, attributes: { name: string; value: string | null }[]): void {
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
  protected pop(): void {
    this.names.pop();
    this.nodes.pop();
  }

  /** xmlSAX2Characters: text joins a text last child; with no open element it is dropped. */
  protected characters(text: string): void {
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
  protected cdata(text: string): void {
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
  protected appendMisc(node: CommentNode | ProcessingInstructionNode): void {
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
