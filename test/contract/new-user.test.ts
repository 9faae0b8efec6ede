/**
 * What a new user meets following the README with the bundled fixtures: the "Any other stack: HTTP" curl send
 * makes a mail without problems; `--ids sequential` gives what the user's requests create ...0001 onwards, the
 * fixtures counting in a sequence of their own; a `--clock fixed:` clock says it is frozen.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, useEmulator } from '../support/emulator-process.js';
import { apiClient } from '../support/http.js';

const BUNDLED_FIXTURES = join(ROOT, 'fixtures');
const FIXED_AT = '2025-06-01T12:00:00.000Z';

/** The JSON body of the README's curl send, as written there. */
function readmeCurlSend(): unknown {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const body = /"\$BASE\/api\/transactional-mails\/send"[\s\S]*?-d '([^']+)'/.exec(readme)?.[1];
  if (body === undefined) throw new Error('README.md has no curl send to /api/transactional-mails/send');
  return JSON.parse(body);
}

describe('with the bundled fixtures, sequential ids and a fixed clock', () => {
  const emulator = useEmulator({ fixtures: BUNDLED_FIXTURES, args: ['--clock', `fixed:${FIXED_AT}`] });
  const api = () => apiClient(emulator().url, emulator().token);

  it("captures the README's curl send with every replacement its template uses: no problem in its checks", async () => {
    const sent = await api().post('/api/transactional-mails/send', { json: readmeCurlSend() });
    expect(sent.status).toBe(200);
    const found = await api().get(
      `/_emulator/wait-for?query=${encodeURIComponent('to:jane@example.com subject:"Reset"')}&timeout_ms=10000`,
    );
    expect(found.status).toBe(200);
    const uuid = found.json().data[0].uuid as string;
    const checks = (await api().get(`/_emulator/messages/${uuid}/checks`)).json();
    expect(checks.issues.filter((issue: { severity: string }) => issue.severity === 'problem')).toEqual([]);
    expect(checks.summary.problems).toBe(0);
  });

  it('gives the rows the fixtures seed ids of their own sequence, so that the first row a request creates is ...0001', async () => {
    const templates = (await api().get('/api/transactional-mails/templates')).json().data as Array<{ uuid: string }>;
    expect(templates.map((t) => t.uuid).sort()).toEqual([
      '00000000-0000-4000-9000-000000000001',
      '00000000-0000-4000-9000-000000000002',
      '00000000-0000-4000-9000-000000000003',
    ]);
    await api().post('/_emulator/reset');
    const created = await api().post('/api/suppressions', { json: { email: 'first@new-user.test' } });
    expect(created.json().data.uuid).toBe('00000000-0000-4000-8000-000000000001');
    const again = (await api().get('/api/transactional-mails/templates')).json().data as Array<{ uuid: string }>;
    expect(again.map((t) => t.uuid).sort()).toEqual(templates.map((t) => t.uuid).sort());
  });

  it('reports a fixed clock as frozen, before and after an advance', async () => {
    expect((await api().get('/_emulator/clock')).json()).toEqual({ now: FIXED_AT, frozen: true });
    const advanced = await api().post('/_emulator/clock', { json: { advance_ms: 60_000 } });
    expect(advanced.json()).toEqual({ now: '2025-06-01T12:01:00.000Z', frozen: true });
  });
});
