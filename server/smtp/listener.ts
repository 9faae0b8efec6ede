/**
 * The SMTP intake's listener, on smtp-server (nodemailer's author, the same nodemailer we ship): ESMTP
 * with SIZE, 8BITMIME, SMTPUTF8, PIPELINING, AUTH PLAIN and LOGIN, and STARTTLS when asked for. It speaks the
 * protocol and guards it; what a received message becomes is the `receive` callback's business (intake.ts).
 *
 * Guards, each a clear reply and nothing stored: SIZE (the --max-body-mb limit: 552 after the message's final `.`,
 * and the session goes on; a DATA still going at twice the limit is taken for a never-ending one: 552 at once and
 * the connection closed), recipients (452 past --smtp-max-recipients), command lines (500 past MAX_COMMAND_BYTES,
 * and the session goes on), message lines (500 past MAX_LINE_BYTES), an idle client (421 and closed after IDLE_MS)
 * and a connection's whole life (421 and closed after CONNECTION_MS: a trickle of bytes never idles); both timeouts
 * are options, for tests. A client gone mid-DATA leaves nothing: a message is handed on only once its final `.`
 * arrived. The greeting, over-long command lines and dot-unstuffing follow Mailpit and RFC 5321 (wire-parity.ts).
 */
import type { Socket } from 'node:net';
import type { SMTPServer as SmtpServerType, SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import type { SmtpCommand } from '../faults/fault-rules.js';
import type { Logger } from '../logger.js';
import type { SmtpEnvelope } from '../mail/capture/received-mail.js';
import { coalesceWrites } from './coalesced-writes.js';
import { greetAtOnce } from './wire-parity.js';

export interface SmtpListenerOptions {
  port: number;
  host: string;
  /** The SIZE limit, in bytes. */
  maxBytes: number;
  maxRecipients: number;
  /** Idle and whole-connection timeouts in ms (default IDLE_MS, CONNECTION_MS); tests set them short. */
  idleMs?: number;
  connectionMs?: number;
  /** AUTH with an accepted token as the password is needed (bound beyond loopback); otherwise any or none will do. */
  authRequired: boolean;
  tokenAccepted(token: string): boolean;
  /**
   * This key and certificate (PEM): offered with STARTTLS, or spoken from the first byte when `implicitTls`;
   * null: plain SMTP only.
   */
  tls: { key: string; cert: string } | null;
  /** TLS from the first byte (the smtps port, RFC 8314); needs `tls`. */
  implicitTls?: boolean;
  /**
   * Stores a whole message; `token` is the accepted token the client authenticated with, or null; `username` the
   * user it named in AUTH, or '' (Mailpit's `Username`). Rejects to refuse it.
   */
  receive(raw: Buffer, envelope: SmtpEnvelope, token: string | null, username: string): Promise<void>;
  /**
   * A fault rule's reply to AUTH, MAIL, RCPT or DATA (faults/fault-rules.ts), or null to go on. AUTH sees no envelope
   * (its token is the one it offers, when accepted), MAIL the sender, RCPT the recipient it adds, DATA the whole
   * envelope once the message's final `.` arrived.
   */
  fault(command: SmtpCommand, envelope: SmtpEnvelope, token: string | null): { code: number; message: string } | null;
  /** Hears every 4xx or 5xx reply to a client's command or message (Mailpit's websocket `error`). */
  refused?(refusal: SmtpRefusal): void;
  logger: Logger;
}

export interface SmtpListener {
  port: number;
  close(): Promise<void>;
}

/** A message line longer than this is refused: far past RFC 5321's 1,000 octets, which careless apps exceed. */
const MAX_LINE_BYTES = 1024 * 1024;
/** A command line (MAIL FROM with SMTPUTF8 addresses and parameters, an AUTH response) fits in far less. */
const MAX_COMMAND_BYTES = 4096;
const IDLE_MS = 60_000;
const CONNECTION_MS = 10 * 60_000;
/** How long a stop waits for open connections (a pooled client's) before it closes them with a 421. */
const CLOSE_MS = 1_000;

/** An SMTP reply to a refused step: smtp-server answers an error with its responseCode and message. */
function reply(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/** A refused step, as the reply line the client read and from where. */
interface SmtpRefusal {
  /** The step refused (AUTH, MAIL, RCPT or DATA). */
  command: SmtpCommand;
  code: number;
  /** The reply line, code first (`550 5.1.1 ...`), as Mailpit's websocket `error` gives it. */
  line: string;
  ip: string;
  token: string | null;
}

interface AuthedUser {
  token: string | null;
  /** The AUTH user, kept as the message's username (docs/spec/mailpit-api.md#22-models-json-key-order--go-struct-order-mp-internalstoragestructsgo-serverapiv1). */
  username: string;
}

export async function startSmtpListener(options: SmtpListenerOptions): Promise<SmtpListener> {
  const { SMTPServer } = await import('smtp-server');
  const inFlight = new Set<Promise<void>>();
  /** The reply to a refused step, told to `refused` first. */
  const refuse = (
    command: SmtpCommand,
    session: SMTPServerSession,
    code: number,
    message: string,
    token = tokenOf(session),
  ): Error => {
    options.refused?.({ command, code, line: `${code} ${message}`, ip: ipOf(session), token });
    return reply(code, message);
  };
  const server: SmtpServerType = new SMTPServer({
    name: 'mailcoach-emulator',
    banner: 'mailcoach-emulator ESMTP: mail is captured, never delivered',
    size: options.maxBytes,
    // Refused by onData below, with a reply that names the option (smtp-server's would override it).
    rejectOversized: false,
    maxRecipients: options.maxRecipients,
    maxCommandLength: MAX_COMMAND_BYTES,
    socketTimeout: options.idleMs ?? IDLE_MS,
    closeTimeout: CLOSE_MS,
    // A reverse lookup per connection costs clients seconds where DNS is slow (Mailpit's #230, under Docker).
    disableReverseLookup: true,
    authMethods: ['PLAIN', 'LOGIN'],
    authOptional: !options.authRequired,
    // Apps on the same machine authenticate in the clear, as they do with Mailpit; STARTTLS is there for the rest.
    allowInsecureAuth: true,
    ...(options.tls === null
      ? { hideSTARTTLS: true, disabledCommands: ['STARTTLS'] }
      : { key: options.tls.key, cert: options.tls.cert }),
    // Already encrypted: STARTTLS has nothing to upgrade.
    ...(options.implicitTls === true ? { secure: true, hideSTARTTLS: true, disabledCommands: ['STARTTLS'] } : {}),
    logger: false,
    // At once (smtp-server's own waits a turn), so that the greeting is written before any byte of the client is
    // read (wire-parity.ts greetAtOnce).
    onConnect(_session, callback) {
      callback();
    },
    onAuth(auth, session, callback) {
      const password = auth.password ?? '';
      const accepted = password !== '' && options.tokenAccepted(password);
      // Before the credentials are judged, as Mailpit's chaos answers AUTH.
      const refused = options.fault('AUTH', { from: '', to: [] }, accepted ? password : null);
      if (refused !== null) return callback(refuse('AUTH', session, refused.code, refused.message, null));
      if (options.authRequired && !accepted) {
        callback(
          refuse(
            'AUTH',
            session,
            535,
            '5.7.8 Authentication failed: the password must be an accepted API token (--token)',
            null,
          ),
        );
        return;
      }
      callback(null, {
        user: { token: accepted ? password : null, username: auth.username ?? '' } satisfies AuthedUser,
      });
    },
    onMailFrom(address, session, callback) {
      const refused = options.fault('MAIL', { from: address.address, to: [] }, tokenOf(session));
      callback(refused === null ? null : refuse('MAIL', session, refused.code, refused.message));
    },
    onRcptTo(address, session, callback) {
      const from = session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address;
      const refused = options.fault('RCPT', { from, to: [address.address] }, tokenOf(session));
      callback(refused === null ? null : refuse('RCPT', session, refused.code, refused.message));
    },
    onData(stream, session, callback) {
      // Past twice the size limit the client is told at once and the connection closed: a never-ending DATA would
      // otherwise hold it until the connection's deadline. What the client still sends is discarded.
      const oversized = () => {
        const connection = connectionOf(session);
        if (connection === undefined) return;
        const message = `5.3.4 The message exceeds the size limit of ${options.maxBytes} bytes (--max-body-mb); closing the connection`;
        options.refused?.({
          command: 'DATA',
          code: 552,
          line: `552 ${message}`,
          ip: ipOf(session),
          token: tokenOf(session),
        });
        connection.send(552, message);
        connection.close();
      };
      const done = readMessage(stream, options.maxBytes, oversized).then(async (read) => {
        if (read.kind === 'gone') return; // the client left mid-DATA (or was closed past the size limit): nothing stored
        if (read.kind === 'too-large')
          return callback(
            refuse(
              'DATA',
              session,
              552,
              `5.3.4 The message exceeds the size limit of ${options.maxBytes} bytes (--max-body-mb)`,
            ),
          );
        if (read.kind === 'line-too-long')
          return callback(
            refuse('DATA', session, 500, `5.5.2 A line of the message is longer than ${MAX_LINE_BYTES} bytes`),
          );
        // A refused DATA stores nothing: the reply comes after the final `.`, as a real server's refusal does.
        const refused = options.fault('DATA', envelopeOf(session), tokenOf(session));
        if (refused !== null) return callback(refuse('DATA', session, refused.code, refused.message));
        try {
          await options.receive(read.raw, envelopeOf(session), tokenOf(session), usernameOf(session));
          callback(null, 'Captured by mailcoach-emulator (never delivered)');
        } catch (error) {
          options.logger.warn(`smtp: a message was refused: ${(error as Error).message}`);
          callback(refuse('DATA', session, 554, `5.6.0 The message was not stored: ${(error as Error).message}`));
        }
      });
      inFlight.add(done);
      void done.finally(() => inFlight.delete(done));
    },
  });
  greetAtOnce(server, MAX_COMMAND_BYTES);
  /** smtp-server's connection objects are not in its types: the few members used here. */
  interface Connection {
    session: SMTPServerSession;
    remoteAddress: string;
    remotePort: number;
    send(code: number, message: string): void;
    close(): void;
  }
  const connections = () => (server as unknown as { connections: Set<Connection> }).connections;
  const connectionOf = (session: SMTPServerSession) =>
    [...connections()].find((connection) => connection.session === session);
  // Every connection gets a deadline for its whole life (a 421, then closed); an idle one is closed sooner by socketTimeout.
  server.server.on('connection', (socket: Socket) => {
    coalesceWrites(socket);
    const { remoteAddress, remotePort } = socket;
    const timer = setTimeout(() => {
      // Already closing (a 421 or QUIT sent): destroying it now would cut off that last reply.
      if (socket.writableEnded) return;
      const connection = [...connections()].find(
        (c) => c.remotePort === remotePort && (remoteAddress ?? '').endsWith(c.remoteAddress),
      );
      if (connection === undefined) return socket.destroy();
      // A 421 closes the connection (smtp-server ends it, and destroys it if the client does not go).
      connection.send(421, '4.4.2 The connection time limit is reached; closing the connection');
    }, options.connectionMs ?? CONNECTION_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              options.implicitTls === true
                ? `SMTPS port ${options.port} is in use on ${options.host}: move it with --smtps-port <n> (0: a free port) or leave --smtps-port out`
                : `SMTP port ${options.port} is in use on ${options.host}: move SMTP with --smtp-port <n> (0: a free port) or turn it off with --smtp-port off`,
            )
          : error,
      );
    };
    // smtp-server re-emits its net server's errors: until it listens, they are the start's, reported once by it.
    server.once('error', failed);
    server.listen(options.port, options.host, () => {
      server.off('error', failed);
      server.on('error', (error) => options.logger.warn(`smtp: ${error.message}`));
      resolve();
    });
  });
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : options.port,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Messages received in full are stored before the database closes.
      await Promise.allSettled([...inFlight]);
    },
  };
}

const tokenOf = (session: SMTPServerSession): string | null => (session.user as AuthedUser | undefined)?.token ?? null;
/** The client's IP as Go writes it: an IPv4 client of a dual-stack socket without its `::ffff:` prefix. */
const ipOf = (session: SMTPServerSession): string =>
  (session.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.)/, '') || '127.0.0.1';
const usernameOf = (session: SMTPServerSession): string => (session.user as AuthedUser | undefined)?.username ?? '';

function envelopeOf(session: SMTPServerSession): SmtpEnvelope {
  const from = session.envelope.mailFrom;
  return {
    from: from === false ? '' : from.address,
    to: session.envelope.rcptTo.map((recipient) => recipient.address),
  };
}

type ReadMessage =
  | { kind: 'whole'; raw: Buffer }
  | { kind: 'too-large' }
  | { kind: 'line-too-long' }
  | { kind: 'gone' };

/**
 * The message's bytes once its final `.` has arrived. Past the size limit or a line limit the rest is read and
 * dropped, so memory stays bounded by the limit, and the reply comes after the client's `.`; a message still
 * coming at twice the size limit is taken for a never-ending one: `oversized` answers and closes the connection at
 * once (the stream then ends as 'gone'). A client sending a message somewhat over the limit gets its 552 and may go
 * on with the next; one that would send forever is cut off after reading the limit twice.
 */
function readMessage(stream: SMTPServerDataStream, maxBytes: number, oversized: () => void): Promise<ReadMessage> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let lineBytes = 0;
    let refused: 'too-large' | 'line-too-long' | null = null;
    let cutOff = false;
    const refuse = (why: 'too-large' | 'line-too-long') => {
      refused = why;
      chunks.length = 0;
    };
    stream.on('data', (chunk: Buffer) => {
      if (cutOff) return;
      bytes += chunk.length;
      if (bytes > maxBytes) {
        if (refused !== 'too-large') refuse('too-large');
        if (bytes > 2 * maxBytes) {
          cutOff = true;
          oversized();
        }
        return;
      }
      if (refused !== null) return;
      // The line carried over from the chunks before, then each line this chunk ends.
      let start = 0;
      for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) {
        if (lineBytes + (at - start) > MAX_LINE_BYTES) return refuse('line-too-long');
        lineBytes = 0;
        start = at + 1;
      }
      lineBytes += chunk.length - start;
      if (lineBytes > MAX_LINE_BYTES) return refuse('line-too-long');
      chunks.push(chunk);
    });
    stream.once('end', () => {
      resolve(refused === null ? { kind: 'whole', raw: Buffer.concat(chunks) } : { kind: refused });
    });
    // Destroyed when the connection closes before the final `.` (smtp-connection.js _onClose).
    stream.once('error', () => resolve({ kind: 'gone' }));
    stream.once('close', () => resolve({ kind: 'gone' }));
  });
}
