/**
 * What `/\s/` matches, as a test on one UTF-16 code unit: nodemailer's folding and encoded-word code decides with
 * `\s` where words end (lib/mime-funcs foldLines(), encodeWords()), and the scans that mirror it must agree on
 * every character, the non-ASCII spaces (NBSP, U+2028, U+3000, the BOM…) included.
 */
export function isJsWhitespace(code: number): boolean {
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
