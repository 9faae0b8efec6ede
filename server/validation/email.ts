/**
 * Laravel's `email:rfc` and `email:rfc,strict` rules, which use egulias/EmailValidator's RFCValidation and
 * NoRFCWarningsValidation. The RFC 5322 grammar comes from the email-addresses parser; the checks egulias adds on
 * top (hyphenated labels are errors; comments, quoted local parts, domain literals, a domain without a dot and
 * over-long parts are warnings, which `strict` refuses) are written out below.
 */
import { domainToASCII } from 'node:url';
import parseAddresses from 'email-addresses';

/**
 * Our own bound, not egulias': RFC 5322 caps a line at 998 characters, and parsing a megabyte-long candidate
 * would take seconds. Longer values are invalid (recorded in server/mailcoach/quirks.md).
 */
const MAX_CANDIDATE_LENGTH = 998;

/**
 * ASCII dot-atom local part and a hostname of letter/digit labels (inner hyphens only): always valid under the
 * grammar, so these skip the parser. Anything else (quotes, comments, UTF-8, literals, errors) takes the slow path.
 */
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const PLAIN_ADDRESS = new RegExp(`^(${ATOM}(?:\\.${ATOM})*)@(${LABEL}(?:\\.${LABEL})*)$`);

export interface EmailRuleOptions {
  strict: boolean;
}

export function isRfcEmail(value: unknown, options: EmailRuleOptions = { strict: false }): boolean {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_CANDIDATE_LENGTH) return false;
  if (value.trim() !== value) return false;
  const plain = PLAIN_ADDRESS.exec(value);
  if (plain !== null) {
    // The everyday shape needs no full RFC 5322 parse (which costs most of a send's validation time).
    if (!domainFits(plain[2] as string)) return false;
    return options.strict ? hasNoRfcWarnings(value, plain[1] as string, plain[2] as string) : true;
  }
  const parsed = parseAddresses({ input: value, startAt: 'mailbox', rfc6532: true, rejectTLD: false });
  const mailbox = parsed?.addresses[0];
  if (mailbox?.type !== 'mailbox' || mailbox.node?.children[0]?.name !== 'addr-spec') return false;
  const domain = mailbox.domain;
  if (!domain.startsWith('[') && domain.split('.').some((label) => label.startsWith('-') || label.endsWith('-'))) {
    return false;
  }
  if (!domainFits(domain)) return false;
  return options.strict ? hasNoRfcWarnings(value, mailbox.local, domain) : true;
}

/** The longest domain, in bytes, and domain label egulias accepts (DOMAIN_MAX_LENGTH, LABEL_MAX_LENGTH). */
const MAX_DOMAIN_BYTES = 253;
const MAX_LABEL_LENGTH = 63;

/**
 * egulias' DomainTooLong and LabelTooLong are errors in every mode (DomainPart.php since v3), unlike the local
 * part's length, a warning. A non-ASCII label is measured as its IDNA form (idn_to_ascii there).
 */
function domainFits(domain: string): boolean {
  if (Buffer.byteLength(domain) > MAX_DOMAIN_BYTES) return false;
  if (domain.startsWith('[')) return true;
  return domain.split('.').every((label) => {
    if (label.length <= MAX_LABEL_LENGTH && /^[\x00-\x7f]*$/.test(label)) return true;
    if (/^[\x00-\x7f]*$/.test(label)) return false;
    return domainToASCII(label).length <= MAX_LABEL_LENGTH;
  });
}

function hasNoRfcWarnings(value: string, local: string, domain: string): boolean {
  const hasComment = value.includes('(');
  // `local` is the parser's semantic value, quotes already removed; any `"` in an addr-spec is a quoted string.
  const hasQuotedLocal = value.includes('"');
  const isDomainLiteral = domain.startsWith('[');
  const hasTld = domain.includes('.');
  const labelsFit = domain.split('.').every((label) => label.length <= 63);
  const lengthsFit = Buffer.byteLength(local) <= 64 && Buffer.byteLength(value) <= 254;
  return !hasComment && !hasQuotedLocal && !isDomainLiteral && hasTld && labelsFit && lengthsFit;
}
