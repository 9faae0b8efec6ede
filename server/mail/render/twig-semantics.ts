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
import { PhpError, phpString } from './twig-php.js';
import { expressionTree, interpolation, isInterpolated, markConstants } from './twig-expressions.js';
import { installFilters } from './twig-filters.js';
import { type ExpressionToken, isMarkup, plain, T, text, type TwigInternals } from './twig-internals.js';
import { lexLikeTwig } from './twig-lexer.js';
import { COMPARISONS, phpLooseCompare, phpNumeric } from './twig-php-values.js';

/** Twig.token.type's print tags: `{{ }}` and its whitespace-control forms. */
const OUTPUT_TOKENS = new Set(['output', 'output_whitespace_pre', 'output_whitespace_post', 'output_whitespace_both']);

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
