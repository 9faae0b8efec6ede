import { describe, expect, it } from 'vitest';
import { isRfcEmail } from '../../server/validation/email.js';

const rfc = (value: unknown) => isRfcEmail(value);
const strict = (value: unknown) => isRfcEmail(value, { strict: true });

describe('email:rfc', () => {
  it.each([
    'user@example.com',
    'first.last+tag@sub.example.co.uk',
    "o'brien@example.com",
    'user@localhost',
    '"john doe"@example.com',
    '"a@b"@example.com',
    'a@[127.0.0.1]',
    'a@[IPv6:::1]',
    'jöhn@example.com',
    'ñandú@example.com',
    'a(comment)@example.com',
    'x@y.z',
  ])('accepts %s', (value) => {
    expect(rfc(value)).toBe(true);
  });

  it.each([
    ['a display name', 'Jane <jane@x.com>'],
    ['an angle-bracketed address', '<jane@x.com>'],
    ['two dots in a row', 'a..b@x.com'],
    ['a leading dot', '.a@x.com'],
    ['a trailing dot in the local part', 'a.@x.com'],
    ['a trailing dot in the domain', 'a@x.com.'],
    ['a domain label starting with a hyphen', 'a@-x.com'],
    ['a domain label ending with a hyphen', 'a@x-.com'],
    ['an inner hyphen-led label', 'a@mail.-x.com'],
    ['a space in the local part', 'a b@x.com'],
    ['a leading space', ' a@x.com'],
    ['a trailing space', 'a@x.com '],
    ['no @', 'example.com'],
    ['an empty local part', '@x.com'],
    ['an empty domain', 'a@'],
    ['two @', 'a@b@x.com'],
    ['the empty string', ''],
    ['a comma-separated list', 'a@x.com,b@x.com'],
  ])('rejects %s (%s)', (_label, value) => {
    expect(rfc(value)).toBe(false);
  });

  it('rejects anything that is not a string', () => {
    for (const value of [null, undefined, 42, ['a@x.com'], { email: 'a@x.com' }]) expect(rfc(value)).toBe(false);
  });

  it('accepts a 998-character address and rejects a 999-character one (a long local part is only a warning)', () => {
    const at998 = `${'a'.repeat(992)}@x.com`;
    expect(at998).toHaveLength(998);
    expect(rfc(at998)).toBe(true);
    expect(rfc(`a${at998}`)).toBe(false);
  });

  it('rejects a domain over 253 bytes or a label over 63 characters, as egulias does in every mode', () => {
    const domainOf = (length: number) => {
      const labels = Array.from({ length: Math.ceil(length / 50) }, () => 'b'.repeat(49));
      return `${labels.join('.')}.com`.slice(-length).replace(/^\./, 'c');
    };
    expect(Buffer.byteLength(domainOf(253))).toBe(253);
    expect(rfc(`a@${domainOf(253)}`)).toBe(true);
    expect(rfc(`a@${domainOf(254)}`)).toBe(false);
    expect(rfc(`a@${'c'.repeat(63)}.com`)).toBe(true);
    expect(rfc(`a@${'c'.repeat(64)}.com`)).toBe(false);
    expect(rfc(`a@mail.${'c'.repeat(64)}`)).toBe(false);
    // A non-ASCII label is measured as its IDNA (punycode) form.
    expect(rfc(`a@${'ü'.repeat(40)}.com`)).toBe(true);
    expect(rfc(`a@${'ъ'.repeat(64)}.com`)).toBe(false);
  });

  it('rejects a megabyte-long candidate (in linear time: linear-time.slow.test.ts)', () => {
    expect(rfc(`${'a'.repeat(1_000_000)}@x.com`)).toBe(false);
  });
});

describe('email:rfc,strict', () => {
  it.each(['user@example.com', 'first.last+tag@sub.example.co.uk', 'jöhn@example.com', 'a@1.2.3.4', 'x@y.z'])(
    'accepts %s',
    (value) => {
      expect(strict(value)).toBe(true);
    },
  );

  it.each([
    ['a domain without a dot', 'rias@gmail'],
    ['localhost', 'user@localhost'],
    ['a comment in the local part', 'a(comment)@example.com'],
    ['a comment after the domain', 'a@example.com(comment)'],
    ['a quoted local part', '"john"@example.com'],
    ['a quoted local part with a space', '"john doe"@example.com'],
    ['an IPv4 domain literal', 'a@[127.0.0.1]'],
    ['an IPv6 domain literal', 'a@[IPv6:::1]'],
  ])('rejects %s (%s)', (_label, value) => {
    expect(rfc(value)).toBe(true);
    expect(strict(value)).toBe(false);
  });

  it('accepts a 64-byte local part and rejects a 65-byte one', () => {
    expect(strict(`${'x'.repeat(64)}@example.com`)).toBe(true);
    expect(strict(`${'x'.repeat(65)}@example.com`)).toBe(false);
    expect(rfc(`${'x'.repeat(65)}@example.com`)).toBe(true);
  });

  it('counts the local part in UTF-8 bytes', () => {
    expect(strict(`${'é'.repeat(32)}@example.com`)).toBe(true);
    expect(strict(`${'é'.repeat(33)}@example.com`)).toBe(false);
  });

  it('accepts a 63-character domain label and rejects a 64-character one', () => {
    expect(strict(`a@${'b'.repeat(63)}.com`)).toBe(true);
    expect(strict(`a@${'b'.repeat(64)}.com`)).toBe(false);
  });

  it('rejects an address longer than 254 bytes that rfc accepts (a long local part)', () => {
    const long = `${'a'.repeat(250)}@x.com`;
    expect(long.length).toBeGreaterThan(254);
    expect(rfc(long)).toBe(true);
    expect(strict(long)).toBe(false);
  });

  it('still rejects what rfc rejects', () => {
    for (const value of ['Jane <jane@x.com>', 'a..b@x.com', 'a@-x.com', 'a b@x.com', '']) {
      expect(strict(value)).toBe(false);
    }
  });
});
