/**
 * A message's ListUnsubscribe as Mailpit reads the header (MP internal/tools/listunsubscribeparser.go;
 * docs/spec/mailpit-api.md#257-list-unsubscribe-mp-internaltoolslistunsubscribeparsergo): the `<…>` links that
 * start with `mailto:` or `http(s)://` (at most one of each), and what is wrong with the header, comma-joined.
 * Mailpit's expressions are written out as scans: Go's engine is linear, and a JavaScript one would backtrack
 * quadratically over a header of a megabyte of `(` or `<`.
 */

export interface ListUnsubscribe {
  Header: string;
  Links: string[];
  Errors: string;
  HeaderPost: string;
}

const SPACE = /[\t\n\f\r ]/;

export function listUnsubscribe(header: string, post: string): ListUnsubscribe {
  if (header === '') return { Header: '', Links: [], Errors: '', HeaderPost: '' };
  const { links, errors } = parseListUnsubscribe(header);
  return { Header: header, Links: links, Errors: errors, HeaderPost: post };
}

function parseListUnsubscribe(header: string): { links: string[]; errors: string } {
  const value = withoutComments(header.trim());
  const matches = bracketed(value);
  if (matches.length === 0) return { links: [], errors: `"${value}" no valid unsubscribe links found` };
  if (!isWrapped(value)) return { links: [], errors: `"${value}" should be enclosed in <>` };
  const errors: string[] = [];
  const links: string[] = [];
  if (matches.length > 2) {
    errors.push(`"${value}" should include a maximum of one email and one HTTP link`);
    return { links, errors: errors.join(', ') };
  }
  for (const join of joins(value)) {
    if (!isCommaLine(join))
      return { links: [], errors: `"${value}" <> should be split with a comma and optional spaces` };
  }
  let hasMailTo = false;
  let hasHttp = false;
  for (const link of matches) {
    if (SPACE.test(link)) {
      errors.push(`"${link}" should not contain spaces`);
      continue;
    }
    if (/^mailto:[a-zA-Z0-9]/.test(link)) {
      if (hasMailTo) {
        errors.push(`"${link}" should only contain one mailto:`);
        continue;
      }
      hasMailTo = true;
    } else if (/^https?:\/\/[a-zA-Z0-9]/i.test(link)) {
      if (hasHttp) {
        errors.push(`"${link}" should only contain one HTTP link`);
        continue;
      }
      hasHttp = true;
    } else {
      errors.push(`"${link}" should start with either http(s):// or mailto:`);
      continue;
    }
    if (!URL.canParse(link)) {
      errors.push(`parse "${link}": invalid URI`);
      continue;
    }
    links.push(link);
  }
  return { links, errors: errors.join(', ') };
}

/** Every `(…)` (the shortest, across lines) removed: `(?mUs)\(.*\)`. */
function withoutComments(value: string): string {
  let kept = '';
  let at = 0;
  for (;;) {
    const open = value.indexOf('(', at);
    const close = open === -1 ? -1 : value.indexOf(')', open + 1);
    if (close === -1) break;
    kept += value.slice(at, open);
    at = close + 1;
  }
  return (kept + value.slice(at)).trim();
}

/** The contents of `(?mU)<(.*)>`: from a `<` to the first `>` after it on the same line, leftmost first. */
function bracketed(value: string): string[] {
  const found: string[] = [];
  let at = 0;
  let close = -1;
  // The first line break at or after the current `<` (Infinity: none), kept while it is ahead.
  let newline = -1;
  for (;;) {
    const open = value.indexOf('<', at);
    if (open === -1) break;
    if (close <= open) close = value.indexOf('>', open + 1);
    if (close === -1) break;
    if (newline < open) {
      const found = value.indexOf('\n', open);
      newline = found === -1 ? Number.POSITIVE_INFINITY : found;
    }
    if (newline < close) {
      // No `>` before this line ends: the next `<` may have one.
      at = open + 1;
      continue;
    }
    found.push(value.slice(open + 1, close));
    at = close + 1;
  }
  return found;
}

/** `(?imUs)^<(.*)>$`: a line that starts with `<`, and a later `>` that ends a line. */
function isWrapped(value: string): boolean {
  for (let end = value.length - 1; end >= 0; end--) {
    if (value[end] !== '>' || !(end === value.length - 1 || value[end + 1] === '\n')) continue;
    for (let start = 0; start < end; start++) {
      if (value[start] === '<' && (start === 0 || value[start - 1] === '\n')) return true;
    }
    return false;
  }
  return false;
}

/** What lies between a `>` and the next `<`: `(?imUs)>(.*)<`. */
function joins(value: string): string[] {
  const found: string[] = [];
  let at = 0;
  for (;;) {
    const close = value.indexOf('>', at);
    const open = close === -1 ? -1 : value.indexOf('<', close + 1);
    if (open === -1) break;
    found.push(value.slice(close + 1, open));
    at = open + 1;
  }
  return found;
}

/** `(?imUs)^(\s+)?,(\s+)?$`: a comma with only white space between it and a line's start and end. */
function isCommaLine(join: string): boolean {
  const space = (char: string | undefined) => char !== undefined && SPACE.test(char);
  for (let comma = join.indexOf(','); comma !== -1; comma = join.indexOf(',', comma + 1)) {
    let before = comma;
    while (before > 0 && space(join[before - 1]) && join[before - 1] !== '\n') before--;
    let after = comma + 1;
    while (after < join.length && space(join[after]) && join[after] !== '\n') after++;
    if ((before === 0 || join[before - 1] === '\n') && (after === join.length || join[after] === '\n')) return true;
  }
  return false;
}
