/** PHP's loose comparison and numeric operands, as Twig's operators and filters apply them to values. */
import { PhpError, phpString } from './twig-php.js';
import { plain } from './twig-internals.js';

/** Twig's comparison operators, each PHP's, from the order of PHP 8's loose comparison (`<=>`). */
export const COMPARISONS = new Map<string, (order: number) => boolean | number>([
  ['==', (order) => order === 0],
  ['!=', (order) => order !== 0],
  ['<', (order) => order < 0],
  ['<=', (order) => order <= 0],
  ['>', (order) => order > 0],
  ['>=', (order) => order >= 0],
  ['<=>', (order) => order],
]);

/**
 * PHP 8's loose comparison of two scalars (-1, 0, 1): null or a bool against anything compares as bools, null
 * against a string as "", numbers and numeric strings by value, a number against another string as strings, two
 * strings byte by byte. undefined for arrays and objects (left to twig.js).
 */
export function phpLooseCompare(a: unknown, b: unknown): number | undefined {
  const scalar = (value: unknown) =>
    value === undefined || value === null || ['string', 'number', 'boolean'].includes(typeof value);
  if (!scalar(a) || !scalar(b)) return undefined;
  const left = a ?? null;
  const right = b ?? null;
  const sign = (x: number) => (x < 0 ? -1 : x > 0 ? 1 : 0);
  if ((left === null && typeof right === 'string') || (right === null && typeof left === 'string')) {
    return compareBytes(left === null ? '' : (left as string), right === null ? '' : (right as string));
  }
  if (typeof left === 'boolean' || typeof right === 'boolean' || left === null || right === null) {
    return sign(Number(phpTruthy(left)) - Number(phpTruthy(right)));
  }
  const numeric = (value: unknown) => typeof value === 'number' || (typeof value === 'string' && NUMERIC.test(value));
  if (numeric(left) && numeric(right))
    return sign(
      Number(typeof left === 'string' ? left.trim() : left) - Number(typeof right === 'string' ? right.trim() : right),
    );
  return compareBytes(phpString(left), phpString(right));
}

function phpTruthy(value: unknown): boolean {
  return !(value === null || value === false || value === 0 || value === '' || value === '0' || Number.isNaN(value));
}

/** strcmp()'s order: by UTF-8 bytes. */
function compareBytes(a: string, b: string): number {
  return Math.sign(Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
}

/** PHP's numeric strings: whitespace, a sign, digits with a point, an exponent, trailing whitespace. */
export const NUMERIC = /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

/** An operand of PHP arithmetic: null and false are 0, true 1, a numeric string its number; anything else throws. */
export function phpNumeric(value: unknown): number {
  const operand = plain(value);
  if (operand === undefined || operand === null || operand === false) return 0;
  if (operand === true) return 1;
  if (typeof operand === 'number') return operand;
  if (typeof operand === 'string') {
    if (NUMERIC.test(operand)) return Number(operand.trim());
    throw new PhpError('Unsupported operand types');
  }
  throw new PhpError('Unsupported operand types');
}
