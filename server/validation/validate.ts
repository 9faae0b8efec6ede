/**
 * Runs a rule set against request input the way Laravel's Validator does: fields in rule order (wildcard
 * rules expanded after the plain ones), each field's rules in order, a field skipped while absent unless a rule is implicit, null
 * skipping non-implicit rules when the field is `nullable`, and a failed implicit rule ending that field.
 */
import { ValidationError, type FieldErrors } from '../errors.js';
import type { Input } from './input.js';
import { dataGet, type Rule } from './rules.js';

/** Field pattern (dot notation, `*` for any key) to its rules, in the order Laravel lists them. */
export type RuleSet = ReadonlyArray<readonly [pattern: string, rules: readonly Rule[]]>;

/** Returns every failure, in the order Laravel reports them; an empty object when the input passes. */
export function collectErrors(data: Input, ruleSet: RuleSet): FieldErrors {
  const errors: FieldErrors = {};
  for (const [pattern, rules] of inLaravelOrder(ruleSet)) {
    for (const attribute of expandWildcards(pattern, data)) {
      const messages = validateAttribute(data, attribute, rules);
      if (messages.length > 0) errors[attribute] = [...(errors[attribute] ?? []), ...messages];
    }
  }
  return errors;
}

/**
 * ValidationRuleParser::explodeRules() removes each wildcard rule and appends its expansions at the end, so
 * every plain field is validated (and reported) before any `x.*` field. Rule sets are built once, so is this.
 */
const orderedRuleSets = new WeakMap<RuleSet, RuleSet>();

function inLaravelOrder(ruleSet: RuleSet): RuleSet {
  let ordered = orderedRuleSets.get(ruleSet);
  if (ordered === undefined) {
    ordered = [...ruleSet.filter(([p]) => !p.includes('*')), ...ruleSet.filter(([p]) => p.includes('*'))];
    orderedRuleSets.set(ruleSet, ordered);
  }
  return ordered;
}

/** Throws the 422 ValidationError when anything fails. */
export function validate(data: Input, ruleSet: RuleSet): void {
  const errors = collectErrors(data, ruleSet);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

function validateAttribute(data: Input, attribute: string, rules: readonly Rule[]): string[] {
  const value = dataGet(data, attribute);
  const present = value !== undefined;
  const isNullable = rules.some((rule) => rule.name === 'nullable');
  const messages: string[] = [];
  for (const rule of rules) {
    if (!rule.implicit) {
      // Validator::presentOrRuleIsImplicit and isNotNullIfMarkedAsNullable.
      if (!present || (typeof value === 'string' && value.trim() === '')) continue;
      if (isNullable && value === null) continue;
    }
    const message = rule.check(value, { data, attribute });
    if (message === null) continue;
    messages.push(message);
    if (rule.implicit) break; // Validator::shouldStopValidating
  }
  return messages;
}

/**
 * `attachments.*.name` becomes `attachments.0.name`, `attachments.1.name`... for every key present at the `*`;
 * the segments after it are kept even when absent, so that `required` can report them.
 */
export function expandWildcards(pattern: string, data: Input): string[] {
  if (!pattern.includes('*')) return [pattern];
  const segments = pattern.split('.');
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
