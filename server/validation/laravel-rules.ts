/**
 * Validation rules with Laravel's semantics (Illuminate\Validation\Concerns\ValidatesAttributes). A rule is
 * "implicit" when it runs on absent or empty fields too (required*); a failed implicit rule stops the field.
 */
import type { Input } from './input.js';
import { isRfcEmail } from './email.js';
import { displayableAttribute, formatMessage, type MessageKey } from './messages.js';

export interface RuleContext {
  /** The whole input, for rules that look at other fields. */
  data: Input;
  /** The concrete attribute path being validated, e.g. `attachments.0.name`. */
  attribute: string;
}

export interface Rule {
  readonly name: string;
  /** Runs even when the field is absent or empty; when it fails, the field's remaining rules are skipped. */
  readonly implicit?: boolean;
  /** Returns null when the value passes, otherwise the message. */
  check(value: unknown, context: RuleContext): string | null;
}

function simpleRule(name: string, messageKey: MessageKey, passes: (value: unknown) => boolean): Rule {
  return { name, check: (value, { attribute }) => (passes(value) ? null : formatMessage(messageKey, attribute)) };
}

/** Marks a field whose null value skips the non-implicit rules. */
export const nullable: Rule = { name: 'nullable', check: () => null };

export const required: Rule = {
  name: 'required',
  implicit: true,
  check: (value, { attribute }) => (isFilled(value) ? null : formatMessage('required', attribute)),
};

export const string = simpleRule('string', 'string', (value) => typeof value === 'string');

/** PHP arrays are both lists and maps. */
export const array = simpleRule('array', 'array', (value) => value !== null && typeof value === 'object');

/** Laravel accepts exactly true, false, 1, 0, "1" and "0" (not "true"). */
export const boolean = simpleRule('boolean', 'boolean', (value) =>
  [true, false, 0, 1, '0', '1'].includes(value as never),
);

export const email = (options = { strict: false }) =>
  simpleRule('email', 'email', (value) => isRfcEmail(value, options));

/** required_without: required when any of the others is missing. */
export const requiredWithout = (...others: string[]): Rule => requiredUnlessOthers('required_without', 'some', others);

/** required_without_all: required when all of the others are missing. */
export const requiredWithoutAll = (...others: string[]): Rule =>
  requiredUnlessOthers('required_without_all', 'every', others);

function requiredUnlessOthers(
  name: 'required_without' | 'required_without_all',
  quantifier: 'some' | 'every',
  others: string[],
): Rule {
  return {
    name,
    implicit: true,
    check: (value, { data, attribute }) =>
      others[quantifier]((other) => !isFilled(dataGet(data, other))) && !isFilled(value)
        ? formatMessage(name, attribute, others)
        : null,
  };
}

/** `max:n` on a string: at most n characters (mb_strlen: code points). */
export const maxString = (max: number): Rule => ({
  name: 'max',
  check: (value, { attribute }) =>
    typeof value === 'string' && [...value].length > max ? formatMessage('max_string', attribute, [String(max)]) : null,
});

/** `in:a,b,c`: the value, as a string, is one of them. */
export const oneOf = (allowed: readonly string[]): Rule => ({
  name: 'in',
  check: (value, { attribute }) =>
    (typeof value === 'string' || typeof value === 'number') && allowed.includes(String(value))
      ? null
      : formatMessage('invalid_selection', attribute),
});

/**
 * `required_if:other,1` where `other` has a boolean rule: Laravel reads the parameter as true then, so true, 1
 * and "1" match. The message shows the other field's input as PHP prints it (`1`, `true`).
 */
export const requiredIfTruthyBoolean = (other: string): Rule => ({
  name: 'required_if',
  implicit: true,
  check: (value, { data, attribute }) => {
    const given = dataGet(data, other);
    if (![true, 1, '1'].includes(given as never) || isFilled(value)) return null;
    return formatMessage('required_if', attribute, [], {
      other: displayableAttribute(other),
      value: given === true ? 'true' : '1',
    });
  },
});

/**
 * spatie/laravel-validation-rules' Delimited: split on commas, trimmed, empty parts dropped; duplicates refused;
 * each item checked by `item` as a fresh validator would (keyed on the attribute, no custom messages).
 */
export const delimited = (item: Rule, bounds: { min?: number; max?: number } = {}): Rule => ({
  name: 'delimited',
  check: (value, context) => {
    if (typeof value !== 'string') return item.check(value, context);
    const items = value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    // The item word is pluralised from the count given, not the bound (its language file's trans_choice).
    const word = items.length === 1 ? 'item' : 'items';
    if (bounds.min !== undefined && items.length < bounds.min) return `You must specify at least ${bounds.min} ${word}`;
    if (bounds.max !== undefined && items.length > bounds.max) return `You can only specify ${bounds.max} ${word}`;
    if (new Set(items).size !== items.length) return 'You may not specify duplicates.';
    for (const part of items) {
      const message = item.check(part, context);
      if (message !== null) return message;
    }
    return null;
  },
});

/**
 * PHP truthiness, for flags a controller reads without a boolean rule (`skip_confirmation`, `strict`,
 * `append_tags`): "0", "", null, false, 0 and absence are false, everything else true, "false" included.
 */
export function phpTruthy(value: unknown): boolean {
  return !(value === undefined || value === null || value === false || value === 0 || value === '' || value === '0');
}

/** A closure rule or rule object: never implicit, its message is its own. */
export function custom(name: string, check: (value: unknown, context: RuleContext) => string | null): Rule {
  return { name, check };
}

/** Laravel's validateRequired(): null, a blank string and an empty array are missing. */
export function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** Arr::get with dot notation. */
export function dataGet(data: unknown, path: string): unknown {
  if (!path.includes('.')) {
    // Most fields are top-level: no split, no array.
    return data !== null && typeof data === 'object' && Object.hasOwn(data, path)
      ? (data as Record<string, unknown>)[path]
      : undefined;
  }
  let current: unknown = data;
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
