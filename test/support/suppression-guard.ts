/**
 * Requests to an emulator's /api/suppressions that check what they changed, by the whole list before and after
 * (bad-input.test.ts, bad-input-urls.test.ts: the list stays under one page there).
 */
import { expect } from 'vitest';
import { rawRequest, type RawResponse } from './http.js';

export function suppressionGuard(server: () => { url: string; token: string }) {
  const url = () => server().url;
  const auth = () => ({ accept: 'application/json', authorization: `Bearer ${server().token}` });

  const get = (path: string) => rawRequest(url(), { path, headers: auth() });

  /** The whole suppression list (it stays under one page in this file). */
  async function listSuppressions(): Promise<RawResponse> {
    const res = await get('/api/suppressions');
    expect(res.status).toBe(200);
    expect(res.json().meta.last_page).toBe(1);
    return res;
  }

  /** Runs a request that must change nothing, and returns its response. */
  async function withoutChanges(action: () => Promise<RawResponse>): Promise<RawResponse> {
    const before = await listSuppressions();
    const res = await action();
    const after = await listSuppressions();
    expect(after.json().meta.total).toBe(before.json().meta.total);
    expect(after.text).toBe(before.text);
    return res;
  }

  return { url, AUTH: auth, get, listSuppressions, withoutChanges };
}
