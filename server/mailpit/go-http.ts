/**
 * Go's net/http habits that the one-message routes answer with
 * (docs/spec/mailpit-api.md#21-global-behaviour-applies-to-every-endpoint-below): bytes as a body, and
 * url.PathEscape (JSON answers are answers.ts's; a JSON body is read by json-body.ts).
 */

/** A Buffer as a Response body (the type BodyInit names). */
export function bodyBytes(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.length);
}

/** Go's url.PathEscape: every byte but the unreserved ones and `$&+,;=:@` percent-encoded. */
export function pathEscape(value: string): string {
  let escaped = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    escaped += /[A-Za-z0-9\-_.~$&+,;=:@]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return escaped;
}
