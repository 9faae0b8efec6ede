/**
 * Mailpit's chaos (server/mailpit/chaos.ts, server/faults/chaos.ts; docs/spec/mailpit-api.md#26-checks, case 66):
 * GET and PUT /api/v1/chaos through the real `mailpit-api` client and raw HTTP, the triggers answering MAIL, RCPT and
 * AUTH over raw SMTP, Mailpit's 400s changing nothing, and the triggers as the workspace's SMTP fault rules (an AUTH
 * rule among them, which /_emulator/faults takes too).
 */
import { MailpitClient } from 'mailpit-api';
import { beforeEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../../server/random.js';
import { spawnEmulator, useEmulator } from '../support/emulator-process.js';
import { rawRequest } from '../support/http.js';
import { putMailpitChaos } from '../support/mailpit-mail.js';
import { smtpDialog } from '../support/smtp.js';

const emulator = useEmulator({ args: ['--smtp-port', '0'] });
const port = () => emulator().smtpPort as number;

const DEFAULTS = {
  Sender: { ErrorCode: 451, Probability: 0 },
  Recipient: { ErrorCode: 451, Probability: 0 },
  Authentication: { ErrorCode: 535, Probability: 0 },
};

const putChaos = (body: string) => putMailpitChaos(emulator().url, body);
const getChaos = async () => (await rawRequest(emulator().url, { path: '/api/v1/chaos' })).json();

async function emulatorJson(method: string, path: string, body?: unknown) {
  const response = await fetch(`${emulator().url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: response.status === 204 ? null : ((await response.json()) as any) };
}

beforeEach(async () => {
  expect((await emulatorJson('DELETE', '/_emulator/faults')).status).toBe(204);
});

describe('GET and PUT /api/v1/chaos', () => {
  it('answers the triggers through the mailpit-api client, as its own e2e suite checks them', async () => {
    const mailpit = new MailpitClient(emulator().url);
    expect(await mailpit.getChaosTriggers()).toEqual(DEFAULTS);
    const newTriggers = {
      Authentication: { ErrorCode: 451, Probability: 5 },
      Recipient: { ErrorCode: 452, Probability: 10 },
      Sender: { ErrorCode: 453, Probability: 15 },
    };
    expect(await mailpit.setChaosTriggers(newTriggers)).toEqual(newTriggers);
    expect(await mailpit.getChaosTriggers()).toEqual(newTriggers);
    // Omitted triggers go back to their defaults.
    expect(await mailpit.setChaosTriggers()).toEqual(DEFAULTS);
  });

  it('answers case 66 byte for byte, in Go’s key order, and RCPT TO then gets the chaos reply', async () => {
    const res = await putChaos('{"Recipient":{"ErrorCode":452,"Probability":100}}');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(
      '{"Sender":{"ErrorCode":451,"Probability":0},"Recipient":{"ErrorCode":452,"Probability":100},"Authentication":{"ErrorCode":535,"Probability":0}}\n',
    );
    const dialog = await smtpDialog(port());
    dialog.write('EHLO test\r\nMAIL FROM:<app@example.com>\r\nRCPT TO:<jane@example.com>\r\nQUIT\r\n');
    expect(await dialog.reply()).toMatch(/^250-/);
    expect(await dialog.reply()).toMatch(/^250 /);
    expect(await dialog.reply()).toBe('452 Chaos recipient error');
    expect(await dialog.reply()).toMatch(/^221 /);
    // PUT {} resets every trigger: the recipient is taken again.
    expect((await putChaos('{}')).json()).toEqual(DEFAULTS);
    const again = await smtpDialog(port());
    again.write('EHLO test\r\nMAIL FROM:<app@example.com>\r\nRCPT TO:<jane@example.com>\r\nQUIT\r\n');
    await again.reply();
    await again.reply();
    expect(await again.reply()).toMatch(/^250 /);
  });

  it('answers MAIL FROM and AUTH with their triggers', async () => {
    await putChaos(
      '{"Sender":{"ErrorCode":550,"Probability":100},"Authentication":{"ErrorCode":454,"Probability":100}}',
    );
    const dialog = await smtpDialog(port());
    const plain = Buffer.from('\0user\0secret').toString('base64');
    dialog.write(`EHLO test\r\nAUTH PLAIN ${plain}\r\nMAIL FROM:<app@example.com>\r\nQUIT\r\n`);
    expect(await dialog.reply()).toMatch(/^250-/);
    expect(await dialog.reply()).toBe('454 Chaos authentication error');
    expect(await dialog.reply()).toBe('550 Chaos sender error');
    expect(await dialog.reply()).toMatch(/^221 /);
  });

  it('reads the body as Go does: keys in any case, an error code of 0 the default, the first JSON value only', async () => {
    const res = await putChaos('{"recipient":{"errorcode":0,"PROBABILITY":7},"Ignored":1} and then anything');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULTS, Recipient: { ErrorCode: 451, Probability: 7 } });
  });

  it('answers Mailpit’s 400s, text/plain without a newline, and changes nothing', async () => {
    const before = { ...DEFAULTS, Sender: { ErrorCode: 421, Probability: 50 } };
    expect((await putChaos(JSON.stringify(before))).json()).toEqual(before);
    const cases: Array<[string, string]> = [
      ['{"Sender":{"ErrorCode":600,"Probability":1}}', 'error code must be between 400 and 599'],
      ['{"Sender":{"ErrorCode":399,"Probability":1}}', 'error code must be between 400 and 599'],
      ['{"Recipient":{"ErrorCode":452,"Probability":101}}', 'probability must be between 0 and 100'],
      // Mailpit has set the Sender by the time it refuses the Recipient; we set nothing.
      [
        '{"Sender":{"ErrorCode":452,"Probability":1},"Recipient":{"Probability":-1}}',
        'probability must be between 0 and 100',
      ],
      [
        '{"Sender":{"ErrorCode":"451"}}',
        'json: cannot unmarshal string into Go struct field Trigger.Sender.ErrorCode of type int',
      ],
      [
        '{"Sender":{"Probability":2.5}}',
        'json: cannot unmarshal number 2.5 into Go struct field Trigger.Sender.Probability of type int',
      ],
      ['{"Sender":true}', 'json: cannot unmarshal bool into Go struct field Triggers.Sender of type chaos.Trigger'],
      ['[]', 'json: cannot unmarshal array into Go value of type chaos.Triggers'],
      ['', 'EOF'],
      ['{"Sender":', 'unexpected EOF'],
      // A form-encoded body, as a client that forgot JSON sends it.
      ['Sender.ErrorCode=452', "invalid character 'S' looking for beginning of value"],
    ];
    for (const [body, text] of cases) {
      const res = await putChaos(body);
      expect(res.status, body).toBe(400);
      expect(res.headers['content-type'], body).toBe('text/plain; charset=utf-8');
      expect(res.text, body).toBe(text);
      expect(await getChaos(), body).toEqual(before);
    }
  });
});

describe('chaos triggers as SMTP fault rules', () => {
  it('lists each trigger away from its default as a rule; deleting the rule puts the trigger back', async () => {
    await putChaos(
      '{"Recipient":{"ErrorCode":452,"Probability":25},"Authentication":{"ErrorCode":421,"Probability":0}}',
    );
    const { json } = await emulatorJson('GET', '/_emulator/faults');
    expect(json.data).toMatchObject([
      { smtp: 'RCPT', reply: { code: 452, message: 'Chaos recipient error' }, probability: 0.25, times: null },
      { smtp: 'AUTH', reply: { code: 421, message: 'Chaos authentication error' }, probability: 0 },
    ]);
    expect((await emulatorJson('DELETE', `/_emulator/faults/${json.data[0].id}`)).status).toBe(204);
    expect(await getChaos()).toEqual({ ...DEFAULTS, Authentication: { ErrorCode: 421, Probability: 0 } });
    // A PUT replaces the chaos rules and keeps the others.
    await emulatorJson('POST', '/_emulator/faults', { smtp: 'DATA', reply: { code: 451 } });
    await putChaos('{}');
    expect((await emulatorJson('GET', '/_emulator/faults')).json.data).toMatchObject([{ smtp: 'DATA' }]);
  });

  it('takes an AUTH rule from /_emulator/faults, answered before the credentials are judged', async () => {
    const added = await emulatorJson('POST', '/_emulator/faults', {
      smtp: 'auth',
      reply: { code: 454, message: '4.7.0 Temporary authentication failure' },
      times: 1,
    });
    expect(added.status).toBe(201);
    const dialog = await smtpDialog(port());
    const plain = Buffer.from('\0user\0secret').toString('base64');
    dialog.write(`EHLO test\r\nAUTH PLAIN ${plain}\r\nAUTH PLAIN ${plain}\r\nQUIT\r\n`);
    expect(await dialog.reply()).toMatch(/^250-/);
    expect(await dialog.reply()).toBe('454 4.7.0 Temporary authentication failure');
    expect(await dialog.reply()).toMatch(/^235 /);
    expect(await dialog.reply()).toMatch(/^221 /);
    const refused = await emulatorJson('POST', '/_emulator/faults', {
      smtp: 'AUTH',
      sender: 'app@example.com',
      reply: { code: 454 },
    });
    expect(refused.status).toBe(422);
    expect(refused.json.errors.sender).toEqual([
      'AUTH comes before any sender or recipient: an AUTH rule cannot match a sender.',
    ]);
  });
});

describe('chaos with --random seed:<n>', () => {
  it('draws each trigger’s probability from the emulator’s random source: the seed decides which recipients fail', async () => {
    const seeded = await spawnEmulator({ args: ['--smtp-port', '0', '--random', 'seed:40'] });
    try {
      const put = await rawRequest(seeded.url, {
        method: 'PUT',
        path: '/api/v1/chaos',
        body: '{"Recipient":{"ErrorCode":450,"Probability":50}}',
      });
      expect(put.status).toBe(200);
      const dialog = await smtpDialog(seeded.smtpPort as number);
      dialog.write('EHLO test\r\nMAIL FROM:<app@example.com>\r\n');
      await dialog.reply();
      expect(await dialog.reply()).toMatch(/^250 /);
      const replies: string[] = [];
      for (let i = 0; i < 24; i++) {
        dialog.write(`RCPT TO:<user${i}@example.com>\r\n`);
        replies.push(await dialog.reply());
      }
      dialog.destroy();
      // One draw per RCPT, as any rule with a probability below 1 (faults/fault-rules.ts fires()).
      const draw = seededRandom(40);
      const expected = replies.map(() => (draw() < 0.5 ? '450 Chaos recipient error' : '250 Accepted'));
      expect(replies).toEqual(expected);
      expect(new Set(replies).size).toBe(2);
    } finally {
      await seeded.stop();
    }
  });
});

describe('chaos per workspace (--isolate)', () => {
  it('sets the triggers of the caller’s workspace, which answer SMTP in that workspace only', async () => {
    const isolated = await spawnEmulator({ args: ['--smtp-port', '0', '--isolate', '--any-token'] });
    try {
      const basic = `Basic ${Buffer.from('anyone:token-a').toString('base64')}`;
      const put = await rawRequest(isolated.url, {
        method: 'PUT',
        path: '/api/v1/chaos',
        headers: { authorization: basic },
        body: '{"Sender":{"ErrorCode":421,"Probability":100}}',
      });
      expect(put.json().Sender).toEqual({ ErrorCode: 421, Probability: 100 });
      // The default workspace's triggers are untouched.
      expect((await rawRequest(isolated.url, { path: '/api/v1/chaos' })).json()).toEqual(DEFAULTS);
      const mailFrom = async (auth: string | null) => {
        const dialog = await smtpDialog(isolated.smtpPort as number);
        dialog.write('EHLO test\r\n');
        await dialog.reply();
        if (auth !== null) {
          dialog.write(`AUTH PLAIN ${Buffer.from(`\0anyone\0${auth}`).toString('base64')}\r\n`);
          expect(await dialog.reply()).toMatch(/^235 /);
        }
        dialog.write('MAIL FROM:<app@example.com>\r\n');
        const reply = await dialog.reply();
        dialog.destroy();
        return reply;
      };
      expect(await mailFrom('token-a')).toBe('421 Chaos sender error');
      expect(await mailFrom(null)).toMatch(/^250 /);
      expect(await mailFrom('token-b')).toMatch(/^250 /);
    } finally {
      await isolated.stop();
    }
  });
});
