/**
 * `--watch` (server/fixtures/watch.ts): a fixture template's file changed on disk is loaded again in the running
 * emulator; a broken file is reported with its file and line (log, GET /_emulator/fixtures, the event stream) and
 * the last good version stays in use.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, spawnEmulator, type SpawnedEmulator } from '../support/emulator-process.js';
import { apiClient, ok } from '../support/http.js';
import { waitUntil } from '../support/wait.js';

let dir: string;
let emulator: SpawnedEmulator;
const api = () => apiClient(emulator.url, emulator.token);
const status = async () => (await api().get('/_emulator/fixtures')).json();
const welcome = async () => (await api().get('/_emulator/templates/welcome')).json();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mce-watch-'));
  cpSync(join(ROOT, 'fixtures'), dir, { recursive: true });
  emulator = await spawnEmulator({ fixtures: dir, args: ['--watch'] });
});

afterAll(async () => {
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('--watch', () => {
  const bodyFile = () => join(dir, 'templates/welcome.mjml');

  it('says it watches the fixtures directory', async () => {
    expect(await status()).toEqual({ directory: dir, watching: true, problems: [], reloaded_at: null });
  });

  it('loads a changed body file, in the studio and for sends, and keeps templates edited through the API', async () => {
    ok(await api().patch('/_emulator/templates/order-confirmation', { json: { subject: 'Edited in the studio' } }));
    const before = await welcome();
    writeFileSync(
      bodyFile(),
      readFileSync(bodyFile(), 'utf8').replace('Welcome, ::first_name::!', 'Hello again, ::first_name::!'),
    );
    const after = await waitUntil(welcome, (template) => template.body.includes('Hello again'), {
      what: 'the changed welcome.mjml to be loaded',
    });
    expect(after).toMatchObject({
      uuid: before.uuid,
      origin: 'fixture',
      fixture_file: join(dir, 'templates/welcome.mjml'),
    });
    const rendered = (
      await api().post('/_emulator/templates/welcome/render', { json: { replacements: { first_name: 'Jane' } } })
    ).json();
    expect(rendered.html).toContain('Hello again, Jane!');
    expect((await status()).problems).toEqual([]);
    expect((await api().get('/_emulator/templates/order-confirmation')).json().subject).toBe('Edited in the studio');
    expect(emulator.output()).toContain('fixtures: reloaded (changed: welcome)');
  });

  it('reports a broken JSON file with its line, and keeps the last good version', async () => {
    const good = await welcome();
    const file = join(dir, 'templates.json');
    const original = readFileSync(file, 'utf8');
    writeFileSync(
      file,
      original.replace('"type": "mjml",', '"type": "mjml"').replace('Welcome to ::app_name::', 'Broken'),
    );
    const broken = await waitUntil(status, (s) => s.problems.length > 0, { what: 'the broken JSON to be reported' });
    expect(broken.problems).toEqual([
      { file: join(dir, 'templates.json'), line: 8, column: 7, message: expect.stringMatching(/^not valid JSON/) },
    ]);
    expect(broken.reloaded_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(emulator.output()).toContain(`${join(dir, 'templates.json')}:8:7: not valid JSON`);
    expect(await welcome()).toEqual(good);

    writeFileSync(file, original.replace('"type": "mjml",', '"type": "pug",'));
    const badField = await waitUntil(status, (s) => s.problems[0]?.message.startsWith('templates[0].type'), {
      what: 'the bad type to be reported',
    });
    expect(badField.problems[0]).toMatchObject({ line: 7, column: 15 });

    writeFileSync(file, original);
    await waitUntil(status, (s) => s.problems.length === 0, { what: 'the mended JSON to be loaded' });
    expect(await welcome()).toEqual(good);
  });

  it('reports an MJML tag left open in a body file, with its line, and keeps the last good version', async () => {
    const good = await welcome();
    const original = readFileSync(bodyFile(), 'utf8');
    const lines = original.split('\n');
    const textLine = lines.findIndex((line) => line.includes('</mj-text>'));
    lines[textLine] = (lines[textLine] as string).replace('</mj-text>', '</mj-tex>');
    writeFileSync(bodyFile(), lines.join('\n'));
    const broken = await waitUntil(status, (s) => s.problems.length > 0, { what: 'the open tag to be reported' });
    expect(broken.problems).toEqual([
      {
        file: join(dir, 'templates/welcome.mjml'),
        line: textLine + 1,
        column: (lines[textLine] as string).indexOf('</mj-tex>') + 1,
        message: `</mj-tex> closes nothing: <mj-text> (line ${textLine + 1}) is still open, and MJML takes everything up to the next </mj-text> as its content.`,
      },
    ]);
    expect(await welcome()).toEqual(good);
    writeFileSync(bodyFile(), original);
    await waitUntil(status, (s) => s.problems.length === 0, { what: 'the mended body to be loaded' });
  });
});
