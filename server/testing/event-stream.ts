/**
 * Reading `GET /_emulator/events` (server-sent events) over fetch, in Node and in browsers alike: unlike
 * EventSource, fetch can send the bearer token as a header, and Node has no EventSource before 22.
 */

/** The `event:` name and the parsed `data:` of one event. */
export interface RawEvent {
  event: string;
  data: unknown;
}

/**
 * Reads the stream until it ends: `onOpen` once the server's `: connected` comment arrives (the subscription is in
 * place from then on), `onEvent` for each event. Heartbeat comments are skipped.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: RawEvent) => void,
  onOpen: () => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block === ': connected') onOpen();
      const parsed = parseBlock(block);
      if (parsed !== null) onEvent(parsed);
    }
  }
}

/** One event block: `event:` and `data:` lines (several data lines are joined by newlines); null for comments. */
function parseBlock(block: string): RawEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return null;
  try {
    return { event, data: JSON.parse(data.join('\n')) as unknown };
  } catch {
    return { event, data: data.join('\n') };
  }
}
