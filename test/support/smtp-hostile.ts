/**
 * What the hostile SMTP tests (smtp-hostile.test.ts, smtp-hostile.slow.test.ts) ask of a running emulator: its SMTP
 * port, how many messages it holds, /healthz asked all the while, and a dialog up to the DATA's 354.
 */
import { expect } from 'vitest';
import type { SpawnedEmulator } from './emulator-process.js';
import { rawRequest } from './http.js';
import type { SmtpDialog } from './smtp.js';

export function hostileSmtpHelpers(emulator: () => SpawnedEmulator) {
  const port = () => {
    const smtpPort = emulator().smtpPort;
    if (smtpPort === null) throw new Error('the emulator printed no SMTP port');
    return smtpPort;
  };
  const getJson = async (path: string): Promise<any> => {
    const response = await fetch(`${emulator().url}${path}`);
    expect(response.status, path).toBe(200);
    return response.json();
  };
  const stored = async (): Promise<number> => (await getJson('/_emulator/messages?per_page=1')).meta.total;
  /** Runs `work` while /healthz is asked every 25 ms, each answered 200. */
  const whileHealthy = async <T>(work: () => Promise<T>): Promise<T> => {
    let done = false;
    let probes = 0;
    const probe = (async () => {
      while (!done) {
        // A connection of its own each time: a kept-alive one can be closed by the server as the next probe
        // reuses it (undici's "other side closed"), which the probe's gaps on a starved machine made likely.
        const health = await rawRequest(emulator().url, { path: '/healthz', headers: { connection: 'close' } });
        expect(health.status).toBe(200);
        probes++;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    try {
      return await work();
    } finally {
      done = true;
      await probe;
      expect(probes).toBeGreaterThan(0);
    }
  };
  /** EHLO, MAIL FROM, RCPT TO and DATA, up to the 354. */
  const startData = async (dialog: SmtpDialog, to = 'jane@example.com'): Promise<void> => {
    dialog.write(`EHLO test\r\nMAIL FROM:<app@example.com>\r\nRCPT TO:<${to}>\r\nDATA\r\n`);
    expect(await dialog.reply()).toMatch(/^250-/);
    expect(await dialog.reply()).toMatch(/^250 /);
    expect(await dialog.reply()).toMatch(/^250 /);
    expect(await dialog.reply()).toMatch(/^354 /);
  };
  return { port, getJson, stored, whileHealthy, startData };
}
