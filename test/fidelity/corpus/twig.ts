/**
 * Twig sources for the Twig tier (test/fidelity/twig.test.ts): each is rendered by the emulator's renderTwig and by
 * Mailcoach's RenderTwigAction (oracle stage `twig`: rawurldecode, `{{+`/`+}}`, Twig 3 with HTML autoescaping, the
 * decoded text back on any error), and the strings must be equal. The context is what a send passes after
 * Arr::undot (mail-content.ts does the undot before renderTwig; `dotted` cases give it already undotted).
 *
 * `known` marks a case where twig.js still differs from Twig 3, with the reason; the test then checks that it
 * does differ (so a fix shows up) and the lead's quirks.md lists it.
 */

export interface TwigCase {
  name: string;
  input: string;
  context?: Record<string, unknown>;
  /** Why twig.js still differs from Twig 3 on this input (the difference is kept and listed in quirks.md). */
  known?: string;
  /**
   * What Mailcoach gives where the oracle cannot: the oracle is bare PHP, and Laravel's error handler turns a PHP
   * warning into an exception (so RenderTwigAction gives the decoded text back where bare PHP only warns).
   */
  mailcoach?: { output: string; why: string };
}

const person = { first_name: 'Jane', last_name: 'Doe', email: 'jane@example.test' };

export const TWIG_CASES: TwigCase[] = [
  // Variables and context
  { name: 'plain variable', input: '<p>Hello {{ name }}!</p>', context: { name: 'Jane' } },
  { name: 'variable without spaces', input: '<p>{{name}}</p>', context: { name: 'Jane' } },
  { name: 'nested context', input: '<p>{{ subscriber.first_name }} {{ subscriber.last_name }} &lt;{{ subscriber.email }}&gt;</p>', context: { subscriber: person } },
  { name: 'dotted context after undot', input: '{{ order.id }} / {{ order.customer.name }}', context: { order: { id: 'A-1', customer: { name: 'Jane' } } } },
  { name: 'subscript access', input: "{{ subscriber['first_name'] }} {{ items[1] }}", context: { subscriber: person, items: ['a', 'b'] } },
  { name: 'undefined variable is empty', input: '<p>[{{ missing }}]</p>', context: {} },
  { name: 'undefined attribute is empty', input: '<p>[{{ subscriber.nope }}][{{ nothing.at.all }}]</p>', context: { subscriber: person } },
  { name: 'numbers in context', input: '{{ count }} {{ price }} {{ negative }} {{ count + 1 }} {{ price * 2 }}', context: { count: 3, price: 9.5, negative: -2 } },
  { name: 'float printing', input: '{{ a }} {{ b }} {{ c }} {{ 10 / 4 }} {{ 1.0 }}', context: { a: 0.1, b: 1e21, c: 2.0 } },
  { name: 'booleans and null in context', input: '[{{ yes }}][{{ no }}][{{ nothing }}]', context: { yes: true, no: false, nothing: null } },
  { name: 'array printed with join', input: '{{ tags|join(", ") }}', context: { tags: ['news', 'sale', 'vip'] } },
  { name: 'non-ASCII', input: '<p>Grüße, {{ name }}! 日本語 🚀 {{ name|upper }}</p>', context: { name: 'Zoë Ångström' } },

  // Autoescaping
  { name: 'autoescape of < > & " \'', input: '<p>{{ value }}</p>', context: { value: '<b>"Tom" & \'Jerry\'</b>' } },
  { name: 'autoescape in an attribute', input: '<a href="{{ url }}" title="{{ title }}">x</a>', context: { url: 'https://x.test/?a=1&b=2', title: 'Say "hi"' } },
  { name: 'raw filter', input: '{{ html|raw }}', context: { html: '<b>bold</b> & co' } },
  { name: 'escape and e filters', input: "{{ v|escape }} {{ v|e }} {{ v|e('html') }}", context: { v: '<i>&</i>' } },
  { name: 'escape js and url strategies', input: "{{ v|e('js') }} | {{ v|e('url') }}", context: { v: "a b<'\"&é" } },
  { name: 'autoescape of a concatenation', input: "{{ '<b>' ~ name ~ '</b>' }}", context: { name: 'Jo & Co' } },
  { name: 'autoescape of numbers and literals', input: "{{ 5 }} {{ '<x>' }} {{ '<x>'|raw }}", context: {} },

  // Filters
  { name: 'upper lower title capitalize', input: '{{ s|upper }}|{{ s|lower }}|{{ s|title }}|{{ s|capitalize }}', context: { s: 'hello wORLD-wide o\'neil' } },
  { name: 'default filter', input: "{{ missing|default('n/a') }} {{ empty|default('empty') }} {{ zero|default('z') }} {{ set|default('x') }}", context: { empty: '', zero: 0, set: 'kept' } },
  { name: 'date filter with a fixed date string', input: "{{ d|date('Y-m-d H:i') }} {{ d|date('D, d M Y') }} {{ d|date('j/n/y g:ia') }}", context: { d: '2024-03-05 14:07:09' } },
  { name: 'date filter with a timestamp', input: "{{ ts|date('Y-m-d') }}", context: { ts: 1700000000 } },
  { name: 'number_format', input: "{{ n|number_format }} {{ n|number_format(2) }} {{ n|number_format(2, ',', '.') }} {{ 0.5|number_format }}", context: { n: 1234567.891 } },
  { name: 'length', input: '{{ s|length }} {{ list|length }} {{ u|length }} {{ missing|length }}', context: { s: 'hello', list: [1, 2, 3], u: 'Grüße' } },
  { name: 'join', input: "{{ list|join }} {{ list|join('-') }} {{ list|join(', ', ' and ') }}", context: { list: ['a', 'b', 'c'] } },
  { name: 'replace', input: "{{ s|replace({'%name%': name, 'Hi': 'Hello'}) }}", context: { s: 'Hi %name%!', name: 'Jane' } },
  { name: 'trim', input: "[{{ s|trim }}][{{ s|trim('-') }}][{{ t|trim('-', 'left') }}]", context: { s: '  padded  ', t: '--x--' } },
  { name: 'striptags', input: '{{ html|striptags }}', context: { html: '<p>Hello <b>world</b><br/> &amp; more</p>' } },
  { name: 'nl2br', input: '{{ text|nl2br }}', context: { text: 'line 1\nline <2>\r\nline 3' } },
  { name: 'url_encode', input: "{{ s|url_encode }} {{ {'a': 'x y', 'b': 'é&'}|url_encode }}", context: { s: 'a b&c/d?é~' } },
  { name: 'json_encode', input: '{{ data|json_encode }} {{ data|json_encode|raw }}', context: { data: { name: 'Jo "J"', list: [1, 2], url: 'https://x.test/a' } } },
  { name: 'first and last', input: "{{ list|first }} {{ list|last }} {{ 'hello'|first }} {{ 'hello'|last }}", context: { list: ['a', 'b', 'c'] } },
  { name: 'slice', input: "{{ s|slice(0, 5) }} {{ s[6:] }} {{ list|slice(1, 2)|join(',') }}", context: { s: 'hello world', list: [1, 2, 3, 4] } },
  { name: 'round', input: "{{ 2.5|round }} {{ 3.14159|round(2) }} {{ 2.1|round(0, 'ceil') }} {{ 2.9|round(0, 'floor') }} {{ -2.5|round }}", context: {} },
  { name: 'abs', input: '{{ n|abs }} {{ -3.5|abs }}', context: { n: -7 } },
  { name: 'chained filters', input: "{{ name|lower|capitalize|default('x') }}", context: { name: 'JANE' } },

  // Control structures
  { name: 'if elseif else', input: "{% if n > 10 %}big{% elseif n > 5 %}medium{% else %}small{% endif %}", context: { n: 7 } },
  { name: 'if on undefined and empty values', input: '{% if missing %}a{% endif %}{% if empty %}b{% endif %}{% if list %}c{% endif %}{% if zero %}d{% endif %}{% if str0 %}e{% endif %}', context: { empty: '', list: [], zero: 0, str0: '0' } },
  { name: 'for with loop.index and else', input: '<ul>{% for item in items %}<li>{{ loop.index }}/{{ loop.length }} {{ item }}{% if loop.last %}!{% endif %}</li>{% else %}<li>none</li>{% endfor %}</ul>', context: { items: ['x', 'y', 'z'] } },
  { name: 'for else on an empty list', input: '{% for item in items %}{{ item }}{% else %}none{% endfor %}', context: { items: [] } },
  { name: 'for over an object with keys', input: '{% for key, value in data %}{{ key }}={{ value }};{% endfor %}', context: { data: { a: 1, b: 'two' } } },
  { name: 'for over a range', input: '{% for i in 1..3 %}{{ i }}{% endfor %} {% for c in "a".."c" %}{{ c }}{% endfor %}', context: {} },
  { name: 'set', input: "{% set greeting = 'Hi ' ~ name %}{{ greeting }}{% set total = price * qty %} {{ total }}", context: { name: 'Jane', price: 2.5, qty: 4 } },
  { name: 'set block', input: '{% set block %}<b>{{ name }}</b>{% endset %}{{ block }}', context: { name: 'Jo' } },
  { name: 'string concatenation', input: "{{ first ~ ' ' ~ last }} {{ 'n' ~ 1 ~ true }}", context: { first: 'Jane', last: 'Doe' } },
  { name: 'comparison and logic', input: "{{ a == b ? 'eq' : 'ne' }} {{ a < b and b < 10 ? 'y' : 'n' }} {{ not a or b ? 't' : 'f' }} {{ a != 2 }} {{ 'b' in ['a', 'b'] ? 'in' : 'out' }} {{ x is defined ? 'd' : 'u' }} {{ a ?: 'zero' }} {{ none ?? 'null' }}", context: { a: 1, b: 2 } },
  { name: 'tests: even, odd, empty, null, iterable', input: '{{ 2 is even }}{{ 3 is odd }}{{ s is empty }}{{ n is null }}{{ l is iterable }}{{ 4 is divisible by(2) }}', context: { s: '', n: null, l: [1] } },
  { name: 'string interpolation', input: '{{ "Hi #{name}, you have #{count + 1} mails" }}', context: { name: 'Jo', count: 1 } },
  { name: 'interpolation with filters, hashes and escapes', input: '{{ "#{name|upper}: #{ {a: \'<b>\'}.a } \\#{no} #{\'x\' ~ \'y\'}" }}|{{ "#{n}" }}', context: { name: 'jo', n: 5 } },
  {
    name: 'double quotes inside an interpolation',
    input: '{{ "a #{"b"} c" }}',
    context: {},
    known: 'twig.js ends a double-quoted string at the first inner `"`, so `"a #{"b"} c"` does not compile (Twig reads it as "a b c")',
  },
  { name: 'escapes in string literals', input: '{{ \'It\\\'s a \\\\ test\' }}|{{ "say \\"hi\\" and \\"bye\\"" }}|{{ "tab\\there" }}|{{ \'\\x41\\101\' }}', context: {} },
  { name: 'matches, starts with, ends with', input: "{{ s starts with 'he' ? 1 : 0 }}{{ s ends with 'lo' ? 1 : 0 }}{{ s matches '/^h.l+o$/' ? 1 : 0 }}", context: { s: 'hello' } },
  { name: 'math operators', input: '{{ 7 // 2 }} {{ 7 % 3 }} {{ 2 ** 3 }} {{ -7 // 2 }} {{ 1 + 2 * 3 }}', context: {} },
  { name: 'functions: range, max, min, random-free', input: "{{ range(1, 5, 2)|join(',') }} {{ max(1, 5, 3) }} {{ min([4, 2, 8]) }} {{ cycle(['a','b'], 3) }}", context: {} },

  // Whitespace control, verbatim, comments
  { name: 'whitespace control', input: '<p>\n  {{- name -}}\n</p>\n{%- if true %}\n  yes\n{%- endif %}', context: { name: 'Jane' } },
  { name: 'verbatim', input: '{% verbatim %}{{ not_rendered }} {% if %}{% endverbatim %} {{ name }}', context: { name: 'Jane' } },
  { name: 'comments', input: 'a{# a comment {{ name }} #}b{#\nmultiline\n#}c', context: { name: 'Jane' } },
  { name: 'apply and spaceless-free filter block', input: '{% apply upper %}hello {{ name }}{% endapply %}', context: { name: 'jane' } },
  { name: 'with block', input: "{% with { who: 'world' } %}hello {{ who }}{% endwith %}", context: {} },

  // Mailcoach's decoding: rawurldecode of the whole text, then {{+ and +}}
  { name: '{{+name+}} from an editor', input: '<a href="https://x.test/?n={{+name+}}">Hi {{+name+}}</a>', context: { name: 'Jane' } },
  { name: '%20 around a variable', input: '<a href="https://x.test/{{%20token%20}}">x</a>', context: { token: 'abc' } },
  { name: '%7B%7B as a variable', input: '<a href="https://x.test/%7B%7B%20token%20%7D%7D/">x</a>', context: { token: 'abc' } },
  { name: '%20 in a URL without Twig', input: '<a href="https://x.test/my%20file.pdf?q=a%20b">file</a>', context: {} },
  { name: '%2F and other escapes in hrefs with Twig', input: '<a href="https://x.test/r?to=https%3A%2F%2Fy.test%2Fp%3Fa%3D1%26b%3D2">{{ name }}</a>', context: { name: 'Jane' } },
  { name: 'plus signs are not spaces (rawurldecode)', input: '<a href="https://x.test/?q=a+b&amp;c=%2B">{{ name }}+{{ name }}</a>', context: { name: 'J' } },
  { name: 'invalid and lowercase escapes', input: '100% sure %zz %4 %e2%82%ac %E2%82%AC {{ name }}', context: { name: 'J' } },
  { name: 'percent-encoded UTF-8 and a broken sequence', input: '%C3%A9t%C3%A9 %C3 {{ name }}', context: { name: 'J' } },
  { name: 'decoded text becomes Twig syntax', input: '%7B%25 if show %25%7Dshown%7B%25 endif %25%7D', context: { show: true } },
  { name: 'decoding with no Twig at all', input: '<p>50%25 off: %3Cb%3Enow%3C%2Fb%3E</p>', context: {} },

  // Found while matching (each once differed)
  { name: 'float arithmetic printed at PHP precision', input: '{{ 0.1 + 0.2 }} {{ price * qty }} {{ 1 / 3 }} {{ big }} {{ 1.10 }} {{ 10000000000000000 }}', context: { price: 0.1, qty: 3, big: 1e15 } },
  { name: 'CRLF line breaks without Twig', input: '<p>one</p>\r\n<p>two</p>\r<p>three</p>', context: {} },
  { name: 'CRLF line breaks around tags', input: '{% if a %}\r\nyes\r\n{% endif %}\r\n{{ a }}\r\n{# c #}\r\nz', context: { a: 'A' } },
  { name: 'CRLF in a text that does not compile', input: '{% if a %}\r\n%20\r\n', context: { a: 'A' } },
  { name: 'constant branches of ?, ?: and ??', input: "{{ c ? '<b>' : '<i>' }}|{{ v ?? '<u>' }}|{{ n ?: '<s>' }}|{{ c ? '<p>' : v }}|{{ c ? v : '<q>' }}", context: { c: false, v: '<v>', n: 0 } },
  { name: 'constant in parentheses and in a concatenation', input: "{{ ('<p>') }}|{{ '<a>' ~ '<b>' }}|{{ '<c>'|upper }}", context: {} },
  { name: 'apply filter to markup', input: '{% apply upper %}<b>{{ name }}</b>{% endapply %}|{% apply spaceless %}<p> a </p>  <p>b</p>{% endapply %}', context: { name: 'j&o' } },
  { name: 'raw then another filter', input: '{{ x|raw|upper }}|{{ x|raw|e }}|{{ x|e|raw }}', context: { x: '<q>' } },
  { name: 'arithmetic with null and strings', input: "{{ missing + 1 }} {{ '5' + 1 }} {{ ' 2.5 ' * 2 }} {{ 7.5 % 2 }} {{ -7 % 3 }} {{ 2 ** 0.5 }}", context: {} },
  { name: 'arithmetic with a non-numeric string', input: "{{ 'abc' + 1 }} %21", context: {} },
  { name: 'modulo by zero', input: '{{ 5 % 0 }}', context: {} },
  {
    name: 'printing an array',
    input: '<p>{{ list }}</p>',
    context: { list: ['a', 'b'] },
    mailcoach: { output: '<p>{{ list }}</p>', why: 'PHP prints "Array" with an "Array to string conversion" warning, which Laravel rethrows' },
  },
  { name: 'comment whitespace control', input: 'a  {#- c -#}  b\n{# d #}\nc  {#~ e ~#}  d\n{#~ f ~#}\ne', context: {} },
  { name: 'replace with overlapping keys (strtr)', input: "{{ s|replace({'a': 'b', 'b': 'a', 'ab': 'X'}) }}", context: { s: 'aabbab' } },
  { name: 'rounding halves', input: "{{ 2.5|number_format }} {{ -2.5|number_format }} {{ n|number_format }} {{ 1.005|round(2) }} {{ 2.675|number_format(2) }} {{ 1234.5|number_format(0, '', ' ') }} {{ m|number_format(1) }}", context: { n: -2.5, m: -0.04 } },
  { name: 'default with false, empty list and empty hash', input: "{{ f|default('F') }} {{ l|default('L') }} {{ h|default('H') }} {{ z|default('Z') }}", context: { f: false, l: [], h: {}, z: '0' } },
  { name: 'length, first, last and capitalize of astral characters', input: '{{ s|length }} {{ s|first }} {{ s|last }} {{ t|capitalize }}', context: { s: '🚀ab😀', t: 'ébène' } },
  { name: 'trim keeps a no-break space (PHP mask)', input: '[{{ s|trim }}] [{{ r|trim("a..c") }}]', context: { s: '\u00a0 x \u00a0', r: 'abcxyzcba' } },
  { name: 'escape html_attr and css', input: "{{ v|e('html_attr') }} {{ v|e('css') }}", context: { v: 'a b&"é' } },
  { name: 'booleans from tests and loops', input: '{% for i in 1..2 %}[{{ loop.first }}{{ loop.last }}]{% endfor %} {{ name is defined }} {{ nope is defined }} {{ 1 == "1" }}', context: { name: 'x' } },
  { name: 'concatenation with null and booleans', input: "{{ 'a' ~ null ~ false ~ true ~ 1.5 }}", context: {} },
  { name: 'format filter', input: "{{ '%s has %d mails'|format(name, 3) }}", context: { name: 'Jo' } },
  {
    name: 'sort keeps its keys in Twig',
    input: '{% for k, v in l|sort %}{{ k }}{{ v }},{% endfor %}',
    context: { l: [3, 1, 2] },
    known: "Twig's sort is PHP's asort (a loop over the result sees the old keys); the emulator's gives a new list",
  },
  { name: 'array filters', input: "{{ list|reverse|join }} {{ list|sort|join }} {{ list|merge(['z'])|join }} {{ 'a,b,c'|split(',')|join('|') }} {{ hash|keys|join }}", context: { list: ['c', 'a', 'b'], hash: { x: 1, y: 2 } } },
  { name: 'hash literal order in a loop', input: "{% for k, v in {'b': 1, 'a': 2} %}{{ k }}{{ v }}{% endfor %}", context: {} },
  { name: 'numeric keys and nested lists', input: '{{ items.0 }} {{ items[1].name }} {{ matrix[1][0] }}', context: { items: ['first', { name: 'second' }], matrix: [[1, 2], [3, 4]] } },
  { name: 'macro from _self', input: "{% macro hi(n) %}Hi {{ n }}{% endmacro %}{% import _self as m %}{{ m.hi('Jo') }}", context: {} },
  { name: 'line whitespace control ~', input: '<p>  {{~ name ~}}  </p>\n  {%~ if true ~%}  x  {%~ endif ~%}  ', context: { name: 'J' } },
  { name: 'unary minus', input: '{{ -n }} {{ -(n + 1) }} {{ 1 - -n }}', context: { n: 3 } },
  { name: 'empty print tag', input: 'a{{ }}b', context: {} },
  { name: 'whitespace control next to a no-break space', input: 'a\u00a0 {{- x -}} \u00a0b\n\u00a0{%- if true -%}\f c {%- endif %}', context: { x: 'X' } },
  { name: 'PHP 8 loose comparison', input: "{{ '1' == '01' }}|{{ 'abc' == 0 }}|{{ null == false }}|{{ '10' < '9' }}|{{ s > t }}|{{ n == '' }}|{{ 'a' < 'b' }}|{{ 1.5 >= '1.5' }}|{{ true == 'x' }}|{{ 0 == '' }}", context: { s: '100', t: '20', n: null } },
  { name: 'slice of astral characters', input: '{{ s|slice(1, 2) }}|{{ s|slice(-2) }}|{{ s[0:1] }}|{{ s|slice(9) }}', context: { s: '😀ab🚀' } },

  // Errors: the decoded, mended text comes back
  { name: 'unclosed variable tag', input: '<a href="https://x.test/a%20b">{{ name </a> {{+x+}}', context: { name: 'J' } },
  { name: 'unclosed block', input: '{% if name %}<p>{{ name }}</p>%20', context: { name: 'J' } },
  { name: 'unknown filter', input: '<p>{{ name|nope }}</p> a%20b', context: { name: 'J' } },
  { name: 'unknown function', input: '<p>{{ nope(name) }}</p> a%20b', context: { name: 'J' } },
  { name: 'unknown tag', input: '<p>{% nope %}</p> a%20b {{+name+}}', context: { name: 'J' } },
  { name: 'endfor without for', input: '{{ name }}{% endfor %}%21', context: { name: 'J' } },
  { name: 'syntax error in an expression', input: '{{ name ~ }} %3D', context: { name: 'J' } },
  { name: 'include must not read files', input: "{% include 'header.html' %}{{ name }} %2F", context: { name: 'J' } },
  { name: 'include of a system file', input: "{% include '/etc/hostname' %}", context: {} },
  { name: 'source() must not read files', input: "{{ source('/etc/hostname') }}{{ name }}", context: { name: 'J' } },
  {
    name: 'source() with ignore_missing',
    input: "[{{ source('/etc/hostname', ignore_missing = true) }}]",
    context: {},
    known: 'twig.js has no named arguments: the call does not compile and the text comes back (positional source(x, true) works)',
  },
  { name: 'extends', input: "{% extends 'base.html' %}{% block body %}x{% endblock %}", context: {} },
  { name: 'division by zero', input: '{{ 1 / 0 }} %20', context: {} },
  { name: 'a method on a string context value', input: '{{ name.length }}|{{ name.toUpperCase }}', context: { name: 'Jane' } },
];
