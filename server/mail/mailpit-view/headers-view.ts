/**
 * GET /api/v1/message/{ID}/headers (docs/spec/mailpit-api.md#234-get-apiv1messageidheaders): every header field of
 * Mailpit's view of the raw message (raw-view.ts) by Go's canonical name, each value in order of appearance,
 * unfolded and left encoded; the names in byte order, as Go writes a map.
 */
import { canonicalHeaderKey, readHeaderBlock } from './header-block.js';

export function mailpitHeaders(raw: Buffer): Record<string, string[]> {
  const byKey = new Map<string, string[]>();
  for (const field of readHeaderBlock(raw).fields) {
    const key = canonicalHeaderKey(field.name);
    const values = byKey.get(key);
    if (values === undefined) byKey.set(key, [field.value]);
    else values.push(field.value);
  }
  // No prototype: a field named __proto__ is a field like any other.
  const headers: Record<string, string[]> = Object.create(null);
  for (const key of [...byKey.keys()].sort(compareBytes)) headers[key] = byKey.get(key)!;
  return headers;
}

function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
