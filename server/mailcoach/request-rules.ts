/**
 * Request rules used beyond one route file: the send's (POST /api/transactional-mails/send, which the template
 * studio checks as well) and the suppression's (which the web UI's form validates with too).
 */
import { AddressError, normalizeAddresses } from '../mail/addresses.js';
import { isRfcEmail } from '../validation/email.js';
import {
  array,
  boolean,
  custom,
  email,
  nullable,
  required,
  requiredWithout,
  requiredWithoutAll,
  string,
  type Rule,
} from '../validation/laravel-rules.js';
import type { RuleSet } from '../validation/validate.js';

export interface SendRuleDeps {
  /** True when a template has this name or uuid in the request's workspace. */
  templateExists(nameOrUuid: string): boolean;
  /** Mailer names the emulator accepts. */
  mailers: readonly string[];
}

/**
 * The rules of POST /api/transactional-mails/send, in the order of SendTransactionalMailRequest (v8 8.25.9,
 * docs/spec/mailcoach-reference.md#41-validation-v8-httpapirequestssendtransactionalmailrequestphp-8259), which is also the order of the keys in `errors`.
 */
export function sendRules(deps: SendRuleDeps): RuleSet {
  return [
    [
      'mail_name',
      [
        string,
        custom('template_exists', (value) =>
          typeof value === 'string' && deps.templateExists(value) ? null : 'The selected mail name is invalid.',
        ),
      ],
    ],
    ['subject', [nullable, string, requiredWithout('mail_name')]],
    ['html', [nullable, string, requiredWithoutAll('mail_name', 'text')]],
    ['text', [nullable, string, requiredWithoutAll('mail_name', 'html')]],
    ['replacements', [nullable, array]],
    ['replacements.*', [nullable, stringOrArray]],
    // Mailcoach has only `required` here; an array would be a 500 there, a string error here (quirks.md).
    ['from', [required, string, addressList({ strictEmails: false })]],
    ['to', [required, delimited, addressList({ strictEmails: true })]],
    ['cc', [nullable, delimited, addressList({ strictEmails: false })]],
    ['bcc', [nullable, delimited, addressList({ strictEmails: false })]],
    ['reply_to', [nullable, delimited, addressList({ strictEmails: false })]],
    ['store', [boolean]],
    ['mailer', [string, mailerRule(deps.mailers)]],
    ['attachments', [array, nullable]],
    ['attachments.*.name', [required, string]],
    ['attachments.*.content', [required, string]],
    ['attachments.*.content_type', [required, string]],
    ['attachments.*.content_id', [nullable, string]],
    ['fake', [boolean]],
  ];
}

/** Since 7.7.5 a replacement must be a string or an array; JSON numbers and booleans fail. */
const stringOrArray = custom('string_or_array', (value, { attribute }) =>
  typeof value === 'string' || (value !== null && typeof value === 'object')
    ? null
    : `${attribute} must be a string or array`,
);

/**
 * spatie/laravel-validation-rules' Delimited('string')->min(1): splits on a plain comma, trims, drops empty
 * items; its messages have no capital and no full stop.
 */
const delimited: Rule = custom('delimited', (value, { attribute }) => {
  if (typeof value !== 'string') return `${attribute} must be a string`;
  // Empty items are dropped before the items are trimmed (`a, ,b` has three), duplicates compared after.
  const items = value
    .trim()
    .split(',')
    .filter((item) => item !== '');
  if (items.length < 1) return `You must specify at least 1 ${items.length === 1 ? 'item' : 'items'}`;
  if (new Set(items.map((item) => item.trim())).size !== items.length) return 'You may not specify duplicates.';
  return null;
});

/**
 * The request's closure rule: the list must parse with AddressNormalizer (Symfony's message otherwise); for `to`,
 * each address must then pass `email:rfc,strict`. For `from`, Mailcoach has no such rule and an unparsable
 * value becomes a 500 later; we report it here as a 422 instead (quirks.md).
 */
function addressList(options: { strictEmails: boolean }): Rule {
  return custom('address_list', (value) => {
    if (typeof value !== 'string') return null;
    let addresses;
    try {
      addresses = normalizeAddresses(value);
    } catch (error) {
      if (error instanceof AddressError) return error.message;
      throw error;
    }
    if (!options.strictEmails) return null;
    const invalid = addresses.find((address) => !isRfcEmail(address.email, { strict: true }));
    return invalid === undefined ? null : `${invalid.email} is not a valid email.`;
  });
}

/** MailerConfigKeyNameRule: config mailer keys are listed bare, joined with ", " and a final " and ". */
function mailerRule(mailers: readonly string[]): Rule {
  return custom('mailer', (value) =>
    typeof value === 'string' && mailers.includes(value)
      ? null
      : `You must pass a valid mailer key. Valid values are: ${joinWithAnd(mailers)}.`,
  );
}

function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * SuppressionRequest: `reason` is not a rule, so a client cannot choose it. The web UI's POST
 * /_emulator/suppressions validates with it too.
 */
export const STORE_SUPPRESSION_RULES: RuleSet = [['email', [required, email()]]];
