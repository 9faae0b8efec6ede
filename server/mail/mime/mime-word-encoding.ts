/**
 * MimeNode._getTextEncoding() without a `textEncoding` option: Q when Latin letters outnumber the non-ASCII and
 * control characters, B otherwise. It picks the RFC 2047 encoding of header words and, for a text body that is
 * not 7bit, quoted-printable (Q) or base64 (B).
 */

/** What _getTextEncoding() counts against Latin letters: C0 controls but TAB, LF and CR, and everything non-ASCII. */
const isNonLatin = (code: number): boolean =>
  code >= 0x80 || (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d);

export function mimeWordEncoding(value: string): 'Q' | 'B' {
  // The non-Latin characters are counted first and the letters only until they outnumber them: a long body is
  // rarely scanned twice to its end. A loop rather than a regex over runs: a megabyte of mixed text has tens of
  // thousands of runs, each a match array and a string.
  let nonLatin = 0;
  for (let i = 0; i < value.length; i++) if (isNonLatin(value.charCodeAt(i))) nonLatin++;
  let latin = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) && ++latin > nonLatin) return 'Q';
  }
  return 'B';
}
