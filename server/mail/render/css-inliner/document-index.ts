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
const BOOLEAN_ATTRIBUTES = new Set([
  'checked',
  'compact',
  'declare',
  'defer',
  'disabled',
  'ismap',
  'multiple',
  'nohref',
  'noresize',
  'noshade',
  'nowrap',
  'readonly',
  'selected',
]);

export interface DocumentIndex {
  readonly elementCount: number;
  /** Ids 1..elementCount. */
  readonly elements: readonly (ElementNode | undefined)[];
  readonly document: DocumentNode;
  /** Per element id: its name ('' for the document). */
  readonly names: readonly string[];
  /** Per element id: the parent element id (0 for a top-level element, -1 for the document). */
  readonly parent: readonly number[];
  /** Per element id (and 0): the last id of its subtree. */
  readonly end: readonly number[];
  readonly firstChild: readonly number[];
  readonly lastChild: readonly number[];
  readonly nextSibling: readonly number[];
  readonly previousSibling: readonly number[];
  /** How many attributes the document's elements have in all. */
  readonly attributeTotal: number;
  /** Built on first use (attributes()): only attribute steps other than a plain `@name` need ids for attributes. */
  attributeTable: AttributeTable | null;
  /** Scratch marks, one per id, all zero between uses (built on first use: scratchMarks()). */
  markTable: Uint8Array | null;
  /** Lookup tables built on first use (elements by name, by class token, by attribute value). */
  readonly memo: Map<string, unknown>;
}

/** Attribute nodes: id elementCount + 1 + k for the k-th attribute in document order. */
export interface AttributeTable {
  /** Per element id (and 0): its first attribute id and how many it has. */
  readonly start: readonly number[];
  readonly count: readonly number[];
  /** Per attribute k (id - elementCount - 1). */
  readonly names: readonly string[];
  readonly values: readonly string[];
  readonly owners: readonly number[];
}

export function attributeStringValue(name: string, value: string | null): string {
  if (value !== null) return value;
  return BOOLEAN_ATTRIBUTES.has(name) ? name : '';
}

export function buildDocumentIndex(document: DocumentNode): DocumentIndex {
  const elements: (ElementNode | undefined)[] = [undefined];
  const names: string[] = [''];
  const parent: number[] = [-1];
  const end: number[] = [0];
  let attributeTotal = 0;
  // Pre-order walk with explicit stacks (children list, next child, id), no recursion.
  const lists: Node[][] = [document.children];
  const positions: number[] = [0];
  const ids: number[] = [0];
  let depth = 0;
  while (depth >= 0) {
    const children = lists[depth]!;
    const at = positions[depth]!;
    if (at >= children.length) {
      end[ids[depth]!] = elements.length - 1;
      depth--;
      continue;
    }
    positions[depth] = at + 1;
    const child = children[at]!;
    if (child.type !== 'element') continue;
    const id = elements.length;
    elements.push(child);
    names.push(child.name);
    parent.push(ids[depth]!);
    end.push(id);
    attributeTotal += child.attributes.length;
    depth++;
    lists[depth] = child.children;
    positions[depth] = 0;
    ids[depth] = id;
  }
  const elementCount = elements.length - 1;
  const firstChild: number[] = [];
  const lastChild: number[] = [];
  const nextSibling: number[] = [];
  const previousSibling: number[] = [];
  for (let id = 0; id <= elementCount; id++) {
    firstChild.push(-1);
    lastChild.push(-1);
    nextSibling.push(-1);
    previousSibling.push(-1);
  }
  for (let id = 1; id <= elementCount; id++) {
    const p = parent[id]!;
    const last = lastChild[p]!;
    if (last < 0) firstChild[p] = id;
    else {
      nextSibling[last] = id;
      previousSibling[id] = last;
    }
    lastChild[p] = id;
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
    attributeTotal,
    attributeTable: null,
    markTable: null,
    memo: new Map(),
  };
}

export function attributes(index: DocumentIndex): AttributeTable {
  if (index.attributeTable !== null) return index.attributeTable;
  const start: number[] = [0];
  const count: number[] = [0];
  const names: string[] = [];
  const values: string[] = [];
  const owners: number[] = [];
  let next = index.elementCount + 1;
  for (let id = 1; id <= index.elementCount; id++) {
    const list = index.elements[id]!.attributes;
    start.push(next);
    count.push(list.length);
    for (const attribute of list) {
      names.push(attribute.name);
      values.push(attributeStringValue(attribute.name, attribute.value));
      owners.push(id);
      next++;
    }
  }
  index.attributeTable = { start, count, names, values, owners };
  return index.attributeTable;
}

export function scratchMarks(index: DocumentIndex): Uint8Array {
  index.markTable ??= new Uint8Array(index.elementCount + 1 + index.attributeTotal);
  return index.markTable;
}

/** The name of an element or attribute id. */
export function nodeName(index: DocumentIndex, id: number): string {
  return id > index.elementCount ? attributes(index).names[id - index.elementCount - 1]! : index.names[id]!;
}

/** The parent of any id (an attribute's is its element). */
export function parentOf(index: DocumentIndex, id: number): number {
  return id > index.elementCount ? attributes(index).owners[id - index.elementCount - 1]! : index.parent[id]!;
}

/** The XPath string-value of a node: an attribute's value, or the concatenated text below an element (or the document). */
export function stringValue(index: DocumentIndex, id: number, charge: (visits: number) => void = () => {}): string {
  if (id > index.elementCount) return attributes(index).values[id - index.elementCount - 1]!;
  const root = id === 0 ? index.document : index.elements[id]!;
  let out = '';
  let visits = 0;
  const lists: Node[][] = [root.children];
  const positions: number[] = [0];
  let depth = 0;
  while (depth >= 0) {
    const children = lists[depth]!;
    const at = positions[depth]!;
    if (at >= children.length) {
      depth--;
      continue;
    }
    positions[depth] = at + 1;
    const child = children[at]!;
    visits++;
    if (child.type === 'text') out += child.value;
    else if (child.type === 'element') {
      depth++;
      lists[depth] = child.children;
      positions[depth] = 0;
    }
  }
  charge(visits);
  return out;
}

/** XPath's whitespace (normalize-space): space, tab, CR, LF. */
const XPATH_SPACE = /[ \t\n\r]+/;

/** Element ids (ascending) by name. */
export function elementsByName(index: DocumentIndex): Map<string, number[]> {
  let table = index.memo.get('name') as Map<string, number[]> | undefined;
  if (table === undefined) {
    table = new Map();
    for (let id = 1; id <= index.elementCount; id++) {
      const name = index.names[id]!;
      const list = table.get(name);
      if (list === undefined) table.set(name, [id]);
      else list.push(id);
    }
    index.memo.set('name', table);
  }
  return table;
}

function attributeTable(index: DocumentIndex, kind: 'token' | 'value', attribute: string): Map<string, number[]> {
  const key = `${kind}:${attribute}`;
  let table = index.memo.get(key) as Map<string, number[]> | undefined;
  if (table === undefined) {
    table = new Map();
    for (let id = 1; id <= index.elementCount; id++) {
      for (const a of index.elements[id]!.attributes) {
        if (a.name !== attribute) continue;
        const value = attributeStringValue(a.name, a.value);
        const keys = kind === 'value' ? [value] : value.split(XPATH_SPACE);
        for (const k of keys) {
          if (k === '' && kind === 'token') continue;
          const list = table.get(k);
          if (list === undefined) table.set(k, [id]);
          else if (list[list.length - 1] !== id) list.push(id);
        }
        break;
      }
    }
    index.memo.set(key, table);
  }
  return table;
}

/** Element ids (ascending) whose attribute holds the whitespace-separated token. */
export function elementsByToken(index: DocumentIndex, attribute: string, token: string): readonly number[] {
  return attributeTable(index, 'token', attribute).get(token) ?? [];
}

/** Element ids (ascending) whose attribute has exactly this value. */
export function elementsByValue(index: DocumentIndex, attribute: string, value: string): readonly number[] {
  return attributeTable(index, 'value', attribute).get(value) ?? [];
}

/** ' ' + normalize-space(@attribute) + ' ' of an element, memoised (class matching asks it once per rule). */
export function paddedAttribute(index: DocumentIndex, id: number, attribute: string): string {
  const key = `padded:${attribute}`;
  let table = index.memo.get(key) as (string | undefined)[] | undefined;
  if (table === undefined) {
    table = [];
    index.memo.set(key, table);
  }
  let padded = table[id];
  if (padded === undefined) {
    let value = '';
    if (id > 0 && id <= index.elementCount) {
      for (const a of index.elements[id]!.attributes) {
        if (a.name === attribute) {
          value = attributeStringValue(a.name, a.value);
          break;
        }
      }
    }
    padded = ' ' + value.replace(/[ \t\n\r]+/g, ' ').replace(/^ | $/g, '') + ' ';
    table[id] = padded;
  }
  return padded;
}
