/**
 * MimeNode._getTextEncoding() without a `textEncoding` option: Q when Latin letters outnumber the non-ASCII and
 * control characters, B otherwise. It picks the RFC 2047 encoding of header words and, for a text body that is
 * not 7bit, quoted-printable (Q) or base64 (B).
 */

/** What _getTextEncoding() counts against Latin letters: C0 controls but TAB, LF and CR, and everything non-ASCII. */
const NON_LATIN_RUNS = /[\x00-\x08\x0b\x0c\x0e-\x1f\u0080-\uffff]+/g;

export function mimeWordEncoding(value: string): 'Q' | 'B' {
  // The non-Latin characters are few in most text, so they are counted first (in runs, by the regex engine) and
  // the letters only until they outnumber them: a long body is rarely scanned to its end.
  let nonLatin = 0;
  for (const run of value.matchAll(NON_LATIN_RUNS)) nonLatin += run[0].length;
  let latin = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) && ++latin > nonLatin) return 'Q';
  }
  return 'B';
}
