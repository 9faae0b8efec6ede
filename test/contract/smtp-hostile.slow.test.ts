/**
 * Hostile SMTP input whose checks are times and memory (smtp-hostile.test.ts has the rest): the idle and connection
 * timeouts, set short with the hidden --smtp-*-timeout-ms options, and the emulator's peak RSS while floods, a
 * 60 MB message and 10,000 RCPT TO arrive at once. A slow test (test/vitest.config.ts): it runs alone, after the
 * others.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { smtpDialog, smtpTransport } from '../support/smtp.js';
import { hostileSmtpHelpers } from '../support/smtp-hostile.js';

describe('hostile SMTP input, short timeouts (idle 1 s, connection 3 s) and a 1 MB limit', () => {
  const emulator = useEmulator({
    args: [
      '--smtp-port',
      '0',
      '--max-body-mb',
      '1',
      '--smtp-idle-timeout-ms',
      '1000',
      '--smtp-connection-timeout-ms',
      '3000',
    ],
  });
  const { port, stored, whileHealthy, startData } = hostileSmtpHelpers(emulator);

  it('a silent client gets a 421 after the idle timeout and is closed', async () => {
    await whileHealthy(async () => {
      const dialog = await smtpDialog(port());
      dialog.write('EHLO test\r\n');
      expect(await dialog.reply()).toMatch(/^250-/);
      const started = Date.now();
      expect(await dialog.reply()).toBe('421 Timeout - closing connection');
      await dialog.closed;
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(Date.now() - started).toBeLessThan(2900);
    });
  });

  it('a silent client in the middle of DATA: 421 after the idle timeout, closed, nothing stored', async () => {
    const before = await stored();
    await whileHealthy(async () => {
      const dialog = await smtpDialog(port());
      await startData(dialog);
      dialog.write('Subject: Silent in data\r\n\r\nhalf');
      expect(await dialog.reply()).toBe('421 Timeout - closing connection');
      await dialog.closed;
    });
    expect(await stored()).toBe(before);
  });

  it('a trickling client (a byte every 200 ms, never idle) gets a 421 at the connection time limit, nothing stored', async () => {
    const before = await stored();
    await whileHealthy(async () => {
      // Before connecting: the server's time limit runs from the connection, and the greeting can take a while.
      const started = Date.now();
      const dialog = await smtpDialog(port());
      await startData(dialog);
      let open = true;
      void dialog.closed.then(() => (open = false));
      const trickle = (async () => {
        for (const byte of 'Subject: Trickled\r\n\r\n'.padEnd(200, 't')) {
          if (!open) return;
          dialog.write(byte);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      })();
      expect(await dialog.reply()).toBe('421 4.4.2 The connection time limit is reached; closing the connection');
      await dialog.closed;
      expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
      expect(Date.now() - started).toBeLessThan(6000);
      await trickle;
    });
    expect(await stored()).toBe(before);
  });

  it('a bare-LF end of data (LF.LF) ends nothing, as RFC 5321 says (no SMTP smuggling): the idle timeout closes it, nothing stored', async () => {
    const before = await stored();
    await whileHealthy(async () => {
      const dialog = await smtpDialog(port());
      await startData(dialog);
      dialog.write('Subject: Lf dot lf\n\nbody\n.\nMAIL FROM:<smuggled@example.com>\n');
      expect(await dialog.reply()).toBe('421 Timeout - closing connection');
      await dialog.closed;
    });
    expect(await stored()).toBe(before);
  });

  it('a never-ending DATA: 552 at twice the size limit and the connection closed, nothing stored', async () => {
    const before = await stored();
    await whileHealthy(async () => {
      const dialog = await smtpDialog(port());
      await startData(dialog);
      const chunk = `${'e'.repeat(998)}\r\n`.repeat(64);
      let written = 0;
      // Never a final `.`: only the server ends this.
      while (await dialog.flood(written === 0 ? `Subject: Never ending\r\n\r\n${chunk}` : chunk)) {
        written += chunk.length;
        if (written > 20 * 1024 * 1024) throw new Error('the server read 20 MB past a 1 MB limit');
      }
      expect(await dialog.reply()).toBe(
        '552 5.3.4 The message exceeds the size limit of 1048576 bytes (--max-body-mb); closing the connection',
      );
      await dialog.closed;
    });
    expect(await stored()).toBe(before);
  });
});

/**
 * An emulator of its own, with the 1 MB limit and the default timeouts. Under the short ones above, a busy machine
 * lost the 60 MB message's reply (`expected [552, 421] to include undefined`): past the limit the server answers
 * 552 and ends its side while the client is still sending, and lingers, reading and dropping what comes, for at most
 * its idle timeout (smtp-server's close(): 1 s there) or until the 3 s connection limit destroyed the socket.
 * Destroyed with the client's bytes unread, the socket answers them with a reset, and the client's TCP discards the
 * reply it had received but not yet read: nodemailer failed with ECONNRESET and no reply code. With the default
 * timeouts the server lingers 5 s, and the client reads the 552 long before.
 */
describe('hostile SMTP input at once, a 1 MB limit', () => {
  const emulator = useEmulator({ args: ['--smtp-port', '0', '--max-body-mb', '1'] });
  const { port, stored, whileHealthy, startData } = hostileSmtpHelpers(emulator);

  it.runIf(process.platform === 'linux')(
    'memory stays bounded by the 1 MB limit: 8 floods, a 60 MB message and 10,000 RCPT TO at once',
    async () => {
      const rssMiB = () =>
        Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${emulator().pid}/status`, 'utf8'))![1]) / 1024;
      const before = await stored();
      const baseline = rssMiB();
      let peak = baseline;
      let done = false;
      const sampler = (async () => {
        while (!done) {
          peak = Math.max(peak, rssMiB());
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();
      const flood = async () => {
        const dialog = await smtpDialog(port());
        await startData(dialog);
        const chunk = `${'f'.repeat(998)}\r\n`.repeat(64);
        while (await dialog.flood(chunk));
        await dialog.closed;
      };
      const recipients = async () => {
        const dialog = await smtpDialog(port());
        dialog.write(
          `EHLO test\r\nMAIL FROM:<app@example.com>\r\n${Array.from({ length: 10_000 }, (_, i) => `RCPT TO:<m${i}@example.com>\r\n`).join('')}QUIT\r\n`,
        );
        await dialog.closed;
      };
      const sixty = smtpTransport(port()).sendMail({
        from: 'app@example.com',
        to: 'jane@example.com',
        subject: 'Sixty megabytes, bounded',
        text: 'x',
        attachments: [{ filename: 'big.bin', content: Buffer.alloc(60 * 1024 * 1024, 'b') }],
      });
      try {
        const refused = sixty.then(
          () => ({ responseCode: 250, code: 'accepted', message: 'the message was stored' }),
          (error: { responseCode?: number; code?: string; message?: string }) => error,
        );
        await whileHealthy(() => Promise.all([...Array.from({ length: 8 }, flood), recipients()]));
        const { responseCode, code, message } = await refused;
        expect(responseCode, `the 60 MB message: ${code} ${message}`).toBe(552);
      } finally {
        done = true;
        await sampler;
      }
      // What was read past the limit is dropped as it comes. The churn of the nine connections' buffers peaked at
      // 41-49 MiB over the baseline beside a CPU hog (the collector runs late); the 60 MB message kept would add 57.
      expect(peak - baseline, `peak ${peak.toFixed(1)} MiB over a baseline of ${baseline.toFixed(1)}`).toBeLessThan(64);
      expect(await stored()).toBe(before);
    },
    60_000,
  );
});
