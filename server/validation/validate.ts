/**
 * Runs a rule set against request input the way Laravel's Validator does: fields in rule order (wildcard
 * rules expanded after the plain ones), each field's rules in order, a field skipped while absent unless a rule is implicit, null
 * skipping non-implicit rules when the field is `nullable`, and a failed implicit rule ending that field.
 */
import { ValidationError, type FieldErrors } from '../errors.js';
import type { Input } from './input.js';
import { dataGet, type Rule } from './laravel-rules.js';

/** Field pattern (dot notation, `*` for any key) to its rules, in the order Laravel lists them. */
export type RuleSet = ReadonlyArray<readonly [pattern: string, rules: readonly Rule[]]>;

/** Returns every failure, in the order Laravel reports them; an empty object when the input passes. */
export function collectErrors(data: Input, ruleSet: RuleSet): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of compiledRuleSet(ruleSet)) {
    if (field.segments === null) {
      report(errors, field.pattern, validateAttribute(data, field.pattern, field));
      continue;
    }
    for (const attribute of expandSegments(field.segments, field.prefix, data))
      report(errors, attribute, validateAttribute(data, attribute, field));
  }
  return errors;
}

function report(errors: FieldErrors, attribute: string, messages: readonly string[]): void {
  if (messages.length > 0) errors[attribute] = [...(errors[attribute] ?? []), ...messages];
}

/** A rule set's field, with what every request would otherwise work out again from the pattern and rules. */
interface CompiledField {
  pattern: string;
  rules: readonly Rule[];
  nullable: boolean;
  /** The pattern's segments when it has a `*`, else null. */
  segments: string[] | null;
  /** The path before its first `*`: a request without an object there has nothing to expand. */
  prefix: string;
}

/**
 * ValidationRuleParser::explodeRules() removes each wildcard rule and appends its expansions at the end, so
 * every plain field is validated (and reported) before any `x.*` field. Rule sets are built once, so is this.
 * (Compiled once rather than per request: a send's 19 fields took ~28 us to validate, isolated.)
 */
const compiledRuleSets = new WeakMap<RuleSet, CompiledField[]>();

function compiledRuleSet(ruleSet: RuleSet): CompiledField[] {
  let compiled = compiledRuleSets.get(ruleSet);
  if (compiled === undefined) {
    const ordered = [...ruleSet.filter(([p]) => !p.includes('*')), ...ruleSet.filter(([p]) => p.includes('*'))];
    compiled = ordered.map(([pattern, rules]) => ({
      pattern,
      rules,
      nullable: rules.some((rule) => rule.name === 'nullable'),
      ...(pattern.includes('*') ? wildcard(pattern) : { segments: null, prefix: pattern }),
    }));
    compiledRuleSets.set(ruleSet, compiled);
  }
  return compiled;
}

/** Throws the 422 ValidationError when anything fails. */
export function validate(data: Input, ruleSet: RuleSet): void {
  const errors = collectErrors(data, ruleSet);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

const PASSED: readonly string[] = [];

function validateAttribute(data: Input, attribute: string, field: CompiledField): readonly string[] {
  const value = dataGet(data, attribute);
  const present = value !== undefined;
  let messages: string[] | null = null;
  for (const rule of field.rules) {
    if (!rule.implicit) {
      // Validator::presentOrRuleIsImplicit and isNotNullIfMarkedAsNullable.
      if (!present || (typeof value === 'string' && value.trim() === '')) continue;
      if (field.nullable && value === null) continue;
    }
    const message = rule.check(value, { data, attribute });
    if (message === null) continue;
    messages ??= [];
    messages.push(message);
    if (rule.implicit) break; // Validator::shouldStopValidating
  }
  return messages ?? PASSED;
}

/**
 * `attachments.*.name` becomes `attachments.0.name`, `attachments.1.name`... for every key present at the `*`;
 * the segments after it are kept even when absent, so that `required` can report them.
 */
export function expandWildcards(pattern: string, data: Input): string[] {
  if (!pattern.includes('*')) return [pattern];
  const { segments, prefix } = wildcard(pattern);
  return expandSegments(segments, prefix, data);
}

/** A wildcard pattern's segments, and the path before its first `*`. */
function wildcard(pattern: string): { segments: string[]; prefix: string } {
  const segments = pattern.split('.');
  return { segments, prefix: segments.slice(0, segments.indexOf('*')).join('.') };
}

function expandSegments(segments: readonly string[], prefix: string, data: Input): string[] {
  // Most requests have nothing at the first `*` (no attachments, say): no paths to build.
  const first = dataGet(data, prefix);
  if (first === null || typeof first !== 'object') return [];
  let paths: string[][] = [[]];
  for (const segment of segments) {
    if (segment !== '*') {
      paths = paths.map((path) => [...path, segment]);
      continue;
    }
    paths = paths.flatMap((path) => {
      const container = dataGet(data, path.join('.'));
      if (container === null || typeof container !== 'object') return [];
      return Object.keys(container).map((key) => [...path, key]);
    });
  }
  return paths.map((path) => path.join('.'));
}
