/** Go's habits the one-message routes answer with (server/mailpit/go-http.ts): url.PathEscape and a JSON body read into a struct. */
import { describe, expect, it } from 'vitest';
import { MailpitError } from '../../server/errors.js';
import { pathEscape, readGoJsonObject } from '../../server/mailpit/go-http.js';

describe('url.PathEscape', () => {
  it('keeps unreserved characters and $&+,;=:@, and escapes the rest byte by byte', () => {
    expect(pathEscape('my file (1).pdf')).toBe('my%20file%20%281%29.pdf');
    expect(pathEscape('a+b,c;d=e:f@g$h&i~j_k-l.m')).toBe('a+b,c;d=e:f@g$h&i~j_k-l.m');
    expect(pathEscape('résumé/"x"?')).toBe('r%C3%A9sum%C3%A9%2F%22x%22%3F');
  });
});

describe('a JSON body read as encoding/json reads it', () => {
  const read = (text: string) => readGoJsonObject(text, { To: '[]string' });
  const failure = (text: string) => {
    try {
      read(text);
      return null;
    } catch (error) {
      return error instanceof MailpitError ? [error.status, error.message] : error;
    }
  };

  it('matches keys in any case, the exact one first; ignores unknown keys and nulls', () => {
    expect(read('{"to":["a@x.test"]}')).toEqual({ To: ['a@x.test'] });
    expect(read('{"TO":["b@x.test"],"To":["a@x.test"]}')).toEqual({ To: ['a@x.test'] });
    expect(read('{"Other":1,"To":null}')).toEqual({});
    expect(read('null')).toEqual({});
  });

  it("answers Go's error text for a body that is not such an object", () => {
    expect(failure('')).toEqual([400, 'EOF']);
    expect(failure('ids=a')).toEqual([400, "invalid character 'i' looking for beginning of value"]);
    expect(failure('{"To":')).toEqual([400, 'unexpected EOF']);
    expect(failure('[]')).toEqual([400, 'json: cannot unmarshal array into Go value of type struct { To []string }']);
    expect(failure('{"To":[1]}')).toEqual([
      400,
      'json: cannot unmarshal number into Go struct field .To of type string',
    ]);
  });
});
