/**
 * SQLite's `text LIKE pattern` (no ESCAPE), in about linear time: the SQL function like_linear(text, pattern),
 * registered on every connection (open.ts) and used by fuzzyCondition() (sql.ts) for Mailcoach's FuzzyFilter.
 *
 * Why: SQLite's LIKE retries the whole pattern from every position after a `%`, so `%v%` costs up to
 * length(text) x length(v). A captured subject is as long as a client makes it (the body limit is 40 MB), and a
 * search value as long as a URL: a page of such log items held the server's only thread for over a minute
 * (docs/performance.md#2026-11-25-66e223d-mailcoachs-filtersearch-in-linear-time). Here each run of literal characters between `%`s is found with String.indexOf (V8's
 * Boyer-Moore search), leftmost first, which is all a `%`-separated pattern needs.
 *
 * The semantics are SQLite's: `%` matches any run of characters, `_` exactly one character (a code point),
 * ASCII letters match either case and nothing else is folded; NULL in, NULL out. A run holding `_` is tried at each
 * place its first literal piece occurs, which can cost text x run length on repetitive text: a value needs `_`
 * for that, and a run never longer than the text is tried at all.
 */
import { asciiLower } from '../ascii.js';

/** like_linear(text, pattern): 1, 0, or null when either is NULL (LIKE's answers). */
export function likeLinear(text: unknown, pattern: unknown): 0 | 1 | null {
  if (text === null || pattern === null || text === undefined || pattern === undefined) return null;
  return likeMatches(String(text), String(pattern)) ? 1 : 0;
}

export function likeMatches(text: string, pattern: string): boolean {
  const haystack = asciiLower(text);
  const runs = asciiLower(pattern).split('%');
  // runs[0] is anchored at the start, the last run at the end; with no `%` at all, the single run is both.
  if (runs.length === 1) return matchesAt(haystack, 0, runs[0]!) === haystack.length;
  const first = runs[0]!;
  let at = matchesAt(haystack, 0, first);
  if (at === -1) return false;
  for (let i = 1; i < runs.length - 1; i++) {
    const run = runs[i]!;
    if (run === '') continue;
    const found = findRun(haystack, run, at);
    if (found === null) return false;
    at = found.end;
  }
  const last = runs.at(-1)!;
  if (last === '') return true;
  // The last run must end the text: it is tried at the latest place it can start (one or two places with `_`,
  // whose code points can be one or two UTF-16 units).
  return endsWithRun(haystack, last, at);
}

/** Where `run` ends if it matches exactly at `at`, or -1. */
function matchesAt(text: string, at: number, run: string): number {
  if (!run.includes('_')) return text.startsWith(run, at) ? at + run.length : -1;
  return endOfMatch(text, at, run.split('_'));
}

/** The leftmost match of `run` at or after `from`. */
function findRun(text: string, run: string, from: number): { end: number } | null {
  if (!run.includes('_')) {
    const index = text.indexOf(run, from);
    return index === -1 ? null : { end: index + run.length };
  }
  const pieces = run.split('_');
  const [first] = pieces;
  const shortest = run.length;
  for (let at = from; text.length - at >= shortest; at += characterLength(text, at)) {
    // Jump to the next place the first literal piece occurs: a run that starts with `_` is tried everywhere.
    if (first !== '') {
      at = text.indexOf(first!, at);
      if (at === -1) return null;
    }
    const end = endOfMatch(text, at, pieces);
    if (end !== -1) return { end };
  }
  return null;
}

/** Whether `run` matches a suffix of `text` that starts at or after `from`. */
function endsWithRun(text: string, run: string, from: number): boolean {
  if (!run.includes('_')) return text.length - run.length >= from && text.endsWith(run);
  // The match's length in characters is fixed, so it can start at one place only.
  const pieces = run.split('_');
  let characters = pieces.length - 1;
  for (const piece of pieces) characters += [...piece].length;
  let start = text.length;
  for (let i = 0; i < characters; i++) {
    if (start <= from) return false;
    start -= isLowSurrogate(text.charCodeAt(start - 1)) && isHighSurrogate(text.charCodeAt(start - 2)) ? 2 : 1;
  }
  return start >= from && endOfMatch(text, start, pieces) === text.length;
}

/** Where literal pieces separated by one character each (the `_`s) end when matched at `at`, or -1. */
function endOfMatch(text: string, at: number, pieces: string[]): number {
  let position = at;
  for (let i = 0; i < pieces.length; i++) {
    if (i > 0) {
      if (position >= text.length) return -1;
      position += characterLength(text, position);
    }
    const piece = pieces[i]!;
    if (!text.startsWith(piece, position)) return -1;
    position += piece.length;
  }
  return position;
}

/** UTF-16 units of the character at `at`: 2 for a surrogate pair (one code point, as SQLite counts), else 1. */
function characterLength(text: string, at: number): number {
  return isHighSurrogate(text.charCodeAt(at)) && isLowSurrogate(text.charCodeAt(at + 1)) ? 2 : 1;
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;
