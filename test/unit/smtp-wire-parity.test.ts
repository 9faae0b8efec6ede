/**
 * server/smtp/wire-parity.ts over smtp-server's own parser, fed every way TCP may cut the bytes (each split in two,
 * and one byte at a time): RFC 5321's dot-unstuffing in DATA, and command lines over the limit answered in their
 * place while the lines around them, and the message's long lines, go through.
 */
import { SMTPStream } from 'smtp-server/lib/smtp-stream.js';
import { describe, expect, it } from 'vitest';
import { withParity } from '../../server/smtp/wire-parity.js';

/** What the parser made of `chunks`: the commands (and `<too long>` where one was refused) and each message. */
async function parse(chunks: Buffer[], limit = 4096): Promise<{ events: string[]; messages: string[] }> {
  const events: string[] = [];
  const messages: string[] = [];
  const parser = withParity(new SMTPStream({ maxCommandLength: limit }), limit, () => events.push('<too long>'));
  parser.oncommand = (command, next) => {
    const line = command.toString('latin1');
    events.push(line);
    if (line === 'DATA') {
      const stream = parser.startDataMode();
      const parts: Buffer[] = [];
      stream.on('data', (part: Buffer) => parts.push(part));
      stream.on('end', () => {
        messages.push(Buffer.concat(parts).toString('latin1'));
        parser.continue();
      });
    }
    next?.();
  };
  await new Promise<void>((resolve, reject) => {
    parser.on('error', reject);
    parser.on('finish', () => resolve());
    for (const chunk of chunks) parser.write(chunk);
    parser.end();
  });
  return { events, messages };
}

/** The bytes in two at every place, and byte by byte. */
function cuts(wire: string): Buffer[][] {
  const bytes = Buffer.from(wire, 'latin1');
  const cut: Buffer[][] = [];
  for (let at = 1; at < bytes.length; at++) cut.push([bytes.subarray(0, at), bytes.subarray(at)]);
  cut.push([...bytes].map((byte) => Buffer.from([byte])));
  return cut;
}

describe('withParity', () => {
  it('removes the leading dot of every CRLF line, the first one too; after a bare LF only a doubled one', async () => {
    const wire =
      'EHLO x\r\nDATA\r\n.first\r\nSubject: s\r\n\r\n.foo\r\n..bar\r\nbare\n.kept\n..one\r\n...\r\n.\r\nQUIT\r\n';
    for (const chunks of cuts(wire)) {
      expect(await parse(chunks), chunks.map((chunk) => chunk.length).join('+')).toEqual({
        events: ['EHLO x', 'DATA', 'QUIT'],
        messages: ['first\r\nSubject: s\r\n\r\nfoo\r\n.bar\r\nbare\n.kept\n.one\r\n..\r\n'],
      });
    }
  });

  it('ends an empty message at its first line, and keeps a line that is more than a dot', async () => {
    for (const [wire, message] of [
      ['DATA\r\n.\r\nQUIT\r\n', ''],
      ['DATA\r\n.x\r\n.\r\nQUIT\r\n', 'x\r\n'],
    ]) {
      for (const chunks of cuts(wire as string)) expect((await parse(chunks)).messages).toEqual([message]);
    }
  });

  it('answers a command line over the limit in its place and goes on; a long line of a message is not one', async () => {
    const wire = `NOOP\r\n${'X'.repeat(30)}\r\nNOOP\r\nDATA\r\n${'Y'.repeat(30)}\r\n.\r\n${'Z'.repeat(11)}\r\nQUIT\r\n`;
    for (const chunks of cuts(wire)) {
      expect(await parse(chunks, 10), chunks.map((chunk) => chunk.length).join('+')).toEqual({
        events: ['NOOP', '<too long>', 'NOOP', 'DATA', '<too long>', 'QUIT'],
        messages: [`${'Y'.repeat(30)}\r\n`],
      });
    }
  });

  it('takes a line of exactly the limit', async () => {
    for (const chunks of cuts(`${'A'.repeat(10)}\r\nNOOP\r\n`)) {
      expect((await parse(chunks, 10)).events).toEqual(['A'.repeat(10), 'NOOP']);
    }
  });
});
