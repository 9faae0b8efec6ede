/**
 * POST /api/transactional-mails/send, refused or stored, for the send validation tests (send-validation*.test.ts):
 * the texts of the messages, valid inputs to vary one field of, and sends that check what they captured and
 * recorded (captured mail, log items, Sends) before and after.
 */
import { expect } from 'vitest';
import { capturedMessages, lastCaptured, parseMessage } from './captured.js';
import { invalidBody, UUID } from './expected.js';
import { apiClient, type ApiClient, type RawResponse } from './http.js';

export const SEND = '/api/transactional-mails/send';

export const REQUIRED = {
  subject: 'The subject field is required when mail name is not present.',
  html: 'The html field is required when none of mail name / text are present.',
  text: 'The text field is required when none of mail name / html are present.',
  from: 'The from field is required.',
  to: 'The to field is required.',
};
export const EMPTY_ERRORS = {
  subject: [REQUIRED.subject],
  html: [REQUIRED.html],
  text: [REQUIRED.text],
  from: [REQUIRED.from],
  to: [REQUIRED.to],
};
export const MAIL_NAME_NULL = ['The mail name field must be a string.', 'The selected mail name is invalid.'];
export const MAILER_MESSAGE = 'You must pass a valid mailer key. Valid values are: smtp, ses and log.';

export const BASE = { mail_name: 'welcome', from: 'shop@example.com', to: 'jane.doe@example.com' };
export const INLINE = { subject: 'Hello', html: '<p>Hello</p>', from: 'shop@example.com', to: 'jane.doe@example.com' };

interface Totals {
  captured: number;
  logItems: number;
  sends: number;
}

/** The sends of one emulator, checked. */
export function sendValidation(emulator: () => { url: string; token: string; dbPath: string }) {
  const api = () => apiClient(emulator().url, emulator().token);

  const sendJson = (json: unknown, client: ApiClient = api()) => client.post(SEND, { json });
  const sendForm = (form: string) => api().post(SEND, { form });

  async function totals(client: ApiClient = api(), dbPath = emulator().dbPath): Promise<Totals> {
    const logItems = await client.get('/api/transactional-mails');
    const sends = await client.get('/api/sends');
    expect(logItems.status).toBe(200);
    expect(sends.status).toBe(200);
    return {
      captured: capturedMessages(dbPath).length,
      logItems: logItems.json().meta.total,
      sends: sends.json().meta.total,
    };
  }

  /** Runs a send that must be refused with exactly these errors, and checks nothing was captured or recorded. */
  async function expectRefused(
    action: () => Promise<RawResponse>,
    errors: Record<string, string[]>,
    where: { client?: ApiClient; dbPath?: string } = {},
  ): Promise<void> {
    const before = await totals(where.client, where.dbPath);
    const res = await action();
    expect(res.status, res.text).toBe(422);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(invalidBody(errors));
    // Key order is part of the bytes above; said once more for the reader.
    expect(Object.keys(res.json().errors)).toEqual(Object.keys(errors));
    expect(await totals(where.client, where.dbPath)).toEqual(before);
  }

  const refusedJson = (json: unknown, errors: Record<string, string[]>) => expectRefused(() => sendJson(json), errors);

  /** Runs a send that must be accepted and stored: 200 `{"uuid":"..."}`, one more capture, log item and Send. */
  async function expectStored(action: () => Promise<RawResponse>): Promise<string> {
    const before = await totals();
    const res = await action();
    expect(res.status, res.text).toBe(200);
    const uuid = res.json().uuid as string;
    expect(uuid).toMatch(UUID);
    expect(res.text).toBe(`{"uuid":"${uuid}"}`);
    expect(await totals()).toEqual({
      captured: before.captured + 1,
      logItems: before.logItems + 1,
      sends: before.sends + 1,
    });
    expect((await api().get(`/api/transactional-mails/${uuid}`)).status).toBe(200);
    return uuid;
  }

  const storedJson = (json: unknown) => expectStored(() => sendJson(json));

  async function lastParsed() {
    const message = lastCaptured(emulator().dbPath);
    if (message === undefined) throw new Error('nothing was captured');
    return { message, parsed: await parseMessage(message.raw) };
  }
  return { api, sendJson, sendForm, totals, expectRefused, refusedJson, expectStored, storedJson, lastParsed };
}
