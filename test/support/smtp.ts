/**
 * SMTP for the tests: nodemailer transports to an emulator's SMTP port, and a raw dialog for what no well-behaved
 * client sends (a 2 MB line, a disconnect in the middle of DATA).
 */
import { connect, type Socket } from 'node:net';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

export function smtpTransport(port: number, options: SMTPTransport.Options = {}) {
  // ignoreTLS unless the test speaks TLS itself: nodemailer upgrades whenever STARTTLS is offered.
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: options.requireTLS !== true,
    ...options,
  });
}

export interface SmtpDialog {
  /** Writes bytes as they are (add the CRLF yourself). */
  write(data: string | Buffer): void;
  /** Writes and waits until the socket takes more (false: the connection is gone). */
  flood(data: string | Buffer): Promise<boolean>;
  /** The next complete reply (every line of a multi-line one), e.g. `250 OK`. */
  reply(): Promise<string>;
  /** Resolves once the server closed the connection. */
  closed: Promise<void>;
  destroy(): void;
}

/** Connects and reads the greeting. */
export async function smtpDialog(port: number): Promise<SmtpDialog> {
  const socket: Socket = connect(port, '127.0.0.1');
  let buffer = '';
  let waiting: (() => void) | null = null;
  socket.on('data', (chunk) => {
    buffer += chunk.toString('latin1');
    waiting?.();
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  const reply = async (): Promise<string> => {
    for (;;) {
      // A reply ends with a line whose code is followed by a space (RFC 5321 §4.2.1).
      const match = /^(?:\d{3}-.*\r\n)*\d{3} .*\r\n/.exec(buffer);
      if (match !== null) {
        buffer = buffer.slice(match[0].length);
        return match[0].trimEnd();
      }
      const more = new Promise<void>((resolve, reject) => {
        waiting = resolve;
        void closed.then(() => reject(new Error(`the connection closed; unread: ${buffer}`)));
      });
      await more;
      waiting = null;
    }
  };
  const flood = async (data: string | Buffer): Promise<boolean> => {
    if (socket.destroyed || !socket.writable) return false;
    if (socket.write(data)) return true;
    return Promise.race([
      new Promise<boolean>((resolve) => socket.once('drain', () => resolve(true))),
      closed.then(() => false),
    ]);
  };
  const dialog: SmtpDialog = {
    write: (data) => void socket.write(data),
    flood,
    reply,
    closed,
    destroy: () => socket.destroy(),
  };
  await reply();
  return dialog;
}
