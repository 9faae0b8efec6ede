/**
 * Mailcoach's AddressNormalizer (v8 Domain/TransactionalMail/Support/AddressNormalizer.php): an address list is
 * split with PHP's str_getcsv (commas separate, double quotes protect commas in names), and each item becomes a
 * Symfony Address via Address::create(), which understands `Name <addr>` and refuses anything that is not an
 * RFC 2822 addr-spec with Symfony's own message.
 */

export interface MailAddress {
  name: string;
  email: string;
}

/** Symfony's RfcComplianceException; its message becomes the field's validation error. */
export class AddressError extends Error {}

export function normalizeAddresses(value: string): MailAddress[] {
  // AddressNormalizer: nothing for an empty value; otherwise every str_getcsv item must be an address, an empty
  // one included (`a@example.com,` fails with `Email ""`).
  if (value.trim() === '') return [];
  return splitCsv(value.trim()).map(createAddress);
}

/**
 * Symfony Address::create(): `~(?<displayName>[^<]*)<(?<addrSpec>.*)>[^>]*~`, unanchored. That pattern matches
 * exactly when a `<` is followed somewhere by a `>`: the name is everything before the first `<` and the addr-spec
 * runs to the last `>`. It is written out with indexOf/lastIndexOf because the regex, tried at every start
 * position of an item without a `<`, is quadratic: a megabyte-long `to` kept the server busy for minutes.
 */
export function createAddress(item: string): MailAddress {
  const open = item.indexOf('<');
  const close = item.lastIndexOf('>');
  const bracketed = open !== -1 && close > open;
  const addrSpec = bracketed ? item.slice(open + 1, close) : item;
  const email = addrSpec.trim();
  // Address::__construct() drops CR and LF from names, so a name can never inject a header.
  // A quoted-string name keeps str_getcsv's `\"` in PHP; we unescape it, as any mail client would read it.
  const name = trimChars(bracketed ? item.slice(0, open) : '', ' \'"')
    .replace(/\\(["\\])/g, '$1')
    .replace(/[\r\n]/g, '')
    .trim();
  // Symfony quotes the address as it was given, before trimming (`Email " bob" ...` for `a@example.com, bob`).
  if (!isMessageIdAddrSpec(email))
    throw new AddressError(`Email "${addrSpec}" does not comply with addr-spec of RFC 2822.`);
  return { name, email };
}

/** egulias' MessageIDValidation, which Symfony Mime applies: dot-atoms on both sides (UTF-8 allowed), or a domain literal. */
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~\\-\\u0080-\\uFFFF]+";
const DOT_ATOM = `${ATEXT}(?:\\.${ATEXT})*`;
const ADDR_SPEC = new RegExp(`^${DOT_ATOM}@(?:${DOT_ATOM}|\\[[^\\[\\]\\\\\\s]*\\])$`, 'u');

function isMessageIdAddrSpec(email: string): boolean {
  return email.length <= 998 && ADDR_SPEC.test(email);
}

/** Formats an address for a log line or a header-free display: `Name <email>` or the bare email. */
export function formatAddress(address: MailAddress): string {
  return address.name === '' ? address.email : `${address.name} <${address.email}>`;
}

/**
 * PHP's str_getcsv($value) with its defaults (`,` delimiter, `"` enclosure, `\` escape): an enclosed part
 * loses its quotes (`""` inside is one quote, `\"` is kept as is) and whatever follows it up to the next comma
 * is appended; whitespace before an opening quote is dropped.
 */
export function splitCsv(value: string): string[] {
  const fields: string[] = [];
  let index = 0;
  while (index <= value.length) {
    let field = '';
    let cursor = index;
    while (cursor < value.length && (value[cursor] === ' ' || value[cursor] === '\t')) cursor++;
    if (value[cursor] === '"') {
      cursor++;
      while (cursor < value.length) {
        const char = value[cursor] as string;
        if (char === '\\' && value[cursor + 1] === '"') {
          field += '\\"';
          cursor += 2;
        } else if (char === '"' && value[cursor + 1] === '"') {
          field += '"';
          cursor += 2;
        } else if (char === '"') {
          cursor++;
          break;
        } else {
          field += char;
          cursor++;
        }
      }
    } else {
      cursor = index;
    }
    const next = value.indexOf(',', cursor);
    const end = next === -1 ? value.length : next;
    field += value.slice(cursor, end);
    fields.push(field);
    index = end + 1;
  }
  return fields;
}

function trimChars(value: string, chars: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && chars.includes(value.charAt(start))) start++;
  while (end > start && chars.includes(value.charAt(end - 1))) end--;
  return value.slice(start, end);
}
