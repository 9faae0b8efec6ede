/**
 * twig.js made to answer as Twig 3 (PHP) does, installed once through Twig.extend (twig.ts). Each change is a
 * difference test/fidelity/twig.test.ts found against Twig 3.5:
 *
 * - printing: a value is printed as PHP prints it (true "1", false "", 0.1 + 0.2 "0.3"); an array cannot be
 *   printed (PHP warns, Laravel makes the warning an exception: the text comes back decoded);
 * - escaping: a constant string printed as it is (`{{ '<br>' }}`, also as a branch of `?`, `?:` and `??`) is not
 *   escaped, as Twig's escaper leaves constants alone;
 * - a print tag whose expression is missing an operand (`{{ a ~ }}`) is a syntax error, as in Twig;
 * - `~` joins PHP strings; `+ - * / // % **` take PHP numbers (null is 0, a non-numeric string an error), and a
 *   division or modulo by zero is an error;
 * - filters: a filter's input that is safe markup is a plain string to it, and its result is escaped again
 *   unless the filter is safe (raw, escape, nl2br), as Twig 3 does (`{% apply upper %}` works); and title, capitalize,
 *   join, trim, nl2br, url_encode, json_encode, length, first, last, default, replace, round, number_format and
 *   raw as Twig 3's.
 */
import {
  escapeHtml,
  httpBuildQuery,
  mbTitleCase,
  PhpError,
  phpJsonEncode,
  phpEntries,
  phpNl2br,
  phpString,
  phpTrim,
  rawUrlEncode,
  twigJoin,
} from './twig-php.js';

interface ExpressionToken {
  type: string;
  value?: unknown;
  precidence?: number;
  associativity?: unknown;
  operator?: string;
  params?: ExpressionToken[];
  expression?: boolean;
}

/** A token of twig.js's first pass: raw text, or a tag with its inner text. */
interface TemplateToken {
  type: string;
  value: string;
  position: { start: number; end: number };
}

type Filter = (this: unknown, value: unknown, params?: unknown[]) => unknown;

/** The parts of the twig.js instance (the object Twig.extend hands over) this file changes. */
export interface TwigInternals {
  tokenize(this: unknown, template: string): TemplateToken[];
  output(this: unknown, values: unknown[]): unknown;
  Markup: (content: string, strategy?: string | boolean) => unknown;
  filters: Record<string, Filter>;
  expression: {
    handler: Record<
      string,
      {
        regex: RegExp | RegExp[];
        parse?: (this: unknown, token: ExpressionToken, stack: unknown[], context: unknown) => unknown;
        compile?: (this: unknown, token: ExpressionToken, stack: unknown[], output: unknown[]) => unknown;
      }
    >;
    tokenize(this: unknown, rawToken: unknown): ExpressionToken[];
    compile(
      this: unknown,
      rawToken: { type: string; stack: ExpressionToken[] },
    ): { type: string; stack: ExpressionToken[] };
    operator: {
      parse(this: unknown, operator: string, stack: unknown[]): unknown;
      lookup(this: unknown, operator: string, token: ExpressionToken): ExpressionToken;
      rightToLeft: unknown;
    };
  };
}

/** Twig.token.type's print tags: `{{ }}` and its whitespace-control forms. */
const OUTPUT_TOKENS = new Set(['output', 'output_whitespace_pre', 'output_whitespace_post', 'output_whitespace_both']);
const T = 'Twig.expression.type.';

function isMarkup(value: unknown): value is string & { twigMarkup: unknown } {
  return value instanceof String && 'twigMarkup' in value;
}

/** A filter's input as Twig 3 sees it: safe markup is a string like any other. */
function plain(value: unknown): unknown {
  return isMarkup(value) ? value.valueOf() : value;
}

/** A value a string filter works on: PHP's (string) of a scalar; null stays null. */
function text(value: unknown): string {
  return phpString(plain(value));
}

export function installPhpSemantics(twig: TwigInternals): void {
  const markup = (content: string) => twig.Markup(content);

  // Twig's lexer: `~` whitespace control, and comments that trim (`{#- -#}`) and eat the newline after them.
  const tokenize = twig.tokenize;
  twig.tokenize = function (this: unknown, template: string) {
    return lexLikeTwig(tokenize.call(this, template), template);
  };

  // Printing: each value of a print tag as PHP's echo prints it; markup as it is.
  const output = twig.output;
  twig.output = function (this: unknown, values: unknown[]) {
    return output.call(
      this,
      values.map((value) => (typeof value === 'string' || isMarkup(value) ? value : phpString(value))),
    );
  };

  // Constants are not escaped, and a print tag with a missing operand does not compile.
  const compile = twig.expression.compile;
  twig.expression.compile = function (this: unknown, rawToken) {
    const token = compile.call(this, rawToken);
    if (OUTPUT_TOKENS.has(token.type)) {
      const root = expressionTree(token.stack);
      if (root === 'invalid') throw new PhpError('Unexpected token in a print tag');
      if (root !== null) markConstants(root, markup);
    }
    return token;
  };

  // Unary minus, which twig.js lacks (it reads `-3` as one number, so `-3.5|abs` was abs(-3.5); Twig applies the
  // filter first). A number no longer takes a sign; a `-` where an expression starts is the unary operator, which
  // binds tighter than every binary one.
  const { handler } = twig.expression;
  const number = handler[`${T}number`];
  const unary = handler[`${T}operator.unary`];
  if (number !== undefined && unary !== undefined) {
    number.regex = /^\d+(\.\d+)?/;
    unary.regex = /(^not\s+|^-)/;
  }
  // twig.js's `s[a:b]` writes the numbers it reads into the compiled token's params, and reads a number there as a
  // variable's name the next time the (cached) template renders: each render gets a copy.
  const slice = handler[`${T}slice`];
  const parseSlice = slice?.parse;
  if (slice !== undefined && parseSlice !== undefined) {
    slice.parse = function (this: unknown, token: ExpressionToken, stack: unknown[], context: unknown) {
      return parseSlice.call(this, { ...token, params: [...(token.params ?? [])] }, stack, context);
    };
  }

  // A string literal's escapes as Twig's lexer reads them (stripcslashes); twig.js undid only the first \" or \'.
  const string = handler[`${T}string`];
  if (string !== undefined) {
    string.compile = function (this: unknown, token: ExpressionToken, _stack: unknown[], output: unknown[]) {
      delete (token as { match?: unknown }).match;
      token.value = stripcslashes(String(token.value).slice(1, -1));
      output.push(token);
    };
  }

  const tokenizeExpression = twig.expression.tokenize;
  twig.expression.tokenize = function (this: unknown, rawToken: unknown) {
    const tokens = tokenizeExpression.call(this, rawToken);
    // At the very start of an expression twig.js takes any kind of token, so a `-` there is read as binary.
    const first = tokens[0];
    if (first?.type === `${T}operator.binary` && first.value === '-') first.type = `${T}operator.unary`;
    // "#{expression}" in a double-quoted string: Twig reads the string as its parts joined by `~`.
    if (!tokens.some(isInterpolated)) return tokens;
    return tokens.flatMap((token) =>
      isInterpolated(token)
        ? interpolation(String(token.value), (text) =>
            tokenizeExpression.call(this, { type: 'expression', value: text }),
          )
        : [token],
    );
  };
  const lookup = twig.expression.operator.lookup;
  const { rightToLeft } = twig.expression.operator;
  twig.expression.operator.lookup = function (this: unknown, operator: string, token: ExpressionToken) {
    if (operator !== '-' || token.type !== `${T}operator.unary`) return lookup.call(this, operator, token);
    return Object.assign(token, { value: NEGATE, operator: NEGATE, precidence: 1, associativity: rightToLeft });
  };

  const parseOperator = twig.expression.operator.parse;
  twig.expression.operator.parse = function (this: unknown, operator: string, stack: unknown[]) {
    if (operator === NEGATE) {
      stack.push(-phpNumeric(stack.pop()) + 0);
      return undefined;
    }
    if (operator === '~') {
      const right = stack.pop();
      const left = stack.pop();
      stack.push(text(left ?? '') + text(right ?? ''));
      return undefined;
    }
    if (COMPARISONS.has(operator)) {
      const order = phpLooseCompare(plain(stack.at(-2)), plain(stack.at(-1)));
      if (order !== undefined) {
        stack.splice(-2, 2, COMPARISONS.get(operator)?.(order));
        return undefined;
      }
    }
    if (ARITHMETIC.has(operator)) {
      const right = phpNumeric(stack.pop());
      const left = phpNumeric(stack.pop());
      if ((operator === '/' || operator === '//') && right === 0) throw new PhpError('Division by zero');
      if (operator === '%') {
        const divisor = Math.trunc(right);
        if (divisor === 0) throw new PhpError('Modulo by zero');
        stack.push((Math.trunc(left) % divisor) + 0);
        return undefined;
      }
      stack.push(left, right);
    }
    return parseOperator.call(this, operator, stack);
  };

  installFilters(twig, markup);
}

/**
 * What Twig's lexer trims: `~` the spaces and tabs of a line (whitespace_line_chars) on either side; `-` before
 * the tag what rtrim() trims, after it what PCRE's \s matches. twig.js trims with JavaScript's trimEnd() and
 * trimStart(), which take a no-break space and the other Unicode spaces too.
 */
const LINE_SPACE = ' \t\0\x0B';
const SPACE_BEFORE = ' \t\n\r\0\x0B';
const SPACE_AFTER = ' \t\n\x0B\f\r';
const TAGS = new Set(['output', 'logic', 'comment']);
/** twig.js's whitespace-control tags, the plain tag each is, and which sides it trims. */
const TRIMMING: Record<string, { plain: string; before: boolean; after: boolean }> = {
  output_whitespace_pre: { plain: 'output', before: true, after: false },
  output_whitespace_post: { plain: 'output', before: false, after: true },
  output_whitespace_both: { plain: 'output', before: true, after: true },
  logic_whitespace_pre: { plain: 'logic', before: true, after: false },
  logic_whitespace_post: { plain: 'logic', before: false, after: true },
  logic_whitespace_both: { plain: 'logic', before: true, after: true },
};

/** `text` without the characters of `chars` at its end (a loop: a pattern like /[ ]*$/ is quadratic on spaces). */
function trimEndOf(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1] as string)) end--;
  return end === text.length ? text : text.slice(0, end);
}

function trimStartOf(text: string, chars: string): string {
  let start = 0;
  while (start < text.length && chars.includes(text[start] as string)) start++;
  return start === 0 ? text : text.slice(start);
}

/**
 * What twig.js's tokenizer does not do as Twig's lexer does, mended on its tokens: `{{~`, `{%~`, `{#~` and their
 * closings trim the spaces and tabs (not newlines) beside the tag; `-` trims Twig's whitespace (not JavaScript's);
 * a comment's `-` trims too; and a newline right after `#}` is dropped as after `%}` (not after `~%}`, where
 * twig.js dropped it). One pass, each token looked at once.
 */
function lexLikeTwig(tokens: TemplateToken[], template: string): TemplateToken[] {
  const out: TemplateToken[] = [];
  const raw = (token: TemplateToken | undefined) => (token?.type === 'raw' ? token : undefined);
  const trimBefore = (chars: string) => {
    const before = raw(out.at(-1));
    if (before !== undefined) before.value = trimEndOf(before.value, chars);
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as TemplateToken;
    out.push(token);
    const after = raw(tokens[i + 1]);
    const trimAfter = (chars: string) => {
      if (after !== undefined) after.value = trimStartOf(after.value, chars);
    };
    const trimming = TRIMMING[token.type];
    if (trimming !== undefined) {
      // `{{-` and `-}}` trimmed here with Twig's characters; twig.js then sees a plain tag and trims nothing.
      out.pop();
      if (trimming.before) trimBefore(SPACE_BEFORE);
      if (trimming.after) trimAfter(SPACE_AFTER);
      token.type = trimming.plain;
      out.push(token);
      continue;
    }
    if (!TAGS.has(token.type)) continue;
    // The character right after the two-character opening and right before the two-character closing.
    const opening = template[token.position.start + 2];
    const closing = template[token.position.end - 3];
    if (opening === '~') {
      token.value = token.value.slice(1).trim();
      out.pop();
      trimBefore(LINE_SPACE);
      out.push(token);
    }
    if (closing === '~') {
      token.value = token.value.slice(0, -1).trim();
      if (token.type === 'logic' && template[token.position.end] === '\n') {
        // twig.js dropped the newline after `%}`; Twig keeps it after `~%}`.
        if (after !== undefined && after.position.start === token.position.end + 1) after.value = `\n${after.value}`;
        else
          out.push({ type: 'raw', value: '\n', position: { start: token.position.end, end: token.position.end + 1 } });
      } else trimAfter(LINE_SPACE);
    }
    if (token.type !== 'comment') continue;
    if (opening === '-') {
      out.pop();
      trimBefore(SPACE_BEFORE);
      out.push(token);
    }
    if (after === undefined || closing === '~') continue;
    if (closing === '-') trimAfter(SPACE_AFTER);
    else if (after.position.start === token.position.end && after.value.startsWith('\n'))
      after.value = after.value.slice(1);
  }
  return out;
}

/** Twig's comparison operators, each PHP's, from the order of PHP 8's loose comparison (`<=>`). */
const COMPARISONS = new Map<string, (order: number) => boolean | number>([
  ['==', (order) => order === 0],
  ['!=', (order) => order !== 0],
  ['<', (order) => order < 0],
  ['<=', (order) => order <= 0],
  ['>', (order) => order > 0],
  ['>=', (order) => order >= 0],
  ['<=>', (order) => order],
]);

/**
 * PHP 8's loose comparison of two scalars (-1, 0, 1): null or a bool against anything compares as bools, null
 * against a string as "", numbers and numeric strings by value, a number against another string as strings, two
 * strings byte by byte. undefined for arrays and objects (left to twig.js).
 */
function phpLooseCompare(a: unknown, b: unknown): number | undefined {
  const scalar = (value: unknown) =>
    value === undefined || value === null || ['string', 'number', 'boolean'].includes(typeof value);
  if (!scalar(a) || !scalar(b)) return undefined;
  const left = a ?? null;
  const right = b ?? null;
  const sign = (x: number) => (x < 0 ? -1 : x > 0 ? 1 : 0);
  if ((left === null && typeof right === 'string') || (right === null && typeof left === 'string')) {
    return compareBytes(left === null ? '' : (left as string), right === null ? '' : (right as string));
  }
  if (typeof left === 'boolean' || typeof right === 'boolean' || left === null || right === null) {
    return sign(Number(phpTruthy(left)) - Number(phpTruthy(right)));
  }
  const numeric = (value: unknown) => typeof value === 'number' || (typeof value === 'string' && NUMERIC.test(value));
  if (numeric(left) && numeric(right))
    return sign(
      Number(typeof left === 'string' ? left.trim() : left) - Number(typeof right === 'string' ? right.trim() : right),
    );
  return compareBytes(phpString(left), phpString(right));
}

function phpTruthy(value: unknown): boolean {
  return !(value === null || value === false || value === 0 || value === '' || value === '0' || Number.isNaN(value));
}

/** strcmp()'s order: by UTF-8 bytes. */
function compareBytes(a: string, b: string): number {
  return Math.sign(Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
}

function isInterpolated(token: ExpressionToken): boolean {
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
function interpolation(literal: string, tokenize: (text: string) => ExpressionToken[]): ExpressionToken[] {
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

/** PHP's stripcslashes(): \n \t \r \v \f \a \b, \xHH, \ooo (octal), and a backslash before anything else dropped. */
function stripcslashes(text: string): string {
  if (!text.includes('\\')) return text;
  const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', v: '\v', f: '\f', a: '\x07', b: '\b' };
  return text.replace(/\\(x[0-9A-Fa-f]{1,2}|[0-7]{1,3}|[\s\S]?)/g, (_match, sequence: string) => {
    if (sequence === '') return '';
    if (sequence[0] === 'x' && sequence.length > 1) return String.fromCharCode(parseInt(sequence.slice(1), 16));
    if (/^[0-7]/.test(sequence)) return String.fromCharCode(parseInt(sequence, 8) & 0xff);
    return simple[sequence] ?? sequence;
  });
}

/** The unary minus's name among twig.js's operators. */
const NEGATE = 'unary-';
const ARITHMETIC = new Set(['+', '-', '*', '/', '//', '%', '**']);
/** PHP's numeric strings: whitespace, a sign, digits with a point, an exponent, trailing whitespace. */
const NUMERIC = /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

/** An operand of PHP arithmetic: null and false are 0, true 1, a numeric string its number; anything else throws. */
function phpNumeric(value: unknown): number {
  const operand = plain(value);
  if (operand === undefined || operand === null || operand === false) return 0;
  if (operand === true) return 1;
  if (typeof operand === 'number') return operand;
  if (typeof operand === 'string') {
    if (NUMERIC.test(operand)) return Number(operand.trim());
    throw new PhpError('Unsupported operand types');
  }
  throw new PhpError('Unsupported operand types');
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
function expressionTree(stack: ExpressionToken[]): Node | 'invalid' | null {
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
function markConstants(node: Node, markup: (content: string) => unknown): void {
  const { token, children } = node;
  if (token.type === `${T}string` && typeof token.value === 'string') token.value = markup(token.value);
  else if (token.type === `${T}subexpression.end` && children[0] !== undefined) markConstants(children[0], markup);
  else if (token.type === `${T}operator.binary`) {
    if (token.value === '?') for (const child of children.slice(1)) markConstants(child, markup);
    else if (token.value === '?:' || token.value === '??') for (const child of children) markConstants(child, markup);
  }
}

/** Filters that give safe markup in Twig 3 (is_safe html): their results are not escaped again. */
const SAFE_FILTERS = new Set(['raw', 'escape', 'e', 'nl2br', 'spaceless']);

function installFilters(twig: TwigInternals, markup: (content: string) => unknown): void {
  const { filters } = twig;
  // Twig 3: a filter is given markup as a plain string, and its result is escaped when printed unless it is safe.
  for (const [name, filter] of Object.entries(filters)) {
    if (SAFE_FILTERS.has(name)) continue;
    filters[name] = function (this: unknown, value: unknown, params?: unknown[]) {
      const result = filter.call(this, plain(value), params);
      return plain(result);
    };
  }
  const sliceArray = filters.slice as Filter;
  const strings: Record<string, Filter> = {
    upper: (value) => (value === undefined || value === null ? '' : text(value).toUpperCase()),
    lower: (value) => (value === undefined || value === null ? '' : text(value).toLowerCase()),
    title: (value) => mbTitleCase(text(value ?? '')),
    capitalize: (value) => {
      const [first = '', ...rest] = text(value ?? '');
      return first.toUpperCase() + rest.join('').toLowerCase();
    },
    trim: (value, params) => {
      const side = params?.[1] === undefined || params[1] === null ? 'both' : text(params[1]);
      if (side !== 'both' && side !== 'left' && side !== 'right')
        throw new PhpError('Trimming side must be "left", "right" or "both".');
      const mask = params?.[0] === undefined || params[0] === null ? undefined : text(params[0]);
      return phpTrim(text(value ?? ''), mask, side);
    },
    join: (value, params) =>
      twigJoin(
        plain(value),
        text(params?.[0] ?? ''),
        params?.[1] === undefined || params[1] === null ? undefined : text(params[1]),
      ),
    url_encode: (value) => {
      const input = plain(value);
      if (input !== null && typeof input === 'object') return httpBuildQuery(input);
      return rawUrlEncode(text(input ?? ''));
    },
    json_encode: (value) => phpJsonEncode(plain(value)),
    slice: function (this: unknown, value, params) {
      const input = plain(value);
      if (input === undefined || input === null || typeof input === 'object')
        return sliceArray.call(this, input, params);
      // mb_substr(): by characters, not UTF-16 units.
      const chars = [...phpString(input)];
      const start = params?.[0] === undefined || params[0] === null ? 0 : Math.trunc(phpNumeric(params[0]));
      const length = params?.[1] === undefined || params[1] === null ? null : Math.trunc(phpNumeric(params[1]));
      const from = start < 0 ? Math.max(0, chars.length + start) : start;
      const to = length === null ? chars.length : length < 0 ? chars.length + length : from + length;
      return from >= chars.length || to <= from ? '' : chars.slice(from, to).join('');
    },
    length: (value) => {
      const input = plain(value);
      if (input === undefined || input === null) return 0;
      if (Array.isArray(input)) return input.length;
      if (typeof input === 'object') return phpEntries(input).length;
      return [...phpString(input)].length;
    },
    first: (value) => edge(plain(value), 'first'),
    last: (value) => edge(plain(value), 'last'),
    default: (value, params) => (isTwigEmpty(plain(value)) ? (params?.[0] ?? '') : value),
    replace: (value, params) => {
      const pairs = plain(params?.[0]);
      if (pairs === null || typeof pairs !== 'object')
        throw new PhpError('The "replace" filter expects an array or "Traversable" as replace values.');
      return strtr(
        text(value ?? ''),
        phpEntries(pairs).map(([from, to]) => [from, text(to ?? '')] as const),
      );
    },
    round: (value, params) => {
      const precision = params?.[0] === undefined ? 0 : phpNumeric(params[0]);
      const method = params?.[1] === undefined ? 'common' : text(params[1]);
      const number = phpNumeric(value);
      if (method === 'common') return phpRound(number, precision);
      if (method !== 'ceil' && method !== 'floor')
        throw new PhpError('The round filter only supports the "common", "ceil", and "floor" methods.');
      return Math[method](number * 10 ** precision) / 10 ** precision;
    },
    number_format: (value, params) => {
      const decimals = params?.[0] === undefined || params[0] === null ? 0 : Math.trunc(phpNumeric(params[0]));
      const point = params?.[1] === undefined || params[1] === null ? '.' : text(params[1]);
      const separator = params?.[2] === undefined || params[2] === null ? ',' : text(params[2]);
      return numberFormat(phpFloatCast(plain(value)), decimals, point, separator);
    },
  };
  for (const [name, filter] of Object.entries(strings)) filters[name] = filter;

  // twig.js sorts and reverses the context's own arrays in place; Twig works on copies.
  const sort = filters.sort as Filter;
  filters.sort = function (this: unknown, value, params) {
    const input = plain(value);
    if (Array.isArray(input)) return [...input].sort(phpCompare);
    if (input !== null && typeof input === 'object') return sort.call(this, { ...input }, params);
    return sort.call(this, input, params);
  };
  filters.reverse = (value) => {
    const input = plain(value);
    if (input === undefined || input === null) return input;
    if (Array.isArray(input)) return [...input].reverse();
    if (typeof input === 'object') {
      const entries = phpEntries(input).reverse();
      return Object.assign(Object.fromEntries(entries), { _keys: entries.map(([key]) => key) });
    }
    return [...phpString(input)].reverse().join('');
  };

  // Safe filters (their results are not escaped again).
  filters.raw = (value) => {
    if (isMarkup(value)) return value;
    if (typeof value === 'string') return markup(value);
    if (value === undefined || value === null || typeof value === 'boolean' || typeof value === 'number')
      return markup(phpString(value));
    return value;
  };
  // spaceless: pre-escaped, then trim(preg_replace('/>\s+</', '><', ...)), safe.
  filters.spaceless = (value) =>
    markup(
      phpTrim(
        (isMarkup(value) ? value.valueOf() : escapeHtml(text(value ?? ''))).replace(/>[ \t\n\x0B\f\r]+</g, '><'),
        undefined,
        'both',
      ),
    );
  filters.nl2br = (value) => markup(phpNl2br(isMarkup(value) ? value.valueOf() : escapeHtml(text(value ?? ''))));
  const escapeFilter = filters.escape as Filter;
  const escapeScalar: Filter = function (this: unknown, value, params) {
    const input = typeof value === 'boolean' || typeof value === 'number' ? phpString(value) : value;
    return escapeFilter.call(this, input, params);
  };
  filters.escape = escapeScalar;
  filters.e = escapeScalar;
}

/** twig_test_empty: '', null, false and an empty array (a hash too: PHP has one array type); 0 is not empty. */
function isTwigEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object' && !(value instanceof String)) return phpEntries(value).length === 0;
  return false;
}

/** Twig's `first` and `last`: of a string its first or last character (not UTF-16 unit), of an array its value. */
function edge(value: unknown, which: 'first' | 'last'): unknown {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object') {
    const values = phpEntries(value).map(([, item]) => item);
    return which === 'first' ? values[0] : values.at(-1);
  }
  const chars = [...phpString(value)];
  return (which === 'first' ? chars[0] : chars.at(-1)) ?? '';
}

/** PHP's strtr($text, $pairs): one pass, the longest key first at each position; empty keys are ignored. */
function strtr(input: string, pairs: ReadonlyArray<readonly [string, string]>): string {
  const keys = pairs.filter(([from]) => from !== '').sort((a, b) => b[0].length - a[0].length);
  if (keys.length === 0) return input;
  let out = '';
  let i = 0;
  outer: while (i < input.length) {
    for (const [from, to] of keys) {
      if (input.startsWith(from, i)) {
        out += to;
        i += from.length;
        continue outer;
      }
    }
    out += input[i];
    i++;
  }
  return out;
}

/** PHP 8's `<=>` for the values of a list (sort): numbers and numeric strings by value, other strings by bytes. */
function phpCompare(a: unknown, b: unknown): number {
  const numeric = (value: unknown) => typeof value === 'number' || (typeof value === 'string' && NUMERIC.test(value));
  if (numeric(a) && numeric(b)) return Math.sign(Number(a) - Number(b));
  const left = phpString(a);
  const right = phpString(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** (float) $value: a number, or the numeric prefix of a string (0 without one). */
function phpFloatCast(value: unknown): number {
  if (typeof value === 'number') return value;
  if (value === true) return 1;
  if (typeof value === 'string') {
    const prefix = /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(value);
    return prefix === null ? 0 : Number(prefix[0].trim());
  }
  return 0;
}

/** PHP 8.2's round() (_php_math_round, half away from zero, with its pre-rounding to 15 significant digits). */
function phpRound(value: number, places: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  places = Math.trunc(places);
  const helper = (x: number) => (x >= 0 ? Math.floor(x + 0.5) : Math.ceil(x - 0.5));
  const pow10 = (power: number) => 10 ** power;
  const precisionPlaces = 14 - Math.floor(Math.log10(Math.abs(value)));
  const f1 = pow10(Math.abs(places));
  let tmp: number;
  if (precisionPlaces > places && precisionPlaces - 15 < places) {
    let usePrecision = Math.max(-60, precisionPlaces);
    tmp = helper(usePrecision >= 0 ? value * pow10(usePrecision) : value / pow10(-usePrecision));
    usePrecision = Math.max(-60, places - usePrecision);
    tmp = tmp / pow10(Math.abs(usePrecision));
  } else {
    tmp = places >= 0 ? value * f1 : value / f1;
    if (Math.abs(tmp) >= 1e15) return value;
  }
  tmp = helper(tmp);
  return places > 0 ? tmp / f1 : tmp * f1;
}

/** PHP's number_format(): round() to `decimals`, then the integer part in groups of three. */
function numberFormat(value: number, decimals: number, point: string, separator: string): string {
  const places = Math.max(0, decimals);
  const rounded = phpRound(value, places);
  const negative = rounded < 0;
  const [integer = '0', fraction = ''] = Math.abs(rounded).toFixed(places).split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  const result = places > 0 ? `${grouped}${point}${fraction}` : grouped;
  return negative && /[1-9]/.test(result) ? `-${result}` : result;
}
