/**
 * league/html-to-markdown 5.1's inline converters: EmphasisConverter, HardBreakConverter, LinkConverter,
 * ImageConverter and CodeConverter, each given what its PHP class reads from the element.
 */
import { isPhpValidEmail, phpTrim, phpTrimNoSpace } from './php.js';

/** EmphasisConverter::getNormTag() of a node name ('#text' and the like are no emphasis). */
function emphasisKind(name: string | null): '' | 'em' | 'strong' {
  if (name === 'i' || name === 'em') return 'em';
  if (name === 'b' || name === 'strong') return 'strong';
  return '';
}

function isLeadingOrTrailingTrimmed(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 0 || code === 11;
}

/**
 * EmphasisConverter::convert() with italic_style '*' and bold_style '**'. `previous` and `next` are the names
 * of the element's siblings as the document had them (the previous one as Element cached it).
 */
export function convertEmphasis(name: string, value: string, previous: string | null, next: string | null): string {
  const trimmed = phpTrim(value);
  // `! trim($value)`: '0' is falsy in PHP too.
  if (trimmed === '' || trimmed === '0') return value;
  const kind = emphasisKind(name);
  const style = kind === 'em' ? '*' : '**';
  const prefix = isLeadingOrTrailingTrimmed(value.charCodeAt(0)) ? ' ' : '';
  const suffix = isLeadingOrTrailingTrimmed(value.charCodeAt(value.length - 1)) ? ' ' : '';
  const preStyle = emphasisKind(previous) === kind ? '' : style;
  const postStyle = emphasisKind(next) === kind ? '' : style;
  return prefix + preStyle + trimmed + postStyle + suffix;
}

/**
 * HardBreakConverter::convert() with hard_break false. `nextStart` is the start of the value of the node after
 * the <br> in document order (Element::getNext()); only its first two characters matter.
 */
export function convertHardBreak(parentIsListItem: boolean, nextStart: string): string {
  if (parentIsListItem) {
    const marker = nextStart.slice(0, 2);
    if (marker === '- ' || marker === '* ' || marker === '+ ') return '  \n\\';
  }
  return '  \n';
}

/** LinkConverter::isValidAutolink() with use_autolinks on: only the scheme is checked (the pattern has no `$`). */
const AUTOLINK = /^[A-Za-z][A-Za-z0-9.+-]{1,31}:/;

/**
 * LinkConverter::convert() for an <a> whose href is truthy (the walk writes the element itself, as
 * getChildrenAsString() does, when it is '' or '0').
 */
export function convertLink(href: string, title: string, value: string): string {
  const text = phpTrimNoSpace(value);
  if (title !== '') return '[' + text + '](' + href + ' "' + title + '")';
  if (href === text && AUTOLINK.test(href)) return '<' + href + '>';
  if (href.startsWith('mailto:') && href.length === text.length + 7 && href.endsWith(text) && isPhpValidEmail(text)) {
    return '<' + text + '>';
  }
  return '[' + text + '](' + (href.indexOf(' ') !== -1 ? '<' + href + '>' : href) + ')';
}

/** `! $href`: '' and '0' are falsy in PHP. */
export function isFalsyHref(href: string): boolean {
  return href === '' || href === '0';
}

/** ImageConverter::convert() */
export function convertImage(src: string, alt: string, title: string): string {
  if (title !== '') return '![' + alt + '](' + src + ' "' + title + '")';
  return '![' + alt + '](' + src + ')';
}

const CODE_OPEN_TAG = /<code\b[^>]*>/g;
const LINE_BREAKS = /\r\n|\r|\n/g;
/** shouldBeBlock(): `/[^\s]` `/` without /u, so \s is ASCII's (with \v) and anything else, U+00A0 too, is not. */
const SPACED_BACKTICKS = /[^\t\n\v\f\r ]` `/;

/**
 * CodeConverter::convert(), given html_entity_decode($element->getChildrenAsString()), the class attribute and
 * whether the parent is a <pre>.
 */
export function convertCode(childrenAsString: string, classes: string, parentIsPre: boolean): string {
  let language = '';
  if (classes !== '') {
    for (const name of classes.split(' ')) {
      if (name.indexOf('language-') !== -1) {
        language = name.split('language-').join('');
        break;
      }
    }
  }
  const code = childrenAsString.replace(CODE_OPEN_TAG, '').split('</code>').join('');
  if (parentIsPre || SPACED_BACKTICKS.test(code)) return '```' + language + '\n' + code + '\n```';
  return '`' + code.replace(LINE_BREAKS, '') + '`';
}
