/**
 * Go's http.DetectContentType, which a Mailpit send uses for an attachment given no ContentType
 * (docs/spec/mailpit-api.md#2311-post-apiv1send): the WHATWG sniffing of the first 512 bytes, for the common
 * types (HTML and XML, PDF, PostScript, the byte-order marks, the images, gzip, zip, rar, wasm, plain text);
 * the audio, video and font signatures are not ported, and those files are `application/octet-stream` here.
 */

const SNIFF_LENGTH = 512;

const HTML_SIGNATURES = [
  '<!DOCTYPE HTML',
  '<HTML',
  '<HEAD',
  '<SCRIPT',
  '<IFRAME',
  '<H1',
  '<DIV',
  '<FONT',
  '<TABLE',
  '<A',
  '<STYLE',
  '<TITLE',
  '<B',
  '<BODY',
  '<BR',
  '<P',
  '<!--',
];

/** Byte prefixes and their type, in Go's order (after the HTML and XML ones). */
const EXACT_SIGNATURES: [string, string][] = [
  ['%PDF-', 'application/pdf'],
  ['%!PS-Adobe-', 'application/postscript'],
  ['\xfe\xff', 'text/plain; charset=utf-16be'],
  ['\xff\xfe', 'text/plain; charset=utf-16le'],
  ['\xef\xbb\xbf', 'text/plain; charset=utf-8'],
  ['\x00\x00\x01\x00', 'image/x-icon'],
  ['\x00\x00\x02\x00', 'image/x-icon'],
  ['BM', 'image/bmp'],
  ['GIF87a', 'image/gif'],
  ['GIF89a', 'image/gif'],
  ['\x89PNG\x0d\x0a\x1a\x0a', 'image/png'],
  ['\xff\xd8\xff', 'image/jpeg'],
  ['\x1f\x8b\x08', 'application/x-gzip'],
  ['PK\x03\x04', 'application/zip'],
  ['Rar!\x1a\x07\x00', 'application/x-rar-compressed'],
  ['Rar!\x1a\x07\x01\x00', 'application/x-rar-compressed'],
  ['\x00asm', 'application/wasm'],
];

/** The media type Go's sniffer gives these bytes. */
export function detectContentType(content: Buffer): string {
  const head = content.subarray(0, SNIFF_LENGTH).toString('latin1');
  const text = head.replace(/^[\t\n\x0c\r ]+/, '');
  const upper = text.toUpperCase();
  for (const signature of HTML_SIGNATURES) {
    // The signature, then a byte that ends a tag name.
    if (upper.startsWith(signature) && (text[signature.length] === ' ' || text[signature.length] === '>'))
      return 'text/html; charset=utf-8';
  }
  if (text.startsWith('<?xml')) return 'text/xml; charset=utf-8';
  for (const [signature, type] of EXACT_SIGNATURES) if (head.startsWith(signature)) return type;
  if (head.startsWith('RIFF') && head.slice(8, 14) === 'WEBPVP') return 'image/webp';
  return /[\x00-\x08\x0b\x0e-\x1a\x1c-\x1f]/.test(head) ? 'application/octet-stream' : 'text/plain; charset=utf-8';
}
