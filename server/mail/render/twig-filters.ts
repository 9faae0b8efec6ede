/** Twig 3's filters where twig.js's answer otherwise, and Twig's safe-markup rule for every filter's result. */
import {
  escapeHtml,
  httpBuildQuery,
  mbTitleCase,
  phpEntries,
  PhpError,
  phpJsonEncode,
  phpNl2br,
  phpString,
  phpTrim,
  rawUrlEncode,
  twigJoin,
} from './twig-php.js';
import { type Filter, isMarkup, plain, text, type TwigInternals } from './twig-internals.js';
import { NUMERIC, phpNumeric } from './twig-php-values.js';

/** Filters that give safe markup in Twig 3 (is_safe html): their results are not escaped again. */
const SAFE_FILTERS = new Set(['raw', 'escape', 'e', 'nl2br', 'spaceless']);

export function installFilters(twig: TwigInternals, markup: (content: string) => unknown): void {
  const { filters } = twig;
  // Twig 3: a filter is given markup as a plain string, and its result is escaped when printed unless it is safe.
  for (const [name, filter] of Object.entries(filters)) {
    if (SAFE_FILTERS.has(name)) continue;
    filters[name] = function (this: unknown, value: unknown, params?: unknown[]) {
      const result = filter.call(this, plain(value), params);
      return plain(result);
    };
  }
  const sliceArray = filters.slice as Filter;
  const strings: Record<string, Filter> = {
    upper: (value) => (value === undefined || value === null ? '' : text(value).toUpperCase()),
    lower: (value) => (value === undefined || value === null ? '' : text(value).toLowerCase()),
    title: (value) => mbTitleCase(text(value ?? '')),
    capitalize: (value) => {
      const [first = '', ...rest] = text(value ?? '');
      return first.toUpperCase() + rest.join('').toLowerCase();
    },
    trim: (value, params) => {
      const side = params?.[1] === undefined || params[1] === null ? 'both' : text(params[1]);
      if (side !== 'both' && side !== 'left' && side !== 'right')
        throw new PhpError('Trimming side must be "left", "right" or "both".');
      const mask = params?.[0] === undefined || params[0] === null ? undefined : text(params[0]);
      return phpTrim(text(value ?? ''), mask, side);
    },
    join: (value, params) =>
      twigJoin(
        plain(value),
        text(params?.[0] ?? ''),
        params?.[1] === undefined || params[1] === null ? undefined : text(params[1]),
      ),
    url_encode: (value) => {
      const input = plain(value);
      if (input !== null && typeof input === 'object') return httpBuildQuery(input);
      return rawUrlEncode(text(input ?? ''));
    },
    json_encode: (value) => phpJsonEncode(plain(value)),
    slice: function (this: unknown, value, params) {
      const input = plain(value);
      if (input === undefined || input === null || typeof input === 'object')
        return sliceArray.call(this, input, params);
      // mb_substr(): by characters, not UTF-16 units.
      const chars = [...phpString(input)];
      const start = params?.[0] === undefined || params[0] === null ? 0 : Math.trunc(phpNumeric(params[0]));
      const length = params?.[1] === undefined || params[1] === null ? null : Math.trunc(phpNumeric(params[1]));
      const from = start < 0 ? Math.max(0, chars.length + start) : start;
      const to = length === null ? chars.length : length < 0 ? chars.length + length : from + length;
      return from >= chars.length || to <= from ? '' : chars.slice(from, to).join('');
    },
    length: (value) => {
      const input = plain(value);
      if (input === undefined || input === null) return 0;
      if (Array.isArray(input)) return input.length;
      if (typeof input === 'object') return phpEntries(input).length;
      return [...phpString(input)].length;
    },
    first: (value) => edge(plain(value), 'first'),
    last: (value) => edge(plain(value), 'last'),
    default: (value, params) => (isTwigEmpty(plain(value)) ? (params?.[0] ?? '') : value),
    replace: (value, params) => {
      const pairs = plain(params?.[0]);
      if (pairs === null || typeof pairs !== 'object')
        throw new PhpError('The "replace" filter expects an array or "Traversable" as replace values.');
      return strtr(
        text(value ?? ''),
        phpEntries(pairs).map(([from, to]) => [from, text(to ?? '')] as const),
      );
    },
    round: (value, params) => {
      const precision = params?.[0] === undefined ? 0 : phpNumeric(params[0]);
      const method = params?.[1] === undefined ? 'common' : text(params[1]);
      const number = phpNumeric(value);
      if (method === 'common') return phpRound(number, precision);
      if (method !== 'ceil' && method !== 'floor')
        throw new PhpError('The round filter only supports the "common", "ceil", and "floor" methods.');
      return Math[method](number * 10 ** precision) / 10 ** precision;
    },
    number_format: (value, params) => {
      const decimals = params?.[0] === undefined || params[0] === null ? 0 : Math.trunc(phpNumeric(params[0]));
      const point = params?.[1] === undefined || params[1] === null ? '.' : text(params[1]);
      const separator = params?.[2] === undefined || params[2] === null ? ',' : text(params[2]);
      return numberFormat(phpFloatCast(plain(value)), decimals, point, separator);
    },
  };
  for (const [name, filter] of Object.entries(strings)) filters[name] = filter;

  // twig.js sorts and reverses the context's own arrays in place; Twig works on copies.
  const sort = filters.sort as Filter;
  filters.sort = function (this: unknown, value, params) {
    const input = plain(value);
    if (Array.isArray(input)) return [...input].sort(phpCompare);
    if (input !== null && typeof input === 'object') return sort.call(this, { ...input }, params);
    return sort.call(this, input, params);
  };
  filters.reverse = (value) => {
    const input = plain(value);
    if (input === undefined || input === null) return input;
    if (Array.isArray(input)) return [...input].reverse();
    if (typeof input === 'object') {
      const entries = phpEntries(input).reverse();
      return Object.assign(Object.fromEntries(entries), { _keys: entries.map(([key]) => key) });
    }
    return [...phpString(input)].reverse().join('');
  };

  // Safe filters (their results are not escaped again).
  filters.raw = (value) => {
    if (isMarkup(value)) return value;
    if (typeof value === 'string') return markup(value);
    if (value === undefined || value === null || typeof value === 'boolean' || typeof value === 'number')
      return markup(phpString(value));
    return value;
  };
  // spaceless: pre-escaped, then trim(preg_replace('/>\s+</', '><', ...)), safe.
  filters.spaceless = (value) =>
    markup(
      phpTrim(
        (isMarkup(value) ? value.valueOf() : escapeHtml(text(value ?? ''))).replace(/>[ \t\n\x0B\f\r]+</g, '><'),
        undefined,
        'both',
      ),
    );
  filters.nl2br = (value) => markup(phpNl2br(isMarkup(value) ? value.valueOf() : escapeHtml(text(value ?? ''))));
  const escapeFilter = filters.escape as Filter;
  const escapeScalar: Filter = function (this: unknown, value, params) {
    const input = typeof value === 'boolean' || typeof value === 'number' ? phpString(value) : value;
    return escapeFilter.call(this, input, params);
  };
  filters.escape = escapeScalar;
  filters.e = escapeScalar;
}

/** twig_test_empty: '', null, false and an empty array (a hash too: PHP has one array type); 0 is not empty. */
function isTwigEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object' && !(value instanceof String)) return phpEntries(value).length === 0;
  return false;
}

/** Twig's `first` and `last`: of a string its first or last character (not UTF-16 unit), of an array its value. */
function edge(value: unknown, which: 'first' | 'last'): unknown {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object') {
    const values = phpEntries(value).map(([, item]) => item);
    return which === 'first' ? values[0] : values.at(-1);
  }
  const chars = [...phpString(value)];
  return (which === 'first' ? chars[0] : chars.at(-1)) ?? '';
}

/** PHP's strtr($text, $pairs): one pass, the longest key first at each position; empty keys are ignored. */
function strtr(input: string, pairs: ReadonlyArray<readonly [string, string]>): string {
  const keys = pairs.filter(([from]) => from !== '').sort((a, b) => b[0].length - a[0].length);
  if (keys.length === 0) return input;
  let out = '';
  let i = 0;
  outer: while (i < input.length) {
    for (const [from, to] of keys) {
      if (input.startsWith(from, i)) {
        out += to;
        i += from.length;
        continue outer;
      }
    }
    out += input[i];
    i++;
  }
  return out;
}

/** PHP 8's `<=>` for the values of a list (sort): numbers and numeric strings by value, other strings by bytes. */
function phpCompare(a: unknown, b: unknown): number {
  const numeric = (value: unknown) => typeof value === 'number' || (typeof value === 'string' && NUMERIC.test(value));
  if (numeric(a) && numeric(b)) return Math.sign(Number(a) - Number(b));
  const left = phpString(a);
  const right = phpString(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** (float) $value: a number, or the numeric prefix of a string (0 without one). */
function phpFloatCast(value: unknown): number {
  if (typeof value === 'number') return value;
  if (value === true) return 1;
  if (typeof value === 'string') {
    const prefix = /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(value);
    return prefix === null ? 0 : Number(prefix[0].trim());
  }
  return 0;
}

/** PHP 8.2's round() (_php_math_round, half away from zero, with its pre-rounding to 15 significant digits). */
function phpRound(value: number, places: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  places = Math.trunc(places);
  const helper = (x: number) => (x >= 0 ? Math.floor(x + 0.5) : Math.ceil(x - 0.5));
  const pow10 = (power: number) => 10 ** power;
  const precisionPlaces = 14 - Math.floor(Math.log10(Math.abs(value)));
  const f1 = pow10(Math.abs(places));
  let tmp: number;
  if (precisionPlaces > places && precisionPlaces - 15 < places) {
    let usePrecision = Math.max(-60, precisionPlaces);
    tmp = helper(usePrecision >= 0 ? value * pow10(usePrecision) : value / pow10(-usePrecision));
    usePrecision = Math.max(-60, places - usePrecision);
    tmp = tmp / pow10(Math.abs(usePrecision));
  } else {
    tmp = places >= 0 ? value * f1 : value / f1;
    if (Math.abs(tmp) >= 1e15) return value;
  }
  tmp = helper(tmp);
  return places > 0 ? tmp / f1 : tmp * f1;
}

/** PHP's number_format(): round() to `decimals`, then the integer part in groups of three. */
function numberFormat(value: number, decimals: number, point: string, separator: string): string {
  const places = Math.max(0, decimals);
  const rounded = phpRound(value, places);
  const negative = rounded < 0;
  const [integer = '0', fraction = ''] = Math.abs(rounded).toFixed(places).split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  const result = places > 0 ? `${grouped}${point}${fraction}` : grouped;
  return negative && /[1-9]/.test(result) ? `-${result}` : result;
}
