/** Go's habits the one-message routes answer with (server/mailpit/go-http.ts): url.PathEscape of a part's name. */
import { describe, expect, it } from 'vitest';
import { pathEscape } from '../../server/mailpit/go-http.js';

describe('url.PathEscape', () => {
  it('keeps unreserved characters and $&+,;=:@, and escapes the rest byte by byte', () => {
    expect(pathEscape('my file (1).pdf')).toBe('my%20file%20%281%29.pdf');
    expect(pathEscape('a+b,c;d=e:f@g$h&i~j_k-l.m')).toBe('a+b,c;d=e:f@g$h&i~j_k-l.m');
    expect(pathEscape('résumé/"x"?')).toBe('r%C3%A9sum%C3%A9%2F%22x%22%3F');
  });
});
