/**
 * The inbox's query parameters (messages and wait-for): the search text, and integers within bounds (page,
 * per_page, count, timeout_ms). A value of another shape is a 422 on its field.
 */
import { ValidationError } from '../errors.js';
import type { Input } from '../validation/input.js';

export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 500;

function invalid(message: string, field = 'query'): ValidationError {
  return new ValidationError({ [field]: [message] });
}

/** The query parameter as text: absent or empty is null (no filter); anything but a string is a 422. */
export function readQuery(input: Input): string | null {
  const query = input.query;
  if (query === undefined || query === null) return null;
  if (typeof query !== 'string') throw invalid('The query field must be a string.');
  return query;
}

export interface IntegerOptions {
  min: number;
  max: number;
  fallback: number;
}

/** An integer parameter within [min, max]; the fallback when absent. Anything else is a 422 on that field. */
export function readInteger(input: Input, name: string, options: IntegerOptions): number {
  const raw = input[name];
  if (raw === undefined || raw === null) return options.fallback;
  const label = name.replaceAll('_', ' ');
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : '';
  if (!/^[+-]?\d+$/.test(text)) throw invalid(`The ${label} field must be an integer.`, name);
  const value = Number(text);
  if (value < options.min || value > options.max) {
    throw invalid(`The ${label} field must be between ${options.min} and ${options.max}.`, name);
  }
  return value;
}
