/**
 * twig.js's expression tokens as Twig reads them: a double-quoted string's "#{…}" parts, and the tree of a print
 * tag's expression (its constants are not escaped; an operand missing makes it invalid).
 */
import { type ExpressionToken, T } from './twig-internals.js';
import { PhpError } from './twig-php.js';

export function isInterpolated(token: ExpressionToken): boolean {
  return (
    token.type === `${T}string` &&
    typeof token.value === 'string' &&
    token.value.startsWith('"') &&
    token.value.includes('#{')
  );
}

/**
 * The tokens of a double-quoted string with `#{...}` in it, as Twig's lexer reads it: `(` "text" `~` `(` expression
 * `)` `~` ... `)`. The expression ends at its matching `}` (braces and quotes inside it counted).
 */
export function interpolation(literal: string, tokenize: (text: string) => ExpressionToken[]): ExpressionToken[] {
  const body = literal.slice(1, -1);
  const parts: ExpressionToken[][] = [];
  const text = (value: string) => [{ type: `${T}string`, value: `"${value}"` }];
  let copied = 0;
  let at = body.indexOf('#{');
  while (at !== -1) {
    if (at > 0 && body[at - 1] === '\\') {
      at = body.indexOf('#{', at + 2);
      continue;
    }
    let depth = 1;
    let end = at + 2;
    let quote: string | null = null;
    for (; end < body.length && depth > 0; end++) {
      const char = body[end];
      if (quote !== null) {
        if (char === '\\') end++;
        else if (char === quote) quote = null;
      } else if (char === "'" || char === '"') quote = char;
      else if (char === '{') depth++;
      else if (char === '}') depth--;
    }
    if (depth > 0) throw new PhpError('Unclosed "#{" in a string');
    if (at > copied) parts.push(text(body.slice(copied, at)));
    const expression = body.slice(at + 2, end - 1);
    if (expression.trim() === '') throw new PhpError('An empty "#{}" in a string');
    parts.push([open(), ...tokenize(expression), close()]);
    copied = end;
    at = body.indexOf('#{', end);
  }
  if (copied < body.length) parts.push(text(body.slice(copied)));
  const joined = parts.flatMap((part, index) =>
    index === 0 ? part : [{ type: `${T}operator.binary`, value: '~' }, ...part],
  );
  return [open(), ...joined, close()];
}

function open(): ExpressionToken {
  return { type: `${T}subexpression.start`, value: '(' };
}

function close(): ExpressionToken {
  return { type: `${T}subexpression.end`, value: ')' };
}

interface Node {
  token: ExpressionToken;
  children: Node[];
}

const LEAVES = new Set(
  ['variable', 'string', 'number', 'bool', 'null', 'context', '_function'].map((type) => T + type),
);
const UNARY = new Set(
  ['filter', 'key.period', 'key.brackets', 'test', 'slice', 'operator.unary'].map((type) => T + type),
);

/**
 * The expression of a print tag as a tree, from twig.js's RPN stack: 'invalid' when an operator lacks an operand
 * or operands are left over (Twig's parser refuses those), null when the stack holds something this reading does
 * not follow (arrays, hashes, method calls: left as twig.js has them).
 */
export function expressionTree(stack: ExpressionToken[]): Node | 'invalid' | null {
  const nodes: Node[] = [];
  for (const token of stack) {
    if (LEAVES.has(token.type)) nodes.push({ token, children: [] });
    else if (token.type === `${T}subexpression.end` && token.expression === true) {
      const inner = expressionTree(token.params ?? []);
      if (inner === 'invalid') return 'invalid';
      nodes.push({ token, children: inner === null ? [] : [inner] });
    } else if (UNARY.has(token.type)) {
      const operand = nodes.pop();
      if (operand === undefined) return 'invalid';
      nodes.push({ token, children: [operand] });
    } else if (token.type === `${T}operator.binary`) {
      // `a ? b : c` is one `?` over three operands; `a ? b` over two (twig.js reads it so at run time too).
      const arity = token.value === '?' ? Math.min(3, Math.max(2, nodes.length)) : 2;
      if (nodes.length < arity) return 'invalid';
      nodes.push({ token, children: nodes.splice(nodes.length - arity, arity) });
    } else return null;
  }
  return nodes.length === 1 ? (nodes[0] as Node) : 'invalid';
}

/**
 * Twig's escaper leaves a printed constant string alone, and looks into the branches of a conditional (`?`, `?:`,
 * `??`): their constant strings are printed as they are, the rest escaped.
 */
export function markConstants(node: Node, markup: (content: string) => unknown): void {
  const { token, children } = node;
  if (token.type === `${T}string` && typeof token.value === 'string') token.value = markup(token.value);
  else if (token.type === `${T}subexpression.end` && children[0] !== undefined) markConstants(children[0], markup);
  else if (token.type === `${T}operator.binary`) {
    if (token.value === '?') for (const child of children.slice(1)) markConstants(child, markup);
    else if (token.value === '?:' || token.value === '??') for (const child of children) markConstants(child, markup);
  }
}
