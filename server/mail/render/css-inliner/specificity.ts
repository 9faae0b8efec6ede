/**
 * Specificity as tijsverkoyen/css-to-inline-styles 2.2 computes it: Css\Rule\Processor::
 * calculateSpecificityBasedOnASelector (premailer/css_parser's patterns, counted with preg_match_all), held in
 * Symfony\Component\CssSelector\Node\Specificity (compareTo). The library does NOT use Symfony's own selector
 * specificity.
 */
import { PCRE_SPACE } from './php.js';

export interface Specificity {
  readonly a: number;
  readonly b: number;
  readonly c: number;
}

// The three patterns, written without the /x flag's whitespace and comments. \w is ASCII in both engines; PCRE's
// \s is spelled out (PCRE_SPACE) because JavaScript's \s is wider.
const ID = /#/g;
const CLASS_ATTRIBUTE_PSEUDO_CLASS =
  /(\.[\w]+)|\[(\w+)|(:(link|visited|active|hover|focus|lang|target|enabled|disabled|checked|indeterminate|root|nth-child|nth-last-child|nth-of-type|nth-last-of-type|first-child|last-child|first-of-type|last-of-type|only-child|only-of-type|empty|contains))/gi;
const TYPE_PSEUDO_ELEMENT = new RegExp(
  `((^|[${PCRE_SPACE.slice(1, -1)}+>~]+)[\\w]+|:{1,2}(after|before|first-letter|first-line|selection))`,
  'gi',
);

function count(pattern: RegExp, s: string): number {
  pattern.lastIndex = 0;
  let n = 0;
  while (pattern.exec(s) !== null) n++;
  return n;
}

/** Css\Rule\Processor::calculateSpecificityBasedOnASelector. */
export function selectorSpecificity(selector: string): Specificity {
  return {
    a: count(ID, selector),
    b: count(CLASS_ATTRIBUTE_PSEUDO_CLASS, selector),
    c: count(TYPE_PSEUDO_ELEMENT, selector),
  };
}

/** Specificity::compareTo: -1, 0 or 1. */
export function compareSpecificity(x: Specificity, y: Specificity): number {
  if (x.a !== y.a) return x.a > y.a ? 1 : -1;
  if (x.b !== y.b) return x.b > y.b ? 1 : -1;
  if (x.c !== y.c) return x.c > y.c ? 1 : -1;
  return 0;
}
