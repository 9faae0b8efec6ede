/**
 * A Mailpit request's body read up to a limit (Go's http.MaxBytesReader): the bytes, or null past the limit.
 * What a client sends past it is read and thrown away (up to DRAIN_FACTOR times the limit) before the answer,
 * since a socket closed while its bytes still arrive is reset, which can lose the answer (http/body.ts).
 */
const DRAIN_FACTOR = 4;

export async function readLimitedBody(request: Request, maxBytes: number): Promise<Buffer | null> {
  if (request.body === null) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBytes * DRAIN_FACTOR) break;
      if (size <= maxBytes) chunks.push(value);
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return size > maxBytes ? null : Buffer.concat(chunks, size);
}
