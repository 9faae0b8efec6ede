/**
 * The XPath 1.0 that DOMXPath::query (libxml2's xpath.c) runs for CssToInlineStyles::inline, over a DocumentIndex:
 * a parser for the expressions Symfony CssSelector writes (and XPath 1.0 generally: location paths on the axes it
 * uses, predicates, the operators, the core functions), compiled once per selector into typed closures.
 *
 * Semantics follow the XPath 1.0 recommendation as libxml2 implements it: node-sets in document order, positions
 * counted along the axis (backwards on reverse axes), a number predicate compared with position(), comparisons of
 * node-sets by any member's string-value, string functions on characters, and libxml2's number literals (which
 * accept an exponent). Anything libxml2 would reject (a namespace prefix no one registered, an unknown function)
 * makes the compile fail: DOMXPath::query returns false and the rule is skipped.
 *
 * Evaluation is linear in the document for the shapes Symfony emits: a step without positional predicates takes the
 * union of its axis over the whole context set at once; a positional one walks each context's axis and stops as soon
 * as the predicates cannot match any later node (`position() = 1`, `[1]`). Nothing recurses per tree level.
 */
import {
  attributes,
  attributeStringValue,
  elementsByName,
  elementsByToken,
  elementsByValue,
  nodeName,
  paddedAttribute,
  parentOf,
  scratchMarks,
  stringValue,
  type DocumentIndex,
} from './document-index.js';

export class XPathError extends Error {}

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

function spend(n: number): void {
  budget -= n;
  if (budget < 0)
    throw new XPathBudgetError('The CSS selectors need more work than the inliner allows on this document');
}

// --- AST ----------------------------------------------------------------------------------------------------------

type Axis =
  | 'child'
  | 'descendant'
  | 'descendant-or-self'
  | 'parent'
  | 'ancestor'
  | 'ancestor-or-self'
  | 'following-sibling'
  | 'preceding-sibling'
  | 'self'
  | 'attribute';

type NodeTest = { kind: 'any' } | { kind: 'name'; name: string } | { kind: 'node' };

interface Step {
  axis: Axis;
  test: NodeTest;
  predicates: Expr[];
}

type Expr =
  | { t: 'or' | 'and'; l: Expr; r: Expr }
  | { t: '=' | '!=' | '<' | '<=' | '>' | '>='; l: Expr; r: Expr }
  | { t: '+' | '-' | '*' | 'div' | 'mod'; l: Expr; r: Expr }
  | { t: 'neg'; e: Expr }
  | { t: 'union'; l: Expr; r: Expr }
  | { t: 'path'; absolute: boolean; filter: Expr | null; steps: Step[] }
  | { t: 'filter'; primary: Expr; predicates: Expr[] }
  | { t: 'literal'; v: string }
  | { t: 'number'; v: number }
  | { t: 'call'; name: string; args: Expr[] };

// --- Parser (recursive descent over characters, as xmlXPathCompileExpr) -------------------------------------------

const AXES = new Set<string>([
  'child',
  'descendant',
  'descendant-or-self',
  'parent',
  'ancestor',
  'ancestor-or-self',
  'following-sibling',
  'preceding-sibling',
  'self',
  'attribute',
]);
const NODE_TYPES = new Set(['node', 'text', 'comment', 'processing-instruction']);

function isNameStart(c: string | undefined): boolean {
  return c !== undefined && (/[A-Za-z_]/.test(c) || c.charCodeAt(0) >= 0x80);
}

function isNameChar(c: string | undefined): boolean {
  return c !== undefined && (/[A-Za-z0-9_.-]/.test(c) || c.charCodeAt(0) >= 0x80);
}

class Parser {
  private i = 0;

  constructor(private readonly s: string) {}

  parse(): Expr {
    const e = this.orExpr();
    this.blanks();
    if (this.i < this.s.length) throw new XPathError('Invalid expression');
    return e;
  }

  private blanks(): void {
    while (this.i < this.s.length && ' \t\n\r'.includes(this.s[this.i]!)) this.i++;
  }

  private peek(offset = 0): string | undefined {
    return this.s[this.i + offset];
  }

  private startsWith(word: string): boolean {
    return this.s.startsWith(word, this.i);
  }

  private ncName(): string {
    const start = this.i;
    if (!isNameStart(this.peek())) throw new XPathError('Expected a name');
    while (isNameChar(this.peek())) this.i++;
    return this.s.slice(start, this.i);
  }

  private orExpr(): Expr {
    let l = this.andExpr();
    for (;;) {
      this.blanks();
      if (!this.startsWith('or')) return l;
      this.i += 2;
      l = { t: 'or', l, r: this.andExpr() };
    }
  }

  private andExpr(): Expr {
    let l = this.equalityExpr();
    for (;;) {
      this.blanks();
      if (!this.startsWith('and')) return l;
      this.i += 3;
      l = { t: 'and', l, r: this.equalityExpr() };
    }
  }

  private equalityExpr(): Expr {
    let l = this.relationalExpr();
    for (;;) {
      this.blanks();
      if (this.peek() === '=') {
        this.i++;
        l = { t: '=', l, r: this.relationalExpr() };
      } else if (this.startsWith('!=')) {
        this.i += 2;
        l = { t: '!=', l, r: this.relationalExpr() };
      } else return l;
    }
  }

  private relationalExpr(): Expr {
    let l = this.additiveExpr();
    for (;;) {
      this.blanks();
      const c = this.peek();
      if (c !== '<' && c !== '>') return l;
      const eq = this.peek(1) === '=';
      this.i += eq ? 2 : 1;
      const t = (c + (eq ? '=' : '')) as '<' | '<=' | '>' | '>=';
      l = { t, l, r: this.additiveExpr() };
    }
  }

  private additiveExpr(): Expr {
    let l = this.multiplicativeExpr();
    for (;;) {
      this.blanks();
      const c = this.peek();
      if (c !== '+' && c !== '-') return l;
      this.i++;
      l = { t: c, l, r: this.multiplicativeExpr() };
    }
  }

  private multiplicativeExpr(): Expr {
    let l = this.unaryExpr();
    for (;;) {
      this.blanks();
      if (this.peek() === '*') {
        this.i++;
        l = { t: '*', l, r: this.unaryExpr() };
      } else if (this.startsWith('div')) {
        this.i += 3;
        l = { t: 'div', l, r: this.unaryExpr() };
      } else if (this.startsWith('mod')) {
        this.i += 3;
        l = { t: 'mod', l, r: this.unaryExpr() };
      } else return l;
    }
  }

  private unaryExpr(): Expr {
    this.blanks();
    if (this.peek() === '-') {
      this.i++;
      return { t: 'neg', e: this.unaryExpr() };
    }
    return this.unionExpr();
  }

  private unionExpr(): Expr {
    let l = this.pathExpr();
    for (;;) {
      this.blanks();
      if (this.peek() !== '|') return l;
      this.i++;
      this.blanks();
      l = { t: 'union', l, r: this.pathExpr() };
    }
  }

  /** xmlXPathCompPathExpr: a filter expression (literal, number, `(`, a function call) or a location path. */
  private pathExpr(): Expr {
    this.blanks();
    const c = this.peek();
    let filter = false;
    if (
      c === "'" ||
      c === '"' ||
      c === '(' ||
      c === '$' ||
      (c !== undefined && /[0-9]/.test(c)) ||
      (c === '.' && /[0-9]/.test(this.peek(1) ?? ''))
    ) {
      filter = true;
    } else if (isNameStart(c)) {
      // A name followed by `(` is a function call, unless it is a node type; followed by `::`, an axis.
      let j = this.i;
      while (isNameChar(this.s[j])) j++;
      const name = this.s.slice(this.i, j);
      let k = j;
      while (k < this.s.length && ' \t\n\r'.includes(this.s[k]!)) k++;
      if (this.s[k] === '(' && !NODE_TYPES.has(name)) filter = true;
    }
    if (!filter) return this.locationPath();
    const primary = this.primaryExpr();
    const predicates = this.predicates();
    const e: Expr = predicates.length > 0 ? { t: 'filter', primary, predicates } : primary;
    this.blanks();
    if (this.peek() === '/') {
      const steps: Step[] = [];
      this.relativeSteps(steps, true);
      return { t: 'path', absolute: false, filter: e, steps };
    }
    return e;
  }

  private primaryExpr(): Expr {
    const c = this.peek();
    if (c === '$') throw new XPathError('Undefined variable');
    if (c === '(') {
      this.i++;
      const e = this.orExpr();
      this.blanks();
      if (this.peek() !== ')') throw new XPathError('Expected )');
      this.i++;
      return e;
    }
    if (c === "'" || c === '"') {
      const end = this.s.indexOf(c, this.i + 1);
      if (end < 0) throw new XPathError('Unfinished literal');
      const v = this.s.slice(this.i + 1, end);
      this.i = end + 1;
      return { t: 'literal', v };
    }
    if (c !== undefined && (/[0-9]/.test(c) || c === '.')) return this.numberLiteral();
    const name = this.ncName();
    if (this.peek() === ':') throw new XPathError('Undefined namespace prefix');
    this.blanks();
    if (this.peek() !== '(') throw new XPathError('Expected (');
    this.i++;
    const args: Expr[] = [];
    this.blanks();
    if (this.peek() !== ')') {
      for (;;) {
        args.push(this.orExpr());
        this.blanks();
        if (this.peek() === ',') {
          this.i++;
          continue;
        }
        break;
      }
    }
    if (this.peek() !== ')') throw new XPathError('Expected )');
    this.i++;
    return { t: 'call', name, args };
  }

  /** xmlXPathCompNumber: digits, an optional fraction, and (a libxml2 extension) an optional exponent. */
  private numberLiteral(): Expr {
    const m = /^([0-9]*(?:\.[0-9]*)?)(?:[eE][+-]?[0-9]+)?/.exec(this.s.slice(this.i));
    if (m === null || m[1] === '' || m[1] === '.') throw new XPathError('Invalid number');
    this.i += m[0].length;
    return { t: 'number', v: Number(m[0].endsWith('.') ? m[0] + '0' : m[0]) };
  }

  private predicates(): Expr[] {
    const predicates: Expr[] = [];
    for (;;) {
      this.blanks();
      if (this.peek() !== '[') return predicates;
      this.i++;
      predicates.push(this.orExpr());
      this.blanks();
      if (this.peek() !== ']') throw new XPathError('Expected ]');
      this.i++;
    }
  }

  private locationPath(): Expr {
    const steps: Step[] = [];
    let absolute = false;
    if (this.peek() === '/') {
      absolute = true;
      if (this.peek(1) === '/') {
        this.i += 2;
        steps.push({ axis: 'descendant-or-self', test: { kind: 'node' }, predicates: [] });
        steps.push(this.step());
      } else {
        this.i++;
        this.blanks();
        const c = this.peek();
        if (c === undefined || !(isNameStart(c) || c === '*' || c === '@' || c === '.')) {
          return { t: 'path', absolute, filter: null, steps };
        }
        steps.push(this.step());
      }
    } else {
      steps.push(this.step());
    }
    this.relativeSteps(steps, false);
    return { t: 'path', absolute, filter: null, steps };
  }

  /** `/step` or `//step`, repeated. */
  private relativeSteps(steps: Step[], required: boolean): void {
    let first = required;
    for (;;) {
      this.blanks();
      if (this.peek() !== '/') {
        if (first) throw new XPathError('Expected /');
        return;
      }
      first = false;
      if (this.peek(1) === '/') {
        this.i += 2;
        steps.push({ axis: 'descendant-or-self', test: { kind: 'node' }, predicates: [] });
      } else {
        this.i++;
      }
      steps.push(this.step());
    }
  }

  private step(): Step {
    this.blanks();
    if (this.startsWith('..')) {
      this.i += 2;
      return { axis: 'parent', test: { kind: 'node' }, predicates: [] };
    }
    if (this.peek() === '.') {
      this.i++;
      return { axis: 'self', test: { kind: 'node' }, predicates: [] };
    }
    let axis: Axis = 'child';
    if (this.peek() === '@') {
      this.i++;
      axis = 'attribute';
    } else if (isNameStart(this.peek())) {
      const save = this.i;
      const name = this.ncName();
      this.blanks();
      if (this.startsWith('::')) {
        if (!AXES.has(name)) throw new XPathError(`Unsupported axis ${name}`);
        axis = name as Axis;
        this.i += 2;
      } else {
        this.i = save;
      }
    }
    this.blanks();
    let test: NodeTest;
    if (this.peek() === '*') {
      this.i++;
      test = { kind: 'any' };
    } else {
      const name = this.ncName();
      if (this.peek() === ':' && this.peek(1) !== ':') {
        // A QName or prefix:*: DOMXPath registers no prefix (the document's namespaces do not apply to HTML).
        throw new XPathError('Undefined namespace prefix');
      }
      const save = this.i;
      this.blanks();
      if (this.peek() === '(' && NODE_TYPES.has(name)) {
        this.i++;
        this.blanks();
        if (this.peek() !== ')') throw new XPathError('Expected )');
        this.i++;
        if (name !== 'node') throw new XPathError(`Unsupported node type ${name}()`);
        test = { kind: 'node' };
      } else {
        this.i = save;
        test = { kind: 'name', name };
      }
    }
    return { axis, test, predicates: this.predicates() };
  }
}

// --- Values ---------------------------------------------------------------------------------------------------------

/** A node-set: ids in document order, without duplicates. */
type NodeSet = number[];

type Type = 'boolean' | 'number' | 'string' | 'nodeset';

type Fn<T> = (node: number, position: number, size: number) => T;

interface Compiled {
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
function stringToNumber(s: string): number {
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

function codePoints(s: string): string[] {
  return Array.from(s);
}

function codePointLength(s: string): number {
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
function xpathRound(n: number): number {
  if (!Number.isFinite(n)) return n;
  return Math.floor(n + 0.5);
}

function normalizeSpace(s: string): string {
  return s.replace(/[ \t\n\r]+/g, ' ').replace(/^ | $/g, '');
}

// --- Compiler -------------------------------------------------------------------------------------------------------

export class XPathQuery {
  private readonly root: Compiled;
  private index!: DocumentIndex;

  constructor(expression: string) {
    const ast = new Parser(expression).parse();
    this.root = this.compile(ast);
    if (this.root.set === null) throw new XPathError('The expression is not a node-set');
  }

  /** DOMXPath::query($expression) with the document as context: element ids in document order. */
  run(index: DocumentIndex): NodeSet {
    this.index = index;
    return this.root.set!(0, 1, 1);
  }

  /** The string-value of a node of the document being queried. */
  stringValueOf(id: number): string {
    return stringValue(this.index, id, spend);
  }

  private compile(e: Expr): Compiled {
    switch (e.t) {
      case 'literal':
        return constant(e.v);
      case 'number':
        return constant(e.v);
      case 'or':
      case 'and': {
        const l = this.compile(e.l);
        const r = this.compile(e.r);
        const lb = l.bool;
        const rb = r.bool;
        const fn: Fn<boolean> =
          e.t === 'or' ? (n, p, s) => lb(n, p, s) || rb(n, p, s) : (n, p, s) => lb(n, p, s) && rb(n, p, s);
        return fromBool(fn, l.positional || r.positional, l.usesLast || r.usesLast);
      }
      case '=':
      case '!=':
      case '<':
      case '<=':
      case '>':
      case '>=':
        return this.compileComparison(e.t, this.compile(e.l), this.compile(e.r));
      case '+':
      case '-':
      case '*':
      case 'div':
      case 'mod': {
        const l = this.compile(e.l);
        const r = this.compile(e.r);
        const ln = l.num;
        const rn = r.num;
        let fn: Fn<number>;
        switch (e.t) {
          case '+':
            fn = (n, p, s) => ln(n, p, s) + rn(n, p, s);
            break;
          case '-':
            fn = (n, p, s) => ln(n, p, s) - rn(n, p, s);
            break;
          case '*':
            fn = (n, p, s) => ln(n, p, s) * rn(n, p, s);
            break;
          case 'div':
            fn = (n, p, s) => ln(n, p, s) / rn(n, p, s);
            break;
          default:
            fn = (n, p, s) => ln(n, p, s) % rn(n, p, s);
        }
        const c = fromNum(fn, l.positional || r.positional, l.usesLast || r.usesLast);
        if (typeof l.constant === 'number' && typeof r.constant === 'number') c.constant = fn(0, 1, 1);
        return c;
      }
      case 'neg': {
        const x = this.compile(e.e);
        const xn = x.num;
        const c = fromNum((n, p, s) => -xn(n, p, s), x.positional, x.usesLast);
        if (typeof x.constant === 'number') c.constant = -x.constant;
        return c;
      }
      case 'union': {
        const l = this.compile(e.l);
        const r = this.compile(e.r);
        if (l.set === null || r.set === null) throw new XPathError('Union of non node-sets');
        const ls = l.set;
        const rs = r.set;
        return fromSet(
          this,
          (n, p, s) => mergeSets(ls(n, p, s), rs(n, p, s)),
          l.positional || r.positional,
          l.usesLast || r.usesLast,
        );
      }
      case 'filter': {
        const primary = this.compile(e.primary);
        if (primary.set === null) throw new XPathError('Predicate on a non node-set');
        const ps = primary.set;
        const predicates = e.predicates.map((p) => this.compilePredicate(p));
        return fromSet(
          this,
          (n, p, s) => this.filterForward(ps(n, p, s), predicates),
          primary.positional,
          primary.usesLast,
        );
      }
      case 'path':
        return this.compilePath(e);
      case 'call': {
        const padded = paddedAttributeOf(e);
        if (padded !== null) {
          // contains(concat(' ', normalize-space(@a), ' '), x): the padded value is memoised per element.
          const needle = this.compile(e.args[1]!);
          const ns = needle.str;
          const index = (): DocumentIndex => this.index;
          return fromBool(
            (n, p, s) => paddedAttribute(index(), n, padded).includes(ns(n, p, s)),
            needle.positional,
            needle.usesLast,
          );
        }
        return this.compileCall(
          e.name,
          e.args.map((a) => this.compile(a)),
        );
      }
    }
  }

  private compileComparison(op: '=' | '!=' | '<' | '<=' | '>' | '>=', l: Compiled, r: Compiled): Compiled {
    const countOf = (l as Compiled & { countOf?: Compiled }).countOf;
    if (op === '=' && countOf !== undefined && r.constant === 0) {
      // `count(path)=0` (:only-of-type): whether the path is empty, without counting it.
      const exists = countOf.bool;
      return fromBool((n, p, s) => !exists(n, p, s), l.positional, l.usesLast);
    }
    const positional = l.positional || r.positional;
    const usesLast = l.usesLast || r.usesLast;
    const cmpNum = numberComparator(op);
    const index = (): DocumentIndex => this.index;
    if (l.type === 'nodeset' || r.type === 'nodeset') {
      // One or both node-sets: true when some member (pair) satisfies the comparison.
      if (l.type === 'nodeset' && r.type === 'nodeset') {
        const ls = l.set!;
        const rs = r.set!;
        return fromBool(
          (n, p, s) => {
            const a = ls(n, p, s);
            if (a.length === 0) return false;
            const b = rs(n, p, s);
            if (b.length === 0) return false;
            const idx = index();
            const as = a.map((id) => stringValue(idx, id, spend));
            const bs = b.map((id) => stringValue(idx, id, spend));
            for (const x of as) {
              for (const y of bs) {
                if (op === '=' ? x === y : op === '!=' ? x !== y : cmpNum(stringToNumber(x), stringToNumber(y)))
                  return true;
              }
            }
            return false;
          },
          positional,
          usesLast,
        );
      }
      const setSide = l.type === 'nodeset' ? l : r;
      const other = l.type === 'nodeset' ? r : l;
      const set = setSide.set!;
      // With the node-set on the right, the relational operators swap sides.
      const flip = l.type !== 'nodeset';
      if (other.type === 'boolean') {
        const ob = other.bool;
        return fromBool(
          (n, p, s) => {
            const a = set(n, p, s).length > 0;
            const b = ob(n, p, s);
            return flip ? compareBooleans(op, b, a) : compareBooleans(op, a, b);
          },
          positional,
          usesLast,
        );
      }
      if (other.type === 'number' || (op !== '=' && op !== '!=')) {
        const on = other.num;
        return fromBool(
          (n, p, s) => {
            const members = set(n, p, s);
            if (members.length === 0) return false;
            const b = on(n, p, s);
            const idx = index();
            for (const id of members) {
              const a = stringToNumber(stringValue(idx, id, spend));
              if (flip ? cmpNum(b, a) : cmpNum(a, b)) return true;
            }
            return false;
          },
          positional,
          usesLast,
        );
      }
      const os = other.str;
      const single = this.singleAttributeName(setSide);
      if (single !== null) {
        // `@name = 'x'`: the attribute's value, without building the node-set.
        return fromBool(
          (n, p, s) => {
            const v = attributeValueOf(index(), n, single);
            if (v === null) return false;
            return op === '=' ? v === os(n, p, s) : v !== os(n, p, s);
          },
          positional,
          usesLast,
        );
      }
      return fromBool(
        (n, p, s) => {
          const members = set(n, p, s);
          if (members.length === 0) return false;
          const b = os(n, p, s);
          const idx = index();
          for (const id of members) {
            const a = stringValue(idx, id, spend);
            if (op === '=' ? a === b : a !== b) return true;
          }
          return false;
        },
        positional,
        usesLast,
      );
    }
    if (op === '=' || op === '!=') {
      const eq = op === '=';
      if (l.type === 'boolean' || r.type === 'boolean') {
        const lb = l.bool;
        const rb = r.bool;
        return fromBool((n, p, s) => (lb(n, p, s) === rb(n, p, s)) === eq, positional, usesLast);
      }
      if (l.type === 'number' || r.type === 'number') {
        const ln = l.num;
        const rn = r.num;
        return fromBool(
          (n, p, s) => (eq ? ln(n, p, s) === rn(n, p, s) : ln(n, p, s) !== rn(n, p, s)),
          positional,
          usesLast,
        );
      }
      const ls = l.str;
      const rs = r.str;
      return fromBool((n, p, s) => (ls(n, p, s) === rs(n, p, s)) === eq, positional, usesLast);
    }
    const ln = l.num;
    const rn = r.num;
    return fromBool((n, p, s) => cmpNum(ln(n, p, s), rn(n, p, s)), positional, usesLast);
  }

  /** The attribute name when a compiled node-set is `@name` (one attribute step, no predicate). */
  private singleAttributeName(c: Compiled): string | null {
    return (c as Compiled & { attributeName?: string }).attributeName ?? null;
  }

  private compileCall(name: string, args: Compiled[]): Compiled {
    const arity = (min: number, max: number): void => {
      if (args.length < min || args.length > max) throw new XPathError(`Invalid number of arguments for ${name}()`);
    };
    const anyPositional = args.some((a) => a.positional);
    const anyLast = args.some((a) => a.usesLast);
    const index = (): DocumentIndex => this.index;
    const contextString: Fn<string> = (n) => stringValue(index(), n, spend);
    switch (name) {
      case 'position':
        arity(0, 0);
        return fromNum((_, p) => p, true, false);
      case 'last':
        arity(0, 0);
        return fromNum((_, __, s) => s, true, true);
      case 'count': {
        arity(1, 1);
        const set = args[0]!.set;
        if (set === null) throw new XPathError('count() of a non node-set');
        const c = fromNum((n, p, s) => set(n, p, s).length, anyPositional, anyLast);
        (c as Compiled & { countOf?: Compiled }).countOf = args[0]!;
        return c;
      }
      case 'name':
      case 'local-name': {
        arity(0, 1);
        const local = name === 'local-name';
        const nameOf = (id: number): string => {
          const qname = nodeName(index(), id);
          if (!local) return qname;
          const colon = qname.indexOf(':');
          return colon < 0 ? qname : qname.slice(colon + 1);
        };
        if (args.length === 0) return fromStr((n) => nameOf(n), false, false);
        const set = args[0]!.set;
        if (set === null) throw new XPathError('name() of a non node-set');
        return fromStr(
          (n, p, s) => {
            const members = set(n, p, s);
            return members.length === 0 ? '' : nameOf(members[0]!);
          },
          anyPositional,
          anyLast,
        );
      }
      case 'not': {
        arity(1, 1);
        const b = args[0]!.bool;
        return fromBool((n, p, s) => !b(n, p, s), anyPositional, anyLast);
      }
      case 'true':
        arity(0, 0);
        return constant(true);
      case 'false':
        arity(0, 0);
        return constant(false);
      case 'boolean': {
        arity(1, 1);
        return fromBool(args[0]!.bool, anyPositional, anyLast);
      }
      case 'number': {
        arity(0, 1);
        if (args.length === 0) return fromNum((n) => stringToNumber(contextString(n, 0, 0)), false, false);
        return fromNum(args[0]!.num, anyPositional, anyLast);
      }
      case 'string': {
        arity(0, 1);
        if (args.length === 0) return fromStr(contextString, false, false);
        return fromStr(args[0]!.str, anyPositional, anyLast);
      }
      case 'string-length': {
        arity(0, 1);
        const str = args.length === 0 ? contextString : args[0]!.str;
        return fromNum((n, p, s) => codePointLength(str(n, p, s)), anyPositional, anyLast);
      }
      case 'normalize-space': {
        arity(0, 1);
        const str = args.length === 0 ? contextString : args[0]!.str;
        return fromStr((n, p, s) => normalizeSpace(str(n, p, s)), anyPositional, anyLast);
      }
      case 'concat': {
        if (args.length < 2) throw new XPathError('concat() needs two arguments');
        const parts = args.map((a) => a.str);
        return fromStr(
          (n, p, s) => {
            let out = '';
            for (const part of parts) out += part(n, p, s);
            return out;
          },
          anyPositional,
          anyLast,
        );
      }
      case 'contains':
      case 'starts-with':
      case 'substring-before':
      case 'substring-after': {
        arity(2, 2);
        const a = args[0]!.str;
        const b = args[1]!.str;
        if (name === 'contains') return fromBool((n, p, s) => a(n, p, s).includes(b(n, p, s)), anyPositional, anyLast);
        if (name === 'starts-with')
          return fromBool((n, p, s) => a(n, p, s).startsWith(b(n, p, s)), anyPositional, anyLast);
        const before = name === 'substring-before';
        return fromStr(
          (n, p, s) => {
            const x = a(n, p, s);
            const y = b(n, p, s);
            const at = x.indexOf(y);
            if (at < 0) return '';
            return before ? x.slice(0, at) : x.slice(at + y.length);
          },
          anyPositional,
          anyLast,
        );
      }
      case 'substring': {
        arity(2, 3);
        const str = args[0]!.str;
        const start = args[1]!.num;
        const length = args.length === 3 ? args[2]!.num : null;
        return fromStr(
          (n, p, s) => {
            const chars = codePoints(str(n, p, s));
            const from = xpathRound(start(n, p, s));
            const to = length === null ? Infinity : from + xpathRound(length(n, p, s));
            if (Number.isNaN(from) || Number.isNaN(to)) return '';
            let out = '';
            for (let i = 0; i < chars.length; i++) {
              const position = i + 1;
              if (position >= from && position < to) out += chars[i];
            }
            return out;
          },
          anyPositional,
          anyLast,
        );
      }
      case 'translate': {
        arity(3, 3);
        const str = args[0]!.str;
        const from = args[1]!.str;
        const to = args[2]!.str;
        return fromStr(
          (n, p, s) => {
            const fromChars = codePoints(from(n, p, s));
            const toChars = codePoints(to(n, p, s));
            let out = '';
            for (const ch of codePoints(str(n, p, s))) {
              const at = fromChars.indexOf(ch);
              if (at < 0) out += ch;
              else if (at < toChars.length) out += toChars[at];
            }
            return out;
          },
          anyPositional,
          anyLast,
        );
      }
      case 'floor':
      case 'ceiling':
      case 'round': {
        arity(1, 1);
        const x = args[0]!.num;
        const f = name === 'floor' ? Math.floor : name === 'ceiling' ? Math.ceil : xpathRound;
        return fromNum((n, p, s) => f(x(n, p, s)), anyPositional, anyLast);
      }
      case 'sum': {
        arity(1, 1);
        const set = args[0]!.set;
        if (set === null) throw new XPathError('sum() of a non node-set');
        return fromNum(
          (n, p, s) => {
            let total = 0;
            for (const id of set(n, p, s)) total += stringToNumber(stringValue(index(), id, spend));
            return total;
          },
          anyPositional,
          anyLast,
        );
      }
    }
    throw new XPathError(`Unregistered function ${name}()`);
  }

  private compilePredicate(e: Expr): Predicate {
    const c = this.compile(e);
    const numeric = c.type === 'number';
    const num = c.num;
    const bool = c.bool;
    return {
      test: numeric ? (n, p, s) => num(n, p, s) === p : bool,
      positional: c.positional || numeric,
      usesLast: c.usesLast,
      bound: positionBound(e, c),
    };
  }

  private compilePath(e: Extract<Expr, { t: 'path' }>): Compiled {
    let start: Compiled | null = null;
    if (e.filter !== null) {
      start = this.compile(e.filter);
      if (start.set === null) throw new XPathError('A path from a non node-set');
    }
    const steps = e.steps.map((step, i): CompiledStep => {
      if (step.axis === 'attribute' && i !== e.steps.length - 1) throw new XPathError('Steps after an attribute step');
      return {
        axis: step.axis,
        test: step.test,
        predicates: step.predicates.map((p) => this.compilePredicate(p)),
        hints: stepHints(step),
      };
    });
    const startSet = start?.set ?? null;
    const absolute = e.absolute;
    const fn: Fn<NodeSet> = (n, p, s) => {
      let set: NodeSet = startSet !== null ? startSet(n, p, s) : [absolute ? 0 : n];
      for (const step of steps) {
        if (set.length === 0) return set;
        set = this.evalStep(step, set);
      }
      return set;
    };
    const compiled = fromSet(this, fn, start?.positional ?? false, start?.usesLast ?? false);
    const only = steps[0];
    if (
      start === null &&
      !absolute &&
      steps.length === 1 &&
      only!.axis === 'attribute' &&
      only!.test.kind === 'name' &&
      only!.predicates.length === 0
    ) {
      // `@name`: answer existence and string-value from the element's attributes directly.
      const attributeName = only!.test.name;
      const index = (): DocumentIndex => this.index;
      compiled.bool = (node) => hasAttribute(index(), node, attributeName);
      compiled.str = (node) => attributeValueOf(index(), node, attributeName) ?? '';
      compiled.num = (node) => stringToNumber(compiled.str(node, 0, 0));
      (compiled as Compiled & { attributeName?: string }).attributeName = attributeName;
    } else if (start === null && !absolute && steps.length === 1) {
      // One step in a boolean context (`*`, `ancestor::fieldset[@disabled]`, `count(preceding-sibling::p)=0`):
      // walk the axis from the node and stop at the first node that passes.
      const step = only!;
      if (!step.predicates.some((p) => p.positional)) {
        compiled.bool = (node) => {
          const test = this.nodeTest(step);
          const it = axisIterator(this.index, step.axis, node);
          outer: for (let id = it.first(); id >= 0; id = it.next(id)) {
            spend(1);
            if (!test(id)) continue;
            for (const predicate of step.predicates) if (!predicate.test(id, 0, 0)) continue outer;
            return true;
          }
          return false;
        };
      }
    }
    return compiled;
  }

  /** One location step over a context node-set (document order, no duplicates). */
  private evalStep(step: CompiledStep, context: NodeSet): NodeSet {
    const positional = step.predicates.some((p) => p.positional);
    if (!positional) {
      const candidates =
        context.length === 1 && context[0] === 0 && (step.axis === 'descendant-or-self' || step.axis === 'descendant')
          ? (this.hintedCandidates(step) ?? this.axisUnion(step.axis, context))
          : this.axisUnion(step.axis, context);
      spend(candidates.length);
      const out: number[] = [];
      const test = this.nodeTest(step);
      const predicates = step.predicates;
      outer: for (const id of candidates) {
        if (!test(id)) continue;
        for (const predicate of predicates) if (!predicate.test(id, 0, 0)) continue outer;
        out.push(id);
      }
      return out;
    }
    const test = this.nodeTest(step);
    const usesLast = step.predicates.some((p) => p.usesLast);
    if (step.axis === 'following-sibling' && step.predicates.length === 1 && context.length > 1) {
      return this.followingSiblingsByCandidate(step.predicates[0]!, context, test, usesLast);
    }
    const out: number[] = [];
    // Several contexts can reach the same node (siblings, ancestors): keep each once. (A Set, not index.marks:
    // predicates evaluated meanwhile use the marks.)
    const seen = context.length > 1 ? new Set<number>() : null;
    for (const c of context) {
      const before = out.length;
      this.evalStepFrom(step, c, test, usesLast, out);
      if (seen !== null) {
        let kept = before;
        for (let k = before; k < out.length; k++) {
          const id = out[k]!;
          if (seen.has(id)) continue;
          seen.add(id);
          out[kept++] = id;
        }
        out.length = kept;
      }
    }
    return isAscending(out, 0) ? out : sortUnique(out, false);
  }

  /**
   * following-sibling::x[P] from many contexts, one sibling at a time: a sibling j is in the union when P holds
   * at the position it has from some earlier context c, which is its rank among the node-test-passing siblings
   * minus c's (and the size, for last(), the count after c). The nearest contexts are tried first and the first
   * success ends the search, so `p ~ :not(:first-child)` or `p ~ p:nth-child(2n)` over n siblings cost O(n), not
   * the O(n^2) of one walk per context.
   */
  private followingSiblingsByCandidate(
    predicate: Predicate,
    context: NodeSet,
    test: (id: number) => boolean,
    usesLast: boolean,
  ): NodeSet {
    const index = this.index;
    const out: number[] = [];
    const marks = scratchMarks(index);
    const parents: number[] = [];
    for (const c of context) {
      if (c === 0 || c > index.elementCount) continue;
      const p = index.parent[c]!;
      if (marks[p] === 1) continue;
      marks[p] = 1;
      parents.push(p);
    }
    for (const p of parents) marks[p] = 0;
    const isContext = new Set(context);
    const bound = predicate.bound;
    for (const p of parents) {
      let total = 0;
      if (usesLast) for (let id = index.firstChild[p]!; id >= 0; id = index.nextSibling[id]!) if (test(id)) total++;
      const contextRanks: number[] = [];
      let rank = 0;
      for (let id = index.firstChild[p]!; id >= 0; id = index.nextSibling[id]!) {
        if (test(id)) {
          rank++;
          for (let k = contextRanks.length - 1; k >= 0; k--) {
            const position = rank - contextRanks[k]!;
            // Farther contexts give larger positions: past the bound, none can match.
            if (position > bound) break;
            spend(1);
            if (predicate.test(id, position, total - contextRanks[k]!)) {
              out.push(id);
              break;
            }
          }
        }
        if (isContext.has(id)) contextRanks.push(rank);
      }
    }
    return isAscending(out, 0) ? out : sortUnique(out, false);
  }

  /**
   * From the document, the elements a step's node test or predicate conjuncts single out (by name, class token,
   * attribute value), smallest list first: every node the step selects is among them. Null when nothing does.
   */
  private hintedCandidates(step: CompiledStep): readonly number[] | null {
    let best: readonly number[] | null = null;
    const index = this.index;
    if (step.test.kind === 'name') best = elementsByName(index).get(step.test.name) ?? [];
    for (const hint of step.hints) {
      if (best !== null && best.length === 0) break;
      const list =
        hint.kind === 'token'
          ? elementsByToken(index, hint.attribute, hint.key)
          : elementsByValue(index, hint.attribute, hint.key);
      if (best === null || list.length < best.length) best = list;
    }
    return best;
  }

  private nodeTest(step: CompiledStep): (id: number) => boolean {
    const index = this.index;
    const elementCount = index.elementCount;
    const test = step.test;
    if (step.axis === 'attribute') {
      if (test.kind === 'name') return (id) => id > elementCount && nodeName(index, id) === test.name;
      return (id) => id > elementCount;
    }
    if (test.kind === 'node') return () => true;
    if (test.kind === 'any') return (id) => id > 0 && id <= elementCount;
    return (id) => id > 0 && id <= elementCount && index.names[id] === test.name;
  }

  /** The axis from one context node, in axis order (reverse document order on reverse axes), through the predicates. */
  private evalStepFrom(
    step: CompiledStep,
    c: number,
    test: (id: number) => boolean,
    usesLast: boolean,
    out: number[],
  ): void {
    const index = this.index;
    const predicates = step.predicates;
    const nodes: number[] = [];
    const it = axisIterator(index, step.axis, c);
    if (!usesLast) {
      // Streaming: each predicate counts the nodes that reach it; once one has seen as many as its bound, no later
      // node can pass it.
      const seen = new Array<number>(predicates.length).fill(0);
      for (let id = it.first(); id >= 0; id = it.next(id)) {
        spend(1);
        if (!test(id)) continue;
        let passed = true;
        for (let k = 0; k < predicates.length; k++) {
          const predicate = predicates[k]!;
          const position = ++seen[k]!;
          if (position > predicate.bound) return;
          if (!predicate.test(id, position, 0)) {
            passed = false;
            break;
          }
        }
        if (passed) out.push(id);
      }
      return;
    }
    for (let id = it.first(); id >= 0; id = it.next(id)) {
      spend(1);
      if (test(id)) nodes.push(id);
    }
    let current = nodes;
    for (const predicate of predicates) {
      const size = current.length;
      const kept: number[] = [];
      for (let k = 0; k < size; k++) {
        const id = current[k]!;
        if (predicate.test(id, k + 1, size)) kept.push(id);
      }
      current = kept;
    }
    // Back to document order for a reverse axis.
    if (isReverse(step.axis)) current.reverse();
    for (const id of current) out.push(id);
  }

  /** The nodes of an axis from every node of a context set, in document order without duplicates. */
  private axisUnion(axis: Axis, context: NodeSet): NodeSet {
    const index = this.index;
    switch (axis) {
      case 'self':
        return context;
      case 'descendant-or-self':
      case 'descendant': {
        const out: number[] = [];
        let covered = -1;
        const self = axis === 'descendant-or-self';
        for (const c of context) {
          if (c > index.elementCount) {
            if (self && c > covered) out.push(c);
            continue;
          }
          if (c <= covered) continue;
          const end = index.end[c]!;
          for (let id = self ? c : c + 1; id <= end; id++) out.push(id);
          covered = end;
        }
        return self && context.some((c) => c > index.elementCount) ? sortUnique(out, false) : out;
      }
      case 'child': {
        const out: number[] = [];
        let sorted = true;
        for (const c of context) {
          if (c > index.elementCount) continue;
          for (let id = index.firstChild[c]!; id >= 0; id = index.nextSibling[id]!) {
            if (out.length > 0 && id < out[out.length - 1]!) sorted = false;
            out.push(id);
          }
        }
        return sorted ? out : sortUnique(out, false);
      }
      case 'following-sibling': {
        const out: number[] = [];
        const marks = scratchMarks(index);
        const marked: number[] = [];
        for (const c of context) {
          if (c === 0 || c > index.elementCount) continue;
          const p = index.parent[c]!;
          if (marks[p] === 1) continue;
          marks[p] = 1;
          marked.push(p);
          for (let id = index.nextSibling[c]!; id >= 0; id = index.nextSibling[id]!) out.push(id);
        }
        for (const p of marked) marks[p] = 0;
        return context.length > 1 ? sortUnique(out, false) : out;
      }
      case 'attribute': {
        const out: number[] = [];
        for (const c of context) {
          if (c === 0 || c > index.elementCount) continue;
          const start = attributes(index).start[c]!;
          const count = attributes(index).count[c]!;
          for (let id = start; id < start + count; id++) out.push(id);
        }
        return out;
      }
      default: {
        const out: number[] = [];
        for (const c of context) {
          const it = axisIterator(index, axis, c);
          for (let id = it.first(); id >= 0; id = it.next(id)) out.push(id);
        }
        return sortUnique(out, false);
      }
    }
  }

  private filterForward(set: NodeSet, predicates: Predicate[]): NodeSet {
    let current = set;
    for (const predicate of predicates) {
      const size = current.length;
      const kept: number[] = [];
      for (let k = 0; k < size; k++) if (predicate.test(current[k]!, k + 1, size)) kept.push(current[k]!);
      current = kept;
    }
    return current;
  }
}

interface Predicate {
  test: Fn<boolean>;
  positional: boolean;
  usesLast: boolean;
  /** No node past this position can satisfy the predicate (Infinity when unknown). */
  bound: number;
}

interface CompiledStep {
  axis: Axis;
  test: NodeTest;
  predicates: Predicate[];
  hints: StepHint[];
}

/** A conjunct of a step's predicate that only elements with this class token (or attribute value) satisfy. */
interface StepHint {
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
function paddedAttributeOf(e: Expr): string | null {
  if (e.t !== 'call' || e.name !== 'contains' || e.args.length !== 2) return null;
  const concat = e.args[0]!;
  if (concat.t !== 'call' || concat.name !== 'concat' || concat.args.length !== 3) return null;
  const [left, middle, right] = concat.args as [Expr, Expr, Expr];
  if (left.t !== 'literal' || left.v !== ' ' || right.t !== 'literal' || right.v !== ' ') return null;
  if (middle.t !== 'call' || middle.name !== 'normalize-space' || middle.args.length !== 1) return null;
  return singleAttribute(middle.args[0]!);
}

/** The hints of a step's predicates: their top-level `and` conjuncts that are class-token or attribute tests. */
function stepHints(step: Step): StepHint[] {
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

function isReverse(axis: Axis): boolean {
  return axis === 'ancestor' || axis === 'ancestor-or-self' || axis === 'preceding-sibling' || axis === 'parent';
}

interface AxisIterator {
  first(): number;
  next(id: number): number;
}

function axisIterator(index: DocumentIndex, axis: Axis, c: number): AxisIterator {
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
function hasAttribute(index: DocumentIndex, node: number, name: string): boolean {
  if (node === 0 || node > index.elementCount) return false;
  for (const attribute of index.elements[node]!.attributes) if (attribute.name === name) return true;
  return false;
}

function attributeValueOf(index: DocumentIndex, node: number, name: string): string | null {
  if (node === 0 || node > index.elementCount) return null;
  for (const attribute of index.elements[node]!.attributes) {
    if (attribute.name === name) return attributeStringValue(attribute.name, attribute.value);
  }
  return null;
}

function isAscending(a: number[], from: number): boolean {
  for (let i = from + 1; i < a.length; i++) if (a[i]! <= a[i - 1]!) return false;
  return true;
}

function sortUnique(a: number[], sorted: boolean): number[] {
  const s = sorted ? a : Array.from(Int32Array.from(a).sort());
  const out: number[] = [];
  for (const id of s) if (out.length === 0 || out[out.length - 1] !== id) out.push(id);
  return out;
}

function mergeSets(a: NodeSet, b: NodeSet): NodeSet {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  return sortUnique(a.concat(b), false);
}

function numberComparator(op: string): (a: number, b: number) => boolean {
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

function compareBooleans(op: string, a: boolean, b: boolean): boolean {
  if (op === '=') return a === b;
  if (op === '!=') return a !== b;
  return numberComparator(op)(a ? 1 : 0, b ? 1 : 0);
}

function constant(v: number | string | boolean): Compiled {
  const c: Compiled =
    typeof v === 'number'
      ? fromNum(() => v, false, false)
      : typeof v === 'string'
        ? fromStr(() => v, false, false)
        : fromBool(() => v, false, false);
  c.constant = v;
  return c;
}

function fromBool(fn: Fn<boolean>, positional: boolean, usesLast: boolean): Compiled {
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

function fromNum(fn: Fn<number>, positional: boolean, usesLast: boolean): Compiled {
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

function fromStr(fn: Fn<string>, positional: boolean, usesLast: boolean): Compiled {
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

function fromSet(query: XPathQuery, fn: Fn<NodeSet>, positional: boolean, usesLast: boolean): Compiled {
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
function positionBound(e: Expr, c: Compiled): number {
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
