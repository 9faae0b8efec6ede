/**
 * Fault rules for SMTP (server/emulator/README.md "Fault rules"), spoken to with real SMTP: a rule
 * naming MAIL, RCPT or DATA answers that command with its reply; RCPT refuses only that recipient; a refused MAIL
 * or DATA stores nothing; `times` and a seeded `probability` as for the HTTP rules; per workspace under --isolate;
 * the same 422s for a rule that could not be an SMTP reply.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { connectEventStream } from '../support/event-stream.js';
import { spawnEmulator, useEmulator, type SpawnedEmulator } from '../support/emulator-process.js';
import { smtpDialog, smtpTransport } from '../support/smtp.js';

const emulator = useEmulator({ args: ['--smtp-port', '0', '--isolate', '--any-token'] });
const port = () => emulator().smtpPort as number;

/** A call to the emulator's HTTP side; without a token, as the default workspace (the one SMTP without AUTH writes to). */
async function call(
  method: string,
  path: string,
  body?: unknown,
  token: string | null = null,
  on: SpawnedEmulator = emulator(),
) {
  const response = await fetch(`${on.url}${path}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      'content-type': 'application/json',
      accept: 'application/json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: response.status === 204 ? null : ((await response.json()) as any) };
}

async function addRule(rule: unknown, token: string | null = null, on?: SpawnedEmulator) {
  const { status, json } = await call('POST', '/_emulator/faults', rule, token, on);
  expect(status, JSON.stringify(json)).toBe(201);
  return json;
}

const rules = async (token: string | null = null) =>
  (await call('GET', '/_emulator/faults', undefined, token)).json.data as any[];

async function countSubject(subject: string, token: string | null = null): Promise<number> {
  return (
    await call('GET', `/_emulator/messages?query=${encodeURIComponent(`subject:"${subject}"`)}`, undefined, token)
  ).json.meta.total;
}

async function waitForSubject(subject: string, token: string | null = null): Promise<any> {
  const query = encodeURIComponent(`subject:"${subject}"`);
  const { status, json } = await call('GET', `/_emulator/wait-for?query=${query}&timeout_ms=10000`, undefined, token);
  expect(status).toBe(200);
  return (await call('GET', `/_emulator/messages/${json.data[0].uuid}`, undefined, token)).json;
}

const mail = (subject: string, extra: Record<string, unknown> = {}) => ({
  from: 'app@example.com',
  to: 'jane@example.com',
  subject,
  text: 'hello',
  ...extra,
});

beforeEach(async () => {
  expect((await call('DELETE', '/_emulator/faults')).status).toBe(204);
});

describe('SMTP fault rules', () => {
  it('answers MAIL FROM with the reply, and stores nothing', async () => {
    const rule = await addRule({ smtp: 'mail', reply: { code: 421, message: '4.7.0 Try again later' } });
    expect(rule).toMatchObject({
      smtp: 'MAIL',
      reply: { code: 421, message: '4.7.0 Try again later' },
      sender: null,
      method: null,
      status: null,
    });
    await expect(smtpTransport(port()).sendMail(mail('Refused at MAIL'))).rejects.toMatchObject({
      responseCode: 421,
      response: '421 4.7.0 Try again later',
    });
    expect(await rules()).toMatchObject([{ fired: 1, remaining: null }]);
    expect(await countSubject('Refused at MAIL')).toBe(0);
  });

  it('matches MAIL by sender', async () => {
    await addRule({ smtp: 'MAIL', sender: '*@bounces.example.com', reply: { code: 553, message: '5.1.8 Bad sender' } });
    await expect(
      smtpTransport(port()).sendMail(mail('From bounces', { from: 'x@bounces.example.com' })),
    ).rejects.toMatchObject({ responseCode: 553 });
    await smtpTransport(port()).sendMail(mail('From the app'));
    expect((await waitForSubject('From the app')).envelope.from).toBe('app@example.com');
    expect(await countSubject('From bounces')).toBe(0);
  });

  it('refuses only the RCPT it matches: the mail is stored for the other recipients', async () => {
    await addRule({
      smtp: 'RCPT',
      recipient: 'ghost@example.com',
      reply: { code: 550, message: '5.1.1 No such user' },
    });
    const info = await smtpTransport(port()).sendMail(
      mail('One recipient refused', { to: 'jane@example.com, ghost@example.com' }),
    );
    expect(info.accepted).toEqual(['jane@example.com']);
    expect(info.rejected).toEqual(['ghost@example.com']);
    expect(info.rejectedErrors?.[0]).toMatchObject({ responseCode: 550, response: '550 5.1.1 No such user' });
    const message = await waitForSubject('One recipient refused');
    expect(message.envelope).toEqual({ from: 'app@example.com', to: ['jane@example.com'] });

    // Every recipient refused: nodemailer gives up, nothing is stored.
    await expect(
      smtpTransport(port()).sendMail(mail('All refused', { to: 'ghost@example.com' })),
    ).rejects.toMatchObject({ responseCode: 550 });
    expect(await countSubject('All refused')).toBe(0);
  });

  it('answers DATA after the final dot and stores nothing; the next mail goes through when times ran out', async () => {
    await addRule({ smtp: 'DATA', reply: { code: 452, message: '4.3.1 Insufficient system storage' }, times: 1 });
    const transport = smtpTransport(port());
    await expect(transport.sendMail(mail('Refused at DATA'))).rejects.toMatchObject({
      responseCode: 452,
      response: '452 4.3.1 Insufficient system storage',
    });
    expect(await rules()).toMatchObject([{ smtp: 'DATA', times: 1, remaining: 0, fired: 1 }]);
    // The retry an app would make: accepted and stored, once.
    expect((await transport.sendMail(mail('Retried after DATA'))).response).toMatch(/^250 /);
    await waitForSubject('Retried after DATA');
    expect(await countSubject('Refused at DATA')).toBe(0);
    expect(await rules()).toMatchObject([{ remaining: 0, fired: 1 }]);
  });

  it('matches DATA by any envelope recipient (Bcc included), and gives a standard text without a message', async () => {
    await addRule({ smtp: 'DATA', recipient: 'audit@*', reply: { code: 554 } });
    const refused = smtpTransport(port()).sendMail(mail('Bcc audit', { bcc: 'audit@example.com' }));
    await expect(refused).rejects.toMatchObject({ responseCode: 554, response: '554 5.7.1 Refused (fault rule)' });
    expect(await rules()).toMatchObject([{ reply: { code: 554, message: '5.7.1 Refused (fault rule)' } }]);
    await smtpTransport(port()).sendMail(mail('No audit'));
    await waitForSubject('No audit');
    expect(await countSubject('Bcc audit')).toBe(0);
  });

  it('tells the Controls page (faults.changed) when an SMTP rule fires', async () => {
    // In the workspace of token-e (--isolate), whose stream the page would follow.
    await addRule({ smtp: 'RCPT', reply: { code: 450 }, times: 1 }, 'token-e');
    const stream = await connectEventStream(emulator().url, 'token-e');
    const transport = smtpTransport(port(), { auth: { user: 'app', pass: 'token-e' } });
    await expect(transport.sendMail(mail('Event on fire'))).rejects.toMatchObject({ responseCode: 450 });
    expect(await stream.next()).toEqual({ event: 'faults.changed', data: {} });
    expect(await rules('token-e')).toMatchObject([{ remaining: 0, fired: 1 }]);
  });

  it('keeps the rules per workspace: the AUTH token picks them under --isolate', async () => {
    await addRule({ smtp: 'MAIL', reply: { code: 550, message: '5.7.1 Not for a' } }, 'token-a');
    await expect(
      smtpTransport(port(), { auth: { user: 'app', pass: 'token-a' } }).sendMail(mail('In workspace a')),
    ).rejects.toMatchObject({ responseCode: 550 });
    await smtpTransport(port(), { auth: { user: 'app', pass: 'token-b' } }).sendMail(mail('In workspace b'));
    await smtpTransport(port()).sendMail(mail('In the default workspace'));
    await waitForSubject('In workspace b', 'token-b');
    await waitForSubject('In the default workspace');
    expect(await rules('token-a')).toMatchObject([{ fired: 1 }]);
    await call('DELETE', '/_emulator/faults', undefined, 'token-a');
  });

  it('answers 422 to a rule that could not be an SMTP reply', async () => {
    const cases: Array<[unknown, string[]]> = [
      [{ smtp: 'RCPT', reply: { code: 250 } }, ['reply.code']],
      [{ smtp: 'RCPT', reply: { code: 600 } }, ['reply.code']],
      [{ smtp: 'RCPT', reply: { code: 550, message: 'two\r\n250 lines' } }, ['reply.message']],
      [{ smtp: 'QUIT', reply: { code: 550 } }, ['smtp']],
      [{ smtp: 'RCPT' }, ['reply']],
      [{ reply: { code: 550 } }, ['smtp']],
      [{ smtp: 'RCPT', reply: { code: 550 }, status: 500 }, ['status']],
      [{ smtp: 'MAIL', recipient: 'a@b.c', reply: { code: 550 } }, ['recipient']],
    ];
    for (const [rule, fields] of cases) {
      const { status, json } = await call('POST', '/_emulator/faults', rule);
      expect(status, JSON.stringify(rule)).toBe(422);
      expect(Object.keys(json.errors), JSON.stringify(rule)).toEqual(fields);
    }
  });
});

describe('SMTP fault rules with --random seed:<n>', () => {
  /** The replies to 24 RCPT TO under a probability-0.5 rule, on a fresh emulator with this seed. */
  async function repliesWithSeed(seed: number): Promise<string[]> {
    const seeded = await spawnEmulator({ args: ['--smtp-port', '0', '--random', `seed:${seed}`] });
    try {
      await addRule(
        { smtp: 'RCPT', probability: 0.5, reply: { code: 450, message: '4.2.1 Mailbox busy' } },
        seeded.token,
        seeded,
      );
      const dialog = await smtpDialog(seeded.smtpPort as number);
      dialog.write('EHLO test\r\n');
      await dialog.reply();
      dialog.write('MAIL FROM:<app@example.com>\r\n');
      expect(await dialog.reply()).toMatch(/^250 /);
      const replies: string[] = [];
      for (let i = 0; i < 24; i++) {
        dialog.write(`RCPT TO:<user${i}@example.com>\r\n`);
        replies.push((await dialog.reply()).slice(0, 3));
      }
      dialog.destroy();
      const [rule] = (await call('GET', '/_emulator/faults', undefined, seeded.token, seeded)).json.data;
      expect(rule.fired).toBe(replies.filter((code) => code === '450').length);
      return replies;
    } finally {
      await seeded.stop();
    }
  }

  it('refuses the same recipients in every run with the same seed, and some of them only', async () => {
    const first = await repliesWithSeed(7);
    expect(first).toContain('450');
    expect(first).toContain('250');
    expect(await repliesWithSeed(7)).toEqual(first);
  });
});

describe('SMTP fault rules from --faults <file>', () => {
  it('takes them from the file, and a bad one stops the start naming its field', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'smtp-faults-'));
    const good = join(dir, 'good.json');
    writeFileSync(
      good,
      JSON.stringify([{ smtp: 'DATA', reply: { code: 451, message: '4.3.0 From the file' }, times: 1 }]),
    );
    const fromFile = await spawnEmulator({ args: ['--smtp-port', '0', '--faults', good] });
    try {
      const transport = smtpTransport(fromFile.smtpPort as number);
      await expect(transport.sendMail(mail('File refused'))).rejects.toMatchObject({
        responseCode: 451,
        response: '451 4.3.0 From the file',
      });
      expect((await transport.sendMail(mail('File retried'))).response).toMatch(/^250 /);
    } finally {
      await fromFile.stop();
    }
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify([{ smtp: 'RCPT', reply: { code: 250 } }]));
    await expect(spawnEmulator({ args: ['--smtp-port', '0', '--faults', bad] })).rejects.toThrow(/\[0\]\.reply\.code/);
  });
});
