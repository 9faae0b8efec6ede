/** Mailcoach's placeholder rules (docs/spec/mailcoach-reference.md#44-templates-at-send-time-v8-mailsconcernsusesmailcoachtemplatephp-actionsrendertemplateactionphp): `::key::` for string values, and the Twig context. */

export type Replacements = Record<string, unknown>;

/** `str_replace("::key::", value)` for every string value in order; array values are skipped. */
export function replacePlaceholders(text: string, replacements: Replacements): string {
  let out = text;
  for (const [key, value] of Object.entries(replacements)) {
    if (typeof value === 'string' && out.includes(`::${key}::`)) out = out.replaceAll(`::${key}::`, () => value);
  }
  return out;
}

/**
 * RenderTemplateAction::handleReplacements, for a template's body: every value that is no array replaces its
 * `::key::`, a null (what Laravel's ConvertEmptyStringsToNull makes of `""`) as the empty string, as str_replace
 * does. (The subject, UsesMailcoachTemplate::setSubject, takes strings only: replacePlaceholders.)
 */
export function replaceBodyPlaceholders(text: string, replacements: Replacements): string {
  let out = text;
  for (const [key, value] of Object.entries(replacements)) {
    const replacement = value === null ? '' : typeof value === 'string' ? value : undefined;
    if (replacement !== undefined && out.includes(`::${key}::`)) out = out.replaceAll(`::${key}::`, () => replacement);
  }
  return out;
}

/** Arr::undot(): `{"a.b": 1}` becomes `{"a": {"b": 1}}`, so Twig can read `{{ a.b }}`. */
export function undot(replacements: Replacements): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(replacements)) {
    const segments = key.split('.');
    let container = result;
    for (const segment of segments.slice(0, -1)) {
      const next = container[segment];
      if (next === null || typeof next !== 'object' || Array.isArray(next)) container[segment] = {};
      container = container[segment] as Record<string, unknown>;
    }
    container[segments.at(-1) as string] = value;
  }
  return result;
}
