/**
 * Mail for the Mailpit surface's tests: a hand-written message received over SMTP exactly as written (its lines
 * joined with CRLF, dot-stuffed), so that a test knows its MIME structure to the byte, and the Mailpit ID and uuid
 * the emulator stored it under (the newest message once the 250 came: the intake stores before it answers).
 */
import { expect } from 'vitest';
import { toMailpitId } from '../../server/mailpit/ids.js';
import type { SpawnedEmulator } from './emulator-process.js';
import { rawRequest } from './http.js';
import { smtpDialog } from './smtp.js';

export async function receiveMail(
  emulator: SpawnedEmulator,
  lines: string[],
  envelope: { from: string; to: string[] },
): Promise<{ id: string; uuid: string }> {
  if (emulator.smtpPort === null) throw new Error('start the emulator with --smtp-port 0');
  const dialog = await smtpDialog(emulator.smtpPort);
  const command = async (line: string, code: RegExp) => {
    dialog.write(`${line}\r\n`);
    expect(await dialog.reply(), line).toMatch(code);
  };
  await command('EHLO test', /^250/);
  await command(`MAIL FROM:<${envelope.from}>`, /^250 /);
  for (const to of envelope.to) await command(`RCPT TO:<${to}>`, /^250 /);
  await command('DATA', /^354 /);
  const data = lines.map((line) => (line.startsWith('.') ? `.${line}` : line)).join('\r\n');
  await command(`${data}${data.endsWith('\r\n') ? '' : '\r\n'}.`, /^250 /);
  dialog.write('QUIT\r\n');
  await dialog.closed;
  const newest = await rawRequest(emulator.url, { path: '/_emulator/messages?per_page=1' });
  const uuid: string = newest.json().data[0].uuid;
  return { id: toMailpitId(uuid), uuid };
}

/** PUT /api/v1/chaos with this JSON body; a test that sets a trigger puts `{}` back (every trigger off) after. */
export async function putMailpitChaos(url: string, body: string) {
  return rawRequest(url, {
    method: 'PUT',
    path: '/api/v1/chaos',
    headers: { 'content-type': 'application/json' },
    body,
  });
}
