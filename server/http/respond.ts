/**
 * Success responses as Laravel writes them. Error responses are not built here: they all go through
 * server/errors.ts.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { phpJsonEncode, phpJsonPieces, stringCharsNear } from '../php-json.js';

/** Answers whose strings hold more characters than this are encoded as they are sent, a slice per turn. */
const STREAM_ABOVE_CHARS = 512 * 1024;
/** About this much JSON is written per event-loop turn. */
const SLICE_BYTES = 256 * 1024;

/**
 * A JsonResource or `response()->json()` body: compact, slashes escaped (docs/spec/mailcoach-reference.md#15-error-bodies-exact-formats). A big one (a page of log
 * items with megabyte bodies) is encoded while it is sent, a slice per event-loop turn, so that other requests
 * are answered in between; it then goes out chunked rather than with a Content-Length.
 */
export function laravelJson(body: unknown, status = 200): Response {
  const headers = { 'content-type': 'application/json' };
  if (stringCharsNear(body) <= STREAM_ABOVE_CHARS) return new Response(phpJsonEncode(body), { status, headers });
  const pieces = phpJsonPieces(body);
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await nextTurn();
      const slice: string[] = [];
      let size = 0;
      while (size < SLICE_BYTES) {
        const next = pieces.next();
        if (next.done) break;
        slice.push(next.value);
        size += next.value.length;
      }
      // The JSON is ASCII (json_encode escapes everything else).
      if (size > 0) controller.enqueue(Buffer.from(slice.join(''), 'latin1'));
      if (size < SLICE_BYTES) controller.close();
    },
  });
  return new Response(stream, { status, headers });
}

/**
 * `response('', 204)` from RespondsToApiRequests::respondOk: an empty body, and Symfony strips the Content-Type
 * (docs/spec/mailcoach-reference.md#16-serialisation-conventions).
 */
export function noContent(): Response {
  return new Response(null, { status: 204 });
}
