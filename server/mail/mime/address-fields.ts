/**
 * Address fields (From, To, Cc, Reply-To) as nodemailer's MimeNode encodes `{ name, address }` objects:
 * encodeHeaderValue() -> _convertAddresses(_parseAddresses(value)), with _normalizeAddress() (control characters
 * and angle brackets dropped, the local part kept as a dot-atom or quoted, the domain IDN-encoded the way
 * lib/shared normalizeDomain() does) and _encodeAddressName().
 */
import { BoundedCache } from '../../bounded-cache.js';
import { domainToASCII, domainToUnicode } from 'node:url';
import { quoteString } from 'nodemailer/lib/mime-funcs/index.js';
import { toASCII, toUnicode } from 'nodemailer/lib/punycode/index.js';
import type { MailAddress } from '../addresses.js';
import { encodeWord } from './encoded-words.js';
import { mimeWordEncoding } from './mime-word-encoding.js';

// The patterns of lib/mime-node/index.js.
const ATEXT = "[A-Za-z0-9!#$%&'*+\\-/=?^_`{|}~\\x80-\\uFFFF]";
const DOT_ATOM = new RegExp(`^${ATEXT}+(?:\\.${ATEXT}+)*$`);
const QUOTED_STRING = /^"(?:[^"\\]|\\[\s\S])*"$/;
const PLAIN_ADDRESS = /^[^\s"(),:;<>@[\\\]]+@[^\s"(),:;<>@[\\\]]+$/;
const DOMAIN_LITERAL_TAIL = /@(\[[^[\]\\]*\])$/;

/**
 * The encoded value of an address field, '' for an empty list (MimeNode then leaves the field out), or undefined
 * for an address MimeNode would hand to addressparser (an empty email), which the direct path does not mirror.
 */
export function encodeAddressList(addresses: readonly MailAddress[]): string | undefined {
  const values: string[] = [];
  for (const { name, email } of addresses) {
    if (!email) return undefined;
    const parsed = normalizeAddress(email);
    // _convertAddresses() skips an address that normalized to nothing, and normalizes the rest once more.
    if (!parsed) continue;
    const address = parsed === email ? parsed : normalizeAddress(parsed);
    if (!name) values.push(PLAIN_ADDRESS.test(address) ? address : `<${address}>`);
    else values.push(`${encodeAddressName(name)} <${address}>`);
  }
  return values.join(', ');
}

/** MimeNode._encodeAddressName(): bare when word characters and spaces, quoted when printable ASCII, else RFC 2047. */
function encodeAddressName(name: string): string {
  if (/^[\w ]*$/.test(name)) return name;
  if (/^[\x20-\x7e]*$/.test(name)) return quoteString(name);
  return encodeWord(name, mimeWordEncoding(name), 52);
}

/** MimeNode._normalizeAddress(). */
function normalizeAddress(email: string): string {
  const address = email.replace(/[\x00-\x1F\x7F<>]+/g, ' ').trim();
  if (!address) return address;
  // A domain literal is split off at the '@' in front of it, anything else at the last '@'.
  const literal = address.charAt(address.length - 1) === ']' ? DOMAIN_LITERAL_TAIL.exec(address) : null;
  const lastAt = literal ? address.length - (literal[1] as string).length - 1 : address.lastIndexOf('@');
  if (lastAt < 0) return normalizeLocalPart(address);
  const user = address.substring(0, lastAt);
  const domain = address.substring(lastAt + 1);
  // A non-ASCII local part needs SMTPUTF8 anyway, so the domain is kept (or decoded back to) Unicode.
  const smtputf8 = /[\x80-\uFFFF]/.test(user);
  let encodedDomain = domain;
  try {
    encodedDomain = normalizeDomain(domain, smtputf8);
  } catch {
    // MimeNode keeps the domain as supplied when the punycode codec throws.
  }
  return `${normalizeLocalPart(user)}@${encodedDomain}`;
}

/** MimeNode._normalizeLocalPart(): a dot-atom or a quoted-string stays, anything else is quoted. */
function normalizeLocalPart(user: string): string {
  return DOT_ATOM.test(user) || QUOTED_STRING.test(user) ? user : quoteString(user);
}

// lib/shared normalizeDomain() and its limits. lib/shared itself loads fetch, dns, net and more; this is all the
// address encoding needs of it.
const URL_PARSER_UNSAFE = /[/\\?#%\x00-\x20\x7F]/;
const MAX_DOMAIN_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;

/** A domain longer than 253 characters is not one (MAX_DOMAIN_LENGTH); with the mode's prefix, 254. */
const domainCache = new BoundedCache<string>({ maxEntries: 1_000, maxKeyLength: MAX_DOMAIN_LENGTH + 1 });

/** lib/shared normalizeDomain(), memoized: a sender's domain repeats on every mail and the URL parser is not free. */
function normalizeDomain(domain: string, toUnicodeForm: boolean): string {
  const key = `${toUnicodeForm ? 'U' : 'A'}${domain}`;
  let normalized = domainCache.get(key);
  if (normalized === undefined) {
    normalized = normalizeDomainUncached(domain, toUnicodeForm);
    domainCache.set(key, normalized);
  }
  return normalized;
}

/** UTS-46 through the URL parser when it accepts the domain, else the bundled punycode codec on the lower-cased domain. */
function normalizeDomainUncached(domain: string, toUnicodeForm: boolean): string {
  if (!URL_PARSER_UNSAFE.test(domain)) {
    const ascii = domainToASCII(domain);
    const mapped = ascii && toUnicodeForm ? domainToUnicode(ascii) : ascii;
    if (mapped) return mapped;
  }
  const lower = domain.toLowerCase();
  if (exceedsDomainLimits(lower)) return lower;
  return toUnicodeForm ? toUnicode(lower) : toASCII(lower);
}

/** lib/shared exceedsDomainLimits(): RFC 1035 bounds, in code points, with the codec's label separators. */
function exceedsDomainLimits(domain: string): boolean {
  let total = 0;
  let label = 0;
  for (const char of domain) {
    total++;
    if (char === '.' || char === '。' || char === '．' || char === '｡') label = 0;
    else if (++label > MAX_LABEL_LENGTH) return true;
  }
  return total > MAX_DOMAIN_LENGTH;
}
