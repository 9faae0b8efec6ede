/**
 * POST /api/transactional-mails/send validation of the addresses, over HTTP (docs/spec/mailcoach-reference.md#41-validation-v8-httpapirequestssendtransactionalmailrequestphp-8259;
 * decisions.md "Validation rules, field order and message wording"): from, to, cc, bcc and reply_to, every message
 * with its exact text, what an accepted address becomes in the mail, and that a refused send captures nothing and
 * records nothing.
 *
 * Fixtures (test/fixtures): templates `welcome` (uuid 7c6b5a49-...), `password-reset`, `Order-Shipped`;
 * jane@example.com is suppressed, so accepted sends here go to other addresses.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { rfc } from '../support/expected.js';
import { BASE, sendValidation } from '../support/send-validation.js';

const emulator = useEmulator();
const { sendForm, refusedJson, expectStored, storedJson, lastParsed } = sendValidation(emulator);

describe('from', () => {
  it("an unparsable from is a 422 with Symfony's message (Mailcoach itself would answer 500)", async () => {
    await refusedJson({ ...BASE, from: 'x' }, { from: [rfc('x')] });
    await refusedJson({ ...BASE, from: 'Shop <not an address>' }, { from: [rfc('not an address')] });
    await refusedJson({ ...BASE, from: 'shop@example.com,' }, { from: [rfc('')] });
  });

  it('a non-string from: "The from field must be a string."', async () => {
    await refusedJson({ ...BASE, from: ['shop@example.com'] }, { from: ['The from field must be a string.'] });
    await refusedJson({ ...BASE, from: 42 }, { from: ['The from field must be a string.'] });
  });

  it('Name <addr>, a quoted name and no-TLD addresses are accepted (no strict check on from)', async () => {
    await storedJson({ ...BASE, from: 'Acme Support <support@example.com>' });
    expect((await lastParsed()).parsed.from?.value).toEqual([{ name: 'Acme Support', address: 'support@example.com' }]);
    await storedJson({ ...BASE, from: '"Acme, Inc." <support@example.com>' });
    expect((await lastParsed()).parsed.from?.value).toEqual([{ name: 'Acme, Inc.', address: 'support@example.com' }]);
    await storedJson({ ...BASE, from: 'rias@gmail' });
    expect((await lastParsed()).message.envelopeFrom).toBe('rias@gmail');
  });
});

describe('to', () => {
  it('a JSON array, number or object: "to must be a string"', async () => {
    await refusedJson({ ...BASE, to: ['jane.doe@example.com'] }, { to: ['to must be a string'] });
    await refusedJson({ ...BASE, to: 5 }, { to: ['to must be a string'] });
    await refusedJson({ ...BASE, to: { email: 'jane.doe@example.com' } }, { to: ['to must be a string'] });
  });

  it('" , ": "You must specify at least 1 items", then the empty item fails to parse', async () => {
    await refusedJson({ ...BASE, to: ' , ' }, { to: ['You must specify at least 1 items', rfc('')] });
  });

  it('duplicates: "You may not specify duplicates." (case-sensitive, after trimming items)', async () => {
    await refusedJson(
      { ...BASE, to: 'jane.doe@example.com, jane.doe@example.com' },
      { to: ['You may not specify duplicates.'] },
    );
    await refusedJson(
      { ...BASE, to: 'a@example.com,b@example.com, a@example.com' },
      { to: ['You may not specify duplicates.'] },
    );
  });

  it('Delimited splits on every comma, quotes or not: two quoted names sharing the part before a comma are "duplicates"', async () => {
    await refusedJson(
      { ...BASE, to: '"Doe, Jane" <jane.doe@example.com>,"Doe, John" <john.doe@example.com>' },
      {
        to: ['You may not specify duplicates.'],
      },
    );
    await storedJson({ ...BASE, to: '"Doe, Jane" <jane.doe@example.com>,"Roe, John" <john.roe@example.com>' });
  });

  it("an unparsable item: Symfony's RFC 2822 message, with the item as given", async () => {
    await refusedJson({ ...BASE, to: 'not-an-email' }, { to: [rfc('not-an-email')] });
    await refusedJson({ ...BASE, to: 'jane.doe@example.com, bob' }, { to: [rfc(' bob')] });
    await refusedJson({ ...BASE, to: 'Jane <jane.doe@example>com>' }, { to: [rfc('jane.doe@example>com')] });
  });

  it('a trailing or doubled comma leaves an empty item, which fails to parse', async () => {
    await refusedJson({ ...BASE, to: 'jane.doe@example.com,' }, { to: [rfc('')] });
    await refusedJson({ ...BASE, to: 'jane.doe@example.com,,bob@example.com' }, { to: [rfc('')] });
  });

  it('each address must pass email:rfc,strict: "rias@gmail is not a valid email."', async () => {
    await refusedJson({ ...BASE, to: 'rias@gmail' }, { to: ['rias@gmail is not a valid email.'] });
    await refusedJson(
      { ...BASE, to: 'Rias <rias@gmail>, bob@example.com' },
      { to: ['rias@gmail is not a valid email.'] },
    );
  });

  it('Name <addr> and bare addresses, comma-separated', async () => {
    await storedJson({ ...BASE, to: 'Jane Doe <jane.doe@example.com>, bob@example.com' });
    expect((await lastParsed()).parsed.to).toMatchObject({
      value: [
        { name: 'Jane Doe', address: 'jane.doe@example.com' },
        { name: '', address: 'bob@example.com' },
      ],
    });
  });

  it('a quoted name may contain a comma', async () => {
    await storedJson({ ...BASE, to: '"Doe, Jane" <jane.doe@example.com>' });
    expect((await lastParsed()).parsed.to).toMatchObject({
      value: [{ name: 'Doe, Jane', address: 'jane.doe@example.com' }],
    });
  });

  it('raw UTF-8 names are accepted (JSON and form)', async () => {
    await storedJson({ ...BASE, to: 'Jörg Müller <joerg@example.com>' });
    expect((await lastParsed()).parsed.to).toMatchObject({
      value: [{ name: 'Jörg Müller', address: 'joerg@example.com' }],
    });
    await expectStored(() =>
      sendForm('mail_name=welcome&from=shop%40example.com&to=J%C3%B6rg+M%C3%BCller+%3Cjoerg%40example.com%3E'),
    );
    expect((await lastParsed()).parsed.to).toMatchObject({
      value: [{ name: 'Jörg Müller', address: 'joerg@example.com' }],
    });
  });
});

describe('cc, bcc, reply_to', () => {
  it('accept rias@gmail (no strict check) and names', async () => {
    await storedJson({ ...BASE, cc: 'rias@gmail', bcc: 'Rias <rias@gmail>', reply_to: 'rias@gmail' });
    const { message, parsed } = await lastParsed();
    expect(message.envelopeTo).toEqual(['jane.doe@example.com', 'rias@gmail', 'rias@gmail']);
    expect(parsed.replyTo?.value).toEqual([{ name: '', address: 'rias@gmail' }]);
  });

  it('"" is absent', async () => {
    await storedJson({ ...BASE, cc: '', bcc: '', reply_to: '' });
  });

  it("unparsable items: Symfony's message under each field", async () => {
    await refusedJson(
      { ...BASE, cc: 'bad', bcc: 'Erin <also bad>', reply_to: 'support@example.com,' },
      {
        cc: [rfc('bad')],
        bcc: [rfc('also bad')],
        reply_to: [rfc('')],
      },
    );
  });

  it('the Delimited messages: not a string, no items, duplicates', async () => {
    await refusedJson(
      { ...BASE, cc: ['c@example.com'], bcc: 7, reply_to: ' , ' },
      {
        cc: ['cc must be a string'],
        bcc: ['bcc must be a string'],
        reply_to: ['You must specify at least 1 items', rfc('')],
      },
    );
    await refusedJson({ ...BASE, bcc: 'b@example.com, b@example.com' }, { bcc: ['You may not specify duplicates.'] });
  });
});
