import { describe, expect, it, vi } from 'vitest';
import { ValidationError } from '../../server/errors.js';
import type { Input } from '../../server/validation/input.js';
import { displayableAttribute, formatMessage } from '../../server/validation/messages.js';
import {
  array,
  boolean,
  custom,
  dataGet,
  email,
  isFilled,
  nullable,
  required,
  requiredWithout,
  requiredWithoutAll,
  string,
  type Rule,
} from '../../server/validation/laravel-rules.js';
import { collectErrors, expandWildcards, validate, type RuleSet } from '../../server/validation/validate.js';

/** The send endpoint's rules (docs/spec/mailcoach-reference.md#41-validation-v8-httpapirequestssendtransactionalmailrequestphp-8259), minus the address and database rules. */
const SEND_RULES: RuleSet = [
  ['mail_name', [string]],
  ['subject', [nullable, string, requiredWithout('mail_name')]],
  ['html', [nullable, string, requiredWithoutAll('mail_name', 'text')]],
  ['text', [nullable, string, requiredWithoutAll('mail_name', 'html')]],
  ['replacements', [nullable, array]],
  ['from', [required]],
  ['to', [required]],
  ['store', [boolean]],
  ['attachments', [array, nullable]],
  ['attachments.*.name', [required, string]],
  ['attachments.*.content', [required, string]],
  ['attachments.*.content_type', [required, string]],
  ['attachments.*.content_id', [nullable, string]],
  ['fake', [boolean]],
];

const VALID = { subject: 'Hi', html: '<p>x</p>', from: 'a@b.c', to: 'c@d.e' };
const errorsFor = (data: Input, rules: RuleSet = SEND_RULES) => collectErrors(data, rules);
const single = (rules: Rule[], data: Input) => collectErrors(data, [['field', rules]]).field;

describe('collectErrors: order', () => {
  it('reports the five missing fields of {} in rule order with the reference wording', () => {
    expect(errorsFor({})).toEqual({
      subject: ['The subject field is required when mail name is not present.'],
      html: ['The html field is required when none of mail name / text are present.'],
      text: ['The text field is required when none of mail name / html are present.'],
      from: ['The from field is required.'],
      to: ['The to field is required.'],
    });
    expect(Object.keys(errorsFor({}))).toEqual(['subject', 'html', 'text', 'from', 'to']);
  });

  it('orders error keys by the rules, not by the input', () => {
    const errors = errorsFor({ fake: 'yes', store: 'no', mail_name: 5, from: 'x', to: 'y' });
    expect(Object.keys(errors)).toEqual(['mail_name', 'store', 'fake']);
  });

  it('checks a field’s rules in their order and keeps every non-implicit failure', () => {
    const first = custom('first', () => 'first failed');
    const second = custom('second', () => 'second failed');
    expect(single([first, string, second], { field: 5 })).toEqual([
      'first failed',
      'The field field must be a string.',
      'second failed',
    ]);
  });

  it('returns an empty object for valid input, and validate() then does not throw', () => {
    expect(errorsFor(VALID)).toEqual({});
    expect(() => validate(VALID, SEND_RULES)).not.toThrow();
  });

  it('throws a ValidationError carrying the errors when something fails', () => {
    try {
      validate({ ...VALID, store: 'true' }, SEND_RULES);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).status).toBe(422);
      expect((error as ValidationError).errors).toEqual({ store: ['The store field must be true or false.'] });
    }
  });
});

describe('rule semantics', () => {
  it('required fails on absent, null, blank strings and empty arrays or maps', () => {
    for (const data of [{}, { field: null }, { field: '' }, { field: ' \t ' }, { field: [] }, { field: {} }]) {
      expect(single([required], data)).toEqual(['The field field is required.']);
    }
  });

  it('required passes on 0, false, "0" and non-empty arrays', () => {
    for (const value of [0, false, '0', ['x'], { k: 1 }]) expect(single([required], { field: value })).toBeUndefined();
  });

  it('string rejects numbers, booleans, arrays and a non-nullable null', () => {
    for (const value of [1, true, ['x'], null]) {
      expect(single([string], { field: value })).toEqual(['The field field must be a string.']);
    }
  });

  it('nullable lets null skip the non-implicit rules', () => {
    expect(single([nullable, string], { field: null })).toBeUndefined();
    expect(single([string, nullable], { field: null })).toBeUndefined();
  });

  it('nullable does not skip an implicit rule', () => {
    expect(errorsFor({ ...VALID, subject: null }).subject).toEqual([
      'The subject field is required when mail name is not present.',
    ]);
  });

  it('array accepts lists and maps and rejects strings and numbers', () => {
    expect(single([array], { field: ['a'] })).toBeUndefined();
    expect(single([array], { field: { a: 'b' } })).toBeUndefined();
    expect(single([array], { field: 'a' })).toEqual(['The field field must be an array.']);
    expect(single([array], { field: 3 })).toEqual(['The field field must be an array.']);
  });

  it('boolean accepts exactly true, false, 1, 0, "1" and "0"', () => {
    for (const value of [true, false, 1, 0, '1', '0']) expect(single([boolean], { field: value })).toBeUndefined();
    for (const value of ['true', 'false', 2, 'yes', [], {}]) {
      expect(single([boolean], { field: value })).toEqual(['The field field must be true or false.']);
    }
  });

  it('email uses Laravel’s sentence', () => {
    expect(single([email()], { field: 'nope' })).toEqual(['The field field must be a valid email address.']);
    expect(single([email()], { field: 'a@b.c' })).toBeUndefined();
  });

  it('skips non-implicit rules on an absent field and on a blank string', () => {
    const spy = vi.fn(() => 'custom failed');
    expect(single([string, custom('spy', spy)], {})).toBeUndefined();
    expect(single([string, custom('spy', spy)], { field: '   ' })).toBeUndefined();
    expect(spy).not.toHaveBeenCalled();
  });

  it('runs non-implicit rules on a present null when the field is not nullable', () => {
    const spy = vi.fn(() => null);
    single([custom('spy', spy)], { field: null });
    expect(spy).toHaveBeenCalledWith(null, { data: { field: null }, attribute: 'field' });
  });

  it('stops a field after its implicit rule fails', () => {
    const spy = vi.fn(() => 'custom failed');
    expect(single([required, string, custom('spy', spy)], {})).toEqual(['The field field is required.']);
    expect(spy).not.toHaveBeenCalled();
  });

  it('keeps going after an implicit rule passes', () => {
    expect(single([required, string], { field: 5 })).toEqual(['The field field must be a string.']);
  });

  it('reports a present-but-null or non-string subject and mail_name with the string message only', () => {
    expect(errorsFor({ from: 'a', to: 'b', html: 'x', subject: 5 }).subject).toEqual([
      'The subject field must be a string.',
    ]);
    expect(errorsFor({ from: 'a', to: 'b', mail_name: null, html: 'x' }).mail_name).toEqual([
      'The mail name field must be a string.',
    ]);
  });
});

describe('required_without and required_without_all', () => {
  it('required_without passes when the other field is filled', () => {
    expect(errorsFor({ mail_name: 'welcome', from: 'a', to: 'b' })).toEqual({});
  });

  it('required_without treats a blank other field as missing', () => {
    expect(errorsFor({ mail_name: '   ', html: 'x', from: 'a', to: 'b' }).subject).toEqual([
      'The subject field is required when mail name is not present.',
    ]);
  });

  it('required_without_all is satisfied by any one of the others', () => {
    const errors = errorsFor({ subject: 'Hi', text: 'plain', from: 'a', to: 'b' });
    expect(errors).toEqual({});
  });

  it('joins :values with " / " and turns underscores into spaces', () => {
    const rules: RuleSet = [['body_html', [requiredWithoutAll('mail_name', 'body_text', 'reply_to')]]];
    expect(collectErrors({}, rules).body_html).toEqual([
      'The body html field is required when none of mail name / body text / reply to are present.',
    ]);
    expect(formatMessage('required_without', 'a_b', ['c_d', 'e'])).toBe(
      'The a b field is required when c d / e is not present.',
    );
  });

  it('looks other fields up by dot path', () => {
    const rules: RuleSet = [['x', [requiredWithout('meta.name')]]];
    expect(collectErrors({ meta: { name: 'n' } }, rules)).toEqual({});
    expect(collectErrors({ meta: {} }, rules).x).toEqual(['The x field is required when meta.name is not present.']);
  });
});

describe('wildcards', () => {
  it('expands attachments.*.name for every attachment and reports a missing one by index', () => {
    const errors = errorsFor({ ...VALID, attachments: [{ name: 'a', content: 'Y', content_type: 't' }, {}] });
    expect(errors['attachments.1.name']).toEqual(['The attachments.1.name field is required.']);
    expect(errors['attachments.0.name']).toBeUndefined();
  });

  it('shows attachments.*.content_type as "attachments.0.content type"', () => {
    expect(errorsFor({ ...VALID, attachments: [{ name: 'a', content: 'Y' }] })).toEqual({
      'attachments.0.content_type': ['The attachments.0.content type field is required.'],
    });
  });

  it('orders wildcard errors by pattern, then by item', () => {
    const errors = errorsFor({ ...VALID, attachments: [{}, { content_id: 5 }] });
    expect(Object.keys(errors)).toEqual([
      'attachments.0.name',
      'attachments.1.name',
      'attachments.0.content',
      'attachments.1.content',
      'attachments.0.content_type',
      'attachments.1.content_type',
      'attachments.1.content_id',
    ]);
    expect(errors['attachments.1.content_id']).toEqual(['The attachments.1.content id field must be a string.']);
  });

  it('produces nothing when the array is absent, empty, null or a string', () => {
    for (const attachments of [undefined, [], null]) {
      expect(errorsFor({ ...VALID, ...(attachments === undefined ? {} : { attachments }) })).toEqual({});
    }
    expect(Object.keys(errorsFor({ ...VALID, attachments: 'x' }))).toEqual(['attachments']);
  });

  it('validates the fields of a non-object item as absent', () => {
    expect(errorsFor({ ...VALID, attachments: ['x'] })['attachments.0.name']).toEqual([
      'The attachments.0.name field is required.',
    ]);
  });

  it('expands over map keys and nested wildcards', () => {
    expect(expandWildcards('replacements.*', { replacements: { name: 'x', city: 'y' } })).toEqual([
      'replacements.name',
      'replacements.city',
    ]);
    expect(expandWildcards('a.*.b.*.c', { a: [{ b: { x: 1, y: 2 } }, { b: 'no' }] })).toEqual([
      'a.0.b.x.c',
      'a.0.b.y.c',
    ]);
    expect(expandWildcards('plain.path', {})).toEqual(['plain.path']);
  });

  it('hands custom rules the concrete attribute, as Mailcoach’s replacements.* closure uses it', () => {
    const stringOrArray = custom('string_or_array', (value, { attribute }) =>
      typeof value === 'string' || (value !== null && typeof value === 'object')
        ? null
        : `${attribute} must be a string or array`,
    );
    const rules: RuleSet = [['replacements.*', [nullable, stringOrArray]]];
    expect(
      collectErrors({ replacements: { name: 'x', count: 3, flag: true, list: ['a'], gone: null } }, rules),
    ).toEqual({
      'replacements.count': ['replacements.count must be a string or array'],
      'replacements.flag': ['replacements.flag must be a string or array'],
    });
  });
});

describe('custom rules and helpers', () => {
  it('a custom rule’s message is used verbatim and it sees the whole input', () => {
    const rule = custom('same_as_from', (value, { data }) =>
      value === data.from ? null : 'You must pass a valid mailer key.',
    );
    expect(collectErrors({ from: 'x', mailer: 'y' }, [['mailer', [string, rule]]])).toEqual({
      mailer: ['You must pass a valid mailer key.'],
    });
  });

  it('a custom rule is never implicit', () => {
    expect(custom('x', () => 'no').implicit).toBeUndefined();
    expect(collectErrors({}, [['field', [custom('x', () => 'no')]]])).toEqual({});
  });

  it('isFilled follows validateRequired', () => {
    expect([null, undefined, '', '  ', [], {}].map(isFilled)).toEqual([false, false, false, false, false, false]);
    expect([0, false, 'x', [0], { a: null }].map(isFilled)).toEqual([true, true, true, true, true]);
  });

  it('dataGet reads dot paths through maps and lists and ignores inherited keys', () => {
    const data = { a: { b: [{ c: 'x' }] } };
    expect(dataGet(data, 'a.b.0.c')).toBe('x');
    expect(dataGet(data, 'a.b.1.c')).toBeUndefined();
    expect(dataGet(data, 'a.toString')).toBeUndefined();
    expect(dataGet({ a: null }, 'a')).toBeNull();
  });

  it('displayableAttribute only replaces underscores', () => {
    expect(displayableAttribute('reply_to')).toBe('reply to');
    expect(displayableAttribute('attachments.0.content_type')).toBe('attachments.0.content type');
  });
});
