/**
 * The XPath 1.0 expression syntax of xpath.ts: the syntax tree and a recursive-descent parser over characters, as
 * libxml2's xmlXPathCompileExpr, for the expressions Symfony CssSelector writes (and XPath 1.0 generally).
 */
/** An expression the parser or the evaluator cannot take (the evaluator's errors are in xpath-values.ts). */
export class XPathError extends Error {}

// --- AST ----------------------------------------------------------------------------------------------------------

export type Axis =
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

export type NodeTest = { kind: 'any' } | { kind: 'name'; name: string } | { kind: 'node' };

export interface Step {
  axis: Axis;
  test: NodeTest;
  predicates: Expr[];
}

export type Expr =
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

export class Parser {
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
