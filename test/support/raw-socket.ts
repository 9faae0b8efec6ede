/**
 * HTTP/1.1 over a raw socket, for requests that must go out byte for byte as recorded (header order and case,
 * Expect: 100-Continue), which node:http would rewrite.
 */
import { connect } from 'node:net';

export interface Reply {
  status: number;
  /** Lower-cased names. */
  headers: Record<string, string>;
  text: string;
  /** Interim (1xx) status lines seen before the final response. */
  interim: string[];
  json(): any;
}

/** Reads one HTTP/1.1 response from the bytes received so far; null while incomplete. */
function parseReply(buffer: Buffer, ended: boolean): Reply | null {
  const interim: string[] = [];
  let offset = 0;
  for (;;) {
    const end = buffer.indexOf('\r\n\r\n', offset);
    if (end === -1) return null;
    const [statusLine = '', ...lines] = buffer.subarray(offset, end).toString('latin1').split('\r\n');
    const status = Number(statusLine.split(' ')[1]);
    if (status >= 100 && status < 200) {
      interim.push(statusLine);
      offset = end + 4;
      continue;
    }
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    if (headers['transfer-encoding'] !== undefined) throw new Error('chunked responses are not expected');
    const body = buffer.subarray(end + 4);
    const length = headers['content-length'];
    const complete =
      status === 204 || status === 304 ? true : length !== undefined ? body.length >= Number(length) : ended;
    if (!complete) return null;
    const text = body.subarray(0, length === undefined ? body.length : Number(length)).toString('utf8');
    return { status, headers, text, interim, json: () => JSON.parse(text) };
  }
}

/**
 * Writes `head` and `body` to a fresh connection to `baseUrl`: in one write, or (`waitForContinue`) the body only
 * after the server's `100 Continue`, as curl does for Guzzle's `Expect: 100-Continue`. Resolves with the final
 * response.
 */
export function replay(
  baseUrl: string,
  head: string,
  body: string | Buffer = '',
  options: { waitForContinue?: boolean } = {},
): Promise<Reply> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let buffer = Buffer.alloc(0);
    let settled = false;
    let bodySent = !options.waitForContinue;
    const timer = setTimeout(() => fail(new Error(`no response: ${buffer.toString('latin1').slice(0, 500)}`)), 10_000);
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      reject(error);
    };
    const check = (ended: boolean) => {
      if (!bodySent && buffer.indexOf('HTTP/1.1 100 Continue\r\n\r\n') === 0) {
        bodySent = true;
        socket.write(body);
      }
      const reply = parseReply(buffer, ended);
      if (reply === null || settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(reply);
    };
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      check(false);
    });
    socket.on('end', () => {
      check(true);
      fail(new Error(`incomplete response: ${buffer.toString('latin1').slice(0, 500)}`));
    });
    socket.on('error', fail);
    if (!bodySent) socket.write(head);
    else socket.write(typeof body === 'string' ? head + body : Buffer.concat([Buffer.from(head), body]));
  });
}
