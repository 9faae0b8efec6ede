/**
 * Laravel's English validation catalog (lang/en/validation.php, Laravel >= 10 wording), for the rules the
 * emulator uses. Every message the emulator shows comes from here, so a wording fix happens in one place.
 */

const MESSAGES = {
  required: 'The :attribute field is required.',
  required_without: 'The :attribute field is required when :values is not present.',
  required_without_all: 'The :attribute field is required when none of :values are present.',
  string: 'The :attribute field must be a string.',
  array: 'The :attribute field must be an array.',
  boolean: 'The :attribute field must be true or false.',
  email: 'The :attribute field must be a valid email address.',
  invalid_selection: 'The selected :attribute is invalid.',
  max_string: 'The :attribute field must not be greater than :values characters.',
  required_if: 'The :attribute field is required when :other is :value.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Validator::getDisplayableAttribute(): underscores become spaces (`attachments.0.content_type` -> `attachments.0.content type`). */
export function displayableAttribute(attribute: string): string {
  return attribute.replaceAll('_', ' ');
}

/**
 * Replaces :attribute and :values (a list of other fields, joined with " / " as Laravel's getAttributeList does),
 * and `extra` placeholders (`:other`, `:value`) as given.
 */
export function formatMessage(
  key: MessageKey,
  attribute: string,
  values: string[] = [],
  extra: Record<string, string> = {},
): string {
  let message: string = MESSAGES[key]
    .replace(':attribute', displayableAttribute(attribute))
    .replace(':values', values.map(displayableAttribute).join(' / '));
  for (const [name, value] of Object.entries(extra)) message = message.replace(`:${name}`, value);
  return message;
}
