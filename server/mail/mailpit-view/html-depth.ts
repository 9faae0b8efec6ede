/**
 * HTML nested deeper than 256 levels cut where libxml2 cuts it (as the rest of the emulator does): the parsers'
 * trees have no depth limit, but the serializer and the client-support check walk them recursively, and a mail of
 * 20,000 nested elements exhausted the stack.
 */
import { type ChildNode, isTag } from 'domhandler';

const MAX_HTML_DEPTH = 256;

/** Drops the children of every element at the maximum depth, in place; one pass, no recursion. */
export function cutDeepNesting(nodes: ChildNode[]): void {
  const stack: Array<{ nodes: ChildNode[]; depth: number }> = [{ nodes, depth: 0 }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    for (const node of next.nodes) {
      if (!isTag(node)) continue;
      if (next.depth + 1 >= MAX_HTML_DEPTH) node.children = [];
      else stack.push({ nodes: node.children, depth: next.depth + 1 });
    }
  }
}
