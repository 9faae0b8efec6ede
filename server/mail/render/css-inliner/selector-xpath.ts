/**
 * Symfony CssSelector 5.4's translation of a selector into XPath, ported string for string: XPath\XPathExpr,
 * XPath\Translator and the extensions CssSelectorConverter(html: true) registers (NodeExtension with the element and
 * attribute names lower-cased, CombinationExtension, FunctionExtension, PseudoClassExtension,
 * AttributeMatchingExtension, HtmlExtension). The output is compared byte for byte with
 * CssSelectorConverter::toXPath in the unit tests; test/fidelity then checks what libxml2's XPath makes of it.
 */
import { asciiLower } from '../../../ascii.js';
import { phpTruthy, utf8Length } from './php.js';
import { SelectorError, parseSelectors, type SelectorTree, type Token } from './selector-parser.js';

/** XPath\XPathExpr. */
class XPathExpr {
  constructor(
    public path = '',
    public element = '*',
    public condition = '',
  ) {}

  addCondition(condition: string): this {
    // `$this->condition ? ... : ...`: a condition of '0' counts as none (so `a:hover.x` keeps only `.x`).
    this.condition = phpTruthy(this.condition) ? `(${this.condition}) and (${condition})` : condition;
    return this;
  }

  addNameTest(): this {
    if (this.element !== '*') {
      this.addCondition('name() = ' + xpathLiteral(this.element));
      this.element = '*';
    }
    return this;
  }

  addStarPrefix(): this {
    this.path += '*/';
    return this;
  }

  join(combiner: string, expr: XPathExpr): this {
    let path = this.toString() + combiner;
    if (expr.path !== '*/') path += expr.path;
    this.path = path;
    this.element = expr.element;
    this.condition = expr.condition;
    return this;
  }

  toString(): string {
    return this.path + this.element + (this.condition === '' ? '' : `[${this.condition}]`);
  }
}

/** Translator::getXpathLiteral. */
function xpathLiteral(element: string): string {
  if (!element.includes("'")) return `'${element}'`;
  if (!element.includes('"')) return `"${element}"`;
  const parts: string[] = [];
  let string = element;
  for (;;) {
    const pos = string.indexOf("'");
    if (pos >= 0) {
      parts.push(`'${string.slice(0, pos)}'`);
      parts.push(`"'"`);
      string = string.slice(pos + 1);
    } else {
      parts.push(`'${string}'`);
      break;
    }
  }
  return `concat(${parts.join(', ')})`;
}

/** NodeExtension::isSafeName. */
function isSafeName(name: string): boolean {
  return /^[a-zA-Z_][a-zA-Z0-9_.-]*$/.test(name);
}

// --- PHP integers for FunctionExtension::translateNthChild ---------------------------------------------------------

const INT_MAX = (1n << 63n) - 1n;
const INT_MIN = -(1n << 63n);

/** A PHP number: an int, or the float an int operation overflowed into. */
type PhpNumber = bigint | number;

/** PHP's string conversion of a number (a float with precision=14, as "9.2233720368548E+18"). */
function phpNumberString(n: PhpNumber): string {
  if (typeof n === 'bigint') return n.toString();
  const [mantissa, exponent] = n.toExponential(13).split('e') as [string, string];
  const exp = Number(exponent);
  if (exp < -4 || exp >= 14) {
    const m = mantissa.includes('.') ? mantissa.replace(/0+$/, '').replace(/\.$/, '') : mantissa;
    return `${m}E${exp < 0 ? '-' : '+'}${Math.abs(exp)}`;
  }
  return String(Number(n.toPrecision(14)));
}

function phpSub(x: bigint, y: bigint): PhpNumber {
  const r = x - y;
  return r > INT_MAX || r < INT_MIN ? Number(x) - Number(y) : r;
}

/** is_numeric() (PHP 8: leading and trailing whitespace allowed). */
const NUMERIC = /^[ \t\n\r\x0B\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\x0B\f]*$/;

/** (int) of a numeric string: integers saturate, floats truncate (out of range: modulo 2^64, INF/NaN: 0). */
function phpIntOfNumeric(s: string): bigint {
  const t = s.trim();
  if (/^[+-]?\d+$/.test(t)) {
    const v = BigInt(t);
    return v > INT_MAX ? INT_MAX : v < INT_MIN ? INT_MIN : v;
  }
  const f = Number(t);
  if (!Number.isFinite(f)) return 0n;
  const truncated = BigInt(Math.trunc(f));
  if (truncated <= INT_MAX && truncated >= INT_MIN) return truncated;
  return BigInt.asIntN(64, truncated);
}

/** Parser::parseSeries. */
function parseSeries(tokens: readonly Token[]): [bigint, bigint] {
  for (const token of tokens) {
    if (token.type === 'string') throw new SelectorError('String not allowed as function argument.');
  }
  const joined = tokens
    .map((token) => token.value ?? '')
    .join('')
    .replace(/^[ \t\n\r\0\x0B]+|[ \t\n\r\0\x0B]+$/g, '');
  const int = (s: string): bigint => {
    if (!NUMERIC.test(s)) throw new SelectorError('String not allowed as function argument.');
    return phpIntOfNumeric(s);
  };
  if (joined === 'odd') return [2n, 1n];
  if (joined === 'even') return [2n, 0n];
  if (joined === 'n') return [1n, 0n];
  if (!joined.includes('n')) return [0n, int(joined)];
  const split = joined.split('n');
  const first = split[0]!;
  const second = split[1];
  return [
    phpTruthy(first) ? (first === '-' || first === '+' ? int(first + '1') : int(first)) : 1n,
    second !== undefined && phpTruthy(second) ? int(second) : 0n,
  ];
}

// --- The extensions -------------------------------------------------------------------------------------------------

/** FunctionExtension::translateNthChild (and nth-last-child, nth-of-type, nth-last-of-type). */
function translateNthChild(xpath: XPathExpr, args: readonly Token[], last: boolean, addNameTest: boolean): XPathExpr {
  let a: bigint;
  let b: PhpNumber;
  try {
    [a, b] = parseSeries(args);
  } catch (error) {
    if (error instanceof SelectorError) throw new SelectorError('Invalid series');
    throw error;
  }
  xpath.addStarPrefix();
  if (addNameTest) xpath.addNameTest();
  if (a === 0n) {
    return xpath.addCondition(
      'position() = ' + (last ? 'last() - ' + phpNumberString(phpSub(b, 1n)) : phpNumberString(b)),
    );
  }
  let sign: string;
  if (a < 0n) {
    if (b < 1n) return xpath.addCondition('false()');
    sign = '<=';
  } else {
    sign = '>=';
  }
  let expr = 'position()';
  if (last) {
    expr = 'last() - ' + expr;
    b = phpSub(b, 1n);
  }
  if (typeof b === 'number' || b !== 0n) expr += ' - ' + phpNumberString(b);
  const conditions = [`${expr} ${sign} 0`];
  if (a !== 1n && a !== -1n) conditions.push(`(${expr}) mod ${a.toString()} = 0`);
  return xpath.addCondition(conditions.join(' and '));
}

function checkTextArguments(args: readonly Token[], name: string): string {
  for (const token of args) {
    if (!(token.type === 'string' || token.type === 'identifier')) {
      throw new SelectorError(`Expected a single string or identifier for :${name}()`);
    }
  }
  return args[0]!.value ?? '';
}

function addFunction(xpath: XPathExpr, name: string, args: readonly Token[]): XPathExpr {
  switch (name) {
    case 'nth-child':
      return translateNthChild(xpath, args, false, true);
    case 'nth-last-child':
      return translateNthChild(xpath, args, true, true);
    case 'nth-of-type':
      return translateNthChild(xpath, args, false, false);
    case 'nth-last-of-type':
      if (xpath.element === '*') throw new SelectorError('"*:nth-of-type()" is not implemented.');
      return translateNthChild(xpath, args, true, false);
    case 'contains':
      // FunctionExtension::translateContains
      return xpath.addCondition(`contains(string(.), ${xpathLiteral(checkTextArguments(args, 'contains'))})`);
    case 'lang':
      // HtmlExtension::translateLang (registered after FunctionExtension's, so it wins)
      return xpath.addCondition(
        "ancestor-or-self::*[@lang][1][starts-with(concat(translate(@lang, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), '-'), " +
          xpathLiteral(asciiLower(checkTextArguments(args, 'lang')) + '-') +
          ')]',
      );
  }
  throw new SelectorError(`Function "${name}" not supported.`);
}

function addPseudoClass(xpath: XPathExpr, pseudoClass: string): XPathExpr {
  switch (pseudoClass) {
    // PseudoClassExtension
    case 'root':
      return xpath.addCondition('not(parent::*)');
    case 'first-child':
      return xpath.addStarPrefix().addNameTest().addCondition('position() = 1');
    case 'last-child':
      return xpath.addStarPrefix().addNameTest().addCondition('position() = last()');
    case 'first-of-type':
      if (xpath.element === '*') throw new SelectorError('"*:first-of-type" is not implemented.');
      return xpath.addStarPrefix().addCondition('position() = 1');
    case 'last-of-type':
      if (xpath.element === '*') throw new SelectorError('"*:last-of-type" is not implemented.');
      return xpath.addStarPrefix().addCondition('position() = last()');
    case 'only-child':
      return xpath.addStarPrefix().addNameTest().addCondition('last() = 1');
    case 'only-of-type': {
      const element = xpath.element;
      return xpath.addCondition(`count(preceding-sibling::${element})=0 and count(following-sibling::${element})=0`);
    }
    case 'empty':
      return xpath.addCondition('not(*) and not(string-length())');
    // HtmlExtension
    case 'checked':
      return xpath.addCondition(
        "(@checked and (name(.) = 'input' or name(.) = 'command')and (@type = 'checkbox' or @type = 'radio'))",
      );
    case 'link':
      return xpath.addCondition("@href and (name(.) = 'a' or name(.) = 'link' or name(.) = 'area')");
    case 'disabled':
      return xpath.addCondition(
        "(@disabled and((name(.) = 'input' and @type != 'hidden') or name(.) = 'button' or name(.) = 'select' or name(.) = 'textarea' or name(.) = 'command' or name(.) = 'fieldset' or name(.) = 'optgroup' or name(.) = 'option')) or ((name(.) = 'input' and @type != 'hidden') or name(.) = 'button' or name(.) = 'select' or name(.) = 'textarea') and ancestor::fieldset[@disabled]",
      );
    case 'enabled':
      return xpath.addCondition(
        "(@href and (name(.) = 'a' or name(.) = 'link' or name(.) = 'area')) or ((name(.) = 'command' or name(.) = 'fieldset' or name(.) = 'optgroup') and not(@disabled)) or (((name(.) = 'input' and @type != 'hidden') or name(.) = 'button' or name(.) = 'select' or name(.) = 'textarea' or name(.) = 'keygen') and not (@disabled or ancestor::fieldset[@disabled])) or (name(.) = 'option' and not(@disabled or ancestor::optgroup[@disabled]))",
      );
    case 'selected':
      return xpath.addCondition("(@selected and name(.) = 'option')");
    case 'invalid':
    case 'hover':
    case 'visited':
      return xpath.addCondition('0');
  }
  throw new SelectorError(`Pseudo-class "${pseudoClass}" not supported.`);
}

/** AttributeMatchingExtension. */
function addAttributeMatching(xpath: XPathExpr, operator: string, attribute: string, value: string | null): XPathExpr {
  const v = value ?? '';
  switch (operator) {
    case 'exists':
      return xpath.addCondition(attribute);
    case '=':
      return xpath.addCondition(`${attribute} = ${xpathLiteral(v)}`);
    case '~=':
      return xpath.addCondition(
        phpTruthy(value)
          ? `${attribute} and contains(concat(' ', normalize-space(${attribute}), ' '), ${xpathLiteral(` ${v} `)})`
          : '0',
      );
    case '|=':
      return xpath.addCondition(
        `${attribute} and (${attribute} = ${xpathLiteral(v)} or starts-with(${attribute}, ${xpathLiteral(v + '-')}))`,
      );
    case '^=':
      return xpath.addCondition(
        phpTruthy(value) ? `${attribute} and starts-with(${attribute}, ${xpathLiteral(v)})` : '0',
      );
    case '$=':
      // strlen() counts bytes: a value with non-ASCII characters compares a longer tail (as in Symfony).
      return xpath.addCondition(
        phpTruthy(value)
          ? `${attribute} and substring(${attribute}, string-length(${attribute})-${utf8Length(v) - 1}) = ${xpathLiteral(v)}`
          : '0',
      );
    case '*=':
      return xpath.addCondition(phpTruthy(value) ? `${attribute} and contains(${attribute}, ${xpathLiteral(v)})` : '0');
    case '!=':
      return xpath.addCondition(
        phpTruthy(value)
          ? `not(${attribute}) or ${attribute} != ${xpathLiteral(v)}`
          : `${attribute} != ${xpathLiteral(v)}`,
      );
  }
  throw new SelectorError(`Attribute matcher operator "${operator}" not supported.`);
}

/** Translator::nodeToXPath with NodeExtension's node translators. */
function nodeToXPath(node: SelectorTree): XPathExpr {
  switch (node.kind) {
    case 'CombinedSelector': {
      const left = nodeToXPath(node.selector);
      const right = nodeToXPath(node.subSelector);
      switch (node.combinator) {
        case ' ':
          return left.join('/descendant-or-self::*/', right);
        case '>':
          return left.join('/', right);
        case '+':
          return left.join('/following-sibling::', right).addNameTest().addCondition('position() = 1');
        case '~':
          return left.join('/following-sibling::', right);
      }
      throw new SelectorError(`Combiner "${node.combinator}" not supported.`);
    }
    case 'Negation': {
      const xpath = nodeToXPath(node.selector);
      const sub = nodeToXPath(node.subSelector);
      sub.addNameTest();
      return xpath.addCondition(phpTruthy(sub.condition) ? `not(${sub.condition})` : '0');
    }
    case 'Function':
      return addFunction(nodeToXPath(node.selector), node.name, node.arguments);
    case 'Pseudo':
      return addPseudoClass(nodeToXPath(node.selector), node.identifier);
    case 'Attribute': {
      let name = node.attribute;
      let safe = isSafeName(name);
      name = asciiLower(name);
      if (phpTruthy(node.namespace)) {
        name = `${node.namespace}:${name}`;
        safe = safe && isSafeName(node.namespace!);
      }
      const attribute = safe ? '@' + name : `attribute::*[name() = ${xpathLiteral(name)}]`;
      return addAttributeMatching(nodeToXPath(node.selector), node.operator, attribute, node.value);
    }
    case 'Class':
      return addAttributeMatching(nodeToXPath(node.selector), '~=', '@class', node.name);
    case 'Hash':
      return addAttributeMatching(nodeToXPath(node.selector), '=', '@id', node.id);
    case 'Element': {
      let element = node.element;
      let safe: boolean;
      if (phpTruthy(element)) {
        element = asciiLower(element!);
        safe = isSafeName(element);
      } else {
        element = '*';
        safe = true;
      }
      if (phpTruthy(node.namespace)) {
        element = `${node.namespace}:${element}`;
        safe = safe && isSafeName(node.namespace!);
      }
      const xpath = new XPathExpr('', element);
      if (!safe) xpath.addNameTest();
      return xpath;
    }
  }
}

/**
 * CssSelectorConverter::toXPath($css) (html mode, prefix `descendant-or-self::`). Throws SelectorError where
 * Symfony throws an ExceptionInterface, PhpFatal where PHP would stop with an uncaught \Error.
 */
export function cssToXPath(css: string): string {
  const selectors = parseSelectors(css);
  const out: string[] = [];
  for (const selector of selectors) {
    if (selector.pseudoElement !== null) throw new SelectorError('Pseudo-elements are not supported.');
    out.push('descendant-or-self::' + nodeToXPath(selector.tree).toString());
  }
  return out.join(' | ');
}
