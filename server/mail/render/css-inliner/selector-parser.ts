/**
 * Symfony CssSelector 5.4's parser, ported: Parser\Tokenizer\* (Tokenizer, TokenizerPatterns, TokenizerEscaping),
 * Parser\Handler\*, Parser\TokenStream, Parser\Parser and the four Parser\Shortcut parsers that
 * CssSelectorConverter registers. A SelectorError stands for any Symfony ExceptionInterface (the rule is skipped);
 * a PhpFatal for a PHP error that no one catches (a TypeError), which aborts CssToInlineStyles::convert.
 */
import { asciiLower } from '../../../ascii.js';
import { phpTrim } from './php.js';

/** Symfony\Component\CssSelector\Exception\ExceptionInterface: CssToInlineStyles::inline skips the rule. */
export class SelectorError extends Error {}

/** A PHP \Error the library does not catch: the whole convert() fails. */
export class PhpFatal extends Error {}

type TokenType = 'eof' | 'delimiter' | 'whitespace' | 'identifier' | 'hash' | 'number' | 'string';

export interface Token {
  readonly type: TokenType;
  readonly value: string | null;
}

export type SelectorTree =
  | { readonly kind: 'Element'; readonly namespace: string | null; readonly element: string | null }
  | { readonly kind: 'Class'; readonly selector: SelectorTree; readonly name: string }
  | { readonly kind: 'Hash'; readonly selector: SelectorTree; readonly id: string }
  | {
      readonly kind: 'Attribute';
      readonly selector: SelectorTree;
      readonly namespace: string | null;
      readonly attribute: string;
      readonly operator: string;
      readonly value: string | null;
    }
  | { readonly kind: 'Pseudo'; readonly selector: SelectorTree; readonly identifier: string }
  | {
      readonly kind: 'Function';
      readonly selector: SelectorTree;
      readonly name: string;
      readonly arguments: readonly Token[];
    }
  | { readonly kind: 'Negation'; readonly selector: SelectorTree; readonly subSelector: SelectorTree }
  | {
      readonly kind: 'CombinedSelector';
      readonly selector: SelectorTree;
      readonly combinator: string;
      readonly subSelector: SelectorTree;
    };

/** Node\SelectorNode. */
export interface SelectorNode {
  readonly tree: SelectorTree;
  readonly pseudoElement: string | null;
}

// --- TokenizerPatterns ----------------------------------------------------------------------------------------------

const UNICODE_ESCAPE = '\\\\([0-9a-f]{1,6})(?:\\r\\n|[ \\n\\r\\t\\f])?';
const SIMPLE_ESCAPE = '\\\\(.)';
const NEWLINE_ESCAPE = '\\\\(?:\\n|\\r\\n|\\r|\\f)';
const ESCAPE = `${UNICODE_ESCAPE}|\\\\[^\\n\\r\\f0-9a-f]`;
const STRING_ESCAPE = `${NEWLINE_ESCAPE}|${ESCAPE}`;
const NON_ASCII = '[^\\x00-\\x7F]';
const NM_CHAR = `[_a-z0-9-]|${ESCAPE}|${NON_ASCII}`;
const NM_START = `[_a-z]|${ESCAPE}|${NON_ASCII}`;
const IDENTIFIER = `-?(?:${NM_START})(?:${NM_CHAR})*`;
const HASH = `#((?:${NM_CHAR})+)`;
const NUMBER = '[+-]?(?:[0-9]*\\.[0-9]+|[0-9]+)';

// Sticky versions: PHP matches `^...` against substr($source, $position), which is the same.
const IDENTIFIER_RE = new RegExp(IDENTIFIER, 'iy');
const HASH_RE = new RegExp(HASH, 'iy');
const NUMBER_RE = new RegExp(NUMBER, 'y');
const WHITESPACE_RE = /[ \t\r\n\f]+/y;
const QUOTED_RE: Record<string, RegExp> = {
  "'": new RegExp(`(?:[^\\n\\r\\f\\\\']|${STRING_ESCAPE})*`, 'iy'),
  '"': new RegExp(`(?:[^\\n\\r\\f\\\\"]|${STRING_ESCAPE})*`, 'iy'),
};
const UNICODE_ESCAPE_RE = new RegExp(UNICODE_ESCAPE, 'gi');
const SIMPLE_ESCAPE_RE = new RegExp(SIMPLE_ESCAPE, 'g');
const NEWLINE_ESCAPE_RE = new RegExp(NEWLINE_ESCAPE, 'g');

function stickyMatch(re: RegExp, source: string, position: number): RegExpExecArray | null {
  re.lastIndex = position;
  return re.exec(source);
}

// --- TokenizerEscaping ----------------------------------------------------------------------------------------------

/** TokenizerEscaping::escapeUnicode. */
function escapeUnicode(value: string): string {
  if (!value.includes('\\')) return value;
  value = value.replace(UNICODE_ESCAPE_RE, (_, hex: string) => {
    // replaceUnicodeSequences: the code point modulo 0x200000, encoded as UTF-8 below U+10000, dropped above.
    const c = parseInt(hex, 16) % 0x200000;
    return c < 0x10000 ? String.fromCharCode(c) : '';
  });
  return value.replace(SIMPLE_ESCAPE_RE, '$1');
}

/** TokenizerEscaping::escapeUnicodeAndNewLine. */
function escapeUnicodeAndNewLine(value: string): string {
  return escapeUnicode(value.includes('\\') ? value.replace(NEWLINE_ESCAPE_RE, '') : value);
}

// --- Tokenizer and handlers -----------------------------------------------------------------------------------------

/** Tokenizer::tokenize with its handlers in order: whitespace, identifier, hash, string, number, comment. */
function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const length = source.length;
  let position = 0;
  while (position < length) {
    let m = stickyMatch(WHITESPACE_RE, source, position);
    if (m !== null) {
      tokens.push({ type: 'whitespace', value: m[0] });
      position += m[0].length;
      continue;
    }
    m = stickyMatch(IDENTIFIER_RE, source, position);
    if (m !== null) {
      tokens.push({ type: 'identifier', value: escapeUnicode(m[0]) });
      position += m[0].length;
      continue;
    }
    m = stickyMatch(HASH_RE, source, position);
    if (m !== null) {
      tokens.push({ type: 'hash', value: escapeUnicode(m[1]!) });
      position += m[0].length;
      continue;
    }
    const quote = source[position]!;
    if (quote === "'" || quote === '"') {
      // StringHandler
      position += 1;
      m = stickyMatch(QUOTED_RE[quote]!, source, position);
      const matched = m === null ? '' : m[0];
      if (matched.length === length - position) throw new SelectorError('Unclosed/invalid string');
      if (source[position + matched.length] !== quote) throw new SelectorError('Unclosed/invalid string');
      tokens.push({ type: 'string', value: escapeUnicodeAndNewLine(matched) });
      position += matched.length + 1;
      continue;
    }
    m = stickyMatch(NUMBER_RE, source, position);
    if (m !== null) {
      tokens.push({ type: 'number', value: m[0] });
      position += m[0].length;
      continue;
    }
    if (source.startsWith('/*', position)) {
      // CommentHandler
      const end = source.indexOf('*/', position);
      position = end < 0 ? length : end + 2;
      continue;
    }
    tokens.push({ type: 'delimiter', value: source[position]! });
    position += 1;
  }
  tokens.push({ type: 'eof', value: null });
  return tokens;
}

// --- TokenStream ----------------------------------------------------------------------------------------------------

class TokenStream {
  private cursor = 0;
  private peeked: Token | null = null;
  private peeking = false;
  /** count($this->used): only tokens first peeked, then taken, are recorded (as in Symfony). */
  used = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  getNext(): Token {
    if (this.peeking) {
      this.peeking = false;
      this.used++;
      return this.peeked!;
    }
    const token = this.tokens[this.cursor];
    if (token === undefined) throw new SelectorError('Unexpected token stream end.');
    this.cursor++;
    return token;
  }

  getPeek(): Token {
    if (!this.peeking) {
      this.peeked = this.getNext();
      this.peeking = true;
    }
    return this.peeked!;
  }

  getNextIdentifier(): string {
    const next = this.getNext();
    if (next.type !== 'identifier') throw new SelectorError('Expected identifier');
    return next.value!;
  }

  getNextIdentifierOrStar(): string | null {
    const next = this.getNext();
    if (next.type === 'identifier') return next.value!;
    if (isDelimiter(next, '*')) return null;
    throw new SelectorError('Expected identifier or "*"');
  }

  skipWhitespace(): void {
    if (this.getPeek().type === 'whitespace') this.getNext();
  }
}

function isDelimiter(token: Token, ...values: string[]): boolean {
  return token.type === 'delimiter' && (values.length === 0 || values.includes(token.value!));
}

// --- Parser ---------------------------------------------------------------------------------------------------------

function parseSelectorList(stream: TokenStream): SelectorNode[] {
  stream.skipWhitespace();
  const selectors: SelectorNode[] = [];
  for (;;) {
    selectors.push(parseSelectorNode(stream));
    if (isDelimiter(stream.getPeek(), ',')) {
      stream.getNext();
      stream.skipWhitespace();
    } else {
      break;
    }
  }
  return selectors;
}

function parseSelectorNode(stream: TokenStream): SelectorNode {
  let [result, pseudoElement] = parseSimpleSelector(stream, false);
  for (;;) {
    stream.skipWhitespace();
    const peek = stream.getPeek();
    if (peek.type === 'eof' || isDelimiter(peek, ',')) break;
    if (pseudoElement !== null) throw new SelectorError('Unexpected pseudo-element');
    let combinator: string;
    if (isDelimiter(peek, '+', '>', '~')) {
      combinator = stream.getNext().value!;
      stream.skipWhitespace();
    } else {
      combinator = ' ';
    }
    const [next, nextPseudoElement] = parseSimpleSelector(stream, false);
    pseudoElement = nextPseudoElement;
    result = { kind: 'CombinedSelector', selector: result, combinator, subSelector: next };
  }
  // SelectorNode's constructor: strtolower of a truthy pseudo-element.
  return {
    tree: result,
    pseudoElement:
      pseudoElement === null || pseudoElement === '' || pseudoElement === '0' ? null : asciiLower(pseudoElement),
  };
}

function parseSimpleSelector(stream: TokenStream, insideNegation: boolean): [SelectorTree, string | null] {
  stream.skipWhitespace();
  const selectorStart = stream.used;
  let result: SelectorTree = parseElementNode(stream);
  let pseudoElement: string | null = null;
  for (;;) {
    const peek = stream.getPeek();
    if (
      peek.type === 'whitespace' ||
      peek.type === 'eof' ||
      isDelimiter(peek, ',', '+', '>', '~') ||
      (insideNegation && isDelimiter(peek, ')'))
    ) {
      break;
    }
    if (pseudoElement !== null) throw new SelectorError('Unexpected pseudo-element');
    if (peek.type === 'hash') {
      result = { kind: 'Hash', selector: result, id: stream.getNext().value! };
    } else if (isDelimiter(peek, '.')) {
      stream.getNext();
      result = { kind: 'Class', selector: result, name: stream.getNextIdentifier() };
    } else if (isDelimiter(peek, '[')) {
      stream.getNext();
      result = parseAttributeNode(result, stream);
    } else if (isDelimiter(peek, ':')) {
      stream.getNext();
      if (isDelimiter(stream.getPeek(), ':')) {
        stream.getNext();
        pseudoElement = stream.getNextIdentifier();
        continue;
      }
      const identifier = stream.getNextIdentifier();
      const lower = asciiLower(identifier);
      if (lower === 'first-line' || lower === 'first-letter' || lower === 'before' || lower === 'after') {
        // "Special case: CSS 2.1 pseudo-elements can have a single ':'."
        pseudoElement = identifier;
        continue;
      }
      if (!isDelimiter(stream.getPeek(), '(')) {
        result = { kind: 'Pseudo', selector: result, identifier: lower };
        continue;
      }
      stream.getNext();
      stream.skipWhitespace();
      if (lower === 'not') {
        if (insideNegation) throw new SelectorError('Got nested ::not().');
        const [argument, argumentPseudoElement] = parseSimpleSelector(stream, true);
        const next = stream.getNext();
        if (argumentPseudoElement !== null) throw new SelectorError('Unexpected pseudo-element inside ::not()');
        if (!isDelimiter(next, ')')) throw new SelectorError('Expected ")"');
        result = { kind: 'Negation', selector: result, subSelector: argument };
      } else {
        const args: Token[] = [];
        let next: Token;
        for (;;) {
          stream.skipWhitespace();
          next = stream.getNext();
          if (
            next.type === 'identifier' ||
            next.type === 'string' ||
            next.type === 'number' ||
            isDelimiter(next, '+', '-')
          ) {
            args.push(next);
          } else if (isDelimiter(next, ')')) {
            break;
          } else {
            throw new SelectorError('Expected an argument');
          }
        }
        if (args.length === 0) throw new SelectorError('Expected at least one argument');
        result = { kind: 'Function', selector: result, name: lower, arguments: args };
      }
    } else {
      throw new SelectorError('Expected selector');
    }
  }
  if (stream.used === selectorStart) throw new SelectorError('Expected selector');
  return [result, pseudoElement];
}

function parseElementNode(stream: TokenStream): SelectorTree {
  const peek = stream.getPeek();
  let namespace: string | null;
  let element: string | null;
  if (peek.type === 'identifier' || isDelimiter(peek, '*')) {
    if (peek.type === 'identifier') {
      namespace = stream.getNext().value!;
    } else {
      stream.getNext();
      namespace = null;
    }
    if (isDelimiter(stream.getPeek(), '|')) {
      stream.getNext();
      element = stream.getNextIdentifierOrStar();
    } else {
      element = namespace;
      namespace = null;
    }
  } else {
    element = namespace = null;
  }
  return { kind: 'Element', namespace, element };
}

function parseAttributeNode(selector: SelectorTree, stream: TokenStream): SelectorTree {
  stream.skipWhitespace();
  let attribute = stream.getNextIdentifierOrStar();
  if (attribute === null && !isDelimiter(stream.getPeek(), '|')) throw new SelectorError('Expected "|"');
  let namespace: string | null;
  let operator: string | null;
  if (isDelimiter(stream.getPeek(), '|')) {
    stream.getNext();
    if (isDelimiter(stream.getPeek(), '=')) {
      namespace = null;
      stream.getNext();
      operator = '|=';
    } else {
      namespace = attribute;
      attribute = stream.getNextIdentifier();
      operator = null;
    }
  } else {
    namespace = operator = null;
  }
  if (operator === null) {
    stream.skipWhitespace();
    const next = stream.getNext();
    if (isDelimiter(next, ']')) {
      return attributeNode(selector, namespace, attribute, 'exists', null);
    } else if (isDelimiter(next, '=')) {
      operator = '=';
    } else if (isDelimiter(next, '^', '$', '*', '~', '|', '!') && isDelimiter(stream.getPeek(), '=')) {
      operator = next.value! + '=';
      stream.getNext();
    } else {
      throw new SelectorError('Expected operator');
    }
  }
  stream.skipWhitespace();
  const value = stream.getNext();
  // A number is cast into a string token.
  if (!(value.type === 'identifier' || value.type === 'string' || value.type === 'number')) {
    throw new SelectorError('Expected string or identifier');
  }
  stream.skipWhitespace();
  const next = stream.getNext();
  if (!isDelimiter(next, ']')) throw new SelectorError('Expected "]"');
  return attributeNode(selector, namespace, attribute, operator, value.value);
}

function attributeNode(
  selector: SelectorTree,
  namespace: string | null,
  attribute: string | null,
  operator: string,
  value: string | null,
): SelectorTree {
  // AttributeNode::__construct(..., string $attribute, ...): `[*|=x]` passes null, a TypeError PHP does not catch.
  if (attribute === null)
    throw new PhpFatal(
      'TypeError: AttributeNode::__construct(): Argument #3 ($attribute) must be of type string, null given',
    );
  return { kind: 'Attribute', selector, namespace, attribute, operator, value };
}

// --- Shortcut parsers and Translator::parseSelectors ----------------------------------------------------------------

const ELEMENT_SHORTCUT = /^(?:([a-z]+)\|)?([\w-]+|\*)$/i;
const CLASS_SHORTCUT = /^(?:([a-z]+)\|)?([\w-]+|\*)?\.([\w-]+)$/i;
const HASH_SHORTCUT = /^(?:([a-z]+)\|)?([\w-]+|\*)?#([\w-]+)$/i;

function orNull(s: string | undefined): string | null {
  // `$matches[1] ?: null`: '' and '0' become null.
  return s === undefined || s === '' || s === '0' ? null : s;
}

/**
 * Translator::parseSelectors: the shortcut parsers CssSelectorConverter registers (EmptyStringParser,
 * ElementParser, ClassParser, HashParser), then Parser::parse.
 */
export function parseSelectors(css: string): SelectorNode[] {
  if (css === '') return [{ tree: { kind: 'Element', namespace: null, element: '*' }, pseudoElement: null }];
  const trimmed = phpTrim(css);
  let m = ELEMENT_SHORTCUT.exec(trimmed);
  if (m !== null) return [{ tree: { kind: 'Element', namespace: orNull(m[1]), element: m[2]! }, pseudoElement: null }];
  m = CLASS_SHORTCUT.exec(trimmed);
  if (m !== null) {
    return [
      {
        tree: {
          kind: 'Class',
          selector: { kind: 'Element', namespace: orNull(m[1]), element: orNull(m[2]) },
          name: m[3]!,
        },
        pseudoElement: null,
      },
    ];
  }
  m = HASH_SHORTCUT.exec(trimmed);
  if (m !== null) {
    return [
      {
        tree: {
          kind: 'Hash',
          selector: { kind: 'Element', namespace: orNull(m[1]), element: orNull(m[2]) },
          id: m[3]!,
        },
        pseudoElement: null,
      },
    ];
  }
  return parseSelectorList(new TokenStream(tokenize(css)));
}
