/**
 * What xpath.ts's evaluator computes with: its errors and work budget, the typed values (node-sets, compiled
 * closures), XPath 1.0's conversions, and the helpers the compiled steps use (axis iterators, set merges,
 * comparisons, the class-token hints and position bounds read from the syntax tree).
 */
import { attributes, attributeStringValue, parentOf, type DocumentIndex } from './document-index.js';
import { type Axis, type Expr, type NodeTest, type Step, XPathError } from './xpath-parser.js';

export { XPathError };

/**
 * Thrown when a query has done more work than any real mail needs (hostile input: tens of thousands of siblings
 * under a positional `~` rule). PHP itself takes minutes on such input; the port gives up instead of hanging.
 */
export class XPathBudgetError extends Error {}

/** Node visits left for the current convert(): steps over axes and text nodes. */
let budget = Infinity;

/** Sets the work allowed until the next call. */
export function setXPathBudget(visits: number): void {
  budget = visits;
}

export function spend(n: number): void {
  budget -= n;
  if (budget < 0)
    throw new XPathBudgetError('The CSS selectors need more work than the inliner allows on this document');
}

// --- Values ---------------------------------------------------------------------------------------------------------

/** A node-set: ids in document order, without duplicates. */
export type NodeSet = number[];

type Type = 'boolean' | 'number' | 'string' | 'nodeset';

export type Fn<T> = (node: number, position: number, size: number) => T;

export interface Compiled {
  type: Type;
  bool: Fn<boolean>;
  num: Fn<number>;
  str: Fn<string>;
  set: Fn<NodeSet> | null;
  /** Whether the value depends on the context position or size (not counting nested steps' own contexts). */
  positional: boolean;
  usesLast: boolean;
  /** The constant value, where the expression is one. */
  constant?: number | string | boolean;
}

/** XPath's number(): optional blanks, an optional minus, digits with an optional fraction (libxml2: and exponent). */
export function stringToNumber(s: string): number {
  const m = /^[ \t\n\r]*(-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)[ \t\n\r]*$/.exec(s);
  return m === null ? NaN : Number(m[1]);
}

function numberToString(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  if (Number.isInteger(n)) return Object.is(n, -0) ? '0' : n.toFixed(0);
  return String(n);
}

export function codePoints(s: string): string[] {
  return Array.from(s);
}

export function codePointLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n--;
      i++;
    }
  }
  return n;
}

/** XPath's round(): the closest integer, halves towards positive infinity. */
export function xpathRound(n: number): number {
  if (!Number.isFinite(n)) return n;
  return Math.floor(n + 0.5);
}

export function normalizeSpace(s: string): string {
  return s.replace(/[ \t\n\r]+/g, ' ').replace(/^ | $/g, '');
}

export interface Predicate {
  test: Fn<boolean>;
  positional: boolean;
  usesLast: boolean;
  /** No node past this position can satisfy the predicate (Infinity when unknown). */
  bound: number;
}

export interface CompiledStep {
  axis: Axis;
  test: NodeTest;
  predicates: Predicate[];
  hints: StepHint[];
}

/** A conjunct of a step's predicate that only elements with this class token (or attribute value) satisfy. */
export interface StepHint {
  kind: 'token' | 'value';
  attribute: string;
  key: string;
}

/** `@name` (one attribute step, no predicate): the name, else null. */
function singleAttribute(e: Expr): string | null {
  if (e.t !== 'path' || e.absolute || e.filter !== null || e.steps.length !== 1) return null;
  const step = e.steps[0]!;
  return step.axis === 'attribute' && step.test.kind === 'name' && step.predicates.length === 0 ? step.test.name : null;
}

/** For contains(concat(' ', normalize-space(@a), ' '), x), the attribute a; else null. */
export function paddedAttributeOf(e: Expr): string | null {
  if (e.t !== 'call' || e.name !== 'contains' || e.args.length !== 2) return null;
  const concat = e.args[0]!;
  if (concat.t !== 'call' || concat.name !== 'concat' || concat.args.length !== 3) return null;
  const [left, middle, right] = concat.args as [Expr, Expr, Expr];
  if (left.t !== 'literal' || left.v !== ' ' || right.t !== 'literal' || right.v !== ' ') return null;
  if (middle.t !== 'call' || middle.name !== 'normalize-space' || middle.args.length !== 1) return null;
  return singleAttribute(middle.args[0]!);
}

/** The hints of a step's predicates: their top-level `and` conjuncts that are class-token or attribute tests. */
export function stepHints(step: Step): StepHint[] {
  const hints: StepHint[] = [];
  const visit = (e: Expr): void => {
    if (e.t === 'and') {
      visit(e.l);
      visit(e.r);
      return;
    }
    const padded = paddedAttributeOf(e);
    if (padded !== null) {
      const needle = e.t === 'call' ? e.args[1]! : null;
      // ' token ' with one token inside: exactly the elements whose attribute lists that token.
      if (needle !== null && needle.t === 'literal' && /^ [^ \t\n\r]+ $/.test(needle.v)) {
        hints.push({ kind: 'token', attribute: padded, key: needle.v.slice(1, -1) });
      }
      return;
    }
    if (e.t === '=') {
      const attribute = singleAttribute(e.l);
      if (attribute !== null && e.r.t === 'literal') hints.push({ kind: 'value', attribute, key: e.r.v });
    }
  };
  for (const predicate of step.predicates) {
    // A number-valued predicate is a position test: no hint.
    if (
      predicate.t === 'number' ||
      (predicate.t === 'call' && ['position', 'last', 'count', 'string-length'].includes(predicate.name))
    )
      continue;
    visit(predicate);
  }
  return hints;
}

export function isReverse(axis: Axis): boolean {
  return axis === 'ancestor' || axis === 'ancestor-or-self' || axis === 'preceding-sibling' || axis === 'parent';
}

export interface AxisIterator {
  first(): number;
  next(id: number): number;
}

export function axisIterator(index: DocumentIndex, axis: Axis, c: number): AxisIterator {
  const isElement = c <= index.elementCount;
  switch (axis) {
    case 'self':
      return { first: () => c, next: () => -1 };
    case 'child':
      return { first: () => (isElement ? index.firstChild[c]! : -1), next: (id) => index.nextSibling[id]! };
    case 'descendant':
    case 'descendant-or-self': {
      if (!isElement) return { first: () => (axis === 'descendant-or-self' ? c : -1), next: () => -1 };
      const end = index.end[c]!;
      return {
        first: () => (axis === 'descendant-or-self' ? c : c < end ? c + 1 : -1),
        next: (id) => (id < end ? id + 1 : -1),
      };
    }
    case 'parent':
      return { first: () => parentOf(index, c), next: () => -1 };
    case 'ancestor':
      return { first: () => parentOf(index, c), next: (id) => index.parent[id]! };
    case 'ancestor-or-self':
      return { first: () => c, next: (id) => parentOf(index, id) };
    case 'following-sibling':
      return { first: () => (isElement && c > 0 ? index.nextSibling[c]! : -1), next: (id) => index.nextSibling[id]! };
    case 'preceding-sibling':
      return {
        first: () => (isElement && c > 0 ? index.previousSibling[c]! : -1),
        next: (id) => index.previousSibling[id]!,
      };
    case 'attribute': {
      if (!isElement || c === 0) return { first: () => -1, next: () => -1 };
      const start = attributes(index).start[c]!;
      const stop = start + attributes(index).count[c]!;
      return { first: () => (start < stop ? start : -1), next: (id) => (id + 1 < stop ? id + 1 : -1) };
    }
  }
}

/** Whether an element has the attribute (read from the element: no attribute ids needed). */
export function hasAttribute(index: DocumentIndex, node: number, name: string): boolean {
  if (node === 0 || node > index.elementCount) return false;
  for (const attribute of index.elements[node]!.attributes) if (attribute.name === name) return true;
  return false;
}

export function attributeValueOf(index: DocumentIndex, node: number, name: string): string | null {
  if (node === 0 || node > index.elementCount) return null;
  for (const attribute of index.elements[node]!.attributes) {
    if (attribute.name === name) return attributeStringValue(attribute.name, attribute.value);
  }
  return null;
}

export function isAscending(a: number[], from: number): boolean {
  for (let i = from + 1; i < a.length; i++) if (a[i]! <= a[i - 1]!) return false;
  return true;
}

export function sortUnique(a: number[], sorted: boolean): number[] {
  const s = sorted ? a : Array.from(Int32Array.from(a).sort());
  const out: number[] = [];
  for (const id of s) if (out.length === 0 || out[out.length - 1] !== id) out.push(id);
  return out;
}

export function mergeSets(a: NodeSet, b: NodeSet): NodeSet {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  return sortUnique(a.concat(b), false);
}

export function numberComparator(op: string): (a: number, b: number) => boolean {
  switch (op) {
    case '=':
      return (a, b) => a === b;
    case '!=':
      return (a, b) => a !== b;
    case '<':
      return (a, b) => a < b;
    case '<=':
      return (a, b) => a <= b;
    case '>':
      return (a, b) => a > b;
    default:
      return (a, b) => a >= b;
  }
}

export function compareBooleans(op: string, a: boolean, b: boolean): boolean {
  if (op === '=') return a === b;
  if (op === '!=') return a !== b;
  return numberComparator(op)(a ? 1 : 0, b ? 1 : 0);
}

export function constant(v: number | string | boolean): Compiled {
  const c: Compiled =
    typeof v === 'number'
      ? fromNum(() => v, false, false)
      : typeof v === 'string'
        ? fromStr(() => v, false, false)
        : fromBool(() => v, false, false);
  c.constant = v;
  return c;
}

export function fromBool(fn: Fn<boolean>, positional: boolean, usesLast: boolean): Compiled {
  return {
    type: 'boolean',
    bool: fn,
    num: (n, p, s) => (fn(n, p, s) ? 1 : 0),
    str: (n, p, s) => (fn(n, p, s) ? 'true' : 'false'),
    set: null,
    positional,
    usesLast,
  };
}

export function fromNum(fn: Fn<number>, positional: boolean, usesLast: boolean): Compiled {
  return {
    type: 'number',
    bool: (n, p, s) => {
      const v = fn(n, p, s);
      return v !== 0 && !Number.isNaN(v);
    },
    num: fn,
    str: (n, p, s) => numberToString(fn(n, p, s)),
    set: null,
    positional,
    usesLast,
  };
}

export function fromStr(fn: Fn<string>, positional: boolean, usesLast: boolean): Compiled {
  return {
    type: 'string',
    bool: (n, p, s) => fn(n, p, s) !== '',
    num: (n, p, s) => stringToNumber(fn(n, p, s)),
    str: fn,
    set: null,
    positional,
    usesLast,
  };
}

/** `query`: what reads a node's string value (the XPathQuery: named by its one method, so this layer does not import it). */
export function fromSet(
  query: { stringValueOf(id: number): string },
  fn: Fn<NodeSet>,
  positional: boolean,
  usesLast: boolean,
): Compiled {
  const first = (n: number, p: number, s: number): string => {
    const members = fn(n, p, s);
    return members.length === 0 ? '' : query.stringValueOf(members[0]!);
  };
  return {
    type: 'nodeset',
    bool: (n, p, s) => fn(n, p, s).length > 0,
    num: (n, p, s) => stringToNumber(first(n, p, s)),
    str: first,
    set: fn,
    positional,
    usesLast,
  };
}

/**
 * An upper bound on the positions a predicate can accept: a number predicate accepts only its own value; `and`
 * takes the smaller bound, `or` the larger; `position() = k`, `position() <= k`, `position() < k` and
 * `position() - k <= 0` (nth-child with a negative step) bound by k.
 */
export function positionBound(e: Expr, c: Compiled): number {
  if (c.type === 'number')
    return typeof c.constant === 'number' ? (c.constant >= 1 ? Math.floor(c.constant) : 0) : Infinity;
  return boundOf(e);
}

function boundOf(e: Expr): number {
  switch (e.t) {
    case 'and':
      return Math.min(boundOf(e.l), boundOf(e.r));
    case 'or':
      return Math.max(boundOf(e.l), boundOf(e.r));
    case 'call':
      return e.name === 'false' && e.args.length === 0 ? 0 : Infinity;
    case '=':
    case '<=':
    case '<': {
      // position() [- k] op constant
      const offset = positionOffset(e.l);
      const limit = constantNumber(e.r);
      if (offset === null || limit === null) return Infinity;
      const bound = limit + offset;
      if (!Number.isFinite(bound)) return Infinity;
      return Math.max(0, e.t === '<' ? Math.ceil(bound) - 1 : Math.floor(bound));
    }
    default:
      return Infinity;
  }
}

/** For `position()` 0, for `position() - k` k, for `position() + k` -k; else null. */
function positionOffset(e: Expr): number | null {
  if (e.t === 'call' && e.name === 'position' && e.args.length === 0) return 0;
  if ((e.t === '-' || e.t === '+') && e.l.t === 'call' && e.l.name === 'position' && e.l.args.length === 0) {
    const k = constantNumber(e.r);
    if (k === null) return null;
    return e.t === '-' ? k : -k;
  }
  return null;
}

function constantNumber(e: Expr): number | null {
  if (e.t === 'number') return e.v;
  if (e.t === 'neg') {
    const v = constantNumber(e.e);
    return v === null ? null : -v;
  }
  return null;
}
