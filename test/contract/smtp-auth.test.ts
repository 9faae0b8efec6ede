/**
 * Who may send over SMTP and where the mail goes (README "SMTP"): AUTH follows the UI's token rule (here
 * `--ui-token required`, which applies the rule of an emulator bound beyond loopback), `--isolate` puts a mail in
 * the workspace of the token given as the AUTH password; and how SMTP starts: a port in use stops the command with
 * one line, startEmulator() answers the port it took.
 */
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../server/testing/index.js';
import { CLI, TOKEN, useEmulator, type SpawnedEmulator } from '../support/emulator-process.js';
import { smtpTransport } from '../support/smtp.js';

const required = useEmulator({ args: ['--smtp-port', '0', '--ui-token', 'required'] });
const isolated = useEmulator({ args: ['--smtp-port', '0', '--isolate', '--any-token'] });

/** Waits server-side for the mail with this subject in the token's workspace (null: the default one). */
async function waitForSubject(emulator: SpawnedEmulator, subject: string, token: string | null): Promise<any[]> {
  const query = encodeURIComponent(`subject:"${subject}"`);
  const headers: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token}` };
  const response = await fetch(`${emulator.url}/_emulator/wait-for?query=${query}&timeout_ms=10000`, { headers });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: any[] }).data;
}

async function countSubject(emulator: SpawnedEmulator, subject: string, token: string | null): Promise<number> {
  const headers: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token}` };
  const response = await fetch(
    `${emulator.url}/_emulator/messages?query=${encodeURIComponent(`subject:"${subject}"`)}`,
    { headers },
  );
  return ((await response.json()) as { meta: { total: number } }).meta.total;
}

const port = (emulator: SpawnedEmulator) => emulator.smtpPort as number;

describe('SMTP AUTH where a token is needed for the UI', () => {
  it('answers 530 to a mail without AUTH, 535 to a password that is no accepted token, and takes an accepted one', async () => {
    const mail = { from: 'app@example.com', to: 'jane@example.com', text: 'hi' };
    await expect(smtpTransport(port(required())).sendMail({ ...mail, subject: 'No auth' })).rejects.toMatchObject({
      responseCode: 530,
    });
    await expect(
      smtpTransport(port(required()), { auth: { user: 'app', pass: 'wrong' } }).sendMail({
        ...mail,
        subject: 'Wrong token',
      }),
    ).rejects.toMatchObject({ responseCode: 535 });
    await smtpTransport(port(required()), { auth: { user: 'app', pass: TOKEN } }).sendMail({
      ...mail,
      subject: 'Right token',
    });
    expect(await waitForSubject(required(), 'Right token', TOKEN)).toHaveLength(1);
    expect(await countSubject(required(), 'No auth', TOKEN)).toBe(0);
    expect(await countSubject(required(), 'Wrong token', TOKEN)).toBe(0);
  });
});

describe('SMTP with --isolate', () => {
  it("puts a mail in the workspace of the AUTH password's token, and one without AUTH in the default workspace", async () => {
    const mail = { from: 'app@example.com', to: 'jane@example.com', text: 'hi' };
    await smtpTransport(port(isolated()), { auth: { user: 'app', pass: 'token-a' } }).sendMail({
      ...mail,
      subject: 'For workspace a',
    });
    await smtpTransport(port(isolated())).sendMail({ ...mail, subject: 'For the default workspace' });
    expect(await waitForSubject(isolated(), 'For workspace a', 'token-a')).toHaveLength(1);
    expect(await waitForSubject(isolated(), 'For the default workspace', null)).toHaveLength(1);
    expect(await countSubject(isolated(), 'For workspace a', null)).toBe(0);
    expect(await countSubject(isolated(), 'For workspace a', 'token-b')).toBe(0);
    expect(await countSubject(isolated(), 'For the default workspace', 'token-a')).toBe(0);
  });
});

describe('starting SMTP', () => {
  const startOn = async (args: string[]): Promise<{ code: number | null; stderr: string }> => {
    const child = spawn(process.execPath, [CLI, '--port', '0', '--db', ':memory:', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    return { code, stderr };
  };

  it('stops the command with one line naming a port in use and how to move or disable SMTP (and SMTPS)', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as AddressInfo).port;
    try {
      const smtp = await startOn(['--smtp-port', String(taken)]);
      expect(smtp.code).toBe(1);
      expect(smtp.stderr.trimEnd().split('\n')).toEqual([
        `mailcoach-emulator: cannot start: SMTP port ${taken} is in use on 127.0.0.1: move SMTP with --smtp-port <n> (0: a free port) or turn it off with --smtp-port off`,
      ]);
      // The SMTP listener already up when the SMTPS one fails is closed again: the process exits.
      const smtps = await startOn(['--smtp-port', '0', '--smtps-port', String(taken)]);
      expect(smtps.code).toBe(1);
      expect(smtps.stderr.trimEnd().split('\n')).toEqual([
        `mailcoach-emulator: cannot start: SMTPS port ${taken} is in use on 127.0.0.1: move it with --smtps-port <n> (0: a free port) or leave --smtps-port out`,
      ]);
    } finally {
      blocker.close();
    }
  });

  it('startEmulator({ smtpPort: 0 }) answers the free port it took, and has no SMTP unless asked', async () => {
    await using withSmtp = await startEmulator({ smtpPort: 0, fixtures: null });
    expect(withSmtp.smtpPort).toBeGreaterThan(0);
    await smtpTransport(withSmtp.smtpPort as number).sendMail({
      from: 'app@example.com',
      to: 'jane@example.com',
      subject: 'In process',
      text: 'hi',
    });
    const mail = await withSmtp.client.waitForMessage({ subject: 'In process' });
    expect(mail.via).toBe('smtp');
    expect(withSmtp.smtpsPort).toBeNull();
    await using without = await startEmulator({ fixtures: null });
    expect(without.smtpPort).toBeNull();
    await using secure = await startEmulator({ smtpsPort: 0, fixtures: null });
    expect(secure.smtpPort).toBeNull();
    await smtpTransport(secure.smtpsPort as number, { secure: true, tls: { rejectUnauthorized: false } }).sendMail({
      from: 'app@example.com',
      to: 'jane@example.com',
      subject: 'In process over smtps',
      text: 'hi',
    });
    expect((await secure.client.waitForMessage({ subject: 'In process over smtps' })).via).toBe('smtp');
  });
});
