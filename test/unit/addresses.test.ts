/**
 * server/mail/addresses.ts: Mailcoach's AddressNormalizer (PHP str_getcsv, then Symfony Address::create for each
 * item, docs/spec/mailcoach-reference.md#41-validation-v8-httpapirequestssendtransactionalmailrequestphp-8259 "Address fields").
 */
import { describe, expect, it } from 'vitest';
import {
  AddressError,
  createAddress,
  formatAddress,
  normalizeAddresses,
  splitCsv,
} from '../../server/mail/addresses.js';

const rfcMessage = (address: string) => `Email "${address}" does not comply with addr-spec of RFC 2822.`;

function addressError(run: () => unknown): AddressError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AddressError);
    return error as AddressError;
  }
  throw new Error('expected an AddressError');
}

describe('splitCsv = PHP str_getcsv($value) with its defaults', () => {
  it('splits on every comma and keeps the items as they are (no trimming of unquoted items)', () => {
    expect(splitCsv('a@example.com')).toEqual(['a@example.com']);
    expect(splitCsv('a@example.com,b@example.com')).toEqual(['a@example.com', 'b@example.com']);
    expect(splitCsv('a@example.com, b@example.com')).toEqual(['a@example.com', ' b@example.com']);
    expect(splitCsv('a@example.com ,b@example.com ')).toEqual(['a@example.com ', 'b@example.com ']);
  });

  it('keeps empty items, including a trailing one', () => {
    expect(splitCsv('a@example.com,')).toEqual(['a@example.com', '']);
    expect(splitCsv(',')).toEqual(['', '']);
    expect(splitCsv('a,,b')).toEqual(['a', '', 'b']);
    expect(splitCsv('a, ,b')).toEqual(['a', ' ', 'b']);
  });

  it('double quotes protect commas; the quotes go, what follows the closing quote is appended', () => {
    expect(splitCsv('"Doe, Jane" <jane@example.com>')).toEqual(['Doe, Jane <jane@example.com>']);
    expect(splitCsv('"Doe, Jane" <jane@example.com>,bob@example.com')).toEqual([
      'Doe, Jane <jane@example.com>',
      'bob@example.com',
    ]);
    expect(splitCsv('"a,b,c"')).toEqual(['a,b,c']);
  });

  it('drops whitespace (spaces, tabs) before an opening quote, not before anything else', () => {
    expect(splitCsv('a@example.com,  "Doe, Jane" <jane@example.com>')).toEqual([
      'a@example.com',
      'Doe, Jane <jane@example.com>',
    ]);
    expect(splitCsv('\t"X" <x@example.com>')).toEqual(['X <x@example.com>']);
    expect(splitCsv('  Jane <jane@example.com>')).toEqual(['  Jane <jane@example.com>']);
  });

  it('reads "" inside quotes as one quote and keeps a backslash-escaped quote as written', () => {
    expect(splitCsv('"Say ""hi""" <x@example.com>')).toEqual(['Say "hi" <x@example.com>']);
    // The Symfony transport's `"Quote \"Q\" Person" <x@example.com>`: PHP keeps the backslashes.
    expect(splitCsv('"Quote \\"Q\\" Person" <x@example.com>')).toEqual(['Quote \\"Q\\" Person <x@example.com>']);
    expect(splitCsv('"Doe, Jane" <jane@example.com>,"Quote \\"Q\\" Person" <x@example.com>')).toEqual([
      'Doe, Jane <jane@example.com>',
      'Quote \\"Q\\" Person <x@example.com>',
    ]);
  });

  it('lets an unterminated quote run to the end, commas included', () => {
    expect(splitCsv('"Doe, Jane <jane@example.com>, b@example.com')).toEqual([
      'Doe, Jane <jane@example.com>, b@example.com',
    ]);
  });

  it('keeps CR and LF inside items', () => {
    expect(splitCsv('"Jane\r\nX: 1" <x@example.com>,b')).toEqual(['Jane\r\nX: 1 <x@example.com>', 'b']);
  });

  it('splits a thousand items (in linear time: linear-time.slow.test.ts)', () => {
    const items = splitCsv(Array.from({ length: 1000 }, (_, i) => `"Name, ${i}" <r${i}@example.com>`).join(', '));
    expect(items).toHaveLength(1000);
    expect(items[999]).toBe('Name, 999 <r999@example.com>');
  });
});

describe('createAddress = Symfony Address::create', () => {
  it('takes a bare address with an empty name, trimming it', () => {
    expect(createAddress('jane@example.com')).toEqual({ name: '', email: 'jane@example.com' });
    expect(createAddress('  jane@example.com ')).toEqual({ name: '', email: 'jane@example.com' });
  });

  it('understands Name <addr>, trimming spaces and quotes (double and single) from the name', () => {
    expect(createAddress('Jane Doe <jane@example.com>')).toEqual({ name: 'Jane Doe', email: 'jane@example.com' });
    expect(createAddress('"Jane Doe" <jane@example.com>')).toEqual({ name: 'Jane Doe', email: 'jane@example.com' });
    expect(createAddress("'Jane Doe' <jane@example.com>")).toEqual({ name: 'Jane Doe', email: 'jane@example.com' });
    expect(createAddress(' Jane <jane@example.com>')).toEqual({ name: 'Jane', email: 'jane@example.com' });
    expect(createAddress('<jane@example.com>')).toEqual({ name: '', email: 'jane@example.com' });
    expect(createAddress('Jane < jane@example.com >')).toEqual({ name: 'Jane', email: 'jane@example.com' });
  });

  it('keeps a comma the CSV split left inside the name', () => {
    expect(createAddress('Doe, Jane <jane@example.com>')).toEqual({ name: 'Doe, Jane', email: 'jane@example.com' });
  });

  it('ignores anything after the closing angle bracket (the pattern is unanchored)', () => {
    expect(createAddress('Jane <jane@example.com> (work)')).toEqual({ name: 'Jane', email: 'jane@example.com' });
  });

  it('keeps raw UTF-8 names as they are', () => {
    expect(createAddress('Jörg Müller <joerg@example.com>')).toEqual({
      name: 'Jörg Müller',
      email: 'joerg@example.com',
    });
    expect(createAddress('"Zoë 山田" <zoe@example.com>')).toEqual({ name: 'Zoë 山田', email: 'zoe@example.com' });
  });

  it('drops CR and LF from names, so a name can never start a header of its own', () => {
    expect(createAddress('Jane\r\nBcc: evil@example.com <jane@example.com>')).toEqual({
      name: 'JaneBcc: evil@example.com',
      email: 'jane@example.com',
    });
    expect(createAddress('"Jane\nX-Injected: 1" <jane@example.com>')).toEqual({
      name: 'JaneX-Injected: 1',
      email: 'jane@example.com',
    });
    expect(createAddress('\r\nJane\r <jane@example.com>').name).toBe('Jane');
  });

  it('unescapes the \\" that str_getcsv keeps in a quoted name (the emulator reads it as a mail client would)', () => {
    expect(createAddress('Quote \\"Q\\" Person <x@example.com>')).toEqual({
      name: 'Quote "Q" Person',
      email: 'x@example.com',
    });
  });

  it("accepts what Symfony's MessageID validation accepts: no TLD needed, domain literals", () => {
    expect(createAddress('rias@gmail').email).toBe('rias@gmail');
    expect(createAddress('x@[127.0.0.1]').email).toBe('x@[127.0.0.1]');
    expect(createAddress("o'brien+tag@example.com").email).toBe("o'brien+tag@example.com");
  });

  it("refuses anything else with Symfony's message, quoting the address as given (untrimmed)", () => {
    expect(addressError(() => createAddress('not-an-email')).message).toBe(rfcMessage('not-an-email'));
    expect(addressError(() => createAddress('')).message).toBe(rfcMessage(''));
    expect(addressError(() => createAddress(' ')).message).toBe(rfcMessage(' '));
    expect(addressError(() => createAddress(' bob')).message).toBe(rfcMessage(' bob'));
    expect(addressError(() => createAddress('Jane <>')).message).toBe(rfcMessage(''));
    expect(addressError(() => createAddress('Jane <bad>')).message).toBe(rfcMessage('bad'));
    expect(addressError(() => createAddress('Jane < bad >')).message).toBe(rfcMessage(' bad '));
    expect(addressError(() => createAddress('a b@example.com')).message).toBe(rfcMessage('a b@example.com'));
    expect(addressError(() => createAddress('a..b@example.com')).message).toBe(rfcMessage('a..b@example.com'));
    expect(addressError(() => createAddress('"quoted"@example.com')).message).toBe(rfcMessage('"quoted"@example.com'));
    expect(addressError(() => createAddress('jane@example.com jane')).message).toBe(
      rfcMessage('jane@example.com jane'),
    );
  });

  it('reports a < without a closing > as an RFC error too (Symfony throws a non-RFC exception there: a 500 in Mailcoach)', () => {
    expect(addressError(() => createAddress('Jane <jane@example.com')).message).toBe(
      rfcMessage('Jane <jane@example.com'),
    );
  });

  it('refuses an address longer than 998 characters (in linear time: linear-time.slow.test.ts)', () => {
    const long = `${'a'.repeat(1000)}@example.com`;
    expect(addressError(() => createAddress(long)).message).toBe(rfcMessage(long));
  });
});

describe('normalizeAddresses = AddressNormalizer::normalize', () => {
  it('gives no addresses for an empty value', () => {
    expect(normalizeAddresses('')).toEqual([]);
    expect(normalizeAddresses('   ')).toEqual([]);
  });

  it('parses every item of the list, in order', () => {
    expect(normalizeAddresses('Jane Doe <jane@example.com>, bob@example.com')).toEqual([
      { name: 'Jane Doe', email: 'jane@example.com' },
      { name: '', email: 'bob@example.com' },
    ]);
  });

  it("reads the Symfony transport's list format (quoted names, joined with a bare comma)", () => {
    expect(
      normalizeAddresses('"Doe, Jane" <jane@example.com>,"Quote \\"Q\\" Person" <x@example.com>,bob@example.com'),
    ).toEqual([
      { name: 'Doe, Jane', email: 'jane@example.com' },
      { name: 'Quote "Q" Person', email: 'x@example.com' },
      { name: '', email: 'bob@example.com' },
    ]);
  });

  it('trims the whole value first, then refuses an empty item (a trailing or doubled comma)', () => {
    expect(normalizeAddresses('  a@example.com  ')).toEqual([{ name: '', email: 'a@example.com' }]);
    expect(addressError(() => normalizeAddresses('a@example.com,')).message).toBe(rfcMessage(''));
    expect(addressError(() => normalizeAddresses('a@example.com,,b@example.com')).message).toBe(rfcMessage(''));
    expect(addressError(() => normalizeAddresses('a@example.com, ,b@example.com')).message).toBe(rfcMessage(' '));
    expect(addressError(() => normalizeAddresses(',')).message).toBe(rfcMessage(''));
  });

  it('stops at the first bad item and reports it as given', () => {
    expect(addressError(() => normalizeAddresses('a@example.com, bob, also-bad')).message).toBe(rfcMessage(' bob'));
  });

  it('parses a thousand named recipients (in linear time: linear-time.slow.test.ts)', () => {
    const addresses = normalizeAddresses(
      Array.from({ length: 1000 }, (_, i) => `Recipient ${i} <r${i}@example.com>`).join(', '),
    );
    expect(addresses).toHaveLength(1000);
    expect(addresses[999]).toEqual({ name: 'Recipient 999', email: 'r999@example.com' });
  });
});

describe('formatAddress', () => {
  it('writes Name <email>, or the bare email without a name', () => {
    expect(formatAddress({ name: 'Jane', email: 'jane@example.com' })).toBe('Jane <jane@example.com>');
    expect(formatAddress({ name: '', email: 'jane@example.com' })).toBe('jane@example.com');
  });
});
