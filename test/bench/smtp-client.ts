/**
 * The SMTP bench's client: a few lines of raw SMTP per connection, with PIPELINING (RFC 2920: MAIL, RCPT and DATA
 * sent as one group), over messages dot-stuffed before the clock starts. nodemailer's pooled transport cost the
 * bench ~1.5 ms of CPU per mail on the client side: on a 2-core machine shared with the server that capped both
 * the emulator and MailDev near 560 mails/s, so the bench measured its own client. This one costs a write and a
 * reply scan per mail.
 */
import { connect, type Socket } from 'node:net';

export interface RawMail {
  from: string;
  to: string[];
  /** The message as it goes after DATA: CRLF lines, dot-stuffed, ending with `\r\n.\r\n`. */
  data: Buffer;
}

/** A composed RFC 5322 message (CRLF lines) made ready for DATA. */
export function rawMail(from: string, to: string[], message: Buffer): RawMail {
  let text = message.toString('latin1');
  if (!text.endsWith('\r\n')) text += '\r\n';
  // Dot-stuffing (RFC 5321 4.5.2): a line starting with `.` gets one more.
  text = text.replace(/^\./gm, '..');
  return { from, to, data: Buffer.from(`${text}.\r\n`, 'latin1') };
}

/** One connection: reads replies line by line and hands each complete reply (its last line) to the waiter. */
class Connection {
  private buffered = '';
  private readonly waiting: Array<{ resolve: (line: string) => void; reject: (error: Error) => void }> = [];
  private readonly replies: string[] = [];
  private closed = false;

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buffered += chunk.toString('latin1');
      for (let end = this.buffered.indexOf('\r\n'); end !== -1; end = this.buffered.indexOf('\r\n')) {
        const line = this.buffered.slice(0, end);
        this.buffered = this.buffered.slice(end + 2);
        // `250-...` continues a multi-line reply; `250 ...` ends it.
        if (line.charAt(3) === '-') continue;
        const waiter = this.waiting.shift();
        if (waiter === undefined) this.replies.push(line);
        else waiter.resolve(line);
      }
    });
    socket.on('close', () => {
      this.closed = true;
      for (const waiter of this.waiting.splice(0)) waiter.reject(new Error('the connection closed'));
    });
  }

  static async open(port: number): Promise<Connection> {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const connection = new Connection(socket);
    await connection.expect('220');
    connection.socket.write('EHLO bench.test\r\n');
    await connection.expect('250');
    return connection;
  }

  private reply(): Promise<string> {
    const ready = this.replies.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    if (this.closed) return Promise.reject(new Error('the connection closed'));
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  private async expect(code: string): Promise<void> {
    const line = await this.reply();
    if (!line.startsWith(code)) throw new Error(`expected ${code}, got: ${line}`);
  }

  /** Sends one mail; resolves true on the final 250, false on any other reply. */
  async send(mail: RawMail): Promise<boolean> {
    const commands = [`MAIL FROM:<${mail.from}>`, ...mail.to.map((to) => `RCPT TO:<${to}>`), 'DATA'];
    this.socket.write(`${commands.join('\r\n')}\r\n`);
    const answers = await Promise.all(commands.map(() => this.reply()));
    if (!answers.at(-1)!.startsWith('354')) return false;
    this.socket.write(mail.data);
    return (await this.reply()).startsWith('250');
  }

  async close(): Promise<void> {
    this.socket.end('QUIT\r\n');
    await new Promise((resolve) => this.socket.once('close', resolve));
  }
}

/** Sends every mail over `connections` connections, each taking the next unsent mail; answers how many failed. */
export async function sendOverConnections(port: number, connections: number, mails: RawMail[]): Promise<number> {
  const open = await Promise.all(Array.from({ length: connections }, () => Connection.open(port)));
  let next = 0;
  let failed = 0;
  await Promise.all(
    open.map(async (connection) => {
      while (next < mails.length) {
        const mail = mails[next++]!;
        if (!(await connection.send(mail).catch(() => false))) failed++;
      }
    }),
  );
  await Promise.all(open.map((connection) => connection.close()));
  return failed;
}
