/**
 * The first layer of XPathQuery (xpath.ts): the document being queried and the location steps over it, each a
 * union of its axis over the whole context set, or a walk per context node when a predicate is positional.
 */
import {
  attributes,
  elementsByName,
  elementsByToken,
  elementsByValue,
  nodeName,
  scratchMarks,
  stringValue,
  type DocumentIndex,
} from './document-index.js';
import {
  axisIterator,
  type CompiledStep,
  isAscending,
  isReverse,
  type NodeSet,
  type Predicate,
  sortUnique,
  spend,
} from './xpath-values.js';
import type { Axis } from './xpath-parser.js';

export class XPathSteps {
  protected index!: DocumentIndex;

  stringValueOf(id: number): string {
    return stringValue(this.index, id, spend);
  }

  /** One location step over a context node-set (document order, no duplicates). */
  protected evalStep(step: CompiledStep, context: NodeSet): NodeSet {
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
  protected followingSiblingsByCandidate(
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
  protected hintedCandidates(step: CompiledStep): readonly number[] | null {
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

  protected nodeTest(step: CompiledStep): (id: number) => boolean {
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
  protected evalStepFrom(
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
  protected axisUnion(axis: Axis, context: NodeSet): NodeSet {
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

  protected filterForward(set: NodeSet, predicates: Predicate[]): NodeSet {
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
