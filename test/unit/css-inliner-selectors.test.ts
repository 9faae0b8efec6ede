/**
 * The selector side of the CSS inliner port: Symfony CssSelector 5.4's translation of each selector into XPath,
 * compared with what CssSelectorConverter::toXPath returned for it (recorded from PHP 8.2 with
 * php-symfony-css-selector 5.4.53; null where Symfony throws an ExceptionInterface, so the rule is skipped;
 * "FATAL TypeError" where PHP stops).
 */
import { describe, expect, it } from 'vitest';
import { PhpFatal, SelectorError } from '../../server/mail/render/css-inliner/selector-parser.js';
import { cssToXPath } from '../../server/mail/render/css-inliner/selector-xpath.js';
import { selectorSpecificity } from '../../server/mail/render/css-inliner/specificity.js';
import { XPathQuery } from '../../server/mail/render/css-inliner/xpath.js';

const TRANSLATIONS: [string, string | null][] = [
  ['p', 'descendant-or-self::p'],
  ['P', 'descendant-or-self::p'],
  ['*', 'descendant-or-self::*'],
  ['h1', 'descendant-or-self::h1'],
  ['0', 'descendant-or-self::*'],
  ['1px', "descendant-or-self::*[name() = '1px']"],
  ['.foo', "descendant-or-self::*[@class and contains(concat(' ', normalize-space(@class), ' '), ' foo ')]"],
  ['.0', 'descendant-or-self::*[0]'],
  ['p.foo', "descendant-or-self::p[@class and contains(concat(' ', normalize-space(@class), ' '), ' foo ')]"],
  ['#bar', "descendant-or-self::*[@id = 'bar']"],
  ['p#bar', "descendant-or-self::p[@id = 'bar']"],
  ['ns|p', 'descendant-or-self::ns:p'],
  ['ns|*', "descendant-or-self::*[name() = 'ns:*']"],
  ['*|p', 'descendant-or-self::p'],
  ['div p', 'descendant-or-self::div/descendant-or-self::*/p'],
  ['div > p', 'descendant-or-self::div/p'],
  ['div + p', "descendant-or-self::div/following-sibling::*[(name() = 'p') and (position() = 1)]"],
  ['div ~ p', 'descendant-or-self::div/following-sibling::p'],
  ['div p:first-child', "descendant-or-self::div/descendant-or-self::*/*[(name() = 'p') and (position() = 1)]"],
  [
    'p:first-child:last-child',
    "descendant-or-self::*/*/*[((name() = 'p') and (position() = 1)) and (position() = last())]",
  ],
  ['li:not(:first-child)', 'descendant-or-self::li[not(position() = 1)]'],
  ['a:hover', 'descendant-or-self::a[0]'],
  ['a:hover.x', "descendant-or-self::a[@class and contains(concat(' ', normalize-space(@class), ' '), ' x ')]"],
  ['a:focus', null],
  ['a::before', null],
  ['a:before', null],
  ['p::first-line', null],
  [
    'p:nth-child(2n+1)',
    "descendant-or-self::*/*[(name() = 'p') and (position() - 1 >= 0 and (position() - 1) mod 2 = 0)]",
  ],
  [
    'p:nth-child(odd)',
    "descendant-or-self::*/*[(name() = 'p') and (position() - 1 >= 0 and (position() - 1) mod 2 = 0)]",
  ],
  ['p:nth-child(even)', "descendant-or-self::*/*[(name() = 'p') and (position() >= 0 and (position()) mod 2 = 0)]"],
  ['p:nth-child(n)', "descendant-or-self::*/*[(name() = 'p') and (position() >= 0)]"],
  ['p:nth-child(-n+3)', "descendant-or-self::*/*[(name() = 'p') and (position() - 3 <= 0)]"],
  ['p:nth-child(0n+1)', "descendant-or-self::*/*[(name() = 'p') and (position() - 1 >= 0)]"],
  ['p:nth-child(3)', "descendant-or-self::*/*[(name() = 'p') and (position() = 3)]"],
  ['p:nth-child(2n)', "descendant-or-self::*/*[(name() = 'p') and (position() >= 0 and (position()) mod 2 = 0)]"],
  ['p:nth-last-child(2)', "descendant-or-self::*/*[(name() = 'p') and (position() = last() - 1)]"],
  ['p:nth-last-child(-n+3)', "descendant-or-self::*/*[(name() = 'p') and (last() - position() - 2 <= 0)]"],
  ['p:nth-of-type(2)', 'descendant-or-self::*/p[position() = 2]'],
  ['p:nth-last-of-type(2)', 'descendant-or-self::*/p[position() = last() - 1]'],
  ['*:nth-last-of-type(2)', null],
  ['p:nth-child(ODD)', null],
  ['p:nth-child(2N+1)', null],
  [
    'p:nth-child( 2n + 1 )',
    "descendant-or-self::*/*[(name() = 'p') and (position() - 1 >= 0 and (position() - 1) mod 2 = 0)]",
  ],
  [
    'p:nth-child(99999999999999999999)',
    "descendant-or-self::*/*[(name() = 'p') and (position() = 9223372036854775807)]",
  ],
  [
    'p:nth-last-child(-99999999999999999999)',
    "descendant-or-self::*/*[(name() = 'p') and (position() = last() - -9.2233720368548E+18)]",
  ],
  ['p:nth-child(1e3)', "descendant-or-self::*/*[(name() = 'p') and (position() = 1000)]"],
  ["p:nth-child('x')", null],
  ['p:first-of-type', 'descendant-or-self::*/p[position() = 1]'],
  ['*:first-of-type', null],
  ['p:last-of-type', 'descendant-or-self::*/p[position() = last()]'],
  ['p:only-child', "descendant-or-self::*/*[(name() = 'p') and (last() = 1)]"],
  ['p:only-of-type', 'descendant-or-self::p[count(preceding-sibling::p)=0 and count(following-sibling::p)=0]'],
  ['*:only-of-type', 'descendant-or-self::*[count(preceding-sibling::*)=0 and count(following-sibling::*)=0]'],
  ['p:empty', 'descendant-or-self::p[not(*) and not(string-length())]'],
  [':root', 'descendant-or-self::*[not(parent::*)]'],
  ['html:root', 'descendant-or-self::html[not(parent::*)]'],
  [
    'input:checked',
    "descendant-or-self::input[(@checked and (name(.) = 'input' or name(.) = 'command')and (@type = 'checkbox' or @type = 'radio'))]",
  ],
  ['a:link', "descendant-or-self::a[@href and (name(.) = 'a' or name(.) = 'link' or name(.) = 'area')]"],
  [
    'input:disabled',
    "descendant-or-self::input[(@disabled and((name(.) = 'input' and @type != 'hidden') or name(.) = 'button' or name(.) = 'select' or name(.) = 'textarea' or name(.) = 'command' or name(.) = 'fieldset' or name(.) = 'optgroup' or name(.) = 'option')) or ((name(.) = 'input' and @type != 'hidden') or name(.) = 'button' or name(.) = 'select' or name(.) = 'textarea') and ancestor::fieldset[@disabled]]",
  ],
  [
    'input:enabled',
    "descendant-or-self::input[(@href and (name(.) = 'a' or name(.) = 'link' or name(.) = 'area')) or ((name(.) = 'command' or name(.) = 'fieldset' or name(.) = 'optgroup') and not(@disabled)) or (((name(.) = 'input' and @type != 'hidden') or name(.) = 'button' or name(.) = 'select' or name(.) = 'textarea' or name(.) = 'keygen') and not (@disabled or ancestor::fieldset[@disabled])) or (name(.) = 'option' and not(@disabled or ancestor::optgroup[@disabled]))]",
  ],
  ['option:selected', "descendant-or-self::option[(@selected and name(.) = 'option')]"],
  ['input:invalid', 'descendant-or-self::input[0]'],
  ['a:visited', 'descendant-or-self::a[0]'],
  ['p:contains(foo)', "descendant-or-self::p[contains(string(.), 'foo')]"],
  ["p:contains('a b')", "descendant-or-self::p[contains(string(.), 'a b')]"],
  ['p:contains(3)', null],
  [
    ':lang(en)',
    "descendant-or-self::*[ancestor-or-self::*[@lang][1][starts-with(concat(translate(@lang, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), '-'), 'en-')]]",
  ],
  [
    'p:lang(EN)',
    "descendant-or-self::p[ancestor-or-self::*[@lang][1][starts-with(concat(translate(@lang, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), '-'), 'en-')]]",
  ],
  ['[title]', 'descendant-or-self::*[@title]'],
  ['[title=x]', "descendant-or-self::*[@title = 'x']"],
  ["[title='a b']", "descendant-or-self::*[@title = 'a b']"],
  ['[title~=x]', "descendant-or-self::*[@title and contains(concat(' ', normalize-space(@title), ' '), ' x ')]"],
  ['[title|=en]', "descendant-or-self::*[@title and (@title = 'en' or starts-with(@title, 'en-'))]"],
  ['[title^=x]', "descendant-or-self::*[@title and starts-with(@title, 'x')]"],
  ['[title$=x]', "descendant-or-self::*[@title and substring(@title, string-length(@title)-0) = 'x']"],
  ['[title*=x]', "descendant-or-self::*[@title and contains(@title, 'x')]"],
  ['[title!=x]', "descendant-or-self::*[not(@title) or @title != 'x']"],
  ["[title='']", "descendant-or-self::*[@title = '']"],
  ["[title~='']", 'descendant-or-self::*[0]'],
  ["[title^='']", 'descendant-or-self::*[0]'],
  ["[title$='']", 'descendant-or-self::*[0]'],
  ["[title*='']", 'descendant-or-self::*[0]'],
  ["[title!='']", "descendant-or-self::*[@title != '']"],
  ["[title~='0']", 'descendant-or-self::*[0]'],
  ["[title$='é']", "descendant-or-self::*[@title and substring(@title, string-length(@title)-1) = 'é']"],
  ['[title=3]', "descendant-or-self::*[@title = '3']"],
  ['[TITLE=X]', "descendant-or-self::*[@title = 'X']"],
  ['[data-x]', 'descendant-or-self::*[@data-x]'],
  ['[ns|x]', 'descendant-or-self::*[@ns:x]'],
  ['[*|x]', 'descendant-or-self::*[@x]'],
  ['[*|=x]', 'FATAL TypeError'],
  ['[*]', null],
  ['[x="a\'b"]', 'descendant-or-self::*[@x = "a\'b"]'],
  ["[x='a\\'b\"c']", "descendant-or-self::*[@x = concat('a', \"'\", 'b\"c')]"],
  ['p:not(.a)', "descendant-or-self::p[not(@class and contains(concat(' ', normalize-space(@class), ' '), ' a '))]"],
  ['p:not(#b)', "descendant-or-self::p[not(@id = 'b')]"],
  ['p:not([x])', 'descendant-or-self::p[not(@x)]'],
  ['p:not(:hover)', 'descendant-or-self::p[0]'],
  ['p:not(p)', "descendant-or-self::p[not(name() = 'p')]"],
  [':not(:not(p))', null],
  ['p:not(::before)', null],
  [
    '.a.b',
    "descendant-or-self::*[(@class and contains(concat(' ', normalize-space(@class), ' '), ' a ')) and (@class and contains(concat(' ', normalize-space(@class), ' '), ' b '))]",
  ],
  [
    '.a .b',
    "descendant-or-self::*[@class and contains(concat(' ', normalize-space(@class), ' '), ' a ')]/descendant-or-self::*/*[@class and contains(concat(' ', normalize-space(@class), ' '), ' b ')]",
  ],
  [
    '.a>.b',
    "descendant-or-self::*[@class and contains(concat(' ', normalize-space(@class), ' '), ' a ')]/*[@class and contains(concat(' ', normalize-space(@class), ' '), ' b ')]",
  ],
  [
    '.a+.b',
    "descendant-or-self::*[@class and contains(concat(' ', normalize-space(@class), ' '), ' a ')]/following-sibling::*[(@class and contains(concat(' ', normalize-space(@class), ' '), ' b ')) and (position() = 1)]",
  ],
  [
    '.a~.b',
    "descendant-or-self::*[@class and contains(concat(' ', normalize-space(@class), ' '), ' a ')]/following-sibling::*[@class and contains(concat(' ', normalize-space(@class), ' '), ' b ')]",
  ],
  ['ul li a', 'descendant-or-self::ul/descendant-or-self::*/li/descendant-or-self::*/a'],
  [
    'table td.x > p + span',
    "descendant-or-self::table/descendant-or-self::*/td[@class and contains(concat(' ', normalize-space(@class), ' '), ' x ')]/p/following-sibling::*[(name() = 'span') and (position() = 1)]",
  ],
  ['a,b', 'descendant-or-self::a | descendant-or-self::b'],
  ['a, b', 'descendant-or-self::a | descendant-or-self::b'],
  ['.café', "descendant-or-self::*[@class and contains(concat(' ', normalize-space(@class), ' '), ' café ')]"],
  ['.a\\:b', "descendant-or-self::*[@class and contains(concat(' ', normalize-space(@class), ' '), ' a:b ')]"],
  ['.a\\ b', "descendant-or-self::*[@class and contains(concat(' ', normalize-space(@class), ' '), ' a b ')]"],
  ['#a\\31 23', "descendant-or-self::*[@id = 'a123']"],
  ['o\\:p', "descendant-or-self::*[name() = 'o:p']"],
  ['p.', null],
  ['p..a', null],
  ['[', null],
  ['p[', null],
  [')', null],
  [',p', null],
  ['p,', null],
  ['p .', null],
  ['@media', null],
  ['@font-face', null],
  ['div:foo(bar)', null],
  ['div:nth-child()', null],
  ['p:NOT(.a)', "descendant-or-self::p[not(@class and contains(concat(' ', normalize-space(@class), ' '), ' a '))]"],
  ['P:First-Child', "descendant-or-self::*/*[(name() = 'p') and (position() = 1)]"],
  ['p:FIRST-CHILD', "descendant-or-self::*/*[(name() = 'p') and (position() = 1)]"],
  ['a:HOVER', 'descendant-or-self::a[0]'],
  ['.A', "descendant-or-self::*[@class and contains(concat(' ', normalize-space(@class), ' '), ' A ')]"],
  ['#A', "descendant-or-self::*[@id = 'A']"],
  ['p /* unclosed', 'descendant-or-self::p'],
  ['p:nth-child(+5)', "descendant-or-self::*/*[(name() = 'p') and (position() = 5)]"],
  ['p:nth-child(-5)', "descendant-or-self::*/*[(name() = 'p') and (position() = -5)]"],
  ['p:nth-child(-2n-1)', "descendant-or-self::*/*[(name() = 'p') and (false())]"],
  ['p:nth-child(n-1)', "descendant-or-self::*/*[(name() = 'p') and (position() - -1 >= 0)]"],
  ['p:nth-child(-n-1)', "descendant-or-self::*/*[(name() = 'p') and (false())]"],
  [':empty', 'descendant-or-self::*[not(*) and not(string-length())]'],
  ['*:empty', 'descendant-or-self::*[not(*) and not(string-length())]'],
];

function translate(selector: string): string | null {
  try {
    return cssToXPath(selector);
  } catch (error) {
    if (error instanceof SelectorError) return null;
    if (error instanceof PhpFatal) return 'FATAL TypeError';
    throw error;
  }
}

describe('Symfony CssSelector translation', () => {
  it.each(TRANSLATIONS)('%j', (selector, xpath) => {
    expect(translate(selector)).toBe(xpath);
  });

  it('compiles every XPath Symfony writes, except namespace prefixes (libxml2: undefined prefix)', () => {
    for (const [selector, xpath] of TRANSLATIONS) {
      if (xpath === null || xpath.startsWith('FATAL')) continue;
      const prefixed = /(?:::|\/|@)[A-Za-z_][\w.-]*:[\w*]/.test(xpath);
      let compiled = true;
      try {
        new XPathQuery(xpath);
      } catch {
        compiled = false;
      }
      expect(compiled, `${selector} => ${xpath}`).toBe(!prefixed);
    }
  });
});

describe("specificity (the library regexes, not Symfony's; values from PHP)", () => {
  it.each([
    ['p', [0, 0, 1]],
    ['div p', [0, 0, 2]],
    ['div > p + span ~ a', [0, 0, 4]],
    ['.a.b', [0, 2, 0]],
    ['#x .y p', [1, 1, 1]],
    ['a:hover', [0, 1, 1]],
    ['a:focus', [0, 1, 1]],
    ['p::before', [0, 0, 2]],
    ['[title=x]', [0, 1, 0]],
    ['li:nth-child(2n+1)', [0, 1, 2]],
    ['p:first-child', [0, 1, 1]],
    ['div.a > p:hover::after', [0, 2, 3]],
    ['*', [0, 0, 0]],
    ['', [0, 0, 0]],
    ['#a#b', [2, 0, 0]],
  ] as const)('%j', (selector, [a, b, c]) => {
    expect(selectorSpecificity(selector)).toEqual({ a, b, c });
  });
});
