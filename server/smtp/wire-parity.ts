/**
 * Where smtp-server's wire behaviour differs from Mailpit's and from RFC 5321, changed for each connection
 * (docs/spec/mailpit-api.md#25-derivations-and-smtp-side-behaviour-helpers-rely-on):
 * - the greeting goes out as soon as the connection is accepted: smtp-server waits 100 ms first to catch clients
 *   that talk before it (`init()`), which every new connection of a test paid, and answered such a client
 *   `421 You talk too soon`;
 * - a command line over the limit is answered `500` once it ends, and the session goes on: smtp-server's parser
 *   fails the stream on it (`421 Error: Command line too long`, connection closed);
 * - the leading dot of a message line is removed whatever follows it (RFC 5321 section 4.5.2): smtp-server removes
 *   it only from `..`, so `.foo` was stored as `.foo` instead of `foo`. A line is what a CRLF ends: after a bare LF
 *   only `..` loses a dot, as before, so that text with bare LFs stays as sent (README "SMTP").
 *
 * These reach into smtp-server's connection and parser, whose members the package declares but does not document:
 * written against smtp-server 3.21.6 (package.json pins it exactly; test/contract/smtp-parity.test.ts checks each
 * over the wire, test/unit/smtp-wire-parity.test.ts the parser at every chunk boundary), so look here again before
 * moving to another version.
 */
import type { Socket } from 'node:net';
import type { SMTPServer } from 'smtp-server';
import { SMTPConnection } from 'smtp-server/lib/smtp-connection.js';
import type { SMTPStream } from 'smtp-server/lib/smtp-stream.js';

const LF = 0x0a;
const CR = 0x0d;
const DOT = 0x2e;

/**
 * Makes `server` greet each connection at once and give its connections our parser changes. smtp-server's
 * `connect()` does what this does, then `init()`, which differs from the callback below only by its 100 ms
 * timer and a `maxClients` check (we set no maxClients). With the reverse lookup off and an onConnect that answers
 * at once (listener.ts), connectionReady() greets in the same turn, before any byte of the client is read: a client
 * that talks first is simply answered.
 */
export function greetAtOnce(server: SMTPServer, commandLineLimit: number): void {
  const internals = server as unknown as {
    connect(socket: Socket, socketOptions?: unknown): void;
    connections: Set<SMTPConnection>;
    _onError(error: Error): void;
    _onClientConnect(data: unknown): void;
  };
  internals.connect = (socket, socketOptions) => {
    const connection = new SMTPConnection(server, socket, socketOptions as never);
    // The parser made by the constructor is not piped yet (_setListeners pipes it); STARTTLS makes another.
    const createParser = connection._createParser;
    connection._createParser = function createParityParser(this: SMTPConnection) {
      return withParity(createParser.call(this), commandLineLimit, () =>
        this.send(500, `5.5.2 Line too long: a command line has at most ${commandLineLimit} bytes`),
      );
    };
    connection._parser = connection._createParser();
    internals.connections.add(connection);
    connection.on('error', (error: Error) => internals._onError(error));
    connection.on('connect', (data: unknown) => internals._onClientConnect(data));
    connection._setListeners(() => connection.connectionReady());
  };
}

/** A connection's parser with RFC 5321's dot-unstuffing, and `tooLong` answering command lines over the limit. */
export function withParity(parser: SMTPStream, commandLineLimit: number, tooLong: () => void): SMTPStream {
  parser._feedDataStream = feedDataStream;
  // Ours is the check (a line's CR not counted): the parser's own, which counts a CR still waiting for its LF,
  // must never fail the stream.
  parser._maxCommandLength = commandLineLimit + 1;
  limitCommandLines(parser, commandLineLimit, tooLong);
  return parser;
}

/**
 * Command lines longer than `limit` bytes never reach the parser: each is dropped as it comes, and `tooLong` answers
 * it once its line ends, after the replies to the commands before it. Only in command mode: the message's lines
 * (DATA) have their own limit (listener.ts).
 */
function limitCommandLines(parser: SMTPStream, limit: number, tooLong: () => void): void {
  const write = parser._write;
  let dropping = false;
  parser._write = function limitedWrite(this: SMTPStream, chunk, encoding, next) {
    if (this._dataMode || chunk.length === 0) return write.call(this, chunk, encoding, next);
    if (dropping) {
      const end = chunk.indexOf(LF);
      if (end === -1) return next();
      dropping = false;
      tooLong();
      return this._write(chunk.subarray(end + 1), encoding, next);
    }
    // Each line's length without its CR, the first one's counted from the part the parser holds from the chunks
    // before; the last one may still wait for its LF.
    const held = this._remainder;
    let lineStart = -held.length;
    let tooLongAt = -1;
    for (let end = chunk.indexOf(LF); ; end = chunk.indexOf(LF, end + 1)) {
      const lineEnd = end === -1 ? chunk.length : end;
      const beforeEnd = lineEnd > 0 ? chunk[lineEnd - 1] : held.charCodeAt(held.length - 1);
      if (lineEnd - lineStart - (beforeEnd === CR ? 1 : 0) > limit) {
        tooLongAt = Math.max(lineStart, 0);
        break;
      }
      if (end === -1) break;
      lineStart = end + 1;
    }
    if (tooLongAt === -1) return write.call(this, chunk, encoding, next);
    const refuse = (error?: Error | null) => {
      if (error) return next(error);
      const rest = chunk.subarray(tooLongAt);
      // A DATA among the commands before it: what looked like a long command line is the message's.
      if (this._dataMode) return this._write(rest, encoding, next);
      this._remainder = '';
      dropping = true;
      this._write(rest, encoding, next);
    };
    if (tooLongAt === 0) return refuse();
    write.call(this, chunk.subarray(0, tooLongAt), encoding, refuse);
  };
}

/**
 * smtp-stream.js's `_feedDataStream` (3.21.6) with RFC 5321 section 4.5.2's rule: a line that starts with a dot
 * loses that dot, unless the line is the lone `.` that ends the data (after a CRLF, as smtp-server requires). Only
 * the unstuffing differs; the end, the byte count and the back-pressure are smtp-server's.
 * `from`: the first index that can hold a line's dot (the two before it are bytes kept from the previous chunk, or
 * the one before it the byte after a removed dot).
 */
function feedDataStream(this: SMTPStream, input: Buffer, done: (error?: Error | null) => void, from = 2) {
  const dataStream = this._dataStream as NonNullable<SMTPStream['_dataStream']>;
  let chunk = input;
  if (this._lastBytes && this._lastBytes.length > 0) {
    chunk = Buffer.concat([this._lastBytes, chunk]);
    this._lastBytes = false;
  }
  if (this._atDataStart && chunk[0] === DOT) {
    // Three bytes tell the end (`.` CRLF) from a line that starts with a dot.
    if (chunk.length < 3) {
      this._lastBytes = chunk;
      return done();
    }
    if (chunk[1] === CR && chunk[2] === LF) return this._endDataMode(false, chunk.subarray(3), done);
    chunk = chunk.subarray(1);
    this._atDataStart = false;
  }
  const length = chunk.length;
  for (let i = from; i < length - 2; i++) {
    if (chunk[i] !== DOT || chunk[i - 1] !== LF) continue;
    const afterCrlf = i >= 2 && chunk[i - 2] === CR;
    if (afterCrlf && chunk[i + 1] === CR && chunk[i + 2] === LF) {
      // Everything before the end is the message, the CRLF of its last line included.
      const last = chunk.subarray(0, i);
      this._countDataBytes(last.length);
      return this._endDataMode(last, chunk.subarray(i + 3), done);
    }
    // After a bare LF, which ends no SMTP line, only smtp-server's `..` is undone: such text is kept as sent.
    if (!afterCrlf && chunk[i + 1] !== DOT) continue;
    const before = chunk.subarray(0, i);
    this._countDataBytes(before.length);
    if (dataStream.writable) dataStream.write(before);
    const rest = chunk.subarray(i + 1);
    setImmediate(() => feedDataStream.call(this, rest, done, 1));
    return;
  }
  // The last bytes wait for the next chunk: they may begin the end sequence.
  this._lastBytes = chunk.length < 4 ? chunk : chunk.subarray(chunk.length - 4);
  if (this._lastBytes.length === chunk.length) return done();
  const ready = chunk.subarray(0, chunk.length - this._lastBytes.length);
  this._countDataBytes(ready.length);
  if (!dataStream.writable) return done();
  if (dataStream.write(ready) || dataStream.destroyed) return done();
  // A stream that the application destroys never drains, it only closes.
  const resume = () => {
    dataStream.removeListener('drain', resume);
    dataStream.removeListener('close', resume);
    done();
  };
  dataStream.once('drain', resume);
  dataStream.once('close', resume);
}
