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
 *
 * The query is layered: XPathSteps (xpath-steps.ts) evaluates location steps over the document, XPathFunctions
 * (xpath-functions.ts) adds the core functions, and XPathQuery here compiles the syntax tree (xpath-parser.ts) into
 * closures over the values of xpath-values.ts.
 */
import { paddedAttribute, stringValue, type DocumentIndex } from './document-index.js';
import {
  attributeValueOf,
  axisIterator,
  compareBooleans,
  type Compiled,
  type CompiledStep,
  constant,
  type Fn,
  fromBool,
  fromNum,
  fromSet,
  hasAttribute,
  mergeSets,
  type NodeSet,
  numberComparator,
  paddedAttributeOf,
  positionBound,
  type Predicate,
  spend,
  stepHints,
  stringToNumber,
  XPathError,
} from './xpath-values.js';
import { XPathFunctions } from './xpath-functions.js';
import { type Expr, Parser } from './xpath-parser.js';

export { XPathBudgetError, XPathError, setXPathBudget } from './xpath-values.js';

// --- Compiler -------------------------------------------------------------------------------------------------------

export class XPathQuery extends XPathFunctions {
  private readonly root: Compiled;

  constructor(expression: string) {
    super();
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
}
