/**
 * twig.js's tokenizer in linear time. For each tag it finds, Twig.token.findStart looks for every kind of tag
 * (`{{`, `{%`, `{#` and their whitespace-control forms, with their closings) from the current position to the end
 * of the text, and Twig.token.findEnd looks for both quote characters the same way: with a kind that does not
 * occur, each tag costs a scan of the whole rest of the text. A replacement value of 1 MB of `{{ a }}` (Mailcoach
 * runs Twig over the text after `::key::` replacement) kept the server busy for over 15 minutes.
 *
 * The two functions are kept as they are; only the searches they make are remembered. Within one tokenize() call
 * the text they get is always a suffix of the template, so a search is an absolute position in the template, and
 * the next occurrence of a needle found from one position stays the answer from every later position up to it.
 * Each needle is then searched for again only once the tokenizer has passed its last occurrence: every search
 * moves forward, and the whole tokenize() is linear in the template's length.
 *
 * Twig.compile then takes the tokens off the front of their array with shift(), which moves the rest of the array
 * each time (7 s for 140,000 tags); it is given a queue whose shift() does not.
 */

interface TokenDefinition {
  open: string;
  close: string;
}

interface TwigInternals {
  tokenize(template: string): unknown[];
  compile(tokens: unknown[]): unknown;
  token: {
    findStart(template: string): { position: number | null; def: TokenDefinition | null };
    findEnd(template: string, definition: TokenDefinition, start: number): number;
  };
}

/** What findStart and findEnd use of their `template`: indexOf and slice. */
interface SearchableSuffix {
  indexOf(needle: string, from?: number): number;
  slice(start?: number, end?: number): string;
  readonly length: number;
}

interface Search {
  /** Where the search started, absolute. */
  from: number;
  /** The absolute position found, or -1. */
  at: number;
}

class TemplateSearches {
  readonly #searches = new Map<string, Search>();
  constructor(readonly source: string) {}

  /** source.indexOf(needle, from), from a remembered search when it still answers. */
  indexOf(needle: string, from: number): number {
    const known = this.#searches.get(needle);
    if (known !== undefined && known.from <= from && (known.at === -1 || known.at >= from)) return known.at;
    const at = this.source.indexOf(needle, from);
    this.#searches.set(needle, { from, at });
    return at;
  }

  /** A stand-in for `suffix`, the rest of the template from some position, whose searches are remembered. */
  suffix(text: string): SearchableSuffix | string {
    // The tokenizer's own calls always pass a suffix of the template (checked at its ends: a full comparison would
    // make each call linear again); anything else is searched as it is.
    const base = this.source.length - text.length;
    const probe = Math.min(16, text.length);
    if (
      base < 0 ||
      !this.source.startsWith(text.slice(0, probe), base) ||
      !this.source.endsWith(text.slice(-probe || text.length))
    ) {
      return text;
    }
    return {
      indexOf: (needle: string, from = 0) => {
        const at = this.indexOf(needle, base + Math.max(0, from));
        return at === -1 ? -1 : at - base;
      },
      slice: (start?: number, end?: number) => text.slice(start, end),
      length: text.length,
    };
  }
}

/** What Twig.compile uses of its tokens: length, shift(), unshift() of what it just shifted, and [0]. */
class TokenQueue {
  #next = 0;
  constructor(readonly items: unknown[]) {}

  get length(): number {
    return this.items.length - this.#next;
  }

  shift(): unknown {
    return this.#next < this.items.length ? this.items[this.#next++] : undefined;
  }

  unshift(item: unknown): number {
    if (this.#next > 0) this.items[--this.#next] = item;
    else this.items.unshift(item);
    return this.length;
  }

  get 0(): unknown {
    return this.items[this.#next];
  }
}

/** Installs the remembering searches and the token queue into a twig.js instance (through Twig.extend). */
export function makeTokenizerLinear(twig: TwigInternals): void {
  const { tokenize, compile } = twig;
  twig.compile = function (this: unknown, tokens: unknown[]) {
    return compile.call(this, (Array.isArray(tokens) ? new TokenQueue(tokens) : tokens) as unknown as unknown[]);
  };
  const { findStart, findEnd } = twig.token;
  let searches: TemplateSearches | null = null;
  twig.tokenize = function (this: unknown, template: string) {
    const outer = searches;
    searches = new TemplateSearches(template);
    try {
      return tokenize.call(this, template);
    } finally {
      searches = outer;
    }
  };
  twig.token.findStart = function (this: unknown, template: string) {
    return findStart.call(this, (searches?.suffix(template) ?? template) as string);
  };
  twig.token.findEnd = function (this: unknown, template: string, definition: TokenDefinition, start: number) {
    return findEnd.call(this, (searches?.suffix(template) ?? template) as string, definition, start);
  };
}
