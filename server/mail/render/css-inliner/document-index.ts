/**
 * The document as DOMXPath sees it, flattened once per convert() into integer ids in document order: 0 is the
 * document node, 1..elementCount the elements (pre-order), then every element's attributes in source order. XPath
 * over HTML only ever selects elements and attributes (`*` and name tests have those principal node types), so text
 * only matters for string-values. Built without recursion: a 10,000-level tree costs no stack.
 */
import type { DocumentNode, ElementNode, Node } from '../libxml/dom.js';

/**
 * libxml2's HTML parser gives a bare boolean attribute (`<td nowrap>`) its own name as value (the DOM's
 * getAttribute('nowrap') is "nowrap"); any other bare attribute (`<div foo>`) has an empty value. This list is
 * libxml2's htmlBooleanAttrs (HTMLparser.c).
 */
const BOOLEAN_ATTRIBUTES = new Set(['checked', 'compact', 'declare', 'defer', 'disabled', 'ismap', 'multiple', 'nohref', 'noresize', 'noshade', 'nowrap', 'readonly', 'selected']);

export interface DocumentIndex {
  readonly elementCount: number;
  /** Ids 1..elementCount. */
  readonly elements: readonly (ElementNode | undefined)[];
  readonly document: DocumentNode;
  /** Per id: the element or attribute name ('' for the document). */
  readonly names: readonly string[];
  /** Per id: the parent element id (0 for a top-level element, the owner element for an attribute, -1 for the document). */
  readonly parent: Int32Array;
  /** Per element id (and 0): the last id of its subtree. */
  readonly end: Int32Array;
  readonly firstChild: Int32Array;
  readonly lastChild: Int32Array;
  readonly nextSibling: Int32Array;
  readonly previousSibling: Int32Array;
  /** Per element id (and 0): its first attribute id and how many it has. */
  readonly attributeStart: Int32Array;
  readonly attributeCount: Int32Array;
  /** Per attribute id: its string-value. */
  readonly attributeValues: readonly string[];
  /** Scratch marks, one per id, all zero between uses. */
  readonly marks: Uint8Array;
}

export function attributeStringValue(name: string, value: string | null): string {
  if (value !== null) return value;
  return BOOLEAN_ATTRIBUTES.has(name) ? name : '';
}

export function buildDocumentIndex(document: DocumentNode): DocumentIndex {
  const elements: (ElementNode | undefined)[] = [undefined];
  const names: string[] = [''];
  const parentList: number[] = [-1];
  // Pre-order walk with an explicit stack of [children, next index, parent id].
  const stack: { children: Node[]; index: number; id: number }[] = [{ children: document.children, index: 0, id: 0 }];
  const endList: number[] = [0];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.index >= top.children.length) {
      endList[top.id] = elements.length - 1;
      stack.pop();
      continue;
    }
    const child = top.children[top.index++]!;
    if (child.type !== 'element') continue;
    const id = elements.length;
    elements.push(child);
    names.push(child.name);
    parentList.push(top.id);
    endList.push(id);
    stack.push({ children: child.children, index: 0, id });
  }
  const elementCount = elements.length - 1;
  let attributeTotal = 0;
  for (let id = 1; id <= elementCount; id++) attributeTotal += elements[id]!.attributes.length;
  const total = elementCount + 1 + attributeTotal;
  const parent = new Int32Array(total);
  const end = new Int32Array(elementCount + 1);
  const firstChild = new Int32Array(elementCount + 1).fill(-1);
  const lastChild = new Int32Array(elementCount + 1).fill(-1);
  const nextSibling = new Int32Array(elementCount + 1).fill(-1);
  const previousSibling = new Int32Array(elementCount + 1).fill(-1);
  const attributeStart = new Int32Array(elementCount + 1);
  const attributeCount = new Int32Array(elementCount + 1);
  const attributeValues: string[] = new Array<string>(elementCount + 1).fill('');
  parent[0] = -1;
  for (let id = 0; id <= elementCount; id++) end[id] = endList[id]!;
  for (let id = 1; id <= elementCount; id++) {
    const p = parentList[id]!;
    parent[id] = p;
    const last = lastChild[p]!;
    if (last < 0) firstChild[p] = id;
    else {
      nextSibling[last] = id;
      previousSibling[id] = last;
    }
    lastChild[p] = id;
  }
  let next = elementCount + 1;
  for (let id = 1; id <= elementCount; id++) {
    const attributes = elements[id]!.attributes;
    attributeStart[id] = next;
    attributeCount[id] = attributes.length;
    for (const attribute of attributes) {
      names.push(attribute.name);
      parent[next] = id;
      attributeValues.push(attributeStringValue(attribute.name, attribute.value));
      next++;
    }
  }
  return {
    elementCount,
    elements,
    document,
    names,
    parent,
    end,
    firstChild,
    lastChild,
    nextSibling,
    previousSibling,
    attributeStart,
    attributeCount,
    attributeValues,
    marks: new Uint8Array(total),
  };
}

/** The XPath string-value of a node: an attribute's value, or the concatenated text below an element (or the document). */
export function stringValue(index: DocumentIndex, id: number, charge: (visits: number) => void = () => {}): string {
  if (id > index.elementCount) return index.attributeValues[id]!;
  const root = id === 0 ? index.document : index.elements[id]!;
  const parts: string[] = [];
  const stack: { children: Node[]; index: number }[] = [{ children: root.children, index: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.index >= top.children.length) {
      stack.pop();
      continue;
    }
    const child = top.children[top.index++]!;
    charge(1);
    if (child.type === 'text') parts.push(child.value);
    else if (child.type === 'element') stack.push({ children: child.children, index: 0 });
  }
  return parts.join('');
}
