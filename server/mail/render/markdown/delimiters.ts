/**
 * Emphasis and strikethrough as league/commonmark 2.3 delimits them, replacing markdown-it's own emphasis and
 * strikethrough rules (which follow spec 0.31 and GFM, not league):
 *  - the tokenizer mirrors League\CommonMark\Delimiter\DelimiterParser (one delimiter per run of `*`, `_` or `~`; a
 *    `~` run shorter than StrikethroughDelimiterProcessor::getMinLength() = 2 is plain text; flanking decided with
 *    RegexHelper::REGEX_PUNCTUATION and REGEX_UNICODE_WHITESPACE_CHAR, which count Unicode P and not S as punctuation);
 *  - the pairing mirrors League\CommonMark\Delimiter\DelimiterStack::processDelimiters with
 *    EmphasisDelimiterProcessor::getDelimiterUse (the multiple-of-3 rule, 2 for strong when both have 2) and
 *    StrikethroughDelimiterProcessor::getDelimiterUse (both runs' shorter length when it is at least 2, all of it).
 */
import type { MarkdownIt, StateInline, Token } from 'markdown-it';

/** RegexHelper::REGEX_PUNCTUATION. */
const PUNCTUATION =
  /^[\u2000-\u206F\u2E00-\u2E7F\p{Pc}\p{Pd}\p{Pe}\p{Pf}\p{Pi}\p{Po}\p{Ps}\\'!"#$%&()*+,\-./:;<=>?@[\]^_`{|}~]/u;
/** RegexHelper::REGEX_UNICODE_WHITESPACE_CHAR (`\s` of PCRE with /u: space, \t \n \v \f \r, and \pZ). */
const WHITESPACE = /^(?:\p{Z}|[ \t\n\v\f\r])/u;

interface Run {
  readonly marker: string;
  readonly originalLength: number;
  length: number;
  readonly canOpen: boolean;
  readonly canClose: boolean;
  readonly token: Token;
  previous: Run | null;
  next: Run | null;
}

/** What pairing did to a run's text token: tags closed before its remaining characters, tags opened after them. */
interface Edit {
  closes: Token[];
  opens: Token[];
}

const RUNS = new WeakMap<StateInline, Run[][]>();

function charBefore(src: string, pos: number): string {
  if (pos <= 0) return '\n';
  const code = src.codePointAt(pos - 1) ?? 0;
  // A low surrogate: the code point starts one unit earlier.
  if (code >= 0xdc00 && code <= 0xdfff && pos >= 2) return String.fromCodePoint(src.codePointAt(pos - 2) ?? code);
  return String.fromCodePoint(code);
}

function charAfter(src: string, pos: number, max: number): string {
  if (pos >= max) return '\n';
  return String.fromCodePoint(src.codePointAt(pos) ?? 0);
}

/** DelimiterParser::parse. */
function tokenize(state: StateInline, silent: boolean): boolean {
  const marker = state.src[state.pos];
  if (marker !== '*' && marker !== '_' && marker !== '~') return false;
  let end = state.pos;
  while (end < state.posMax && state.src[end] === marker) end++;
  const count = end - state.pos;
  if (marker === '~' && count < 2) return false;
  if (silent) return false;
  const before = charBefore(state.src, state.pos);
  const after = charAfter(state.src, end, state.posMax);
  const afterIsWhitespace = WHITESPACE.test(after);
  const afterIsPunctuation = PUNCTUATION.test(after);
  const beforeIsWhitespace = WHITESPACE.test(before);
  const beforeIsPunctuation = PUNCTUATION.test(before);
  const leftFlanking = !afterIsWhitespace && (!afterIsPunctuation || beforeIsWhitespace || beforeIsPunctuation);
  const rightFlanking = !beforeIsWhitespace && (!beforeIsPunctuation || afterIsWhitespace || afterIsPunctuation);
  let canOpen = leftFlanking;
  let canClose = rightFlanking;
  if (marker === '_') {
    canOpen = leftFlanking && (!rightFlanking || beforeIsPunctuation);
    canClose = rightFlanking && (!leftFlanking || afterIsPunctuation);
  }
  const token = state.push('text', '', 0);
  token.content = marker.repeat(count);
  state.pos = end;
  if (canOpen || canClose) {
    // One list per delimiter scope: markdown-it gives a link's label a fresh state.delimiters, as league's
    // CloseBracketParser processes the delimiters above the bracket on their own.
    const scopes = RUNS.get(state) ?? [];
    RUNS.set(state, scopes);
    let scope = (state.delimiters as unknown as { leagueRuns?: Run[] }).leagueRuns;
    if (scope === undefined) {
      scope = [];
      (state.delimiters as unknown as { leagueRuns?: Run[] }).leagueRuns = scope;
      scopes.push(scope);
    }
    scope.push({ marker, originalLength: count, length: count, canOpen, canClose, token, previous: null, next: null });
  }
  return true;
}

/** EmphasisDelimiterProcessor / StrikethroughDelimiterProcessor::getDelimiterUse. */
function delimiterUse(opener: Run, closer: Run): number {
  if (closer.marker === '~') {
    const min = Math.min(opener.length, closer.length);
    return min >= 2 ? min : 0;
  }
  if (
    (opener.canClose || closer.canOpen) &&
    closer.originalLength % 3 !== 0 &&
    (opener.originalLength + closer.originalLength) % 3 === 0
  )
    return 0;
  return opener.length >= 2 && closer.length >= 2 ? 2 : 1;
}

function tagTokens(state: StateInline, marker: string, use: number): [Token, Token] {
  const [type, tag] = marker === '~' ? ['s', 'del'] : use === 2 ? ['strong', 'strong'] : ['em', 'em'];
  const open = new state.Token(`${type}_open`, tag, 1);
  const close = new state.Token(`${type}_close`, tag, -1);
  open.markup = close.markup = marker.repeat(use);
  return [open, close];
}

/** DelimiterStack::processDelimiters over one scope, recording each pair as an edit of its runs' text tokens. */
function processScope(state: StateInline, runs: Run[], edits: Map<Token, Edit>): void {
  for (let i = 0; i < runs.length; i++) {
    runs[i]!.previous = runs[i - 1] ?? null;
    runs[i]!.next = runs[i + 1] ?? null;
  }
  const remove = (run: Run): void => {
    if (run.previous !== null) run.previous.next = run.next;
    if (run.next !== null) run.next.previous = run.previous;
  };
  const edit = (token: Token): Edit => {
    let found = edits.get(token);
    if (found === undefined) {
      found = { closes: [], opens: [] };
      edits.set(token, found);
    }
    return found;
  };
  const openersBottom = new Map<string, Run | null>();
  let closer: Run | null = runs[0] ?? null;
  while (closer !== null) {
    if (!closer.canClose) {
      closer = closer.next;
      continue;
    }
    let use = 0;
    let openerFound = false;
    let potentialOpenerFound = false;
    let opener: Run | null = closer.previous;
    const bottom = openersBottom.get(closer.marker) ?? null;
    while (opener !== null && opener !== bottom) {
      if (opener.canOpen && opener.marker === closer.marker) {
        potentialOpenerFound = true;
        use = delimiterUse(opener, closer);
        if (use > 0) {
          openerFound = true;
          break;
        }
      }
      opener = opener.previous;
    }
    if (!openerFound || opener === null) {
      if (!potentialOpenerFound) {
        openersBottom.set(closer.marker, closer.previous);
        if (!closer.canOpen) remove(closer);
      }
      closer = closer.next;
      continue;
    }
    opener.length -= use;
    closer.length -= use;
    opener.token.content = opener.token.content.slice(0, -use);
    closer.token.content = closer.token.content.slice(0, -use);
    // removeDelimitersBetween
    opener.next = closer;
    closer.previous = opener;
    const [open, close] = tagTokens(state, closer.marker, use);
    edit(opener.token).opens.unshift(open);
    edit(closer.token).closes.push(close);
    if (opener.length === 0) remove(opener);
    if (closer.length === 0) {
      const next: Run | null = closer.next;
      remove(closer);
      closer = next;
    }
  }
}

/** Pairs every scope's runs, then writes the tags into the token stream (the replaced balance_pairs + emphasis). */
function postProcess(state: StateInline): boolean {
  const scopes = RUNS.get(state);
  if (scopes === undefined) return false;
  RUNS.delete(state);
  const edits = new Map<Token, Edit>();
  for (const runs of scopes) processScope(state, runs, edits);
  if (edits.size === 0) return false;
  const tokens: Token[] = [];
  for (const token of state.tokens) {
    const found = edits.get(token);
    if (found === undefined) {
      tokens.push(token);
      continue;
    }
    for (const close of found.closes) tokens.push(close);
    if (token.content !== '') tokens.push(token);
    for (const open of found.opens) tokens.push(open);
  }
  // Copied one by one: spreading 100 000 tokens into a call overflows the stack.
  state.tokens.length = tokens.length;
  for (let i = 0; i < tokens.length; i++) state.tokens[i] = tokens[i]!;
  return false;
}

export function useLeagueDelimiters(md: MarkdownIt): void {
  md.inline.ruler.disable(['emphasis', 'strikethrough']);
  md.inline.ruler.before('emphasis', 'league_delimiters', tokenize);
  md.inline.ruler2.disable(['balance_pairs', 'strikethrough', 'emphasis']);
  md.inline.ruler2.before('fragments_join', 'league_delimiters', postProcess);
}
