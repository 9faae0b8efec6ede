/**
 * Mailpit's tag rules (server/mail/message-tags.ts;
 * docs/spec/mailpit-api.md#255-tags-mp-internalstoragetagsgo-internaltoolstagsgo-configconfiggo): cleaning,
 * case-insensitive de-duplication, and what a captured mail is tagged with.
 */
import { describe, expect, it } from 'vitest';
import { captureTags, cleanedTags, cleanTag, isValidTag } from '../../server/mail/message-tags.js';

const mail = (addresses: { from?: string; to?: string[]; cc?: string[]; bcc?: string[] }) => ({
  from: { name: '', email: addresses.from ?? 'app@example.com' },
  to: (addresses.to ?? []).map((email) => ({ name: '', email })),
  cc: (addresses.cc ?? []).map((email) => ({ name: '', email })),
  bcc: (addresses.bcc ?? []).map((email) => ({ name: '', email })),
});
const raw = (headers: string) => Buffer.from(`${headers}Subject: x\r\n\r\nbody X-Tags: not a header\r\n`);

describe('cleanTag and cleanedTags', () => {
  it('turns characters outside [a-zA-Z0-9- _.@] into one space, trims, and cuts at 100', () => {
    expect(cleanTag('  Bad#Tag  ')).toBe('Bad Tag');
    expect(cleanTag('a\t\n b')).toBe('a b');
    expect(cleanTag('café')).toBe('caf');
    expect(cleanTag('x'.repeat(150))).toHaveLength(100);
    expect(isValidTag('')).toBe(false);
    expect(isValidTag('ok-tag_1.@x')).toBe(true);
  });

  it('drops the empty and keeps the first spelling of tags equal but for case, in the order given', () => {
    expect(cleanedTags(['Bad#Tag', 'bad tag', '###', 'Zeta', 'alpha', 'ZETA'])).toEqual(['Bad Tag', 'Zeta', 'alpha']);
  });
});

describe('captureTags', () => {
  it('reads the X-Tags header (unfolded, RFC 2047-decoded) and the plus-addresses of To, Cc, Bcc and From', () => {
    const tags = captureTags(
      mail({ from: 'app+from@example.com', to: ['a+one+two@example.com'], cc: ['b+cc@x.test'], bcc: ['c+bcc@x.test'] }),
      raw('X-Tags: alpha,\r\n =?utf-8?q?Beta?=\r\n'),
    );
    // Byte order (Mailpit's sort.Strings): capitals first.
    expect(tags).toEqual(['Beta', 'alpha', 'bcc', 'cc', 'from', 'one', 'two']);
  });

  it('takes what lies between the first + and the next @, and nothing from an address without one', () => {
    expect(captureTags(mail({ to: ['+lead@x.test', 'a+b+@x.test', 'plain@x.test', 'a+b'] }), raw(''))).toEqual([
      'b',
      'lead',
    ]);
  });

  it('reads X-Tags in any case, and only in the header block', () => {
    expect(captureTags(mail({ to: ['jane@example.com'] }), raw('x-tags: one, One\r\n'))).toEqual(['one']);
    expect(captureTags(mail({ to: ['jane@example.com'] }), raw(''))).toEqual([]);
  });
});
